"""Screenshots of the page (``deadeye web``) for the docs: each game at its start, in the middle and at its end, at a
desktop's and a phone's size, as seat 0 sees it, in ``docs/screenshots/`` as small PNGs (a palette of 96 colours).

    python tests/screenshots.py                 # every game, into docs/screenshots/
    python tests/screenshots.py hearts --out /tmp/shots

Needs what tests/test_web_browser.py needs: Debian's ``chromium`` and ``chromium-driver``, ``selenium`` and Pillow (the
test extra).  The same seeds give the same games, so a change of the page shows as a change of the pictures.
"""
from __future__ import annotations

import argparse
import asyncio
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

# the table and the move shown as "the middle" where a game's default does not show it well; every registered game is
# shown, at 3 players (or its nearest count) and after 2 moves unless named here
PLAYERS = {"bang": 5, "colt-express": 4, "hearts": 4}
MIDDLE = {"bang": 10, "colt-express": 8, "hearts": 8, "kuhn-poker": 1, "way-out-west": 15, "wyatt-earp": 10}
SIZES = {"desktop": (1200, 820), "phone": (390, 844)}
SEED = 11


def players(game: str) -> int:
    from deadeye.core import game_info
    info = game_info(game)
    return PLAYERS.get(game, min(max(3, info.min_players), info.max_players))


def serve() -> tuple[subprocess.Popen, str]:
    """``deadeye web`` on a free port; its URL."""
    proc = subprocess.Popen([sys.executable, "-m", "deadeye.protocol.cli", "web", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    found = re.search(r"http://[\d.]+:\d+/", line)
    if not found:
        proc.terminate()
        raise SystemExit(f"deadeye web printed {line!r}")
    return proc, found.group(0)


def open_table(url: str, game: str) -> str:
    """A table of ``game`` with seat 0 a person and the others random bots (unpaced); seat 0's token."""
    from support.web_client import Rpc

    async def opened() -> str:
        rpc = await Rpc.connect(url)
        try:
            reply = await rpc.call("table.open", game=game, players=players(game), seed=SEED, pace_ms=0,
                                   seats=[{"human": True}] + [{"bot": "random"}] * (players(game) - 1))
        finally:
            await rpc.close()
        return reply["tokens"]["0"]

    return asyncio.run(opened())


def browser(size: tuple[int, int]):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = next(p for p in map(shutil.which, ("chromium", "chromium-browser")) if p)
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": size[0], "height": size[1],
                                                                  "deviceScaleFactor": 1, "mobile": size[0] < 600})
    # the other seats' moves shown at once: a picture waits for nothing
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                           {"source": "try { localStorage.setItem('deadeye.pace', '0') } catch (e) {}"})
    return driver


def until(driver, condition, timeout: float = 60.0):
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait
    return WebDriverWait(driver, timeout, 0.05, ignored_exceptions=(StaleElementReferenceException,)).until(condition)


def play(driver, rng: random.Random, moves: int | None) -> None:
    """Click ``moves`` of seat 0's moves (None: to the game's end), each a random one of those offered."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    made = 0
    while moves is None or made < moves:
        if driver.find_elements(By.CSS_SELECTOR, "main[data-state=over]"):
            return
        buttons = until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "main[data-state=over]")
                        or [b for b in d.find_elements(By.CSS_SELECTOR, "#actions button[data-action]")
                            if b.is_displayed()])
        if buttons and buttons[0].tag_name == "main":
            return
        button = rng.choice(buttons)
        try:
            button.click()
            made += 1
        except StaleElementReferenceException:
            continue
        until(driver, lambda d: gone(button))


def gone(element) -> bool:
    """The page has redrawn it (the move was made)."""
    from selenium.common.exceptions import StaleElementReferenceException
    try:
        element.is_enabled()
        return False
    except StaleElementReferenceException:
        return True


def save(driver, path: Path) -> None:
    """The first screen of the page as a small PNG (a palette of 96 colours)."""
    from PIL import Image
    driver.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.2)                                    # the last frame painted (a picture, not an assertion)
    driver.save_screenshot(str(path))
    image = Image.open(path).convert("RGB").quantize(colors=96, method=Image.Quantize.MEDIANCUT)
    image.save(path, optimize=True)


def shoot(url: str, game: str, out: Path) -> list[Path]:
    from selenium.webdriver.common.by import By
    made = []
    for name, size in SIZES.items():
        driver = browser(size)
        try:
            driver.get(f"{url}?join={open_table(url, game)}")
            until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#actions button[data-action], main[data-state=over]"))
            rng = random.Random(f"{game}-{name}")
            for moment, moves in (("start", 0), ("middle", MIDDLE.get(game, 2)), ("over", None)):
                play(driver, rng, moves)
                if moment == "over":
                    until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "main[data-state=over]"))
                path = out / f"{game}-{moment}-{name}.png"
                save(driver, path)
                made.append(path)
        finally:
            driver.quit()
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games to show (default: all)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    proc, url = serve()
    try:
        from deadeye.core import list_games
        for game in args.games or sorted(g.name for g in list_games()):
            for path in shoot(url, game, args.out):
                print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {path.stat().st_size // 1024} KB")
    finally:
        proc.terminate()
        proc.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
