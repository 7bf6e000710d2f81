"""Hearts exactly as OpenSpiel's ``hearts`` game plays it with its default parameters (open_spiel/games/hearts).

The rules (OpenSpiel's, https://www.pagat.com/reverse/hearts.html): four seats, 13 cards each.  A hand starts with a
pass direction (no pass, left, across, right: seat p passes to seat (p + dir) % 4), then seats 0, 1, 2, 3 each pass
three cards, one action per card; the cards change hands once all twelve are passed.  The holder of the two of clubs
leads it.  Players follow suit if they can; the highest card of the led suit takes the trick, and its taker leads
next.  Hearts count 1 point each and the queen of spades 13.  OpenSpiel's default parameters: pass_cards,
no_pts_on_first_trick (no heart nor the queen of spades on the first trick, unless the hand holds nothing else),
must_break_hearts (no heart led before a heart or the queen of spades has been played, unless the hand holds only
hearts), qs_breaks_hearts; not can_lead_any_club, jd_bonus, avoid_all_tricks_bonus nor
can_lead_hearts_instead_of_qs.  A seat that takes all 26 points shoots the moon: it scores 0 and every other seat 26.

Implementation decisions:

- Action ids are OpenSpiel's: a pass or a play is the card, rank * 4 + suit (``"2C"`` = 0, ``"QS"`` = 43).
- OpenSpiel's chance nodes (the pass direction, then 52 deal actions, the i-th card to seat i % 4) are drawn from the
  state's generator when it is created: the pass direction uniformly (as OpenSpiel's chance outcomes), the deal as a
  shuffled deck.  ``openspiel_history()`` gives the whole game as OpenSpiel action ids, chance included, and
  ``from_openspiel_history()`` builds the state from such a list.
- Results.  ``game_returns()`` are OpenSpiel's ``Returns()`` exactly: 26 minus the seat's points with the moon
  settled (0..26, higher is better).  The search maximises ``_returns``, which is ``game_returns() / 26``
  (OpenSpiel's returns in [0, 1], so an ISMCTS exploration constant c here is c * 26 in OpenSpiel's units).
  ``returns()``, the game result of the state contract, is a win share: the seats with the fewest points share 1.
  ``points()`` are the penalty points.
- The segment (for rollout cut-offs) is 0 while passing, then 1 + the number of completed tricks.
"""
from libc.string cimport memset
from libc.stdint cimport uint8_t, uint64_t

from deadeye.core.rng cimport Rng, rng_below, rng_next
from deadeye.core.state cimport GameState, MAX_ACTIONS, OBS_HIDDEN
from deadeye.core.hearts.data cimport *

cdef extern from *:
    """
    /* popcount and pdep in one instruction each on x86-64 CPUs that have them (most since 2013), used only after
       __builtin_cpu_supports said so; without them the caller takes the portable path, to the same result. */
    #if defined(__x86_64__) && defined(__GNUC__)
    __attribute__((target("popcnt,bmi2"))) static int deadeye_pick_hw(unsigned long long m, unsigned long long z) {
        unsigned long long k = ((z >> 32) * (unsigned long long)__builtin_popcountll(m)) >> 32;
        return __builtin_ctzll(__builtin_ia32_pdep_di(1ULL << k, m)); }
    static int deadeye_bit_instructions(void) {
        __builtin_cpu_init();
        return __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2"); }
    #else
    static int deadeye_pick_hw(unsigned long long m, unsigned long long z) { return -1; }
    static int deadeye_bit_instructions(void) { return 0; }
    #endif
    """
    int deadeye_pick_hw(uint64_t m, uint64_t z) noexcept nogil   # m's k-th lowest set bit, k = rng_below's from
                                                                  # the draw z (m not empty)
    bint deadeye_bit_instructions() noexcept nogil

cdef bint BIT_INSTRUCTIONS = deadeye_bit_instructions()       # this CPU runs the one above, and it is used


def use_bit_instructions(on: bool) -> None:
    """Let ``_random_action`` use the CPU's popcount and pdep where it has them (the default), or not: for the test
    that both paths choose alike."""
    global BIT_INSTRUCTIONS
    BIT_INSTRUCTIONS = on and deadeye_bit_instructions()

from deadeye.core.errors import GameError, IllegalActionError, InvalidActionError, InvalidStateError
from deadeye.core.layout import derive_layout
from deadeye.core.openspiel_twin import OpenSpielTwin
from deadeye.core.hearts.labels cimport action_label

from deadeye.core.hearts.labels import CARD_NAMES, PASS_DIR_NAMES, PHASE_NAMES, SUIT_NAMES, card_label, parse_card

# OpenSpiel's parameters that say deadeye's rules (OpenSpiel's defaults, pinned here in case those change)
OPENSPIEL_RULES = {"pass_cards": True, "no_pts_on_first_trick": True, "can_lead_any_club": False, "jd_bonus": False,
                   "avoid_all_tricks_bonus": False, "qs_breaks_hearts": True, "must_break_hearts": True,
                   "can_lead_hearts_instead_of_qs": False}


def _openspiel_parameters(state) -> dict:
    """Hearts has no options: always ``OPENSPIEL_RULES``."""
    return dict(OPENSPIEL_RULES)


# The OpenSpiel game this one mirrors: its returns (26 - points) are 26 times _returns; it resamples.
OPENSPIEL_TWIN = OpenSpielTwin("hearts", parameters=_openspiel_parameters, return_scale=TOTAL_POINTS)


# ====================================================================== rules on the data block

cdef inline int _random_card(HeartsData* d, Rng* rng) noexcept nogil:
    """The i-th lowest legal card for i = rng_below(n), read off the mask (what ``_legal_actions`` lists at i)."""
    cdef uint64_t m = legal_mask(d)
    cdef int i
    if m == 0:
        return -1
    if BIT_INSTRUCTIONS:
        return deadeye_pick_hw(m, rng_next(rng))
    for i in range(rng_below(rng, popcount(m))):
        m &= m - 1
    return lowest(m)


cdef inline void _begin_play(HeartsData* d) noexcept nogil:
    """The holder of the two of clubs leads the first trick."""
    cdef int p
    d.phase = PH_PLAY
    for p in range(N_PLAYERS):
        if d.hand[p] & bit(TWO_CLUBS):
            d.current = p
    d.leader[0] = d.current


cdef inline void _pass(HeartsData* d, int card) noexcept nogil:
    """OpenSpiel's ApplyPassAction: the card leaves the hand now and reaches its receiver once all have passed."""
    cdef int p = d.current, q, k
    d.hand[p] &= ~bit(card)
    d.hand_n[p] -= 1
    d.passed[p][d.n_passed % PASS_SIZE] = card
    d.n_passed += 1
    if d.n_passed % PASS_SIZE == 0:
        d.current += 1
    if d.n_passed == N_PASSES:
        for p in range(N_PLAYERS):
            q = pass_target(p, d.pass_dir)
            for k in range(PASS_SIZE):
                d.hand[q] |= bit(d.passed[p][k])
            d.hand_n[q] += PASS_SIZE
        _begin_play(d)


cdef inline void _play(HeartsData* d, int card) noexcept nogil:
    """OpenSpiel's ApplyPlayAction, plus what the play shows about the player's hand (``allowed``)."""
    cdef int p = d.current, n = d.n_played, on_table = n % N_PLAYERS, first = n - on_table, led, w, i, pts
    if on_table == 0:
        if card_suit(card) == HEARTS and not d.hearts_broken:
            d.allowed[p] &= suit_bits(HEARTS)                  # led a heart unbroken: it held nothing else
    else:
        led = card_suit(d.plays[first])
        if card_suit(card) != led:
            d.allowed[p] &= ~suit_bits(led)                    # void in the led suit
            if n < N_PLAYERS and card_points(card) > 0:        # points on the first trick: it held nothing else
                d.allowed[p] &= suit_bits(HEARTS) | bit(QUEEN_SPADES)
    d.hand[p] &= ~bit(card)
    d.hand_n[p] -= 1
    d.plays[n] = card
    d.n_played = n + 1
    d.hearts_broken |= card_points(card) > 0
    if on_table != N_PLAYERS - 1:
        d.current = (p + 1) & (N_PLAYERS - 1)             # the seat to move is 0..3 (4 is a power of two)
        return
    w = trick_winner_so_far(d, n // N_PLAYERS, N_PLAYERS)
    pts = 0
    for i in range(first, first + N_PLAYERS):
        pts += card_points(d.plays[i])
    d.winner[n // N_PLAYERS] = w
    d.points[w] += pts
    if d.n_played == N_CARDS:
        d.phase = PH_GAME_OVER
        d.current = -1
    else:
        d.leader[n // N_PLAYERS + 1] = w
        d.current = w


cdef void _shuffled_deal(Rng* rng, int* deal) noexcept nogil:
    """A uniformly shuffled deck: the same distribution as OpenSpiel's 52 uniform deal chance actions."""
    cdef int i, j, t
    for i in range(N_CARDS):
        deal[i] = i
    for i in range(N_CARDS - 1, 0, -1):
        j = rng_below(rng, i + 1)
        t = deal[i]
        deal[i] = deal[j]
        deal[j] = t


cdef HeartsData _ZERO  # zeroed: its dict form names the fields of the struct and gives their shapes


def _as_struct(dict fields):
    """``fields`` as a ``HeartsData`` (an OverflowError names a value its field's type cannot hold)."""
    cdef HeartsData struct = fields


STATE_LAYOUT = derive_layout("HeartsData", sizeof(HeartsData), _ZERO, _as_struct)


# ====================================================================== the state

cdef class HeartsState(GameState):
    """A hand of Hearts in progress.  Create it with ``deadeye.core.new_game("hearts", players=4, seed=...)``.

    >>> from deadeye.core import new_game
    >>> state = new_game("hearts", players=4, seed=1)
    >>> state.pass_direction, state.current_player(), len(state.legal_actions())
    ('Across', 0, 13)
    >>> history = state.openspiel_history()           # OpenSpiel's chance actions: direction, then the deal
    >>> history[0], len(history), state.hand(0) == sorted(history[1::4])
    (2, 53, True)
    >>> state.apply_action(state.hand(0)[-1])          # seat 0 passes its highest card
    >>> state.public_label(state.legal_actions()[0])
    'passes a card'
    """

    game = "hearts"
    layout = STATE_LAYOUT
    num_actions = NUM_ACTIONS

    def __cinit__(self):
        self.block, self.block_size = &self.d, sizeof(HeartsData)

    cdef void _start(self, int pass_dir, const int* deal) noexcept nogil:
        cdef HeartsData* d = &self.d
        cdef int i, p
        memset(d, 0, sizeof(HeartsData))
        d.pass_dir = pass_dir
        for i in range(N_CARDS):
            d.deal[i] = deal[i]
            d.hand[i % N_PLAYERS] |= bit(deal[i])
        for p in range(N_PLAYERS):
            d.hand_n[p] = HAND_SIZE
            d.allowed[p] = all_cards()
            for i in range(PASS_SIZE):
                d.passed[p][i] = NO_CARD
        for i in range(N_TRICKS):
            d.leader[i] = -1
            d.winner[i] = -1
        if pass_dir == NO_PASS:
            _begin_play(d)
        else:
            d.phase = PH_PASS
            d.current = 0

    # ------------------------------------------------------------------ the C path
    cdef int _current_player(self) noexcept nogil:
        return self.d.current

    cdef bint _is_terminal(self) noexcept nogil:
        return self.d.phase == PH_GAME_OVER

    cdef int _num_players(self) noexcept nogil:
        return N_PLAYERS

    cdef int _legal_actions(self, int* out) noexcept nogil:
        """The legal cards in ascending order, four per step: most masks hold at most four cards, so the loop
        ends where the branch predictor expects it.  A step may write up to three ids past the count (63, from the
        sentinel bit), which the caller's MAX_ACTIONS buffer holds."""
        cdef uint64_t m = legal_mask(&self.d)
        cdef uint64_t sentinel = (<uint64_t>1) << 63          # above every card: the lowest bit of an empty mask
        cdef int n = 0, more1, more2, more3
        while m:
            out[n] = lowest(m)
            m &= m - 1
            out[n + 1] = lowest(m | sentinel)
            more1 = m != 0
            m &= m - 1
            out[n + 2] = lowest(m | sentinel)
            more2 = m != 0
            m &= m - 1
            out[n + 3] = lowest(m | sentinel)
            more3 = m != 0
            m &= m - 1
            n += 1 + more1 + more2 + more3
        return n

    cdef int _random_action(self, Rng* rng) noexcept nogil:
        return _random_card(&self.d, rng)

    cdef int _random_playout(self, Rng* rng, int limit) noexcept nogil:
        """The random rollout in one loop, the rules inlined: random playouts spend most of their time here."""
        cdef int moves = 0, card
        while moves < limit and self.d.phase != PH_GAME_OVER:
            card = _random_card(&self.d, rng)
            if card < 0:
                break
            if self.d.phase == PH_PASS:
                _pass(&self.d, card)
            else:
                _play(&self.d, card)
            moves += 1
        return moves

    cdef bint _is_legal(self, int action) noexcept nogil:
        return 0 <= action < N_CARDS and (legal_mask(&self.d) & bit(action)) != 0

    cdef void _apply(self, int action) noexcept nogil:
        if self.d.phase == PH_PASS:
            _pass(&self.d, action)
        else:
            _play(&self.d, action)

    cdef void _final_points(self, int* out) noexcept nogil:
        """Penalty points per seat; once the game is over, with the moon settled as OpenSpiel's ComputeScore: the
        seat that took every point tricks (all 26 points) gets 0 and the others 26."""
        cdef int p, shooter = -1
        for p in range(N_PLAYERS):
            out[p] = self.d.points[p]
            if self.d.points[p] == TOTAL_POINTS:
                shooter = p
        if self.d.phase == PH_GAME_OVER and shooter >= 0:
            for p in range(N_PLAYERS):
                out[p] = 0 if p == shooter else TOTAL_POINTS

    cdef void _returns(self, double* out) noexcept nogil:
        """OpenSpiel's returns divided by 26: 1 - points / 26, in [0, 1] (what the search maximises)."""
        cdef int pts[N_PLAYERS]
        cdef int p
        self._final_points(pts)
        for p in range(N_PLAYERS):
            out[p] = (TOTAL_POINTS - pts[p]) / <double>TOTAL_POINTS

    cdef int _segment(self) noexcept nogil:
        return 0 if self.d.phase == PH_PASS else 1 + self.d.n_played // N_PLAYERS

    cdef void _evaluate(self, double* out) noexcept nogil:
        """The result estimated when a rollout stops early: the points taken so far, the trick on the table to the
        seat winning it now, and the points still out split evenly; 1 - estimate / 26, in [0, 1].  A seat that
        already holds all 26 points has shot the moon."""
        cdef HeartsData* d = &self.d
        cdef double est[N_PLAYERS]
        cdef int p, i, taken = 0, on_table = d.n_played % N_PLAYERS, first = d.n_played - on_table
        cdef double spread
        if d.phase == PH_GAME_OVER:
            self._returns(out)
            return
        for p in range(N_PLAYERS):
            est[p] = d.points[p]
            taken += d.points[p]
        if d.phase == PH_PLAY and on_table:
            p = trick_winner_so_far(d, first // N_PLAYERS, on_table)
            for i in range(first, d.n_played):
                est[p] += card_points(d.plays[i])
                taken += card_points(d.plays[i])
        for p in range(N_PLAYERS):
            if est[p] == TOTAL_POINTS:
                for i in range(N_PLAYERS):
                    out[i] = 1.0 if i == p else 0.0
                return
        spread = (TOTAL_POINTS - taken) / <double>N_PLAYERS
        for p in range(N_PLAYERS):
            out[p] = 1.0 - (est[p] + spread) / TOTAL_POINTS
            if out[p] < 0.0:
                out[p] = 0.0

    # ------------------------------------------------------------------ results
    cpdef list returns(self):
        """The game result (the state contract's): the seats with the fewest points share 1, the others get 0; zeros
        while the hand is running.  OpenSpiel's returns are ``game_returns()``; the search maximises
        ``game_returns() / 26``."""
        cdef int pts[N_PLAYERS]
        cdef int p, best = TOTAL_POINTS + 1, n_best = 0
        if self.d.phase != PH_GAME_OVER:
            return [0.0] * N_PLAYERS
        self._final_points(pts)
        for p in range(N_PLAYERS):
            if pts[p] < best:
                best, n_best = pts[p], 0
            n_best += pts[p] == best
        return [1.0 / n_best if pts[p] == best else 0.0 for p in range(N_PLAYERS)]

    def game_returns(self) -> list:
        """OpenSpiel's ``Returns()`` exactly: 26 minus each seat's points (moon settled); zeros while running."""
        cdef int pts[N_PLAYERS]
        if self.d.phase != PH_GAME_OVER:
            return [0.0] * N_PLAYERS
        self._final_points(pts)
        return [float(TOTAL_POINTS - pts[p]) for p in range(N_PLAYERS)]

    def openspiel_returns(self) -> list:
        """Same as ``game_returns()``: what OpenSpiel's ``state.returns()`` gives for this game."""
        return self.game_returns()

    def points(self) -> list:
        """Penalty points per seat: those taken so far, and at the end the final ones (moon settled)."""
        cdef int pts[N_PLAYERS]
        self._final_points(pts)
        return [pts[p] for p in range(N_PLAYERS)]

    def segment(self) -> int:
        """``_segment``: 0 while passing, then 1 + the number of completed tricks."""
        return self._segment()

    # ------------------------------------------------------------------ OpenSpiel's action sequence
    def openspiel_history(self) -> list:
        """The whole game so far as OpenSpiel action ids: the pass direction, the 52 deal actions, the passes (seat
        0's three, then seat 1's, ...), then the plays.  Apply them to ``pyspiel.load_game("hearts")`` to get the
        same state there."""
        return _history(&self.d)

    @classmethod
    def from_openspiel_history(cls, actions) -> HeartsState:
        """The state after OpenSpiel's action ids ``actions`` (at least the pass direction and the 52 deal
        actions); a bad id raises ``InvalidActionError`` or ``IllegalActionError`` naming its position."""
        return from_openspiel_history(actions)

    # ------------------------------------------------------------------ Python API
    def _where(self) -> str:
        return (f"hearts, {PHASE_NAMES[self.d.phase]} phase, trick {self.d.n_played // N_PLAYERS + 1}, "
                f"seat {self.d.current}; openspiel history {self.openspiel_history()}")

    def _label(self, int action) -> str:
        """OpenSpiel's label of the card: ``"2C"``, ``"QS"``."""
        return action_label(&self.d, action)

    def _public_label(self, int action):
        """What the other seats see: a pass hides its card."""
        if self.d.phase == PH_PASS:
            return "passes a card"
        return f"plays {card_label(action)}"

    cdef int _observation(self, int action, int seat) noexcept nogil:
        """A pass is seen only by its player; a play by everyone."""
        if self.d.phase == PH_PASS and seat != self.d.current:
            return OBS_HIDDEN
        return action

    def parse_action(self, text) -> int:
        """The card id of a label (``"QS"``, ``"10h"``) or a plain id; the card need not be legal now."""
        word = str(text).strip()
        if word.isdigit():
            return self.action_id(int(word)) if len(word) < 10 else self.action_id(10 ** 10)
        return parse_card(word)

    def private_events(self, seat) -> list:
        """The three cards ``seat`` receives when the last pass completes the exchange."""
        cdef HeartsData* d = &self.d
        self._check_seat(seat)
        if not (d.n_played == 0 and d.phase == PH_PLAY and d.n_passed == N_PASSES):
            return []
        source = pass_source(seat, d.pass_dir)
        return [f"you receive {', '.join(card_label(c) for c in d.passed[source][:PASS_SIZE])} from seat {source}"]

    def unavailable_reasons(self) -> list:
        """Why cards in the deciding seat's hand may not be played now, in ``legal_mask``'s order of checks: follow
        suit, the two of clubs leads, no points on the first trick, no heart led before hearts are broken."""
        return unavailable_reasons(&self.d)

    def describe_events(self) -> list:
        """What the last action made public beyond itself: the exchange of passed cards, a trick's taker, the end."""
        cdef HeartsData* d = &self.d
        cdef int trick, i, p, points
        cdef int pts[N_PLAYERS]
        events = []
        if d.n_passed == 0 and d.n_played == 0:
            events.append(f"the cards are dealt; pass direction: {PASS_DIR_NAMES[d.pass_dir]}")
        if d.n_played == 0 and d.phase == PH_PLAY:
            if d.n_passed == N_PASSES:
                events.append("the passed cards change hands")
            events.append(f"seat {d.current} holds the 2C and leads")
        if d.n_played and d.n_played % N_PLAYERS == 0:
            trick = d.n_played // N_PLAYERS - 1
            points = 0
            for i in range(trick * N_PLAYERS, d.n_played):
                points += card_points(d.plays[i])
            unit = "point" if points == 1 else "points"
            events.append(f"seat {d.winner[trick]} takes trick {trick + 1} ({points} {unit})")
        if d.phase == PH_GAME_OVER:
            self._final_points(pts)
            for p in range(N_PLAYERS):
                if d.points[p] == TOTAL_POINTS:
                    events.append(f"seat {p} shoots the moon")
            events.append("points: " + ", ".join(f"seat {p} {pts[p]}" for p in range(N_PLAYERS)))
        return events

    # public facts, for front ends and tests
    @property
    def phase(self) -> str:
        return PHASE_NAMES[self.d.phase]

    @property
    def pass_direction(self) -> str:
        """OpenSpiel's name of the pass direction: "No Pass", "Left", "Across" or "Right"."""
        return PASS_DIR_NAMES[self.d.pass_dir]

    @property
    def hearts_broken(self) -> bool:
        return bool(self.d.hearts_broken)

    @property
    def tricks_played(self) -> int:
        return self.d.n_played // N_PLAYERS

    def hand(self, int seat) -> list:
        """The cards ``seat`` holds, ascending ids (the full state knows every hand)."""
        return _cards(self.d.hand[seat])

    def possible_cards(self, int seat) -> list:
        """The cards ``seat`` may hold as far as its plays have shown (public: voids, forced plays), ascending."""
        return _cards(self.d.allowed[seat])

    def tricks(self) -> list:
        """Each trick started so far as (leader, [cards in play order], taker or None)."""
        cdef int t
        out = []
        for t in range((self.d.n_played + N_PLAYERS - 1) // N_PLAYERS):
            cards = [self.d.plays[i] for i in range(t * N_PLAYERS, min(self.d.n_played, (t + 1) * N_PLAYERS))]
            out.append((self.d.leader[t], cards, None if self.d.winner[t] < 0 else self.d.winner[t]))
        return out

    def validate(self) -> str:
        """Why this state is not one the rules can reach, or '' if it is sound."""
        return check_state(&self.d)

    def __repr__(self):
        return (f"<HeartsState pass {PASS_DIR_NAMES[self.d.pass_dir]}, {PHASE_NAMES[self.d.phase]}, "
                f"trick {self.d.n_played // N_PLAYERS + 1}, seat {self.d.current}, points {self.points()}>")


def new_state(players: int = N_PLAYERS, seed: int = 0) -> HeartsState:
    """A new hand: the pass direction and the deal are drawn from ``seed`` (OpenSpiel's chance nodes)."""
    if players != N_PLAYERS:
        raise ValueError(f"hearts is for {N_PLAYERS} players, not {players}")
    cdef HeartsState state = HeartsState.__new__(HeartsState)
    cdef int deal[N_CARDS]
    cdef int pass_dir
    state.reseed(seed)
    pass_dir = rng_below(&state.rng, N_PLAYERS)
    _shuffled_deal(&state.rng, deal)
    state._start(pass_dir, deal)
    return state


def from_openspiel_history(actions) -> HeartsState:
    """The state after OpenSpiel's ``hearts`` action ids ``actions``: the pass direction, the 52 deal actions, then
    any passes and plays (checked one by one).  Raises ``InvalidActionError`` for a malformed chance prefix and
    ``IllegalActionError`` for an illegal move, naming its position."""
    cdef HeartsState state = HeartsState.__new__(HeartsState)
    cdef int deal[N_CARDS]
    cdef int i
    try:
        actions = [int(a) for a in actions]
    except (TypeError, ValueError):
        raise InvalidActionError(f"an OpenSpiel history is a list of ints, got {actions!r:.80}") from None
    if len(actions) < 1 + N_CARDS:
        raise InvalidActionError(f"an OpenSpiel history starts with the pass direction and the 52 deal actions; "
                                 f"got {len(actions)} actions (deadeye states have no chance nodes)")
    if not 0 <= actions[0] < N_PLAYERS:
        raise InvalidActionError(f"action 0: pass direction {actions[0]} is not 0..3")
    if sorted(actions[1:1 + N_CARDS]) != list(range(N_CARDS)):
        raise InvalidActionError("actions 1..52: the deal must hold each of the 52 cards once")
    for i in range(N_CARDS):
        deal[i] = actions[1 + i]
    state._start(actions[0], deal)
    for i in range(1 + N_CARDS, len(actions)):
        if state.is_terminal():
            raise IllegalActionError(f"action {i} ({actions[i]}): the game is over")
        if not state._is_legal(actions[i]):
            raise IllegalActionError(f"action {i} ({actions[i]}) is not legal for seat {state.current_player()}; "
                                     f"legal: {state.legal_actions()}")
        state._apply(actions[i])
    return state


# ====================================================================== history, layout, checks

cdef list _cards(uint64_t m):
    out = []
    while m:
        out.append(lowest(m))
        m &= m - 1
    return out


cdef list _history(HeartsData* d):
    cdef int i
    out = [d.pass_dir] + [d.deal[i] for i in range(N_CARDS)]
    out += [d.passed[i // PASS_SIZE][i % PASS_SIZE] for i in range(d.n_passed)]
    out += [d.plays[i] for i in range(d.n_played)]
    return out




cdef list unavailable_reasons(HeartsData* d):
    """One sentence naming the rule that withholds cards of the deciding seat's hand now, or [] (all playable)."""
    cdef int p = d.current, n = d.n_played, led
    cdef uint64_t hand, withheld
    if d.phase != PH_PLAY or p < 0:
        return []
    hand = d.hand[p]
    withheld = hand & ~legal_mask(d)
    if not withheld:
        return []
    if n % N_PLAYERS:
        led = card_suit(d.plays[n - n % N_PLAYERS])
        if hand & suit_bits(led):
            return [f"you must follow suit: {SUIT_NAMES[led]} were led and you hold {SUIT_NAMES[led]}"]
    if n == 0:
        return ["the two of clubs leads the first trick"]
    if n < N_PLAYERS:
        return [f"no points on the first trick: {' '.join(CARD_NAMES[c] for c in _cards(withheld))} must wait while "
                f"you hold another card"]
    return ["hearts are not broken (no heart nor the QS played yet): you may not lead a heart while you hold "
            "another suit"]


cdef str check_state(HeartsData* d):
    """Why ``d`` is not a state the rules reach, or '': the chance actions, passes and plays it records are replayed
    from the start, and the replay must give back every byte of ``d``."""
    cdef HeartsState replay
    if d.pass_dir >= N_PLAYERS or d.n_passed > N_PASSES or d.n_played > N_CARDS:
        return "pass_dir, n_passed or n_played out of range"
    if d.pass_dir == NO_PASS and d.n_passed:
        return "passes recorded in a hand without passing"
    if d.n_played and d.n_passed != (0 if d.pass_dir == NO_PASS else N_PASSES):
        return "cards played before the passing ended"
    try:
        replay = from_openspiel_history(_history(d))
    except GameError as exc:
        return f"the recorded actions cannot be replayed: {exc}"
    if (<char*>&replay.d)[:sizeof(HeartsData)] != (<char*>d)[:sizeof(HeartsData)]:
        return "the fields disagree with the deal, passes and plays they record"
    return ""
