"""The ``>>>`` examples in docstrings run as tests."""
import doctest
import importlib

import pytest


@pytest.mark.parametrize("module", ["deadeye.core.registry", "deadeye.bots.registry", "deadeye.search.playout",
                                    "deadeye.search.ismcts", "deadeye.search.budget", "deadeye.search.stop",
                                    "deadeye.bots.arena", "deadeye.bots.report", "deadeye.bots.stats",
                                    "deadeye.bots.plot", "deadeye.bots.tuning",
                                    "we_position", "deadeye.core.hearts.state", "deadeye.core.hearts.information",
                                    "deadeye.bots.openspiel", "hearts_position", "deadeye.protocol.session",
                                    "deadeye.protocol.client", "ce_position", "deadeye.core.colt_express.state",
                                    "deadeye.core.colt_express.heuristic", "deadeye.protocol.referee",
                                    "deadeye.core.layout", "deadeye.core.kuhn_poker.state",
                                    "deadeye.core.kuhn_poker.information", "deadeye.bots.spec",
                                    "deadeye.bots.capabilities"])
def test_docstring_examples(module):
    mod = importlib.import_module(module)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
