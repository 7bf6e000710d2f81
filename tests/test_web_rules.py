"""The player rules as ``deadeye web`` shows them: Markdown rendered on the server by markdown-it-py (raw HTML
escaped), served at ``/rules/<game>.html``, and written for players alone: no link or pointer to a file they do not
have (the developers' specification lives outside the package)."""
from __future__ import annotations

import re
import urllib.error
import urllib.request

import pytest

from deadeye.core import list_games, rules_text
from deadeye.protocol.web import rules_html

from support.web_client import WebServer

GAMES = sorted(g.name for g in list_games())


@pytest.fixture(scope="module")
def server():
    web = WebServer()
    yield web
    web.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_point_to_nothing_players_do_not_have(game: str) -> None:
    text = rules_text(game)
    assert "shared/" not in text and "../" not in text
    assert not re.search(r"\(D\d+(?:-D\d+)?\)|rule D\d+|Decisions", text), "a decision of the developers' specification"
    for target in re.findall(r"\]\(([^)\s]+)", text):             # a Markdown link: only to a page on the web
        assert target.startswith(("http://", "https://")), target


def test_markdown_is_formatted_and_raw_html_escaped() -> None:
    html = rules_html("# T\n<img src=x onerror=alert(1)> **b** [l](javascript:alert(1)) [w](https://example.org)\n\n"
                      "| a | b |\n|---|---|\n| 1 | 2 |\n\n1. **one,\n   still one**\n2. two\n")
    assert "<img" not in html and "&lt;img" in html and 'href="javascript' not in html
    assert "<h1>T</h1>" in html and "<strong>b</strong>" in html and '<a href="https://example.org">w</a>' in html
    assert "<td>1</td>" in html and "<th>a</th>" in html
    assert "<ol>\n<li><strong>one,\nstill one</strong></li>\n<li>two</li>\n</ol>" in html


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_is_served(server, game: str) -> None:
    with urllib.request.urlopen(f"{server.url}rules/{game}.html") as page:
        assert page.headers.get_content_type() == "text/html"
        body = page.read().decode()
    assert '<article class="rules-text">' in body and rules_html(rules_text(game)) in body
    with urllib.request.urlopen(f"{server.url}rules/{game}") as markdown:     # the Markdown itself, as before
        assert markdown.headers.get_content_type() == "text/markdown"


def test_no_rules_page_for_an_unknown_game(server) -> None:
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(f"{server.url}rules/chess.html")
    assert missing.value.code == 404 and b"no rules for 'chess'" in missing.value.read()


@pytest.mark.parametrize("game", GAMES)
def test_the_cards_help_is_served(server, game: str) -> None:
    """``/help/<game>.json``: the game's ``card_help()`` (the page's tooltips), {} for a game without one."""
    import json

    from deadeye.core.narrate import text_hook
    with urllib.request.urlopen(f"{server.url}help/{game}.json") as reply:
        assert reply.headers.get_content_type() == "application/json"
        served = json.loads(reply.read())
    hook = text_hook(game, "card_help")
    assert served == (hook() if hook else {})
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(f"{server.url}help/chess.json")
    assert missing.value.code == 404
