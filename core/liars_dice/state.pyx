"""Liar's Dice exactly as OpenSpiel's ``liars_dice`` (two players, six-sided dice, "reset-face" bids), with its
action ids; the dice per player are the option ``numdice`` (OpenSpiel's parameter of that name).

The rules (open_spiel/games/liars_dice/liars_dice.cc): each player rolls ``numdice`` dice in secret.  Player 0
bids first, then the players alternate.  A bid "q-f" claims that at least q of all the dice show face f; sixes are
wild and count for every face.  Each bid must be higher than the last (a higher id: more dice, or as many of a
higher face).  Instead of bidding, a player may call "Liar" on the last bid: the dice are shown, and the bidder wins
if at least q dice match, else the caller wins.  One call ends the game: the winner scores 1, the loser -1.

Implementation decisions:

- Action ids are OpenSpiel's: bid (q - 1) * 6 + (f - 1), and Liar = 12 * numdice, one past the game's last bid.
  ``num_actions`` is that of the largest game (numdice 42, where the ids reach deadeye's ``MAX_ACTIONS``); the ids
  past a smaller game's Liar are never legal in it.
- OpenSpiel's chance nodes (every die of player 0, then of player 1, face f as id f - 1) are drawn from the state's
  generator when it is created, uniformly as OpenSpiel's; OpenSpiel sorts each player's dice once all are rolled,
  and deadeye keeps them as counts per face, so ``openspiel_history()`` gives each player's rolls in ascending order.
- Results.  ``game_returns()`` are OpenSpiel's returns exactly (1 and -1); ``returns()`` and the search's ``_returns``
  are 1 for the winner and 0 for the loser, so OpenSpiel's returns are twice them less one.
- The dice of the other player are hidden until Liar is called; then both players see every die, and the bids are
  public throughout.
"""

from deadeye.core.rng cimport rng_below
from deadeye.core.state cimport GameState
from deadeye.core.liars_dice.data cimport *
from deadeye.core.liars_dice.labels cimport action_label

from deadeye.core.errors import IllegalActionError, InvalidActionError
from deadeye.core.layout import derive_layout
from deadeye.core.openspiel_twin import OpenSpielTwin
from deadeye.core.liars_dice.labels import bids_made, dice_text


def _openspiel_parameters(state) -> dict:
    """OpenSpiel's ``liars_dice`` with the state's player count and dice per player."""
    return {"players": state.num_players(), "numdice": state.dice_per_player()}


# The OpenSpiel game this one mirrors: its returns (1 and -1) are twice _returns (1 and 0) less one.  Its state does
# not implement ResampleFromInfostate (open_spiel 2.0.2), so OpenSpiel's IS-MCTS cannot play it.
OPENSPIEL_TWIN = OpenSpielTwin("liars_dice", parameters=_openspiel_parameters, return_scale=2.0, resamples=False)


cdef LiarsDiceData _ZERO  # zeroed: its dict form names the fields of the struct and gives their shapes


def _as_struct(dict fields):
    """``fields`` as a ``LiarsDiceData`` (an OverflowError names a value its field's type cannot hold)."""
    cdef LiarsDiceData struct = fields


STATE_LAYOUT = derive_layout("LiarsDiceData", sizeof(LiarsDiceData), _ZERO, _as_struct)


# ====================================================================== the state

cdef class LiarsDiceState(GameState):
    """A game of Liar's Dice.  Create it with ``deadeye.core.new_game("liars-dice", players=2, seed=...)``.

    >>> from deadeye.core import new_game
    >>> state = new_game("liars-dice", players=2, seed=3)
    >>> state.openspiel_history(), state.legal_actions()[:3]
    ([2, 4], [0, 1, 2])
    >>> state.apply_label("1-5"), state.apply_label("Liar")     # player 0 bids one 5; player 1 calls Liar
    (4, 12)
    >>> state.is_terminal(), state.game_returns(), state.returns()    # the 3 and the 5 hold one 5: the bid stands
    (True, [1.0, -1.0], [1.0, 0.0])
    """

    game = "liars-dice"
    layout = STATE_LAYOUT
    num_actions = NUM_ACTIONS

    def __cinit__(self):
        self.block, self.block_size = &self.d, sizeof(LiarsDiceData)

    # ------------------------------------------------------------------ the C path
    cdef int _current_player(self) noexcept nogil:
        return -1 if self.d.caller >= 0 else self.d.n_bids % N_PLAYERS

    cdef bint _is_terminal(self) noexcept nogil:
        return self.d.caller >= 0

    cdef int _num_players(self) noexcept nogil:
        return N_PLAYERS

    cdef int _legal_actions(self, int* out) noexcept nogil:
        cdef int a, n = 0, liar = liar_action(&self.d)
        if self.d.caller >= 0:
            return 0
        for a in range(self.d.bid + 1, liar):
            out[n] = a
            n += 1
        if self.d.n_bids > 0:
            out[n] = liar
            n += 1
        return n

    cdef void _apply(self, int action) noexcept nogil:
        if action == liar_action(&self.d):
            self.d.caller = self.d.n_bids % N_PLAYERS
            return
        self.d.bids[action // 64] |= (<uint64_t>1) << (action % 64)
        self.d.bid = action
        self.d.n_bids += 1

    cdef void _returns(self, double* out) noexcept nogil:
        cdef int p, winner = bid_winner(&self.d)
        for p in range(N_PLAYERS):
            out[p] = 1.0 if p == winner else 0.0

    # ------------------------------------------------------------------ results
    def game_returns(self) -> list:
        """OpenSpiel's ``Returns()`` exactly: 1 for the winner, -1 for the loser; zeros while the game runs."""
        return [2.0 * r - 1.0 for r in self.returns()] if self.d.caller >= 0 else [0.0] * N_PLAYERS

    # ------------------------------------------------------------------ OpenSpiel's action sequence
    def openspiel_history(self) -> list:
        """The game as OpenSpiel action ids: player 0's dice, player 1's dice (each ascending), the bids, Liar."""
        rolls = [f for p in range(N_PLAYERS) for f in range(N_FACES) for _ in range(self.d.dice[p][f])]
        return rolls + bids_made(self.d.bids, self.d.n_dice) + ([liar_action(&self.d)] if self.d.caller >= 0 else [])

    def dice_per_player(self) -> int:
        """The dice each player rolled (the option ``numdice``)."""
        return self.d.n_dice

    def dice(self, int player) -> list:
        """How many of ``player``'s dice show each face, 1 to 6."""
        return [self.d.dice[player][f] for f in range(N_FACES)]

    # ------------------------------------------------------------------ Python API
    def _where(self) -> str:
        return f"liars-dice, numdice {self.d.n_dice}, history {self.openspiel_history()}, player " \
               f"{self._current_player()}"

    def _label(self, int action) -> str:
        """OpenSpiel's label: ``"q-f"`` for a bid, ``"Liar"``."""
        return action_label(&self.d, action)

    def describe_events(self) -> list:
        """The dice shown when Liar is called, and who won."""
        if self.d.caller < 0:
            return []
        return [f"player {self.d.caller} calls Liar on {self._label(self.d.bid)}: player 0 shows "
                f"{dice_text(self.dice(0))}, player 1 shows {dice_text(self.dice(1))}; "
                f"{matches(&self.d, bid_face(self.d.bid))} count (sixes wild); player {bid_winner(&self.d)} wins"]

    def validate(self) -> str:
        """Why this state is impossible, or ''."""
        return check_data(&self.d, -1)

    def __repr__(self):
        return f"<LiarsDiceState numdice {self.d.n_dice}, history {self.openspiel_history()}>"


def new_state(players: int = N_PLAYERS, seed: int = 0, numdice: int = 1) -> LiarsDiceState:
    """A new game: every die is rolled from ``seed`` (OpenSpiel's chance nodes)."""
    cdef LiarsDiceState state = _unrolled(numdice)
    cdef int p, i
    state.reseed(seed)
    for p in range(N_PLAYERS):
        for i in range(numdice):
            state.d.dice[p][rng_below(&state.rng, N_FACES)] += 1
    return state


cdef LiarsDiceState _unrolled(int numdice):
    """A game of ``numdice`` dice each before any die is rolled."""
    if not 1 <= numdice <= MAX_DICE:
        raise ValueError(f"numdice must be 1 .. {MAX_DICE}, not {numdice}")
    cdef LiarsDiceState state = LiarsDiceState.__new__(LiarsDiceState)
    state.d.n_dice, state.d.bid, state.d.caller = numdice, NO_BID, -1
    return state


def from_openspiel_history(actions, numdice: int = 1) -> LiarsDiceState:
    """The state after OpenSpiel's ``liars_dice`` action ids ``actions`` (every die, then bids and any Liar call);
    a bad id raises ``InvalidActionError`` or ``IllegalActionError`` naming its position."""
    actions, rolls = list(actions), 2 * numdice
    if len(actions) < rolls or not all(isinstance(f, int) and 0 <= f < N_FACES for f in actions[:rolls]):
        raise InvalidActionError(f"a Liar's Dice history with {numdice} dice each starts with {rolls} rolls (0..5), "
                                 f"got {actions!r:.60}")
    cdef LiarsDiceState state = _unrolled(numdice)
    for i, face in enumerate(actions[:rolls]):
        state.d.dice[i // numdice][face] += 1
    for i, a in enumerate(actions[rolls:], rolls):
        try:
            state.apply_action(a)
        except (IllegalActionError, InvalidActionError) as exc:
            raise type(exc)(f"action {i}: {exc}") from None
    return state


cdef str check_data(LiarsDiceData* d, int view_seat):
    """Why ``d`` is not a state (or, with ``view_seat`` >= 0, not that seat's view), or ''."""
    cdef int p, f, a, rolled, n = 0, top = NO_BID, liar
    cdef bint hidden
    if not 1 <= d.n_dice <= MAX_DICE:
        return f"n_dice {d.n_dice} is not 1 .. {MAX_DICE}"
    liar = liar_action(d)
    for p in range(N_PLAYERS):
        rolled = 0
        for f in range(N_FACES):
            rolled += d.dice[p][f]
        hidden = view_seat >= 0 and p != view_seat and d.caller < 0
        if rolled != (0 if hidden else d.n_dice):
            return f"player {p} has {rolled} dice, not {0 if hidden else d.n_dice}"
    for a in range(BID_WORDS * 64):
        if bid_made(d, a):
            if a >= liar:
                return f"bid {a} is past the last bid of a game of {d.n_dice} dice each"
            n, top = n + 1, a
    if n != d.n_bids or top != d.bid:
        return f"n_bids {d.n_bids} and bid {d.bid} are not those of the bids made ({n}, highest {top})"
    if not -1 <= d.caller < N_PLAYERS or (d.caller >= 0 and (d.n_bids == 0 or d.caller != d.n_bids % N_PLAYERS)):
        return f"caller {d.caller} is not the player to act after {d.n_bids} bids"
    return ""
