"""Targets: adapters under test that live outside this process (an HTTP endpoint, a command).

Each target module turns its transport into a normal adapter *factory* for the runner, so the
grading is the same whatever carries the events.
"""
