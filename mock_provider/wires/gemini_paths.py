"""Where the Gemini wire is served besides the Gemini API's own paths: Vertex AI's paths to the same methods.

Vertex AI serves the same GenerateContent methods (the same request and ``GenerateContentResponse`` stream) at its
own paths: ``projects.locations.publishers.models.{streamGenerateContent,generateContent}``, ``POST /v1/{model}:...``
with model = ``projects/{project}/locations/{location}/publishers/*/models/*`` (Vertex AI's REST reference, at v1 and
v1beta1), and in express mode (an API key, no project or location) ``POST /v1/publishers/google/models/{model}:...``
(its express-mode REST reference, v1 and v1beta1). @ai-sdk/google-vertex 5.0.141 asks for
``/v1beta1/projects/{project}/locations/{location}/publishers/google`` (dist/index.js:1847) or, in express mode,
``/v1/publishers/google`` (:1791); google-genai 3.6.1 (``vertexai=True``) for the same at v1beta1.

Example:
    >>> VERTEX_PREFIXES[:2]
    ('/v1/projects/{project}/locations/{location}/publishers/google/', '/v1/publishers/google/')
"""

from __future__ import annotations

# Each in place of the Gemini API's version segment (`/v1beta/models/{model}:...`); the project and location
# match any one path segment and change nothing in the answer.
VERTEX_PREFIXES: tuple[str, ...] = tuple(f"/{version}/{scope}publishers/google/" for version in ("v1", "v1beta1")
                                         for scope in ("projects/{project}/locations/{location}/", ""))
