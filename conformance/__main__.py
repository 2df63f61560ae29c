"""``python -m conformance``: the ``conformance`` command line (see :mod:`conformance.cli`)."""

from conformance.cli import main

raise SystemExit(main())
