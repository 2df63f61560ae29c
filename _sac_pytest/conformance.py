"""The ``conformance`` pytest plugin's always-loaded half: options, ini keys, and the switch.

Without ``--adapter``, ``--adapter-cmd``, ``--adapter-url`` or ``--conformance-recording`` (or
their ini keys) a run costs the options and nothing else: no suite import, no hypothesis, no
catalog parse, no markers. With one of them, :func:`pytest_configure` imports
:mod:`conformance.suite_plugin` and registers it (the suite, the matrix, the reports).

Every option is spelled ``--conformance-...`` so it cannot collide with another plugin's. The
short names (``--adapter``, ``--adapter-cmd``, ``--adapter-url``, the kit's public face) and the
names of earlier releases (``--profile``, ``--baseline``, ...) are aliases rewritten before pytest
parses the command line, and only when no other plugin owns the name: ``pytest-profiling``'s
``--profile`` stays its own. The earlier names warn (``PytestDeprecationWarning``) and go in the
next release.

Example (shell)::

    pytest --adapter=conformance.reference:agui -k tool.interleave
    pytest --adapter=mypkg.adapter:factory --conformance-profile=tanstack --conformance-baseline=base.json
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any, NamedTuple

import pytest


class Option(NamedTuple):
    """One ``--conformance-...`` option: its name without dashes, its alias, and whether the alias is deprecated."""

    name: str
    help: str
    alias: str | None = None
    deprecated: bool = True


# The defaults named in the help texts are the suite's constants; tests/test_plugin_hygiene.py checks
# they agree (the suite's modules are not imported here).
OPTIONS: tuple[Option, ...] = (
    Option("conformance-adapter", "MODULE:FACTORY of the adapter under test (enables the conformance suite)",
           "adapter", deprecated=False),
    Option("conformance-profile", "feature profile the adapter must support: minimal, tools, tanstack, full, bridge",
           "profile"),
    Option("conformance-dialect", "comma-separated upstream dialects to run (default: every dialect the adapter "
           "consumes)", "dialect"),
    Option("conformance-timeout", "per-case timeout in seconds (default 10)"),
    Option("conformance-abort-bound", "seconds every upstream request may stay open after the caller aborts "
           "(row request.abort; default 1)"),
    Option("conformance-snapshot-dir", "directory for syrupy snapshots of each case's normalized events (enables "
           "snapshots; needs the [snapshot] extra)", "snapshot-dir"),
    Option("conformance-scenarios", "directory of scenario YAML files, added to the built-in corpus "
           "(--conformance-scenarios-only: instead of it)"),
    Option("conformance-report-dir", "directory for conformance.json/.md/.html at the end of the session "
           "(default reports/)", "report-dir"),
    Option("conformance-baseline", "a saved conformance.json: fail only on regressions against it (known "
           "failures xfail)", "baseline"),
    Option("conformance-deviations", "YAML list of accepted deviations {case|scenario|row, reason}: reported, "
           "not failing", "deviations"),
    Option("conformance-recording", "a TanStack ChunkRecording JSON file to check offline (schema, lifecycle, "
           "UI messages)", "recording"),
    Option("conformance-recording-scenario", "scenario id the recording is of (adds transcript and expected-UI "
           "checks)", "recording-scenario"),
    Option("conformance-adapter-cmd", "command that runs an adapter in any language behind the sac-harness/1 "
           "stdio protocol (docs/adapter-protocol.md); instead of --adapter", "adapter-cmd", deprecated=False),
    Option("conformance-adapter-cmd-start-timeout", "seconds the --adapter-cmd harness has to answer hello "
           "(default 30)", "adapter-cmd-start-timeout"),
    Option("conformance-adapter-url", "URL of an AG-UI HTTP endpoint as the adapter under test (instead of "
           "--adapter)", "adapter-url", deprecated=False),
    Option("conformance-adapter-url-capabilities", "YAML/JSON file of the endpoint's Capabilities (default: see "
           "README)", "adapter-url-capabilities"),
    Option("conformance-adapter-url-features", "the endpoint's features, comma-separated (e.g. "
           "tools,parallel_tools,reasoning,abort); replaces the capabilities file's (default: "
           "tools,parallel_tools,abort)", "adapter-url-features"),
    Option("conformance-adapter-url-policies", "the endpoint's POLICY choices as name=choice pairs, "
           "comma-separated (e.g. abort=run-error); replace the capabilities file's", "adapter-url-policies"),
    Option("conformance-adapter-url-stream", "event stream to ask the endpoint for: sse (default) or ndjson",
           "adapter-url-stream"),
    Option("conformance-adapter-url-select", "how the endpoint learns the scenario: comma-separated subset of "
           "headers,forwarded-props,default-scenario (default: all three)", "adapter-url-select"),
    Option("conformance-examples", "generated streams per generated-* case (default 100; 0: none)"),
    Option("conformance-seed", "seed of the generated-* search (default: fixed per case; 'random': new each run)"),
    # The adapter in a worker process, so it cannot touch the grader; in process only to debug.
    Option("conformance-adapter-isolation", "where --adapter's factory runs: process (default: a worker process "
           "over sac-harness/1; it cannot read the expected output, patch the grader or end the suite) or none "
           "(in this process, for debugging: its code can change its own verdicts, and the reports say so)",
           "adapter-isolation", deprecated=False),
    Option("conformance-reproducer-dir", "where a failing generated stream is saved as scenario YAML (default "
           "reports/reproducers)", "reproducer-dir"),
)
# Flags (no value): --conformance-strict, --conformance-no-report (formerly --no-report).
FLAG_ALIASES = {"no-report": "conformance-no-report"}
# Any of these (or its ini key) switches the suite on.
ACTIVATING = ("conformance-adapter", "conformance-adapter-cmd", "conformance-adapter-url", "conformance-recording")


def key(name: str) -> str:
    """The option's dest and ini key.

    >>> key("conformance-adapter-url-stream"), key("conformance-timeout")
    ('conformance_adapter_url_stream', 'conformance_timeout')
    """
    return "conformance_" + name.removeprefix("conformance-").replace("-", "_")


def opt(config: pytest.Config, name: str) -> Any:
    """An option's value: the command line's, else the ini file's, else ``None``."""
    value = config.getoption(key(name), default=None)
    if value is None:
        value = config.getini(key(name))
    return value or None


def active(config: pytest.Config) -> bool:
    """Whether this run asked for the suite (an adapter or a recording, on the command line or in the ini file)."""
    return any(opt(config, name) for name in ACTIVATING)


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("conformance", "stream adapter conformance suite")
    for option in OPTIONS:
        alias = f" (or --{option.alias})" if option.alias and not option.deprecated else ""
        group.addoption(f"--{option.name}", dest=key(option.name), default=None, help=option.help + alias)
        parser.addini(key(option.name), option.help, default=None)
    # pytest >= 8 owns `--strict`; the suite honours it and adds its own spelling.
    group.addoption("--conformance-strict", dest="conformance_strict", action="store_true", default=None,
                    help="grade PASS-NONSTRICT (a SHOULD missed) as a failure (pytest's --strict does too)")
    parser.addini("conformance_strict", "grade PASS-NONSTRICT as a failure", type="bool", default=False)
    group.addoption("--conformance-scenarios-only", dest="conformance_scenarios_only", action="store_true",
                    default=None, help="run only the --conformance-scenarios directory's scenarios, not the corpus")
    parser.addini("conformance_scenarios_only", "run only the conformance_scenarios directory", type="bool",
                  default=False)
    group.addoption("--conformance-no-report", dest="conformance_no_report", action="store_true", default=False,
                    help="write no conformance.json/.md/.html report")


def aliases() -> dict[str, tuple[str, bool]]:
    """``--alias`` -> (``--conformance-name``, deprecated).

    >>> aliases()["--adapter"], aliases()["--profile"]
    (('--conformance-adapter', False), ('--conformance-profile', True))
    """
    table = {f"--{o.alias}": (f"--{o.name}", o.deprecated) for o in OPTIONS if o.alias}
    table.update({f"--{old}": (f"--{new}", True) for old, new in FLAG_ALIASES.items()})
    return table


def rewrite(args: list[str], claimed: Iterable[str]) -> list[str]:
    """Rewrite the aliases in ``args`` in place (not those another plugin claimed); return the deprecated ones used.

    >>> args = ["--adapter=m:f", "--profile", "tools", "--baseline=b.json", "--", "--report-dir=x"]
    >>> rewrite(args, claimed={"--baseline"})
    ['--profile']
    >>> args
    ['--conformance-adapter=m:f', '--conformance-profile', 'tools', '--baseline=b.json', '--', '--report-dir=x']
    """
    table = {k: v for k, v in aliases().items() if k not in set(claimed)}
    used: list[str] = []
    for i, arg in enumerate(args):
        if arg == "--":
            break  # what follows is positional
        name, eq, value = arg.partition("=")
        if name in table:
            new, deprecated = table[name]
            args[i] = new + eq + value
            if deprecated and name not in used:
                used.append(name)
    return used


def _claimed(parser: pytest.Parser) -> set[str]:
    # pytest keeps the registered options in these groups; an alias another plugin owns stays its.
    groups = [getattr(parser, "_anonymous", None), *getattr(parser, "_groups", [])]
    return {name for group in groups if group is not None for o in group.options for name in o.names()}


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: pytest.Config, parser: pytest.Parser, args: list[str]) -> None:
    """Rewrite the aliases before pytest parses the options (plugins loaded by now have claimed theirs)."""
    for old in rewrite(args, _claimed(parser)):
        new = aliases()[old][0]
        early_config.issue_config_time_warning(pytest.PytestDeprecationWarning(
            f"{old} is deprecated and goes in the next release: use {new} (the ini key is unchanged)"), stacklevel=2)


def pytest_configure(config: pytest.Config) -> None:
    if not active(config):
        return
    try:
        # By module name, not `from conformance import suite_plugin`: that takes the package's attribute,
        # which outlives sys.modules entries a nested in-process pytest run (pytester) removes.
        # Its snapshot assert must be rewritten, so syrupy can show the diff (as for any pytest plugin).
        pytest.register_assert_rewrite("conformance.suite_plugin")
        suite_plugin = importlib.import_module("conformance.suite_plugin")
    except ImportError as exc:
        raise pytest.UsageError(
            f"conformance: cannot import the suite ({exc}); is a module or package named 'conformance' or "
            "'mock_provider' in this project shadowing the kit's? (rename it, or run pytest rather than "
            "python -m pytest, which puts the current directory first on sys.path)") from exc
    config.pluginmanager.register(suite_plugin, "conformance.suite_plugin")
    suite_plugin.configure(config)
