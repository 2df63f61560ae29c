"""Wheel build step: the TypeScript harness (harness/ts) goes into the wheel as its npm tarball.

``conformance ts-harness-path`` prints where it is, so a TypeScript project installs the harness
from the installed kit (conformance/ts_harness.py packs it; no Node is needed to build the wheel).
"""

from __future__ import annotations

import importlib.util
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):
    """Pack harness/ts into ``conformance/_ts_harness/<name>-<version>.tgz`` of a regular wheel."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        # An editable install reads the checkout: conformance.ts_harness packs harness/ts itself.
        if self.target_name != "wheel" or version == "editable":
            return
        module_file = Path(self.root) / "conformance" / "ts_harness.py"
        spec = importlib.util.spec_from_file_location("_sac_ts_harness", module_file)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        self._staging = Path(tempfile.mkdtemp(prefix="sac-wheel-ts-"))
        packed = module.pack(Path(self.root) / "harness" / "ts", self._staging)
        build_data["force_include"][str(packed)] = f"conformance/_ts_harness/{packed.name}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        staging = getattr(self, "_staging", None)
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
