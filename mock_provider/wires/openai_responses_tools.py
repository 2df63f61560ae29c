"""Built-in tool items on the OpenAI Responses wire: web search, file search, code interpreter, image
generation, MCP calls, the client-run shell / apply_patch / computer calls, and compaction.

The canonical form of each is the parts ``@ai-sdk/openai`` 4.0.118 makes of the item
(``dist/index.js`` ``doStream``, ``response.output_item.added`` / ``.done`` branches, lines
8293-8880), so a scenario scripts what that consumer hands on and the wire is the item the
``openai`` 3.57.0 SDK types say (``types/responses/response_output_item.py``,
``response_function_web_search.py``, ``response_file_search_tool_call.py``,
``response_code_interpreter_tool_call.py``, ``response_function_shell_tool_call.py``,
``response_apply_patch_tool_call.py``, ``response_computer_tool_call.py``,
``response_compaction_item.py``) with the progress events of ``response_stream_event.py``:

- ``web_search`` (provider-executed, input ``{}``): ``web_search_call``; its result
  ``{action, sources?}`` (or ``isError`` with ``{status}``) completes it, and each url source
  follows as a ``source`` part.
- ``file_search`` (provider-executed, input ``{}``, no input streaming): ``file_search_call``; its
  result ``{queries, results}`` completes it, each retrieved file following as a document source.
- ``code_interpreter`` (provider-executed): ``code_interpreter_call`` whose code streams as
  ``response.code_interpreter_call_code.delta`` (the canonical input deltas are the JSON
  ``{"containerId":"…","code":"…"}`` the consumer builds around them); its result ``{outputs}``.
- ``image_generation`` (provider-executed, input ``{}``): ``image_generation_call``; a preliminary
  result ``{result: b64}`` is a ``response.image_generation_call.partial_image``, the final one
  completes the item.
- ``mcp.<name>`` (provider-executed, dynamic): one ``mcp_call`` item sent whole when its result
  ``{type: 'call', serverLabel, name, arguments, output? | error?}`` comes (the consumer reads the
  call and its result at ``response.output_item.done``); an ``error`` makes it ``failed``. The first
  call on a server is preceded by that server's ``mcp_list_tools`` item (which the consumer skips).
  A ``tool-approval-request`` right after the call (in place of its result) makes it an
  ``mcp_approval_request`` item instead, its ``id`` the approval id (dist/index.js:8790-8808: the
  consumer names the call with an id it generates, so the call's id is one no wire carries: a
  scenario lists it in ``expected.minted_ids``); the item's ``server_label`` is
  :data:`APPROVAL_SERVER` (the consumer keeps no label of an approval).
- ``shell``, ``apply_patch``, ``computer``, ``local_shell`` (client-run): ``shell_call`` (its commands
  streamed as ``response.shell_call_command.*``), ``apply_patch_call``, ``computer_call``,
  ``local_shell_call`` (sent whole: the consumer reads it at ``response.output_item.done``), the call's input the
  JSON the consumer builds from the item; unless the request declares a function tool of that name,
  which the model then calls as a function (an adapter that offers them as functions never gets the
  built-in items).
- ``shell`` provider-executed (a hosted shell, in a container): the ``shell_call`` (its
  ``environment`` a container reference) and, with its result ``{output, maxOutputLength?}``, a
  ``shell_call_output`` item whose per-command output streams as
  ``response.shell_call_output_content.delta/done``.
- ``programmatic_tool_calling`` (provider-executed, input ``{"code","fingerprint"}``): a ``program`` item
  sent whole; its result ``{result, status}`` is a ``program_output`` item (the consumer reads both
  at ``response.output_item.done``, dist/index.js:8541-8562).
- ``tool_search`` (provider-executed, a hosted tool search): ``tool_search_call`` (execution
  ``server``) added at its input start, done at its call (input ``{"arguments","call_id":null}``); its
  result ``{tools}`` is a ``tool_search_output`` item, which the consumer pairs with the oldest hosted
  search still without one (dist/index.js:8357-8372, :8692-8729).
- ``tool_search`` run by the client (not provider-executed, input ``{"arguments","call_id":<the call id>}``): a
  ``tool_search_call`` item (execution ``client``, its ``call_id`` the call id) sent whole at its call: the
  consumer reads it only at its done (dist/index.js:8692-8719); its output is the client's own, in the next
  request, so no result follows in the stream.
- a ``custom`` part of kind ``openai.compaction``: a ``compaction`` item.

What has no such form raises :class:`~mock_provider.dialects.DialectError` with the reason.

Example:
    >>> builtin_kind("web_search", True), builtin_kind("mcp.lookup", True), builtin_kind("get_weather", False)
    ('web_search_call', 'mcp_call', None)
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from mock_provider.dialects.base import DialectError
from mock_provider.parts import (
    Custom,
    Part,
    Source,
    ToolApprovalRequest,
    ToolCall,
    ToolInputDelta,
    ToolInputEnd,
    ToolInputStart,
    ToolResult,
)
from mock_provider.wires.openai_responses_forms import (
    compact,
    computer_fields,
    escape,
    file_results,
    local_shell_action,
    patch_operation,
    patch_stream,
    search_action,
    shell_action,
    shell_outputs,
)

# Provider-executed tool names -> their item (the names @ai-sdk/openai gives the calls, toCustomToolName).
HOSTED = {"web_search": "web_search_call", "file_search": "file_search_call", "tool_search": "tool_search_call",
          "code_interpreter": "code_interpreter_call", "image_generation": "image_generation_call"}
# Client-run built-in tools -> their item.
CLIENT = {"shell": "shell_call", "apply_patch": "apply_patch_call", "computer": "computer_call",
          "local_shell": "local_shell_call", "tool_search": "tool_search_call"}
# The provider-executed tool whose call is a program item (toCustomToolName("programmatic_tool_calling")).
PROGRAM_TOOL = "programmatic_tool_calling"
_PREFIX = {"web_search_call": "ws", "file_search_call": "fs", "code_interpreter_call": "ci",
           "image_generation_call": "ig", "mcp_call": "mcp", "shell_call": "sh", "apply_patch_call": "apc",
           "computer_call": "cu", "local_shell_call": "lsh", "program": "prg",
           "tool_search_call": "tsc"}
# Items whose call the consumer starts at response.output_item.added with no input of its own.
_NAMED_BY_ITEM = frozenset({*HOSTED.values(), "mcp_call"})
_EMPTY_INPUT = frozenset({"web_search_call", "file_search_call", "image_generation_call"})
# Canonical input streaming the consumer never makes for an item (its call is one tool-call part).
_NO_INPUT_START = frozenset({"file_search_call", "image_generation_call", "mcp_call", "shell_call", "local_shell_call",
                             "program"})
# McpToolCallError members (openai 3.57.0 types/responses/mcp_tool_call_error.py).
_MCP_ERRORS = frozenset({"mcp_protocol_error", "mcp_tool_execution_error", "http_error"})
COMPACTION_KIND = "openai.compaction"
# The server label of an mcp_approval_request (required by McpApprovalRequest; @ai-sdk/openai keeps none).
APPROVAL_SERVER = "mcp"
# The server whose tool list fails (wire option responses_fields mcp_list_failed) and the item's error.
FAILED_SERVER = "unreachable"
LIST_ERROR = "Error retrieving tool list from MCP server: 'unreachable'. Http status code: 503 (Service Unavailable)"

# The Responses wire's rules for built-in tools (openai_responses.RULES, docs/matrix.md).
BUILTIN_CALLS = (
    "Built-in tools (read as @ai-sdk/openai 4.0.118 reads each item): a provider-executed call named web_search / "
    "file_search / code_interpreter / image_generation (its item id the call id) is a `web_search_call` / "
    "`file_search_call` / `code_interpreter_call` (code as `response.code_interpreter_call_code.delta/done`) / "
    "`image_generation_call` item with its `response.<item>.in_progress/searching|generating|interpreting/"
    "completed` events; one named `mcp.<name>` (dynamic) is an `mcp_call` item sent whole with its result "
    "(`response.mcp_call_arguments.delta/done`, `response.mcp_call.completed|failed`), after the server's "
    "`mcp_list_tools` item the first time, or, followed by a tool-approval-request instead of its result, an "
    "`mcp_approval_request` item (its id the approval id; the consumer names the call with an id it generates); "
    "a client call named shell / apply_patch / computer / local_shell / tool_search is a `shell_call` "
    "(`response.shell_call_command.*`) / `apply_patch_call` / `computer_call` / `local_shell_call` / "
    "`tool_search_call` (execution client, input {arguments, call_id: the call id}) item, unless the "
    "request declared a function tool of that name (the model then calls the function); a provider-executed shell "
    "call is a hosted `shell_call` (environment a container reference) whose result is a `shell_call_output` item "
    "(`response.shell_call_output_content.delta/done` per command); a provider-executed programmatic_tool_calling "
    "call is a `program` item {call_id, code, fingerprint} whose result is a `program_output` item {result, status}; a "
    "provider-executed tool_search call is a `tool_search_call` item (execution server) whose result is a "
    "`tool_search_output` item {tools}")
APPROVAL = (
    "right after an `mcp.<name>` call (in place of its result): an `mcp_approval_request` item {id: approvalId, name, "
    "arguments: the call's input, server_label} sent whole (@ai-sdk/openai 4.0.118 reads it as the dynamic "
    "provider-executed call under an id it generates, then the approval request; the scenario lists that call id "
    "in expected.minted_ids)")
BUILTIN_CALL_ERRORS = (
    "another provider-executed name; a built-in call whose input is not the JSON the consumer makes of its item "
    "(web_search, file_search, image_generation: '{}'); input streaming the consumer never makes (file_search, "
    "image_generation, mcp, shell, local_shell, programmatic_tool_calling); an mcp call whose result is not right "
    "after it")
BUILTIN_RESULTS = (
    "completes its built-in item: web_search `{action, sources?}` (or isError `{status}`) -> the item's action "
    "(the url sources must follow as source parts), file_search `{queries, results}` (document sources follow), "
    "code_interpreter `{outputs}`, image_generation `{result}` (preliminary: "
    "`response.image_generation_call.partial_image`), mcp `{type:'call', serverLabel, name, arguments, "
    "output?|error?}` (an error: `response.mcp_call.failed`), programmatic_tool_calling `{result, status: "
    "'completed'|'incomplete'}` (a `program_output` item), tool_search `{tools}` (a `tool_search_output` item, in "
    "the order of the searches)")
BUILTIN_RESULT_ERRORS = (
    "the result of a client call (Responses carries results only in built-in items); a form other than the one "
    "@ai-sdk/openai 4.0.118 makes of the item; isError on anything but a web search")


def builtin_kind(tool_name: str, provider_executed: bool, functions: frozenset[str] = frozenset()) -> str | None:
    """The output item a call of this name is on Responses (None: a plain function call; '': none at all).

    A client call named shell / apply_patch / computer is that built-in tool's item unless the request
    declared a function of that name (then the model calls the function).
    """
    if provider_executed:
        if tool_name == "shell":
            return "shell_call"  # a hosted shell (a container): its output is an item of its own
        if tool_name == PROGRAM_TOOL:
            return "program"  # its output is an item of its own
        return "mcp_call" if tool_name.startswith("mcp.") else HOSTED.get(tool_name, "")
    return None if tool_name in functions else CLIENT.get(tool_name)


def declared_functions(request: Mapping[str, Any]) -> frozenset[str]:
    """The names of the function tools a Responses request declares (``tools[].type == 'function'``).

    >>> sorted(declared_functions({"tools": [{"type": "function", "name": "shell"}, {"type": "shell"}]}))
    ['shell']
    """
    tools = request.get("tools")
    return frozenset(str(t.get("name")) for t in tools if isinstance(t, dict) and t.get("type") == "function") \
        if isinstance(tools, list) else frozenset()


def builtin_functions(body: Mapping[str, Any]) -> dict[str, Any]:
    """The request fields that change a Responses answer: function tools named like a client-run built-in
    (the server passes them on to the plan and keys its cache by them).

    >>> builtin_functions({"tools": [{"type": "function", "name": "shell"}, {"type": "function", "name": "f"}]})
    {'tools': [{'type': 'function', 'name': 'shell'}]}
    >>> builtin_functions({"tools": [{"type": "shell"}]})
    {}
    """
    names = sorted(declared_functions(body) & set(CLIENT))
    return {"tools": [{"type": "function", "name": n} for n in names]} if names else {}


def named_item(part: Part) -> str:
    """The item id a part names (``providerMetadata.openai.itemId``, as @ai-sdk/openai 4.0.118 keeps it: a
    recording keeps the id the provider minted), or "" (the encoder mints one).

    >>> from mock_provider.parts import parse_part
    >>> named_item(parse_part({"type": "tool-call", "toolCallId": "c", "toolName": "f", "input": "{}",
    ...                        "providerMetadata": {"openai": {"itemId": "lsh_1"}}}))
    'lsh_1'
    """
    meta = getattr(part, "provider_metadata", None)
    named = (meta.get("openai") or {}).get("itemId") if isinstance(meta, dict) else None
    return named if isinstance(named, str) else ""


class Host(Protocol):
    """What the Responses encoder lends the built-in items: events, output items and refusals."""

    def event(self, kind: str, **fields: Any) -> dict[str, Any]: ...

    def add_item(self, prefix: str, item: dict[str, Any]) -> tuple[int, list[dict[str, Any]]]:
        """Append an output item (kept by reference; an empty ``id`` gets one): its index and events."""

    def refuse(self, part_type: str, reason: str) -> DialectError: ...


@dataclass
class _Call:
    kind: str  # the item type
    tool_name: str
    index: int = -1  # output_index once the item is added
    item: dict[str, Any] = field(default_factory=dict)
    deltas: list[str] = field(default_factory=list)  # canonical input deltas (streamed input)
    called: bool = False  # its tool-call part came
    done: bool = False
    partials: int = 0
    result_due: bool = False  # a hosted shell's call: its item is done, its output item comes with the result
    client: bool = False  # a tool_search the client runs (execution client): its item is sent whole at its call


class BuiltinTools:
    """The built-in tool items of one Responses stream (state kept across parts).

    >>> from mock_provider.parts import parse_part
    >>> from mock_provider.wires.openai_responses import Encoder
    >>> tools = Encoder("x.y.001").tools
    >>> tools.claims(parse_part({"type": "tool-call", "toolCallId": "c", "toolName": "f", "input": "{}"}))
    False
    >>> tools.claims(parse_part({"type": "tool-call", "toolCallId": "c", "toolName": "web_search", "input": "{}",
    ...                          "providerExecuted": True}))
    True
    """

    def __init__(self, host: Host, functions: frozenset[str] = frozenset(), *, list_failed: bool = False) -> None:
        self.host = host
        self.list_failed = list_failed  # a remote MCP server's tool list fails before the answer
        self.functions = functions  # function tools the request declared (a built-in name among them is a function)
        self.calls: dict[str, _Call] = {}
        self.pending_sources: list[tuple[str, Any]] = []  # sources a result implies, in the order they follow
        self.waiting: str | None = None  # an mcp call whose item is sent whole with its result
        self.servers: set[str] = set()  # MCP servers whose mcp_list_tools was sent
        self.searches: list[str] = []  # hosted tool searches done whose output item has not come yet

    # ---------------------------------------------------------------- routing
    def claims(self, part: Part) -> bool:
        """Whether this part belongs to a built-in item (or must follow one)."""
        if self.pending_sources or self.waiting is not None:
            return True
        if isinstance(part, ToolInputStart):
            return builtin_kind(part.tool_name, bool(part.provider_executed), self.functions) is not None
        if isinstance(part, ToolCall):
            return part.tool_call_id in self.calls or builtin_kind(
                part.tool_name, bool(part.provider_executed), self.functions) is not None
        if isinstance(part, ToolInputDelta | ToolInputEnd):
            return part.id in self.calls
        if isinstance(part, ToolResult):
            return True
        return isinstance(part, Custom) and part.kind == COMPACTION_KIND

    def encode(self, part: Part) -> list[dict[str, Any]]:
        """The events of one claimed part."""
        if self.pending_sources:
            return self._source(part)
        if self.waiting is not None and not (isinstance(part, ToolResult | ToolApprovalRequest)
                                             and part.tool_call_id == self.waiting):
            raise self.host.refuse("tool-call", f"mcp call {self.waiting!r} is one mcp_call item: its result (or "
                                   "its approval request) comes right after its tool-call (the consumer reads both "
                                   "at response.output_item.done)")
        if isinstance(part, ToolApprovalRequest):
            return self._approval(part)
        if isinstance(part, ToolInputStart):
            return self._input_start(part)
        if isinstance(part, ToolInputDelta):
            return self._input_delta(part)
        if isinstance(part, ToolInputEnd):
            return []
        if isinstance(part, ToolCall):
            return self._tool_call(part)
        if isinstance(part, ToolResult):
            return self._result(part)
        assert isinstance(part, Custom)
        return self._compaction(part)

    def unfinished(self) -> str | None:
        """A call whose item is still open (the terminal response lists every item as done)."""
        return next((cid for cid, c in self.calls.items() if not c.done or c.result_due), None)

    # ---------------------------------------------------------------- items
    def _add(self, call: _Call, call_id: str, item: dict[str, Any]) -> list[dict[str, Any]]:
        if call.kind in _NAMED_BY_ITEM:
            item["id"] = call_id  # the consumer names a hosted or MCP call after its item
        call.item = item
        call.index, out = self.host.add_item(_PREFIX[call.kind], item)
        return out

    def _progress(self, call: _Call, *stages: str) -> list[dict[str, Any]]:
        kind = call.kind.removesuffix("_call")
        return [self.host.event(f"response.{kind}_call.{stage}", item_id=call.item["id"], output_index=call.index)
                for stage in stages]

    def _done(self, call: _Call, **fields: Any) -> list[dict[str, Any]]:
        call.item.update(fields)
        call.done = True
        return [self.host.event("response.output_item.done", output_index=call.index, item=copy.deepcopy(call.item))]

    def _open_hosted(self, call: _Call, call_id: str) -> list[dict[str, Any]]:
        if call.kind == "tool_search_call":
            return self._add(call, call_id, {"id": "", "type": "tool_search_call", "execution": "server",
                                              "status": "in_progress", "arguments": {}, "call_id": None})
        if call.kind == "web_search_call":
            return [*self._add(call, call_id, {"id": "", "type": "web_search_call", "status": "in_progress",
                                                "action": {"type": "search", "query": None}}),
                    *self._progress(call, "in_progress", "searching")]
        if call.kind == "file_search_call":
            return [*self._add(call, call_id, {"id": "", "type": "file_search_call", "status": "in_progress",
                                                "queries": [], "results": None}),
                    *self._progress(call, "in_progress", "searching")]
        return [*self._add(call, call_id, {"id": "", "type": "image_generation_call", "status": "in_progress",
                                            "result": None}),
                *self._progress(call, "in_progress", "generating")]

    # ---------------------------------------------------------------- calls
    def _input_start(self, part: ToolInputStart) -> list[dict[str, Any]]:
        kind = builtin_kind(part.tool_name, bool(part.provider_executed), self.functions)
        if not kind:
            raise self.host.refuse(part.type, self._no_form(part.tool_name))
        if kind in _NO_INPUT_START:
            raise self.host.refuse(part.type, f"the consumer streams no input for a {kind}: its call is one "
                                   "tool-call part")
        call = self.calls.setdefault(part.id, _Call(kind, part.tool_name, client=not part.provider_executed))
        # A web search is added at once; code, patch and computer items wait for their input (the item
        # needs the container id, the operation, the actions), a client-run search for its call (the consumer
        # reads it only at its done).
        hosted_now = kind == "web_search_call" or (kind == "tool_search_call" and not call.client)
        return self._open_hosted(call, part.id) if hosted_now else []

    def _input_delta(self, part: ToolInputDelta) -> list[dict[str, Any]]:
        call = self.calls[part.id]
        if call.kind in ("web_search_call", "tool_search_call"):
            raise self.host.refuse(part.type, f"a {call.kind} streams no input (the consumer writes its input from the "
                                   "item at its done)")
        call.deltas.append(part.delta)
        return []

    @staticmethod
    def _no_form(tool_name: str) -> str:
        return (f"'{tool_name}' is not a Responses built-in tool (provider-executed calls are web_search, "
                "file_search, code_interpreter, image_generation, shell, programmatic_tool_calling and mcp.<name>)")

    def _tool_call(self, part: ToolCall) -> list[dict[str, Any]]:
        kind = builtin_kind(part.tool_name, bool(part.provider_executed), self.functions)
        if not kind:
            raise self.host.refuse(part.type, self._no_form(part.tool_name))
        call = self.calls.setdefault(part.tool_call_id, _Call(kind, part.tool_name,
                                                              client=not part.provider_executed))
        if call.called:
            return []  # a replay of a call already sent
        call.called = True
        if kind in _EMPTY_INPUT:
            if part.input != "{}":
                raise self.host.refuse(part.type, f"a {kind}'s input is '{{}}' as the consumer reads it (what it "
                                       "did is in its result)")
            return [] if call.item else self._open_hosted(call, part.tool_call_id)
        if kind == "mcp_call":
            if part.dynamic is not True:
                raise self.host.refuse(part.type, "the consumer reads an mcp_call as a dynamic tool call")
            self.waiting = part.tool_call_id
            call.deltas = [part.input]
            return []
        if kind == "code_interpreter_call":
            return self._code(part, call)
        if kind == "tool_search_call":
            return self._tool_search(part, call)
        if kind == "program":
            return self._program(part, call)
        return self._client_call(part, call)

    def _tool_search(self, part: ToolCall, call: _Call) -> list[dict[str, Any]]:
        """A tool search: its item done with the arguments (the consumer's input {arguments, call_id}: null for a
        hosted search, the call id for one the client runs)."""
        try:
            value = json.loads(part.input)
        except ValueError:
            value = None
        cid = part.tool_call_id if call.client else None
        if not isinstance(value, dict) or list(value) != ["arguments", "call_id"] or value["call_id"] != cid \
                or value["arguments"] is None or compact(value) != part.input:
            raise self.host.refuse(part.type, 'a client-run tool_search call\'s input is {"arguments":…,"call_id":'
                                   '<the call id>}' if call.client else 'a hosted tool_search call\'s input is '
                                   '{"arguments":…,"call_id":null} as the consumer writes it from the item')
        if call.client:
            # Sent whole: the consumer names the call after its call_id (the item's id is the provider's own) and
            # reads it only at its done (dist/index.js:8692-8719); its output is the client's, in the next request.
            call.item = {"id": named_item(part), "type": "tool_search_call", "execution": "client", "call_id": cid,
                         "status": "in_progress", "arguments": {}}
            call.index, out = self.host.add_item(_PREFIX[call.kind], call.item)
            return out + self._done(call, arguments=value["arguments"], status="completed")
        out = [] if call.item else self._open_hosted(call, part.tool_call_id)
        self.searches.append(part.tool_call_id)
        call.result_due = True
        return out + self._done(call, arguments=value["arguments"], status="completed")

    def _search_output(self, part: ToolResult, call: _Call) -> list[dict[str, Any]]:
        """A hosted search's result ``{tools}`` as its ``tool_search_output`` item (call_id null: the consumer pairs
        it with the oldest hosted search without one)."""
        r = part.result
        if not isinstance(r, dict) or list(r) != ["tools"] or not isinstance(r["tools"], list) or part.is_error \
                or part.preliminary:
            raise self.host.refuse(part.type, "a tool_search result is {tools: [<Tool>…]}")
        if part.tool_call_id != self.searches[0]:
            raise self.host.refuse(part.type, f"the consumer pairs a tool_search_output with the oldest hosted search "
                                   f"without one ({self.searches[0]!r}): results come in the searches' order")
        self.searches.pop(0)
        call.result_due = False
        item: dict[str, Any] = {"id": named_item(part), "type": "tool_search_output", "execution": "server",
                                "status": "completed",
                                "call_id": None, "tools": r["tools"]}
        index, out = self.host.add_item("tso", item)
        return [*out, self.host.event("response.output_item.done", output_index=index, item=copy.deepcopy(item))]

    def _string_fields(self, part: ToolCall, keys: list[str], why: str) -> dict[str, str]:
        """The call's input as an object of exactly ``keys`` (strings), written compactly as the consumer
        writes it; anything else is refused with ``why``."""
        try:
            value = json.loads(part.input)
        except ValueError:
            value = None
        if not isinstance(value, dict) or list(value) != keys \
                or not all(isinstance(v, str) for v in value.values()) or compact(value) != part.input:
            raise self.host.refuse(part.type, why)
        return value

    def _program(self, part: ToolCall, call: _Call) -> list[dict[str, Any]]:
        """A programmatic tool calling run: one ``program`` item, sent whole (its output item comes with the result)."""
        value = self._string_fields(part, ["code", "fingerprint"], 'a programmatic_tool_calling call\'s input is '
                                    '{"code":…,"fingerprint":…} as the consumer writes it from the program item')
        call.result_due = True
        item = {"id": named_item(part), "type": "program", "call_id": part.tool_call_id, **value}
        call.item = item
        call.index, out = self.host.add_item(_PREFIX[call.kind], item)
        return out + self._done(call)

    def _code(self, part: ToolCall, call: _Call) -> list[dict[str, Any]]:
        value = self._string_fields(part, ["code", "containerId"],
                                    'a code_interpreter call\'s input is {"code":…,"containerId":…} as the '
                                    "consumer writes it")
        code, container = value["code"], value["containerId"]
        head, tail = f'{{"containerId":"{container}","code":"', '"}'
        if call.deltas and "".join(call.deltas) != head + escape(code) + tail:
            raise self.host.refuse(part.type, 'a code_interpreter call streams {"containerId":"…","code":"<code, '
                                   'escaped>"} as the consumer builds it from the code deltas')
        pieces = call.deltas[1:-1] if call.deltas[:1] == [head] and call.deltas[-1:] == [tail] else [escape(code)]
        try:
            chunks = [json.loads(f'"{p}"') for p in pieces]
        except ValueError:
            chunks = [code]  # a delta that splits an escape: the code goes as one delta
        if "".join(chunks) != code:
            chunks = [code]
        out = self._add(call, part.tool_call_id, {"id": "", "type": "code_interpreter_call", "status": "in_progress",
                                                  "container_id": container, "code": "", "outputs": None})
        out += self._progress(call, "in_progress")
        out += [self.host.event("response.code_interpreter_call_code.delta", item_id=call.item["id"],
                                output_index=call.index, delta=c) for c in chunks if c]
        call.item["code"] = code
        out.append(self.host.event("response.code_interpreter_call_code.done", item_id=call.item["id"],
                                   output_index=call.index, code=code))
        return out + self._progress(call, "interpreting")

    def _client_call(self, part: ToolCall, call: _Call) -> list[dict[str, Any]]:
        """A shell, apply_patch or computer call: its item whole (the input is the consumer's JSON of it)."""
        cid = part.tool_call_id
        if call.kind == "shell_call":
            action = shell_action(part.input)
            if action is None:
                raise self.host.refuse(part.type, "'shell' is the shell tool's call on Responses: its input is "
                                       '{"action":{"commands":[…],"timeoutMs"?,"maxOutputLength"?}} as the consumer '
                                       "writes it")
            return self._shell(call, cid, action, hosted=bool(part.provider_executed), item_id=named_item(part))
        if call.kind == "local_shell_call":
            local = local_shell_action(part.input)
            if local is None:
                raise self.host.refuse(part.type, "'local_shell' is the local shell tool's call on Responses: its "
                                       'input is {"action":{"type":"exec","command":[…],"timeoutMs"?,"user"?,'
                                       '"workingDirectory"?,"env":{…}}} as the consumer writes it')
            out = self._add(call, cid, {"id": named_item(part), "type": "local_shell_call", "call_id": cid,
                                        "status": "in_progress", "action": local})
            return out + self._done(call, status="completed")
        if call.kind == "apply_patch_call":
            op = patch_operation(part.input, cid)
            if op is None or (call.deltas and call.deltas != patch_stream(cid, op)):
                raise self.host.refuse(part.type, "'apply_patch' is the apply_patch tool's call on Responses: its "
                                       'input is {"callId":<the call id>,"operation":{type, path, diff?}}, streamed '
                                       "as the consumer builds it")
            out = self._add(call, cid, {"id": named_item(part), "type": "apply_patch_call", "call_id": cid,
                                        "status": "in_progress",
                                        "operation": {**op, "diff": ""} if "diff" in op else op})
            return out + self._done(call, operation=op, status="completed")
        fields = computer_fields(part.input)
        if fields is None or (call.deltas and "".join(call.deltas) != part.input):
            raise self.host.refuse(part.type, "'computer' is the computer tool's call on Responses: its input is "
                                   '{"actions":[…],"pendingSafetyChecks":[…],"status":"completed"} as the consumer '
                                   "writes it")
        out = self._add(call, cid, {"id": named_item(part), "type": "computer_call", "call_id": cid,
                                    "status": "in_progress", **fields})
        return out + self._done(call, status="completed")

    def _shell(self, call: _Call, cid: str, action: dict[str, Any], *, hosted: bool,
               item_id: str = "") -> list[dict[str, Any]]:
        item: dict[str, Any] = {"id": item_id, "type": "shell_call", "call_id": cid, "status": "in_progress",
                                "action": {**action, "commands": []}}
        if hosted:  # run in a container OpenAI holds (ResponseContainerReference): its output follows
            item["environment"] = {"type": "container_reference", "container_id": f"cntr_{cid}"}
            call.result_due = True
        out = self._add(call, cid, item)
        for n, command in enumerate(action["commands"]):
            out += [self.host.event("response.shell_call_command.added", output_index=call.index, command_index=n,
                                    command=""),
                    self.host.event("response.shell_call_command.delta", output_index=call.index, command_index=n,
                                    delta=command),
                    self.host.event("response.shell_call_command.done", output_index=call.index, command_index=n,
                                    command=command)]
        return out + self._done(call, action=action, status="completed")

    # ---------------------------------------------------------------- results
    def _result(self, part: ToolResult) -> list[dict[str, Any]]:
        call = self.calls.get(part.tool_call_id)
        if call is not None and call.result_due:
            if call.kind == "tool_search_call":
                return self._search_output(part, call)
            return self._program_output(part, call) if call.kind == "program" else self._shell_output(part, call)
        if call is None or not call.called or call.done or call.kind not in (*HOSTED.values(), "mcp_call"):
            raise self.host.refuse(part.type, f"{part.tool_call_id!r} is not an open provider-executed call: Responses "
                                   "carries results only in a built-in tool's item")
        if call.kind == "mcp_call":
            return self._mcp(part, call)
        if part.is_error and call.kind != "web_search_call":
            raise self.host.refuse(part.type, f"the consumer never reads a {call.kind} as an error result")
        if call.kind == "web_search_call":
            return self._web_result(part, call)
        if call.kind == "file_search_call":
            found = file_results(part.result)
            if isinstance(found, str):
                raise self.host.refuse(part.type, found)
            fields, sources = found
            self.pending_sources = [("document", s) for s in sources]
            return self._progress(call, "completed") + self._done(call, **fields, status="completed")
        if call.kind == "code_interpreter_call":
            outputs = part.result.get("outputs", "") if isinstance(part.result, dict) else ""
            if not isinstance(part.result, dict) or set(part.result) != {"outputs"} or not (
                    outputs is None or isinstance(outputs, list)):
                raise self.host.refuse(part.type, "a code_interpreter result is {outputs: [{type: 'logs', logs} | "
                                       "{type: 'image', url}] | null}")
            return self._progress(call, "completed") + self._done(call, outputs=outputs, status="completed")
        return self._image(part, call)

    def _shell_output(self, part: ToolResult, call: _Call) -> list[dict[str, Any]]:
        """A hosted shell's result ``{output: [{stdout, stderr, outcome}], maxOutputLength?}`` (one output per
        command) as its ``shell_call_output`` item, each command's output streamed
        (``response.shell_call_output_content.delta/done``)."""
        r = part.result
        outputs = shell_outputs(r.get("output")) if isinstance(r, dict) and not set(r) - {
            "output", "maxOutputLength"} else None
        if outputs is None or part.is_error or part.preliminary:
            raise self.host.refuse(part.type, "a hosted shell's result is {output: [{stdout, stderr, outcome: "
                                   "{type: 'exit', exitCode} | {type: 'timeout'}}], maxOutputLength?}")
        assert isinstance(r, dict)
        call.result_due = False
        item: dict[str, Any] = {"id": named_item(part), "type": "shell_call_output", "call_id": part.tool_call_id,
                                "status": "in_progress", "output": []}
        if "maxOutputLength" in r:
            item["max_output_length"] = r["maxOutputLength"]
        index, out = self.host.add_item("sho", item)
        for n, wire in enumerate(outputs):
            out += [self.host.event("response.shell_call_output_content.delta", item_id=item["id"],
                                    output_index=index, command_index=n,
                                    delta={"stdout": wire["stdout"], "stderr": wire["stderr"]}),
                    self.host.event("response.shell_call_output_content.done", item_id=item["id"],
                                    output_index=index, command_index=n, output=[wire])]
        item.update(output=outputs, status="completed")
        return [*out, self.host.event("response.output_item.done", output_index=index, item=copy.deepcopy(item))]

    def _program_output(self, part: ToolResult, call: _Call) -> list[dict[str, Any]]:
        """A program's result ``{result, status}`` as its ``program_output`` item, sent whole."""
        r = part.result
        if not isinstance(r, dict) or list(r) != ["result", "status"] or not isinstance(r["result"], str) \
                or r["status"] not in ("completed", "incomplete") or part.is_error or part.preliminary:
            raise self.host.refuse(part.type, "a programmatic_tool_calling result is {result: <string>, status: "
                                   "'completed' | 'incomplete'} (ProgramOutput)")
        call.result_due = False
        item: dict[str, Any] = {"id": named_item(part), "type": "program_output", "call_id": part.tool_call_id,
                                **r}
        index, out = self.host.add_item("prgo", item)
        return [*out, self.host.event("response.output_item.done", output_index=index, item=copy.deepcopy(item))]

    def _web_result(self, part: ToolResult, call: _Call) -> list[dict[str, Any]]:
        if part.is_error:
            status = part.result.get("status") if isinstance(part.result, dict) and set(part.result) == {"status"} \
                else None
            if status not in ("failed", "incomplete"):
                raise self.host.refuse(part.type, "a failed web search reads as isError with {status: 'failed' | "
                                       "'incomplete'}")
            return self._done(call, status=status)
        found = search_action(part.result)
        if isinstance(found, str):
            raise self.host.refuse(part.type, found)
        action, urls = found
        self.pending_sources = [("url", u) for u in urls]
        return self._progress(call, "completed") + self._done(call, action=action, status="completed")

    def _image(self, part: ToolResult, call: _Call) -> list[dict[str, Any]]:
        image = part.result.get("result") if isinstance(part.result, dict) and set(part.result) == {"result"} else None
        if not isinstance(image, str):
            raise self.host.refuse(part.type, "an image_generation result is {result: <base64 image>}")
        if part.preliminary:
            call.partials += 1
            return [self.host.event("response.image_generation_call.partial_image", item_id=call.item["id"],
                                    output_index=call.index, partial_image_index=call.partials - 1,
                                    partial_image_b64=image)]
        return self._progress(call, "completed") + self._done(call, result=image, status="completed")

    def _mcp(self, part: ToolResult, call: _Call) -> list[dict[str, Any]]:
        self.waiting = None
        r, name, args = part.result, call.tool_name.removeprefix("mcp."), call.deltas[0]
        form = (f"an mcp_call result is {{type: 'call', serverLabel, name: '{name}', arguments: <the call's input>, "
                "output? | error?}, the error an McpToolCallError object")
        if not isinstance(r, dict) or r.get("type") != "call" or r.get("name") != name or r.get("arguments") != args \
                or not isinstance(r.get("serverLabel"), str) or set(r) - {"type", "serverLabel", "name", "arguments",
                                                                           "output", "error"} \
                or part.is_error or part.preliminary:
            raise self.host.refuse(part.type, form)
        error = r.get("error")
        if error is not None and not (isinstance(error, dict) and error.get("type") in _MCP_ERRORS):
            raise self.host.refuse(part.type, form)
        label = r["serverLabel"]
        out = self._listed(label, name)  # the server's tools are listed before its first call
        out += self._add(call, part.tool_call_id, {"id": "", "type": "mcp_call", "status": "in_progress", "name": name,
                                                   "server_label": label, "arguments": ""})
        item_id = call.item["id"]
        out += self._progress(call, "in_progress")
        out += [self.host.event("response.mcp_call_arguments.delta", item_id=item_id, output_index=call.index,
                                delta=args),
                self.host.event("response.mcp_call_arguments.done", item_id=item_id, output_index=call.index,
                                arguments=args)]
        failed = error is not None
        out += self._progress(call, "failed" if failed else "completed")
        return out + self._done(call, arguments=args, output=r.get("output"), error=error,
                                status="failed" if failed else "completed")

    def _approval(self, part: ToolApprovalRequest) -> list[dict[str, Any]]:
        """An mcp call awaiting approval: one ``mcp_approval_request`` item, sent whole (the consumer reads it at
        ``response.output_item.done``), its id the approval id."""
        self.waiting = None
        call = self.calls[part.tool_call_id]
        out = self._listed(APPROVAL_SERVER, call.tool_name.removeprefix("mcp."))
        item: dict[str, Any] = {"id": part.approval_id, "type": "mcp_approval_request",
                                "name": call.tool_name.removeprefix("mcp."), "arguments": call.deltas[0],
                                "server_label": APPROVAL_SERVER}
        call.item = item
        call.index, added = self.host.add_item(_PREFIX[call.kind], item)
        return [*out, *added, *self._done(call)]

    def opening(self) -> list[dict[str, Any]]:
        """What comes before the answer: with ``list_failed``, the failed tool list of :data:`FAILED_SERVER`, an
        ``mcp_list_tools`` item with ``response.mcp_list_tools.failed`` and its ``error`` (the consumer skips it)."""
        if not self.list_failed:
            return []
        self.servers.add(FAILED_SERVER)
        listed: dict[str, Any] = {"id": "", "type": "mcp_list_tools", "server_label": FAILED_SERVER, "tools": []}
        index, added = self.host.add_item("mcpl", listed)
        listed["error"] = LIST_ERROR
        return [*added,
                self.host.event("response.mcp_list_tools.in_progress", item_id=listed["id"], output_index=index),
                self.host.event("response.mcp_list_tools.failed", item_id=listed["id"], output_index=index),
                self.host.event("response.output_item.done", output_index=index, item=copy.deepcopy(listed))]

    def _listed(self, label: str, name: str) -> list[dict[str, Any]]:
        """The server's ``mcp_list_tools`` item before its first call (the consumer skips it)."""
        if label in self.servers:
            return []
        self.servers.add(label)
        listed: dict[str, Any] = {"id": "", "type": "mcp_list_tools", "server_label": label, "tools": []}
        index, added = self.host.add_item("mcpl", listed)
        listed["tools"] = [{"name": name, "input_schema": {"type": "object"}}]
        return [*added,
                self.host.event("response.mcp_list_tools.in_progress", item_id=listed["id"], output_index=index),
                self.host.event("response.mcp_list_tools.completed", item_id=listed["id"], output_index=index),
                self.host.event("response.output_item.done", output_index=index, item=copy.deepcopy(listed))]

    # ---------------------------------------------------------------- sources, compaction
    def _source(self, part: Part) -> list[dict[str, Any]]:
        kind, want = self.pending_sources[0]
        if isinstance(part, Source) and part.source_type == kind and (
                (kind == "url" and part.url == want and part.title is None)
                or (kind == "document" and part.title == want["filename"] and part.filename == want["filename"]
                    and part.media_type == "text/plain"
                    and (part.provider_metadata or {}).get("openai") == {"type": "file_search",
                                                                          "fileId": want["fileId"]})):
            self.pending_sources.pop(0)
            return []  # the consumer makes it from the item just completed
        what = f"url source {want!r}" if kind == "url" else (
            f"document source (title and filename {want['filename']!r}, mediaType text/plain, providerMetadata "
            f"openai {{type: 'file_search', fileId: {want['fileId']!r}}})")
        raise self.host.refuse("source", f"the consumer follows a search result with a {what} from its item: the "
                               "script must say it next")

    def _compaction(self, part: Custom) -> list[dict[str, Any]]:
        meta = (part.provider_metadata or {}).get("openai")
        if not isinstance(meta, dict) or set(meta) != {"type", "itemId", "encryptedContent"} \
                or meta["type"] != "compaction" or not isinstance(meta["encryptedContent"], str):
            raise self.host.refuse(part.type, "an openai.compaction part carries providerMetadata openai {type: "
                                   "'compaction', itemId, encryptedContent} (a compaction item)")
        item: dict[str, Any] = {"id": meta["itemId"], "type": "compaction", "encrypted_content": ""}
        index, out = self.host.add_item("cmp", item)
        item["encrypted_content"] = meta["encryptedContent"]
        out += [self.host.event("response.compaction.compacting", item_id=item["id"], output_index=index),
                self.host.event("response.output_item.done", output_index=index, item=copy.deepcopy(item))]
        return out


# Input items the model wrote (openai 3.57.0 types/responses/response_input_item_param.py): an
# assistant message, the calls it made, its reasoning, or a reference to one of its stored items.
_ASSISTANT_ITEMS = frozenset({"function_call", "reasoning", "item_reference", "custom_tool_call", "web_search_call",
                              "file_search_call", "computer_call", "code_interpreter_call", "image_generation_call",
                              "local_shell_call", "mcp_call", "mcp_list_tools", "mcp_approval_request",
                              # The built-in items this wire also sends (a client echoes them back in its input).
                              "shell_call", "apply_patch_call", "compaction"})


def _assistant_side(item: Any) -> bool:
    if not isinstance(item, dict):
        return False
    kind = item.get("type")
    if kind in (None, "message"):
        return item.get("role") == "assistant"
    return isinstance(kind, str) and kind in _ASSISTANT_ITEMS  # a list or object type is unhashable


def assistant_turns(body: Mapping[str, Any]) -> int:
    """Assistant turns of a Responses request: maximal runs of assistant-side ``input`` items
    (an assistant message, ``function_call``, ``reasoning`` ...), since one model turn comes back as
    several items. A string ``input`` holds none; so does a request continued by
    ``previous_response_id`` alone (its earlier turns live upstream, not in the body).

    >>> assistant_turns({"input": [{"role": "user", "content": "hi"}, {"type": "reasoning", "id": "r"},
    ...     {"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}"},
    ...     {"type": "function_call_output", "call_id": "c", "output": "1"},
    ...     {"type": "message", "role": "assistant", "content": []}]})
    2
    >>> assistant_turns({"input": [{"role": "user", "content": "hi"}, {"type": "compaction", "id": "c"},
    ...     {"type": "shell_call", "call_id": "s"}, {"type": "shell_call_output", "call_id": "s"}]})
    1
    """
    items = body.get("input")
    if not isinstance(items, list):
        return 0
    runs, inside = 0, False
    for item in items:
        side = _assistant_side(item)
        runs += side and not inside
        inside = side
    return runs
