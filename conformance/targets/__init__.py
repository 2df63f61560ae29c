"""Targets: ways to reach an adapter that is not a Python ``MODULE:FACTORY``.

:mod:`conformance.targets.cmd` runs an adapter written in any language as a child process
that speaks the ``sac-harness/1`` protocol (:mod:`conformance.targets.protocol`,
``docs/adapter-protocol.md``) on stdin/stdout, and hands the runner a normal factory.
"""
