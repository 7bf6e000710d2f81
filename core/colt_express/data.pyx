"""Colt Express's constants (sizes, card ids, phases, action ids, sentinels), exported to Python from ``data.pxd``.

The one place Python code (text rendering, tests, docs) takes them from: ``from deadeye.core.colt_express.data import ...``.
"""
