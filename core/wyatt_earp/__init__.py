"""Wyatt Earp (Fitzgerald & Borg, 2001): rules in ../shared/rules/wyatt-earp.md, implemented in ``state.pyx``."""
from .state import (CARD_COUNTS, CARD_NAMES, OUTLAW_NAMES, WyattEarpInformationSet, WyattEarpState,
                    new_state)

__all__ = ["CARD_COUNTS", "CARD_NAMES", "OUTLAW_NAMES", "WyattEarpInformationSet", "WyattEarpState", "new_state"]
