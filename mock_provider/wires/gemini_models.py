"""The Gemini API's ``models.get``: the model's metadata, which some clients read before they stream.

``GET /v1beta/models/{model}`` (and the stable ``/v1/models/{model}``) answers a ``Model`` resource (the Gemini API's
REST reference, ai.google.dev/api/models#method:-models.get): its ``name`` (``models/{model}``), ``version``,
``displayName``, ``inputTokenLimit``, ``outputTokenLimit`` and ``supportedGenerationMethods``. llama-index's
``GoogleGenAI`` calls it when it is built without both ``max_tokens`` and ``context_window``
(llama-index-llms-google-genai 0.11.3 llama_index/llms/google_genai/base.py:262-264), as its README builds it, to
learn the context window and output limit; without this route such an app cannot start against the mock.

The limits are those Google publishes for its current Gemini models (1,048,576 input and 65,536 output tokens,
ai.google.dev/gemini-api/docs/models); the mock's models are scenario names, so every name gets the same answer.
Not a model call: it picks no scenario and is not in the request log.

Example:
    >>> model_resource("scenario:text.basic.001")["name"]
    'models/scenario:text.basic.001'
    >>> import re; name = re.compile(MODEL_NAME)
    >>> [bool(name.fullmatch(m)) for m in ("gemini-2.5-flash", "scenario:text.basic.001", "g:countTokens")]
    [True, True, False]
"""

from __future__ import annotations

from typing import Any

# A model name, not a model's method path (`{model}:countTokens`, `{model}:streamGenerateContent`: a last `:` part of
# letters only): such a path keeps the answer it had without this route (404 for a method the mock does not serve,
# 405 for a GET of one it serves), since aiohttp answers 405 for any path a route of another method matches. The
# mock's names `scenario:<id>` end in a dotted id, so they are names.
MODEL_NAME = r"(?![^/]*:[A-Za-z]+$)[^/]+"
# The paths of models.get: the Gemini API's two versions (Vertex AI's publisher models are another resource).
MODEL_GET_ROUTES: tuple[str, ...] = tuple(f"/{version}/models/{{model:{MODEL_NAME}}}" for version in ("v1beta", "v1"))
INPUT_TOKEN_LIMIT = 1_048_576
OUTPUT_TOKEN_LIMIT = 65_536


def model_resource(model: str) -> dict[str, Any]:
    """The ``Model`` resource models.get answers for ``model`` (the path segment, without ``models/``).

    Example:
        >>> sorted(model_resource("gemini-3-flash-preview"))[:3]
        ['description', 'displayName', 'inputTokenLimit']
    """
    return {"name": f"models/{model}", "version": "001", "displayName": model,
            "description": "A scripted model of the conformance kit's mock provider.",
            "inputTokenLimit": INPUT_TOKEN_LIMIT, "outputTokenLimit": OUTPUT_TOKEN_LIMIT,
            "supportedGenerationMethods": ["generateContent", "countTokens"]}


__all__ = ["INPUT_TOKEN_LIMIT", "MODEL_GET_ROUTES", "MODEL_NAME", "OUTPUT_TOKEN_LIMIT", "model_resource"]
