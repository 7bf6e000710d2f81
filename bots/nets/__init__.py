"""The networks shipped with deadeye: one folder per game (``weights.npz`` and ``manifest.json``, docs/learning.md)."""
