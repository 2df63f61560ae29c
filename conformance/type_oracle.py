"""The type oracle: every scripted part stream, compiled as typed literals against the published types.

Each corpus scenario's part stream in every part dialect (``v2``/``v3``/``v4``, and ``mastra``;
exactly the items :meth:`~mock_provider.model.ScriptedLanguageModel.step_items` hands an
adapter) becomes one constant of the published stream-part type in a generated TypeScript file,
e.g. ``const s_text_basic_001_v4: LanguageModelV4StreamPart[] = [...]``, one item per line.
``tsc --noEmit --strict`` then compiles it against the ``@ai-sdk/provider`` versions and the
``@mastra/core`` (``ChunkType``) version pinned in ``tools/type-oracle/package.json``
(``npm ci --prefix tools/type-oracle``; one compiler run for the whole corpus), and every
diagnostic is read back to (scenario, dialect, item index, message).
``python -m conformance.type_oracle`` prints them; ``tests/test_type_oracle.py`` asserts that
only scenarios marked ``contract`` fail, and that each of those really breaks a type or a
stated runtime contract (:func:`runtime_breaches`).

JSON has no ``undefined``: a key the encoder leaves out is rendered ``undefined`` where the
published type makes the key required but lets its value be ``undefined`` (:data:`UNDEFINED_KEYS`;
e.g. V3/V4 ``finishReason.raw`` and the usage counts), which is what a JS reader of the same
item sees. Nothing else is filled in. A ``response-metadata.timestamp`` is rendered
``new Date(...)`` (the type is a ``Date``; the JSON form is its ISO string).

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> [r] = [r for r in renderings(load_corpus()) if r.const == "s_text_basic_001_v4"]
    >>> r.type_name, r.items[-1]["type"]
    ('LanguageModelV4StreamPart', 'finish')
    >>> '"inputTokens": {"total": 14, "noCache": 14, "cacheRead": undefined' in literal(r.items[-1], "v4")
    True
    >>> parse_diagnostics("gen.ts(3,5): error TS2322: Type X is not assignable.\\n  More.\\n",
    ...                   {3: ("text.basic.001", "v4", 1)})
    [Diagnostic(scenario='text.basic.001', dialect='v4', item=1, message='TS2322: Type X is not assignable. More.')]
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mock_provider.dialects import DialectError
from mock_provider.model import ScriptedLanguageModel
from mock_provider.scenario import DisconnectFault, HttpStatusFault, RawBytesFault, Scenario, StallFault

ORACLE_DIR = Path(__file__).resolve().parent.parent / "tools" / "type-oracle"
# dialect -> (npm alias in tools/type-oracle/package.json, the published stream-part type)
TYPED_DIALECTS: dict[str, tuple[str, str]] = {
    "v2": ("provider2", "LanguageModelV2StreamPart"),
    "v3": ("provider3", "LanguageModelV3StreamPart"),
    "v4": ("provider4", "LanguageModelV4StreamPart"),
    "mastra": ("@mastra/core/stream", "ChunkType"),
}
# Mastra's ChunkType<OUTPUT>: the structured output type of an agent run (`object`/`object-result` chunks
# carry Partial<OUTPUT>/OUTPUT; the default OUTPUT = undefined admits no object at all).
MASTRA_OUTPUT = "Record<string, unknown>"
# The dialects of the AI SDK provider contract that runtime_breaches states (Mastra chunks are
# Mastra's converter's output, graded by their own type only).
PROVIDER_DIALECTS: tuple[str, ...] = ("v2", "v3", "v4")
# Keys the published type requires but whose value may be `undefined` (JSON cannot say so):
# (dialect, part type, dotted path of the object) -> keys. Read from each version's
# dist/index.d.ts: LanguageModelV{3,4}Usage (inputTokens/outputTokens members are
# `number | undefined`), the finish part's `finishReason.raw: string | undefined`, and V2's
# LanguageModelV2Usage (`inputTokens`/`outputTokens`/`totalTokens: number | undefined`).
_NESTED_USAGE: dict[str, tuple[str, ...]] = {
    "usage.inputTokens": ("total", "noCache", "cacheRead", "cacheWrite"),
    "usage.outputTokens": ("total", "text", "reasoning"),
    "finishReason": ("raw",),
}
_MASTRA_USAGE: dict[str, tuple[str, ...]] = {"payload.output.usage": ("inputTokens", "outputTokens", "totalTokens")}
UNDEFINED_KEYS: dict[tuple[str, str], dict[str, tuple[str, ...]]] = {
    ("v2", "finish"): {"usage": ("inputTokens", "outputTokens", "totalTokens")},
    ("v3", "finish"): _NESTED_USAGE,
    ("v4", "finish"): _NESTED_USAGE,
    # @mastra/core 1.71.0: finish/step-finish output.usage is LanguageModelUsage (= LanguageModelV2Usage).
    ("mastra", "finish"): _MASTRA_USAGE,
    ("mastra", "step-finish"): _MASTRA_USAGE,
}
_DIAG = re.compile(r"^(?P<file>[^(\s][^(]*)\((?P<line>\d+),(?P<col>\d+)\): error (?P<msg>.*)$")


@dataclass(frozen=True)
class Rendering:
    """One scenario's part stream in one typed dialect (``items``: what the adapter gets, in order)."""

    scenario: str
    dialect: str
    items: list[dict[str, Any]]

    @property
    def const(self) -> str:
        """The TypeScript constant's name: ``s_<id with _ for . and ->_<dialect>``."""
        return "s_" + re.sub(r"[^a-z0-9]", "_", self.scenario) + "_" + self.dialect

    @property
    def type_name(self) -> str:
        """The published stream-part type this rendering is checked against (Mastra's with its OUTPUT)."""
        name = TYPED_DIALECTS[self.dialect][1]
        return f"{name}<{MASTRA_OUTPUT}>" if self.dialect == "mastra" else name


@dataclass(frozen=True)
class Diagnostic:
    """One compiler error, located: the scenario, the dialect and the item index (None: no item)."""

    scenario: str
    dialect: str
    item: int | None
    message: str


def renderings(corpus: Iterable[Scenario], dialects: Sequence[str] = tuple(TYPED_DIALECTS)) -> list[Rendering]:
    """Every scenario x typed dialect it renders to (a dialect that cannot express it is skipped,
    as the runner skips it; so is a dialect outside the scenario's ``dialects``)."""
    out: list[Rendering] = []
    for scenario in corpus:
        for dialect in dialects:
            if scenario.dialects is not None and dialect not in scenario.dialects:
                continue
            try:
                steps = ScriptedLanguageModel(scenario, dialect).step_items()
            except DialectError:
                continue
            out.append(Rendering(scenario.id, dialect, [item for items in steps for item in items]))
    return out


def _at(value: Any, path: str) -> Any:
    for segment in path.split("."):
        value = value.get(segment) if isinstance(value, dict) else None
    return value


def literal(item: dict[str, Any], dialect: str) -> str:
    """One item as a TypeScript expression on one line: its JSON, plus the few JS values JSON
    cannot write (``undefined`` keys of :data:`UNDEFINED_KEYS`, a ``Date`` timestamp, and for
    ``mastra`` the ``ChunkFrom`` enum member and the two values Mastra types as ``any``, see
    :func:`_mastra_code`).

    >>> literal({"type": "response-metadata", "timestamp": "2025-01-01T00:00:00.000Z"}, "v4")
    '{"type": "response-metadata", "timestamp": new Date("2025-01-01T00:00:00.000Z")}'
    >>> literal({"type": "finish", "finishReason": "stop", "usage": {"inputTokens": 1}}, "v2")
    '{"type": "finish", "finishReason": "stop", "usage": {"inputTokens": 1, "outputTokens": undefined, \
"totalTokens": undefined}}'
    >>> literal({"type": "tool-call", "from": "AGENT", "payload": {"args": {"a": 1}}}, "mastra")
    '{"type": "tool-call", "from": ChunkFrom.AGENT, "payload": {"args": ({"a": 1} as any)}}'
    """
    value: dict[str, Any] = json.loads(json.dumps(item))
    code: dict[str, str] = {}

    def put(text: str) -> str:
        key = f"\u0000{len(code)}\u0000"  # a placeholder no scenario string holds
        code[json.dumps(key)] = text
        return key

    kind = str(item.get("type"))
    for path, keys in UNDEFINED_KEYS.get((dialect, kind), {}).items():
        target = _at(value, path)
        if isinstance(target, dict):
            for key in keys:
                target.setdefault(key, put("undefined"))
    if kind == "response-metadata" and isinstance(value.get("timestamp"), str):
        value["timestamp"] = put(f"new Date({json.dumps(value['timestamp'])})")
    if dialect == "mastra":
        _mastra_code(value, put)
    text = json.dumps(value, ensure_ascii=False)
    for placeholder, expression in code.items():
        text = text.replace(placeholder, expression)
    return text


def _mastra_code(value: dict[str, Any], put: Callable[[str], str]) -> None:
    """Mastra's ``from`` is the ``ChunkFrom`` enum (same string at run time). Two values are ``any``
    in Mastra's own converter, so their type says nothing about them (@mastra/core 1.71.0
    dist/stream-Dp72cAE0.js ``convertFullStreamChunkToMastra``): a tool call's ``args`` is
    ``JSON.parse(input)`` (line 801: any JSON value, ``null`` for ``"null"``; the published
    ``TArgs & {__mastraMetadata?}`` with ``TArgs = unknown`` admits no argument object at all) and
    a ``raw`` chunk's ``payload`` is the part's ``rawValue`` (line 909, ``unknown``)."""
    if isinstance(value.get("from"), str):
        value["from"] = put(f"ChunkFrom.{value['from']}")
    payload = value.get("payload")
    if str(value.get("type")).startswith("background-task-") and isinstance(payload, dict):
        # BackgroundTask*Payload dates are Dates (JSON: their ISO string); an output's payload is a chunk.
        for key in ("startedAt", "suspendedAt", "completedAt"):
            if isinstance(payload.get(key), str):
                payload[key] = put(f"new Date({json.dumps(payload[key])})")
        if isinstance(payload.get("payload"), dict):
            _mastra_code(payload["payload"], put)
    if isinstance(payload, dict) and "args" in payload:
        payload["args"] = put(f"({json.dumps(payload['args'], ensure_ascii=False)} as any)")
    elif value.get("type") == "raw" and "payload" in value:
        value["payload"] = put(f"({json.dumps(payload, ensure_ascii=False)} as any)")


def typescript(items: Sequence[Rendering]) -> tuple[str, dict[int, tuple[str, str, int | None]]]:
    """The generated TypeScript module and its line map (1-based line -> scenario, dialect, item).

    >>> text, lines = typescript([Rendering("a.b.001", "v3", [{"type": "text-start", "id": "0"}])])
    >>> print(text.splitlines()[-3:])
    ['const s_a_b_001_v3: LanguageModelV3StreamPart[] = [', '  {"type": "text-start", "id": "0"},', '];']
    >>> lines[len(text.splitlines()) - 1]
    ('a.b.001', 'v3', 0)
    """
    used = sorted({r.dialect for r in items}, key=list(TYPED_DIALECTS).index)
    lines = ["// Generated by conformance/type_oracle.py from the scenario corpus; do not edit."]
    lines += [f'import type {{ {TYPED_DIALECTS[d][1]} }} from "{TYPED_DIALECTS[d][0]}";' for d in used]
    if "mastra" in used:
        lines.append(f'import {{ ChunkFrom }} from "{TYPED_DIALECTS["mastra"][0]}";')
        lines.append(f'import type {{ DataChunkType }} from "{TYPED_DIALECTS["mastra"][0]}";')
    where: dict[int, tuple[str, str, int | None]] = {}
    for r in items:
        lines.append(f"const {r.const}: {r.type_name}[] = [")
        where[len(lines)] = (r.scenario, r.dialect, None)
        for index, item in enumerate(r.items):
            lines.append(f"  {_typed_literal(item, r)},")
            where[len(lines)] = (r.scenario, r.dialect, index)
        lines.append("];")
        where[len(lines)] = (r.scenario, r.dialect, None)
    return "\n".join(lines) + "\n", where


def _typed_literal(item: dict[str, Any], r: Rendering) -> str:
    """One item's literal; a Mastra ``data-*`` chunk checked as ``DataChunkType``.

    ChunkType's data member is ``DataChunkType & {from: never; runId: never; payload: never}``: keys
    that are absent at runtime, typed so no literal can be assigned. The chunk is checked against
    DataChunkType itself, then narrowed to the member it is in the stream.

    >>> _typed_literal({"type": "data-x", "data": 1}, Rendering("a.b.001", "mastra", []))
    '({"type": "data-x", "data": 1} satisfies DataChunkType) as DataChunkType as ChunkType<Record<string, unknown>>'
    """
    text = literal(item, r.dialect)
    if r.dialect == "mastra" and str(item.get("type", "")).startswith("data-"):
        return f"({text} satisfies DataChunkType) as DataChunkType as {r.type_name}"
    return text


def parse_diagnostics(output: str, where: dict[int, tuple[str, str, int | None]]) -> list[Diagnostic]:
    """``tsc --pretty false`` output as located diagnostics (continuation lines joined)."""
    found: list[list[Any]] = []
    for raw in output.splitlines():
        m = _DIAG.match(raw)
        if m:
            scenario, dialect, item = where.get(int(m.group("line")), ("?", "?", None))
            found.append([scenario, dialect, item, m.group("msg").strip()])
        elif found and raw.startswith(" "):
            found[-1][3] += " " + raw.strip()
    return [Diagnostic(s, d, i, msg) for s, d, i, msg in found]


# The provider's stream contract beyond the types (what every published @ai-sdk provider does on a
# stream it completes: openai-compatible 2.0.87 and anthropic 3.0.138 close each block they open,
# send deltas only inside an open block, and end with exactly one `finish`; spec-reference 1.8).
_BLOCKS = {"text": "text", "reasoning": "reasoning", "tool-input": "tool-input"}
_CUT = (DisconnectFault, StallFault, RawBytesFault, HttpStatusFault)


def runtime_breaches(scenario: Scenario) -> list[str]:
    """Where the scripted stream breaks the provider's runtime contract (empty: it keeps it).

    Blocks (``text``/``reasoning``/``tool-input``) open, get deltas and close in that order
    per id; exactly one ``finish`` ends a stream that no fault cuts (a fault ends the stream
    with an error, so its missing finish and open blocks are the fault's, not the script's; so may
    an ``error`` part).

    >>> from mock_provider.scenario import load_corpus
    >>> corpus = {s.id: s for s in load_corpus()}
    >>> runtime_breaches(corpus["text.basic.001"])
    []
    >>> runtime_breaches(corpus["reasoning.unclosed.001"])
    ['reasoning block reasoning-0 is still open at finish (step 7)']
    """
    found: list[str] = []
    open_ids: dict[str, set[str]] = {kind: set() for kind in _BLOCKS}
    finishes = 0
    for index, step in enumerate(scenario.script):
        part = step.part
        if part is None:
            if step.raw_part is not None and finishes:
                found.append(f"part {step.raw_part['type']!r} after finish (step {index})")
            continue
        if finishes:
            found.append(f"part {part.type!r} after finish (step {index})")
        kind, _, phase = part.type.rpartition("-")
        block_id = getattr(part, "id", None)
        if kind in _BLOCKS and phase in ("start", "delta", "end") and isinstance(block_id, str):
            found += _block_step(open_ids[kind], kind, phase, block_id, index)
        elif part.type == "finish":
            finishes += 1
            found += [f"{kind} block {i} is still open at finish (step {index})"
                      for kind, ids in open_ids.items() for i in sorted(ids)]
    # An in-band `error` may end a stream too: @ai-sdk/anthropic 3.0.138 (dist/index.mjs:6142) sends
    # `error` and no `finish` when the API reports an error mid-stream.
    cut = any(isinstance(step.fault, _CUT) or (step.part is not None and step.part.type == "error")
              for step in scenario.script)
    if finishes == 0 and not cut:
        found.append("no finish part ends the stream, and no fault or error part cuts it")
    if finishes > 1:
        found.append(f"{finishes} finish parts")
    # Azure's content-filter chunk (wire quirk filter_chunk_before) is outside ChatCompletionChunk.
    found += [f"an Azure content-filter chunk outside ChatCompletionChunk (step {i})"
              for i, step in enumerate(scenario.script) if step.wire is not None and step.wire.filter_chunk_before]
    return found + _reused_wire_indexes(scenario)


def _reused_wire_indexes(scenario: Scenario) -> list[str]:
    """Chat Completions calls that share one ``tool_calls[].index`` (wire quirk ``index``): the index
    names one call across the deltas (openai 3.57.0 ChoiceDeltaToolCall), so a reuse breaks the wire's
    contract even though the parts keep theirs.

    >>> from mock_provider.scenario import load_corpus
    >>> [runtime_breaches(s) for s in load_corpus() if s.id == "quirks.tool-index-reused.001"][0][0]
    'tool call call_w2 reuses Chat Completions index 0 of call_w1 (step 6)'
    """
    seen: dict[int, str] = {}
    ordinal = 0
    found: list[str] = []
    for index, step in enumerate(scenario.script):
        part = step.part
        if part is None or part.type != "tool-input-start":
            continue
        wire_index = step.wire.index if step.wire is not None and step.wire.index is not None else ordinal
        ordinal += 1
        if wire_index in seen:
            found.append(f"tool call {part.id} reuses Chat Completions index {wire_index} of {seen[wire_index]} "
                         f"(step {index})")
        seen.setdefault(wire_index, part.id)
    return found


def _block_step(open_ids: set[str], kind: str, phase: str, block_id: str, index: int) -> list[str]:
    if phase == "start":
        if block_id in open_ids:
            return [f"{kind}-start for {block_id}, already open (step {index})"]
        open_ids.add(block_id)
        return []
    if block_id not in open_ids:
        return [f"{kind}-{phase} for {block_id}, which is not open (step {index})"]
    if phase == "end":
        open_ids.discard(block_id)
    return []


def unavailable() -> str | None:
    """Why the compiler cannot run here (None when it can)."""
    if shutil.which("node") is None:
        return "node is not installed"
    for package in ("typescript", *(alias for alias, _ in TYPED_DIALECTS.values())):
        if not (ORACLE_DIR / "node_modules" / package.split("/stream")[0] / "package.json").is_file():
            return f"{package} is not installed: run `npm ci --prefix {ORACLE_DIR}`"
    return None


def compile_renderings(items: Sequence[Rendering], timeout: float = 300.0) -> list[Diagnostic]:
    """Compile every rendering in one ``tsc --noEmit --strict`` run; the located diagnostics."""
    text, where = typescript(items)
    # The file must sit under tools/type-oracle so `import ... from "provider4"` resolves.
    with tempfile.TemporaryDirectory(dir=ORACLE_DIR, prefix="generated-") as tmp:
        source = Path(tmp) / "scenarios.ts"
        source.write_text(text, encoding="utf-8")
        tsc = ORACLE_DIR / "node_modules" / ".bin" / "tsc"
        proc = subprocess.run(
            [str(tsc), "--noEmit", "--strict", "--pretty", "false", "--skipLibCheck", "--target", "es2022",
             "--module", "nodenext", "--moduleResolution", "nodenext", str(source)],
            capture_output=True, text=True, timeout=timeout, check=False, cwd=ORACLE_DIR)
    diagnostics = parse_diagnostics(proc.stdout, where)
    if proc.returncode != 0 and not diagnostics:
        raise RuntimeError(f"tsc failed ({proc.returncode}) without a diagnostic: {(proc.stdout + proc.stderr)[:800]}")
    return diagnostics


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m conformance.type_oracle [--write FILE]``: compile the corpus and print each error.

    Exit status 1 when a scenario not marked ``contract`` fails to compile (a marked one is
    expected to and is printed as such); ``--write FILE`` only writes the generated TypeScript.
    """
    import argparse

    from mock_provider.scenario import load_corpus

    parser = argparse.ArgumentParser(prog="python -m conformance.type_oracle",
                                     description="Compile every scenario's parts against the published "
                                                 "@ai-sdk/provider and @mastra/core types; print each error.")
    parser.add_argument("--write", metavar="FILE", help="only write the generated TypeScript to FILE")
    args = parser.parse_args(argv)
    corpus = load_corpus()
    items = renderings(corpus)
    if args.write is not None:
        Path(args.write).write_text(typescript(items)[0], encoding="utf-8")
        return 0
    reason = unavailable()
    if reason is not None:
        print(f"type oracle unavailable: {reason}", file=sys.stderr)
        return 2
    marked = {s.id for s in corpus if s.contract is not None}
    diagnostics = compile_renderings(items)
    for d in diagnostics:
        note = " (marked contract: expected)" if d.scenario in marked else ""
        print(f"{d.scenario} [{d.dialect}] item {d.item}{note}: {d.message}")
    failed = {(d.scenario, d.dialect) for d in diagnostics}
    unmarked = {k for k in failed if k[0] not in marked}
    print(f"{len(items) - len(failed)} of {len(items)} scenario x dialect renderings type-check; "
          f"{len(failed) - len(unmarked)} fail in scenarios marked contract, {len(unmarked)} elsewhere")
    return 1 if unmarked else 0


if __name__ == "__main__":
    raise SystemExit(main())
