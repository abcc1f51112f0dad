"""Hostile ``digsite track`` input (issue 19 §5): what a person types at a real table,
mutated, through the command line.

The contract of ``test_fuzz_inputs``, as ``play`` has it: the companion refuses a bad line
with one ``error: ...`` line and goes on (exit 0 when the input ends), never a traceback,
an exit 1 or a hang; the table record on disk always reads back (``--resume``), holds every
accepted line in ``events`` and every refused one in ``refused``. A bad ``--resume`` file
is one ``error:`` line, exit 2, and the file is left as it was. Five families, each over
every tracked table (the five games, the New Expedition's Temple), each
``max_examples // 4`` examples of the profile (5 per table in ``make test``, 250 in ``make
fuzz``), on the first lines of a simulated game (``games.tracking.table_session``):

- ``garbage``: random text and control characters inserted among the true lines;
- ``long``: very long lines (100,000 characters, 10,000 words, a 5,000-digit number);
- ``eof``: the input ends at any line (inside a move's questions too), then ``--resume``
  with the rest gives the record of the uncut input;
- ``impossible``: entries of the game's own words that cannot be there (a card, a room, a
  colour, a number, a move, a seat) inserted before a true line;
- ``resume``: a valid table record mutated (keys dropped, values retyped, events edited,
  truncated, bytes) read with ``--resume``.
"""

from __future__ import annotations

import json
import sys
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st

from games import load
from games.tracking import read_table, table_session

sys.path.insert(0, str(Path(__file__).parent))  # the shared contract
from test_fuzz_inputs import allowed, cli  # noqa: E402

#: (game, options) of every tracked table.
TABLES = [("archaeology", ()), ("expedition", ("--monument", "temple")), ("ancients", ()),
          ("pyramids", ()), ("lootnrun", ())]
IDS = [g for g, _ in TABLES]
#: Lines of each simulated session the examples use (a prefix keeps each example quick).
PREFIX = 70
EXAMPLES = max(3, settings.default.max_examples // 4)

#: Each game's own words: what a person might type that the moment does not allow.
WORDS = ["coin", "map", "thief", "sandstorm", "card", "pot shards", "pharaohs_mask", "0", "1",
         "7", "99", "-1", "red", "green", "yellow", "blue", "domino", "I3", "T4", "take deck",
         "dig", "end", "sell coin 9", "trade coin for talisman", "steal 3", "explore 7",
         "explore C", "look A", "loot 0", "loot 2", "run", "awaken 5", "keep both",
         "keep 1,2", "market buy 9", "rest money", "12:A1", "1 2 3 4", "54 53", "hint 0",
         "hint x", "undo undo", "show me", "quit now"]


@lru_cache(maxsize=None)
def _session(game: str, options: tuple[str, ...]) -> tuple[str, ...]:
    opts = {k.lstrip("-"): v for k, v in zip(options[::2], options[1::2])}
    return tuple(table_session(load(game, **opts), players=2, seat=0, seed=3)[:PREFIX])


def _track(game, options, lines, path: Path, *resume: str):
    table = () if resume else (*options, "--players", "2")  # (a resumed table is the file's)
    if not resume:  # a new table is not started over a record (each example's is new)
        path.unlink(missing_ok=True)
    args = ("track", game, *table, "--record", str(path), *resume)
    result = cli(*args, stdin="".join(line + "\n" for line in lines))
    code = allowed(args, result, lines="many")
    assert code == 0, result
    return result


def _read_back(game, path: Path):
    opts_game = read_table(json.loads(path.read_text()), lambda gid, **o: load(gid, **o))
    assert opts_game.game.id == game
    return opts_game.record


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz-track")


HOSTILE_TEXT = st.one_of(
    st.text(max_size=80),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x2FFF), max_size=40),
    st.sampled_from(["\x00", "\x1b[2J", "\u202e coin", "ｃｏｉｎ", "co\u0301in", "🏺", "\t\t",
                     "{\"saw\": \"coin\"}", "null", "#comment"]))


@pytest.mark.parametrize("game, options", TABLES, ids=IDS)
@settings(max_examples=EXAMPLES)
@given(data=st.data())
def test_garbage_lines(game, options, work, data):
    lines = list(_session(game, options))
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(lines)))
        lines.insert(at, data.draw(HOSTILE_TEXT).replace("\n", " ").replace("\r", " "))
    note(repr(lines))
    path = work / f"{game}-garbage.json"
    _track(game, options, lines, path)
    _read_back(game, path)


@pytest.mark.parametrize("game, options", TABLES, ids=IDS)
@settings(max_examples=EXAMPLES)
@given(data=st.data())
def test_long_lines(game, options, work, data):
    lines = list(_session(game, options))
    long = data.draw(st.sampled_from(["x" * 100_000, "coin " * 10_000, "9" * 5_000,
                                      "hint " + "9" * 5_000, "sell coin " + "2" * 4_000]))
    at = data.draw(st.integers(0, len(lines)))
    lines.insert(at, long)
    path = work / f"{game}-long.json"
    result = _track(game, options, lines, path)
    assert all(len(line) < 2_000 for line in result[2].splitlines())
    record = _read_back(game, path)
    assert all(len(r["line"]) <= 500 for r in record.refused)


@pytest.mark.parametrize("game, options", TABLES, ids=IDS)
@settings(max_examples=EXAMPLES)
@given(data=st.data())
def test_eof_anywhere_then_resume(game, options, work, data):
    lines = list(_session(game, options))
    cut = data.draw(st.integers(0, len(lines)))
    whole, part = work / f"{game}-whole.json", work / f"{game}-part.json"
    _track(game, options, lines, whole)
    first = _track(game, options, lines[:cut], part)
    # (a prefix may hold the whole of a short game: then nothing is left to resume)
    assert "--resume" in first[1] or "--- game over ---" in first[1]
    record = _read_back(game, part)
    note(f"cut at {cut}: {len(record.setup)} setup answers, {len(record.events)} events")
    typed = lines[:cut]
    done = json.loads(part.read_text())
    again = _replayed_lines(done, typed)
    _track(game, options, lines[again:], part, "--resume", str(part))
    assert json.loads(part.read_text())["events"] == json.loads(whole.read_text())["events"]


def _replayed_lines(doc: dict, typed: list[str]) -> int:
    """How many of the typed lines the record holds (setup answers, events with their
    answers, the move waiting on its questions with the answers so far): all of them,
    the hints aside, since nothing typed is lost."""
    held = len(doc["setup"])
    for event in doc["events"] + ([doc["pending"]] if "pending" in doc else []):
        held += 1 + len(event.get("shown", {}))
    count = 0
    for i, line in enumerate(typed):
        if line.startswith("hint"):
            continue
        count += 1
        if count == held:
            return i + 1
    return 0 if held == 0 else len(typed)


@pytest.mark.parametrize("game, options", TABLES, ids=IDS)
@settings(max_examples=EXAMPLES)
@given(data=st.data())
def test_impossible_entries(game, options, work, data):
    lines = list(_session(game, options))
    inserted = []
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(lines)))
        word = data.draw(st.sampled_from(WORDS))
        lines.insert(at, word)
        inserted.append(word)
    note(repr(inserted))
    path = work / f"{game}-impossible.json"
    result = _track(game, options, lines, path)
    record = _read_back(game, path)
    refusals = [line for line in result[2].splitlines()]
    assert len(record.refused) <= len(refusals)


def _mutations(doc: dict) -> st.SearchStrategy:
    keys = list(doc)
    events = doc["events"]

    def drop(key):
        return {k: v for k, v in doc.items() if k != key}

    def retype(key, value):
        return {**doc, key: value}

    def edit_event(i, event):
        return {**doc, "events": events[:i] + [event] + events[i + 1:]}

    values = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20),
                       st.text(max_size=10), st.lists(st.integers(), max_size=3),
                       st.dictionaries(st.text(max_size=5), st.integers(), max_size=2))
    return st.one_of(
        st.sampled_from(keys).map(drop),
        st.tuples(st.sampled_from(keys), values).map(lambda kv: retype(*kv)),
        st.tuples(st.integers(0, max(0, len(events) - 1)),
                  st.one_of(values, st.fixed_dictionaries({"saw": st.text(max_size=10)}),
                            st.fixed_dictionaries({"seat": st.integers(-1, 9),
                                                   "move": st.sampled_from(WORDS)})))
        .map(lambda ie: edit_event(*ie)),
        st.just({**doc, "table": 2}), st.just({**doc, "game": "pyramid"}),
        st.just({**doc, "setup": {"hand": "coin"}}), st.just({**doc, "unknown": 1}))


@pytest.mark.parametrize("game, options", TABLES, ids=IDS)
@settings(max_examples=EXAMPLES)
@given(data=st.data())
def test_corrupt_resume_file(game, options, work, data):
    path = work / f"{game}-valid.json"
    _track(game, options, _session(game, options), path)
    doc = json.loads(path.read_text())
    text = data.draw(st.one_of(
        _mutations(doc).map(json.dumps),
        st.integers(1, 200).map(lambda n: json.dumps(doc)[:n]),
        st.binary(max_size=60).map(lambda b: b.decode("latin-1"))))
    bad = work / f"{game}-bad.json"
    bad.write_bytes(text.encode("utf-8"))  # (bytes: text mode would read a '\r' back as '\n')
    args = ("track", game, "--resume", str(bad))
    result = cli(*args, stdin="quit\n")
    if allowed(args, result) == 2:
        assert bad.read_bytes() == text.encode("utf-8")  # untouched
