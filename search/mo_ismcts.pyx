"""Multi-observer information-set MCTS (Cowling, Powley & Whitehouse 2012, "MO-ISMCTS").

One tree per seat, each over that seat's own information sets.  An iteration samples a determinisation from the
searching seat's information set and walks every tree down in lockstep on it: where seat p is to move, p's tree
picks the move by UCB with availability counts (over the moves legal in this determinisation), and every other
seat q's tree follows the edge of what q observes of that move (``GameState._observation``: the action id itself,
``OBS_HIDDEN`` or ``OBS_BASE + k`` for a move q sees only in part; ``OBS_NONE``, q's tree stays where it is).  So
moves a seat cannot tell apart share one node in its tree, and an opponent's choice is made from statistics that
do not depend on what the searching seat's sample says about the opponent's hidden cards.  The iteration expands
the mover's tree by one untried move (the other trees add the matching observation nodes on their way), rolls out,
and backs up every tree's path; selection reads only a tree's own-move nodes, which sum their own seat's reward.

All trees share one ``Searcher``'s node pool (each has its root slot; the searching seat's is slot 0) and its
settings: c, rollout policy, epsilon, cut-offs, max_nodes.  The generic search knows no game: everything comes
through the state contract.
"""
cimport cython

from deadeye.core.rng cimport Rng, rng_below
from deadeye.core.state cimport GameState, InformationSet, Policy, MAX_ACTIONS, MAX_SEATS, OBS_NONE
from deadeye.search.ismcts cimport Searcher, TreeWalk, Node, NO_NODE, MAX_TREE_DEPTH, ucb_score
from deadeye.search.stop cimport StopToken

from deadeye.search.budget import Budget
from deadeye.search.ismcts import SearchResult

cdef extern from "<math.h>":
    double NO_SCORE "(-INFINITY)"       # below every score: no child selected yet

cdef enum:
    MAX_OBSERVATION = 32767             # an observation id must fit a node's int16 action field


@cython.final
cdef class MultiObserverSearcher(TreeWalk):
    """MO-ISMCTS with the settings of a ``Searcher`` (no flat, bias, widening, MAST or opponents-by-policy: those
    are single-tree options).

    >>> from deadeye.core import new_game
    >>> state = new_game("hearts", players=4, seed=3)
    >>> info = state.information_set(state.current_player())
    >>> result = MultiObserverSearcher().search(info, Budget(iterations=200), seed=1)
    >>> result.action in state.legal_actions(), result.iterations
    (True, 200)
    """

    def __init__(self, c=0.7, max_nodes=1_000_000, Policy policy=None, cutoff_moves=0, bint cutoff_segment=False,
                 epsilon=0.0, win=0.0):
        self.pool = Searcher(c=c, max_nodes=max_nodes, policy=policy, cutoff_moves=cutoff_moves,
                             cutoff_segment=cutoff_segment, epsilon=epsilon, win=win)
        self.n_trees = 0

    @property
    def tree_size(self) -> int:
        """Nodes of all the last search's trees (roots included)."""
        return self.pool.n_nodes

    def tree(self, seat: int) -> dict:
        """Seat ``seat``'s tree of the last search, for inspection: ``{path: (visits, reward sum)}`` where a path is
        a tuple of ``(player, action or observation id)`` edges from its root (() is the root)."""
        if not 0 <= seat < self.n_trees:
            raise ValueError(f"the last search had no seat {seat}")
        out, stack = {}, [(self.root[seat], ())]
        while stack:
            node, path = stack.pop()
            out[path] = (int(self.pool.nodes[node].visits), float(self.pool.nodes[node].reward))
            first = self.pool.nodes[node].children
            for child in range(first, first + self.pool.nodes[node].n_children):
                stack.append((child, path + ((int(self.pool.nodes[child].player),
                                              int(self.pool.nodes[child].action)),)))
        return out

    # --- one iteration ---

    cdef int _select_own(self, int node, int player, int* buf, int n, int* untried) noexcept nogil:
        """At ``node`` of the mover's own tree, the legal child of ``player`` with the best UCB score with availability counts, counting an availability for each legal child;
        NO_NODE if none.  Keeps at the front of ``buf`` the legal actions with no child yet, ``untried[0]`` of them."""
        cdef int i, child, kept = 0, first = self.pool.nodes[node].children
        cdef double score, best_score = NO_SCORE
        cdef int best = NO_NODE
        cdef Node* c
        self.pool._stamp += 1
        for i in range(n):
            self.pool.marks[buf[i]] = self.pool._stamp
        for child in range(first + self.pool.nodes[node].n_children - 1, first - 1, -1):   # newest first, as ismcts
            c = &self.pool.nodes[child]
            if c.player == player and c.action < MAX_ACTIONS and self.pool.marks[c.action] == self.pool._stamp:
                c.available += 1
                self.pool.seen[c.action] = self.pool._stamp
                score = ucb_score(c.reward, c.visits, c.available, self.pool.c)
                if score > best_score:
                    best_score = score
                    best = child
        for i in range(n):
            if self.pool.seen[buf[i]] != self.pool._stamp:
                buf[kept] = buf[i]
                kept += 1
        untried[0] = kept
        return best

    cdef int _observed_child(self, int node, int observation, int player) noexcept nogil:
        """The child of ``node`` for ``player``'s move seen as ``observation``, added if new; NO_NODE when the pool
        is full."""
        cdef int child, first = self.pool.nodes[node].children
        for child in range(first, first + self.pool.nodes[node].n_children):
            if self.pool.nodes[child].action == observation and self.pool.nodes[child].player == player:
                return child
        child = self.pool._new_child(node, observation, player)
        if child != NO_NODE:
            self.pool.nodes[child].available = 1
        return child

    cdef void _iterate(self, GameState s, Rng* rng) noexcept nogil:
        """One iteration on the determinisation ``s`` (consumed): every tree descends in lockstep, the mover's
        tree expands one move, a rollout, and each tree backs up its own path."""
        cdef double rewards[MAX_SEATS]
        cdef int buf[MAX_ACTIONS]
        cdef int q, n, untried, child, player, pick, observation, depth = 0
        cdef bint expanded = False
        for q in range(self.n_trees):
            self.cursor[q] = self.root[q]
            self.lost[q] = False
        while not expanded and not s._is_terminal() and depth < MAX_TREE_DEPTH:
            depth += 1
            player = s._current_player()
            if self.lost[player]:
                break                                      # the mover's tree is full: roll out from here
            n = s._legal_actions(buf)
            if n == 0:
                break                                      # a state no game reaches: evaluate it where it stands
            child = self._select_own(self.cursor[player], player, buf, n, &untried)
            if untried > 0:
                pick = buf[rng_below(rng, untried)]
                child = self.pool._new_child(self.cursor[player], pick, player)
                if child == NO_NODE:
                    break
                self.pool.nodes[child].available = 1
                expanded = True
            elif child == NO_NODE:
                break
            else:
                pick = self.pool.nodes[child].action
            self.cursor[player] = child
            for q in range(self.n_trees):
                if q == player or self.lost[q]:
                    continue
                observation = s._observation(pick, q)
                if observation == OBS_NONE:
                    continue                               # q does not notice this decision
                child = NO_NODE
                if observation <= MAX_OBSERVATION:
                    child = self._observed_child(self.cursor[q], observation, player)
                if child == NO_NODE:
                    self.lost[q] = True
                else:
                    self.cursor[q] = child
            s._apply(pick)
        self.pool._rollout(s, rng, rewards)
        for q in range(self.n_trees):
            self.pool._backup(self.cursor[q], rewards)

    # --- the search (Searcher._run's loop) ---

    cdef int _plant(self, int seat) except -1:
        """One root a seat in the emptied pool: the searching seat's at slot 0 (read by ``_result``), the others'
        next, each summing its own seat's reward."""
        cdef int q, slot = 1
        self.root[seat] = 0
        for q in range(self.n_trees):
            if q != seat:
                self.root[q] = slot
                slot += 1
        self.pool._reserve(self.n_trees)
        for q in range(self.n_trees):
            self.pool._init_node(self.root[q], NO_NODE, -1, q)
        return 0

    def search(self, InformationSet information_set, budget: Budget, seed: int = 0, info_callback=None,
               info_ms: float = 0.0, StopToken stop=None, belief=None) -> SearchResult:
        """MO-ISMCTS from ``information_set`` (its seat must be to move); budget, progress reports and stop as
        ``Searcher.search``.  ``belief`` (inference's weighted samples) is not supported: it must be None."""
        if belief is not None:
            raise ValueError("MO-ISMCTS samples from the information set: it takes no belief")
        if information_set.current_player() != information_set.seat:
            raise ValueError(f"seat {information_set.seat} is not to move")
        n_trees = information_set.num_players()
        if not 1 <= n_trees <= MAX_SEATS:
            raise ValueError(f"a game of {n_trees} seats: MO-ISMCTS needs 1 to {MAX_SEATS}")
        self.n_trees = n_trees
        return self.pool._run(information_set, budget, seed, info_callback, info_ms, stop, walk=self)
