"""The analysis board in a real headless Chromium (selenium + Debian's chromium and
chromedriver): a bundled record opened and stepped with the keyboard, a hint's table, a
review's graph clicked, a Pyramids best-score plan stepped, each game's board; every
screenshot checked by its pixels (not blank, and changed between steps).

Skipped as a whole where no browser can be had (one line in the run's header: see
conftest.py). Screenshots go to ``$DIGSITE_SCREENSHOTS`` when set (``docs/`` takes one),
else to a temporary folder.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import CHROMEDRIVER, CHROMIUM, browser_missing

if browser_missing() is not None:  # one skip for the whole module: one line in the summary
    pytest.skip(f"browser tests: {browser_missing()}", allow_module_level=True)

WAIT = 120  # seconds for anything the page waits on (a loaded machine is slow)


@pytest.fixture(scope="module")
def server():
    """``digsite serve --port 0`` in a process of its own; yields its address."""
    yield from _serve()


def _serve(*records: str):
    pytest.importorskip("starlette")
    process = subprocess.Popen([sys.executable, "-m", "cli.main", "serve", "--port", "0",
                                *records],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        assert "http://127.0.0.1:" in line, (line, process.stderr.read())
        yield line.split()[3]
    finally:
        process.terminate()
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="module")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1400,1100", "--disable-extensions"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.implicitly_wait(0)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    folder = os.environ.get("DIGSITE_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


def _solo_ancients_record(tmp_path: Path, seed: int, *moves: str) -> str:
    """A solo Tomb of the Ancients record of the deal of ``seed`` with ``moves`` played,
    written to a file: its path."""
    from games import load
    from games.record import GameRecord, record_text

    record = GameRecord.start("ancients", load("ancients").new_deal(seed=seed), seats=["person"])
    for move in moves:
        record = record.played(0, move)
    path = tmp_path / "mine.json"
    path.write_text(record_text(record.to_json()))
    return str(path)


def _best_score_of_a_solo_deal(driver, server, game: str, seed: int) -> None:
    """Open the solo deal of ``game`` and ``seed`` and ask its best score at budget 2."""
    from selenium.webdriver.support.ui import Select

    driver.get(server)
    _until(driver, lambda d: d.find_elements("css selector", "#example option"), "page")
    Select(driver.find_element("id", "solo-game")).select_by_value(game)
    field = driver.find_element("id", "solo-seed")
    field.clear()
    field.send_keys(str(seed))
    driver.find_element("id", "open-solo").click()
    _until(driver, lambda d: d.find_element("id", "best-tool").is_displayed(), "best tool")
    budget = driver.find_element("id", "best-budget")
    budget.clear()
    budget.send_keys("2")
    driver.find_element("id", "best").click()
    _until(driver, lambda d: "best score" in d.find_element("id", "best-result").text,
           "the best score")


def _until(driver, condition, what: str):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, WAIT, poll_frequency=0.1).until(
        lambda d: condition(d), message=f"waited {WAIT} s for {what}")


def _pixels(png: bytes) -> tuple[float, int]:
    """(share of pixels that are not background-white, distinct colours) of a PNG."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    small = image.resize((image.width // 2 or 1, image.height // 2 or 1))
    data = [small.getpixel((x, y)) for y in range(small.height) for x in range(small.width)]
    inked = sum(1 for r, g, b in data if min(r, g, b) < 235)
    return inked / len(data), len(set(data))


def _shot(driver, element_id: str, path: Path) -> bytes:
    png = driver.find_element("id", element_id).screenshot_as_png
    path.write_bytes(png)
    inked, colours = _pixels(png)
    assert inked > 0.03 and colours > 8, f"{path.name}: blank ({inked:.3f} inked, " \
                                         f"{colours} colours)"
    return png


def _open_example(driver, server, name: str) -> None:
    from selenium.webdriver.support.ui import Select

    driver.get(server)
    _until(driver, lambda d: len(d.find_elements("css selector", "#example option")) >= 5,
           "the examples")
    Select(driver.find_element("id", "example")).select_by_value(f"example:{name}")
    driver.find_element("id", "open-example").click()
    _until(driver, lambda d: d.find_elements("css selector", "#board svg")
           and f"decision 1 of" in d.find_element("id", "where").text, "the board")


def _where(driver) -> str:
    return driver.find_element("id", "where").text


def _keys(driver, key, times: int) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    for _ in range(times):
        ActionChains(driver).send_keys(key).perform()


def _hint(driver, iterations: int) -> None:
    """A hint of ``iterations`` asked for at the decision shown, waited for."""
    field = driver.find_element("id", "iterations")
    field.clear()
    field.send_keys(str(iterations))
    driver.find_element("id", "hint").click()
    _until(driver, lambda d: d.find_elements("css selector", "#hint-table tr"), "the hint")


def _review(driver, iterations: int) -> None:
    """A review of ``iterations`` a decision asked for, its summary waited for."""
    field = driver.find_element("id", "review-iterations")
    field.clear()
    field.send_keys(str(iterations))
    driver.find_element("id", "review").click()
    _until(driver, lambda d: "accuracy" in d.find_element("id", "review-summary").text,
           "the review's summary")


def test_open_step_with_keys_and_hint(browser, server, shots):
    from selenium.webdriver.common.keys import Keys

    _open_example(browser, server, "archaeology-greedy")
    moves = browser.find_elements("css selector", "#moves li")
    assert len(moves) == 101
    first = _shot(browser, "board", shots / "archaeology-decision-1.png")
    _keys(browser, Keys.ARROW_RIGHT, 12)
    _until(browser, lambda d: _where(d).startswith("decision 13 "), "decision 13")
    current = browser.find_element("css selector", "#moves li.current")
    assert current.get_attribute("data-index") == "12"
    later = _shot(browser, "board", shots / "archaeology-decision-13.png")
    assert later != first
    words = browser.find_element("id", "table-words").text  # the table as play says it
    assert "marketplace:" in words and "cards in hand" in words, words
    _keys(browser, Keys.ARROW_LEFT, 2)
    _until(browser, lambda d: _where(d).startswith("decision 11 "), "decision 11")
    _keys(browser, Keys.END, 1)
    _until(browser, lambda d: _where(d).startswith("decision 101 "), "the last decision")
    _keys(browser, Keys.HOME, 1)
    _keys(browser, Keys.ARROW_RIGHT, 3)  # decision 4: ten moves or more to rank
    _until(browser, lambda d: _where(d).startswith("decision 4 "), "decision 4")
    _hint(browser, 300)
    rows = browser.find_elements("css selector", "#hint-table tr")
    assert len(rows) >= 3  # a header and at least two moves
    assert "300 iterations" in browser.find_element("id", "hint-result").text
    _until(browser, lambda d: d.find_elements("css selector", "#beliefs-table tr"),
           "the beliefs")
    assert "sampled worlds" in browser.find_element("id", "hint-result").text
    # the cards as printed, as hint --beliefs says them (it said "pharaohs mask")
    beliefs = browser.find_element("id", "beliefs-table").text
    assert "pharaoh's mask" in beliefs and "pharaohs" not in beliefs, beliefs
    _shot(browser, "right", shots / "archaeology-hint.png")


def test_the_beliefs_show_hint_beliefs_figures(browser, server):
    # the page showed the chance of exactly 0, 1, 2, ... cards in percent ("45% 44% 11%",
    # "±6%") where hint --beliefs prints the chance of at least k (">=1 0.55  >=2 0.11",
    # "±0.06"): one JSON, two sets of figures; the page prints hint's, rounded as Python
    # rounds them (a tie, 0.125, is 0.12: toFixed says 0.13)
    from cli.format import format_beliefs

    browser.get(server)
    _until(browser, lambda d: d.execute_script("return typeof heldChances === 'function'"),
           "the page's script")
    rows = [{"seat": 1, "hand_size": 4, "card": "coin", "mean": 1.6562,
             "p": [0.0, 0.4648, 0.418, 0.1133, 0.0039]},
            {"seat": 1, "hand_size": 4, "card": "map", "mean": 0.125,
             "p": [0.875, 0.125, 0.0, 0.0, 0.0]},
            {"seat": 1, "hand_size": 4, "card": "talisman", "mean": 0.0,
             "p": [1.0, 0.0, 0.0, 0.0, 0.0]}]
    for weighted, effective in ((False, 256.0), (True, 37.4)):
        beliefs = {"kind": "hand", "worlds": 256, "weighted": weighted,
                   "effective_worlds": effective, "rows": rows}
        title, _, *lines = format_beliefs(beliefs)
        page = browser.execute_script(
            "return [beliefsTitle(arguments[0]), ...arguments[0].rows.map((row) => "
            "[fixed(row.mean, 2), heldChances(row.p)])]", beliefs)
        assert f"{page[0]}:" == title
        # (a card it cannot hold has no chance to print: left out by both)
        assert [f"mean {mean}  {held}" for mean, held in page[1:] if held] == [
            "mean " + line.partition("  mean ")[2] for line in lines]
    assert browser.execute_script("return [0.125, 0.375, 0.145, 0.5, 1].map((x) => fixed(x, 2))"
                                  ) == [f"{x:.2f}" for x in (0.125, 0.375, 0.145, 0.5, 1)]


def test_loot_n_run_beliefs_count_rooms_as_the_command_line_does(browser, server):
    # the beliefs' table said "room 0" and "room 1" of a seat's face-down rooms where hint
    # --beliefs says "seat 0's room 1" and "room 2", in a grid of mostly empty columns
    from selenium.webdriver.common.keys import Keys

    _open_example(browser, server, "lootnrun-greedy")
    _keys(browser, Keys.ARROW_RIGHT, 3)
    _until(browser, lambda d: _where(d).startswith("decision 4 "), "decision 4")
    _hint(browser, 50)
    _until(browser, lambda d: d.find_elements("css selector", "#beliefs-table tr"),
           "the beliefs")
    rows = [tr.text for tr in browser.find_elements("css selector", "#beliefs-table tr")]
    assert rows[0] == "where what chance", rows
    assert any(row.startswith("seat 0's room 1 (") for row in rows), rows
    assert any(row.startswith("deck 0's top room (") for row in rows), rows
    assert not any("room 0" in row for row in rows), rows


def test_review_graph_click_jumps(browser, server, shots):
    _open_example(browser, server, "lootnrun-greedy")
    _review(browser, 40)
    _until(browser, lambda d: d.find_elements("css selector", "#graph-svg circle"),
           "the review graph")
    _shot(browser, "graph", shots / "lootnrun-review-graph.png")
    dots = browser.find_elements("css selector", "#graph-svg circle")
    target = dots[len(dots) // 2]
    n = target.get_attribute("data-n")
    target.click()
    _until(browser, lambda d: _where(d).startswith(f"decision {n} "), f"decision {n}")
    assert "accuracy" in browser.find_element("id", "review-summary").text


def test_pyramids_best_score_plan_stepped(browser, server, shots):
    from selenium.webdriver.common.keys import Keys

    _best_score_of_a_solo_deal(browser, server, "pyramids", 4)
    assert "no play scores more than" in browser.find_element("id", "best-result").text
    assert len(browser.find_elements("css selector", "#moves li")) > 10
    # (a solo deal has one seat: every line of the plan said "seat 0: ...")
    said = [li.text for li in browser.find_elements("css selector", "#moves li")]
    assert not any(line.startswith(("seat 0", "you:")) for line in said), said
    _keys(browser, Keys.ARROW_RIGHT, 6)
    early = _shot(browser, "board", shots / "pyramids-plan-step.png")
    _keys(browser, Keys.END, 1)
    _until(browser, lambda d: "end of the game" in
           d.find_element("css selector", "#moves li.current").text, "the plan's end")
    last = _shot(browser, "board", shots / "pyramids-plan-end.png")
    assert last != early


def test_a_pyramids_hint_says_its_rows_are_ranked_by_successive_halving(browser, server):
    # the board's Pyramids hint had no ranking label, though its rows are in successive
    # halving's order (a row of 9 visits above one of 10); the command line says it
    from selenium.webdriver.common.keys import Keys

    _open_example(browser, server, "pyramids-solo-random")
    _keys(browser, Keys.ARROW_RIGHT, 2)
    _until(browser, lambda d: _where(d).startswith("decision 3 "), "decision 3")
    _hint(browser, 200)
    assert browser.find_element("id", "hint-order").text == (
        "ranked by successive halving (the search's choice): the options that stayed in for "
        "the most rounds first, then by value")


@pytest.mark.parametrize("name", ["pyramids-solo-random", "ancients-solo-greedy",
                                  "expedition-greedy", "lootnrun-greedy"])
def test_each_games_board(browser, server, shots, name):
    from selenium.webdriver.common.keys import Keys

    _open_example(browser, server, name)
    first = browser.find_element("id", "board").screenshot_as_png
    _keys(browser, Keys.ARROW_RIGHT, 15)
    _until(browser, lambda d: _where(d).startswith("decision 16 "), "decision 16")
    time.sleep(0.1)
    assert _shot(browser, "board", shots / f"{name}-board.png") != first


def test_a_record_given_to_serve_opens_at_once(browser):
    # `digsite serve GAME.json` listed the record among the examples and showed an empty
    # board until the player found the Open button
    record = Path(__file__).resolve().parents[2] / "cli" / "web" / "examples" / \
        "lootnrun-greedy.json"
    for address in _serve(str(record)):
        browser.get(address)
        _until(browser, lambda d: d.find_elements("css selector", "#board svg")
               and "decision 1 of" in _where(d), "the record given, open")


def test_the_move_list_names_the_person_as_the_title_does(browser, tmp_path):
    # a record the player made: the title said "— you v greedy", the move list "seat 0:
    # ..." for the person's moves; the review's summary names the seat as the text does
    import json

    example = Path(__file__).resolve().parents[2] / "cli" / "web" / "examples" / \
        "lootnrun-greedy.json"
    record = tmp_path / "mine.json"
    record.write_text(json.dumps({**json.loads(example.read_text()),
                                  "seats": ["person", "greedy"]}))
    for address in _serve(str(record)):
        browser.get(address)
        _until(browser, lambda d: d.find_elements("css selector", "#moves li")
               and "decision 1 of" in _where(d), "the record given, open")
        assert browser.find_element("id", "title").text.endswith(" — you v greedy")
        said = [li.text for li in browser.find_elements("css selector", "#moves li")]
        assert said[0].startswith("you: ") and any(s.startswith("seat 1: ") for s in said)
        assert not any(s.startswith("seat 0") for s in said), said
        # the seat box said "seen by seat 0 (you)": the person as the page names them
        seats = [o.get_attribute("textContent")
                 for o in browser.find_elements("css selector", "#seat option")]
        assert seats == ["you", "seat 1 (greedy)"], seats
        # the review's summary began "seat 0: accuracy", where `digsite review` says
        # "review of seat 0 (you)"
        _review(browser, 20)
        said = browser.find_element("id", "review-summary").text
        assert said.startswith("seat 0 (you): accuracy "), said


def test_the_budget_box_follows_the_game_and_a_closed_page_stops_its_search(browser, server):
    # the box said 5 "work units" for both games (Ancients' best-score default is 200, in
    # thousands of search nodes), and a best score went on running after the page closed
    import json
    import urllib.request

    from selenium.webdriver.support.ui import Select

    from games import registry

    browser.get(server)
    _until(browser, lambda d: d.find_elements("css selector", "#example option"), "page")
    for game in ("ancients", "pyramids"):
        Select(browser.find_element("id", "solo-game")).select_by_value(game)
        browser.find_element("id", "open-solo").click()
        budgets = registry.get(game).budgets
        _until(browser, lambda d: d.find_element("id", "best-units").text
               == budgets.best_score_units, f"{game}'s budget unit")
        assert float(browser.find_element("id", "best-budget").get_attribute("value")) == \
            budgets.best_score
    browser.find_element("id", "best").click()  # Pyramids' 30: minutes of work
    _until(browser, lambda d: d.find_element("id", "cancel").is_enabled(), "the search")

    def running() -> int:
        with urllib.request.urlopen(server + "api/health") as answer:
            return json.load(answer)["running"]

    assert running() == 1
    browser.get("about:blank")  # the page goes away mid-search: its search stops at once
    end = time.monotonic() + 20  # (well before the server's jobs.ABANDON would stop it)
    while running() and time.monotonic() < end:
        time.sleep(0.2)
    assert running() == 0


def test_on_a_phone_the_typed_options_of_a_decision_stay_whole(browser, server, shots):
    # at 375 px the line under the board broke "--seat" after its first hyphen
    # ("(--at 4 -" above "-seat 0)"), a command line no one can copy
    from selenium.webdriver.common.keys import Keys

    lines = """
        const where = document.getElementById("where");
        const tops = (from, to) => {  // the lines a stretch of the text lies on
          const walker = document.createTreeWalker(where, NodeFilter.SHOW_TEXT);
          const seen = new Set(); let at = 0, node;
          while ((node = walker.nextNode())) {
            const end = at + node.length;
            for (let k = Math.max(from, at); k < Math.min(to, end); k++) {
              const range = document.createRange();
              range.setStart(node, k - at); range.setEnd(node, k - at + 1);
              for (const r of range.getClientRects()) if (r.width) seen.add(Math.round(r.top));
            }
            at = end;
          }
          return seen.size;
        };
        const said = where.textContent;
        return [...said.matchAll(/--(at|seat) \\d+/g)].map((m) => [m[0],
          tops(m.index, m.index + m[0].length)]);"""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 375, "height": 812, "deviceScaleFactor": 1, "mobile": True})
    try:
        _open_example(browser, server, "pyramids-solo-random")
        seen = []
        for n in range(1, 13):
            _until(browser, lambda d: _where(d).startswith(f"decision {n} "), f"decision {n}")
            options = browser.execute_script(lines)
            assert len(options) == 2, _where(browser)
            seen.append(options)
            _keys(browser, Keys.ARROW_RIGHT, 1)
        assert all(parts == 1 for options in seen for _, parts in options), seen
        _shot(browser, "nav", shots / "phone-nav.png")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_number_box_holding_text_says_so(browser, server):
    # "1e" in the seed box (a number box reads it as "") was refused with "got ''" under a
    # box that shows "1e"
    browser.get(server)
    _until(browser, lambda d: d.find_elements("css selector", "#example option"), "page")
    seed = browser.find_element("id", "solo-seed")
    said = {}
    for typed in ("1e", "", "-3"):
        seed.clear()
        seed.send_keys(typed)
        browser.find_element("id", "open-solo").click()
        _until(browser, lambda d: d.find_element("id", "error").text, "the error")
        said[typed] = browser.find_element("id", "error").text
    assert said == {"1e": "error: seed: a whole number, got text that is not a number",
                    "": "error: seed: a whole number, the box is empty",
                    "-3": "error: seed: a whole number, got '-3'"}, said


def test_enter_in_a_box_does_what_its_button_does(browser, server):
    # a seed typed and Enter left the board empty (the form submits nothing); the same
    # for the hint's iterations
    from selenium.webdriver.common.keys import Keys

    browser.get(server)
    _until(browser, lambda d: d.find_elements("css selector", "#example option"), "page")
    seed = browser.find_element("id", "solo-seed")
    seed.clear()
    seed.send_keys("4", Keys.ENTER)
    _until(browser, lambda d: d.find_elements("css selector", "#board svg")
           and "decision 1 of" in _where(d), "the deal, opened by Enter")
    field = browser.find_element("id", "iterations")
    field.clear()
    field.send_keys("40", Keys.ENTER)
    _until(browser, lambda d: d.find_elements("css selector", "#hint-table tr"),
           "the hint, asked by Enter")
    assert "40 iterations" in browser.find_element("id", "hint-result").text


def test_a_solo_reviews_summary_says_where_the_game_left_the_plan_in_words(browser, tmp_path):
    # a solo Ancients record's review said "the game left the best plan at decision 1
    # (seat 0's 1) (played rest money, the plan: market buy 1)": the notation, two brackets
    # in a row, under a board in words; it says the moves as the review's text does
    path = _solo_ancients_record(tmp_path, 2, "rest money", "market buy 4")
    for address in _serve(path):
        browser.get(address)
        _until(browser, lambda d: d.find_elements("css selector", "#board svg"), "the record")
        for box, value in (("review-iterations", "20"), ("best-budget", "1")):
            field = browser.find_element("id", box)
            field.clear()
            field.send_keys(value)
        browser.find_element("id", "review").click()
        _until(browser, lambda d: "left the best plan" in d.find_element(
            "id", "review-summary").text, "the review's summary")
        said = browser.find_element("id", "review-summary").text
        assert "the game left the best plan at decision 1 (seat 0's 1): played rest: take " \
               "$2, where the plan's move was buy map " in said, said  # (as the text has it)
        assert "market" not in said and ") (" not in said, said
        # (the record stops before the end: it said "reached null")
        assert "; the record stops before the game's end; " in said and "null" not in said
        # a move's words in that sentence as the text says them (a Pyramids keep's "; the
        # others go back into the deck" broke it into clauses)
        from cli.format import in_a_sentence
        words = ["keep cards 12 and 18; the others go back into the deck", "rest: take $2",
                 "card 18: cross A1; red cross: also B2; and C3"]
        assert browser.execute_script("return arguments[0].map(inASentence)", words) == [
            in_a_sentence(w) for w in words]


def test_a_hint_of_the_only_legal_move_says_it_was_not_searched(browser, tmp_path):
    # in the desert with no sand token left, "leave the desert" is the only move: the board
    # said "(0 iterations, stopped by single_move)", the JSON's key, where `digsite hint`
    # says "not searched: the only legal move"
    from selenium.webdriver.common.keys import Keys

    path = _solo_ancients_record(tmp_path, 3, "market buy 4", "sand B A1")
    for address in _serve(path):
        browser.get(address)
        _until(browser, lambda d: d.find_elements("css selector", "#board svg"), "the record")
        _keys(browser, Keys.END, 1)
        _until(browser, lambda d: _where(d).startswith("decision 3 "), "the last decision")
        _hint(browser, 50)
        said = browser.find_element("id", "hint-result").text
        assert "(0 iterations, not searched: the only legal move)" in said, said
        assert "single_move" not in said, said
        # the seat as the review names it (it said "seat 0:" under "played by you")
        assert said.startswith("decision 3, seat 0 (you): "), said


def test_the_record_picked_shows_though_an_earlier_open_answers_later(browser):
    # serve's first record opens as the page loads; a record picked and opened before that
    # answer came showed, then the first record came back and replaced it (the box still
    # naming the one picked): the page takes the last open asked for, not the last answered
    from selenium.webdriver.support.ui import Select

    examples = Path(__file__).resolve().parents[2] / "cli" / "web" / "examples"
    # the page's first open (record 0, as it loads) answers 3 s late
    slow_first = """
        const fetched = window.fetch;
        let first = true;
        window.fetch = (path, options) => {
          const late = first && path === "/api/open";
          if (path === "/api/open") first = false;
          const answer = fetched(path, options);
          return late ? answer.then((r) => new Promise((ok) => setTimeout(() => ok(r), 3000)))
            : answer;
        };"""
    added = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                    {"source": slow_first})
    try:
        for address in _serve(str(examples / "archaeology-greedy.json"),
                              str(examples / "lootnrun-greedy.json")):
            browser.get(address)
            _until(browser, lambda d: d.find_elements("css selector", "#example option"),
                   "the records")
            Select(browser.find_element("id", "example")).select_by_value("record:1")
            browser.find_element("id", "open-example").click()
            _until(browser, lambda d: d.find_element("id", "title").text
                   .startswith("Loot N Run"), "the record picked")
            time.sleep(4)  # the first open's answer has come back meanwhile
            assert browser.find_element("id", "title").text.startswith("Loot N Run")
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                                {"identifier": added["identifier"]})


def test_a_best_score_says_what_its_range_means(browser, server):
    # the board said "best score 74 (not proven, bound 81.5; market)": the JSON's
    # bound_source, and not what the range means; best-score's text says it and why
    _best_score_of_a_solo_deal(browser, server, "ancients", 3)
    said = browser.find_element("id", "best-result").text
    first, why = said.split("\n")
    score, bound = first.split()[2], first.split("no play scores more than ")[1].split(",")[0]
    assert first == (f"best score {score} (not proven: no play scores more than {bound}, so "
                     f"the deal's best lies between {score} and {bound}); the plan is on the "
                     "board: step through it"), said
    assert why.startswith(f"why no play scores more than {bound}: "), said
    assert "market" not in first, said


def test_on_a_phone_a_long_record_name_does_not_widen_the_page(browser, tmp_path):
    # at 375 px a record given to serve under arena's name ("archaeology-seed0-game0000.json
    # (archaeology)" in the box) made the page 3 px wider than the screen: it scrolled sideways
    example = Path(__file__).resolve().parents[2] / "cli" / "web" / "examples" / \
        "archaeology-greedy.json"
    record = tmp_path / "archaeology-seed0-game0000.json"
    record.write_text(example.read_text())
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 375, "height": 812, "deviceScaleFactor": 1, "mobile": True})
    try:
        for address in _serve(str(record)):
            browser.get(address)
            _until(browser, lambda d: d.find_elements("css selector", "#board svg")
                   and "decision 1 of" in _where(d), "the record given, open")
            wide, screen = browser.execute_script(
                "return [document.documentElement.scrollWidth, "
                "document.documentElement.clientWidth]")
            assert wide <= screen, (wide, screen)
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_hints_two_kinds_of_noise_are_told_apart(browser, server):
    # the rows' column "± noise" held each value's standard error (hint's "stderr") while the
    # close call above it said "within the noise (±0.1886)", the 95% margin of a difference:
    # one word for two numbers; the column says what it is, the close call its 95% as hint does
    from selenium.webdriver.common.keys import Keys

    _open_example(browser, server, "archaeology-greedy")
    _keys(browser, Keys.ARROW_RIGHT, 3)
    _until(browser, lambda d: _where(d).startswith("decision 4 "), "decision 4")
    _hint(browser, 300)
    head = [th.text for th in browser.find_elements("css selector", "#hint-table th")]
    assert head == ["#", "move", "value", "± std. error", "visits"], head
    close = browser.find_element("css selector", "#hint-result .close-call").text
    assert "within the noise (±" in close and " at 95%); about " in close, close
    # in hint's words: the budget, the two moves, the estimate's condition (the board said
    # "too close to call: A / B" and left the condition out)
    assert close.startswith("too close to call at this budget: ") and " and " in close, close
    assert close.endswith(" would separate them if the gap stayed as measured"), close
    # the iterations rounded as `digsite hint` rounds them (games.table.about: it said
    # "about 674 iterations" where hint says "about 670")
    import re

    from games.table import about
    need = re.search(r"; about ([\d,]+) iterations? would separate", close)
    assert need and about(int(need[1].replace(",", "")), "x") == f"{need[1]} xs", close
    numbers = [1, 99, 100, 665, 674, 675, 995, 46043, 874670]
    assert browser.execute_script(
        "return arguments[0].map((n) => about(n, 'iteration'))", numbers) == [
        about(n, "iteration") for n in numbers]


#: The smallest text in a page's boxes, by where it is (its nearest id, the board's and the
#: graph's SVG apart: their text is scaled with the picture), in CSS pixels as rendered.
_SMALLEST_TEXT = """
const out = {};
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
let node;
while ((node = walker.nextNode())) {
  const el = node.parentElement;
  if (!node.textContent.trim() || !el.getClientRects().length) continue;
  let px = parseFloat(getComputedStyle(el).fontSize), where;
  const svg = el.closest("svg");
  if (svg) {
    const m = el.getScreenCTM();
    px *= Math.hypot(m.a, m.b);
    where = svg.parentElement.id + " svg";
  } else {
    let e = el; while (e && !e.id) e = e.parentElement;
    where = e ? e.id : "?";
  }
  if (!(where in out) || px < out[where][0]) out[where] = [px, node.textContent.trim()];
}
return out;
"""


def test_on_a_phone_the_text_is_readable_and_tables_scroll_in_their_box(browser, server, shots):
    # at 375 px the board's picture and the review's graph were scaled to the screen, their
    # text 6 px; the table in words was 11 px and the tools 13 px; the hint's table squeezed
    # its words to a few letters a line. Body text is 14 px or more; the board's picture
    # keeps its own size (its labels 13 px) in a box that scrolls sideways, the graph is
    # drawn to its box's width, a table scrolls in its box; the page never sideways.
    from selenium.webdriver.common.keys import Keys

    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 375, "height": 812, "deviceScaleFactor": 1, "mobile": True})
    try:
        _open_example(browser, server, "archaeology-greedy")
        _keys(browser, Keys.ARROW_RIGHT, 3)
        _until(browser, lambda d: _where(d).startswith("decision 4 "), "decision 4")
        _hint(browser, 100)
        _review(browser, 10)
        smallest = browser.execute_script(_SMALLEST_TEXT)
        pictures = {"board svg": 13, "graph svg": 12}
        small = {where: said for where, said in smallest.items()
                 if said[0] < pictures.get(where, 14) - 0.01}
        assert not small, small
        assert set(pictures) <= set(smallest), smallest
        wide, screen = browser.execute_script(
            "return [document.documentElement.scrollWidth, "
            "document.documentElement.clientWidth]")
        assert wide <= screen, (wide, screen)
        table = browser.find_element("id", "hint-table")
        inner, outer = browser.execute_script(
            "return [arguments[0].scrollWidth, arguments[0].clientWidth]", table)
        assert outer <= screen and inner >= outer, (inner, outer)
        for cell in table.find_elements("css selector", "td:not(.num)"):  # not squeezed
            assert cell.size["width"] >= 10 * 14 - 1, (cell.text, cell.size)
        _shot(browser, "hint-result", shots / "phone-hint.png")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_the_table_in_words_is_as_large_as_the_tools(browser, server):
    # (0.85em of the browser's 13 px monospace made it 11 px, below every other text)
    _open_example(browser, server, "lootnrun-greedy")
    sizes = browser.execute_script(_SMALLEST_TEXT)
    assert sizes["table-words"][0] >= 13, sizes


#: Per line of the table in words: [the line, how many lines it lies on as rendered].
_TABLE_WORDS_LINES = """
const box = document.getElementById("table-words");
const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
const tops = []; let node;
while ((node = walker.nextNode()))
  for (let k = 0; k < node.length; k++) {
    const range = document.createRange();
    range.setStart(node, k); range.setEnd(node, k + 1);
    const rect = [...range.getClientRects()].find((r) => r.width);
    tops.push([node.data[k], rect ? Math.round(rect.top) : null]);
  }
const out = []; let line = "", seen = new Set();
for (const [ch, top] of [...tops, ["\\n", null]]) {
  if (ch === "\\n") { out.push([line, seen.size]); line = ""; seen = new Set(); continue; }
  line += ch; if (top !== null && ch.trim()) seen.add(top);
}
return out;"""


@pytest.mark.parametrize("game", ["ancients", "pyramids"])
def test_on_a_phone_the_table_in_words_keeps_its_columns(browser, server, shots, game):
    # at 375 px (14 px text) every line wrapped at the box's edge: the Tomb's shops side by
    # side ("$4 shop   $3 shop ...", their maps' names, points and pictures) and the
    # Pyramids' cards became a jumble, a shop's price above another's map. A line in
    # columns stays whole, the box scrolling sideways; a sentence still wraps in the box.
    import re

    from selenium.webdriver.support.ui import Select

    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 375, "height": 812, "deviceScaleFactor": 1, "mobile": True})
    try:
        browser.get(server)
        _until(browser, lambda d: d.find_elements("css selector", "#example option"), "page")
        Select(browser.find_element("id", "solo-game")).select_by_value(game)
        browser.find_element("id", "open-solo").click()
        _until(browser, lambda d: "decision 1 of" in _where(d), "the deal")
        lines = browser.execute_script(_TABLE_WORDS_LINES)
        columns = [(line, parts) for line, parts in lines if re.search(r"\S {2,}\S", line)]
        assert len(columns) >= 4, lines  # (shops or cards side by side)
        assert all(parts == 1 for _, parts in columns), columns
        assert any(parts > 1 for _, parts in lines), lines  # the long sentences wrap
        box = browser.find_element("id", "table-words")
        inner, outer = browser.execute_script(
            "return [arguments[0].scrollWidth, arguments[0].clientWidth]", box)
        assert inner > outer, (inner, outer)  # it scrolls in its box ...
        wide, screen = browser.execute_script(
            "return [document.documentElement.scrollWidth, "
            "document.documentElement.clientWidth]")
        assert wide <= screen, (wide, screen)  # ... and the page does not
        _shot(browser, "table-words", shots / f"phone-{game}-table-words.png")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_hints_figures_and_close_call_are_the_command_lines(browser, server):
    # the page printed the JSON's figures as they came (43.1071, "±3.0643 at 95%") where
    # `digsite hint` says 43.107 and ±3.064, and put a Pyramids keep's words in its close
    # call as they are ("keep cards 10 and 35; the others go back into the deck and keep
    # cards 10 and 12; the others go back into the deck differ by"), where hint says them
    # inside the sentence: "keep cards 10 and 35 (the others go back into the deck) and ..."
    from selenium.webdriver.support.ui import Select

    from cli.format import _num, in_a_sentence
    from cli.web import board, server as web
    from solvers import services
    from solvers.limits import Limit

    browser.get(server)
    _until(browser, lambda d: d.find_elements("css selector", "#example option"), "page")
    Select(browser.find_element("id", "solo-game")).select_by_value("pyramids")
    field = browser.find_element("id", "solo-seed")
    field.clear()
    field.send_keys("5")
    browser.find_element("id", "open-solo").click()
    _until(browser, lambda d: "decision 1 of" in _where(d), "the deal")
    _hint(browser, 300)
    deal = web._solo_deal({"game": "pyramids", "seed": 5}, {})
    view = board.open_document(deal).decisions[0].view
    hint = services.hint("pyramids", view, data=board.card_data("pyramids", {}),
                         limit=Limit(iterations=300), seed=0, top=10)
    rows = [[td.text for td in tr.find_elements("css selector", "td")]
            for tr in browser.find_elements("css selector", "#hint-table tr")[1:]]
    assert rows == [[str(k + 1), row.words, _num(row.value), f"±{_num(row.stderr)}",
                     str(row.visits)] for k, row in enumerate(hint.rows)], rows
    close = hint.close_call
    assert close is not None  # (the two best keeps of this deal at 300 iterations)
    words = {row.move: row.words for row in hint.rows}
    first, second = (in_a_sentence(words[move]) for move in close.moves)
    said = browser.find_element("css selector", "#hint-result .close-call").text
    assert said.startswith(f"too close to call at this budget: {first} and {second} differ "
                           f"by {_num(close.gap)}, within the noise (±{_num(close.noise95)} "
                           f"at 95%); "), said
    assert "; the others" not in said, said
    numbers = [43.10714, 0.0625, 3.0643, 128.116, 41.0, 138, 0.4921, 2.5, 1e-05, -1.2345]
    assert browser.execute_script("return arguments[0].map(figure)", numbers) == [
        _num(x) for x in numbers]


def test_a_board_whose_server_stopped_says_so(browser):
    # the page said "error: Failed to fetch" (the browser's words) when the server had
    # stopped: it says that the server does not answer, and what to check
    served = _serve()
    address = next(served)
    browser.get(address)
    _until(browser, lambda d: len(d.find_elements("css selector", "#example option")) >= 5,
           "the examples")
    browser.find_element("id", "open-example").click()
    _until(browser, lambda d: "decision 1 of" in _where(d), "the board")
    served.close()  # (the server stops)
    browser.find_element("id", "open-example").click()
    _until(browser, lambda d: d.find_element("id", "error").is_displayed(), "the error")
    assert browser.find_element("id", "error").text == (
        "error: the board's server does not answer: is `digsite serve` still running?")


def test_a_broken_file_opened_is_named_in_the_error(browser, server, tmp_path):
    # it said "error: the opened text: line 1 column 2: ...", whichever file was picked
    path = tmp_path / "broken.json"
    path.write_text("{bad")
    browser.get(server)
    _until(browser, lambda d: len(d.find_elements("css selector", "#example option")) >= 5,
           "the examples")
    browser.find_element("id", "file").send_keys(str(path))
    _until(browser, lambda d: d.find_element("id", "error").is_displayed(), "the error")
    said = browser.find_element("id", "error").text
    assert said.startswith("error: broken.json: line 1 column 2: "), said
