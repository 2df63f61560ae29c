"""Generate docs/coverage.md: the stream elements each pinned package defines vs the ones the kit plays.

Two sides, both read live so drift shows the day a package moves:

- **defined**: read from the published package itself. The Python SDKs by introspection (the
  ``Literal`` of each member of a discriminated ``Union``, a pydantic model's fields, an enum's
  values): ``openai`` (Chat Completions chunk fields, Responses stream events and output items),
  ``anthropic`` (Messages stream events, content blocks, deltas, stop reasons), ``google-genai``
  (``Part`` fields, ``FinishReason``). The npm packages under tools/type-oracle/node_modules by a
  small ``.d.ts`` reader (:func:`dts_type_literals`): ``@ai-sdk/provider`` ``LanguageModelV2/V3/V4StreamPart``
  and ``@mastra/core`` ``ChunkType``.
- **played**: every scenario of the built-in corpus rendered through each wire and part dialect
  (:func:`mock_provider.wires.plan_response`, the first response of each scenario), and the elements
  read back out of the bytes. A scenario a dialect refuses (``DialectError``) is listed with its
  reason: that is what NOT-EXPRESSIBLE means on that wire.

Usage: ``python tools/gen_coverage.py`` (write) or ``--check`` (exit 1 when the page is stale);
tests/test_coverage.py runs the check and compares the live extraction with the committed page.
"""

from __future__ import annotations

import collections
import enum
import json
import re
import sys
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from _cli import wants_check, write_or_check  # noqa: E402

PAGE = ROOT / "docs" / "coverage.md"
NODE = ROOT / "tools" / "type-oracle" / "node_modules"

# Element names on the wire that are not protocol elements: the corpus's deliberate off-contract
# parts (a future part type an adapter must survive) are reported, not counted as coverage.
OFF_CONTRACT_NOTE = ("not defined by this package version (provider or gateway extensions the wire also "
                     "carries, or an unknown element a scenario sends on purpose)")


# ---------------------------------------------------------------------------- the .d.ts reader

_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_ALIAS = re.compile(r"(?<![\w$.])(?:export\s+)?(?:declare\s+)?type\s+(\w+)\s*(?:<[^;{]*?>)?\s*=", re.S)
_INTERFACE = re.compile(r"(?<![\w$.])(?:export\s+)?(?:declare\s+)?interface\s+(\w+)[^{]*\{", re.S)
_TYPE_MEMBER = re.compile(r"\btype\??\s*:\s*((?:\s*\|?\s*(?:'[^']*'|\"[^\"]*\"|`[^`]*`))+)")
_LITERAL = re.compile(r"'([^']*)'|\"([^\"]*)\"|`([^`]*)`")
_IDENT = re.compile(r"\b([A-Z]\w*)\b")


def _bodies(source: str) -> dict[str, tuple[str, int]]:
    """Each top-level type alias / interface name -> (its body text, brace depth its members sit at)."""
    out: dict[str, tuple[str, int]] = {}
    for match in _ALIAS.finditer(source):
        depth, i = 0, match.end()
        while i < len(source):
            ch = source[i]
            depth += {"{": 1, "}": -1}.get(ch, 0)
            if ch == ";" and depth == 0:
                break
            i += 1
        out.setdefault(match.group(1), (source[match.end():i], 1))
    for match in _INTERFACE.finditer(source):
        depth, i = 1, match.end()
        while i < len(source) and depth:
            depth += {"{": 1, "}": -1}.get(source[i], 0)
            i += 1
        out.setdefault(match.group(1), (source[match.end():i - 1], 0))
    return out


def _split_depth(body: str, depth: int) -> tuple[str, str]:
    """The text of ``body`` at exactly brace ``depth`` (member level) and at depth 0 (references)."""
    at: list[str] = []
    top: list[str] = []
    level = 0
    for ch in body:
        if ch == "}":
            level -= 1
        if level == depth:
            at.append(ch)
        if level == 0:
            top.append(ch)
        if ch == "{":
            level += 1
    return "".join(at), "".join(top)


def dts_type_literals(source: str, name: str) -> list[str]:
    """The ``type`` discriminators a union type alias (or interface) of a ``.d.ts`` admits, sorted.

    Follows the aliases the union names in the same file; ``type: `data-${string}``` comes out
    as ``data-${string}``. Members nested deeper (a payload's own ``type``) are not elements.

    Example:
        >>> src = "type A = { type: 'a'; p: { type: 'nested' } } | B | (Base & { type: 'c' | 'd' });"
        >>> src += " interface B { type: 'b'; } interface Base { id: string }"
        >>> dts_type_literals(src, "A")
        ['a', 'b', 'c', 'd']
    """
    # A template literal's ${...} would count as braces: hide it while reading, restore it after.
    bodies = _bodies(re.sub(r"\$\{(\w+)\}", "\x01\\1\x02", _COMMENT.sub("", source)))
    found: set[str] = set()
    seen: set[str] = set()
    todo = [name]
    if name not in bodies:
        raise KeyError(f"type {name!r} is not declared in this .d.ts")
    while todo:
        current = todo.pop()
        if current in seen or current not in bodies:
            continue
        seen.add(current)
        body, depth = bodies[current]
        members, top = _split_depth(body, depth)
        for union in _TYPE_MEMBER.findall(members):
            found.update(next(g for g in lit if g) for lit in _LITERAL.findall(union) if any(lit))
        if depth:  # an alias: the unions it names are part of it
            todo.extend(_IDENT.findall(re.sub(r"'[^']*'|`[^`]*`", "", top)))
    return sorted(f.replace("\x01", "${").replace("\x02", "}") for f in found)


# ---------------------------------------------------------------------------- Python introspection


def literal_values(annotation: Any) -> list[str]:
    """Every string a (possibly ``Optional``/``Annotated``/nested) ``Literal`` annotation admits.

    Example:
        >>> from typing import Literal, Optional
        >>> literal_values(Optional[Literal["b", "a"]])
        ['a', 'b']
    """
    out: set[str] = set()
    stack = [annotation]
    while stack:
        ann = stack.pop()
        if typing.get_origin(ann) is typing.Literal:
            out.update(str(v) for v in typing.get_args(ann))
        else:
            stack.extend(typing.get_args(ann))
    return sorted(out)


def union_discriminators(union: Any, field_name: str = "type") -> list[str]:
    """The ``type`` literal of every pydantic model of a (possibly ``Annotated``) union, sorted.

    Example:
        >>> from anthropic.types import RawContentBlockDelta
        >>> union_discriminators(RawContentBlockDelta)[:2]
        ['citations_delta', 'input_json_delta']
    """
    out: set[str] = set()
    stack = [union]
    while stack:
        ann = stack.pop()
        fields = getattr(ann, "model_fields", None)
        if fields is not None:
            out.update(literal_values(fields[field_name].annotation))
        else:
            stack.extend(typing.get_args(ann))
    return sorted(out)


def union_field_values(union: Any, field_name: str, discriminator: str = "type") -> list[str]:
    """``<type>.<field_name>=<value>`` for every model of a union whose ``field_name`` is a ``Literal``, sorted: the
    variants of one element a consumer reads differently (a Responses tool search run by the server or the client).

    Example:
        >>> from openai.types.responses import ResponseOutputItem
        >>> union_field_values(ResponseOutputItem, "execution")[:2]
        ['tool_search_call.execution=client', 'tool_search_call.execution=server']
    """
    out: set[str] = set()
    stack = [union]
    while stack:
        ann = stack.pop()
        fields = getattr(ann, "model_fields", None)
        if fields is None:
            stack.extend(typing.get_args(ann))
        elif field_name in fields:
            out.update(f"{t}.{field_name}={v}" for t in literal_values(fields[discriminator].annotation)
                       for v in literal_values(fields[field_name].annotation))
    return sorted(out)


def model_fields(model: Any, prefix: str) -> list[str]:
    """``prefix`` + each field name of a pydantic model (its wire name, the alias when it has one), sorted."""
    return sorted(prefix + (f.alias or name) for name, f in model.model_fields.items())


# ---------------------------------------------------------------------------- the packages


@dataclass
class Section:
    """One package's element list and the kit dialect(s) that speak it."""

    title: str
    package: str
    version: str
    source: str
    dialects: list[str]
    defined: list[str]
    note: str = ""
    played: dict[str, dict[str, int]] = field(default_factory=dict)  # dialect -> element -> scenarios


def _npm_version(package_dir: Path) -> str:
    return str(json.loads((package_dir / "package.json").read_text(encoding="utf-8"))["version"])


def _npm_sections() -> list[Section]:
    out = []
    for alias, interface, dialect in (("provider2", "LanguageModelV2StreamPart", "v2"),
                                      ("provider3", "LanguageModelV3StreamPart", "v3"),
                                      ("provider4", "LanguageModelV4StreamPart", "v4")):
        pkg = NODE / alias
        dts = (pkg / "dist" / "index.d.ts").read_text(encoding="utf-8")
        out.append(Section(f"AI SDK {interface}", "@ai-sdk/provider", _npm_version(pkg),
                           f"`{interface}['type']` in dist/index.d.ts", [dialect],
                           dts_type_literals(dts, interface)))
    mastra = NODE / "@mastra" / "core"
    dts = (mastra / "dist" / "stream" / "types.d.ts").read_text(encoding="utf-8")
    out.append(Section("Mastra ChunkType", "@mastra/core", _npm_version(mastra),
                       "`ChunkType['type']` in dist/stream/types.d.ts", ["mastra"],
                       dts_type_literals(dts, "ChunkType"),
                       note="ChunkType also carries workflow and agent-network events; the Mastra dialect "
                            "plays a model/agent stream, so those rows stay not played. The background-task-* "
                            "chunks (a tool the agent runs as a background task) are played in agent.background-"
                            "task.001, all nine statuses: no output protocol says what an adapter shows for them "
                            "(@ag-ui/mastra 1.1.2 shows ACTIVITY_SNAPSHOT/ACTIVITY_DELTA events), so the scenario "
                            "grades only that they neither break the run nor hide the answer after them; every "
                            "LanguageModel dialect and wire refuses them (NOT-EXPRESSIBLE: a LanguageModel stream "
                            "runs no tools)."))
    return out


def openai_sections() -> list[Section]:
    """The two OpenAI sections (Chat Completions, Responses), from the installed ``openai`` package alone.

    >>> [s.title for s in openai_sections()]
    ['OpenAI Chat Completions chunk', 'OpenAI Responses stream']
    """
    import openai
    from openai.types.chat.chat_completion_chunk import ChatCompletionChunk, Choice, ChoiceDelta
    from openai.types.responses import ResponseOutputItem, ResponseStreamEvent

    chat = [*model_fields(ChatCompletionChunk, "chunk."), *model_fields(Choice, "choice."),
            *model_fields(ChoiceDelta, "delta."),
            *(f"finish_reason={v}" for v in literal_values(Choice.model_fields["finish_reason"].annotation))]
    responses = [*union_discriminators(ResponseStreamEvent),
                 *(f"item:{t}" for t in union_discriminators(ResponseOutputItem)),
                 *(f"item:{t}" for t in union_field_values(ResponseOutputItem, "execution"))]
    return [Section("OpenAI Chat Completions chunk", "openai", openai.__version__,
                    "`ChatCompletionChunk`, `Choice`, `ChoiceDelta` fields; `Choice.finish_reason`",
                    ["openai-chat"], sorted(chat),
                    note="`service_tier`, `system_fingerprint`, `obfuscation`, `logprobs` and every usage detail "
                         "count are played beside the content (wire option `chat_fields`, quirks.chat-extras.001). "
                         "`delta.audio` is played by a spoken answer (wire option `chat_fields: [audio]`, "
                         "quirks.chat-audio.001: the transcript in `delta.audio.transcript`, then `data` and "
                         "`expires_at`, no `delta.content`); its expected transcript is what @ai-sdk/openai 4.0.118 "
                         "hands on, no text (its chunk schema drops `audio`), and it has no JSON form (the SDK reads "
                         "a whole answer's transcript as text). Not played: `moderation` (@ai-sdk/openai "
                         "4.0.118 does not read it) and the deprecated `function_call` (replaced by `tool_calls`; "
                         "@ai-sdk/openai 4.0.118 does not read `delta.function_call`)."),
            Section("OpenAI Responses stream", "openai", openai.__version__,
                    "`ResponseStreamEvent` members' `type`; `ResponseOutputItem` members' `type` (item:)",
                    ["openai-responses"], sorted(responses),
                    note="Built-in tool items are played from the parts @ai-sdk/openai 4.0.118 makes of them "
                         "(mock_provider/wires/openai_responses_tools.py): web and file search with their sources "
                         "(tool.openai-search.001), code interpreter and image generation with partial images "
                         "(tool.openai-code-image.001), MCP calls answered and failed after the server's tool list "
                         "(tool.openai-mcp.001), the client-run shell, apply_patch and computer calls "
                         "(tool.openai-client-builtins.001), a hosted shell's call and output "
                         "(tool.openai-hosted-shell.001), compaction (parts.compaction.001), an MCP call awaiting "
                         "approval, `mcp_approval_request` (tool.openai-mcp-approval.001: @ai-sdk/openai names its "
                         "call with an id it generates, dist/index.js:8790-8808, so the scenario lists the call id in "
                         "`expected.minted_ids` and the grader takes the adapter's call of that name at that "
                         "position for it, mock_provider/minted.py), and a server's "
                         "tool list that fails, `response.mcp_list_tools.failed` with the item's `error` (wire option "
                         "`responses_fields: [mcp_list_failed]`, tool.openai-mcp-list-failed.001, feature "
                         "`provider_executed`: OpenAI lists a server's tools only for a request that declares it; "
                         "the consumer skips "
                         "mcp_list_tools whatever its outcome, so the answer after it is the turn). "
                         "A spoken answer (wire option `responses_fields: "
                         "[audio]`, feature `audio_output`, quirks.responses-audio.001) plays `response.audio."
                         "transcript.delta/done` and `response.audio.delta/done`, no message item; its expected "
                         "transcript is what @ai-sdk/openai 4.0.118 hands on, no text (dist/index.js:4431-4489, "
                         ":5057-5060: the audio events are no modeled chunk type), and the text rows are "
                         "information only (no output protocol says whether a transcript is shown). "
                         "A client-run local shell call is a `local_shell_call` item sent whole "
                         "(tool.openai-local-shell.001: @ai-sdk/openai reads it only at its done, dist/index.js:"
                         "8809-8824), and a program OpenAI runs (programmatic tool calling) is a `program` item and "
                         "its `program_output` item, both sent whole (tool.openai-program.001, :8541-8562); a "
                         "hosted tool search is a `tool_search_call` item (execution server) and its "
                         "`tool_search_output` item "
                         "(tool.openai-tool-search.001, :8357-8372, :8692-8729), and a search the client runs is a "
                         "`tool_search_call` item (execution client) sent whole, named by its `call_id` "
                         "(tool.openai-tool-search-client.001, :8692-8719: the consumer reads it only at its done). "
                         "A `tool_search_output` with execution client is what the client sends back in its next "
                         "request (dist/index.js:6349), not what a response streams. "
                         "`additional_tools` is an input item @ai-sdk/openai sends (dist/index.js:5975-5979), which "
                         "no consumer reads from a stream. "
                         "`function_call_output`, `custom_tool_call_output`, `computer_call_output`, "
                         "`apply_patch_call_output`, `local_shell_call_output` and `mcp_approval_response` are "
                         "what a client sends back in its next request, not what a response streams. "
                         "Beyond this SDK's union: raw reasoning as the API streamed it before `reasoning_text` "
                         "content existed, `response.reasoning.delta/done` (openai 1.97.0's "
                         "ResponseReasoningDeltaEvent/DoneEvent, gone from 1.98.0; still read by "
                         "@tanstack/openai-base), is played by the wire quirk `channel: reasoning_legacy` "
                         "(quirks.responses-legacy-reasoning.001) and checked against those two published models.")]


def _anthropic_section() -> Section:
    import anthropic
    from anthropic.types import ContentBlock, RawContentBlockDelta, RawMessageStreamEvent, StopReason

    defined = [*union_discriminators(RawMessageStreamEvent),
               *(f"content_block:{t}" for t in union_discriminators(ContentBlock)),
               *(f"delta:{t}" for t in union_discriminators(RawContentBlockDelta)),
               *(f"stop_reason={v}" for v in literal_values(StopReason))]
    return Section("Anthropic Messages stream", "anthropic", anthropic.__version__,
                   "`RawMessageStreamEvent`, `ContentBlock`, `RawContentBlockDelta` members' `type`; `StopReason`",
                   ["anthropic"], sorted(defined),
                   note="Server tool results played: web_search, web_fetch and tool search "
                        "(tool.server-results.001), the three code execution blocks (tool.server-results.002: "
                        "@ai-sdk/anthropic 4.0.105 hands each on as a `code_execution` call whose input opens with "
                        "the block's kind, and that form is the script's, so the expected transcript is what the "
                        "client shows); `redacted_thinking` (reasoning.redacted.001); `container_upload` "
                        "(parts.container-upload.001: the custom part `anthropic.container_upload` {fileId} "
                        "@ai-sdk/anthropic 4.0.105 makes of the block in a whole Message, dist/index.js:4916-4921, "
                        "the answer after it the turn; the package's stream schema lacks the block, :905-1107, so "
                        "its doStream hands on an error part there, a defect of the package, checked in "
                        "tests/test_wire_anthropic_ai_sdk.py).")


def _gemini_section() -> Section:
    from google.genai import types, version

    finish = [f"finishReason={e.value}" for e in typing.cast(Iterable[enum.Enum], types.FinishReason)]
    blocked = [f"promptFeedback.blockReason={e.value}" for e in typing.cast(Iterable[enum.Enum], types.BlockedReason)]
    # A streamed call's own fields (partial_args, will_continue): the rest of FunctionCall is its whole form.
    streamed = [f"functionCall.{_camel(n)}" for n in types.FunctionCall.model_fields
                if n in ("partial_args", "will_continue")]
    # The candidate's metadata about its content (sources, citations, fetched urls): the rest of Candidate
    # is the envelope (index, finish, safety ratings, logprobs).
    metadata = [f"candidate.{_camel(n)}" for n in types.Candidate.model_fields
                if n in ("grounding_metadata", "citation_metadata", "url_context_metadata")]
    return Section("Gemini generateContent stream", "google-genai", version.__version__,
                   "`Part` fields (wire names in camelCase); `FunctionCall`'s streamed-argument fields; "
                   "`Candidate`'s content metadata fields; `FinishReason` values; `BlockedReason` values of "
                   "`promptFeedback`",
                   ["gemini"], sorted([*(f"part.{_camel(n)}" for n in types.Part.model_fields), *streamed, *finish,
                                       *blocked, *metadata]),
                   note="`CONTINUATION` is played as a long-decode call of two requests (step quirk "
                        "`continuation`, quirks.gemini-continuation.001): @ai-sdk/google 4.0.121, @google/genai "
                        "2.32.0 and google-genai 3.6.1 all send the continuation request themselves, and row "
                        "request.continuation checks it. Every other finish reason has a scenario of its own "
                        "(finish.gemini-reason-*, read by @ai-sdk/google as content-filter or 'other'), and every "
                        "confirmed prompt block reason one (finish.gemini-prompt-blocked-*). A generated file is "
                        "`inlineData`, a source a `groundingMetadata` chunk, a server-side tool call and its "
                        "response `toolCall`/`toolResponse` (tool.gemini-server-tool.001), code execution "
                        "`executableCode`/`codeExecutionResult` (tool.gemini-code-execution.001: @ai-sdk/google "
                        "4.0.121 names each call `code_execution` under an id it generates and pairs the result "
                        "with the last code part, so the scenario lists its call ids in `expected.minted_ids` and "
                        "the grader takes the adapter's k-th code_execution call for the k-th scripted one, "
                        "mock_provider/minted.py). NOT-EXPRESSIBLE: `BLOCKED_REASON_UNSPECIFIED` (not a block "
                        "for @ai-sdk/google: "
                        "isConfirmedPromptBlockReason); `fileData` (a file by URL: @ai-sdk/google reads none in a "
                        "response). Not played: `citationMetadata` (citations on text are not mapped yet), "
                        "`urlContextMetadata` (read into the finish's provider metadata only), `functionResponse` "
                        "(a request part, not a model output), and the media and document metadata parts (request "
                        "or Live API parts no stream consumer reads).")


def _camel(name: str) -> str:
    """``thought_signature`` -> ``thoughtSignature`` (the Gemini wire's JSON names).

    >>> _camel("function_call")
    'functionCall'
    """
    head, *rest = name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def sections() -> list[Section]:
    """Every package section with its defined elements (no corpus yet)."""
    return [*openai_sections(), _anthropic_section(), _gemini_section(), *_npm_sections()]


# ---------------------------------------------------------------------------- what the kit plays


def _objects(body: bytes) -> Iterable[dict[str, Any]]:
    """Each JSON object of an SSE or NDJSON body (``[DONE]``, comments and event lines skipped)."""
    for raw in body.splitlines():
        line = raw.strip()
        if line.startswith(b"data:"):
            line = line[5:].strip()
        if line.startswith(b"{"):
            try:
                obj = json.loads(line)
            except ValueError:
                continue
            if isinstance(obj, dict):
                yield obj


def _chat_elements(obj: dict[str, Any]) -> Iterable[str]:
    yield from (f"chunk.{k}" for k in obj)
    for choice in obj.get("choices") or []:
        yield from (f"choice.{k}" for k in choice)
        yield from (f"delta.{k}" for k in choice.get("delta") or {})
        if choice.get("finish_reason"):
            yield f"finish_reason={choice['finish_reason']}"


def _anthropic_elements(obj: dict[str, Any]) -> Iterable[str]:
    if "type" in obj:
        yield str(obj["type"])
    if "content_block" in obj:
        yield f"content_block:{obj['content_block'].get('type')}"
    if obj.get("type") == "content_block_delta":
        yield f"delta:{obj['delta'].get('type')}"
    if obj.get("type") == "message_delta" and obj.get("delta", {}).get("stop_reason"):
        yield f"stop_reason={obj['delta']['stop_reason']}"


def _responses_elements(obj: dict[str, Any]) -> Iterable[str]:
    if "type" in obj:
        yield str(obj["type"])
    if isinstance(obj.get("item"), dict):
        yield f"item:{obj['item'].get('type')}"
        if isinstance(obj["item"].get("execution"), str):
            yield f"item:{obj['item'].get('type')}.execution={obj['item']['execution']}"


def _gemini_elements(obj: dict[str, Any]) -> Iterable[str]:
    if (obj.get("promptFeedback") or {}).get("blockReason"):
        yield f"promptFeedback.blockReason={obj['promptFeedback']['blockReason']}"
    for cand in obj.get("candidates") or []:
        for part in (cand.get("content") or {}).get("parts") or []:
            yield from (f"part.{k}" for k in part)
            yield from (f"functionCall.{k}" for k in part.get("functionCall") or {}
                        if k in ("partialArgs", "willContinue"))
        if cand.get("finishReason"):
            yield f"finishReason={cand['finishReason']}"
        yield from (f"candidate.{k}" for k in ("groundingMetadata", "citationMetadata", "urlContextMetadata")
                    if cand.get(k))


def _part_elements(obj: dict[str, Any]) -> Iterable[str]:
    if "type" in obj:
        yield str(obj["type"])


READERS: dict[str, Callable[[dict[str, Any]], Iterable[str]]] = {
    "openai-chat": _chat_elements, "anthropic": _anthropic_elements, "openai-responses": _responses_elements,
    "gemini": _gemini_elements, "v2": _part_elements, "v3": _part_elements, "v4": _part_elements,
    "mastra": _part_elements,
}


@dataclass
class Played:
    """Per dialect: element -> scenarios playing it, and refusal reason -> scenarios refused."""

    elements: dict[str, dict[str, int]]
    refused: dict[str, dict[str, list[str]]]


def _reason(message: str, scenario_id: str) -> str:
    """A refusal message without the scenario's own id, so equal reasons group."""
    first = message.strip().splitlines()[0] if message.strip() else "refused"
    return first.replace(scenario_id, "<scenario>")


def played() -> Played:
    """Render the corpus through every dialect and read the elements back out of the bytes."""
    from mock_provider.dialects import DialectError
    from mock_provider.scenario import load_corpus
    from mock_provider.wires import plan_response

    corpus = load_corpus()
    elements: dict[str, dict[str, int]] = {}
    refused: dict[str, dict[str, list[str]]] = {}
    # The request asks for every optional stream form a wire has: include_usage (Chat Completions),
    # streamed function-call arguments (Gemini, toolConfig.functionCallingConfig.streamFunctionCallArguments).
    request = {"stream": True, "stream_options": {"include_usage": True},
               "toolConfig": {"functionCallingConfig": {"streamFunctionCallArguments": True}}}
    for dialect, read in READERS.items():
        counts: collections.Counter[str] = collections.Counter()
        reasons: dict[str, list[str]] = collections.defaultdict(list)
        for scenario in corpus:
            try:
                body = plan_response(scenario, dialect, request, accept="application/x-ndjson").body_bytes()
            except DialectError as exc:
                reasons[_reason(str(exc), scenario.id)].append(scenario.id)
                continue
            counts.update({e for obj in _objects(body) for e in read(obj)})
        elements[dialect] = dict(counts)
        refused[dialect] = {r: sorted(ids) for r, ids in sorted(reasons.items())}
    return Played(elements, refused)


# ---------------------------------------------------------------------------- the page


def _cell(count: int) -> str:
    return f"played ({count})" if count else "not played"


def render(found: list[Section], kit: Played) -> str:
    """The whole Markdown page."""
    lines = [
        "# Stream element coverage",
        "",
        "<!-- generated by tools/gen_coverage.py from the installed packages and the corpus; do not edit -->",
        "",
        "For each package version the kit pins or reads, every stream element type the package defines "
        "(read from the package itself) against what the kit's wires and dialects play when the built-in "
        "corpus is rendered (the first response of every scenario). **played (n)**: n scenarios send it; "
        "**not played**: no scenario does (yet); a dialect that cannot say a scenario at all refuses it, and "
        "the refusals are listed per dialect below with their reason (NOT-EXPRESSIBLE). "
        "`tests/test_coverage.py` fails when a package gains or loses an element this page does not list.",
        "",
    ]
    for sec in found:
        lines += _section(sec, kit)
    lines += ["## NOT-EXPRESSIBLE: what each dialect refuses", "",
              "A scenario whose script a dialect cannot say raises `DialectError` instead of rendering something "
              "else; the reason is the error's first line.", ""]
    for dialect, reasons in kit.refused.items():
        lines += [f"### {dialect}", ""]
        if not reasons:
            lines += ["Every scenario renders.", ""]
            continue
        lines += ["| Reason | Scenarios |", "|---|---|"]
        lines += [f"| {_md(r)} | {len(ids)}: {', '.join(f'`{i}`' for i in ids)} |" for r, ids in reasons.items()]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def defined_as(element: str, defined: Iterable[str]) -> str:
    """The defined element a played one is: itself, or the template literal it matches (``data-${string}``).

    Example:
        >>> defined_as("data-progress", ["abort", "data-${string}"]), defined_as("x", ["abort"])
        ('data-${string}', 'x')
    """
    for name in defined:
        if "${" in name and re.fullmatch(re.sub(r"\\\$\\\{\w+\\\}", ".+", re.escape(name)), element):
            return name
    return element


def _section(sec: Section, kit: Played) -> list[str]:
    played_here: dict[str, dict[str, int]] = {}
    for d in sec.dialects:
        counts: collections.Counter[str] = collections.Counter()
        for element, n in kit.elements.get(d, {}).items():
            counts[defined_as(element, sec.defined)] += n
        played_here[d] = dict(counts)
    n_played = {d: sum(1 for e in sec.defined if played_here[d].get(e)) for d in sec.dialects}
    summary = ", ".join(f"{d} plays {n_played[d]} of {len(sec.defined)}" for d in sec.dialects)
    lines = [f"## {sec.title}: `{sec.package}` {sec.version}", "",
             f"Read from {sec.source}. {summary}.", ""]
    if sec.note:
        lines += [sec.note, ""]
    lines += ["| Element | " + " | ".join(sec.dialects) + " |", "|---|" + "---|" * len(sec.dialects)]
    lines += [f"| `{_md(e)}` | " + " | ".join(_cell(played_here[d].get(e, 0)) for d in sec.dialects) + " |"
              for e in sec.defined]
    extra = sorted({e for d in sec.dialects for e in played_here[d]} - set(sec.defined))
    if extra:
        lines += ["", f"Also emitted, {OFF_CONTRACT_NOTE}: " + ", ".join(f"`{_md(e)}`" for e in extra) + "."]
    return [*lines, ""]


def defined_in_page(page: str) -> dict[str, list[str]]:
    """Section heading -> the element names its table lists (what the test compares with the packages).

    Example:
        >>> defined_in_page("## A: `p` 1\\n\\n| Element | x |\\n|---|---|\\n| `e` | played (1) |\\n")
        {'A: `p` 1': ['e']}
    """
    out: dict[str, list[str]] = {}
    current = None
    for line in page.splitlines():
        if line.startswith("## "):
            current = line[3:]
            out[current] = []
        elif current is not None and line.startswith("| `"):
            out[current].append(line[3:line.index("` |")].replace("\\|", "|"))
    return {k: v for k, v in out.items() if v}


def main(argv: list[str]) -> int:
    check = wants_check("gen_coverage", "Generate docs/coverage.md (stream elements defined vs played).", argv)
    return write_or_check({PAGE: render(sections(), played())}, check, "python tools/gen_coverage.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
