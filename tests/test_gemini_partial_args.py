"""Streamed function-call arguments (``partialArgs``): any JSON object, cut anywhere, comes back whole.

The kit's writer (``mock_provider.wires.gemini_partial_args.ArgsStream``) and reader (``apply``) are
checked against each other on generated objects and cuts; then ``@ai-sdk/google`` 4.0.121's own
incremental JSON builder reads the same entries in Node (``GoogleJSONAccumulator`` through the
model's ``doStream``): its argument text deltas must join to its final input, and that input must be
the object the fragments spelled. Keys are kept to names the client can address (no ``.``, ``[``,
``]``; not integer-like, which a JavaScript object would reorder) and containers non-empty, the
shapes the writer refuses otherwise.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any, Literal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mock_provider.wires.gemini_partial_args import ArgsStream, NoPathForm, apply

ROOT = Path(__file__).resolve().parent.parent
TS = ROOT / "examples" / "ts"

NO_SURROGATES: tuple[Literal["Cs"]] = ("Cs",)
KEYS = st.text(alphabet=st.characters(blacklist_characters=".[]", blacklist_categories=NO_SURROGATES), min_size=1,
               max_size=6).filter(lambda k: not k.isdigit())
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                    st.floats(allow_nan=False, allow_infinity=False, width=32).filter(lambda f: f != int(f)),
                    st.text(max_size=12))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, min_size=1, max_size=3),
                                                       st.dictionaries(KEYS, inner, min_size=1, max_size=3)),
                      max_leaves=8)
OBJECTS = st.dictionaries(KEYS, VALUES, max_size=4)


def fragments(text: str, cuts: list[int]) -> list[str]:
    points = sorted({c % (len(text) + 1) for c in cuts})
    return [text[a:b] for a, b in zip([0, *points], [*points, len(text)], strict=True)]


def entries_of(text: str, cuts: list[int]) -> list[list[dict[str, Any]]]:
    stream = ArgsStream()
    out = [stream.feed(piece) for piece in fragments(text, cuts)]
    return [*out, stream.finish(text)]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(OBJECTS, st.lists(st.integers(0, 400), max_size=8), st.booleans())
def test_any_object_cut_anywhere_reads_back_whole(obj: dict[str, Any], cuts: list[int], ascii_only: bool) -> None:
    text = json.dumps(obj, ensure_ascii=ascii_only, separators=(",", ":"))
    args: dict[str, Any] = {}
    for chunk in entries_of(text, cuts):
        apply(args, chunk)
    assert args == obj


def test_a_string_split_inside_an_escape_waits_for_the_rest() -> None:
    stream = ArgsStream()
    assert stream.feed('{"s":"a\\') == [{"jsonPath": "$.s", "stringValue": "a", "willContinue": True}]
    assert stream.feed('u00e9\\ud83d') == [{"jsonPath": "$.s", "stringValue": "é", "willContinue": True}]
    assert stream.finish('{"s":"a\\u00e9\\ud83d\\ude00"}') == [{"jsonPath": "$.s", "stringValue": "😀"}]


@pytest.mark.parametrize("text", ['{"a":{}}', '{"a":[1,[]]}', '{"x.y":1}', '[1]', '"s"', '{"a":1'])
def test_what_has_no_path_form_is_refused(text: str) -> None:
    with pytest.raises(NoPathForm):
        entries_of(text, [len(text)])


NODE_READER = """
import { createGoogleGenerativeAI } from '@ai-sdk/google'
const cases = JSON.parse(await new Promise((ok) => { let s = ''; process.stdin.on('data', (d) => s += d);
  process.stdin.on('end', () => ok(s)) }))
const out = []
for (const body of cases) {
  const fetch = async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } })
  const { stream } = await createGoogleGenerativeAI({ apiKey: 'k', fetch })('m').doStream({
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] })
  const deltas = []; let input = null
  for await (const p of stream) {
    if (p.type === 'tool-input-delta') deltas.push(p.delta)
    if (p.type === 'tool-call') input = p.input
  }
  out.push({ deltas: deltas.join(''), input })
}
process.stdout.write(JSON.stringify(out))
"""


def _sse(chunks: list[list[dict[str, Any]]]) -> str:
    call = [{"functionCall": {"id": "c", "name": "f", "willContinue": True}},
            *({"functionCall": {"partialArgs": e, "willContinue": True}} for e in chunks if e),
            {"functionCall": {}}]
    frames = [{"candidates": [{"content": {"role": "model", "parts": [p]}, "index": 0}]} for p in call]
    frames.append({"candidates": [{"content": {"role": "model"}, "finishReason": "STOP", "index": 0}]})
    return "".join(f"data: {json.dumps(f)}\n\n" for f in frames)


@pytest.mark.skipif(shutil.which("node") is None or not (TS / "node_modules" / "@ai-sdk" / "google").exists(),
                    reason="node or @ai-sdk/google missing: npm ci --prefix examples/ts")
def test_the_ai_sdk_builder_rebuilds_generated_objects() -> None:
    examples: list[tuple[dict[str, Any], str]] = []

    @settings(max_examples=150, deadline=None, database=None)
    @given(OBJECTS, st.lists(st.integers(0, 400), max_size=8))
    def collect(obj: dict[str, Any], cuts: list[int]) -> None:
        text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
        examples.append((obj, _sse(entries_of(text, cuts))))

    collect()
    out = subprocess.run(["node", "--input-type=module", "-e", NODE_READER], cwd=TS, capture_output=True,
                         text=True, timeout=300, check=False,
                         input=json.dumps([body for _, body in examples]))
    assert out.returncode == 0, out.stderr[-2000:]
    wrong = [(obj, got) for (obj, _), got in zip(examples, json.loads(out.stdout), strict=True)
             if got["input"] is None or json.loads(got["input"]) != obj or got["deltas"] != got["input"]]
    assert wrong == [], wrong[:3]
