"""Tool call ids a client may rename for its server: Mistral's, which takes ids of 9 ASCII alphanumerics.

A Chat Completions tool call id only pairs a call with its result. Mistral's chat template uses ids of exactly 9
alphanumerics and a model that validates them rejects any other with a 400, so a Mistral client may send the
caller's ``call_1`` as ``RksXkbv4v``, the call and its result alike (pydantic-ai-slim 2.68.0
pydantic_ai/profiles/mistral.py:7-13 ``tool_call_id_length=9``; models/__init__.py ``_fit_tool_call_ids`` maps every
id that does not fit through one hash). The upstream then gets the same conversation. The request checks read such
a request with the ids renamed back (:func:`renamed_back`): one-to-one, in the order the ids first appear, and only
into Mistral's form, so a result sent under another call's id, or a call left out, still fails.

Example:
    >>> sent = {"messages": [{"role": "assistant", "tool_calls": [{"id": "RksXkbv4v"}]},
    ...                      {"role": "tool", "tool_call_id": "RksXkbv4v"}]}
    >>> renamed_back(sent, [[{"role": "tool", "tool_call_id": "call_1"}]], "mistral")["messages"][1]
    {'role': 'tool', 'tool_call_id': 'call_1'}
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator, Sequence
from typing import Any

from mock_provider.servers import vendor_of

# Mistral's tool call id: exactly 9 ASCII alphanumerics (pydantic-ai-slim 2.68.0 profiles/mistral.py:7-13).
_MISTRAL_ID = re.compile(r"[A-Za-z0-9]{9}")
# The servers whose clients may rename tool call ids, with the form they rename them into.
_ID_FORMS = {"mistral": _MISTRAL_ID}


def _message_ids(messages: Any) -> Iterator[str]:
    """The tool call ids of Chat Completions messages (one message or a list), in document order."""
    for message in messages if isinstance(messages, list) else [messages]:
        if not isinstance(message, dict):
            continue
        for call in message.get("tool_calls") or []:
            if isinstance(call, dict) and isinstance(call.get("id"), str):
                yield call["id"]
        if isinstance(message.get("tool_call_id"), str):
            yield message["tool_call_id"]


def _first_appearances(ids: Iterator[str]) -> list[str]:
    return list(dict.fromkeys(ids))


def _rename(messages: list[Any], mapping: dict[str, str]) -> None:
    for message in messages:
        if not isinstance(message, dict):
            continue
        for call in message.get("tool_calls") or []:
            if isinstance(call, dict) and call.get("id") in mapping:
                call["id"] = mapping[call["id"]]
        if message.get("tool_call_id") in mapping:
            message["tool_call_id"] = mapping[message["tool_call_id"]]


def renamed_back(request: Any, expected: Sequence[Any], server: str | None) -> Any:
    """``request`` with the tool call ids its client renamed for ``server`` read back as ``expected`` names them.

    ``expected`` is what the checks expect of the sent ``messages``, in message order (whole lists or single
    messages). The renaming is undone only when it is one-to-one in the order the ids first appear, the sent and
    the expected ids are as many, and every id that differs has the server's form; otherwise ``request`` is
    returned as it is, and the checks see the ids as sent.

    >>> sent = {"messages": [{"role": "tool", "tool_call_id": "call-one"}]}
    >>> renamed_back(sent, [{"role": "tool", "tool_call_id": "call_1"}], "mistral") is sent  # not Mistral's form
    True
    >>> renamed_back(sent, [{"role": "tool", "tool_call_id": "call_1"}], None) is sent
    True
    >>> renamed_back({"messages": [{"role": "tool", "tool_call_id": "RksXkbv4v"}]},
    ...              [{"role": "tool", "tool_call_id": "call_1"}], "mistral-own")["messages"]  # Mistral's server too
    [{'role': 'tool', 'tool_call_id': 'call_1'}]
    """
    form = _ID_FORMS.get(vendor_of(server) or "")
    messages = request.get("messages") if isinstance(request, dict) else None
    if form is None or not isinstance(messages, list):
        return request
    sent = _first_appearances(_message_ids(messages))
    wanted = _first_appearances(i for doc in expected for i in _message_ids(doc))
    if len(sent) != len(wanted) or sent == wanted:
        return request
    mapping = dict(zip(sent, wanted, strict=True))
    if any(new != old and not form.fullmatch(new) for new, old in mapping.items()):
        return request
    copied = copy.deepcopy(request)
    _rename(copied["messages"], mapping)
    return copied


__all__ = ["renamed_back"]
