# Information-set MCTS (Cowling, Powley & Whitehouse 2012, single observer) on a flat pool of C nodes.
cimport cython
from libc.stdint cimport int32_t

from deadeye.core.rng cimport Rng
from deadeye.core.state cimport GameState, InformationSet, Policy, MAX_ACTIONS, MAX_SEATS
from deadeye.search.playout cimport MAX_ROLLOUT_MOVES
from deadeye.search.stop cimport StopToken

cdef enum:
    NO_NODE = -1                            # sentinel for "no parent / child / sibling"
    NO_ITERATION_LIMIT = 2147483647         # the iteration limit of a budget in time only (the largest C int)
    MAX_TREE_DEPTH = MAX_ROLLOUT_MOVES      # the most moves one descent plays (tree moves and the other seats'
                                            # policy moves) before it rolls out from where it is
    STOP_CHECK_MOVES = 1024                 # a rollout checks its stop and deadline once every this many moves
    FIRST_CAPACITY = 1024                   # nodes allocated at the first search; the pool then doubles


cdef struct Node:
    int32_t parent          # NO_NODE for the root
    int32_t first_child     # NO_NODE while the node has no child
    int32_t next_sibling    # NO_NODE for the last child
    int32_t action          # the action leading here (-1 for the root)
    int32_t player          # the seat that played `action`: this node sums that seat's reward
    double visits           # iterations through this node
    double available        # iterations in which `action` was legal at the parent (ISMCTS availability)
    double reward           # summed reward of `player`


@cython.final
cdef class Searcher:
    cdef Node* nodes        # the tree: nodes[0] is the root; children linked by first_child / next_sibling
    cdef int n_nodes        # nodes in use
    cdef int capacity       # nodes allocated
    cdef bint pool_failed   # a growth of the pool failed during this search: it stops expanding, then MemoryError
    cdef readonly int max_nodes          # cap: past it the search stops expanding and keeps sampling
    cdef readonly double c               # UCB exploration constant
    cdef readonly int cutoff_moves       # stop a rollout after this many moves (0: only at MAX_ROLLOUT_MOVES)
    cdef readonly int rollout_moves      # the most moves of one rollout: cutoff_moves, or else MAX_ROLLOUT_MOVES
    cdef readonly bint cutoff_segment    # stop a rollout when the game's segment (a round) ends
    cdef readonly bint flat              # flat Monte Carlo: root actions in turn, no tree below the root
    cdef readonly double bias            # progressive bias towards the policy's choice: bias / (visits + 1)
    cdef readonly bint opponents_by_policy   # other seats move by the policy, outside the tree (a tree of own moves)
    cdef readonly int expand_threshold   # a node below the root adds its m-th child after m * this many iterations
    cdef Policy policy                   # rollout policy (uniformly random by default)
    cdef StopToken _stop                 # the running search's stop (read inside rollouts too)
    cdef double _deadline                # the running search's deadline, in _now_ms() time (NEVER: none)
    cdef int _stamp                      # visit counter for the legal-action marks
    cdef int marks[MAX_ACTIONS]          # marks[a] == _stamp: action a is legal at the node being visited
    cdef int seen[MAX_ACTIONS]           # seen[a] == _stamp: a child for action a exists there

    cdef int _new_node(self, int parent, int action, int player) noexcept nogil
    cdef inline bint _should_stop(self) noexcept nogil
    cdef inline int _select(self, GameState s, Rng* rng, int root_player) noexcept nogil
    cdef inline int _mark_legal(self, GameState s, int node, int* buf, int* untried) noexcept nogil
    cdef inline int _best_child(self, int node, int hint) noexcept nogil
    cdef inline int _expand(self, GameState s, int node, int action, int player) noexcept nogil
    cdef inline void _rollout(self, GameState s, Rng* rng, double* rewards) noexcept nogil
    cdef inline void _backup(self, int node, double* rewards) noexcept nogil
    cdef void _iterate(self, GameState scratch, Rng* rng, int root_player) noexcept nogil
