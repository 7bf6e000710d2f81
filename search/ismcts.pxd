# Information-set MCTS (Cowling, Powley & Whitehouse 2012, single observer) on a flat pool of C nodes.
cimport cython
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint16_t

from libc.stdint cimport uint64_t

from deadeye.core.rng cimport Rng
from deadeye.core.state cimport GameState, InformationSet, Policy, MAX_ACTIONS, MAX_SEATS
from deadeye.search.guide cimport Guide
from deadeye.search.mast cimport MastTable
from deadeye.search.playout cimport MAX_ROLLOUT_MOVES
from deadeye.search.stop cimport StopToken

cdef enum:
    NO_NODE = -1                            # sentinel for "no parent / no child block"
    NO_ITERATION_LIMIT = 2147483647         # the iteration limit of a budget in time only (the largest C int)
    MAX_TREE_DEPTH = MAX_ROLLOUT_MOVES      # the most moves one descent plays (tree moves and the other seats'
                                            # policy moves) before it rolls out from where it is
    STOP_CHECK_MOVES = 1024                 # a rollout checks its stop and deadline once every this many moves
    FIRST_CAPACITY = 1024                   # slots allocated at the first search; the pool then doubles
    N_BLOCK_SIZES = 10                      # child blocks hold 2, 4, .. 512 (MAX_ACTIONS) slots
    COUNT_TABLE_SIZE = 4096                 # the UCB terms of counts below this are read from tables (2**12)


cdef double ucb_score(double reward, int visits, int available, double c) noexcept nogil   # a child's UCB score


cdef struct Node:            # 32 bytes: two nodes a cache line, for the scans of child blocks
    double reward           # summed reward of `player`
    int32_t parent          # NO_NODE for the root
    int32_t children        # first slot of the node's child block (NO_NODE while it has no child): the children
                            # are nodes[children .. children + n_children - 1], oldest first
    int32_t visits          # iterations through this node (at most the budget's, a C int)
    int32_t available       # iterations in which `action` was legal at the parent (ISMCTS availability)
    int16_t action          # the action leading here (-1 for the root; every action id is below MAX_ACTIONS)
    int16_t n_children      # children in use (at most MAX_ACTIONS)
    int8_t player           # the seat that played `action`: this node sums that seat's reward (-1: the root)
    uint8_t slot_class      # the child block holds 1 << slot_class slots (0: no block; a block holds at least 2;
                            # it moves to a block twice as large when full)
    uint16_t prior          # prior=net: the network's probability of `action` where it was first legal, in
                            # 65535ths (PUCT's prior); 0 otherwise


@cython.final
cdef class Searcher:
    cdef Node* nodes        # the slots: nodes[0] is the root; each node's children fill one block of slots
    cdef int n_nodes        # nodes in the tree (the tree size)
    cdef int n_slots        # slots handed out (tree nodes, free slots of child blocks, blocks left by a move)
    cdef int max_slots      # the most slots the pool may hold: 2 * max_nodes + MAX_ACTIONS (blocks are half full)
    cdef int capacity       # slots allocated
    cdef int free_blocks[N_BLOCK_SIZES]  # free_blocks[k]: a free block of 2**k slots (NO_NODE: none), whose first
                                         # slot's `children` links the next free block of that size
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
    cdef bint uniform_rollouts           # the policy is the base class's: rollouts draw from their own legal buffer
    cdef readonly double epsilon         # a rollout move is uniformly random with this probability (exploration)
    cdef readonly double win             # this share of each reward is the seat's share of the win (``_rollout``)
    cdef uint64_t explore_below          # ... that is, when a draw of rng_next falls below this (0: never drawn)
    cdef MastTable* mast                 # rollout=mast: the search's MAST table (NULL: the policy plays rollouts)
    cdef int* mast_moves                 # rollout=mast: the running iteration's rollout moves, seat * MAX_ACTIONS
    cdef int n_mast_moves                # + action, for the table's update after the rollout
    cdef StopToken _stop                 # the running search's stop (read inside rollouts too)
    cdef double _deadline                # the running search's deadline, in _now_ms() time (NEVER: none)
    cdef int _stamp                      # visit counter for the legal-action marks
    cdef int marks[MAX_ACTIONS]          # marks[a] == _stamp: action a is legal at the node being visited
    cdef int seen[MAX_ACTIONS]           # seen[a] == _stamp: a child for action a exists there
    cdef bint _keep_tree                 # set by reroot(): the next search grows the kept tree instead of a new one
    cdef Guide guide                     # the network's guidance (None: unguided)
    cdef readonly bint guided_prior      # prior=net: PUCT over the network's priors; a leaf gets all its children
    cdef readonly double value_weight    # value=net: this share of a leaf's reward is the network's value (1: the
                                         # value alone, no rollout; 0: rollouts alone)
    cdef readonly double c_puct          # PUCT's exploration constant (prior=net)

    cdef int _reserve(self, int count) noexcept nogil
    cdef int _new_child(self, int parent, int action, int player) noexcept nogil
    cdef inline bint _should_stop(self) noexcept nogil
    cdef inline int _select(self, GameState s, Rng* rng, int root_player) noexcept nogil
    cdef inline int _policy_move(self, GameState s, Rng* rng) noexcept nogil
    cdef inline int _select_guided(self, GameState s, Rng* rng, int root_player, double* values,
                                   bint* evaluated) noexcept nogil
    cdef inline int _mark_legal(self, GameState s, int node, int hint, int* buf, int* untried,
                                int* best) noexcept nogil
    cdef inline void _init_node(self, int slot, int parent, int action, int player) noexcept nogil
    cdef inline int _expand(self, GameState s, int node, int action, int player) noexcept nogil
    cdef inline void _rollout(self, GameState s, Rng* rng, double* rewards) noexcept nogil
    cdef inline int _uniform_rollout(self, GameState s, Rng* rng) noexcept nogil
    cdef inline void _backup(self, int node, double* rewards) noexcept nogil
    cdef void _mast_update(self, int node, double* rewards) noexcept nogil
    cdef void _iterate(self, GameState scratch, Rng* rng, int root_player) noexcept nogil


cdef class TreeWalk:         # a search with trees of its own in a Searcher's pool, run by Searcher._run's loop
    cdef int n_trees        # its trees (roots) in the running search
    cdef int _plant(self, int seat) except -1
    cdef void _iterate(self, GameState s, Rng* rng) noexcept nogil
