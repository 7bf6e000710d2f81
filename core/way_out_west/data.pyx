"""The Way Out West constants (sizes, B&T types, boxes, phases, action ids, events), exported to Python from ``data.pxd``."""
