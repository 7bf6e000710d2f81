"""Shared options: ``--long`` multiplies the random-game counts of the invariant suites by ten."""
import pytest


def pytest_addoption(parser):
    parser.addoption("--long", action="store_true", default=False,
                     help="run the random-game invariant suites ten times longer")


@pytest.fixture
def scale(request) -> int:
    """How many times the default number of random games to play."""
    return 10 if request.config.getoption("--long") else 1
