"""Every command the README and docs/ show is run by a test, or the page's command says why it cannot be.

tests/test_doc_commands.py checks each shown command's options; this module checks that each one runs:

* RUN_HERE: the cheap ones run here, in the order shown, in one fresh directory outside the repository
  (a later one reads what an earlier one wrote: the report ``conformance gate`` checks). The placeholder
  adapter ``mypkg.adapter:factory`` is the README's example adapter, and a suite run is bounded (one
  dialect, one case unless the command selects its own, two generated streams per search);
* ELSEWHERE: run by another test file, which must still hold the command's distinctive words;
* NOT_RUN: what no test can run here, with the reason (a server that keeps running, a rewrite of the
  repository's own files, an install from a registry).

A command added to a page and to none of the three fails ``test_every_shown_command_is_accounted_for``.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from tests.test_doc_commands import commands

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = "examples.minimal_adapter:factory"
CLI = {"conformance": "conformance.cli", "mock-provider": "mock_provider.cli"}
# A shown command -> the exit codes that mean it ran as the page says (1: the suite ran and graded a failure).
RUN_HERE: dict[str, tuple[int, ...]] = {
    "pytest --adapter=mypkg.adapter:factory": (0,),
    "pytest --adapter=mypkg.adapter:factory -k text.basic --conformance-strict": (0,),
    "pytest --adapter=mypkg.adapter:factory --conformance-dialect=v3 --conformance-timeout=5": (0,),
    "pytest --adapter=mypkg.adapter:factory -k tool.interleave": (0,),
    "pytest --adapter=mypkg.adapter:factory -m row_8_1_12": (0,),
    # The example declares no reasoning or structured output: the tanstack profile fails those cases.
    "pytest --adapter=mypkg.adapter:factory --conformance-profile=tanstack --conformance-strict": (0, 1),
    "pytest --adapter=mypkg.adapter:factory --conformance-snapshot-dir=tests/conformance_snapshots "
    "--snapshot-update": (0,),
    "pytest --adapter=mypkg.adapter:factory -k generated": (0,),
    "pytest --adapter=mypkg.adapter:factory --conformance-examples 0": (0,),
    "pytest --adapter=mypkg.adapter:factory -k generated --conformance-examples 1000": (0,),
    "pytest --adapter=mypkg.adapter:factory -k generated --conformance-seed random": (0,),
    'pytest --adapter-cmd "python examples/harness_python.py conformance.reference:agui"': (0,),
    # ci.md's sequence: a run with JUnit, its pages, the gate, a diff against a baseline.
    "pytest --adapter=mypkg.adapter:factory --junitxml=reports/junit.xml": (0,),
    "conformance report reports/conformance.json --out site/": (0,),
    "conformance gate reports/conformance.json": (0,),
    "conformance diff conformance/baseline.json reports/conformance.json": (0,),
    "python -m conformance diff A.json B.json --json": (0,),
    # consumer-oracle.md: a recording exported, then checked by the suite and by the command line.
    "python -m conformance.recording export --adapter=conformance.reference:tanstack --scenario=tool.text-between.001 "
    "-o rec.json": (0,),
    "pytest --conformance-recording=rec.json": (0,),
    "python -m conformance.recording check mine.json --output ag-ui": (0,),
    "pytest --conformance-recording=mine.json --conformance-recording-scenario=tool.basic.001": (0,),
    # scenarios.md: the corpus listed, rendered and validated.
    "mock-provider list": (0,),
    "mock-provider render tool.interleave.002 --dialect mastra": (0,),
    "mock-provider validate my.yaml": (0,),
    "mock-provider validate my_scenarios/*.yaml": (0,),
}
# Files the commands above read, made first: what the page says the user has at that point.
SETUP = ("cp -r {root}/examples examples",
         "mkdir -p my_scenarios conformance",
         "cp {root}/fixtures/scenarios/text/text.basic.001.yaml my.yaml",
         "cp {root}/fixtures/scenarios/text/text.basic.001.yaml my_scenarios/mine.yaml",
         "python -m conformance.recording export --adapter=conformance.reference:agui --scenario=tool.basic.001 "
         "-o mine.json")
# Before a command: what the page tells the user to do between two of them.
BEFORE = {"conformance diff conformance/baseline.json reports/conformance.json":
          "cp reports/conformance.json conformance/baseline.json",
          "python -m conformance diff A.json B.json --json":
          "cp reports/conformance.json A.json && cp reports/conformance.json B.json"}

# A shown command -> (the test file that runs it, words that file must hold).
ELSEWHERE: dict[str, tuple[str, str]] = {
    ".venv/bin/pytest --adapter=conformance.reference:agui": ("tests/test_wheel.py", "conformance.reference:agui"),
    "pytest --adapter=examples.minimal_adapter:factory": ("tests/test_doc_commands.py", EXAMPLE),
    "pip install stream-adapter-conformance": ("tests/test_wheel.py", "pip\", \"install\""),
    "conformance init --lang ts": ("tests/test_ts_starter.py", '"init", "--lang", "ts"'),
    "npm install --save-dev ./stream-adapter-conformance-harness-0.1.0.tgz":
        ("tests/test_ts_starter.py", "CONFORMANCE.md"),
    'pytest --adapter-cmd "node conformance-harness.mjs"': ("tests/test_ts_starter.py", "CONFORMANCE.md"),
    'pytest --adapter-cmd "node my-harness.mjs" --conformance-adapter-cmd-start-timeout=60 -k tool.interleave':
        ("tests/test_ts_starter.py", '"--conformance-adapter-cmd-start-timeout=60"'),
    "python -m conformance.targets.agui_endpoint conformance.reference:openai_http --port 8000":
        ("tests/test_doc_commands_run.py", "def test_the_readme_endpoint_quickstart_runs"),
    "pytest --adapter-url=http://127.0.0.1:8000/agui --conformance-adapter-url-capabilities=caps.yaml":
        ("tests/test_doc_commands_run.py", "def test_the_readme_endpoint_quickstart_runs"),
    "pytest --adapter-url=http://127.0.0.1:8000/agui --conformance-adapter-url-stream=ndjson":
        ("tests/test_url_target.py", "adapter-url-stream"),
    'pytest --adapter-cmd "node examples/ts/tanstack-ai-openai.mjs"':
        ("tests/test_ts_harnesses.py", "tanstack-ai-openai.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk-openai-compatible.mjs"':
        ("tests/test_ts_harnesses.py", "ai-sdk-openai-compatible.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk7-google.mjs" --conformance-dialect=gemini':
        ("tests/test_ts_harnesses.py", "ai-sdk7-google.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk7-google-vertex.mjs" --conformance-dialect=gemini':
        ("tests/test_ts_harnesses.py", "ai-sdk7-google-vertex.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk7-openai.mjs" --conformance-dialect=openai-responses':
        ("tests/test_ts_harnesses.py", "ai-sdk7-openai.mjs"),
    'pytest --adapter-cmd "node examples/ts/tanstack-ai-gemini.mjs" --conformance-dialect=gemini':
        ("tests/test_ts_harnesses.py", "tanstack-ai-gemini.mjs"),
    'pytest --adapter-cmd "node examples/ts/tanstack-ai-openai-responses.mjs" --conformance-dialect=openai-responses':
        ("tests/test_ts_harnesses.py", "tanstack-ai-openai-responses.mjs"),
    '.venv/bin/pytest --adapter-cmd "node examples/ts/tanstack-ai-openai.mjs"':
        ("tests/test_ts_harnesses.py", "tanstack-ai-openai.mjs"),
    'pytest --adapter-cmd "node examples/ts-mastra/ag-ui-mastra.mjs"':
        ("tests/test_ag_ui_mastra.py", "ag-ui-mastra.mjs"),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/agno_capabilities.yaml":
        ("tests/test_agno_endpoint.py", "agno_capabilities.yaml"),
    "MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.agno_agui_app:app --port 8000":
        ("tests/test_agno_endpoint.py", "agno_agui_app"),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/agno_anthropic_capabilities.yaml":
        ("tests/test_agno_endpoint.py", "agno_anthropic_capabilities.yaml"),
    "AGNO_MODEL=claude MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.agno_agui_app:app --port 8000":
        ("tests/test_agno_endpoint.py", 'model="claude"'),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/agno_gemini_capabilities.yaml":
        ("tests/test_agno_endpoint.py", "agno_gemini_capabilities.yaml"),
    "AGNO_MODEL=gemini MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.agno_agui_app:app --port 8000":
        ("tests/test_agno_endpoint.py", 'model="gemini"'),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/agno_responses_capabilities.yaml":
        ("tests/test_agno_endpoint.py", "agno_responses_capabilities.yaml"),
    "AGNO_MODEL=openai-responses MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.agno_agui_app:app --port 8000":
        ("tests/test_agno_endpoint.py", 'model="openai-responses"'),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/agno_groq_capabilities.yaml":
        ("tests/test_agno_endpoint.py", "agno_groq_capabilities.yaml"),
    "AGNO_MODEL=groq MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.agno_agui_app:app --port 8000":
        ("tests/test_agno_endpoint.py", 'model="groq"'),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/agno_mistral_capabilities.yaml":
        ("tests/test_agno_endpoint.py", "agno_mistral_capabilities.yaml"),
    "AGNO_MODEL=mistral MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.agno_agui_app:app --port 8000":
        ("tests/test_agno_endpoint.py", 'model="mistral"'),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/agno_deepseek_capabilities.yaml":
        ("tests/test_agno_endpoint.py", "agno_deepseek_capabilities.yaml"),
    "AGNO_MODEL=deepseek MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.agno_agui_app:app --port 8000":
        ("tests/test_agno_endpoint.py", 'model="deepseek"'),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/agno_xai_capabilities.yaml":
        ("tests/test_agno_endpoint.py", "agno_xai_capabilities.yaml"),
    "AGNO_MODEL=xai MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.agno_agui_app:app --port 8000":
        ("tests/test_agno_endpoint.py", 'model="xai"'),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/agno_openrouter_capabilities.yaml":
        ("tests/test_agno_endpoint.py", "agno_openrouter_capabilities.yaml"),
    "AGNO_MODEL=openrouter MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.agno_agui_app:app --port 8000":
        ("tests/test_agno_endpoint.py", 'model="openrouter"'),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/agno_together_capabilities.yaml":
        ("tests/test_agno_endpoint.py", "agno_together_capabilities.yaml"),
    "AGNO_MODEL=together MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.agno_agui_app:app --port 8000":
        ("tests/test_agno_endpoint.py", 'model="together"'),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/agno_cerebras_capabilities.yaml":
        ("tests/test_agno_endpoint.py", "agno_cerebras_capabilities.yaml"),
    "AGNO_MODEL=cerebras MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.agno_agui_app:app --port 8000":
        ("tests/test_agno_endpoint.py", 'model="cerebras"'),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/agno_fireworks_capabilities.yaml":
        ("tests/test_agno_endpoint.py", "agno_fireworks_capabilities.yaml"),
    "AGNO_MODEL=fireworks MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.agno_agui_app:app --port 8000":
        ("tests/test_agno_endpoint.py", 'model="fireworks"'),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/agno_nvidia_capabilities.yaml":
        ("tests/test_agno_endpoint.py", "agno_nvidia_capabilities.yaml"),
    "AGNO_MODEL=nvidia MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.agno_agui_app:app --port 8000":
        ("tests/test_agno_endpoint.py", 'model="nvidia"'),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/pydantic_ai_capabilities.yaml":
        ("tests/test_pydantic_ai_endpoint.py", "pydantic_ai_capabilities.yaml"),
    "MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.pydantic_ai_agui_app:app --port 8000":
        ("tests/test_pydantic_ai_endpoint.py", "pydantic_ai_agui_app"),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/pydantic_ai_anthropic_capabilities.yaml":
        ("tests/test_pydantic_ai_endpoint.py", "pydantic_ai_anthropic_capabilities.yaml"),
    "MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.pydantic_ai_agui_app:anthropic_app --port 8000":
        ("tests/test_pydantic_ai_endpoint.py", '_serve("anthropic"'),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/pydantic_ai_openrouter_capabilities.yaml":
        ("tests/test_pydantic_ai_endpoint.py", "pydantic_ai_openrouter_capabilities.yaml"),
    "MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.pydantic_ai_agui_app:openrouter_app --port 8000":
        ("tests/test_pydantic_ai_endpoint.py", '_serve("openrouter"'),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/pydantic_ai_groq_capabilities.yaml":
        ("tests/test_pydantic_ai_endpoint.py", "pydantic_ai_groq_capabilities.yaml"),
    "MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.pydantic_ai_agui_app:groq_app --port 8000":
        ("tests/test_pydantic_ai_endpoint.py", '_serve("groq"'),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/pydantic_ai_huggingface_capabilities.yaml":
        ("tests/test_pydantic_ai_endpoint.py", "pydantic_ai_huggingface_capabilities.yaml"),
    "MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.pydantic_ai_agui_app:huggingface_app --port 8000":
        ("tests/test_pydantic_ai_endpoint.py", '_serve("huggingface"'),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/pydantic_ai_mistral_capabilities.yaml":
        ("tests/test_pydantic_ai_endpoint.py", "pydantic_ai_mistral_capabilities.yaml"),
    "MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.pydantic_ai_agui_app:mistral_app --port 8000":
        ("tests/test_pydantic_ai_endpoint.py", '_serve("mistral"'),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/pydantic_ai_deepseek_capabilities.yaml":
        ("tests/test_pydantic_ai_endpoint.py", "pydantic_ai_deepseek_capabilities.yaml"),
    "MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.pydantic_ai_agui_app:deepseek_app --port 8000":
        ("tests/test_pydantic_ai_endpoint.py", '_serve("deepseek"'),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/pydantic_ai_moonshot_capabilities.yaml":
        ("tests/test_pydantic_ai_endpoint.py", "pydantic_ai_moonshot_capabilities.yaml"),
    "MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.pydantic_ai_agui_app:moonshot_app --port 8000":
        ("tests/test_pydantic_ai_endpoint.py", '_serve("moonshot"'),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/pydantic_ai_cerebras_capabilities.yaml":
        ("tests/test_pydantic_ai_endpoint.py", "pydantic_ai_cerebras_capabilities.yaml"),
    "MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.pydantic_ai_agui_app:cerebras_app --port 8000":
        ("tests/test_pydantic_ai_endpoint.py", '_serve("cerebras"'),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/pydantic_ai_together_capabilities.yaml":
        ("tests/test_pydantic_ai_endpoint.py", "pydantic_ai_together_capabilities.yaml"),
    "MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.pydantic_ai_agui_app:together_app --port 8000":
        ("tests/test_pydantic_ai_endpoint.py", '_serve("together"'),
    "CONFORMANCE_MOCK_PORT=8765 pytest --adapter-url=http://127.0.0.1:8000/agui "
    "--conformance-adapter-url-capabilities=examples/pydantic_ai_fireworks_capabilities.yaml":
        ("tests/test_pydantic_ai_endpoint.py", "pydantic_ai_fireworks_capabilities.yaml"),
    "MOCK_BASE_URL=http://127.0.0.1:8765 uvicorn examples.pydantic_ai_agui_app:fireworks_app --port 8000":
        ("tests/test_pydantic_ai_endpoint.py", '_serve("fireworks"'),
    "SAC_LLAMA_PYTHON=.llama/bin/python pytest --runslow tests/test_llama_index_endpoint.py":
        ("tests/test_llama_index_endpoint.py", "SAC_LLAMA_PYTHON"),
    "pytest tests/test_type_oracle.py": ("tests/test_type_oracle.py", "def test_"),
    "python -m conformance.type_oracle": ("tests/test_type_oracle.py", "conformance.type_oracle"),
    "mock-provider serve --time-scale 0 --token secret": ("tests/test_server.py", "time-scale"),
    "python tools/gen_docs.py": ("tests/test_docs.py", "gen_docs"),
    "python -m conformance.matrix --write": ("tests/test_docs.py", "conformance.matrix"),
    'python -c "from mock_provider.scenario import schema_text; '
    "open('fixtures/schemas/scenario.schema.json','w').write(schema_text())\"":
        ("tests/test_scenarios.py", "schema_text"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk7-anthropic.mjs" --conformance-dialect=anthropic':
        ("tests/test_ts_harnesses.py", "ai-sdk7-anthropic.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk7-agent-anthropic.mjs" --conformance-dialect=anthropic':
        ("tests/test_ts_harnesses.py", "ai-sdk7-agent-anthropic.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk6-anthropic.mjs" --conformance-dialect=anthropic':
        ("tests/test_ts_harnesses.py", "ai-sdk6-anthropic.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk6-google.mjs" --conformance-dialect=gemini':
        ("tests/test_ts_harnesses.py", "ai-sdk6-google.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk6-agent-google.mjs" --conformance-dialect=gemini':
        ("tests/test_ts_harnesses.py", "ai-sdk6-agent-google.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk6-openai.mjs" --conformance-dialect=openai-responses':
        ("tests/test_ts_harnesses.py", "ai-sdk6-openai.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk5-openai.mjs" --conformance-dialect=openai-responses':
        ("tests/test_ts_harnesses.py", "ai-sdk5-openai.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk5-anthropic.mjs" --conformance-dialect=anthropic':
        ("tests/test_ts_harnesses.py", "ai-sdk5-anthropic.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk5-google.mjs" --conformance-dialect=gemini':
        ("tests/test_ts_harnesses.py", "ai-sdk5-google.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk5-openai-compatible.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk5-openai-compatible.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk5-mistral.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk5-mistral.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk5-groq.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk5-groq.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk5-xai.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk5-xai.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk7-groq.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk7-groq.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk7-mistral.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk7-mistral.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk7-openai-chat.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk7-openai-chat.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk7-xai.mjs" --conformance-dialect=openai-responses':
        ("tests/test_ts_harnesses.py", "ai-sdk7-xai.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk7-azure.mjs" --conformance-dialect=openai-responses':
        ("tests/test_ts_harnesses.py", "ai-sdk7-azure.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk7-deepseek.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk7-deepseek.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk7-perplexity.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk7-perplexity.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk7-moonshotai.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk7-moonshotai.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk7-alibaba.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk7-alibaba.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk7-cerebras.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk7-cerebras.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk7-fireworks.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk7-fireworks.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk7-togetherai.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk7-togetherai.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk7-deepinfra.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk7-deepinfra.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk7-baseten.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk7-baseten.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk6-vercel.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk6-vercel.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk6-groq.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk6-groq.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk6-mistral.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk6-mistral.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk6-xai.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk6-xai.mjs"),
    'pytest --adapter-cmd "node examples/ts/ai-sdk7-huggingface.mjs" --conformance-dialect=openai-responses':
        ("tests/test_ts_harnesses.py", "ai-sdk7-huggingface.mjs"),
    'pytest --adapter-cmd "node examples/ts/tanstack-ai-openai-compatible.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "tanstack-ai-openai-compatible.mjs"),
    'pytest --adapter-cmd "node examples/ts/openai-agents-ui.mjs" --conformance-dialect=openai-responses':
        ("tests/test_ts_harnesses.py", "openai-agents-ui.mjs"),
    'pytest --adapter-cmd "node examples/ts/openai-agents-ui-chat.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "openai-agents-ui-chat.mjs"),
    'pytest --adapter-cmd "node examples/ts/openai-agents-aisdk-anthropic.mjs" --conformance-dialect=anthropic':
        ("tests/test_ts_harnesses.py", "openai-agents-aisdk-anthropic.mjs"),
    'pytest --adapter-cmd "node examples/ts/openai-agents-aisdk-google.mjs" --conformance-dialect=gemini':
        ("tests/test_ts_harnesses.py", "openai-agents-aisdk-google.mjs"),
    'pytest --adapter-cmd "node examples/ts/openai-agents-aisdk-mistral.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "openai-agents-aisdk-mistral.mjs"),
    'pytest --adapter-cmd "node examples/ts/openai-agents-aisdk-groq.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "openai-agents-aisdk-groq.mjs"),
    'pytest --adapter-cmd "node examples/ts/openai-agents-aisdk-xai.mjs" --conformance-dialect=openai-responses':
        ("tests/test_ts_harnesses.py", "openai-agents-aisdk-xai.mjs"),
    'pytest --adapter-cmd "node examples/ts/openai-agents-aisdk-deepseek.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "openai-agents-aisdk-deepseek.mjs"),
    'pytest --adapter-cmd "node examples/ts/openai-agents-aisdk-cerebras.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "openai-agents-aisdk-cerebras.mjs"),
    'pytest --adapter-cmd "node examples/ts/openai-agents-aisdk-togetherai.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "openai-agents-aisdk-togetherai.mjs"),
    'pytest --adapter-cmd "node examples/ts-voltagent/voltagent-ui.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "voltagent-ui.mjs"),
    'pytest --adapter-cmd "node examples/ts-voltagent/voltagent-ui-anthropic.mjs" --conformance-dialect=anthropic':
        ("tests/test_ts_harnesses.py", "voltagent-ui-anthropic.mjs"),
    'pytest --adapter-cmd "node examples/ts-voltagent/voltagent-ui-google.mjs" --conformance-dialect=gemini':
        ("tests/test_ts_harnesses.py", "voltagent-ui-google.mjs"),
    'pytest --adapter-cmd "node examples/ts-voltagent/voltagent-ui-mistral.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "voltagent-ui-mistral.mjs"),
    'pytest --adapter-cmd "node examples/ts-voltagent/voltagent-ui-groq.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "voltagent-ui-groq.mjs"),
    'pytest --adapter-cmd "node examples/ts-voltagent/voltagent-ui-deepseek.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "voltagent-ui-deepseek.mjs"),
    'pytest --adapter-cmd "node examples/ts-voltagent/voltagent-ui-xai.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "voltagent-ui-xai.mjs"),
    'pytest --adapter-cmd "node examples/ts-voltagent/voltagent-ui-cerebras.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "voltagent-ui-cerebras.mjs"),
    'pytest --adapter-cmd "node examples/ts-voltagent/voltagent-ui-togetherai.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "voltagent-ui-togetherai.mjs"),
    'pytest --adapter-cmd "node examples/ts-voltagent/voltagent-ui-fireworks.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "voltagent-ui-fireworks.mjs"),
    'pytest --adapter-cmd "node examples/ts-openrouter/tanstack-ai-openrouter.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "tanstack-ai-openrouter.mjs"),
    'pytest --adapter-cmd "node examples/ts-openrouter/ai-sdk7-openrouter.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk7-openrouter.mjs"),
    'pytest --adapter-cmd "node examples/ts-llamaindex/ai-sdk7-llamaindex.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "ai-sdk7-llamaindex.mjs"),
    'pytest --adapter-cmd "node examples/ts-openrouter/tanstack-ai-grok.mjs" --conformance-dialect=openai-responses':
        ("tests/test_ts_harnesses.py", "tanstack-ai-grok.mjs"),
    'pytest --adapter-cmd "node examples/ts-copilotkit/copilotkit-runtime.mjs" --conformance-dialect=openai-responses':
        ("tests/test_copilotkit_runtime.py", "copilotkit-runtime.mjs"),
    'pytest --adapter-cmd "node examples/ts-copilotkit/copilotkit-runtime-anthropic.mjs" '
    '--conformance-dialect=anthropic':
        ("tests/test_copilotkit_runtime.py", "copilotkit-runtime-anthropic.mjs"),
    'pytest --adapter-cmd "node examples/ts-copilotkit/copilotkit-runtime-google.mjs" --conformance-dialect=gemini':
        ("tests/test_copilotkit_runtime.py", "copilotkit-runtime-google.mjs"),
    'pytest --adapter-cmd "node examples/ts-copilotkit/copilotkit-runtime-openai-compatible.mjs" '
    '--conformance-dialect=openai-chat':
        ("tests/test_copilotkit_runtime.py", "copilotkit-runtime-openai-compatible.mjs"),
    'pytest --adapter-cmd "node examples/ts-copilotkit/copilotkit-runtime-mistral.mjs" '
    '--conformance-dialect=openai-chat':
        ("tests/test_copilotkit_runtime.py", "copilotkit-runtime-mistral.mjs"),
    'pytest --adapter-cmd "node examples/ts-copilotkit/copilotkit-runtime-groq.mjs" '
    '--conformance-dialect=openai-chat':
        ("tests/test_copilotkit_runtime.py", "copilotkit-runtime-groq.mjs"),
    'pytest --adapter-cmd "node examples/ts-copilotkit/copilotkit-runtime-deepseek.mjs" '
    '--conformance-dialect=openai-chat':
        ("tests/test_copilotkit_runtime.py", "copilotkit-runtime-deepseek.mjs"),
    'pytest --adapter-cmd "node examples/ts-copilotkit/copilotkit-runtime-xai.mjs" '
    '--conformance-dialect=openai-chat':
        ("tests/test_copilotkit_runtime.py", "copilotkit-runtime-xai.mjs"),
    'pytest --adapter-cmd "node examples/ts-copilotkit/copilotkit-runtime-cerebras.mjs" '
    '--conformance-dialect=openai-chat':
        ("tests/test_copilotkit_runtime.py", "copilotkit-runtime-cerebras.mjs"),
    'pytest --adapter-cmd "node examples/ts-copilotkit/copilotkit-runtime-togetherai.mjs" '
    '--conformance-dialect=openai-chat':
        ("tests/test_copilotkit_runtime.py", "copilotkit-runtime-togetherai.mjs"),
    "SAC_ADK_PYTHON=/tmp/adk-venv/bin/python pytest --runslow tests/test_adk_endpoint.py":
        ("tests/test_adk_endpoint.py", "SAC_ADK_PYTHON"),
    "SAC_CREWAI_PYTHON=/tmp/crewai-venv/bin/python pytest --runslow tests/test_crewai_endpoint.py":
        ("tests/test_crewai_endpoint.py", "SAC_CREWAI_PYTHON"),
    "SAC_AG2_PYTHON=/tmp/ag2-venv/bin/python pytest --runslow tests/test_ag2_endpoint.py":
        ("tests/test_ag2_endpoint.py", "SAC_AG2_PYTHON"),
    **{f"pytest --adapter=mypkg.adapter:factory --splits 3 --group {g} --conformance-report-dir=shard-{g}":
       ("tests/test_shard.py", "--splits") for g in (1, 2, 3)},
    "conformance merge shard-1/conformance.json shard-2/conformance.json shard-3/conformance.json --out reports":
        ("tests/test_ci_kit.py", "conformance merge"),
    "mock-provider import stream.sse --wire anthropic --out my_scenarios": ("tests/test_capture.py", '"import"'),
    "MOCK_BASE_URL=http://127.0.0.1:8765 node --test examples/ts/shorthand.test.mjs":
        ("tests/test_ts_shorthand.py", '"node", "--test"'),
    "mock-provider import stream.sse --wire openai-responses --out my_scenarios": ("tests/test_capture.py", '"import"'),
    "pytest --adapter=mypkg.adapter:factory --conformance-scenarios=my_scenarios":
        ("tests/test_capture.py", "--conformance-scenarios="),
    'pytest --adapter-cmd "node examples/ts/tanstack-ai-anthropic.mjs" --conformance-dialect=anthropic':
        ("tests/test_ts_harnesses.py", "tanstack-ai-anthropic.mjs"),
    'pytest --adapter-cmd "node examples/ts/tanstack-ai-mistral.mjs" --conformance-dialect=openai-chat':
        ("tests/test_ts_harnesses.py", "tanstack-ai-mistral.mjs"),
    # The project's own set-up and test command: what CI runs.
    "python3 -m venv .venv": (".ci/run", "python3 -m venv"),
    ".venv/bin/pip install -e '.[test]'": (".ci/run", "pip\" install --quiet -e '.[test]'"),
    ".venv/bin/pytest -n auto": (".ci/run", "pytest\" -n auto"),
    "tox": ("tox.ini", "[tox]"),
    "pytest -p no:cacheprovider \"${TARGET[@]}\" \"${SPLIT[@]}\" --conformance-profile=\"$PROFILE\" "
    "--conformance-baseline=\"$BASELINE\" --conformance-deviations=\"$DEVIATIONS\" "
    "--conformance-report-dir=\"$REPORT_DIR\" --junitxml=\"$REPORT_DIR/junit.xml\" $PYTEST_ARGS":
        ("tests/test_ci_kit.py", "Run the conformance suite"),
}

RUN_ENDPOINT = ("python -m conformance.targets.agui_endpoint conformance.reference:openai_http --port 8000",
                "pytest --adapter-url=http://127.0.0.1:8000/agui --conformance-adapter-url-capabilities=caps.yaml")

NOT_RUN: dict[str, str] = {
    "pytest --adapter=mypkg.adapter:factory -k generated.tools.6e7d8e97b8":
        "selects a reproducer the user's own run saved (its name is the run's): tests/test_generated.py "
        "runs a saved reproducer as a scenario",
    "cp reports/reproducers/generated.tools.6e7d8e97b8.yaml fixtures/scenarios/": "the same reproducer, copied",
    "mock-provider serve --port 8765": "a server that runs until stopped (tests/test_server.py starts it)",
    "mock-provider --scenarios my_scenarios serve --port 8765 --time-scale 0": "a server that runs until stopped",
    "pip install stream-adapter-conformance .": "installs from PyPI (tests/test_wheel.py installs the built wheel)",
    "pip install -e '.[test,calibration]'": "installs from PyPI into this environment",
    ".llama/bin/pip install -r examples/llama_index_requirements.txt": "installs from PyPI",
    ".llama/bin/pip install --no-deps -r examples/llama_index_nodeps_requirements.txt": "installs from PyPI",
    "python3 -m venv .llama": "the llama-index environment, made once by hand",
    "python3 -m venv /tmp/adk-venv": "the Google ADK environment, made once by hand (.ci/run makes its own)",
    "/tmp/adk-venv/bin/pip install -r examples/adk_requirements.txt": "installs from PyPI (.ci/run does)",
    "python3 -m venv /tmp/crewai-venv": "the CrewAI environment, made once by hand (.ci/run makes its own)",
    "/tmp/crewai-venv/bin/pip install -r examples/crewai_requirements.txt": "installs from PyPI (.ci/run does)",
    "python3 -m venv /tmp/ag2-venv": "the AG2 environment, made once by hand (.ci/run makes its own)",
    "/tmp/ag2-venv/bin/pip install -r examples/ag2_requirements.txt": "installs from PyPI (.ci/run does)",
    "mock-provider record --upstream https://api.anthropic.com --out my_scenarios --port 8765":
        "a proxy to a real provider that runs until stopped (tests/test_record.py records through it from a local "
        "upstream)",
    "mock-provider record --upstream https://api.openai.com --out my_scenarios --port 8765 "
    "--redact-header x-team-token":
        "the same proxy; tests/test_record.py checks --redact-header and every secret form",
    "npm ci --prefix tools/consumer-oracle": "installs from the npm registry (.ci/run does)",
    "npm ci --prefix tools/type-oracle": "installs from the npm registry (.ci/run does)",
    "npm ci --prefix examples/ts": "installs from the npm registry (.ci/run does)",
    "npm ci --prefix examples/ts-mastra": "installs from the npm registry (.ci/run does)",
    "npm ci --prefix examples/ts-voltagent": "installs from the npm registry (.ci/run does)",
    "npm ci --prefix examples/ts-openrouter": "installs from the npm registry (.ci/run does)",
    "npm ci --prefix examples/ts-copilotkit": "installs from the npm registry (.ci/run does)",
    "npm ci --prefix examples/ts-llamaindex": "installs from the npm registry (.ci/run does)",
}


def _shown() -> set[str]:
    """The pages' commands, runs of spaces (a continued line's indent) as one."""
    return {" ".join(command.split()) for _page, command in commands()}


def test_every_shown_command_is_accounted_for() -> None:
    shown = _shown()
    accounted = set(RUN_HERE) | set(ELSEWHERE) | set(NOT_RUN)
    assert shown - accounted == set(), "a shown command no test runs: add it to RUN_HERE, ELSEWHERE or NOT_RUN"
    assert accounted - shown == set(), "no page shows these any more"
    assert not (set(RUN_HERE) & set(ELSEWHERE) or set(RUN_HERE) & set(NOT_RUN) or set(ELSEWHERE) & set(NOT_RUN))


@pytest.mark.parametrize(("command", "where"), sorted(ELSEWHERE.items()))
def test_the_test_that_runs_it_still_holds_its_words(command: str, where: tuple[str, str]) -> None:
    path, words = where
    assert words in (ROOT / path).read_text(encoding="utf-8"), f"{path} no longer runs {command!r}"


def _bounded(command: str) -> list[str]:
    """The shown command as run here: the example adapter for the placeholder, a suite run kept short."""
    words = shlex.split(command.replace("mypkg.adapter:factory", EXAMPLE).replace("examples 1000", "examples 2"))
    if words[0] == "pytest":
        words = [sys.executable, "-m", "pytest", *words[1:], "-q", "-p", "no:cacheprovider"]
        if "--conformance-recording" not in command:
            if "--conformance-dialect" not in command:
                words.append("--conformance-dialect=v3")
            if not re.search(r"(?:^| )-[km] ", command):
                words += ["-k", "text.basic.001"]
            if "--conformance-examples" not in command:
                words.append("--conformance-examples=2")
    elif words[:2] == ["python", "-m"]:
        words[0] = sys.executable
    elif words[0] in CLI:
        words = [sys.executable, "-c", f"from {CLI[words[0]]} import main; raise SystemExit(main())", *words[1:]]
    return words


def _shell(line: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "-e", "-c", line.format(root=ROOT)], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


@pytest.mark.slow
def test_the_cheap_commands_run_in_a_fresh_directory(tmp_path: Path) -> None:
    pytest.importorskip("hypothesis")
    pytest.importorskip("syrupy")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    env.pop("GITHUB_STEP_SUMMARY", None)
    for line in SETUP:
        done = _shell(line if line.startswith(("cp", "mkdir")) else
                      shlex.join(_bounded(line)), tmp_path, env)
        assert done.returncode == 0, (line, done.stderr[-2000:])
    shown = _shown()
    failures = []
    for command, codes in RUN_HERE.items():
        assert command in shown, command
        if command in BEFORE:
            assert _shell(BEFORE[command], tmp_path, env).returncode == 0, BEFORE[command]
        words = _bounded(command)
        if "*" in command:  # the shell expands the page's glob
            done = _shell(shlex.join(words[:-1]) + " " + words[-1], tmp_path, env)
        else:
            done = subprocess.run(words, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
        if done.returncode not in codes:
            failures.append(f"{command!r}: exit {done.returncode}\n{done.stdout[-1500:]}\n{done.stderr[-1500:]}")
    assert not failures, "\n\n".join(failures)
    # What the commands were for is there: the pages, the JUnit file, the snapshots.
    assert (tmp_path / "site" / "conformance.html").is_file() and (tmp_path / "reports" / "junit.xml").is_file()
    assert any((tmp_path / "tests" / "conformance_snapshots").rglob("*"))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_readme_endpoint_quickstart_runs(tmp_path: Path) -> None:
    """README quickstart 3 as shown (on a free port instead of 8000): the reference endpoint served by the
    kit's command, the suite run against its URL with a capabilities file."""
    from conformance.contract import AdapterContext
    from conformance.reference import openai_http

    serve, run = (c for c in RUN_ENDPOINT if c in _shown())
    port = str(_free_port())
    caps = openai_http(AdapterContext(dialect="probe", model=None, scenario_id="probe")).capabilities
    (tmp_path / "caps.yaml").write_text(yaml.safe_dump(json.loads(caps.model_dump_json())), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen([sys.executable, *shlex.split(serve.replace("8000", port))[1:]], cwd=tmp_path, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(600):  # bounded by tries: the endpoint starts listening, or the test fails
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", int(port))) == 0:
                    break
            assert server.poll() is None, server.stderr.read().decode() if server.stderr else ""
            time.sleep(0.05)
        words = shlex.split(run.replace("8000", port))
        done = subprocess.run([sys.executable, "-m", *words, "-k", "text.basic.001", "-q", "-p", "no:cacheprovider",
                               "--conformance-no-report"], cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=300)
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout.splitlines()[-1] and "failed" not in done.stdout.splitlines()[-1]
