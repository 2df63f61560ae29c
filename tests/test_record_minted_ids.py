"""A recording whose items carry ids the provider minted replays so that a client matching items by id reads
it the same.

A real provider names what it streams: the Responses API mints every output item's id (``msg_``,
``rs_``, ``fc_``, ``ws_``, ``mcpr_`` ...) and each function call's ``call_id``, Anthropic its blocks'
``toolu_``/``srvtoolu_`` ids that a ``*_tool_result`` names again, Chat Completions its ``call_`` ids,
Gemini its response id. The kit's mock names them after the scenario, so
``tests/test_record_corpus.py`` never sees an id the kit did not make. Here every corpus scenario's
stream (each turn, streamed and as JSON) has each of its ids replaced by a provider-shaped one (the
same id always by the same new one, as a server keeps it), is captured as ``mock-provider record``
captures it, and is replayed both ways:

* the exact replay sends the minted ids as they came (the bytes);
* the re-rendered replay keeps every id a consumer hands on or sends back: the call ids, the ids of
  the items a consumer names its call after (hosted tools, MCP, tool search), every item id
  ``@ai-sdk/openai`` 4.0.118 keeps as ``providerMetadata.openai.itemId`` and sends back as an
  ``item_reference`` in the follow-up request (dist/index.js:6084-6200), the response id
  (``previous_response_id``); and inside the replayed stream every reference is consistent:
  ``output_item.added`` and ``output_item.done`` of an index name one item, every event's
  ``item_id`` names the item at its ``output_index``, ``response.completed`` lists the same items,
  a ``*_tool_result`` names a block of the same stream.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from mock_provider.capture import scenario_document, write_scenario
from mock_provider.scenario import Scenario, load_scenario
from mock_provider.sse import parse_sse
from mock_provider.wires import plan_response
from mock_provider.wires.frames import Chunk
from tests.test_record_corpus import CORPUS, _plans, _request

# The JSON keys whose string value is an id the provider minted (a file id, a container id and the
# like come from elsewhere: a file the user uploaded, a container the request named).
ID_KEYS = frozenset({"id", "item_id", "call_id", "tool_use_id", "approval_request_id", "responseId"})
WIRES = ("openai-responses", "anthropic", "openai-chat", "gemini")


def minted(old: str, wire: str, block: str | None = None) -> str:
    """A provider-shaped id for the kit's ``old`` one: the same ``old`` always gives the same id.

    >>> minted("ws_lima", "openai-responses")[:3], len(minted("ws_lima", "openai-responses"))
    ('ws_', 51)
    >>> minted("c1", "anthropic", "server_tool_use")[:9]
    'srvtoolu_'
    """
    digest = hashlib.sha256(f"{wire}:{old}".encode()).hexdigest()
    if wire == "anthropic" and block in ("tool_use", "server_tool_use", "mcp_tool_use"):
        prefix = {"tool_use": "toolu", "server_tool_use": "srvtoolu", "mcp_tool_use": "mcptoolu"}[block]
        return f"{prefix}_01{digest[:22]}"
    head, sep, _ = old.partition("_")
    prefix = head if sep and head.isalpha() and len(head) <= 8 else {"openai-chat": "call"}.get(wire, "id")
    return f"{prefix}_{digest[:48]}"


def _mint(value: Any, wire: str, names: dict[str, str], key: str = "", block: str | None = None) -> Any:
    if isinstance(value, dict):
        kind = value.get("type") if isinstance(value.get("type"), str) else block
        return {k: _mint(v, wire, names, k, kind) for k, v in value.items()}
    if isinstance(value, list):
        return [_mint(v, wire, names, key, block) for v in value]
    if isinstance(value, str) and key in ID_KEYS and value:
        if value not in names:
            names[value] = minted(value, wire, block)
        return names[value]
    return value


def mint_body(body: bytes, wire: str, stream: bool) -> bytes:
    """``body`` (an SSE stream or a JSON answer) with every id replaced as a provider would have minted it."""
    names: dict[str, str] = {}
    if not stream:
        return json.dumps(_mint(json.loads(body), wire, names)).encode()
    out = bytearray()
    for ev in parse_sse(body):
        if ev.data is None or ev.data == "[DONE]":
            out += ev.raw
            continue
        head = f"event: {ev.event}\n" if ev.event else ""
        out += f"{head}data: {json.dumps(_mint(json.loads(ev.data), wire, names))}\n\n".encode()
    return bytes(out)


def _events(body: bytes, stream: bool) -> list[dict[str, Any]]:
    if not stream:
        return [json.loads(body)]
    return [json.loads(e.data) for e in parse_sse(body) if e.data not in (None, "[DONE]")]


def _responses_ids(events: list[dict[str, Any]]) -> tuple[list[tuple[str, ...]], list[str]]:
    """The items of a Responses stream, (type, id, call_id, approval_request_id) in output order, with the
    response id first; and every broken reference."""
    bad: list[str] = []
    items: dict[int, dict[str, Any]] = {}
    done: dict[int, dict[str, Any]] = {}
    rid: list[str] = []
    for ev in events:
        if ev.get("object") == "response":  # a JSON answer: the Response itself
            ev = {"type": "response.completed", "response": ev}
        kind, raw = ev.get("type"), ev.get("output_index")
        index: int = raw if isinstance(raw, int) else -1
        if isinstance(ev.get("response"), dict):
            rid.append(str(ev["response"].get("id")))
        if kind == "response.output_item.added":
            items[index] = ev["item"]
        elif kind == "response.output_item.done":
            done[index] = ev["item"]
            if index in items and items[index].get("id") != ev["item"].get("id"):
                bad.append(f"output {index}: added as {items[index].get('id')}, done as {ev['item'].get('id')}")
        elif "item_id" in ev and index >= 0 and (index not in items or ev["item_id"] != items[index]["id"]):
            bad.append(f"{kind} names {ev['item_id']}, the item at output {index} is {items.get(index, {}).get('id')}")
        if kind in ("response.completed", "response.incomplete", "response.failed") and ev["response"].get("output"):
            final = ev["response"]["output"]
            items = items or dict(enumerate(final))
            done = done or dict(enumerate(final))
            if [i.get("id") for i in final] != [done[k].get("id") for k in sorted(done)]:
                bad.append(f"{kind} lists {[i.get('id') for i in final]}, the stream's items were "
                           f"{[done[k].get('id') for k in sorted(done)]}")
    if len(set(rid)) > 1:
        bad.append(f"the response changes its id: {rid}")
    # An MCP server's tool list is an item @ai-sdk/openai skips (dist/index.js:8293-8975 reads no mcp_list_tools):
    # no consumer names it or sends it back, and a replay re-renders it only where an MCP call needs it.
    seen = [i for i in (done.get(k, items[k]) for k in sorted(items)) if i.get("type") != "mcp_list_tools"]
    out = [("response", rid[0] if rid else "")] + [
        tuple(str(i.get(k)) for k in ("type", "id", "call_id", "approval_request_id")) for i in seen]
    return out, bad


def _anthropic_ids(events: list[dict[str, Any]]) -> tuple[list[tuple[str, ...]], list[str]]:
    bad: list[str] = []
    blocks: list[dict[str, Any]] = []
    message = ""
    for ev in events:
        if ev.get("type") == "message":  # a JSON answer
            message, blocks = str(ev.get("id")), list(ev.get("content") or [])
        elif ev.get("type") == "message_start":
            message = str(ev["message"].get("id"))
        elif ev.get("type") == "content_block_start":
            blocks.append(ev["content_block"])
    ids = {b.get("id") for b in blocks if b.get("id")}
    for b in blocks:
        if b.get("tool_use_id") is not None and b["tool_use_id"] not in ids:
            bad.append(f"{b.get('type')} names {b['tool_use_id']}, no block of the message has that id")
    return [("message", message)] + [(str(b.get("type")), str(b.get("id")), str(b.get("tool_use_id")))
                                     for b in blocks], bad


def _chat_ids(events: list[dict[str, Any]]) -> tuple[list[tuple[str, ...]], list[str]]:
    calls: list[tuple[str, ...]] = []
    for ev in events:
        for choice in ev.get("choices") or []:
            for tc in (choice.get("delta") or choice.get("message") or {}).get("tool_calls") or []:
                if tc.get("id"):
                    calls.append(("call", str(tc["id"])))
    return [("chunk", str(events[0].get("id")) if events else ""), *calls], []


def _gemini_ids(events: list[dict[str, Any]]) -> tuple[list[tuple[str, ...]], list[str]]:
    out: list[tuple[str, ...]] = [("response", str(events[0].get("responseId")) if events else "")]
    for ev in events:
        for cand in ev.get("candidates") or []:
            for part in (cand.get("content") or {}).get("parts") or []:
                for key in ("functionCall", "functionResponse"):
                    if isinstance(part.get(key), dict) and part[key].get("id"):
                        out.append((key, str(part[key]["id"])))
    return out, []


READERS = {"openai-responses": _responses_ids, "anthropic": _anthropic_ids, "openai-chat": _chat_ids,
           "gemini": _gemini_ids}


def id_view(wire: str, body: bytes, stream: bool) -> tuple[list[tuple[str, ...]], list[str]]:
    """The ids a consumer matches by, in stream order, and every reference the stream breaks."""
    return READERS[wire](_events(body, stream))


def _recorded(body: bytes, wire: str, stream: bool, sid: str, out: Path) -> Scenario:
    doc = scenario_document(body, wire, scenario_id=sid, streamed=stream, request={"model": "m"})
    return load_scenario(write_scenario(doc, out))


def _replayed(s: Scenario, wire: str, stream: bool, mode: str) -> bytes:
    if mode == "rendered":
        assert s.recording is not None
        s = s.model_copy(update={"recording": s.recording.model_copy(update={"replay": "rendered"})})
    plan = plan_response(s, wire, _request(wire, s.id, 0, stream)[1], streaming=stream)
    return b"".join(item.data for item in plan.body if isinstance(item, Chunk))


def check_exchange(body: bytes, wire: str, stream: bool, sid: str, out: Path) -> list[str]:
    """What is wrong with the replays of ``body`` once its ids are minted (nothing: an empty list)."""
    real = mint_body(body, wire, stream)
    want, broken = id_view(wire, real, stream)
    assert not broken, broken  # the minting keeps the kit's own references
    recorded = _recorded(real, wire, stream, sid, out)
    bad: list[str] = []
    if _replayed(recorded, wire, stream, "exact") != real:
        bad.append(f"{sid}: the exact replay changed the bytes")
    got, broken = id_view(wire, _replayed(recorded, wire, stream, "rendered"), stream)
    bad += [f"{sid}: rendered replay: {b}" for b in broken]
    if got != want:
        bad.append(f"{sid}: the rendered replay names its items\n  {got}\n  the recording\n  {want}")
    return bad


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "json"])
@pytest.mark.parametrize("wire", WIRES)
def test_minted_ids_survive_replay(wire: str, stream: bool, tmp_path: Path) -> None:
    bad: list[str] = []
    checked = 0
    for s in CORPUS:
        plans = _plans(s, wire, stream)
        if isinstance(plans, str):
            continue
        for ex, _ in plans:
            if ex.status >= 400 or ex.end != "complete" or not ex.body:
                continue  # an error body, a cut stream: nothing streamed names an item a client goes on with
            try:
                _events(ex.body, stream)
            except ValueError:
                continue  # a scenario that sends a malformed event on purpose
            checked += 1
            bad += [f"{ex.label}: {b}" for b in
                    check_exchange(ex.body, wire, stream, f"minted.{wire}-{checked:03d}", tmp_path)]
    assert checked > 50
    assert not bad, f"{len(bad)} of {checked} exchanges:\n" + "\n".join(bad[:30])


def _stream(events: list[dict[str, Any]]) -> bytes:
    return b"".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n".encode() for e in events)


def test_a_renamed_item_is_seen(tmp_path: Path) -> None:
    """The comparison can fail: a replay whose ``output_item.done`` renames its item is reported, and so is one
    that keeps its references but names an item otherwise than the recording."""
    s = next(x for x in CORPUS if x.id == "tool.openai-search.001")
    plans = _plans(s, "openai-responses", True)
    assert not isinstance(plans, str)
    real = mint_body(plans[0][0].body, "openai-responses", True)
    view, broken = id_view("openai-responses", real, True)
    assert not broken
    web = next(v for v in view if v[0] == "web_search_call")
    assert web[1].startswith("ws_") and web[1] != "ws_lima"  # the kit's id is gone, a provider-shaped one came
    events = _events(real, True)
    done = next(e for e in events if e["type"] == "response.output_item.done")
    done["item"]["id"] = "ws_other"
    assert any("added as" in b for b in id_view("openai-responses", _stream(events), True)[1])
    renamed = real.replace(web[1].encode(), b"ws_other")  # consistent, but not the recording's id
    again, broken = id_view("openai-responses", renamed, True)
    assert not broken and again != view
