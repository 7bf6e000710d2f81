"""The Liar's Dice constants (sizes, the action encoding, sentinels), exported to Python from ``data.pxd``."""
