"""The caller's messages in the upstream request: found in order, wherever the adapter put them.

An agent may put its own instructions in front of the caller's messages (pydantic-ai's system prompt
and instructions, LlamaIndex's agent prompt), or own the system prompt and replace the caller's
(the ``system_prompt: own`` POLICY). The upstream still receives everything the caller sent, in the
caller's order, so a request check on the message list compares the caller's messages as a
*subsequence* of the list sent: a check on ``/prompt`` (or ``/messages``) matches each expected
message to the next sent message it fits, and a check on ``/prompt/N/...`` is about the caller's
message ``N``, found at the first position after the caller's previous message where it holds.
A caller's message that holds nothing (:func:`holds_nothing`: no text, no part, no tool call) may be
left out: the provider reads the same prompt with or without it (VoltAgent drops it on purpose). A
finding names the caller's message that was not found.

Example:
    >>> sent = {"prompt": [{"role": "system", "content": "Agent."}, {"role": "user", "content": "Hi"}]}
    >>> order_findings([("/prompt", [{"role": "user", "content": "Hi"}])], sent, "caller")
    []
    >>> order_findings([("/prompt", [{"role": "user", "content": "Yo"}])], sent, "caller")
    ["the caller's message 0 (user) is not there, in order: /prompt/1 differs at /content"]
    >>> order_findings([("/prompt", [{"role": "user", "content": "Hi"}, {"role": "user", "content": ""}])], sent, "x")
    []
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["MESSAGE_ROWS", "SYSTEM_ROLES", "ListMatch", "content_text", "holds_nothing", "match_list",
           "message_list_path", "shift"]

# The rows whose checks are about the caller's messages (their conversion), not about positions the
# adapter chose: a check on another row (structured.instruction: the schema's own system message first)
# keeps its position.
MESSAGE_ROWS = frozenset({"request.prompt", "request.tool-history", "request.media"})
SYSTEM_ROLES = frozenset({"system", "developer"})
_LIST_PATH = re.compile(r"^/(prompt|messages)(?:/(\d+)(/.*)?)?$")

# A test of one expected message against one sent message: None when it holds, else where it differs.
Matcher = Callable[[Any, Any], "str | None"]


def message_list_path(path: str) -> tuple[str, int | None, str] | None:
    """``(list pointer, caller index or None, rest)`` for a pointer into a message list, else None.

    >>> message_list_path("/prompt/3/content/0"), message_list_path("/messages"), message_list_path("/tools")
    (('/prompt', 3, '/content/0'), ('/messages', None, ''), None)
    """
    m = _LIST_PATH.match(path)
    if m is None:
        return None
    return f"/{m.group(1)}", None if m.group(2) is None else int(m.group(2)), m.group(3) or ""


def shift(path: str, position: int) -> str:
    """``path`` pointing at the sent message ``position`` instead of the caller's index.

    >>> shift("/prompt/1/content/0", 2)
    '/prompt/2/content/0'
    """
    parsed = message_list_path(path)
    assert parsed is not None and parsed[1] is not None, path
    return f"{parsed[0]}/{position}{parsed[2]}"


class ListMatch:
    """The sent message list, matched in order to the caller's messages one at a time.

    ``own_system``: the adapter declared it owns the system prompt, so the caller's system messages
    need not be there (they are skipped, wherever they were).
    """

    def __init__(self, list_path: str, sent: Sequence[Any], own_system: bool) -> None:
        self.list_path, self.sent, self.own_system = list_path, list(sent), own_system
        self.after = -1  # the sent position of the caller's previous message

    def find(self, holds: Callable[[int], bool]) -> int | None:
        """The first sent position after the previous caller message where ``holds``; it becomes the previous."""
        for position in range(self.after + 1, len(self.sent)):
            if holds(position):
                self.after = position
                return position
        return None

    def missing(self, index: int, role: Any, why: str | None) -> str:
        """The message naming the caller's message ``index`` that was not found."""
        said = f" ({role})" if isinstance(role, str) else ""
        where = f": {why}" if why else ""
        return f"the caller's message {index}{said} is not there, in order{where}"

    def nearest(self, expected: Any, differs: Matcher) -> str | None:
        """Where the next sent message of the expected one's role (else the next one) differs from it."""
        role = expected.get("role") if isinstance(expected, dict) else None
        rest = range(self.after + 1, len(self.sent))
        position = next((p for p in rest if _role(self.sent[p]) == role), next(iter(rest), None))
        if position is None:
            return "no message left after the previous one" if self.after >= 0 else "no messages"
        return f"{self.list_path}/{position} differs at {differs(expected, self.sent[position]) or '/'}"


def content_text(content: Any) -> str:
    """The text of a caller's message ``content``: the string, or its text parts joined (others hold none).

    >>> parts = [{"type": "text", "text": "a"}, {"type": "image"}, {"type": "text", "text": "b"}]
    >>> content_text("hi"), content_text(parts)
    ('hi', 'ab')
    """
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text")
    return ""


def holds_nothing(message: Any) -> bool:
    """Whether an expected message is a role and a content that holds nothing: null, ``""``, no parts, or only
    empty text parts (an expected message without a ``content`` key says nothing of its content).

    Such a message adds nothing the model reads, so an adapter may leave it out (VoltAgent's
    ``sanitizeMessageForModel``, @voltagent/core 2.10.0 dist/index.mjs:28430, returns null for a message
    with no non-empty part); one with a tool call, a tool call id or any other part is a message.

    >>> holds_nothing({"role": "user", "content": [{"type": "text", "text": ""}]}), holds_nothing({"role": "user"})
    (True, False)
    >>> holds_nothing({"role": "user", "content": " "}), holds_nothing({"role": "assistant", "content": None,
    ...                                                              "tool_calls": [{"id": "c1"}]})
    (False, False)
    """
    if not isinstance(message, dict) or message.keys() != {"role", "content"} or not isinstance(message["role"], str):
        return False
    content = message.get("content")
    if content is None or content == "":
        return True
    return isinstance(content, list) and all(
        isinstance(p, dict) and p.keys() == {"type", "text"} and p["type"] == "text" and p["text"] == ""
        for p in content)


def _role(message: Any) -> Any:
    return message.get("role") if isinstance(message, dict) else None


def match_list(list_path: str, expected: Sequence[Any], sent: Any, differs: Matcher, own_system: bool) -> str | None:
    """Why the caller's ``expected`` messages are not a subsequence of ``sent`` (None when they are)."""
    if not isinstance(sent, list):
        return f"the upstream request {list_path} is not a message list"
    match = ListMatch(list_path, sent, own_system)
    for index, message in enumerate(expected):
        if own_system and _role(message) in SYSTEM_ROLES:
            continue  # the adapter owns the system prompt: the caller's may be replaced
        if match.find(_fits(message, match.sent, differs)) is None and not holds_nothing(message):
            return match.missing(index, _role(message), match.nearest(message, differs))
    return None


def _fits(message: Any, sent: Sequence[Any], differs: Matcher) -> Callable[[int], bool]:
    """Whether the sent message at a position is the caller's ``message``."""
    return lambda position: differs(message, sent[position]) is None


def order_findings(checks: Sequence[tuple[str, Any]], request: Any, system_prompt: str) -> list[str]:
    """The messages of :func:`match_list` for whole-list ``(path, expected)`` checks (plain equality; a doctest aid).

    >>> order_findings([("/prompt", [{"role": "system"}, {"role": "user"}])], {"prompt": [{"role": "user"}]}, "own")
    []
    """
    out = []
    for path, expected in checks:
        why = match_list(path, expected, request.get(path[1:]), lambda e, a: None if e == a else "/content",
                         system_prompt == "own")
        if why is not None:
            out.append(why)
    return out
