"""Hypothesis strategies for valid scripted streams, each with the transcript it must produce.

Every strategy here draws a :class:`~mock_provider.scenario.Scenario`: a request, a script of
canonical parts and the ``expected`` transcript. The expected transcript is derived from the
generator's own choices (:func:`expected_transcript` reads the script it just drew); it is
never taken from an adapter's output. So ``conformance.runner.run_case(factory, scenario,
dialect)`` grades a generated stream exactly as it grades a corpus case, and a failing one
can be saved as a scenario file (:mod:`conformance.reproducer`).

What is drawn:

* text split into random deltas (unicode with astral and combining characters, empty
  deltas), in one or more text blocks;
* groups of 1-4 concurrent tool calls whose argument JSON (a drawn JSON object) is cut at
  random points, the fragments of the calls interleaved at random, each call with
  ``tool-input-start`` / ``-delta`` / ``-end`` and its ``tool-call``;
* reasoning blocks between the other blocks;
* an optional ``finish`` whose reason fits the content, with usage absent, all-undefined,
  totals only, or totals with cache/reasoning details (and a provider total); the
  dialects render the one canonical nested usage (V2 flat, Mastra flat);
* an optional ``error`` part, which ends the run (the adapters' ``in_stream_error='fatal'``).

Only parts every dialect in ``dialects`` can express are drawn (V4's ``interrupted`` reason
only when ``dialects`` is V4 alone). Where the dialects disagree on what the consumer must
see (V2 has no cache-write count and carries a provider total), the scenario says so in
``expected_by_dialect``, as the YAML scenarios do.

Example (a test of your own adapter)::

    from hypothesis import given, settings
    from conformance.runner import run_case
    from conformance.strategies import mixed_streams

    @settings(max_examples=200, deadline=None, database=None)
    @given(mixed_streams(features={"tools", "parallel_tools"}))
    def test_my_adapter(scenario):
        assert run_case(my_factory, scenario, "v3").verdict not in ("FAIL", "ERROR")

>>> from hypothesis import find
>>> s = find(tool_streams(), lambda s: len(s.expected.tool_calls) >= 2)
>>> s.id.startswith("generated.tools."), [c.id for c in s.expected.tool_calls]
(True, ['call-0', 'call-1'])
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Collection, Iterable, Sequence
from typing import Any, Literal

from hypothesis import strategies as st

from mock_provider import derive
from mock_provider.dialects import PART_DIALECTS, dialect
from mock_provider.parts import (
    Error,
    Finish,
    FinishReason,
    InputTokens,
    OutputTokens,
    Part,
    ReasoningDelta,
    ReasoningEnd,
    ReasoningStart,
    ResponseMetadata,
    StreamStart,
    TextDelta,
    TextEnd,
    TextStart,
    ToolCall,
    ToolInputDelta,
    ToolInputEnd,
    ToolInputStart,
    UnifiedFinishReason,
    Usage,
    dump_part,
)
from mock_provider.scenario import FEATURES, Scenario, Step
from mock_provider.transcript import (
    Transcript,
)

__all__ = [
    "KINDS",
    "expected_transcript",
    "generated_streams",
    "json_objects",
    "mixed_streams",
    "split_text",
    "stream_text",
    "text_streams",
    "tool_streams",
    "usages",
]

Kind = Literal["text", "tools", "mixed"]
KINDS: tuple[str, ...] = ("text", "tools", "mixed")

# Characters that make adapters and encoders work: astral (surrogate pairs in JS), combining
# marks, a ZWJ family, right-to-left text, a BOM and JSON's escapes.
_TRICKY = ["😀", "𝄞", "👩‍👩‍👧", "e\u0301", "\u0301", "\u200d", "שלום", "\ufeff", '"', "\\", "\n", "\t", "\u2028"]

# Finish reasons drawn, in order, where every dialect can carry them (Dialect.finish_reasons:
# only V4 has 'interrupted'); 'error' is drawn as an error part instead.
_ALL_REASONS: list[UnifiedFinishReason] = ["stop", "length", "content-filter", "tool-calls", "other", "unknown",
                                           "interrupted"]
# The dialect whose transcript is `expected`; the others are diffs over it (expected_by_dialect).
_BASE_DIALECT = "v3"


_CHARS = st.characters(exclude_categories=["Cs"])
_INSERTS = st.lists(st.tuples(st.integers(0, 255), st.sampled_from(_TRICKY)), max_size=3)


@st.composite
def stream_text(draw: st.DrawFn, max_size: int = 30) -> str:
    """Unicode text for deltas: any code point but lone surrogates, with astral, combining, ZWJ,
    right-to-left and escape-worthy pieces inserted at random places.

    >>> from hypothesis import find
    >>> find(stream_text(), lambda t: "😀" in t)
    '😀'
    """
    # One string draw plus a few insertions: far fewer draws than a list of characters.
    text = draw(st.text(_CHARS, max_size=max_size))
    for at, piece in draw(_INSERTS):
        at %= len(text) + 1
        text = text[:at] + piece + text[at:]
    return text


_TEXT = stream_text()


_CUTS = st.lists(st.integers(0, 255), max_size=8)


@st.composite
def split_text(draw: st.DrawFn, text: str) -> list[str]:
    """``text`` cut at random code-point offsets; repeated offsets give empty pieces.

    The pieces always join back to ``text``; an empty text gives ``[]`` or empty pieces.

    >>> from hypothesis import find
    >>> find(split_text("abc"), lambda p: len(p) == 3 and "" in p)
    ['', '', 'abc']
    """
    return _split(draw, text)


def _split(draw: st.DrawFn, text: str) -> list[str]:
    # One shared strategy for the cut offsets (taken modulo the length): building a new
    # strategy per call costs more than the draws themselves.
    cuts = sorted(c % (len(text) + 1) for c in draw(_CUTS))
    if not cuts and text:
        return [text]
    bounds = [0, *cuts, len(text)]
    return [text[a:b] for a, b in itertools.pairwise(bounds)]


def _word(first: str, rest: str, max_size: int) -> st.SearchStrategy[str]:
    # Cheaper than from_regex, which dominated generation time.
    return st.builds(str.__add__, st.sampled_from(first), st.text(alphabet=rest, max_size=max_size))


_LOWER = "abcdefghijklmnopqrstuvwxyz"
# Object keys start with a letter: JS orders integer-like keys first, which would reorder them.
_KEYS = _word(_LOWER + _LOWER.upper(), _LOWER + _LOWER.upper() + "0123456789_", 8)
# Integers within JS's safe range and no floats: JSON.stringify(JSON.parse(x)) == x, so an
# adapter that re-serialises parsed arguments (Mastra args) gives the streamed text back.
_JSON_VALUES: st.SearchStrategy[Any] = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**31), 2**31) | stream_text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_KEYS, inner, max_size=4),
    max_leaves=6,
)
_JSON_OBJECTS = st.dictionaries(_KEYS, _JSON_VALUES, max_size=5)
_TOOL_NAMES = _word(_LOWER, _LOWER + "0123456789_", 11)
_MESSAGES = _word(_LOWER.upper(), _LOWER + " ", 30)


def json_objects() -> st.SearchStrategy[dict[str, Any]]:
    """Tool-call arguments: a JSON object of nested values (no floats, safe integers).

    >>> from hypothesis import find
    >>> o = find(json_objects(), lambda o: len(o) == 2)  # how far the keys shrink varies with the load
    >>> len(o), all(isinstance(k, str) for k in o)
    (2, True)
    """
    return _JSON_OBJECTS


def args_text(value: Any) -> str:
    """Argument JSON as a provider streams it and as ``JSON.stringify`` writes it.

    >>> args_text({"city": "Zürich", "n": [1, 2]})
    '{"city":"Zürich","n":[1,2]}'
    """
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


_COUNT = st.integers(0, 100_000)


@st.composite
def usages(draw: st.DrawFn, absent: bool = True) -> Usage | None:
    """Canonical (nested) finish usage: absent, all-undefined, totals, or totals with details.

    ``None`` is a finish without a usage key, drawn only when ``absent`` (a V4 ``finish`` always has
    its ``usage`` object). Details are a random subset of ``noCache``,
    ``cacheRead``, ``cacheWrite``, ``text`` and ``reasoning``; ``raw.totalTokens`` is a
    provider total that only V2 carries.

    >>> from hypothesis import find
    >>> find(usages(), lambda u: u is not None and u.input_tokens.cache_write is not None).input_tokens
    InputTokens(total=0, no_cache=None, cache_read=None, cache_write=0)
    """
    shape = draw(st.sampled_from(["totals", "details", "absent", "undefined"] if absent else
                                 ["totals", "details", "undefined"]))
    if shape == "absent":
        return None
    if shape == "undefined":
        return Usage()
    inp = InputTokens(total=draw(_COUNT))
    out = OutputTokens(total=draw(_COUNT))
    raw = None
    if shape == "details":
        opt = st.none() | _COUNT
        inp.no_cache, inp.cache_read, inp.cache_write = draw(opt), draw(opt), draw(opt)
        out.text, out.reasoning = draw(opt), draw(opt)
        provider_total = draw(opt)
        raw = {"totalTokens": provider_total} if provider_total is not None else None
    return Usage(input_tokens=inp, output_tokens=out, raw=raw)


def _text_block(draw: st.DrawFn, block_id: str, reasoning: bool) -> list[Part]:
    pieces = _split(draw, draw(_TEXT))
    if reasoning:
        return [ReasoningStart(type="reasoning-start", id=block_id),
                *(ReasoningDelta(type="reasoning-delta", id=block_id, delta=p) for p in pieces),
                ReasoningEnd(type="reasoning-end", id=block_id)]
    return [TextStart(type="text-start", id=block_id),
            *(TextDelta(type="text-delta", id=block_id, delta=p) for p in pieces),
            TextEnd(type="text-end", id=block_id)]


def _tool_group(draw: st.DrawFn, first: int, count: int) -> list[Part]:
    """``count`` concurrent calls, their parts interleaved at random (each call's own order kept)."""
    lanes: list[list[Part]] = []
    for n in range(first, first + count):
        call_id, name = f"call-{n}", draw(_TOOL_NAMES)
        text = args_text(draw(_JSON_OBJECTS))
        lanes.append([
            ToolInputStart(type="tool-input-start", id=call_id, tool_name=name),
            *(ToolInputDelta(type="tool-input-delta", id=call_id, delta=p) for p in _split(draw, text)),
            ToolInputEnd(type="tool-input-end", id=call_id),
            ToolCall(type="tool-call", tool_call_id=call_id, tool_name=name, input=text),
        ])
    # A permutation of lane numbers, one per part: shrinks towards calls one after another.
    order = draw(st.permutations([i for i, lane in enumerate(lanes) for _ in lane]))
    cursors = [0] * len(lanes)
    out: list[Part] = []
    for lane in order:
        out.append(lanes[lane][cursors[lane]])
        cursors[lane] += 1
    return out


@st.composite
def generated_streams(
    draw: st.DrawFn,
    kind: Kind = "mixed",
    *,
    features: Collection[str] | None = None,
    dialects: Sequence[str] = PART_DIALECTS,
    max_calls: int = 4,
) -> Scenario:
    """A valid scripted stream of one ``kind`` as a Scenario carrying its expected transcript.

    * ``text``: text blocks only;
    * ``tools``: groups of concurrent tool calls, with text blocks between them;
    * ``mixed``: text, reasoning, tools, a missing finish, an upstream error part.

    ``features`` (default: all) limits what is drawn to what an adapter declared: no
    reasoning without ``reasoning``, no calls without ``tools``, at most one call in the
    whole stream without ``parallel_tools``. ``dialects`` limits the parts to what each of
    them can express.

    >>> from hypothesis import find
    >>> s = find(generated_streams("mixed", features={"tools"}), lambda s: s.expected.tool_calls)
    >>> s.features() <= {"tools"}, s.expected.finish_reason
    (True, 'tool_calls')
    """
    feats = set(FEATURES if features is None else features)
    body = _body(draw, kind, feats, max_calls)
    head = _head(draw)
    tail: list[Part] = []
    if kind != "mixed" or draw(st.booleans()):
        tail.append(_finish(draw, body, dialects))
    elif draw(st.booleans()) and body and isinstance(body[-1], TextEnd | ReasoningEnd):
        body.pop()  # the stream stops inside its last text/reasoning block (no end, no finish)
    script = head + body + tail
    if kind == "mixed" and draw(st.booleans()):
        script = _with_error(draw, script)
    if not script:
        script = [StreamStart(type="stream-start", warnings=[])]
    return build_scenario(kind, script, dialects)


def _body(draw: st.DrawFn, kind: Kind, feats: set[str], max_calls: int) -> list[Part]:
    """The blocks of a stream: text, reasoning and groups of tool calls, as ``feats`` allow."""
    tools = kind in ("tools", "mixed") and "tools" in feats
    reasoning = kind == "mixed" and "reasoning" in feats
    parallel = "parallel_tools" in feats
    blocks: list[str] = ["text"] + (["tools"] if tools else []) + (["reasoning"] if reasoning else [])
    plan = draw(st.lists(st.sampled_from(blocks), min_size=1, max_size=5))
    if kind == "tools" and tools and "tools" not in plan:
        plan.append("tools")
    body: list[Part] = []
    n_blocks = n_calls = 0
    for block in plan:
        if block == "tools":
            # Without parallel_tools, one call in the whole stream (Scenario.features() counts ids).
            high = min(max_calls, 4) if parallel else 1 - n_calls
            low = min(high, 1 if kind == "tools" and n_calls == 0 else 0)
            count = draw(st.integers(low, high))
            body += _tool_group(draw, n_calls, count)
            n_calls += count
        else:
            prefix = "rs" if block == "reasoning" else "txt"
            body += _text_block(draw, f"{prefix}-{n_blocks}", block == "reasoning")
            n_blocks += 1
    return body


def _head(draw: st.DrawFn) -> list[Part]:
    """An optional ``stream-start`` and an optional ``response-metadata`` naming the model."""
    head: list[Part] = []
    if draw(st.booleans()):
        head.append(StreamStart(type="stream-start", warnings=[]))
    model_id = draw(st.none() | st.sampled_from(["mock-gen-1", "mock-gen-large"]))
    if model_id is not None:
        head.append(ResponseMetadata(type="response-metadata", id="resp-gen", model_id=model_id))
    return head


def _finish(draw: st.DrawFn, body: Sequence[Part], dialects: Sequence[str]) -> Finish:
    """A finish whose reason fits the content (drawn first) and that every dialect can carry."""
    has_calls = any(isinstance(p, ToolCall) for p in body)
    reasons = [r for r in _ALL_REASONS if all(r in dialect(d).finish_reasons for d in dialects)]
    first: UnifiedFinishReason = "tool-calls" if has_calls else "stop"
    reason = draw(st.sampled_from([first, *(r for r in reasons if r != first)]))
    raw = draw(st.none() | st.sampled_from(["end_turn", "stop", "tool_use", "STOP"]))
    # V4's finish part has a required usage object (LanguageModelV4StreamPart; tests/test_type_oracle.py).
    usage = draw(usages(absent="v4" not in dialects))
    return Finish(type="finish", finish_reason=FinishReason(unified=reason, raw=raw), usage=usage)


def _with_error(draw: st.DrawFn, script: list[Part]) -> list[Part]:
    """``script`` with an upstream error part at a drawn place, the parts after it kept or not."""
    at = draw(st.integers(0, len(script)))
    message = draw(_MESSAGES)
    code = draw(st.none() | st.sampled_from(["overloaded", "rate_limited", "server_error"]))
    error: Any = message if code is None and draw(st.booleans()) else (
        {"message": message} | ({"code": code} if code else {}))
    keep_tail = draw(st.booleans())  # parts after a fatal error must be ignored (row 8.1.20)
    return script[:at] + [Error(type="error", error=error)] + (script[at:] if keep_tail else [])


def text_streams(**kwargs: Any) -> st.SearchStrategy[Scenario]:
    """:func:`generated_streams` of kind ``text``.

    >>> from hypothesis import find
    >>> find(text_streams(), lambda s: "😀" in s.expected.text).expected.text
    '😀'
    """
    return generated_streams("text", **kwargs)


def tool_streams(**kwargs: Any) -> st.SearchStrategy[Scenario]:
    """:func:`generated_streams` of kind ``tools``.

    >>> from hypothesis import find
    >>> find(tool_streams(), lambda s: True).expected.finish_reason
    'tool_calls'
    """
    return generated_streams("tools", **kwargs)


def mixed_streams(**kwargs: Any) -> st.SearchStrategy[Scenario]:
    """:func:`generated_streams` of kind ``mixed``.

    >>> from hypothesis import find
    >>> find(mixed_streams(), lambda s: s.expected.terminal == "error").expected.error
    ErrorRecord(message='A', code=None)
    """
    return generated_streams("mixed", **kwargs)


# ---------------------------------------------------------------- the expected transcript
def expected_transcript(parts: Iterable[Part], dialect: str = _BASE_DIALECT) -> Transcript:
    """The transcript a correct adapter makes of these canonical parts, read in ``dialect``
    (:func:`mock_provider.derive.expected_transcript`, shared with short-form and imported scenarios).

    >>> from mock_provider.parts import parse_part
    >>> expected_transcript([parse_part({"type": "text-delta", "id": "t", "delta": "Hi"})]).text
    'Hi'
    """
    return derive.expected_transcript(parts, dialect)


def _diff(base: dict[str, Any], other: dict[str, Any]) -> dict[str, Any]:
    """The partial transcript that turns ``base`` into ``other`` under ``merge_override``."""
    out: dict[str, Any] = {}
    for key, value in other.items():
        old = base.get(key)
        if isinstance(old, dict) and isinstance(value, dict):
            sub = _diff(old, value)
            if sub:
                out[key] = sub
        elif old != value:
            out[key] = value
    return out


_ROWS = [
    (TextDelta, ["8.1.4", "8.1.5"]),
    (ReasoningDelta, ["8.1.7", "8.1.8"]),
    (ToolInputStart, ["8.1.9", "8.1.10", "8.1.12"]),
    (Error, ["8.1.17"]),
    (ResponseMetadata, ["8.1.2"]),
]
_PRIMARY = {"text": "8.1.4", "tools": "8.1.10", "mixed": "8.1.4"}


def build_scenario(kind: str, script: Sequence[Part], dialects: Sequence[str] = PART_DIALECTS) -> Scenario:
    """A generated scenario around ``script``: request, rows, expected transcript(s), a stable id.

    The id is ``generated.<kind>.<hash of the script>``: the same stream always gets the same id.

    >>> from mock_provider.parts import parse_part
    >>> s = build_scenario("text", [parse_part({"type": "text-delta", "id": "t", "delta": "Hi"})])
    >>> s.id, s.expected.text, s.expected.finish_reason
    ('generated.text.6d3d146241', 'Hi', '@unknown')
    """
    dumped = [dump_part(p) for p in script]
    digest = hashlib.sha1(json.dumps(dumped, sort_keys=True).encode()).hexdigest()[:10]
    rows = [_PRIMARY.get(kind, "8.1.4")]
    for cls, extra in _ROWS:
        if any(isinstance(p, cls) for p in script):
            rows += [r for r in extra if r not in rows]
    finish = any(isinstance(p, Finish) for p in script)
    rows.append("8.1.18" if finish else "8.1.19")
    expected = expected_transcript(script, _BASE_DIALECT if _BASE_DIALECT in dialects else dialects[0])
    base = expected.model_dump()
    by_dialect: dict[str, dict[str, Any]] = {}
    for name in dialects:
        diff = _diff(base, expected_transcript(script, name).model_dump())
        if diff:
            by_dialect[name] = diff
    names = sorted({p.tool_name for p in script if isinstance(p, ToolInputStart | ToolCall)})
    calls = len({p.tool_call_id for p in script if isinstance(p, ToolCall)})
    broken = contract_of(script)
    return Scenario.model_validate({
        "id": f"generated.{kind}.{digest}",
        "title": f"Generated {kind} stream: {len(script)} part(s), {calls} tool call(s)",
        "rows": rows,
        "citations": [{"kind": "test", "ref": "conformance.strategies (hypothesis-generated stream)"}],
        "request": {
            "messages": [{"role": "user", "content": "Generated stream."}],
            "tools": [{"name": n, "description": f"generated tool {n}"} for n in names],
        },
        "dialects": None if set(dialects) >= set(PART_DIALECTS) else list(dialects),
        "script": [Step(part=p) for p in script],
        "expected": expected,
        "expected_by_dialect": by_dialect,
        **({"contract": broken} if broken else {}),
    })


def contract_of(script: Sequence[Part]) -> dict[str, Any] | None:
    """How a generated script breaks the provider's stream contract (None: it keeps it), as a scenario's
    ``contract``: a stream that neither finishes nor fails (graded on 8.1.19, the row written for it), a
    streamed call whose ``tool-input-end`` no ``tool-call`` part completes.

    >>> from mock_provider.parts import parse_part
    >>> contract_of([parse_part({"type": "text-delta", "id": "t", "delta": "a"})])["covered_by"]
    ['8.1.19']
    >>> contract_of([parse_part({"type": "error", "error": "x"})]) is None
    True
    """
    breaks: list[str] = []
    covered: list[str] = []
    if not any(isinstance(p, Finish | Error) for p in script):
        breaks.append("no finish part and no error: every stream a published provider completes ends with one "
                      "finish (@ai-sdk/openai-compatible 2.0.87 dist/index.mjs:875, flush always enqueues it)")
        covered.append("8.1.19")
    completed = {p.tool_call_id for p in script if isinstance(p, ToolCall)}
    ended = sorted({p.id for p in script if isinstance(p, ToolInputEnd)} - completed)
    if ended:
        breaks.append(f"tool-input-end with no tool-call part for {', '.join(ended)}: a provider that ends a "
                      "streamed call's input sends its tool-call (spec-reference 8.1 row 11)")
    return {"breaks": "; ".join(breaks), "covered_by": covered} if breaks else None
