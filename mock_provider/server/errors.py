"""How the mock refuses a request: an HTTP status and a JSON error body.

Every malformed request gets a 4xx JSON error ``{"type": "error", "error": {"type", "message", ...}}``:
Anthropic's envelope around OpenAI's ``error`` object, so both SDKs read it. On the Gemini routes it
is Google's envelope, ``{"error": {"code": <int>, "message", "status"}}``, which google-genai reads
(:meth:`RequestError.for_gemini`).

Example:
    >>> RequestError(404, "unknown_scenario", "no scenario 'x'").response().status
    404
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from aiohttp import web

from mock_provider.servers import error_body


class RequestError(Exception):
    """A request the mock refuses, as an HTTP status and a JSON error body.

    >>> e = RequestError(400, "invalid_request_error", "messages must be a list", param="messages")
    >>> e.status, e.body()["error"]["param"]
    (400, 'messages')
    """

    def __init__(self, status: int, kind: str, message: str, **extra: Any) -> None:
        self.status, self.kind, self.message, self.extra = status, kind, message, extra
        super().__init__(message)

    def body(self) -> dict[str, Any]:
        """The JSON body: Anthropic's envelope (``type: error``) around OpenAI's ``error`` object."""
        return {"type": "error", "error": {"type": self.kind, "message": self.message, **self.extra}}

    def response(self, headers: Mapping[str, str] | None = None) -> web.Response:
        """The error as an aiohttp response."""
        return json_error(self.status, self.body(), headers)

    def for_gemini(self) -> RequestError:
        """The same refusal in Google's error envelope (google-genai's ``APIError`` reads ``code``,
        ``message`` and ``status``); what the mock adds goes in an ``ErrorInfo`` detail.

        >>> e = RequestError(404, "unknown_scenario", "no scenario 'x'", closest=["a.b"]).for_gemini().body()
        >>> e["error"]["code"], e["error"]["status"], e["error"]["details"][0]["metadata"]
        (404, 'NOT_FOUND', {'closest': '["a.b"]'})
        """
        if isinstance(self, EnvelopeError):
            return self
        info = {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": self.kind, "domain": "mock-provider",
                "metadata": {k: v if isinstance(v, str) else json.dumps(v) for k, v in self.extra.items()}}
        return EnvelopeError(self.status, self.message, {"error": {
            "code": self.status, "message": self.message, "status": google_status(self.status), "details": [info]}})


    def for_server(self, server: str | None) -> RequestError:
        """The same refusal in a Chat Completions server's own error body (:func:`mock_provider.servers.error_body`;
        OpenAI's, this one, when the server has none of its own).

        >>> e = RequestError(400, "invalid_request_error", "no turn 3").for_server("mistral").body()
        >>> e["object"], e["message"], RequestError(400, "x", "y").for_server(None).body()["error"]["message"]
        ('error', 'no turn 3', 'y')
        """
        body = error_body(server, self.kind, self.message, self.extra.get("param"), self.status)
        return self if body is None else EnvelopeError(self.status, self.message, body)


class EnvelopeError(RequestError):
    """A refusal in one API's own error envelope (a request past the scenario's last turn): the
    body is given whole, e.g. Google's ``{"error": {code, message, status}}`` for Gemini.

    >>> EnvelopeError(400, "too far", {"error": {"code": 400, "message": "too far"}}).body()["error"]["code"]
    400
    """

    def __init__(self, status: int, message: str, body: dict[str, Any]) -> None:
        super().__init__(status, kind_for(status), message)
        self._body = body

    def body(self) -> dict[str, Any]:
        """The envelope as given."""
        return self._body


def json_error(status: int, body: dict[str, Any], headers: Mapping[str, str] | None = None) -> web.Response:
    """A JSON response; ``ensure_ascii`` keeps lone surrogates from client input encodable.

    >>> json_error(404, {"error": {"type": "not_found", "message": "x"}}).status
    404
    """
    return web.Response(status=status, body=json.dumps(body).encode(), headers=headers,
                        content_type="application/json")


# google.rpc.Code names for the HTTP statuses the mock answers (Google's HTTP mapping).
_GOOGLE_STATUS = {400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND",
                  409: "ABORTED", 413: "INVALID_ARGUMENT", 422: "INVALID_ARGUMENT", 429: "RESOURCE_EXHAUSTED",
                  499: "CANCELLED", 500: "INTERNAL", 501: "UNIMPLEMENTED", 503: "UNAVAILABLE", 504: "DEADLINE_EXCEEDED"}


def google_status(status: int) -> str:
    """The ``status`` string of Google's error envelope for an HTTP status.

    >>> google_status(404), google_status(405), google_status(507)
    ('NOT_FOUND', 'FAILED_PRECONDITION', 'INTERNAL')
    """
    return _GOOGLE_STATUS.get(status, "INTERNAL" if status >= 500 else "FAILED_PRECONDITION")


_STATUS_KINDS = {400: "invalid_request_error", 401: "authentication_error", 404: "not_found_error",
                 405: "method_not_allowed", 409: "conflict", 413: "request_too_large", 422: "unprocessable_entity"}


def kind_for(status: int) -> str:
    """The error ``type`` an HTTP status gets when nothing more specific is known.

    >>> kind_for(413), kind_for(503)
    ('request_too_large', 'api_error')
    """
    return _STATUS_KINDS.get(status, "api_error" if status >= 500 else "invalid_request_error")


__all__ = ["EnvelopeError", "RequestError", "google_status", "json_error", "kind_for"]
