"""``python -m mock_provider``: the ``mock-provider`` command."""

from mock_provider.cli import main

raise SystemExit(main())
