"""Metamorphic rewrites of an adapter's output: streams the official consumer reads the same, and ones it does not.

A :class:`Rewrite` is a pure function from one output stream (a list of events) to another, or
None where it does not apply (a stream without a tool call cannot have two calls merged). Each has
a name, the output protocols it is written for, and its kind: ``equal`` (the protocol's official
consumer shows the same state for both streams, which ``tests/test_metamorphic.py`` proves in Node
for every stream it is applied to) or ``harmful`` (the consumer shows something else: a dropped
delta, an input the model never sent, two calls shown as one). Equal in, equal out: an equal
rewrite may not make a verdict worse; a harmful one must.

Each output event keeps the upstream facts of the event it came from (its position, its turn):
the input events carry their index under :data:`ORIGIN`, copies made with ``{**event, ...}`` keep
it, and an inserted event takes the one of the event before it (:func:`origins`).

Example:
    >>> per_char = REWRITES["ag-ui"]["agui.delta-per-char"]
    >>> s = [{"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "ab"}]
    >>> [e["delta"] for e in per_char.apply(tag(s))]
    ['a', 'b']
    >>> per_char.apply(tag([{"type": "RUN_STARTED"}])) is None  # nothing to split
    True
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

Event = dict[str, Any]
Stream = list[Event]
ORIGIN = "__metamorphic_origin__"
AGUI, TANSTACK, UMS, LEGACY = "ag-ui", "tanstack", "ui-message-stream", "tanstack-legacy"
TERMINALS = ("RUN_FINISHED", "RUN_ERROR")
TEXT_KEYS = {"TEXT_MESSAGE_CONTENT", "REASONING_MESSAGE_CONTENT", "TOOL_CALL_ARGS"}


@dataclass(frozen=True)
class Rewrite:
    """One rewrite: ``apply(events)`` is the rewritten stream, or None where the rewrite does not apply."""

    name: str
    kind: Literal["equal", "harmful"]
    apply: Callable[[Stream], Stream | None]
    why: str


def tag(events: Sequence[Any]) -> Stream:
    """The events as copies carrying their index (non-objects are not rewritten: a stream with one is skipped)."""
    return [{**e, ORIGIN: i} for i, e in enumerate(events)]


def untag(events: Stream) -> Stream:
    """The events without the origin key."""
    return [{k: v for k, v in e.items() if k != ORIGIN} for e in events]


def origins(events: Stream) -> list[int]:
    """The index of the input event each output event came from (an inserted one: the event before it's)."""
    out: list[int] = []
    for e in events:
        origin = e.get(ORIGIN)
        out.append(origin if isinstance(origin, int) else (out[-1] if out else -1))
    first = next((o for o in out if o >= 0), 0)
    return [first if o < 0 else o for o in out]


def _changed(before: Stream, after: Stream) -> Stream | None:
    return None if untag(after) == untag(before) else after


def _terminal_index(events: Stream) -> int:
    return next((i for i, e in enumerate(events) if e.get("type") in TERMINALS), len(events))


def _insert_inside_run(extra_start: list[Event], extra_end: list[Event]) -> Callable[[Stream], Stream | None]:
    """After RUN_STARTED and before the terminal (a run without RUN_STARTED is left alone)."""

    def apply(events: Stream) -> Stream | None:
        if not events or events[0].get("type") != "RUN_STARTED":
            return None
        end = _terminal_index(events)
        return events[:1] + [dict(e) for e in extra_start] + events[1:end] + [dict(e) for e in extra_end] + events[end:]

    return apply


def _split_deltas(types: set[str], field: str = "delta",
                  accumulate: str | None = None) -> Callable[[Stream], Stream | None]:
    """Every delta of these types sent one character at a time (``accumulate``: a running-total field kept true)."""

    def apply(events: Stream) -> Stream | None:
        out: Stream = []
        totals: dict[Any, str] = {}
        for e in events:
            delta = e.get(field)
            if e.get("type") not in types or not isinstance(delta, str) or len(delta) < 2:
                if accumulate and e.get("type") in types and isinstance(delta, str):
                    totals[_entity(e)] = totals.get(_entity(e), "") + delta
                out.append(e)
                continue
            for ch in delta:
                piece = {**e, field: ch}
                if accumulate and accumulate in e:
                    totals[_entity(e)] = totals.get(_entity(e), "") + ch
                    piece[accumulate] = totals[_entity(e)]
                out.append(piece)
        return _changed(events, out)

    return apply


def _merge_deltas(types: set[str], field: str = "delta",
                  accumulate: str | None = None) -> Callable[[Stream], Stream | None]:
    """Adjacent deltas of one entity sent as one (the merged event keeps the first one's origin)."""

    def apply(events: Stream) -> Stream | None:
        out: Stream = []
        for e in events:
            prev = out[-1] if out else None
            if (prev is not None and e.get("type") in types and prev.get("type") == e.get("type")
                    and _entity(prev) == _entity(e) and isinstance(prev.get(field), str)
                    and isinstance(e.get(field), str) and set(prev) - {field, accumulate, ORIGIN}
                    == set(e) - {field, accumulate, ORIGIN}):
                merged = {**prev, field: prev[field] + e[field]}
                if accumulate and accumulate in e:
                    merged[accumulate] = e[accumulate]
                out[-1] = merged
                continue
            out.append(e)
        return _changed(events, out)

    return apply


def _entity(e: Event) -> Any:
    return e.get("messageId") or e.get("toolCallId") or e.get("id")


def _new_id(old: str) -> str:
    return "x-" + hashlib.sha256(old.encode()).hexdigest()[:16]


def _rename(value: Any, keys: frozenset[str]) -> Any:
    if isinstance(value, dict):
        return {k: (_new_id(v) if k in keys and isinstance(v, str) and v else _rename(v, keys))
                for k, v in value.items()}
    if isinstance(value, list):
        return [_rename(v, keys) for v in value]
    return value


def _rename_ids(keys: frozenset[str]) -> Callable[[Stream], Stream | None]:
    def apply(events: Stream) -> Stream | None:
        return _changed(events, [{**_rename(e, keys), ORIGIN: e.get(ORIGIN)} for e in events])

    return apply


def _message_ids(value: Any) -> set[str]:
    """The message ids a value names: under ``messageId``/``parentMessageId``, and the ``id`` of each
    message a snapshot or a run's input lists."""
    found: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if k in MESSAGE_IDS and isinstance(v, str) and v:
                found.add(v)
            elif k == "messages" and isinstance(v, list):
                found |= {m["id"] for m in v if isinstance(m, dict) and isinstance(m.get("id"), str) and m["id"]}
            found |= _message_ids(v)
    elif isinstance(value, list):
        for v in value:
            found |= _message_ids(v)
    return found


def _replace_strings(value: Any, old: set[str]) -> Any:
    if isinstance(value, str):
        return _new_id(value) if value in old else value
    if isinstance(value, dict):
        return {k: _replace_strings(v, old) for k, v in value.items()}
    if isinstance(value, list):
        return [_replace_strings(v, old) for v in value]
    return value


def _rename_message_ids(events: Stream) -> Stream | None:
    """AG-UI message ids renamed everywhere they are named: the events' own, the ids of the messages a
    MESSAGES_SNAPSHOT or RUN_STARTED's input lists, and wherever else the same string stands (a
    REASONING_ENCRYPTED_VALUE's ``entityId``, which pydantic-ai points at its reasoning message, and a
    framework's state that lists the conversation in a STATE_SNAPSHOT). Renaming only some
    of them would detach what the client joins by id, which it shows. An activity's ``content`` and
    ``patch`` are shown as they are (@ag-ui/mastra names a background task's activity message by its
    ``taskId``, which the content shows too): only the activity's own ``messageId`` is renamed there."""
    ids = set().union(*(_message_ids({k: v for k, v in e.items() if k != ORIGIN}) for e in events))
    out = [{**_rename_in_event({k: v for k, v in e.items() if k != ORIGIN}, ids), ORIGIN: e.get(ORIGIN)}
           for e in events]
    return _changed(events, out)


def _rename_in_event(event: dict[str, Any], ids: set[str]) -> dict[str, Any]:
    if not str(event.get("type", "")).startswith("ACTIVITY_"):
        return dict(_replace_strings(event, ids))
    return {k: v if k in ("content", "patch") else _replace_strings(v, ids) for k, v in event.items()}


def _add_to_every_event(extra: Callable[[int], Event]) -> Callable[[Stream], Stream | None]:
    def apply(events: Stream) -> Stream | None:
        return _changed(events, [{**e, **extra(i)} for i, e in enumerate(events)])

    return apply


def _block(events: Stream, start: int, end_type: str, key: str, members: set[str]) -> int | None:
    """The index of the end event of the contiguous block opened at ``start`` (None: interleaved)."""
    ident = events[start].get(key)
    for j in range(start + 1, len(events)):
        e = events[j]
        if e.get(key) != ident or e.get("type") not in members | {end_type}:
            return None
        if e.get("type") == end_type:
            return j
    return None


def _as_chunks(start_type: str, content_type: str, end_type: str, chunk_type: str, key: str,
               start_keys: tuple[str, ...], implied: dict[str, Any] | None = None) -> Callable[[Stream], Stream | None]:
    """Each contiguous START/CONTENT.../END block of one entity sent as ``*_CHUNK`` events.

    The client's transformChunks opens the entity at the first chunk (which carries the id and
    ``start_keys``) and closes it at the next event that is not a chunk of it, so a block is
    rewritten only where nothing else comes between its events and its events carry no other key.
    ``implied``: start fields the chunk cannot carry and transformChunks puts back (a reasoning
    message's role), left out where the start has exactly that value.
    """
    implied = implied or {}
    allowed = {start_type: {"type", key, *start_keys, *implied, ORIGIN}, content_type: {"type", key, "delta", ORIGIN},
               end_type: {"type", key, ORIGIN}}

    def apply(events: Stream) -> Stream | None:
        out: Stream = []
        i = 0
        while i < len(events):
            e = events[i]
            end = _block(events, i, end_type, key, {content_type}) if e.get("type") == start_type else None
            block = events[i:end + 1] if end is not None else []
            if end is None or any(set(b) - allowed[b["type"]] for b in block) or any(
                    k in e and e[k] != v for k, v in implied.items()):
                out.append(e)
                i += 1
                continue
            head = {k: v for k, v in e.items() if k != "type" and k not in implied and v is not None}
            contents = [b for b in block if b["type"] == content_type]
            if not contents:
                out.append({**head, "type": chunk_type})
            for n, c in enumerate(contents):
                fields = head if n == 0 else {key: e[key], ORIGIN: c[ORIGIN]}
                out.append({**fields, "type": chunk_type, "delta": c["delta"], ORIGIN: c[ORIGIN]})
            i = end + 1
        return _changed(events, out)

    return apply


# --------------------------------------------------------------------------------------------
# Harmful rewrites shared by the AG-UI-typed protocols (ag-ui, tanstack)
# --------------------------------------------------------------------------------------------

def _nonempty(events: Stream, etype: str, field: str = "delta") -> list[int]:
    return [i for i, e in enumerate(events) if e.get("type") == etype and isinstance(e.get(field), str) and e[field]]


def _drop_last(etype: str, field: str = "delta") -> Callable[[Stream], Stream | None]:
    def apply(events: Stream) -> Stream | None:
        hits = _nonempty(events, etype, field)
        return events[:hits[-1]] + events[hits[-1] + 1:] if hits else None

    return apply


def _duplicate_last(etype: str, field: str = "delta") -> Callable[[Stream], Stream | None]:
    def apply(events: Stream) -> Stream | None:
        hits = _nonempty(events, etype, field)
        return [*events[:hits[-1] + 1], dict(events[hits[-1]]), *events[hits[-1] + 1:]] if hits else None

    return apply


def _swap_deltas(etype: str, field: str = "delta") -> Callable[[Stream], Stream | None]:
    """The first two deltas of one entity that differ, swapped (the text reads in another order)."""

    def apply(events: Stream) -> Stream | None:
        hits = _nonempty(events, etype, field)
        for a, b in itertools.pairwise(hits):
            if _entity(events[a]) == _entity(events[b]) and events[a][field] != events[b][field]:
                out = list(events)
                out[a], out[b] = {**events[a], field: events[b][field]}, {**events[b], field: events[a][field]}
                return out
        return None

    return apply


def _calls(events: Stream, start_type: str, key: str = "toolCallId") -> list[str]:
    return [e[key] for e in events if e.get("type") == start_type and isinstance(e.get(key), str)]


def _joined_args(events: Stream, cid: str, args_type: str, field: str) -> str:
    return "".join(e.get(field, "") for e in events if e.get("type") == args_type and e.get("toolCallId") == cid)


def _object_args(events: Stream, start_type: str, args_type: str, field: str) -> str | None:
    for cid in _calls(events, start_type):
        try:
            value = json.loads(_joined_args(events, cid, args_type, field))
        except ValueError:
            continue
        if isinstance(value, dict):
            return cid
    return None


def _agui_args_never_sent(tanstack_input: bool) -> Callable[[Stream], Stream | None]:
    """The first call whose arguments are a JSON object completes with one more key the model never sent.

    AG-UI's client reads the joined TOOL_CALL_ARGS; TanStack's processor reads TOOL_CALL_END's
    ``input`` first (then the joined arguments): ``tanstack_input`` rewrites that too.
    """

    def apply(events: Stream) -> Stream | None:
        cid = _object_args(events, "TOOL_CALL_START", "TOOL_CALL_ARGS", "delta")
        if cid is None:
            return None
        value = {**json.loads(_joined_args(events, cid, "TOOL_CALL_ARGS", "delta")), "injected": True}
        out: Stream = []
        done = False
        for e in events:
            if e.get("type") == "TOOL_CALL_ARGS" and e.get("toolCallId") == cid:
                if not done:
                    out.append({**e, "delta": json.dumps(value)})
                    done = True
                continue
            if tanstack_input and e.get("type") == "TOOL_CALL_END" and e.get("toolCallId") == cid and "input" in e:
                e = {**e, "input": value}
            out.append(e)
        return out

    return apply


def _agui_calls_merged(events: Stream) -> Stream | None:
    """The second call's events sent under the first call's id, as one call (its START and the first's END dropped)."""
    calls = _calls(events, "TOOL_CALL_START")
    if len(calls) < 2:
        return None
    first, second = calls[0], calls[1]
    ends = [i for i, e in enumerate(events) if e.get("type") == "TOOL_CALL_END" and e.get("toolCallId") == first]
    out: Stream = []
    for i, e in enumerate(events):
        if (e.get("type") == "TOOL_CALL_START" and e.get("toolCallId") == second) or (ends and i == ends[0]):
            continue
        if e.get("toolCallId") == second and e.get("type") in ("TOOL_CALL_ARGS", "TOOL_CALL_END", "TOOL_CALL_RESULT"):
            e = {**e, "toolCallId": first}
        out.append(e)
    return out


def _agui_call_renamed(events: Stream, complete: bool | None = None) -> Stream | None:
    """The first call under another name (``complete``: the first one with, or without, a TOOL_CALL_END)."""
    ended = {e.get("toolCallId") for e in events if e.get("type") == "TOOL_CALL_END"}
    starts = [i for i, e in enumerate(events) if e.get("type") == "TOOL_CALL_START"
              and (complete is None or (e.get("toolCallId") in ended) == complete)]
    if not starts:
        return None
    out = list(events)
    e = out[starts[0]]
    renamed: Event = {k: "other_tool" for k in ("toolCallName", "toolName") if k in e}
    out[starts[0]] = {**e, **renamed}
    return out


def _drop_type(etype: str) -> Callable[[Stream], Stream | None]:
    def apply(events: Stream) -> Stream | None:
        hits = [i for i, e in enumerate(events) if e.get("type") == etype]
        return events[:hits[0]] + events[hits[0] + 1:] if hits else None

    return apply


def _agui_error_instead_of_finish(events: Stream) -> Stream | None:
    if not events or events[-1].get("type") != "RUN_FINISHED":
        return None
    return [*events[:-1], {"type": "RUN_ERROR", "message": "injected failure", ORIGIN: events[-1].get(ORIGIN)}]


NOISE_CUSTOM = {"type": "CUSTOM", "name": "sac.metamorphic.noise", "value": {}}
NOISE_RAW = {"type": "RAW", "event": {"note": "sac.metamorphic.noise"}}
STATE = ([{"type": "STATE_SNAPSHOT", "snapshot": {}}], [{"type": "STATE_DELTA", "delta": []}])
STEP = ([{"type": "STEP_STARTED", "stepName": "sac-step"}], [{"type": "STEP_FINISHED", "stepName": "sac-step"}])
MESSAGE_IDS = frozenset({"messageId", "parentMessageId"})


def _no_reasoning(apply: Callable[[Stream], Stream | None]) -> Callable[[Stream], Stream | None]:
    """Only where the stream has no reasoning: TanStack's processor names a thinking part after the open step."""

    def guarded(events: Stream) -> Stream | None:
        if any(str(e.get("type", "")).startswith("REASONING") for e in events):
            return None
        return apply(events)

    return guarded


def _tanstack_end_without_input(events: Stream) -> Stream | None:
    """TOOL_CALL_END without ``input`` where the joined arguments parse to that input (the processor parses them)."""
    out: Stream = []
    for e in events:
        if e.get("type") == "TOOL_CALL_END" and "input" in e and isinstance(e.get("toolCallId"), str):
            try:
                parsed = json.loads(_joined_args(events, e["toolCallId"], "TOOL_CALL_ARGS", "delta"))
            except ValueError:
                parsed = None
            if parsed == e["input"] and isinstance(parsed, dict):
                e = {k: v for k, v in e.items() if k != "input"}
        out.append(e)
    return _changed(events, out)


def _tanstack_without_tool_name(events: Stream) -> Stream | None:
    """TOOL_CALL_START without the deprecated ``toolName`` where ``toolCallName`` says the same."""
    out = [{k: v for k, v in e.items() if k != "toolName"}
           if e.get("type") == "TOOL_CALL_START" and e.get("toolName") == e.get("toolCallName") else e for e in events]
    return _changed(events, out)


def _agui_family(tanstack: bool) -> list[Rewrite]:
    deltas = {"TEXT_MESSAGE_CONTENT", "TOOL_CALL_ARGS", "REASONING_MESSAGE_CONTENT"}
    acc = "content" if tanstack else None
    p = "tanstack" if tanstack else "agui"
    equal = [
        Rewrite(f"{p}.delta-per-char", "equal", _split_deltas(deltas, accumulate=acc),
                "every text, reasoning and argument delta one character at a time"),
        Rewrite(f"{p}.one-delta", "equal", _merge_deltas(deltas, accumulate=acc),
                "adjacent deltas of one message or call sent as one"),
        Rewrite(f"{p}.extra-custom", "equal", _insert_inside_run([NOISE_CUSTOM], [NOISE_CUSTOM]),
                "a CUSTOM event of a name no consumer reads, after RUN_STARTED and before the terminal"),
        Rewrite(f"{p}.extra-state", "equal", _insert_inside_run(*STATE),
                "an empty STATE_SNAPSHOT after RUN_STARTED and an empty STATE_DELTA before the terminal"),
        Rewrite(f"{p}.message-ids", "equal", _rename_message_ids,
                "every message id in another format (the same id for the same message)"),
        Rewrite(f"{p}.timestamps", "equal", _add_to_every_event(lambda i: {"timestamp": 1_700_000_000_000 + i}),
                "every event with BaseEvent's optional timestamp"),
    ]
    if tanstack:
        equal += [
            Rewrite("tanstack.extra-step", "equal", _no_reasoning(_insert_inside_run(*STEP)),
                    "a STEP_STARTED/STEP_FINISHED pair around the run (streams without reasoning)"),
            Rewrite("tanstack.end-without-input", "equal", _tanstack_end_without_input,
                    "TOOL_CALL_END without input where the joined arguments parse to it"),
            Rewrite("tanstack.without-tool-name", "equal", _tanstack_without_tool_name,
                    "TOOL_CALL_START without the deprecated toolName"),
        ]
    else:
        equal += [
            Rewrite("agui.extra-raw", "equal", _insert_inside_run([NOISE_RAW], [NOISE_RAW]),
                    "a RAW event after RUN_STARTED and before the terminal (TanStack's StreamChunk union has no RAW)"),
            Rewrite("agui.extra-step", "equal", _insert_inside_run(*STEP),
                    "a STEP_STARTED/STEP_FINISHED pair around the run"),
            Rewrite("agui.text-as-chunks", "equal",
                    _as_chunks("TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "TEXT_MESSAGE_CHUNK",
                               "messageId", ("role",)),
                    "each contiguous text message as TEXT_MESSAGE_CHUNK events"),
            Rewrite("agui.tool-as-chunks", "equal",
                    _as_chunks("TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END", "TOOL_CALL_CHUNK", "toolCallId",
                               ("toolCallName", "parentMessageId")),
                    "each contiguous tool call as TOOL_CALL_CHUNK events"),
            Rewrite("agui.reasoning-as-chunks", "equal",
                    _as_chunks("REASONING_MESSAGE_START", "REASONING_MESSAGE_CONTENT", "REASONING_MESSAGE_END",
                               "REASONING_MESSAGE_CHUNK", "messageId", (), {"role": "reasoning"}),
                    "each contiguous reasoning message as REASONING_MESSAGE_CHUNK events"),
        ]
    harmful = [
        Rewrite(f"{p}.drop-text-delta", "harmful", _drop_last("TEXT_MESSAGE_CONTENT"), "the last text delta dropped"),
        Rewrite(f"{p}.duplicate-text-delta", "harmful", _duplicate_last("TEXT_MESSAGE_CONTENT"),
                "the last text delta sent twice"),
        Rewrite(f"{p}.swap-text-deltas", "harmful", _swap_deltas("TEXT_MESSAGE_CONTENT"),
                "two different deltas of one message swapped"),
        Rewrite(f"{p}.drop-reasoning-delta", "harmful", _drop_last("REASONING_MESSAGE_CONTENT"),
                "the last reasoning delta dropped"),
        Rewrite(f"{p}.args-never-sent", "harmful", _agui_args_never_sent(tanstack),
                "a call completed with an input key the model never sent"),
        Rewrite(f"{p}.calls-merged", "harmful", _agui_calls_merged, "two calls sent as one"),
        Rewrite(f"{p}.call-renamed", "harmful", _agui_call_renamed, "a call shown under another tool's name"),
        Rewrite(f"{p}.drop-tool-result", "harmful", _drop_type("TOOL_CALL_RESULT"), "a tool's result dropped"),
        Rewrite(f"{p}.error-instead-of-finish", "harmful", _agui_error_instead_of_finish,
                "a run that finished shown as failed"),
    ]
    if tanstack:
        chunks = _as_chunks("TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "TEXT_MESSAGE_CHUNK",
                            "messageId", ("role",))
        harmful.append(Rewrite(
            "tanstack.text-as-chunks", "harmful",
            lambda events: chunks([{k: v for k, v in e.items() if not (k == "content" and e.get("type") ==
                                                                      "TEXT_MESSAGE_CONTENT")} for e in events]),
            "text as TEXT_MESSAGE_CHUNK: TanStack's processor has no case for it and shows no text"))
    return equal + harmful


# --------------------------------------------------------------------------------------------
# UI message stream (ai 6 and ai 7)
# --------------------------------------------------------------------------------------------

UMS_DELTAS = {"text-delta", "reasoning-delta"}
TOOL_START_KEYS = ("providerExecuted", "dynamic", "title", "providerMetadata")


def _ums_available_only(events: Stream) -> Stream | None:
    """A call with ``tool-input-available`` sent without its ``tool-input-start`` and deltas.

    Only a call whose start, deltas and available come one after the other: the reader adds a
    call's part at its first chunk, so with anything between them the part would move.
    """
    available = {cid: e for cid, e in _contiguous_calls(events).items()}
    starts = {e.get("toolCallId"): e for e in events if e.get("type") == "tool-input-start"}
    out: Stream = []
    for e in events:
        cid = e.get("toolCallId")
        if cid in available and e.get("type") in ("tool-input-start", "tool-input-delta"):
            continue
        if e.get("type") == "tool-input-available" and cid in starts:
            e = {**{k: starts[cid][k] for k in TOOL_START_KEYS if k in starts[cid]}, **e}
        out.append(e)
    return _changed(events, out)


def _contiguous_calls(events: Stream) -> dict[Any, Event]:
    """``tool-input-available`` by call id, for the calls whose start, deltas and available are adjacent
    and that get no input after it."""
    out: dict[Any, Event] = {}
    for i, e in enumerate(events):
        if e.get("type") != "tool-input-start":
            continue
        cid = e.get("toolCallId")
        j = i + 1
        while j < len(events) and events[j].get("type") == "tool-input-delta" and events[j].get("toolCallId") == cid:
            j += 1
        # Not a call that streams more input after it was handed over: the reader takes it back to
        # input-streaming, which the rewritten stream (no deltas) would not show.
        more = any(later.get("toolCallId") == cid and later.get("type") in ("tool-input-start", "tool-input-delta")
                   for later in events[j + 1:])
        if j < len(events) and events[j].get("type") == "tool-input-available" \
                and events[j].get("toolCallId") == cid and not more:
            out[cid] = events[j]
    return out


def _ums_metadata(events: Stream) -> Stream | None:
    """Only where the reader shows a message anyway: after a bare ``start`` (a run aborted at once) the
    metadata chunk alone makes it show an empty one (step markers and an error alone write none)."""
    if not events or events[0].get("type") != "start":
        return None
    if all(e.get("type") in ("start", "start-step", "finish-step", "finish", "abort", "error") for e in events):
        return None
    return [*events[:1], {"type": "message-metadata", "messageMetadata": {}}, *events[1:]]


def _ums_transient_data(events: Stream) -> Stream | None:
    if not events or events[0].get("type") != "start":
        return None
    end = next((i for i, e in enumerate(events) if e.get("type") in ("finish", "error", "abort")), len(events))
    data = {"type": "data-sac-noise", "data": {"n": 1}, "transient": True}
    return [*events[:1], dict(data), *events[1:end], dict(data), *events[end:]]


def _ums_end_late(part: str) -> Callable[[Stream], Stream | None]:
    """Each ``{part}-end`` moved to just before the step's ``finish-step`` (the part closes later, same content)."""

    def apply(events: Stream) -> Stream | None:
        out: Stream = []
        held: Stream = []
        ids_seen: list[Any] = [e.get("id") for e in events if e.get("type") == f"{part}-start"]
        if len(ids_seen) != len(set(ids_seen)):
            return None  # an id started again: holding its end would change which part a delta reaches
        ended: set[Any] = set()
        for e in events:
            if e.get("type") == f"{part}-end":
                ended.add(e.get("id"))
            elif e.get("type") == f"{part}-delta" and e.get("id") in ended:
                return None  # a delta after its part's end, which the reader rejects: holding the end would mend it
        for e in events:
            if e.get("type") == f"{part}-end":
                held.append(e)
                continue
            if e.get("type") in ("finish-step", "finish", "error", "abort"):
                out += held
                held = []
            out.append(e)
        return _changed(events, out + held)

    return apply


def _ums_args_never_sent(events: Stream) -> Stream | None:
    hits = [i for i, e in enumerate(events)
            if e.get("type") == "tool-input-available" and isinstance(e.get("input"), dict)]
    if not hits:
        return None
    out = list(events)
    out[hits[0]] = {**events[hits[0]], "input": {**events[hits[0]]["input"], "injected": True}}
    return out


def _ums_calls_merged(events: Stream) -> Stream | None:
    calls = _calls(events, "tool-input-available")
    if len(calls) < 2:
        return None
    first, second = calls[0], calls[1]
    out: Stream = []
    for e in events:
        if e.get("toolCallId") == second:
            if e.get("type") == "tool-input-start":
                continue
            e = {**e, "toolCallId": first}
        out.append(e)
    return out


UMS_CALL_CHUNKS = ("tool-input-start", "tool-input-available", "tool-input-error")


def _ums_call_renamed(events: Stream, complete: bool | None = None) -> Stream | None:
    """The first call under another name on every chunk that names it (``complete``: the first one a
    tool-input-available/-error completes, or the first one never completed)."""
    done = {e.get("toolCallId") for e in events if e.get("type") in UMS_CALL_CHUNKS[1:]}
    calls = [e.get("toolCallId") for e in events if e.get("type") in UMS_CALL_CHUNKS
             and (complete is None or (e.get("toolCallId") in done) == complete)]
    if not calls:
        return None
    return [{**e, "toolName": "other_tool"} if e.get("type") in UMS_CALL_CHUNKS and e.get("toolCallId") == calls[0]
            else e for e in events]


def _ums_error_injected(events: Stream) -> Stream | None:
    """An ``error`` chunk before ``finish`` in a run that had none and finished normally.

    Not in a failed run (a second error is not this), nor before ai 7's ``finish{interrupted}``:
    that is a truncated output, which an error is the recommended report of (row 8.1.19).
    """
    end = next((i for i, e in enumerate(events) if e.get("type") == "finish"), None)
    if (end is None or any(e.get("type") == "error" for e in events)
            or events[end].get("finishReason") == "interrupted"):
        return None
    return [*events[:end], {"type": "error", "errorText": "injected failure"}, *events[end:]]


UMS_CONTENT = ("text-delta", "reasoning-delta", "tool-input-start", "tool-input-available", "tool-input-error")
UMS_REASONING = ("reasoning-start", "reasoning-delta", "reasoning-end")
_SHOWN_AFTER = ("text-delta", "tool-input-start", "tool-input-available")


def _ums_reasoning_after_text(events: Stream) -> Stream | None:
    """Each step's reasoning chunks held to just before the step ends, in a run that finished normally:
    readUIMessageStream appends a part where its first chunk arrives, so the thinking now shows after
    text or a tool part the model sent after it (as the Agents SDK's ai-sdk-ui bridge sends it).

    Only where that moves something shown: a non-empty reasoning delta before a non-empty text delta
    or a call's first chunk of the same step.
    """
    if not any(e.get("type") == "finish" for e in events) or any(e.get("type") == "error" for e in events):
        return None
    out: Stream = []
    held: Stream = []
    moved = False
    for e in events:
        kind = e.get("type")
        if kind in UMS_REASONING:
            held.append(e)
            continue
        if kind in _SHOWN_AFTER and (kind != "text-delta" or e.get("delta")) \
                and any(h.get("type") == "reasoning-delta" and h.get("delta") for h in held):
            moved = True
        if kind in ("finish-step", "finish", "abort"):
            out += held
            held = []
        out.append(e)
    return out + held if moved else None


def _ums_merged_start(events: Stream) -> Stream | None:
    """A second source's ``start`` (another message id) just before the ``finish``, as ``writer.merge``
    forwards a later merged stream's: readUIMessageStream starts the message over there
    (resetStateOnMessageIdChange), and what the first source showed is gone."""
    end = next((i for i, e in enumerate(events) if e.get("type") == "finish"), None)
    if end is None or not any(e.get("type") in UMS_CONTENT for e in events[:end]):
        return None
    first = next((e.get("messageId") for e in events if e.get("type") == "start"), None)
    return [*events[:end], {"type": "start", "messageId": f"{first or 'msg'}-merged"}, *events[end:]]


def _ums_family() -> list[Rewrite]:
    all_deltas = UMS_DELTAS | {"tool-input-delta"}

    def split(events: Stream) -> Stream | None:
        once = _split_deltas(UMS_DELTAS)(events) or events
        return _changed(events, _split_deltas({"tool-input-delta"}, field="inputTextDelta")(once) or once)

    def merge(events: Stream) -> Stream | None:
        once = _merge_deltas(UMS_DELTAS)(events) or events
        return _changed(events, _merge_deltas({"tool-input-delta"}, field="inputTextDelta")(once) or once)

    del all_deltas
    return [
        Rewrite("ums.delta-per-char", "equal", split, "every text, reasoning and input delta one character at a time"),
        Rewrite("ums.one-delta", "equal", merge, "adjacent deltas of one part sent as one"),
        Rewrite("ums.input-available-only", "equal", _ums_available_only,
                "a call's input in one tool-input-available, with no tool-input-start or deltas"),
        Rewrite("ums.message-metadata", "equal", _ums_metadata, "an empty message-metadata chunk after start"),
        Rewrite("ums.transient-data", "equal", _ums_transient_data,
                "a transient data part (onData only, never in the message) after start and before the end"),
        Rewrite("ums.ids", "equal", _rename_ids(frozenset({"id", "messageId"})),
                "every message and part id in another format"),
        Rewrite("ums.text-end-late", "equal", _ums_end_late("text"), "each text-end held to the end of its step"),
        Rewrite("ums.reasoning-end-late", "equal", _ums_end_late("reasoning"),
                "each reasoning-end held to the end of its step"),
        Rewrite("ums.drop-text-delta", "harmful", _drop_last("text-delta"), "the last text delta dropped"),
        Rewrite("ums.duplicate-text-delta", "harmful", _duplicate_last("text-delta"), "the last text delta sent twice"),
        Rewrite("ums.swap-text-deltas", "harmful", _swap_deltas("text-delta"),
                "two different deltas of one part swapped"),
        Rewrite("ums.drop-reasoning-delta", "harmful", _drop_last("reasoning-delta"),
                "the last reasoning delta dropped"),
        Rewrite("ums.reasoning-after-text", "harmful", _ums_reasoning_after_text,
                "a step's reasoning held to its end, after the text and tool parts the model sent after it"),
        Rewrite("ums.args-never-sent", "harmful", _ums_args_never_sent,
                "a call completed with an input key the model never sent"),
        Rewrite("ums.calls-merged", "harmful", _ums_calls_merged, "two calls sent as one"),
        Rewrite("ums.call-renamed", "harmful", _ums_call_renamed, "a call shown under another tool's name"),
        Rewrite("ums.drop-tool-output", "harmful", _drop_type("tool-output-available"), "a tool's output dropped"),
        Rewrite("ums.error-injected", "harmful", _ums_error_injected,
                "an error chunk the run never had, before finish"),
        Rewrite("ums.merged-start", "harmful", _ums_merged_start,
                "a merged stream's start naming another message before finish (the reader starts over)"),
    ]


# --------------------------------------------------------------------------------------------
# TanStack legacy chunks (read by @tanstack/ai 0.2.2's StreamProcessor: text from `delta`, else `content`)
# --------------------------------------------------------------------------------------------

def _legacy_split(ctype: str) -> Callable[[Stream], Stream | None]:
    """Each ``ctype`` chunk's delta one character at a time, ``content`` still the running total."""

    def apply(events: Stream) -> Stream | None:
        out: Stream = []
        for e in events:
            delta, content = e.get("delta"), e.get("content")
            if (e.get("type") != ctype or not isinstance(delta, str) or len(delta) < 2 or not isinstance(content, str)
                    or not content.endswith(delta)):
                out.append(e)
                continue
            before = content[:len(content) - len(delta)]
            out += [{**e, "delta": delta[:k + 1][-1], "content": before + delta[:k + 1]} for k in range(len(delta))]
        return _changed(events, out)

    return apply


def _legacy_merge(ctype: str) -> Callable[[Stream], Stream | None]:
    """Adjacent ``ctype`` chunks of one response sent as one (deltas joined, the last running total)."""

    def apply(events: Stream) -> Stream | None:
        out: Stream = []
        for e in events:
            prev = out[-1] if out else None
            if (prev is not None and e.get("type") == ctype == prev.get("type") and e.get("id") == prev.get("id")
                    and isinstance(prev.get("delta"), str) and isinstance(e.get("delta"), str)):
                out[-1] = {**prev, "delta": prev["delta"] + e["delta"], "content": e.get("content")}
                continue
            out.append(e)
        return _changed(events, out)

    return apply


def _legacy_response_ids(events: Stream) -> Stream | None:
    return _changed(events, [{**e, "id": _new_id(e["id"])} if isinstance(e.get("id"), str) else e for e in events])


def _legacy_timestamps(events: Stream) -> Stream | None:
    return _changed(events, [{**e, "timestamp": e["timestamp"] + 1000} if isinstance(e.get("timestamp"), int) else e
                             for e in events])


def _legacy_extra_key(events: Stream) -> Stream | None:
    return _changed(events, [{**e, "sacNote": "metamorphic"} for e in events])


def _legacy_index_offset(events: Stream) -> Stream | None:
    """Every tool_call's index moved by 10 (still unique, still in order)."""
    return _changed(events, [{**e, "index": e["index"] + 10} if e.get("type") == "tool_call"
                             and isinstance(e.get("index"), int) else e for e in events])


def _legacy_calls(events: Stream) -> list[int]:
    return [i for i, e in enumerate(events) if e.get("type") == "tool_call" and isinstance(e.get("toolCall"), dict)
            and isinstance(e["toolCall"].get("function"), dict)]


def _legacy_with_function(e: Event, **function: Any) -> Event:
    return {**e, "toolCall": {**e["toolCall"], "function": {**e["toolCall"]["function"], **function}}}


def _legacy_args_never_sent(events: Stream) -> Stream | None:
    for i in _legacy_calls(events):
        try:
            value = json.loads(events[i]["toolCall"]["function"].get("arguments", ""))
        except ValueError:
            continue
        if isinstance(value, dict):
            out = list(events)
            out[i] = _legacy_with_function(events[i], arguments=json.dumps({**value, "injected": True}))
            return out
    return None


def _legacy_call_renamed(events: Stream) -> Stream | None:
    calls = _legacy_calls(events)
    if not calls:
        return None
    out = list(events)
    out[calls[0]] = _legacy_with_function(events[calls[0]], name="other_tool")
    return out


def _legacy_calls_merged(events: Stream) -> Stream | None:
    """The second call sent under the first call's id (the processor keeps one call)."""
    calls = _legacy_calls(events)
    if len(calls) < 2:
        return None
    first = events[calls[0]]["toolCall"].get("id")
    second = events[calls[1]]["toolCall"].get("id")
    out: Stream = []
    for i, e in enumerate(events):
        if i == calls[1]:
            e = {**e, "toolCall": {**e["toolCall"], "id": first}}
        elif e.get("type") == "tool_result" and e.get("toolCallId") == second:
            e = {**e, "toolCallId": first}
        out.append(e)
    return out


def _legacy_error_instead_of_done(events: Stream) -> Stream | None:
    if not events or events[-1].get("type") != "done":
        return None
    done = events[-1]
    return [*events[:-1], {k: v for k, v in done.items() if k in ("id", "model", "timestamp", ORIGIN)}
            | {"type": "error", "error": {"message": "injected failure"}}]


def _legacy_family() -> list[Rewrite]:
    return [
        Rewrite("legacy.text-per-char", "equal", _legacy_split("content"),
                "each content chunk's delta one character at a time (content the running total)"),
        Rewrite("legacy.thinking-per-char", "equal", _legacy_split("thinking"),
                "each thinking chunk's delta one character at a time (content the running total)"),
        Rewrite("legacy.text-one-chunk", "equal", _legacy_merge("content"), "adjacent content chunks sent as one"),
        Rewrite("legacy.thinking-one-chunk", "equal", _legacy_merge("thinking"),
                "adjacent thinking chunks sent as one"),
        Rewrite("legacy.response-ids", "equal", _legacy_response_ids, "every chunk's response id in another format"),
        Rewrite("legacy.timestamps", "equal", _legacy_timestamps, "every timestamp a second later"),
        Rewrite("legacy.extra-key", "equal", _legacy_extra_key, "a key no consumer reads on every chunk"),
        Rewrite("legacy.tool-index-offset", "equal", _legacy_index_offset,
                "every tool_call index moved by 10 (still unique and in order)"),
        Rewrite("legacy.drop-text-chunk", "harmful", _drop_last("content"), "the last content chunk dropped"),
        Rewrite("legacy.duplicate-text-chunk", "harmful", _duplicate_last("content"),
                "the last content chunk sent twice (the processor appends its delta again)"),
        Rewrite("legacy.drop-thinking-chunk", "harmful", _drop_last("thinking"), "the last thinking chunk dropped"),
        Rewrite("legacy.args-never-sent", "harmful", _legacy_args_never_sent,
                "a call with an argument key the model never sent"),
        Rewrite("legacy.call-renamed", "harmful", _legacy_call_renamed, "a call under another tool's name"),
        Rewrite("legacy.calls-merged", "harmful", _legacy_calls_merged, "two calls sent under one id"),
        Rewrite("legacy.drop-tool-result", "harmful", _drop_type("tool_result"), "a tool's result dropped"),
        Rewrite("legacy.error-instead-of-done", "harmful", _legacy_error_instead_of_done,
                "a run that finished shown as failed"),
    ]


REWRITES: dict[str, dict[str, Rewrite]] = {
    AGUI: {r.name: r for r in _agui_family(tanstack=False)},
    TANSTACK: {r.name: r for r in _agui_family(tanstack=True)},
    UMS: {r.name: r for r in _ums_family()},
    LEGACY: {r.name: r for r in _legacy_family()},
}
