"""How the mock refuses a request: an HTTP status and a JSON error body.

Every malformed request gets a 4xx JSON error ``{"type": "error", "error": {"type", "message", ...}}``:
Anthropic's envelope around OpenAI's ``error`` object, so both SDKs read it.

Example:
    >>> RequestError(404, "unknown_scenario", "no scenario 'x'").response().status
    404
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from aiohttp import web


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


_STATUS_KINDS = {400: "invalid_request_error", 401: "authentication_error", 404: "not_found_error",
                 405: "method_not_allowed", 409: "conflict", 413: "request_too_large", 422: "unprocessable_entity"}


def kind_for(status: int) -> str:
    """The error ``type`` an HTTP status gets when nothing more specific is known.

    >>> kind_for(413), kind_for(503)
    ('request_too_large', 'api_error')
    """
    return _STATUS_KINDS.get(status, "api_error" if status >= 500 else "invalid_request_error")


__all__ = ["EnvelopeError", "RequestError", "json_error", "kind_for"]
