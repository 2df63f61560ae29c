"""The kit's two pytest11 entry points, outside the ``conformance`` and ``mock_provider`` packages.

pytest loads every installed plugin in every run of every project, so these modules import
nothing but pytest and the standard library: the suite's code is imported only when a run asks
for it (``--adapter``, ``--adapter-cmd``, ``--adapter-url``, ``--conformance-recording`` or their
ini keys), and the ``mock_provider`` fixture starts its server only when a test uses it. Living
under a name of their own, they still load when the project under test has a ``conformance/``
package or a ``mock_provider.py`` module of its own (``python -m pytest`` puts it first on
``sys.path``).
"""
