"""Mutant adapters: each breaks one rule of a reference adapter (see docs/matrix.md)."""

from __future__ import annotations

from tests.mutants.agui_mutants import MUTANTS as _AGUI
from tests.mutants.base import Mutant
from tests.mutants.endpoint_mutants import MUTANTS as _ENDPOINT
from tests.mutants.subclass_mutants import MUTANTS as _SUB

ALL_MUTANTS: list[Mutant] = [*_AGUI, *_SUB, *_ENDPOINT]
