"""Adapters written from the user docs alone, one per output protocol (tests/test_contract_adapters.py).

``_core`` turns the caller's request into the AI SDK prompt and reads the upstream V3 parts;
each protocol module (``agui``, ``tanstack``, ``tanstack_legacy``, ``ui_message_stream``,
``ui_message_stream7``) only says how each happening is written in its protocol.
"""
