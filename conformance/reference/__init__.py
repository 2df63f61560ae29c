"""Reference adapters: correct implementations of spec-reference section 8, one per output protocol.

The suite runs them to prove that every matrix row can pass, and the mutant adapters in
``tests/mutants`` wrap or subclass them to break one rule each. Use them as
``--adapter=conformance.reference:agui`` (AG-UI 1.0 wire, TanStack wire form),
``conformance.reference:tanstack`` (TanStack ``AdapterYieldChunk`` layer) or
``conformance.reference:tanstack_legacy`` (0.0.x chunks) or
``conformance.reference:ui_message_stream`` (AI SDK UI message stream, ``ai`` 6;
``conformance.reference:ui_message_stream7`` speaks ``ai`` 7, ``ui-message-stream@7``). All four consume ``v2``,
``v3``, ``v4`` and ``mastra`` upstreams, declare every feature but the ``bridge`` profile, and read
every item through one shared sans-IO interpreter, :class:`~conformance.reference.core.ReferenceAdapter`.
``conformance.reference:agui_bridge`` is the AG-UI one plus the bridge profile (seed 001,
:mod:`conformance.bridge`): Mastra chunks only.

Example:
    >>> from conformance.contract import AdapterContext
    >>> adapter = agui(AdapterContext(dialect="v3", model=None, scenario_id="x.y.001"))
    >>> adapter.capabilities.name, adapter.capabilities.output, adapter.capabilities.policies.abort
    ('reference-agui', 'ag-ui', 'silent')

Note: the factory functions shadow the submodule names as package attributes
(``conformance.reference.agui`` *is* the factory); import the classes with
``from conformance.reference.agui import AguiReferenceAdapter``.

Policy choices (spec-reference 8.1 POLICY rows; the defaults of :class:`~conformance.contract.Policies`)
-------------------------------------------------------------------------------------------------------
* ``malformed_args='raw'`` (row 13): argument fragments are forwarded verbatim and the call
  is still ended; the parsed input on the END (AG-UI ``metadata.tanstack.input``, TanStack
  ``input``) is left out; legacy ``arguments`` is the raw text. ``'empty-object'``: END input
  ``{}`` / legacy ``arguments '{}'`` (fragments still verbatim). Empty input ``''`` is not
  malformed: it is the no-argument call ``{}`` (1.5; legacy ``input || '{}'``).
* ``missing_usage='omit'`` (8.3): no ``usage`` when the upstream had none or every count was
  undefined (Mastra's all-undefined usage, a lone ``totalTokens: 0``, counts as none);
  ``'zeros'`` reports 0/0/0.
* ``in_stream_error='fatal'`` (row 17): the first upstream ``error`` part (Mastra ``error``
  chunk) ends the run with RUN_ERROR ``{message: error.message ?? String(error), code?}`` /
  legacy ``error``; nothing is emitted after it, open messages are not closed, the upstream
  is closed (``aclose``) and a following ``finish{error}`` is never read (row 20).
* ``abort='silent'`` (row 22): ``request.abort`` is passed upstream as ``abort_signal``; the
  signal is checked after every upstream item, raced against every wait for the next item
  (a stalled upstream cannot keep an aborted run alive) and, for 'silent', before every
  yielded event; on abort (or ``AbortError``) nothing more is emitted and the upstream is
  closed. ``'run-error'``: one ``RUN_ERROR{message:'Request aborted', code:'aborted'}``
  (legacy: ``error`` chunk). ``'cancelled'`` (AG-UI only): open tool calls, text and
  reasoning are ended, then ``RUN_FINISHED{outcome:{type:'cancelled'}}``; legacy has no such
  form and stays silent.
* ``unknown_finish='stop'`` (8.2, row 19): ``other``, V2 ``unknown``, V4 ``interrupted``, an
  unrecognised value, or no finish part at all -> ``'stop'``; ``'null'`` -> ``None``.
* ``preliminary_results='drop'`` (row 14): ``tool-result{preliminary: true}`` is dropped,
  only the final result is forwarded; ``'forward'`` forwards both.
* Mastra ``tripwire`` -> ``'content_filter'``, ``retry`` -> ``'stop'`` (8.2 POLICY).

Rules (spec-reference 8.1 rows, 8.2-8.4) and where they live
--------------------------------------------------------------
Override the one method named to break the one rule (all on ``ReferenceAdapter`` unless a
protocol class is named; ``emit_*`` hooks are per protocol). The methods are written in one
module per concern (``text``, ``tools``, ``finish``, ``errors`` ... see
:mod:`~conformance.reference.core`) and composed into ``ReferenceAdapter``:

====  =====================================================  ======================================
Row   Rule                                                   Method
====  =====================================================  ======================================
0     RUN_STARTED{threadId, runId} first, before do_stream,  ``start`` / ``emit_run_started``
      even when the request then fails
1,16  stream-start, file, reasoning-file, source, custom,    ``on_ignored`` (``HANDLERS`` table)
      raw, ping and unknown types are ignored, never
      terminal (Mastra unknown chunks likewise)
2     response-metadata ``modelId`` becomes the model        ``on_response_metadata``
      (``metadata.tanstack.model`` / TanStack ``model`` /
      legacy ``model``, also on RUN_ERROR); ``id`` the
      legacy chunk id; default ``request.model``
3     TEXT_MESSAGE_START deferred to the first non-empty     ``on_text_delta`` / ``open_text``
      delta; a fresh id per message (``msg-1``,
      ``msg-2`` ...), never a provider block id
4     non-empty deltas forwarded in order; legacy            ``on_text_delta``, ``text_delta``
      ``content`` = run-accumulated text
5     TEXT_MESSAGE_END at text-end, before reasoning or a    ``on_text_end`` / ``close_text``
      tool call starts, and before the terminal
6-8   reasoning: REASONING_START + REASONING_MESSAGE_START   ``on_reasoning_*``, ``open_reasoning``,
      (TanStack also STEP_STARTED{stepType:'thinking'}),     ``close_reasoning``
      CONTENT, MESSAGE_END + REASONING_END (+STEP_FINISHED);
      deferred like text; closed before text or tools
9     TOOL_CALL_START once per id on tool-input-start (or    ``on_tool_input_start``, ``call_for``,
      synthesised for an atomic tool-call), ``k`` = order   ``next_tool_index``, ``start_tool``,
      of first appearance; ``parentMessageId`` = the open   ``parent_message_id``
      / last text message (else one reserved id)
10    TOOL_CALL_ARGS per fragment, verbatim, empty ones      ``on_tool_input_delta``, ``send_args``
      skipped; interleaved ids allowed
11    tool-input-end does nothing                            ``on_tool_input_end``
12    the call is exposed (TOOL_CALL_END / legacy            ``on_tool_call``, ``end_tool``,
      ``tool_call``) exactly once, when the tool-call part   ``tool_call_input``
      arrives: no second START/ARGS for a streamed id
      (ARGS only if none were sent, or the missing tail
      when the streamed text is a prefix); atomic calls get
      START + one ARGS(input) + END. Mastra ``args`` ->
      ``JSON.stringify(args)``; absent args -> the streamed
      text (row 13)
12a   provider-executed calls never make ``'tool_calls'``    ``is_client_call``
13    malformed input: see ``malformed_args``                ``resolve_input``, ``end_input``,
                                                             legacy ``tool_arguments``
14    TOOL_CALL_RESULT{messageId: new id, toolCallId,        ``on_tool_result``, ``keep_tool_result``
      content: JSON.stringify(result), role:'tool'}
      (+``metadata.tanstack.state='output-error'`` when
      ``isError``); legacy ``tool_result``
15    tool-approval-request (Mastra tool-call-approval;      ``on_approval_request``,
      its missing approval id falls back to the call id):    ``approval_interrupts``
      remembered; RUN_FINISHED{outcome:{type:'interrupt',
      interrupts:[{id, reason:'tool_call', toolCallId,
      message:'Approval required to run <tool>',
      metadata:{kind:'approval', toolName, input}}]}};
      legacy ``approval-requested`` after the tool_calls,
      before ``done``. Name/input from the earlier call.
17,20 see ``in_stream_error``                                ``on_error_part``, ``fail_run``,
                                                             ``error_message``, ``error_code``
18    finish: reason and usage remembered (last one wins),   ``on_finish``, ``end_of_stream``,
      the stream is read to its end (late usage counts),     ``finish_run``, ``close_open``
      then open calls are ENDed with their streamed text,
      text and reasoning closed, then exactly one
      RUN_FINISHED / ``done``
19    no finish part: the same, reason per ``unknown_finish``
      unless a client call completed
21    ``do_stream`` raising (APICallError: ``code`` = its    ``request_failed``,
      ``.code``, else ``str(status_code)``) or any          ``exception_message``,
      exception mid-stream (disconnect ...) -> RUN_ERROR;    ``exception_code``, ``stream_failed``
      ``stream()`` never raises
22    see ``abort``                                          ``stream_options``, ``abort_requested``,
                                                             ``next_item``, ``on_abort``,
                                                             ``close_upstream``
8.2   read V2 string / V3-V4 ``finishReason.unified`` /      ``upstream_finish_reason``,
      Mastra ``stepResult.reason``; stop->stop,              ``map_finish_reason``,
      length->length, content-filter->content_filter,        ``unknown_finish_reason``,
      tool-calls->'stop'; ``'tool_calls'`` iff a client      ``counts_as_completed``,
      call's input was completed by a tool-call part (a     ``final_finish_reason``
      call only closed at stream end does not count);
      ``error`` -> RUN_ERROR with a generic message
8.3   V2 flat (total = provider total ?? sum), V3/V4 nested  ``usage`` / ``normalize_usage``,
      (total = sum; cacheRead -> cachedInputTokens,          ``final_usage``, AG-UI
      cacheWrite -> cacheWriteInputTokens, reasoning ->      ``format_usage``, TanStack
      reasoningTokens), Mastra flat                          ``token_usage``
      (cacheCreationInputTokens -> cacheWriteInputTokens);
      AG-UI ``usage: [TokenUsage]``, TanStack
      ``{promptTokens, completionTokens, totalTokens,
      promptTokensDetails?, completionTokensDetails?}``,
      legacy ``{promptTokens, completionTokens,
      totalTokens}``
8.4   every START is ENDed before RUN_FINISHED, CONTENT /    the open/close methods above; ids from
      ARGS only while open, ids never reused                 ``new_id``, ``message_id``,
                                                             ``reasoning_id``, ``result_message_id``
====  =====================================================  ======================================

Upstream request (1.7, ``request.*`` rows): ``stream_options`` sends ``{prompt, tools,
abort_signal, headers}``; ``build_prompt`` makes a V2/V3 prompt (system string; user/assistant/tool
part arrays, a null user content as one empty text part; media parts as ``file`` parts with
``mediaType``, V4 with tagged ``data`` (``tagged_file_data``); history tool calls with parsed input;
tool results as ``json``/``text`` output) and ``build_tools`` function tools. ``input_modalities``
declares the model's TanStack input modalities from ``ctx.model_info`` (``catalogue_modalities``:
models.dev ``pdf`` -> ``document``).

Structured output (``structured.*`` rows; ``RunRequest.structured_mode``): ``native`` adds
``responseFormat{type:'json', schema}``; ``tool`` offers only the ``structured_output`` tool and
forces it (``toolChoice``), and its input streams as text (``is_structured_tool``,
``structured_input``); ``instruction`` puts a system message with the schema first. The text
message is preceded by ``CUSTOM structured-output.start``; at the end the text is parsed
tolerantly (``parse_structured``) into ``CUSTOM structured-output.complete{object, raw}`` before
RUN_FINISHED, or the run fails with ``RUN_ERROR{code:'parse-error'}`` and a content preview
(``complete_structured``). Legacy chunks have no such events: only the error. The HTTP reference
converts the schema for OpenAI strict mode (``OpenAIChatModel.response_format``).

Agent loops (``loop.*`` rows; :mod:`~conformance.reference.loop`): a turn that ended with server-tool
calls runs them (``await_server_results``: an ``execute`` may return an awaitable, raced against the
caller's abort), emits their results and asks the model again (``end_turn``); a caller abort while a
tool runs ends the run per the abort policy with no further model call (``abort_in_tools``, row
``loop.abort-stops``).

Ids and timestamps are deterministic per run (``msg-1``, ``reasoning-1``, ``tool-result-1``,
``step-1``; legacy timestamps ``1_700_000_000_000 + n``), so snapshots are stable.
``ctx.extra['policies']`` (a :class:`~conformance.contract.Policies` or a dict of its fields)
selects other POLICY choices, e.g. to run the suite against every declared variant.
"""

from __future__ import annotations

from typing import Any

from conformance.contract import AdapterContext, Policies
from conformance.reference.agui import AguiReferenceAdapter
from conformance.reference.agui_bridge import AguiBridgeReferenceAdapter
from conformance.reference.core import ReferenceAdapter
from conformance.reference.legacy import LegacyReferenceAdapter

# Imported here, before the factory of the same name is defined: importing a submodule binds it as
# a package attribute, so a later first import would replace the ``openai_http`` factory.
from conformance.reference.openai_http import OpenAIHttpReferenceAdapter
from conformance.reference.tanstack import TanstackReferenceAdapter
from conformance.reference.ui_message_stream import UIMessageStream7ReferenceAdapter, UIMessageStreamReferenceAdapter

__all__ = [
    "AguiBridgeReferenceAdapter",
    "AguiReferenceAdapter",
    "LegacyReferenceAdapter",
    "ReferenceAdapter",
    "TanstackReferenceAdapter",
    "UIMessageStream7ReferenceAdapter",
    "UIMessageStreamReferenceAdapter",
    "agui",
    "agui_bridge",
    "openai_http",
    "tanstack",
    "tanstack_legacy",
    "ui_message_stream",
    "ui_message_stream7",
]


def _policies(ctx: AdapterContext) -> Policies | None:
    """Policies requested through ``ctx.extra['policies']`` (None: the recommended defaults).

    >>> extra = {"policies": {"abort": "run-error"}}
    >>> ctx = AdapterContext(dialect="v3", model=None, scenario_id="x.y", extra=extra)
    >>> _policies(ctx).abort
    'run-error'
    """
    extra: Any = (ctx.extra or {}).get("policies")
    if extra is None or isinstance(extra, Policies):
        return extra
    return Policies.model_validate(extra)


def agui(ctx: AdapterContext) -> AguiReferenceAdapter:
    """The AG-UI 1.0 wire reference adapter (``--adapter=conformance.reference:agui``).

    >>> agui(AdapterContext(dialect="mastra", model=None, scenario_id="x.y")).capabilities.inputs
    ['v2', 'v3', 'v4', 'mastra']
    """
    return AguiReferenceAdapter(ctx, policies=_policies(ctx))


def agui_bridge(ctx: AdapterContext) -> AguiBridgeReferenceAdapter:
    """The AG-UI bridge reference adapter: Mastra chunks in, the bridge profile (seed 001) out.

    ``--adapter=conformance.reference:agui_bridge``; see :mod:`conformance.bridge` for its rules.

    >>> agui_bridge(AdapterContext(dialect="mastra", model=None, scenario_id="x.y")).capabilities.inputs
    ['mastra']
    """
    return AguiBridgeReferenceAdapter(ctx, policies=_policies(ctx))


def tanstack(ctx: AdapterContext) -> TanstackReferenceAdapter:
    """The TanStack adapter-yield layer reference adapter (``conformance.reference:tanstack``).

    >>> tanstack(AdapterContext(dialect="v2", model=None, scenario_id="x.y")).capabilities.output
    'tanstack'
    """
    return TanstackReferenceAdapter(ctx, policies=_policies(ctx))


def tanstack_legacy(ctx: AdapterContext) -> LegacyReferenceAdapter:
    """The legacy 0.0.x chunk reference adapter (``conformance.reference:tanstack_legacy``).

    >>> tanstack_legacy(AdapterContext(dialect="v4", model=None, scenario_id="x.y")).capabilities.name
    'reference-legacy'
    """
    return LegacyReferenceAdapter(ctx, policies=_policies(ctx))


def ui_message_stream(ctx: AdapterContext) -> UIMessageStreamReferenceAdapter:
    """The AI SDK UI message stream reference adapter (``conformance.reference:ui_message_stream``).

    >>> ui_message_stream(AdapterContext(dialect="v3", model=None, scenario_id="x.y")).capabilities.output
    'ui-message-stream'
    """
    return UIMessageStreamReferenceAdapter(ctx, policies=_policies(ctx))


def ui_message_stream7(ctx: AdapterContext) -> UIMessageStream7ReferenceAdapter:
    """The same, declaring ``ui-message-stream@7`` (``conformance.reference:ui_message_stream7``, ai 7 idioms).

    >>> ui_message_stream7(AdapterContext(dialect="v4", model=None, scenario_id="x.y")).capabilities.output
    'ui-message-stream@7'
    """
    return UIMessageStream7ReferenceAdapter(ctx, policies=_policies(ctx))


def openai_http(ctx: AdapterContext) -> Any:
    """AG-UI out, OpenAI Chat Completions over HTTP from the mock server in (``--dialect=openai-chat``).

    >>> openai_http(AdapterContext(dialect="openai-chat", model=None, scenario_id="x.y")).capabilities.inputs
    ['openai-chat']
    """
    return OpenAIHttpReferenceAdapter(ctx, policies=_policies(ctx))
