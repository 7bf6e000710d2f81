"""The Kuhn poker constants (cards, actions, sizes, sentinels), exported to Python from ``data.pxd``."""
