"""The conformance suite's test module; collected by the plugin when ``--adapter`` is given."""
