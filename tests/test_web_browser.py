"""The page of ``deadeye web``, played in a real browser (headless Chromium through Selenium).

Every registered game is played to its end by clicking legal actions on the page (action buttons, or clickable
cards and towns); one game seats two people, the second joining by its seat link from a second browser; the hint,
the replay by seed, the rules dialog and the generic renderer are exercised too.  No test may leave an error in the
browser's console.  Screenshots go to ``$DEADEYE_ARTIFACTS`` (or a temporary folder, printed).

Needs Debian's ``chromium`` and ``chromium-driver`` and the ``selenium`` package (the test extra); without them the
tests skip, unless ``DEADEYE_REQUIRE_BROWSER=1`` (CI sets it), which turns the skip into a failure.
"""
from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable, Iterator

import pytest

from deadeye.core import list_games
from deadeye.protocol.server import Server

REQUIRE = os.environ.get("DEADEYE_REQUIRE_BROWSER") == "1"
CHROMIUM = next((p for p in map(shutil.which, ("chromium", "chromium-browser")) if p), None)
CHROMEDRIVER = shutil.which("chromedriver")
MOVE_TIMEOUT_S = 60          # one move of the page: the bots' replies included (random bots: milliseconds)


def _missing() -> str | None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    if CHROMIUM is None or CHROMEDRIVER is None:
        return "no chromium / chromedriver on PATH (apt-get install chromium chromium-driver)"
    if "table.open" not in Server().hello({}, None)["methods"]:
        return "the server has no table methods yet (table.open): the page has nothing to play against"
    return None


MISSING = _missing()
if MISSING and REQUIRE:
    raise RuntimeError(f"DEADEYE_REQUIRE_BROWSER=1 but the browser tests cannot run: {MISSING}")
pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

if MISSING is None:
    from selenium import webdriver
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    """``deadeye web`` on a free port, as a user starts it; its URL from the line it prints."""
    proc = subprocess.Popen([sys.executable, "-m", "deadeye.protocol.cli", "web", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        found = re.search(r"http://[\d.]+:\d+/", line)
        assert found, f"deadeye web printed {line!r}; stderr: {proc.stderr.read() if proc.poll() is not None else ''}"
        yield found.group(0)
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = Path(os.environ["DEADEYE_ARTIFACTS"]) / "screenshots" if "DEADEYE_ARTIFACTS" in os.environ \
        else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    print(f"screenshots: {folder}")
    return folder


@pytest.fixture
def browser() -> Iterator[Callable[[], "webdriver.Chrome"]]:
    """A factory of headless Chromium browsers (each its own profile: a second person); at the end, none may have
    logged a console error."""
    drivers = []

    def make() -> "webdriver.Chrome":
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,1000",
                    "--disable-gpu"):
            options.add_argument(arg)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        driver.set_page_load_timeout(30)
        drivers.append(driver)
        return driver

    yield make
    try:
        errors = [(i, e) for i, d in enumerate(drivers) for e in d.get_log("browser") if e["level"] == "SEVERE"]
        assert not errors, f"console errors: {errors}"
    finally:
        for driver in drivers:
            driver.quit()


# --------------------------------------------------------------------------------------------- driving the page

def wait(driver: "webdriver.Chrome", condition: Callable, timeout: float = MOVE_TIMEOUT_S) -> object:
    return WebDriverWait(driver, timeout, poll_frequency=0.05,
                         ignored_exceptions=(StaleElementReferenceException,)).until(condition)


def over(driver: "webdriver.Chrome") -> bool:
    return bool(driver.find_elements(By.CSS_SELECTOR, "main[data-state=over]"))


def moves(driver: "webdriver.Chrome") -> list:
    return [b for b in driver.find_elements(By.CSS_SELECTOR, "#actions button[data-action]") if b.is_displayed()]


def open_table(driver: "webdriver.Chrome", url: str, game: str, players: int, seats: dict[int, str],
               seed: int | None, me: int = 0) -> None:
    """The lobby: pick the game, the players, the own seat and each other seat (a bot name or "human")."""
    driver.get(url)
    wait(driver, lambda d: d.find_elements(By.ID, "start"), 30)
    Select(driver.find_element(By.ID, "game")).select_by_value(game)
    Select(driver.find_element(By.ID, "players")).select_by_value(str(players))
    Select(driver.find_element(By.ID, "my-seat")).select_by_value(str(me))
    for sel in driver.find_elements(By.CSS_SELECTOR, ".seat-select"):
        Select(sel).select_by_value(seats.get(int(sel.get_attribute("data-seat")), "random"))
    if seed is not None:
        driver.find_element(By.ID, "seed").send_keys(str(seed))
    driver.find_element(By.ID, "start").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "main#game"), 30)


def gone(element: object) -> bool:
    try:
        element.is_enabled()
        return False
    except StaleElementReferenceException:
        return True


def step(driver: "webdriver.Chrome", rng: random.Random) -> bool:
    """Make one move if the page offers some: a random legal action, clicked as a button, or now and then as a
    card (or town) on the board, which plays it or lights the buttons it may mean.  False if nothing to click.
    A page redrawn under the click (another seat's move arrived) is simply looked at again."""
    try:
        return _step(driver, rng)
    except StaleElementReferenceException:
        return True


def _step(driver: "webdriver.Chrome", rng: random.Random) -> bool:
    buttons = moves(driver)
    if not buttons:
        return False
    playable = [c for c in driver.find_elements(By.CSS_SELECTOR, "#board .playable") if c.is_displayed()]
    if playable and rng.random() < 0.3:
        target = rng.choice(playable)
        target.click()
        wait(driver, lambda d: gone(target) or d.find_elements(By.CSS_SELECTOR, "#actions button.lit"))
        if not gone(target):
            buttons = driver.find_elements(By.CSS_SELECTOR, "#actions button.lit")
        else:
            return True
    button = rng.choice(buttons)
    button.click()
    wait(driver, lambda d: gone(button))
    return True


def play_out(drivers: list, rng: random.Random, limit: int = 3000) -> int:
    """Click moves in every browser until every page shows the game over; the number of moves made."""
    made = 0
    while not all(over(d) for d in drivers):
        assert made < limit, "the game did not end"
        progressed = False
        for driver in drivers:
            if not over(driver) and step(driver, rng):
                made += 1
                progressed = True
        if not progressed:            # everybody waits for a bot (or a window): wait for a move or the end
            wait(drivers[0], lambda d: any(over(x) or moves(x) for x in drivers))
    return made


def full_page(driver: "webdriver.Chrome", path: Path) -> None:
    """A screenshot of the whole page (the window made as tall as the page), then the window as it was."""
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(1400, min(max(height, 1000), 8000))
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(str(path))
    driver.set_window_size(1400, 1000)


def table_rows(driver: "webdriver.Chrome", selector: str) -> list[list[str]]:
    return [[c.text for c in row.find_elements(By.CSS_SELECTOR, "td")]
            for row in driver.find_elements(By.CSS_SELECTOR, f"{selector} tr")
            if row.find_elements(By.CSS_SELECTOR, "td")]


def dollars(text: str) -> dict[int, int]:
    """The payments of a scoring cell, ``seat 0 $3,000, seat 1 $4,000`` -> {0: 3000, 1: 4000}."""
    return {int(s): int(a.replace(",", "")) for s, a in re.findall(r"seat (\d+) \$([\d,]+)", text)}


# ------------------------------------------------------------------------------------------------------ tests

PLAYERS = {"wyatt-earp": 3, "colt-express": 3, "way-out-west": 3}      # else the game's fewest players
GAMES = {g.name: PLAYERS.get(g.name, g.min_players) for g in list_games()}   # a new game is played too (generic)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_is_played_by_clicking(game: str, url: str, browser: Callable, shots: Path) -> None:
    players = GAMES[game]
    driver = browser()
    open_table(driver, url, game, players, {}, seed=11)
    driver.save_screenshot(str(shots / f"{game}-start.png"))
    if game == "bang":          # the ring shows the Sheriff's star and the own role, every other role hidden
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".bang-seat"))
        assert len(driver.find_elements(By.CSS_SELECTOR, ".bang-seat")) == players
        assert len(driver.find_elements(By.CSS_SELECTOR, ".bang-seat .role.r0")) == 1
        assert "unknown" not in driver.find_element(By.CSS_SELECTOR, ".bang-seat[data-seat='0'] .role").get_attribute("class")
        known = driver.find_elements(By.CSS_SELECTOR, ".bang-seat .role:not(.unknown)")
        assert len(known) in (1, 2), "only the Sheriff's role and the own role are face up at the start"
    made = play_out([driver], random.Random(game))
    full_page(driver, shots / f"{game}-over.png")
    assert made > 0
    result = table_rows(driver, "#result")
    assert len(result) == players
    assert sum(row[-1].startswith(("wins", "shares")) for row in result) >= 1
    assert driver.find_elements(By.CSS_SELECTOR, "#log li"), "the event log is empty"
    assert driver.find_element(By.CSS_SELECTOR, "main").get_attribute("data-seat") == "0"
    if game == "wyatt-earp":
        # every round's table is there, and its payments add up to the money of the game's result
        paid = {p: 0 for p in range(players)}
        tables = driver.find_elements(By.CSS_SELECTOR, ".round-scoring")
        assert tables, "no round scoring table"
        for table in tables:
            for row in [r for r in table.find_elements(By.CSS_SELECTOR, "tr") if r.find_elements(By.CSS_SELECTOR, "td")]:
                cells = [c.text for c in row.find_elements(By.CSS_SELECTOR, "td")]
                cps = [0 if c in ("-",) or c.startswith("0") else int(c) for c in cells[1:1 + players]]
                assert int(cells[1 + players]) == sum(cps), cells
                for seat, amount in dollars(cells[-1]).items():
                    paid[seat] += amount
                if int(cells[1 + players]) < 8:
                    assert not dollars(cells[-1]), f"an outlaw below 8 CP was paid: {cells}"
        assert [paid[p] for p in range(players)] == [int(float(row[1])) for row in result]
    if game == "way-out-west":          # an income table after rounds 3, 6, 9 and 12 (rules 3), a row per seat
        tables = driver.find_elements(By.CSS_SELECTOR, ".round-scoring")
        assert [t.find_element(By.CSS_SELECTOR, "h4").text for t in tables] == [f"Round {r}: income" for r in (3, 6, 9, 12)]
        assert all(len(t.find_elements(By.CSS_SELECTOR, "tr")) == players + 1 for t in tables)
    if game == "bang":          # the result names the winning side; its members (and only they) win
        banner = driver.find_element(By.ID, "bang-winner").text
        head = [c.text for c in driver.find_elements(By.CSS_SELECTOR, "#result th")]
        side = head.index("side")
        for row in result:
            assert row[head.index("role")] in ("Sheriff", "Deputy", "Outlaw", "Renegade"), row
            assert ("(the winning side)" in row[side]) == row[-1].startswith("wins"), row
            if row[-1].startswith("wins"):
                assert row[side].split(" (")[0].split("'")[0] in banner, (row, banner)
        assert sum(row[head.index("role")] == "Sheriff" for row in result) == 1
    if game == "hearts":
        penalty = [int(row[2]) for row in result]
        assert sum(penalty) == 26, penalty


def test_two_people_at_one_table(url: str, browser: Callable, shots: Path) -> None:
    host, guest = browser(), browser()
    open_table(host, url, "hearts", 4, {1: "human"}, seed=5)
    link = wait(host, lambda d: d.find_elements(By.CSS_SELECTOR, "a.join-link[data-seat='1']"))[0].get_attribute("href")
    assert "?join=" in link
    guest.get(link)
    wait(guest, lambda d: d.find_elements(By.CSS_SELECTOR, "main#game[data-seat='1']"), 30)
    wait(host, lambda d: d.find_elements(By.CSS_SELECTOR, ".hand .card"))
    hands = [{c.get_attribute("data-card") for c in d.find_elements(By.CSS_SELECTOR, ".hand .card")}
             for d in (host, guest)]
    assert len(hands[0]) == len(hands[1]) == 13 and not hands[0] & hands[1], "each person sees their own hand"
    host.save_screenshot(str(shots / "two-people-host.png"))
    guest.save_screenshot(str(shots / "two-people-guest.png"))
    play_out([host, guest], random.Random(2))
    for d in (host, guest):
        assert len(table_rows(d, "#result")) == 4
    assert table_rows(host, "#result")[0][1:] == table_rows(guest, "#result")[0][1:]
    guest.save_screenshot(str(shots / "two-people-guest-over.png"))


def test_hint_shows_visit_shares(url: str, browser: Callable, shots: Path) -> None:
    driver = browser()
    open_table(driver, url, "wyatt-earp", 2, {1: "random"}, seed=3)
    wait(driver, lambda d: moves(d))
    Select(driver.find_element(By.ID, "hint-bot")).select_by_value("easy")
    driver.find_element(By.ID, "hint").click()
    rows = wait(driver, lambda d: table_rows(d, "#hint-shares"))
    driver.save_screenshot(str(shots / "hint.png"))
    labels = {b.get_attribute("data-label") for b in moves(driver)}
    assert all(row[0] in labels for row in rows)
    shares = [int(row[2].rstrip("%")) for row in rows]
    assert shares == sorted(shares, reverse=True) and 97 <= sum(shares) <= 103
    assert sum(int(row[1]) for row in rows) > 0
    chosen = driver.find_element(By.CSS_SELECTOR, "#hint-choice strong").text
    assert chosen in labels


def test_move_now_hurries_a_thinking_bot(url: str, browser: Callable) -> None:
    """A bot given ten minutes a move thinks; the page shows it, with a Move now button that makes it move."""
    import asyncio

    from support.web_client import Rpc

    async def open_table() -> str:
        rpc = await Rpc.connect(url)
        try:
            opened = await rpc.call("table.open", game="kuhn-poker", players=2, seed=5,
                                    seats=[{"bot": "ismcts:time_ms=600000"}, {"human": True}])
        finally:
            await rpc.close()
        return opened["tokens"]["1"]

    driver = browser()
    driver.get(f"{url}?join={asyncio.run(open_table())}")       # the bot moves first (kuhn-poker: seat 0)
    wait(driver, lambda d: d.find_elements(By.ID, "hurry"), 30)
    assert "thinking" in driver.find_element(By.ID, "status").text

    def click_hurry(d) -> bool:                                  # found afresh: the page may redraw the button
        d.find_element(By.ID, "hurry").click()                   # between the lookup and the click (stale: again)
        return True

    wait(driver, click_hurry, 30)
    wait(driver, lambda d: moves(d), 60)                         # the bot moved: the person is to move


def test_replay_by_seed_deals_the_same_cards(url: str, browser: Callable) -> None:
    driver = browser()
    open_table(driver, url, "kuhn-poker", 2, {1: "random"}, seed=None)     # the seed is told once the game is over
    mine = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".kuhn-board section .card[data-card]"))[0]
    first = mine.get_attribute("data-card")
    play_out([driver], random.Random(0))
    seed = re.search(r"seed (\d+)", driver.find_element(By.CSS_SELECTOR, "header").text).group(1)
    table = driver.find_element(By.CSS_SELECTOR, "header .where").text
    driver.find_element(By.ID, "replay").click()
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "header .where").text != table)
    assert f"seed {seed}" in driver.find_element(By.CSS_SELECTOR, "header").text
    again = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".kuhn-board section .card[data-card]"))[0]
    assert again.get_attribute("data-card") == first


def test_rules_dialog_and_generic_renderer(url: str, browser: Callable) -> None:
    driver = browser()
    driver.get(url)
    wait(driver, lambda d: d.find_elements(By.ID, "start"), 30)
    Select(driver.find_element(By.ID, "game")).select_by_value("kuhn-poker")
    driver.find_element(By.ID, "lobby-rules").click()
    heading = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "dialog#rules[open] .rules-text h1"), 10)[0]
    assert "Kuhn poker" in heading.text
    # a game with no renderer of its own (a new game) is drawn from its view's fields
    html = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        import("/renderers/index.js").then(({ rendererFor }) => {
          const el = rendererFor("no-such-game").render({ view: { text: "seat 0 to move" },
            info: { round: 2, hand: [1, 0, 3] }, seat: 0, legal: [] });
          done(el.outerHTML);
        }).catch((e) => done("error " + e));
    """)
    assert "seat 0 to move" in html and "<th>round</th>" in html and "[1,0,3]" in html
