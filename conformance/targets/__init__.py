"""Targets: adapters under test that live outside this process (an HTTP endpoint, a command).

Each target module turns its transport into a normal adapter *factory* for the runner, so the
grading is the same whatever carries the events.

:mod:`conformance.targets.cmd` runs an adapter written in any language as a child process
that speaks the ``sac-harness/1`` protocol (:mod:`conformance.targets.protocol`,
``docs/adapter-protocol.md``) on stdin/stdout; :mod:`conformance.targets.url` posts AG-UI
``RunAgentInput`` to an HTTP endpoint and reads its event stream.
"""
