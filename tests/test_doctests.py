"""The ``>>>`` examples in docstrings run as tests, and so do the README's Python blocks (each game's own modules:
tests/test_game_contract.py)."""
import doctest
import importlib
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


@pytest.mark.parametrize("module", ["deadeye.core.registry", "deadeye.bots.registry", "deadeye.search.playout",
                                    "deadeye.search.ismcts", "deadeye.search.budget", "deadeye.search.stop",
                                    "deadeye.bots.arena", "deadeye.bots.match", "deadeye.bots.seeds", "deadeye.bots.report", "deadeye.bots.stats",
                                    "deadeye.bots.plot", "deadeye.bots.tuning", "deadeye.bots.openspiel",
                                    "deadeye.bots.spec", "deadeye.bots.capabilities",
                                    "deadeye.protocol.session", "deadeye.protocol.client", "deadeye.protocol.referee",
                                    "deadeye.protocol.play", "deadeye.protocol.web",
                                    "deadeye.core.layout", "deadeye.core.narrate", "deadeye.core.hearts.text", "deadeye.core.bang.text",
                                    "deadeye.core.colt_express.text", "deadeye.core.liars_dice.text", "deadeye.core.openspiel_twin", "support.we_position",
                                    "support.hearts_position", "support.ce_position", "support.exact_cards",
                                    "deadeye.interop.pettingzoo", "deadeye.interop.openspiel", "deadeye.interop.arena"])
def test_docstring_examples(module):
    mod = importlib.import_module(module)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def readme_python_blocks() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", README.read_text(), re.M | re.S)


def test_the_readme_has_python_blocks():
    assert len(readme_python_blocks()) >= 2


@pytest.mark.parametrize("index", range(len(readme_python_blocks())))
def test_readme_python_block_runs(index, capsys):
    """Each block runs as written; a ``print(...)  # "text"`` line must print that text."""
    block = readme_python_blocks()[index]
    exec(compile(block, f"README.md python block {index + 1}", "exec"), {"__name__": "readme"})
    printed = capsys.readouterr().out.splitlines()
    promised = re.findall(r'^print\(.*?\)\s+#\s+"(.*)"', block, re.M)
    assert printed[:len(promised)] == promised
