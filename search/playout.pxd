# Random playouts and the move cap every rollout of the search shares (search/playout.pyx).

cpdef enum:
    # The most moves one rollout (or one random playout) plays before the state is evaluated where it stands.  The
    # longest natural random playout measured is 751 moves (Wyatt Earp, 6 players, 20,000 games per game and player
    # count; Colt Express 204, Hearts 64, Kuhn poker 3), so a natural rollout never reaches it; only a state whose game
    # cannot end (a view no game can produce) does.  Equal to the arena's MAX_MOVES (bots/arena.py) for whole games.
    MAX_ROLLOUT_MOVES = 20000
