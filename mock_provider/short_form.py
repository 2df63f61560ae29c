"""Scenarios anyone can write in five lines: the short form of a user's scenario file.

The built-in corpus (``fixtures/scenarios``) keeps the strict schema: every file states its rows,
its citations and the transcript a client must see. A user's scenario (a ``--scenarios``
directory, ``mock-provider validate`` of a file outside the corpus, a scenario posted to a
running server) may leave out what the kit can derive:

* ``id`` (default: the file name, ``user.<name>`` when the name has no dot), ``title`` (the id),
  ``rows`` (from the parts the script uses), ``citations``, ``request`` (a user message taken
  from ``match.last_user_contains``, the tools the calls name) and ``expected`` (the transcript
  derived from the script, :mod:`mock_provider.derive`);
* ``script``, given as shorthand instead: ``reply: "text"``, ``reasoning: "text"``,
  ``tool_call: {name, args}`` (or a list under ``tool_calls``), ``fail: {status, retry_after}``
  (alone: the answer is that HTTP error; with a reply: the first attempt fails, the retry gets the
  reply), ``usage: {input_tokens, output_tokens}`` (default 10 and 10: every wire reports usage);
* ``stateless: true`` unless it has ``turns``: a matched reply answers whatever turn the
  conversation is at, as other mock servers' fixtures do.

Example (a whole scenario file)::

    match: {last_user_contains: weather}
    tool_call: {name: get_weather, args: {city: Paris}}

>>> data = expand({"match": {"last_user_contains": "hi"}, "reply": "Hello!"}, "user.hello")
>>> data["id"], [s["part"]["type"] for s in data["script"]][1:4], data["request"]["messages"]
('user.hello', ['text-start', 'text-delta', 'text-end'], [{'role': 'user', 'content': 'hi'}])
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mock_provider.scenario_steps import SCENARIO_ID

SHORT_KEYS = ("reply", "reasoning", "tool_call", "tool_calls", "fail", "usage")
USER_CITATION = {"kind": "test", "ref": "user scenario (short form): rows and transcript derived from the script"}


class _S(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class ShortToolCall(_S):
    """``tool_call: {name, args}``: one complete client tool call."""

    name: str = Field(min_length=1)
    args: dict[str, Any] = Field(default_factory=dict)
    id: str | None = Field(default=None, min_length=1)


class ShortFail(_S):
    """``fail: {status, retry_after}``: the provider answers with this HTTP error."""

    status: int = Field(ge=400, le=599)
    retry_after: float | None = Field(default=None, ge=0)
    message: str | None = None


class ShortUsage(_S):
    """``usage: {input_tokens, output_tokens}``: what the finish reports (default 10 and 10)."""

    input_tokens: int = Field(default=10, ge=0)
    output_tokens: int = Field(default=10, ge=0)


class ShortForm(_S):
    """The shorthand keys of a user scenario (everything else is the full schema)."""

    reply: str | None = None
    usage: ShortUsage | None = None
    reasoning: str | None = None
    tool_call: ShortToolCall | None = None
    tool_calls: list[ShortToolCall] | None = None
    fail: ShortFail | None = None


def default_id(stem: str) -> str:
    """The id a file without one gets: its name when that is an id, else ``user.<name>``.

    >>> default_id("weather.paris.001"), default_id("My Weather"), default_id("")
    ('weather.paris.001', 'user.my-weather', 'user.scenario')
    """
    if SCENARIO_ID.match(stem):
        return stem
    slug = re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-") or "scenario"
    return f"user.{slug}"


def document_id(data: dict[str, Any]) -> str:
    """A stable id for a posted document without one: ``user.<hash of the document>``.

    >>> document_id({"reply": "hi"}) == document_id({"reply": "hi"})
    True
    """
    digest = hashlib.sha1(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:10]
    return f"user.{digest}"


def is_short(data: dict[str, Any]) -> bool:
    """Whether a document uses the shorthand or leaves out a field the short form derives."""
    return any(k in data for k in SHORT_KEYS) or not all(
        k in data for k in ("id", "title", "rows", "citations", "request", "expected"))


def shorthand_errors(data: dict[str, Any]) -> ValidationError | None:
    """The shorthand keys' own validation errors (locations are document keys), or None."""
    try:
        ShortForm.model_validate({k: data[k] for k in SHORT_KEYS if k in data})
    except ValidationError as exc:
        return exc
    return None


def _calls(short: ShortForm) -> list[ShortToolCall]:
    return [*([short.tool_call] if short.tool_call else []), *(short.tool_calls or [])]


def _answer_steps(short: ShortForm) -> list[dict[str, Any]]:
    """The script of a shorthand answer: reasoning, text, then the calls, then the finish."""
    parts: list[dict[str, Any]] = [{"type": "stream-start", "warnings": []}]
    if short.reasoning is not None:
        parts += [{"type": "reasoning-start", "id": "rs-0"},
                  {"type": "reasoning-delta", "id": "rs-0", "delta": short.reasoning},
                  {"type": "reasoning-end", "id": "rs-0"}]
    if short.reply is not None:
        parts += [{"type": "text-start", "id": "txt-0"}, {"type": "text-delta", "id": "txt-0", "delta": short.reply},
                  {"type": "text-end", "id": "txt-0"}]
    calls = _calls(short)
    for n, call in enumerate(calls):
        call_id = call.id or f"call_{n}"
        args = json.dumps(call.args, ensure_ascii=False)
        parts += [{"type": "tool-input-start", "id": call_id, "toolName": call.name},
                  {"type": "tool-input-delta", "id": call_id, "delta": args},
                  {"type": "tool-input-end", "id": call_id},
                  {"type": "tool-call", "toolCallId": call_id, "toolName": call.name, "input": args}]
    reason = "tool-calls" if calls else "stop"
    raw = "tool_calls" if calls else "stop"
    usage = short.usage or ShortUsage()  # every wire reports usage (Messages always does)
    parts.append({"type": "finish", "finishReason": {"unified": reason, "raw": raw},
                  "usage": {"inputTokens": {"total": usage.input_tokens},
                            "outputTokens": {"total": usage.output_tokens}}})
    return [{"part": p} for p in parts]


def _fault(fail: ShortFail) -> dict[str, Any]:
    fault: dict[str, Any] = {"kind": "http_status", "status": fail.status}
    if fail.message is not None:
        fault["body"] = {"error": {"message": fail.message, "type": "mock_error"}}
    if fail.retry_after is not None:
        fault["headers"] = {"Retry-After": f"{fail.retry_after:g}"}
    return fault


def expand(data: dict[str, Any], fallback_id: str) -> dict[str, Any]:
    """The full-schema document of a short-form one (``expected`` still absent when not given:
    :func:`mock_provider.scenario.parse_scenario_text` derives it once the script validated).

    Shorthand keys that do not validate are left for :func:`shorthand_errors` to report; the
    rest of the document is filled in so that its own errors are reported in the same pass.
    """
    out = {k: v for k, v in data.items() if k not in SHORT_KEYS}
    out.setdefault("id", fallback_id)
    out.setdefault("title", str(out["id"]))
    out.setdefault("citations", [USER_CITATION])
    if "turns" not in out:
        out.setdefault("stateless", True)  # a matched reply answers whatever the conversation holds
    try:
        short = ShortForm.model_validate({k: data[k] for k in SHORT_KEYS if k in data})
    except ValidationError:
        short = ShortForm()
    answer = short.reply is not None or short.reasoning is not None or bool(_calls(short))
    if "script" not in out:
        if answer:
            out["script"] = _answer_steps(short)
            if short.fail is not None:
                out.setdefault("failed_attempts", [_fault(short.fail)])
        elif short.fail is not None:
            out["script"] = [{"fault": _fault(short.fail)}]
    if "request" not in out:
        match = out.get("match") if isinstance(out.get("match"), dict) else {}
        said = match.get("last_user_contains") if isinstance(match, dict) else None
        content = said if isinstance(said, str) else "Hello"
        request: dict[str, Any] = {"messages": [{"role": "user", "content": content}]}
        names = list(dict.fromkeys(c.name for c in _calls(short)))
        if names:
            request["tools"] = [{"name": n} for n in names]
        out["request"] = request
    return out


__all__ = ["SHORT_KEYS", "ShortFail", "ShortForm", "ShortToolCall", "default_id", "document_id", "expand",
           "is_short", "shorthand_errors"]
