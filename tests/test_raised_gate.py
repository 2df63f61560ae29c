"""A raise on a truncated upstream is graded against the declared ``missing_finish`` choice.

Under ``missing_finish: error`` (the UI message stream's default) a correct adapter ends a stream that
stopped with no finish part in an error; one that raises instead broke row 8.1.19's error form, the
same way a raise on a scripted upstream error breaks 8.1.17: a FAIL of the scenario's row, not an
ERROR "the adapter raised where no error was expected". Under ``missing_finish: stop`` nothing
failed, so a raise is still an ERROR.
"""

from __future__ import annotations

import pytest

from conformance.contract import Capabilities, Policies
from conformance.grading import grade
from conformance.run_record import RunRecord
from tests.shared_corpus import builtin_corpus

CORPUS = {s.id: s for s in builtin_corpus()}


RAISED = "ModelBehaviorError: Model did not produce a final response!"


def _raised(scenario_id: str, missing_finish: str) -> RunRecord:
    caps = Capabilities(name="a", inputs=["openai-responses"], output="ui-message-stream",
                        policies=Policies(missing_finish=missing_finish))  # type: ignore[arg-type]
    return RunRecord(case_id=f"{scenario_id}[openai-responses]", scenario_id=scenario_id, dialect="openai-responses",
                     adapter="a", outcome="raised", reason=RAISED, error_text=RAISED, capabilities=caps,
                     events=[{"type": "start"}, {"type": "start-step"}])


@pytest.mark.parametrize("scenario_id", ["finish.missing.001", "finish.missing.003"])
def test_a_raise_where_the_policy_expects_an_error_is_a_fail_of_the_row(scenario_id: str) -> None:
    result = grade(_raised(scenario_id, "error"), CORPUS[scenario_id])
    assert result.verdict == "FAIL", result.reason
    raised = [f for f in result.findings if "raised instead of emitting an error event" in f.message]
    assert [f.row for f in raised] == ["8.1.19"]


def test_a_raise_where_the_policy_expects_success_is_still_an_error() -> None:
    result = grade(_raised("finish.missing.001", "stop"), CORPUS["finish.missing.001"])
    assert result.verdict == "ERROR" and result.reason.startswith("the adapter raised")
