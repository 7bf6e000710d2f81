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
from typing import Any, Callable, Iterator

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
    from selenium.common.exceptions import (NoAlertPresentException, StaleElementReferenceException,
                                            WebDriverException)
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
        # the other seats' moves shown at once (the page's pace is a player's choice: test_pace_... sets its own)
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": PACE_SCRIPT % 0})
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

PACE_SCRIPT = "try { if (!sessionStorage.getItem('paced')) localStorage.setItem('deadeye.pace', '%d'); } catch (e) {}"

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


PHONE = (390, 844)           # a phone's viewport, in CSS pixels
DESKTOP = (1400, 1000)


def viewport(driver: "webdriver.Chrome", size: tuple[int, int]) -> None:
    """Lay the page out at ``size`` (a phone's width as a phone does: ``mobile`` honours the page's viewport tag)."""
    width, height = size
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height,
                                                                  "deviceScaleFactor": 1, "mobile": width < 600})


def open_by_rpc(url: str, **params: object) -> dict:
    """``table.open`` over the protocol (a test's own connection, closed at once: the table stays open), with the
    bots unpaced unless ``pace_ms`` is given; its result (the tokens)."""
    import asyncio

    from support.web_client import Rpc

    async def opened() -> dict:
        rpc = await Rpc.connect(url)
        try:
            return await rpc.call("table.open", **{"pace_ms": 0, **params})
        finally:
            await rpc.close()

    return asyncio.run(opened())


def position(game: str, players: int, wanted: Callable) -> dict:
    """A state of ``game`` (random legal moves from fixed seeds) where seat 0 is to move and ``wanted(state)``,
    as ``table.open``'s ``state``."""
    from deadeye.core import new_game
    rng = random.Random(0)
    for seed in range(200):
        state = new_game(game, players, seed=seed)
        while not state.is_terminal():
            if state.current_player() == 0 and wanted(state):
                return state.to_dict()
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError(f"no {game} position found")


def sit(driver: "webdriver.Chrome", url: str, token: str) -> None:
    """Open a seat's link and wait for the seat's moves."""
    driver.get(f"{url}?join={token}")
    wait(driver, lambda d: moves(d), 30)


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
    labels = {b.text for b in moves(driver)}                       # the moves as their buttons say them
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
    status = driver.find_element(By.ID, "status").text
    assert "thinking" in status
    # a paced table's bots report 0 iterations whether they searched or not (docs/protocol.md, "Pace"): the page
    # shows how long the bot thinks, not a count that is always 0
    assert not re.search(r"\b0 iterations", status) and re.search(r"thinking\.\.\. \d+\.\d s", status), status

    def click_hurry(d) -> bool:                                  # found afresh: the page may redraw the button
        d.find_element(By.ID, "hurry").click()                   # between the lookup and the click (stale: again)
        return True

    wait(driver, click_hurry, 30)
    wait(driver, lambda d: moves(d), 60)                         # the bot moved: the person is to move


def test_replay_by_seed_deals_the_same_cards(url: str, browser: Callable) -> None:
    driver = browser()
    open_table(driver, url, "kuhn-poker", 2, {1: "random"}, seed=None)     # the seed is told once the game is over
    first = wait(driver, kuhn_cards)[0]               # read in the wait: a bot's move may redraw the card meanwhile
    play_out([driver], random.Random(0))
    seed = re.search(r"seed (\d+)", driver.find_element(By.CSS_SELECTOR, "header").text).group(1)
    replay_deals_again(driver, seed, first)


def kuhn_cards(driver: Any) -> list[str]:
    """The Kuhn poker cards on the table, the seat's own first (empty while the page draws it)."""
    return [c.get_attribute("data-card") for c in driver.find_elements(By.CSS_SELECTOR, ".kuhn-board section .card[data-card]")]


def replay_deals_again(driver: Any, seed: str, first: str) -> None:
    """"Replay this seed" opens a new table on the same seed, whose first Kuhn poker card is ``first`` again."""
    table = driver.find_element(By.CSS_SELECTOR, "header .where").text
    driver.find_element(By.ID, "replay").click()
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "header .where").text != table)
    assert f"seed {seed}" in driver.find_element(By.CSS_SELECTOR, "header").text
    assert wait(driver, kuhn_cards)[0] == first


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


# ------------------------------------------------------------------------- issue 30: a page people enjoy playing on

@pytest.mark.parametrize("game", sorted(g.name for g in list_games()))
def test_rules_dialog_shows_each_game_s_rules_whole(game: str, url: str, browser: Callable) -> None:
    """Every list item whole (a step that wraps onto a second line keeps its bold text and its number), every
    numbered list one list, and nothing that points to a file players do not have."""
    from deadeye.core import game_info, rules_text
    source = rules_text(game)
    driver = browser()
    driver.get(url)
    wait(driver, lambda d: d.find_elements(By.ID, "start"), 30)
    Select(driver.find_element(By.ID, "game")).select_by_value(game)
    driver.find_element(By.ID, "lobby-rules").click()
    heading = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "dialog#rules[open] .rules-text :is(h1, h2)"),
                   10)[0]
    assert game_info(game).title.split(" (")[0] in heading.text
    text = driver.find_element(By.CSS_SELECTOR, "dialog#rules .rules-text").text
    assert "**" not in text and "](" not in text, "Markdown left unformatted"
    # each numbered list of the source (its items numbered 1, 2, ...: a line "1. " starts one) is one <ol>
    assert len(driver.find_elements(By.CSS_SELECTOR, "dialog#rules .rules-text ol")) == \
        len(re.findall(r"^ *1\. ", source, re.M))
    assert len(driver.find_elements(By.CSS_SELECTOR, "dialog#rules .rules-text li")) == \
        len(re.findall(r"^ *(?:\d+\.|[-*]) ", source, re.M))
    for item in driver.find_elements(By.CSS_SELECTOR, "dialog#rules .rules-text li"):
        assert item.text.strip(), "an empty list item"
    hrefs = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "dialog#rules .rules-text a")]
    assert all(h.startswith(("http://", "https://")) and not h.startswith(url) for h in hrefs), hrefs
    assert "shared/rules" not in text and "../" not in text


def test_hearts_says_which_cards_the_seat_received(url: str, browser: Callable) -> None:
    """After the pass, the hand's panel names the three cards passed to this seat (those new in its hand), and the
    three it passed, each with the other seat."""
    from deadeye.core import new_game
    start = new_game("hearts", 4, seed=0)
    assert start.pass_direction == "Right"
    tokens = open_by_rpc(url, game="hearts", players=4, state=start.to_dict(),
                         seats=[{"human": True}] + [{"bot": "random"}] * 3)["tokens"]
    driver = browser()
    sit(driver, url, tokens["0"])
    hand = lambda d: [c.get_attribute("data-card") for c in d.find_elements(By.CSS_SELECTOR, ".own-hand .hand .card")]
    dealt = set(hand(driver))
    passed = []
    for _ in range(3):
        card = wait(driver, lambda d: [c for c in d.find_elements(By.CSS_SELECTOR, ".own-hand .hand .card.playable")
                                       if c.get_attribute("data-card") not in passed])[0]
        passed.append(card.get_attribute("data-card"))
        card.click()
        wait(driver, lambda d: passed[-1] not in hand(d))
    wait(driver, lambda d: "passing" not in d.find_element(By.CSS_SELECTOR, ".hearts-table .centre").text
         and len(hand(d)) == 13)
    received = set(hand(driver)) - dealt
    assert len(received) == 3 and not received & set(passed)
    text = driver.find_element(By.ID, "board").text
    told = re.search(r"you received:? (.+?)(?: from (seat \d+ \(random\)))?$", text, re.M)
    assert told and set(told.group(1).split(", ")) == received, (text, received)
    assert told.group(2) == "seat 1 (random)"            # passing right: seat 0 gets the cards of seat 1
    gave = re.search(r"you passed (.+) to (seat \d+ \(random\))$", text, re.M)
    assert gave and set(gave.group(1).split(", ")) == set(passed) and gave.group(2) == "seat 3 (random)"


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_colt_express_bullet_cards_look_like_cards(size: tuple, url: str, browser: Callable) -> None:
    """A Bullet card in the hand is as large as the other cards, and its name fits on it."""
    state = position("colt-express", 3, lambda s: s.information_set(0).hand().get("Bullet", 0) > 0)
    tokens = open_by_rpc(url, game="colt-express", players=3, state=state,
                         seats=[{"human": True}] + [{"bot": "random"}] * 2)["tokens"]
    driver = browser()
    viewport(driver, size)
    sit(driver, url, tokens["0"])
    cards = driver.execute_script("""
        return [...document.querySelectorAll(".own-hand .hand .card")].map((c) => {
          const r = c.getBoundingClientRect(), name = c.querySelector(".card-name");
          return { name: c.dataset.card, width: r.width, height: r.height,
                   fits: name.scrollWidth <= c.clientWidth && name.getBoundingClientRect().right <= r.right + 0.5 };
        });""")
    bullets = [c for c in cards if c["name"] == "Bullet"]
    others = [c for c in cards if c["name"] != "Bullet"]
    assert bullets and others, cards
    for c in bullets:
        assert (c["width"], c["height"]) == (others[0]["width"], others[0]["height"]), cards
        assert c["fits"], c


LAYOUT_PLAYERS = {"bang": 7, "colt-express": 4, "hearts": 4, "kuhn-poker": 2, "way-out-west": 4, "wyatt-earp": 4}


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("game", sorted(LAYOUT_PLAYERS))
def test_the_table_fits_the_screen(game: str, size: tuple, url: str, browser: Callable, shots: Path) -> None:
    """Nothing is wider than the screen (the moves are never cut off), BANG!'s seats overlap neither each other
    nor the centre, and on a phone the own hand and the moves are on the first screen."""
    players = LAYOUT_PLAYERS[game]
    tokens = open_by_rpc(url, game=game, players=players, seed=7,
                         seats=[{"human": True}] + [{"bot": "random"}] * (players - 1))["tokens"]
    driver = browser()
    viewport(driver, size)
    sit(driver, url, tokens["0"])
    driver.save_screenshot(str(shots / f"layout-{game}-{size[0]}.png"))
    seen = driver.execute_script("""
        const box = (el) => { const r = el.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top + scrollY, bottom: r.bottom + scrollY }; };
        const hand = document.querySelector(".own-hand");
        return { width: document.documentElement.scrollWidth, inner: innerWidth, height: innerHeight,
                 buttons: [...document.querySelectorAll("#actions button")].map(box),
                 hand: hand && box(hand),
                 seats: [...document.querySelectorAll(".bang-seat")].map(box),
                 centre: [...document.querySelectorAll(".bang-centre")].map(box) };""")
    assert seen["inner"] == size[0]
    assert seen["width"] <= size[0], f"the page is {seen['width']} px wide on a {size[0]} px screen"
    assert seen["buttons"]
    for b in seen["buttons"]:
        assert 0 <= b["left"] and b["right"] <= size[0], b
    apart = lambda a, b: (a["right"] <= b["left"] + 0.5 or b["right"] <= a["left"] + 0.5
                          or a["bottom"] <= b["top"] + 0.5 or b["bottom"] <= a["top"] + 0.5)
    boxes = seen["seats"] + seen["centre"]
    assert len(seen["seats"]) == (players if game == "bang" else 0)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert apart(a, b), f"BANG!'s panels overlap: {a} {b}"
    if size == PHONE:
        assert seen["buttons"][0]["top"] < seen["height"], "the moves are below the first screen"
        if game != "way-out-west":                   # nothing hidden in hand there
            assert seen["hand"]["top"] < seen["height"], f"the hand starts {seen['hand']['top']:.0f} px down"


def test_wyatt_earp_draw_step_lights_only_the_discard_pile(url: str, browser: Callable) -> None:
    """In the draw step the discard pile's card is the one to click; a card of the same name in the hand is not
    lit (its click would take the pile's card)."""
    def wanted(s) -> bool:
        takes = [s.action_label(a) for a in s.legal_actions() if s.action_label(a).startswith("take ")]
        return bool(takes) and takes[0][len("take "):-len(" from the discard pile")] in s.information_set(0).hand()

    state = position("wyatt-earp", 3, wanted)
    tokens = open_by_rpc(url, game="wyatt-earp", players=3, state=state,
                         seats=[{"human": True}] + [{"bot": "random"}] * 2)["tokens"]
    driver = browser()
    sit(driver, url, tokens["0"])
    take = [b for b in moves(driver) if b.get_attribute("data-label").startswith("take ")][0].get_attribute("data-label")
    name = take[len("take "):-len(" from the discard pile")]
    assert name in [c.get_attribute("data-card") for c in driver.find_elements(By.CSS_SELECTOR, ".own-hand .card")]
    assert driver.find_elements(By.CSS_SELECTOR, ".own-hand .card.playable") == []
    pile = driver.find_element(By.CSS_SELECTOR, ".piles .card.playable")
    assert pile.get_attribute("data-card") == name
    pile.click()
    wait(driver, lambda d: any(li.text.endswith(take) for li in d.find_elements(By.CSS_SELECTOR, "#log li")))


def test_a_reload_keeps_the_seat_links_and_the_replay(url: str, browser: Callable) -> None:
    driver = browser()
    open_table(driver, url, "hearts", 4, {1: "human"}, seed=5)
    link = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "a.join-link[data-seat='1']"))[0].get_attribute("href")
    driver.refresh()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "main#game"), 30)
    assert [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "a.join-link")] == [link]

    open_table(driver, url, "kuhn-poker", 2, {1: "random"}, seed=None)
    first = wait(driver, kuhn_cards)[0]
    play_out([driver], random.Random(0))
    seed = re.search(r"seed (\d+)", driver.find_element(By.CSS_SELECTOR, "header").text).group(1)
    driver.refresh()
    wait(driver, over, 30)
    assert f"seed {seed}" in driver.find_element(By.CSS_SELECTOR, "header .where").text
    replay_deals_again(driver, seed, first)


def test_new_game_asks_first_and_back_returns_to_the_table(url: str, browser: Callable) -> None:
    driver = browser()
    open_table(driver, url, "kuhn-poker", 2, {1: "random"}, seed=4)
    wait(driver, lambda d: moves(d))
    table = driver.find_element(By.CSS_SELECTOR, "header .where").text
    driver.find_element(By.ID, "new-game").click()
    try:
        ask = driver.switch_to.alert
    except NoAlertPresentException:
        pytest.fail("New game in the middle of a game asked nothing")
    assert "new game" in ask.text.lower()
    ask.dismiss()                                          # no: the game goes on
    assert driver.find_element(By.CSS_SELECTOR, "header .where").text == table and moves(driver)
    driver.find_element(By.ID, "new-game").click()
    driver.switch_to.alert.accept()
    wait(driver, lambda d: d.find_elements(By.ID, "start"))
    driver.back()                                          # Back: the table again, as it was
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "main#game"))
    assert driver.find_element(By.CSS_SELECTOR, "header .where").text == table
    wait(driver, lambda d: moves(d))
    driver.forward()                                       # Forward: the lobby again
    wait(driver, lambda d: d.find_elements(By.ID, "start"))
    driver.back()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "main#game"))
    play_out([driver], random.Random(1))                   # a finished game: New game asks nothing
    driver.find_element(By.ID, "new-game").click()
    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert
    wait(driver, lambda d: d.find_elements(By.ID, "start"))


def test_history_numbers_show_every_digit(url: str, browser: Callable) -> None:
    """Each entry of "What happened" shows its whole number (10 and more included): the number fits in the list's
    margin, and an entry keeps its number as newer ones come."""
    tokens = open_by_rpc(url, game="wyatt-earp", players=4, seed=2,
                         seats=[{"human": True}] + [{"bot": "random"}] * 3)["tokens"]
    driver = browser()
    sit(driver, url, tokens["0"])
    rng = random.Random(3)
    while len(driver.find_elements(By.CSS_SELECTOR, "#log li")) < 12:
        assert not over(driver)
        if not step(driver, rng):
            wait(driver, lambda d: over(d) or moves(d))
    numbers = driver.execute_script("""
        const ol = document.getElementById("log"), items = [...ol.children];
        const pen = document.createElement("canvas").getContext("2d");
        const inner = ol.getBoundingClientRect().left + ol.clientLeft;    // the list's visible left edge
        return items.map((li, i) => {
          const n = ol.reversed ? ol.start - i : ol.start + i;
          pen.font = getComputedStyle(li).font;
          return { n, text: li.textContent, room: li.getBoundingClientRect().left - inner,
                   needs: pen.measureText(`${n}. `).width };
        });""")
    assert max(x["n"] for x in numbers) >= 12
    for x in numbers:
        assert x["room"] >= x["needs"], f"entry {x['n']} shows in {x['room']:.1f} px, needs {x['needs']:.1f}"
    oldest = [x for x in numbers if x["n"] == 1]
    assert oldest and oldest[0] == numbers[-1], "the oldest entry is number 1"


def test_an_on_off_option_is_a_checkbox(url: str, browser: Callable) -> None:
    """BANG!'s gold_rush (on by default) is a checkbox, ticked; unticked, the table plays without Gold Rush."""
    driver = browser()
    driver.get(url)
    wait(driver, lambda d: d.find_elements(By.ID, "start"), 30)
    Select(driver.find_element(By.ID, "game")).select_by_value("bang")
    box = driver.find_element(By.CSS_SELECTOR, ".option[data-option='gold_rush']")
    assert box.get_attribute("type") == "checkbox" and box.is_selected()
    assert driver.find_element(By.CSS_SELECTOR, ".option[data-option='ghosts']").get_attribute("type") == "checkbox"
    box.click()
    Select(driver.find_element(By.ID, "players")).select_by_value("4")
    driver.find_element(By.ID, "start").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".bang-seat"), 30)
    assert not driver.find_elements(By.CSS_SELECTOR, ".eq-row, .nuggets"), "Gold Rush is on"



def test_game_options_are_typed_form_controls(url: str, browser: Callable) -> None:
    """Colt Express's options, each as its kind asks (hello's list): a checkbox, a select of the choices, a text of
    names, and a select of the seats that follows the player count; no text box of JSON.  The table plays them."""
    driver = browser()
    driver.get(url)
    wait(driver, lambda d: d.find_elements(By.ID, "start"), 30)
    Select(driver.find_element(By.ID, "game")).select_by_value("colt-express")
    control = lambda name: driver.find_element(By.CSS_SELECTOR, f".option[data-option='{name}']")
    assert control("advanced").get_attribute("type") == "checkbox" and not control("advanced").is_selected()
    assert control("variant").tag_name == "select"
    assert [o.text for o in Select(control("variant")).options] == ["the usual rules", "two-bandits"]
    assert control("bandits").get_attribute("type") == "text" and control("bandits").get_attribute("value") == ""
    seats = lambda: [o.text for o in Select(control("first_player")).options]
    Select(driver.find_element(By.ID, "players")).select_by_value("5")
    assert control("first_player").tag_name == "select"
    assert seats() == ["drawn from the seed"] + [f"seat {s}" for s in range(5)]
    Select(control("first_player")).select_by_value("4")
    Select(driver.find_element(By.ID, "players")).select_by_value("3")
    assert seats() == ["drawn from the seed", "seat 0", "seat 1", "seat 2"]
    assert Select(control("first_player")).first_selected_option.text == "drawn from the seed", "seat 4 of 3 kept"
    Select(control("first_player")).select_by_value("2")
    Select(driver.find_element(By.ID, "players")).select_by_value("4")
    assert Select(control("first_player")).first_selected_option.text == "seat 2", "a seat that stays was dropped"
    Select(driver.find_element(By.ID, "players")).select_by_value("3")
    for sel in driver.find_elements(By.CSS_SELECTOR, ".seat-select"):
        Select(sel).select_by_value("random")
    control("bandits").send_keys("Tuco, Belle, Doc")
    Select(control("first_player")).select_by_value("1")
    driver.find_element(By.ID, "start").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".train .bandit"), 30)
    names = {b.get_attribute("data-help-name") for b in driver.find_elements(By.CSS_SELECTOR, ".train .bandit")}
    assert names == {"Tuco (seat 0)", "Belle (seat 1)", "Doc (seat 2)"}, names
    assert "first player seat 1" in driver.find_element(By.ID, "board").text
    assert not driver.find_elements(By.CSS_SELECTOR, "#note"), driver.find_element(By.ID, "note").text


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_page_tells_a_move_as_the_narrator_does(game: str, url: str, browser: Callable) -> None:
    """The history shows the server's sentence for a move, word for word (the one deadeye play prints and the
    protocol's text holds: tests/test_narrate.py), with no engine words and no text of the page's own."""
    from test_narrate import PLAYERS as NARRATED, a_move, forbidden
    state, action, text = a_move(game)
    tokens = open_by_rpc(url, game=game, players=NARRATED[game], state=state.to_dict(),
                         seats=[{"human": True}] + [{"bot": "random"}] * (NARRATED[game] - 1))["tokens"]
    driver = browser()
    sit(driver, url, tokens["0"])
    for button in moves(driver):                        # the moves in words too (their labels stay the engine's)
        assert not forbidden(button.text, 0), button.text
    pending = driver.find_elements(By.ID, "bang-pending")
    assert not pending or not forbidden(pending[0].text, 0) and "decides" not in pending[0].text, pending[0].text
    driver.find_element(By.CSS_SELECTOR, f"#actions button[data-action='{action}']").click()
    # read in one go (a wait looks again if the page is redrawn meanwhile): the oldest entry is the move
    entries = wait(driver, lambda d: [li.text for li in d.find_elements(By.CSS_SELECTOR, "#log li .narration")])
    assert entries[-1] == text
    for entry in entries:
        assert not forbidden(entry, 0), entry


RAW = re.compile(r"\b(?:bad_token|invalid_params|unknown_table|not_your_turn|illegal_action|busy|table\.\w+|game\.\w+)\b"
                 r"|: (?:option|action) \w+ |\[\d")      # an error code, a method's name, the server's own message


def test_errors_are_said_in_players_words(url: str, browser: Callable) -> None:
    """A seat link that opens nothing, and settings the server refuses: the page says so in a sentence, never with
    the protocol's code or the server's message."""
    driver = browser()
    driver.get(f"{url}?join=no-such-seat")
    note = wait(driver, lambda d: d.find_element(By.ID, "lobby-note").text, 30)
    assert note.startswith("This seat link no longer opens a table"), note
    assert not RAW.search(note), note
    Select(driver.find_element(By.ID, "game")).select_by_value("colt-express")
    driver.find_element(By.CSS_SELECTOR, ".option[data-option='bandits']").send_keys("Nobody, Nobody Else, Noone")
    driver.find_element(By.ID, "start").click()
    note = wait(driver, lambda d: d.find_element(By.ID, "lobby-note").text != note
                and d.find_element(By.ID, "lobby-note").text, 30)
    assert note.startswith("The server did not accept these settings"), note
    assert not RAW.search(driver.find_element(By.TAG_NAME, "body").text), driver.find_element(By.TAG_NAME, "body").text


def test_game_over_screen_rematch_and_tab_title(url: str, browser: Callable) -> None:
    """The tab's title says when it is the player's move; at the end a game-over screen names the winner, shows each
    seat's score by rule (Hearts: tricks, hearts, the queen of spades), and Rematch deals a new game at the same
    seats."""
    def last_trick(s) -> bool:
        info = s.information_set(0)
        return s.phase == "play" and len(info.hand()) == 1

    state = position("hearts", 4, last_trick)
    tokens = open_by_rpc(url, game="hearts", players=4, state=state,
                         seats=[{"human": True}] + [{"bot": "random"}] * 3)["tokens"]
    driver = browser()
    sit(driver, url, tokens["0"])
    assert driver.title.startswith("● Your move"), driver.title
    moves(driver)[0].click()
    wait(driver, over)
    assert driver.title.startswith("Game over"), driver.title
    head = [c.text for c in driver.find_elements(By.CSS_SELECTOR, "#game-over #result th")]
    assert {"tricks", "hearts", "queen of spades"} <= set(head), head
    rows = table_rows(driver, "#game-over #result")
    assert sum(int(r[head.index("tricks")]) for r in rows) == 13
    assert sum(int(r[head.index("hearts")]) for r in rows) == 13
    assert sum(r[head.index("queen of spades")] == "yes" for r in rows) == 1
    mine = rows[0][-1]
    headline = driver.find_element(By.ID, "game-over-headline").text
    assert headline.startswith({"wins": "You win!", "loses": "You lose."}.get(mine, "You share the win.")), (headline, mine)
    assert not driver.find_elements(By.ID, "rematch"), "a table opened elsewhere has no settings to repeat"

    open_table(driver, url, "kuhn-poker", 2, {1: "random"}, seed=None)
    play_out([driver], random.Random(5))
    where = driver.find_element(By.CSS_SELECTOR, "header .where").text
    driver.find_element(By.ID, "rematch").click()
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "header .where").text != where)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "main#game[data-game='kuhn-poker'][data-state='playing']")
         or over(d))
    assert driver.find_element(By.CSS_SELECTOR, "main#game").get_attribute("data-seat") == "0"


def test_other_seats_moves_are_shown_one_at_a_time(url: str, browser: Callable) -> None:
    """The bots' moves wait to be shown at the player's pace (here a minute each, so nothing moves on unless
    skipped), the last one shown on top of the board and lit in the history; Skip shows every waiting move, and
    the player's moves come back only once all are shown."""
    from deadeye.core import new_game
    tokens = open_by_rpc(url, game="hearts", players=4, state=new_game("hearts", 4, seed=3).to_dict(),
                         seats=[{"human": True}] + [{"bot": "random"}] * 3)["tokens"]
    driver = browser()
    driver.get(url)
    driver.execute_script("sessionStorage.setItem('paced', '1'); localStorage.setItem('deadeye.pace', '60000')")
    sit(driver, url, tokens["0"])
    for _ in range(3):                                  # the pass: three cards, then the bots' passes
        moves(driver)[0].click()
        wait(driver, lambda d: d.find_elements(By.ID, "skip") or moves(d))
    skip = wait(driver, lambda d: d.find_elements(By.ID, "skip"))[0]
    waiting = int(driver.find_element(By.ID, "waiting").text.split()[0])
    assert waiting >= 1 and not moves(driver), "moves offered while others' moves wait to be shown"
    shown = driver.find_element(By.CSS_SELECTOR, "#last-move .narration").text
    newest = driver.find_element(By.CSS_SELECTOR, "#log li.latest .narration").text
    assert shown and shown == newest, (shown, newest)
    before = len(driver.find_elements(By.CSS_SELECTOR, "#log li"))
    skip.click()
    wait(driver, lambda d: not d.find_elements(By.ID, "skip") and moves(d))
    after = driver.find_elements(By.CSS_SELECTOR, "#log li .narration")
    assert len(after) >= before + waiting
    assert driver.find_element(By.CSS_SELECTOR, "#last-move .narration").text == after[0].text
    assert driver.find_element(By.CSS_SELECTOR, "#log li.latest .narration").text == after[0].text
    assert Select(driver.find_element(By.ID, "pace")).first_selected_option.get_attribute("value") == "60000"


# ------------------------------------------------------------------ issue 30: cards that explain, reasons, settings

def card_help(game: str) -> dict:
    from deadeye.core.narrate import text_hook
    return text_hook(game, "card_help")()


def near_end(game: str, players: int, seed: int) -> dict:
    """A state of ``game`` at seat 0's last decision of a game of random moves, as ``table.open``'s ``state``."""
    from deadeye.core import new_game
    state, rng, last = new_game(game, players, seed=seed), random.Random(seed), None
    while not state.is_terminal():
        if state.current_player() == 0:
            last = state.to_dict()
        state.apply_action(rng.choice(state.legal_actions()))
    assert last is not None
    return last


def help_of(element: Any) -> tuple[str, str]:
    return element.get_attribute("data-help") or "", element.get_attribute("title") or ""


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_cards_explain_themselves(size: tuple, url: str, browser: Callable) -> None:
    """Every card the page draws says what it does, in the player rules' words (the server's card_help): as its
    tooltip (title), and in a popover that a tap opens on a phone (a card a tap does not play); card backs and
    unknown roles say nothing."""
    driver = browser()
    viewport(driver, size)
    # BANG!: the hand's cards, the characters, the weapons and the equipment row
    tokens = open_by_rpc(url, game="bang", players=5, seed=4, seats=[{"human": True}] + [{"bot": "random"}] * 4)["tokens"]
    driver.get(f"{url}?join={tokens['0']}")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".bang-seat .character"), 30)
    bang = card_help("bang")
    hand = driver.find_elements(By.CSS_SELECTOR, ".own-hand .card")
    assert hand
    for c in hand:
        kind = c.get_attribute("data-card")
        assert help_of(c)[0] == bang[kind] and bang[kind] in help_of(c)[1], (kind, help_of(c))
    for name in driver.find_elements(By.CSS_SELECTOR, ".bang-seat .character"):
        assert help_of(name)[0] == bang[name.text], name.text
    weapons = driver.find_elements(By.CSS_SELECTOR, ".bang-seat .bang-tag.weapon")
    assert weapons and all(help_of(w)[0] for w in weapons)
    row = driver.find_elements(By.CSS_SELECTOR, ".eq-row .bang-tag.equip:not(.empty)")
    assert row and all("nugget" in help_of(t)[0] for t in row)
    assert not [c for c in driver.find_elements(By.CSS_SELECTOR, ".card.back") if c.get_attribute("data-help")]
    unknown = driver.find_elements(By.CSS_SELECTOR, ".role.unknown")
    assert unknown and not [r for r in unknown if r.get_attribute("data-help")], "an unknown role explained"
    # a tap on a character opens the popover with its words, within the screen
    name = driver.find_elements(By.CSS_SELECTOR, ".bang-seat:not(.playable) .character")[0]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", name)
    name.click()
    pop = wait(driver, lambda d: d.find_elements(By.ID, "card-help"), 5)[0]
    assert bang[name.text] in pop.text and name.text in pop.text
    box = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.right];", pop)
    assert 0 <= box[0] and box[1] <= driver.execute_script("return document.documentElement.clientWidth") + 1, box
    driver.find_element(By.CSS_SELECTOR, "#status").click()
    wait(driver, lambda d: not d.find_elements(By.ID, "card-help"), 5)
    # the other games' cards: Wyatt Earp, Colt Express (action cards, bullets, loot, bandits), Hearts, Kuhn poker
    for game, players, selector in (("wyatt-earp", 3, ".own-hand .card"), ("colt-express", 3, ".own-hand .card"),
                                    ("hearts", 4, ".own-hand .card"), ("kuhn-poker", 2, ".card:not(.back)")):
        helps = card_help(game)
        tokens = open_by_rpc(url, game=game, players=players, seed=2,
                             seats=[{"human": True}] + [{"bot": "random"}] * (players - 1))["tokens"]
        sit(driver, url, tokens["0"])
        cards = driver.find_elements(By.CSS_SELECTOR, selector)
        assert cards, game
        for c in cards:
            text = help_of(c)[0]
            assert text and text in helps.values(), (game, c.get_attribute("data-card"), text)
        if game == "colt-express":
            for b in driver.find_elements(By.CSS_SELECTOR, ".train .bandit"):
                assert help_of(b)[0] == helps[b.text]
            loot = driver.find_elements(By.CSS_SELECTOR, ".train .loot")
            assert loot and all(help_of(t)[0] for t in loot)


def test_hearts_cards_say_their_penalty(url: str, browser: Callable) -> None:
    """A heart says 1 penalty point, the Q♠ 13, another card none: the same line as the rules."""
    from deadeye.core import new_game
    tokens = open_by_rpc(url, game="hearts", players=4, state=new_game("hearts", 4, seed=17).to_dict(),
                         seats=[{"human": True}] + [{"bot": "random"}] * 3)["tokens"]
    driver = browser()
    sit(driver, url, tokens["0"])
    for c in driver.find_elements(By.CSS_SELECTOR, ".own-hand .card"):
        name, text = c.get_attribute("data-card"), help_of(c)[0]
        if name == "Q♠":
            assert "13 penalty points" in text
        elif name.endswith("♥"):
            assert "1 penalty point" in text
        else:
            assert "penalty points" in text and "13" not in text and "1 penalty point" not in text


def test_game_over_shows_the_score_by_rule(url: str, browser: Callable) -> None:
    """Wyatt Earp's money by round, BANG!'s roles, sides and fates with why a side won, Kuhn poker's chips and Colt
    Express's loot with the Gunslinger bonus, each under the game-over headline."""
    driver = browser()
    checks = {
        "wyatt-earp": (3, {"earlier"}, "$25,000"),
        "bang": (4, {"character", "role", "side", "at the end"}, "win"),
        "colt-express": (3, {"purses", "jewels", "Gunslinger bonus", "bullets received"}, "Gunslinger bonus"),
        "kuhn-poker": (2, {"card", "ante + bet", "chips won"}, "pot of"),
    }
    for game, (players, head, note) in checks.items():
        tokens = open_by_rpc(url, game=game, players=players, state=near_end(game, players, 3),
                             seats=[{"human": True}] + [{"bot": "random"}] * (players - 1))["tokens"]
        sit(driver, url, tokens["0"])
        play_out([driver], random.Random(1))
        shown = [c.text for c in driver.find_elements(By.CSS_SELECTOR, "#game-over #result th")]
        assert head <= set(shown), (game, shown)
        assert note in driver.find_element(By.ID, "result-note").text, game
        rows = table_rows(driver, "#game-over #result")
        if game == "wyatt-earp":                      # the money by round adds up to the score
            for row in rows:
                cells = [int(c.strip("$").replace(",", "")) for c in row[2:-1]]
                assert sum(cells) == int(row[1].replace(",", "")), row
        if game == "bang":                            # every role shown at the end
            roles = [r[shown.index("role")] for r in rows]
            assert "?" not in roles and "Sheriff" in roles, roles


def test_the_page_says_why_a_move_is_not_offered(url: str, browser: Callable) -> None:
    """Under the moves, the reasons deadeye play prints (the view's unavailable), in the seat's words."""
    from deadeye.core import new_game
    from deadeye.protocol.server import seat_view

    def reasons(s) -> bool:
        return bool(s.information_set(0).unavailable_reasons())

    state = position("wyatt-earp", 3, reasons)
    expected = seat_view("wyatt-earp", 1, new_game("wyatt-earp", 3).from_dict(state), 0)["unavailable"]
    tokens = open_by_rpc(url, game="wyatt-earp", players=3, state=state,
                         seats=[{"human": True}] + [{"bot": "random"}] * 2)["tokens"]
    driver = browser()
    sit(driver, url, tokens["0"])
    box = driver.find_element(By.ID, "not-offered")
    if box.get_attribute("open") is None:
        box.find_element(By.CSS_SELECTOR, "summary").click()
    shown = [li.text for li in box.find_elements(By.CSS_SELECTOR, "li")]
    assert shown == expected and shown, shown


def test_way_out_west_groups_its_many_moves_and_says_costs_and_income(url: str, browser: Callable) -> None:
    """On a phone, a turn of many moves lists them by kind in closed groups, so the board starts on the first
    screen; each move says its cost; each seat shows its income now (the server's, as deadeye play's board)."""
    from deadeye.core import new_game
    from deadeye.protocol.server import seat_view

    def many(s) -> bool:
        return s.phase == "action" and len(s.legal_actions()) >= 40

    state = position("way-out-west", 3, many)
    view = seat_view("way-out-west", 1, new_game("way-out-west", 3).from_dict(state), 0)
    tokens = open_by_rpc(url, game="way-out-west", players=3, state=state,
                         seats=[{"human": True}] + [{"bot": "random"}] * 2)["tokens"]
    driver = browser()
    viewport(driver, PHONE)
    sit(driver, url, tokens["0"])
    groups = driver.find_elements(By.CSS_SELECTOR, "#actions details.action-group")
    assert len(groups) >= 3 and not [g for g in groups if g.get_attribute("open") is not None]
    assert all(g.find_element(By.CSS_SELECTOR, "summary").get_attribute("data-help") for g in groups)
    assert len(moves(driver)) < len(view["legal"]), "the moves of the closed groups are folded away"
    top = driver.execute_script("return document.getElementById('board').getBoundingClientRect().top")
    assert top < PHONE[1], f"the board starts {top} px down, below the screen"
    groups[0].find_element(By.CSS_SELECTOR, "summary").click()
    inside = groups[0].find_elements(By.CSS_SELECTOR, "button.action")
    assert inside and all(b.is_displayed() for b in inside)
    costs = {a["text"] for a in view["legal"] if a["label"].startswith(("buy ", "build "))}
    shown = {b.get_attribute("textContent") for b in driver.find_elements(By.CSS_SELECTOR, "#actions button.action")}
    assert costs and costs <= shown and all(re.search(r"\(\$\d+\)$", t) for t in costs)
    incomes = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".wow-board .income")]
    assert incomes == [f"· income now ${x}" for x in view["notes"]["income"]], incomes


def test_a_lone_move_plays_itself_when_asked_and_the_turn_sounds(url: str, browser: Callable) -> None:
    """Off by default: the lone move (Hearts' 2♣ lead) waits for a click.  Turned on (kept in localStorage) it is
    played by itself after a short pause; the sound on the player's move is counted once the move comes."""
    from deadeye.core import new_game
    state = new_game("hearts", 4, seed=17).to_dict()            # no pass, seat 0 leads the 2♣: one move
    seats = [{"human": True}] + [{"bot": "random"}] * 3
    driver = browser()
    sit(driver, url, open_by_rpc(url, game="hearts", players=4, state=state, seats=seats)["tokens"]["0"])
    assert not driver.find_element(By.ID, "auto-one").is_selected()
    assert not driver.find_element(By.ID, "turn-sound").is_selected()
    only = moves(driver)
    assert len(only) == 1 and only[0].text == "2♣"
    import time
    time.sleep(2.5)
    assert len(moves(driver)) == 1 and "2♣" not in driver.find_element(By.ID, "log").text
    # the note lives only until the move is played (1.2 s), so the page records every note it shows: a loaded
    # machine may take longer than that between two WebDriver calls
    driver.execute_script("window.notes = []; new MutationObserver(() => { const n = document.getElementById"
                          "('auto-note'); if (n) window.notes.push(n.textContent); })"
                          ".observe(document.body, { childList: true, subtree: true });")
    driver.find_element(By.ID, "auto-one").click()
    driver.find_element(By.ID, "turn-sound").click()
    assert driver.execute_script("return [localStorage.getItem('deadeye.autoOne'), "
                                 "localStorage.getItem('deadeye.turnSound')]") == ["1", "1"]
    wait(driver, lambda d: "You play 2♣" in d.find_element(By.ID, "log").text, 10)
    assert any("2♣" in note for note in driver.execute_script("return window.notes")), "the lone move was not said"
    # a new table: the settings are remembered, and the move and the sound come by themselves
    sit_auto = open_by_rpc(url, game="hearts", players=4, state=state, seats=seats)["tokens"]["0"]
    driver.get(f"{url}?join={sit_auto}")
    wait(driver, lambda d: "You play 2♣" in d.find_element(By.ID, "log").text, 15)
    assert driver.find_element(By.ID, "auto-one").is_selected()
    wait(driver, lambda d: int(d.find_element(By.TAG_NAME, "body").get_attribute("data-sounds") or 0) >= 1, 30)


def lit(driver: Any) -> list[str]:
    return [e.get_attribute("data-mark") for e in driver.find_elements(By.CSS_SELECTOR, "#board .last-moved")]


def sit_before(driver: Any, url: str, game: str, players: int, pattern: str) -> Any:
    """Seat 0 of a table of people (who never come) at a position where it may make a move whose label matches
    ``pattern``; that move's button."""
    state = position(game, players, lambda s: any(re.match(pattern, s.action_label(a)) for a in s.legal_actions()))
    tokens = open_by_rpc(url, game=game, players=players, state=state, seats=[{"human": True}] * players)["tokens"]
    sit(driver, url, tokens["0"])
    return next(b for b in moves(driver) if re.match(pattern, b.get_attribute("data-label")))


def test_the_last_move_is_lit_on_the_board(url: str, browser: Callable) -> None:
    """The card, seat, group or car a move touched is lit inside the drawing: Hearts' card played and its seat,
    Kuhn's last chip, Wyatt Earp's group a set went to, BANG!'s target seat, Colt Express's bandit and car, Way Out
    West's town.  The
    other seats are people who never come, so the player's move stays the last one."""
    from deadeye.core import new_game
    driver = browser()
    # Hearts: seat 0 leads the 2♣ (seed 17): the card on the table and the seat are lit
    tokens = open_by_rpc(url, game="hearts", players=4, state=new_game("hearts", 4, seed=17).to_dict(),
                         seats=[{"human": True}] + [{"human": True}] * 3)["tokens"]
    sit(driver, url, tokens["0"])
    moves(driver)[0].click()
    wait(driver, lambda d: "card:2♣" in lit(d))
    assert "seat:0" in lit(driver)
    played = driver.find_element(By.CSS_SELECTOR, "#board .last-moved.card")
    assert played.get_attribute("data-card") == "2♣"
    # Kuhn poker: the chip of the move
    tokens = open_by_rpc(url, game="kuhn-poker", players=2, seed=1, seats=[{"human": True}, {"human": True}])["tokens"]
    sit(driver, url, tokens["0"])
    moves(driver)[0].click()
    wait(driver, lambda d: "betting:last" in lit(d))
    # Wyatt Earp: a set of three opens its outlaw in the player's tableau
    button = sit_before(driver, url, "wyatt-earp", 3, r"play set: 3 x")
    outlaw = button.get_attribute("data-label").split(" x ")[1]
    button.click()
    wait(driver, lambda d: f"group:0:{outlaw.replace(' ', '_')}" in lit(d))
    # BANG!: a BANG! card and its target: the target's seat is lit
    sit_before(driver, url, "bang", 5, r"play BANG!").click()
    target = wait(driver, lambda d: [b for b in moves(d) if re.match(r"^seat \d+$", b.get_attribute("data-label"))])[0]
    seat = target.get_attribute("data-label").split()[1]
    target.click()
    wait(driver, lambda d: f"seat:{seat}" in lit(d))
    panel = driver.find_element(By.CSS_SELECTOR, f".bang-seat[data-seat='{seat}']")
    assert "last-moved" in panel.get_attribute("class")
    # Colt Express: a bandit's move lights the bandit and the car on the train
    button = sit_before(driver, url, "colt-express", 3, r"\w+: move to car \d")
    who, car = re.match(r"^(\w+): move to car (\d)", button.get_attribute("data-label")).groups()
    button.click()
    wait(driver, lambda d: f"car:{car}" in lit(d) and f"bandit:{who}" in lit(d))
    assert driver.find_elements(By.CSS_SELECTOR, f".train .car.last-moved[data-mark='car:{car}']")
    # Way Out West: a cowboy placed lights its town and the seat's panel
    button = sit_before(driver, url, "way-out-west", 3, r"place a cowboy in ")
    town = button.get_attribute("data-label").removeprefix("place a cowboy in ")
    button.click()
    wait(driver, lambda d: f"town:{town}" in lit(d) and "seat:0" in lit(d))
    assert driver.find_element(By.CSS_SELECTOR, f".town[data-town='{town}']").get_attribute("data-mark") == f"town:{town}"
    assert len(driver.find_elements(By.CSS_SELECTOR, ".town.last-moved")) == 1
