"""Kuhn poker exactly as OpenSpiel's ``kuhn_poker`` (two players, its default parameters), with its action ids.

The rules (Kuhn 1950; open_spiel/games/kuhn_poker): a deck of three cards, jack < queen < king.  Each player antes
one chip and gets one card.  Player 0 acts first: pass (check) or bet one chip.  After a check, player 1 may check
(showdown for the antes) or bet; facing a bet, a player folds (pass: the other takes the pot) or calls (bet: a
showdown for two chips each).  At a showdown the higher card takes the pot.

Implementation decisions:

- Action ids are OpenSpiel's: 0 is Pass, 1 is Bet.  OpenSpiel's two chance nodes (player 0's card, then player
  1's) are drawn from the state's generator when it is created, uniformly as OpenSpiel's chance outcomes.
  ``openspiel_history()`` gives the hand as OpenSpiel action ids, chance included.
- Results.  ``game_returns()`` are OpenSpiel's returns exactly (chips won or lost: -2, -1, 1 or 2).  The search
  maximises ``_returns``, which maps them onto [0, 1] as ``(chips + 2) / 4``, so it plays for chips as OpenSpiel's
  searches do.  ``returns()``, the state contract's result, is 1 for the winner of the pot and 0 for the loser.
- A player sees the other's card only at a showdown; the betting is public.

This game is the smallest that follows docs/architecture.md, "Adding a game", step by step.
"""

from deadeye.core.rng cimport rng_below
from deadeye.core.state cimport GameState
from deadeye.core.kuhn_poker.data cimport *
from deadeye.core.kuhn_poker.labels cimport action_label

from deadeye.core.errors import IllegalActionError, InvalidActionError
from deadeye.core.layout import derive_layout
from deadeye.core.openspiel_twin import OpenSpielTwin
from deadeye.core.kuhn_poker.labels import ACTION_NAMES, CARD_NAMES


def _openspiel_parameters(state) -> dict:
    """OpenSpiel's ``kuhn_poker`` for the state's player count (always two here: OpenSpiel's default)."""
    return {"players": state.num_players()}


# The OpenSpiel game this one mirrors.  Its returns are chips, -2 to 2: four times _returns, (chips + 2) / 4, less 2
# (returns() is a win share, 0 or 1, which says nothing of the chips).  It resamples.
OPENSPIEL_TWIN = OpenSpielTwin("kuhn_poker", parameters=_openspiel_parameters, return_scale=4.0)


cdef KuhnData _ZERO  # zeroed: its dict form names the fields of the struct and gives their shapes


def _as_struct(dict fields):
    """``fields`` as a ``KuhnData`` (an OverflowError names a value its field's type cannot hold)."""
    cdef KuhnData struct = fields


STATE_LAYOUT = derive_layout("KuhnData", sizeof(KuhnData), _ZERO, _as_struct)


# ====================================================================== the state

cdef class KuhnPokerState(GameState):
    """A hand of Kuhn poker.  Create it with ``deadeye.core.new_game("kuhn-poker", players=2, seed=...)``.

    >>> from deadeye.core import new_game
    >>> state = new_game("kuhn-poker", players=2, seed=4)
    >>> state.openspiel_history(), [state.action_label(a) for a in state.legal_actions()]
    ([0, 1], ['Pass', 'Bet'])
    >>> state.apply_action(1); state.apply_action(0)          # player 0 bets, player 1 folds
    >>> state.is_terminal(), state.game_returns(), state.returns()
    (True, [1.0, -1.0], [1.0, 0.0])
    """

    game = "kuhn-poker"
    layout = STATE_LAYOUT
    num_actions = NUM_ACTIONS

    def __cinit__(self):
        self.block, self.block_size = &self.d, sizeof(KuhnData)

    # ------------------------------------------------------------------ the C path
    cdef int _current_player(self) noexcept nogil:
        return self.d.current

    cdef bint _is_terminal(self) noexcept nogil:
        return self.d.current < 0

    cdef int _num_players(self) noexcept nogil:
        return N_PLAYERS

    cdef int _legal_actions(self, int* out) noexcept nogil:
        if self.d.current < 0:
            return 0
        out[0] = PASS
        out[1] = BET
        return 2

    cdef bint _is_legal(self, int action) noexcept nogil:
        return self.d.current >= 0 and (action == PASS or action == BET)

    cdef void _apply(self, int action) noexcept nogil:
        self.d.moves[self.d.n_moves] = action
        self.d.n_moves += 1
        self.d.current = -1 if hand_over(&self.d) else 1 - self.d.current

    cdef int _chips(self, int p) noexcept nogil:
        cdef int f = folder(&self.d), winner
        if self.d.current >= 0:
            return 0
        if f >= 0:
            winner = 1 - f
        else:
            winner = 0 if self.d.card[0] > self.d.card[1] else 1
        return pot_share(&self.d, 1 - p) if p == winner else -pot_share(&self.d, p)

    cdef void _returns(self, double* out) noexcept nogil:
        """OpenSpiel's returns mapped onto [0, 1]: (chips + 2) / 4 (what the search maximises)."""
        cdef int p
        for p in range(N_PLAYERS):
            out[p] = (self._chips(p) + 2) / 4.0

    # ------------------------------------------------------------------ results
    cpdef list returns(self):
        """The state contract's result: 1 for the player who takes the pot, 0 for the other; zeros while the hand
        is running.  OpenSpiel's returns are ``game_returns()``."""
        if self.d.current >= 0:
            return [0.0, 0.0]
        return [1.0 if self._chips(p) > 0 else 0.0 for p in range(N_PLAYERS)]

    def game_returns(self) -> list:
        """OpenSpiel's ``Returns()`` exactly: the chips each player won (positive) or lost (negative)."""
        return [float(self._chips(p)) for p in range(N_PLAYERS)]

    # ------------------------------------------------------------------ OpenSpiel's action sequence
    def openspiel_history(self) -> list:
        """The hand as OpenSpiel action ids: player 0's card, player 1's card, then the betting."""
        return [self.d.card[0], self.d.card[1]] + self.bets()

    def bets(self) -> list:
        """The betting so far, each ``PASS`` (0) or ``BET`` (1), in order (the fields ``moves`` and ``n_moves`` of
        ``to_dict``)."""
        return [self.d.moves[i] for i in range(self.d.n_moves)]

    # ------------------------------------------------------------------ Python API
    def _where(self) -> str:
        return f"kuhn-poker, history {self.openspiel_history()}, player {self.d.current}"

    def _label(self, int action) -> str:
        """OpenSpiel's label: ``"Pass"`` or ``"Bet"``."""
        return action_label(&self.d, action)

    def describe_events(self) -> list:
        """The showdown or the fold that ended the hand."""
        cdef int f
        if self.d.current >= 0:
            return []
        f = folder(&self.d)
        if f >= 0:
            return [f"player {f} folds; player {1 - f} takes the pot"]
        return [f"showdown: {CARD_NAMES[self.d.card[0]]} against {CARD_NAMES[self.d.card[1]]}; player "
                f"{0 if self.d.card[0] > self.d.card[1] else 1} takes the pot"]

    def card(self, int player) -> int:
        """The card of ``player`` (0 jack, 1 queen, 2 king)."""
        return self.d.card[player]

    def validate(self) -> str:
        """Why this state is impossible, or ''."""
        return check_data(&self.d, -1)

    def __repr__(self):
        return f"<KuhnPokerState history {self.openspiel_history()}, player {self.d.current}>"


def new_state(players: int = N_PLAYERS, seed: int = 0) -> KuhnPokerState:
    """A new hand: both cards are drawn from ``seed`` (OpenSpiel's two chance nodes)."""
    if players != N_PLAYERS:
        raise ValueError(f"kuhn-poker is for {N_PLAYERS} players, not {players}")
    cdef KuhnPokerState state = KuhnPokerState.__new__(KuhnPokerState)
    state.reseed(seed)
    state.d.card[0] = rng_below(&state.rng, N_CARDS)
    state.d.card[1] = (state.d.card[0] + 1 + rng_below(&state.rng, N_CARDS - 1)) % N_CARDS
    return state


def from_openspiel_history(actions) -> KuhnPokerState:
    """The state after OpenSpiel's ``kuhn_poker`` action ids ``actions`` (the two cards, then any betting); a bad
    id raises ``InvalidActionError`` or ``IllegalActionError`` naming its position."""
    actions = list(actions)
    if len(actions) < N_PLAYERS or sorted(set(actions[:2])) != sorted(actions[:2]) \
            or not all(isinstance(c, int) and 0 <= c < N_CARDS for c in actions[:2]):
        raise InvalidActionError(f"a Kuhn poker history starts with two different cards (0..2), got {actions!r:.60}")
    cdef KuhnPokerState state = KuhnPokerState.__new__(KuhnPokerState)
    state.d.card[0], state.d.card[1] = actions[0], actions[1]
    for i, a in enumerate(actions[2:], 2):
        try:
            state.apply_action(a)
        except (IllegalActionError, InvalidActionError) as exc:
            raise type(exc)(f"action {i}: {exc}") from None
    return state


cdef str check_data(KuhnData* d, int view_seat):
    """Why ``d`` is not a state (or, with ``view_seat`` >= 0, not that seat's view), or ''."""
    cdef int p, i, hidden = 0
    for p in range(N_PLAYERS):
        if d.card[p] == NO_CARD and view_seat >= 0 and p != view_seat:
            hidden += 1
        elif d.card[p] >= N_CARDS:
            return f"card[{p}] = {d.card[p]} is no card"
    if d.card[0] == d.card[1]:
        return "both players hold the same card"
    if d.n_moves > MAX_BETS:
        return f"n_moves {d.n_moves} > {MAX_BETS}"
    for i in range(MAX_BETS):
        if d.moves[i] > BET or (i >= d.n_moves and d.moves[i] != PASS):
            return f"moves[{i}] = {d.moves[i]} is not a bet (0 Pass, 1 Bet)"
    for i in range(1, d.n_moves):
        if i < d.n_moves - 1 and hand_over_after(d, i + 1):
            return "bets recorded after the hand ended"
    if d.current != (-1 if hand_over(d) else d.n_moves % N_PLAYERS):
        return f"current {d.current} does not follow from the betting"
    if view_seat >= 0 and hidden != (0 if d.current < 0 and folder(d) < 0 else 1):
        return "a view shows the other card exactly at a showdown"
    return ""


cdef bint hand_over_after(KuhnData* d, int n) noexcept:
    """Would the hand be over after the first ``n`` bets of ``d``?"""
    cdef KuhnData head = d[0]
    head.n_moves = n
    return hand_over(&head)
