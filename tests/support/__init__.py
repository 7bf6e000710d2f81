"""Helpers of the test suite: the contract checks every game passes (``game_checks``), the benchmark workloads
(``workloads``), builders of concrete positions per game (``we_position``, ``ce_position``, ``hearts_position``,
``wow_position``), samplers against exact distributions (``exact_cards``), ways to talk to a protocol server
(``protocol_harness``), and a script timing the samplers against another build (``time_samplers``)."""
