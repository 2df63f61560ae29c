"""The ``sac-harness/1`` stdio protocol: one pydantic model per message (docs/adapter-protocol.md).

Every message is one JSON object on one line. The suite validates every line the harness
prints with :func:`parse_harness_line`; the messages it sends are built from these models
too, so the JSON Schema (:func:`schema`) is the whole protocol.

Example:
    >>> parse_harness_line(b'{"type":"end","case":"text.basic.001[v3]"}')
    EndMessage(type='end', case='text.basic.001[v3]', read=None, notes=None)
    >>> parse_harness_line(b'{"type":"end"}')
    Traceback (most recent call last):
    ...
    conformance.targets.protocol.ProtocolViolation: end.case: Field required
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictStr, TypeAdapter, ValidationError

from conformance.contract import Capabilities

PROTOCOL = "sac-harness/1"

__all__ = [
    "PROTOCOL",
    "AbortAckMessage",
    "AbortMessage",
    "CapabilitiesMessage",
    "CaseMessage",
    "EndMessage",
    "ErrorMessage",
    "EventMessage",
    "HelloMessage",
    "ModalitiesMessage",
    "PartMessage",
    "PartsAbortMessage",
    "PartsAheadMessage",
    "PartsCloseMessage",
    "PartsEndMessage",
    "PartsErrorMessage",
    "ProtocolViolation",
    "PullMessage",
    "ToolBody",
    "ToolResultBody",
    "ToolStartedMessage",
    "parse_harness_line",
    "schema",
    "upstream_error",
]


class _Message(BaseModel):
    # Unknown fields are ignored (a later minor revision may add some); unknown types are not.
    model_config = ConfigDict(extra="ignore")

    def line(self) -> bytes:
        """The message as one protocol line (compact JSON + ``\\n``).

        >>> HelloMessage().line()
        b'{"type":"hello","protocol":"sac-harness/1"}\\n'
        """
        return (json.dumps(self.model_dump(mode="json", exclude_none=True, by_alias=True),
                           separators=(",", ":"), ensure_ascii=False) + "\n").encode()


# ---------------------------------------------------------------- suite -> harness
class HelloMessage(_Message):
    """The first line the suite sends after starting the process."""

    type: Literal["hello"] = "hello"
    protocol: Literal["sac-harness/1"] = "sac-harness/1"


class ToolResultBody(_Message):
    """What a server tool returns for one call (``result``), or the error it raises (``error``)."""

    tool_call_id: str
    result: Any = None
    error: str | None = Field(default=None, description="The tool raises an error with this message.")
    until_abort: bool | None = Field(
        default=None, description="The caller aborts while this call runs (client.abort_during_tool): the "
        "tool returns its result (or raises its error) only once the case's abort reached the harness, so the "
        "abort lands in the adapter's own tool executor. Pass the case's signal to the adapter and stop the loop.")
    report_start: bool | None = Field(
        default=None, description="With until_abort: a harness that declared `sends: [\"tool-started\"]` sends "
        "`{\"type\":\"tool-started\",\"case\",\"tool_call_id\"}` when this tool starts executing; the suite "
        "then aborts at that moment (otherwise once the call was emitted complete and turn 1's request ended).")


class ToolBody(_Message):
    """One tool of the caller's request. A ``server`` tool is executable: the harness gives its adapter
    an execute function that returns ``results[i].result`` for the call ``results[i].tool_call_id`` (or
    raises ``results[i].error``), so the adapter's own agent loop runs it and calls the model again.
    A client tool (``server`` false, no ``results``) has no execute function: the run ends with its call."""

    model_config = ConfigDict(extra="allow")  # a caller's further tool fields pass through

    name: str
    description: str = ""
    input_schema: dict[str, Any] = Field(default_factory=lambda: {"type": "object", "properties": {}})
    needs_approval: bool = False
    server: bool = False
    results: list[ToolResultBody] | None = Field(
        default=None, description="Server tools only: the declared result (or error) of each call.")


class RequestBody(_Message):
    """The caller's request (``conformance.contract.RunRequest`` without the abort signal)."""

    model: str
    messages: list[dict[str, Any]]
    tools: list[ToolBody] = Field(default_factory=list)
    output_schema: dict[str, Any] | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    thread_id: str
    run_id: str
    structured_mode: Literal["native", "tool", "instruction"] = Field(
        default="native", description="How the provider supports structured output (with output_schema).")


class HttpUpstream(_Message):
    """The case is served over HTTP by the mock server: point the real provider client here."""

    mode: Literal["http"] = "http"
    base_url: str = Field(description="Server root; OpenAI-compatible clients use base_url + '/v1'.")
    model_id: str = Field(description="The model name to request (it selects the scenario).")
    headers: dict[str, str] = Field(description="Send with every request (the case's log scope).")


class PartsUpstream(_Message):
    """The case's upstream is the suite's scripted model: its parts arrive as ``part`` messages."""

    mode: Literal["parts"] = "parts"


class CaseMessage(_Message):
    """Run one case. ``case`` is echoed on every message about it."""

    type: Literal["case"] = "case"
    case: str
    dialect: str
    request: RequestBody
    upstream: Annotated[HttpUpstream | PartsUpstream, Field(discriminator="mode")]
    model_info: dict[str, Any] | None = Field(
        default=None, description="The upstream model's models.dev catalogue entry (AdapterContext.model_info; "
        "a PDF input is 'pdf' there), present only when the scenario states one. The harness answers with a "
        "'modalities' message (row request.modalities).")


class PartMessage(_Message):
    """One upstream stream part, in the case's dialect (a ``v2``/``v3``/``v4``/``mastra`` item)."""

    type: Literal["part"] = "part"
    case: str
    part: dict[str, Any]


class PartsEndMessage(_Message):
    """The upstream part stream ended normally."""

    type: Literal["parts-end"] = "parts-end"
    case: str


class UpstreamError(_Message):
    """What the upstream raised: ``APICallError`` (``status``), ``StreamDisconnected``, ``AbortError``..."""

    name: str
    message: str
    status: int | None = None
    response_body: str | None = Field(default=None, alias="responseBody")
    is_retryable: bool | None = Field(default=None, alias="isRetryable")
    response_headers: dict[str, str] | None = Field(
        default=None, alias="responseHeaders", description="APICallError.responseHeaders (e.g. retry-after-ms: "
        "an agent's retry reads them).")

    model_config = ConfigDict(extra="ignore", populate_by_name=True)


def upstream_error(exc: BaseException) -> UpstreamError:
    """What an upstream exception says, as a ``parts-error`` carries it (``status``, body, headers when it has them).

    >>> upstream_error(ConnectionError("reset")).model_dump(exclude_none=True)
    {'name': 'ConnectionError', 'message': 'reset'}
    """
    status = getattr(exc, "status_code", None)
    body = getattr(exc, "response_body", None)
    retryable = getattr(exc, "is_retryable", None)
    headers = getattr(exc, "response_headers", None)
    return UpstreamError(name=type(exc).__name__, message=str(exc) or type(exc).__name__,
                         status=status if isinstance(status, int) else None,
                         responseBody=body if isinstance(body, str) else None,
                         isRetryable=retryable if isinstance(retryable, bool) else None,
                         responseHeaders={str(k): str(v) for k, v in headers.items()}
                         if isinstance(headers, dict) and headers else None)


class PartsErrorMessage(_Message):
    """The upstream failed: before any part (``doStream`` itself threw) or mid-stream."""

    type: Literal["parts-error"] = "parts-error"
    case: str
    error: UpstreamError
    in_stream: bool | None = Field(
        default=None, alias="inStream", description="true on the answer to the first pull when doStream returned "
        "and reading its stream's first part failed (an abort before the first part): the harness's doStream "
        "returns, and the stream's first read throws. Absent: on a first pull, doStream itself threw.")

    model_config = ConfigDict(extra="ignore", populate_by_name=True)


class PartsAheadMessage(_Message):
    """(to a harness that declared ``receives: ["parts-ahead"]``) the answer to a model call's first pull
    with the whole call at once: every part its stream hands out, in order, then how it ends.

    Sent only where the order of reads cannot change what the upstream does: a stream whose reads all
    return at once (no delay, no stall) in a case whose caller does not abort. The harness hands the
    parts to its adapter one read at a time, sends no further ``pull`` for the call, and says on each
    message it prints for the case how many reads its adapter made of the call (``read``): the suite
    plays those reads on its scripted upstream, so every event is placed after the parts it was
    emitted after, as with a pull per read.
    """

    type: Literal["parts-ahead"] = "parts-ahead"
    case: str
    parts: list[dict[str, Any]] = Field(description="The call's stream parts, in the case's dialect, in order.")
    error: UpstreamError | None = Field(
        default=None, description="What the read after the last part raises (as in `parts-error`); absent: "
        "that read ends the stream (as `parts-end`).")


class AbortMessage(_Message):
    """The caller aborted the run (abort the AbortController / the upstream request)."""

    type: Literal["abort"] = "abort"
    case: str


# ---------------------------------------------------------------- harness -> suite
class CapabilitiesMessage(_Message):
    """The harness's reply to ``hello``.

    ``flow`` says how the harness wants parts: ``pull`` (one ``part``/``parts-end``/
    ``parts-error`` per ``pull`` it sends; the suite's timing checks are exact) or ``push``
    (every part as soon as the scripted model yields it; the default of the draft protocol).
    """

    type: Literal["capabilities"]
    protocol: Literal["sac-harness/1"]
    capabilities: Capabilities
    flow: Literal["pull", "push"] = "push"
    sends: list[str] = Field(
        default_factory=list, description="Optional harness messages it sends: `parts-close` (flow pull: the "
        "adapter closed or dropped its upstream stream before it ended), `tool-started` (a held tool "
        "started executing; only for a result that carries `report_start`).")
    receives: list[str] = Field(
        default_factory=list, description="Optional suite messages it understands: `parts-ahead` (flow pull: a "
        "model call's parts at once, answering its first pull, where the order of reads cannot change the "
        "upstream; the harness then reports its adapter's reads in `read`).")


class EventMessage(_Message):
    """One output event of the adapter (AG-UI event or TanStack chunk), in order."""

    type: Literal["event"]
    case: str
    event: Any
    read: int | None = Field(
        default=None, ge=0, description="In a model call answered with `parts-ahead`: how many reads of the "
        "call's stream the adapter had made when this was printed (each part read counts one, and so does the "
        "read that met the stream's end or error). Ignored in a call served a pull at a time.")


class EndMessage(_Message):
    """The adapter's stream is done (it returned)."""

    type: Literal["end"]
    case: str
    read: int | None = Field(
        default=None, ge=0, description="In a model call answered with `parts-ahead`: how many reads of the "
        "call's stream the adapter had made when this was printed (each part read counts one, and so does the "
        "read that met the stream's end or error). Ignored in a call served a pull at a time.")
    notes: list[str] | None = Field(
        default=None, description="What the harness saw the adapter leave behind in its process (a non-daemon "
        "thread still running); the suite adds each to the case's reason. Not graded.")


class ErrorMessage(_Message):
    """The adapter threw: graded like a Python adapter whose ``stream()`` raised.

    With ``http_status`` (sent before any ``event``), the adapter answered its caller with that HTTP error
    status and ``message`` as the body, instead of a stream: graded like ``contract.HttpErrorResponse``.
    """

    type: Literal["error"]
    case: str
    message: str
    read: int | None = Field(
        default=None, ge=0, description="In a model call answered with `parts-ahead`: how many reads of the "
        "call's stream the adapter had made when this was printed (each part read counts one, and so does the "
        "read that met the stream's end or error). Ignored in a call served a pull at a time.")
    stack: str | None = None
    http_status: int | None = Field(
        default=None, ge=400, le=599,
        description="The adapter answered with this HTTP error status before any event (a UI message stream "
        "route's non-2xx response); `message` is the response body. Absent: the adapter threw.")
    notes: list[str] | None = Field(
        default=None, description="What the harness saw the adapter leave behind in its process (a non-daemon "
        "thread still running); the suite adds each to the case's reason. Not graded.")


class ToolStartedMessage(_Message):
    """A server tool whose result carries ``until_abort`` and ``report_start`` started executing (declared in
    ``capabilities.sends``): the caller's abort comes now, as it does in process when the tool starts."""

    type: Literal["tool-started"]
    case: str
    tool_call_id: str


class PullMessage(_Message):
    """(``flow: pull`` only) the adapter reads the next upstream part; the first one calls ``doStream``.

    An agent loop calls ``doStream`` again once a stream ended (``parts-end``): a pull with ``options``
    after it starts the next model call, whose parts follow as before."""

    type: Literal["pull"]
    case: str
    read: int | None = Field(
        default=None, ge=0, description="In a model call answered with `parts-ahead`: how many reads of the "
        "call's stream the adapter had made when this was printed (each part read counts one, and so does the "
        "read that met the stream's end or error). Ignored in a call served a pull at a time.")
    options: dict[str, Any] | None = Field(
        default=None, description="On the first pull of each model call: the doStream call options as JSON "
        "(prompt, tools, "
        "responseFormat, toolChoice ...; no abort signal). The suite logs them as the upstream request, "
        "which the request.* and structured.* rows check.")


class PartsAbortMessage(_Message):
    """(parts mode) the adapter aborted its upstream call: the abort signal it gave ``doStream`` fired.

    The scripted upstream then fails with ``AbortError`` and records the abort (row 8.1.22). An
    adapter that never passes the caller's signal upstream never causes this message.
    """

    type: Literal["parts-abort"]
    case: str


class PartsCloseMessage(_Message):
    """(``flow: pull``, declared in ``capabilities.sends``) the adapter closed its upstream stream, or let
    go of it, before the stream ended: the suite ends the scripted upstream call now, as an in-process
    adapter's ``aclose`` does. A harness that declared it and never sends it for a case has left that
    upstream open: the suite leaves it open past the case's end too (row request.abort)."""

    type: Literal["parts-close"]
    case: str
    read: int | None = Field(
        default=None, ge=0, description="In a model call answered with `parts-ahead`: how many reads of the "
        "call's stream the adapter had made when this was printed (each part read counts one, and so does the "
        "read that met the stream's end or error). Ignored in a call served a pull at a time.")


class ModalitiesMessage(_Message):
    """The adapter's TanStack input modalities for this case's model (its ``input_modalities``).

    Sent at most once per case, before ``end``/``error``, in answer to a ``case`` that carries
    ``model_info``. The suite grades ``input`` like an in-process adapter's ``input_modalities``
    (row ``request.modalities``: ``@tanstack/ai`` ``Modality`` values, so a models.dev ``pdf`` is
    ``document``); a harness that sends none is UNSUPPORTED on that case.

    >>> parse_harness_line(b'{"type":"modalities","case":"a[v3]","input":["text","document"]}').input
    ['text', 'document']
    """

    type: Literal["modalities"]
    case: str
    input: list[StrictStr] = Field(description="TanStack Modality names: text, image, audio, video, document.")


class AbortAckMessage(_Message):
    """The harness read ``abort`` and fired its AbortController (required with ``flow: pull``).

    Any ``parts-abort`` the firing caused comes before it. Over HTTP the harness hears of the
    abort later than the suite decides it: events it printed before this line count as emitted
    before the abort (row 8.1.22). Without it, the abort counts from the moment the suite
    decided it.
    """

    type: Literal["abort-ack"]
    case: str


HarnessMessage = Annotated[
    CapabilitiesMessage | EventMessage | EndMessage | ErrorMessage | PullMessage | PartsAbortMessage
    | AbortAckMessage | ModalitiesMessage | ToolStartedMessage | PartsCloseMessage,
    Field(discriminator="type"),
]
SuiteMessage = Annotated[
    HelloMessage | CaseMessage | PartMessage | PartsEndMessage | PartsErrorMessage | PartsAheadMessage
    | AbortMessage,
    Field(discriminator="type"),
]
_HARNESS: TypeAdapter[Any] = TypeAdapter(HarnessMessage)
_SUITE: TypeAdapter[Any] = TypeAdapter(SuiteMessage)


class ProtocolViolation(Exception):
    """A harness line that is not a valid ``sac-harness/1`` message; the text says why."""


def _quote(line: bytes, limit: int = 200) -> str:
    text = line.decode("utf-8", "replace").rstrip("\n")
    return text if len(text) <= limit else text[:limit] + f"... ({len(line)} bytes)"


def parse_harness_line(line: bytes) -> Any:
    """Validate one line from the harness; raise :class:`ProtocolViolation` naming the field.

    >>> parse_harness_line(b'{"type":"pull","case":"a[v3]"}').type
    'pull'
    >>> parse_harness_line(b'hello')
    Traceback (most recent call last):
    ...
    conformance.targets.protocol.ProtocolViolation: not a JSON object: 'hello'
    """
    try:
        line.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ProtocolViolation(f"not valid UTF-8 (byte {exc.start}): {_quote(line, 80)!r}") from None
    try:
        data = json.loads(line)
    except ValueError:
        raise ProtocolViolation(f"not a JSON object: {_quote(line)!r}") from None
    except RecursionError:  # the reader thread once died of it, and the case was "silent"
        raise ProtocolViolation(f"JSON nested too deeply to read: {_quote(line, 80)!r}") from None
    if not isinstance(data, dict):
        raise ProtocolViolation(f"not a JSON object: {_quote(line)!r}")
    kind = data.get("type")
    if kind not in ("capabilities", "event", "end", "error", "pull", "parts-abort", "abort-ack",
                    "modalities", "tool-started", "parts-close"):
        raise ProtocolViolation(f"unknown message type {kind!r}: {_quote(line)!r}")
    try:
        return _HARNESS.validate_python(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise ProtocolViolation(f"{where}: {err['msg']}") from None


def parse_suite_line(line: bytes) -> Any:
    """Validate one line from the suite (for harnesses written in Python).

    >>> parse_suite_line(b'{"type":"abort","case":"a[v3]"}')
    AbortMessage(type='abort', case='a[v3]')
    """
    return _SUITE.validate_json(line)


def schema() -> dict[str, Any]:
    """The JSON Schema of both directions (``suite`` and ``harness`` message unions).

    >>> sorted(schema()["properties"])
    ['harness', 'suite']
    """
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{PROTOCOL} messages",
        "type": "object",
        "properties": {"suite": _SUITE.json_schema(), "harness": _HARNESS.json_schema()},
    }


def main(argv: list[str] | None = None) -> int:
    """``python -m conformance.targets.protocol > docs/adapter-protocol.schema.json``: print the schema."""
    import argparse

    argparse.ArgumentParser(prog="python -m conformance.targets.protocol",
                            description="Print the JSON Schema of the sac-harness/1 messages "
                                        "(docs/adapter-protocol.schema.json).").parse_args(argv)
    print(json.dumps(schema(), indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
