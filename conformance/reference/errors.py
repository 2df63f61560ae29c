"""Upstream errors of the reference interpreter (rows 17, 20, 21): message and code of error parts and
of raised exceptions.

>>> ErrorsMixin().error_message({"error": {"message": "overloaded"}})
'overloaded'
"""

from __future__ import annotations

from typing import Any

from conformance.reference.base import AdapterBase
from conformance.reference.values import Part, dig, finite_number, js_stringify
from mock_provider.abort import AbortError

__all__ = ["ErrorsMixin"]


class ErrorsMixin(AdapterBase):
    """How an error part or a raised exception becomes ``RUN_ERROR{message, code}``.

    >>> ErrorsMixin().error_code({"statusCode": 503})
    '503'
    """

    def error_message(self, error: Any) -> str:
        """Row 17: ``error.message ?? String(error)``."""
        if isinstance(error, str) and error:
            return error
        if isinstance(error, dict):
            for candidate in (error.get("message"), dig(error, "error", "message")):
                if isinstance(candidate, str) and candidate:
                    return candidate
            return js_stringify(error)
        if isinstance(error, BaseException):
            return self.exception_message(error)
        return "Unknown upstream error" if error is None else js_stringify(error)

    def error_code(self, error: Any) -> str | None:
        """Row 17/21: ``code``, else the HTTP status as a string."""
        if not isinstance(error, dict):
            return None
        for candidate in (
            error.get("code"),
            error.get("statusCode"),
            error.get("status"),
            dig(error, "error", "code"),
        ):
            if isinstance(candidate, str) and candidate:
                return candidate
            if finite_number(candidate) is not None:
                return str(candidate)
        return None

    def exception_message(self, exc: BaseException) -> str:
        """A raised error's message (``APICallError.message``, else ``str(exc)``)."""
        message = getattr(exc, "message", None)
        if isinstance(message, str) and message:
            return message
        return str(exc) or type(exc).__name__

    def exception_code(self, exc: BaseException) -> str | None:
        """Row 21: TanStack's ``code`` = the error's ``.code``, else the HTTP status as a string."""
        code = getattr(exc, "code", None)
        if isinstance(code, str) and code:
            return code
        status = getattr(exc, "status_code", None)
        if finite_number(status) is not None:
            return str(status)
        return None

    def is_abort_exception(self, exc: BaseException) -> bool:
        """An upstream abort (DOM ``AbortError`` stand-in)."""
        return isinstance(exc, AbortError)

    def on_error_part(self, part: Part) -> None:
        """Row 17 POLICY fatal: the first error part ends the run; the driver then stops."""
        error = part.get("error")
        self.fail_run(self.error_message(error), self.error_code(error))
