"""What each seat observes of an action: the per-seat public history that front ends print and stateful bots follow.

A seat sees its own actions whole, and of the others' what ``public_label`` shows (nothing at all for a decision it
cannot know was offered, such as a Photo window).  Beyond the action it sees the public events the action caused
(``describe_events``) and what the action told it alone (``private_events``: the cards it drew).  Applying an
action through ``apply_observed`` gives one ``Observation`` per seat, so a driver keeps one history per seat
without ever handing a seat what it cannot see.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from .state import OBS_NONE


@dataclass(frozen=True)
class Observation:
    """One action as one seat saw it."""

    seat: int                   # the observer
    actor: int                  # the seat that acted
    observation: int            # ``state.observation(action, seat)``: the action id, OBS_HIDDEN, OBS_BASE + k
    label: str | None           # the action's text as the observer sees it (None: it saw nothing of the action)
    events: tuple[str, ...]     # public events of the action, then the observer's private ones
    game: str = ""              # the game's registry name (its narrator: ``core/narrate.py``)
    public: str | None = None   # the action's public label (what the other seats see of it)

    @property
    def noticed(self) -> bool:
        """False for a decision the observer could not know was taken (then ``label`` is None)."""
        return self.observation != OBS_NONE

    def text(self, names: Sequence[str] | None = None) -> str:
        """The move in plain words, as the observer reads it (the game's narrator, ``core/narrate.py``), with the
        seats' public ``names`` (default "seat N")."""
        from .narrate import narrate
        return narrate(self, names)


def apply_observed(state: Any, action: int) -> tuple[Observation, ...]:
    """Apply ``action`` to ``state`` (checked, as ``apply_action``) and return what each seat observed of it."""
    actor = state.current_player()
    n = state.num_players()
    seen = [state.observation(action, seat) for seat in range(n)]
    own, public = state.action_label(action), state.public_label(action)
    state.apply_action(action)
    events = tuple(state.describe_events())
    return tuple(Observation(seat, actor, seen[seat],
                             own if seat == actor else (None if seen[seat] == OBS_NONE else public),
                             events + tuple(state.private_events(seat)), state.game,
                             None if seen[seat] == OBS_NONE else public)
                 for seat in range(n))
