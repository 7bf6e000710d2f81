"""A table's seed tells nobody the deal: the deal and the bots' seeds are keyed hashes of it under the server's
secret key, so a seat that knows its own cards cannot search the seeds for the one that dealt them (issue 27,
item 1), while the same seed opens the same game again on the same server (the page's "Replay this seed")."""
from __future__ import annotations

from deadeye.core import new_game
from deadeye.protocol.limits import Limits
from deadeye.protocol.server import SEED_RANGE, seat_view
from deadeye.protocol.tables import TableRegistry

from test_protocol_tables import Session

HUMANS = [{"human": True}] * 4


def deal_of(registry: TableRegistry, **params) -> dict:
    """The true state, as a plain dict, of a new Hearts table of ``registry``."""
    opened = Session(registry).call("table.open", game="hearts", players=4, seats=HUMANS, **params)
    return registry.get("test", opened["table_id"]).state.to_dict()


def test_a_seed_opens_the_same_game_on_its_server_and_another_game_elsewhere():
    one, other = TableRegistry(Limits(), seat_view), TableRegistry(Limits(), seat_view)
    assert deal_of(one, seed=5) == deal_of(one, seed=5) != deal_of(one, seed=6)
    assert deal_of(one, seed=5) != deal_of(other, seed=5)        # each server keys its tables with its own secret


def test_no_search_over_seeds_finds_a_tables_deal():
    """The attack of the issue: try the game's seeds until one deals the seat's own cards.  The table's seed itself,
    and every small seed, deal other cards: the deal comes from a 64-bit keyed hash that needs the key."""
    registry = TableRegistry(Limits(), seat_view)
    for seed in (0, 1, 12345):
        dealt = deal_of(registry, seed=seed)
        assert all(new_game("hearts", players=4, seed=s).to_dict() != dealt for s in range(256))
        assert new_game("hearts", players=4, seed=seed).to_dict() != dealt


def test_a_drawn_seed_is_large_and_exact_in_javascript():
    registry, host = TableRegistry(Limits(), seat_view), None
    seeds = set()
    for _ in range(8):
        host = Session(registry)
        opened = host.call("table.open", game="kuhn-poker", players=2, seats=[{"human": True}] * 2)
        seeds.add(registry.get("test", opened["table_id"]).seed)
    assert len(seeds) == 8 and all(0 <= s < SEED_RANGE == 2**53 for s in seeds)
    assert max(seeds) >= 2**40                  # drawn from the whole range, not from 31 bits (8 draws: p < 1e-90)
