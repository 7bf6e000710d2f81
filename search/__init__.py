"""deadeye.search: information-set MCTS and its baselines, generic over the state contract (knows no game)."""
