"""The BANG! constants (sizes, kinds, characters, roles, places, frames, action ids, events), exported to Python from ``data.pxd``."""
