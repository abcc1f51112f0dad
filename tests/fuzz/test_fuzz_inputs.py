"""Hostile input, generated (issue 12 §3): every input kind, valid and mutated, through the
command line or the engine entry point that reads it.

The only outcomes allowed: accepted and handled correctly, or exit status 2 with one line
``error: ...`` (a ``DigsiteError`` at the library level). Never a traceback, an exit status
1 (an internal fault) or a hang: each example runs under a wall-clock guard
(:data:`HANG_SECONDS`).

Input kinds, each driven by the registries so a new game is fuzzed without an edit here:
card-data TOML (``cards_data.GAME_IDS``), deal JSON, player-view JSON and move text (every
game with an engine in ``games.registry``), and numeric flags. Mutations of a valid input:
drop, duplicate or retype a key or item; swap two values; numbers out of range (huge,
negative, boolean, null, NaN); unknown keys; truncated text.

Profiles (``tests/conftest.py``): ``bounded`` (the default: derandomized, 20 examples per
game and input kind, part of ``make test``) and ``fuzz`` (``make fuzz``: 1,000 per game and
kind, still derandomized, so a failure reproduces by running it again).
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import re
import os
import signal
import subprocess
import sys
import tomllib
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
import math

from hypothesis import Phase, assume, event, given, note, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

import cards_data
from cards_data._toml import dumps
from cli.main import main
from games import registry
from games.errors import DigsiteError
from games.protocol import CHANCE, options_of
from games.seeding import make_rng
from solvers import services

#: Seconds one example may take before it counts as a hang (a hint of a few iterations or
#: a one-second best-score answers in well under this on 2 loaded cores).
HANG_SECONDS = 30
ERROR_LINE = re.compile(r"^error: \S[^\n]*\n$")
#: Words of Python, not of a user, in a message: type names and object addresses.
INTERNAL_WORDS = re.compile(r"NoneType|\bdict\b|\bstr object|object at 0x|<class ")
ENGINES = [g for g in registry.GAME_IDS if registry.has_engine(g)]
CARD_GAMES = list(cards_data.GAME_IDS)
HINTED = [g for g in ENGINES if services.has_capability(g, "hint")]


#: Failures the long profile found in other owners' code, by (input kind, game), with a
#: reproducer; xfail(strict=False) until their fix lands, then delete the entry.
PENDING: dict[tuple[str, str], str] = {}


def games_for(kind: str, games: list[str]) -> list:
    """``games`` as test parameters, a known failure of ``kind`` marked xfail."""
    return [pytest.param(g, marks=pytest.mark.xfail(reason=PENDING[kind, g], strict=False))
            if (kind, g) in PENDING else g for g in games]


class Hang(BaseException):
    """An example ran past :data:`HANG_SECONDS` (a BaseException: nothing may catch it)."""


@contextmanager
def hang_guard(seconds: float = HANG_SECONDS):
    def on_alarm(signum, frame):
        raise Hang(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def cli(*args: str, stdin: str = "") -> tuple[int, str, str]:
    """``digsite ARGS`` in-process, as the console script runs it, under the hang guard."""
    out, err = io.StringIO(), io.StringIO()
    saved, sys.stdin = sys.stdin, io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err), hang_guard():
            code = main([str(a) for a in args])
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def cli_process(*args: str) -> tuple[int, str, str]:
    """``digsite ARGS`` in a child process: the guard for solvers whose native code (CP-SAT)
    a signal cannot interrupt. A run past :data:`HANG_SECONDS` is a hang."""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    try:
        done = subprocess.run([sys.executable, "-m", "cli.main", *map(str, args)], cwd=root,
                              env=env, capture_output=True, text=True, timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired:
        raise Hang(f"digsite {' '.join(map(str, args))}: no answer within {HANG_SECONDS} s")
    return done.returncode, done.stdout, done.stderr


def allowed(args, result, *, lines: str = "one") -> int:
    """Check the outcome contract; return the exit status (0 or 2)."""
    code, out, err = result
    if currently_in_test_context():
        event(f"digsite {args[0]}: "
              f"{'accepted' if code == 0 else 'refused' if code == 2 else code}")
    where = "digsite " + " ".join(map(str, args))
    assert code in (0, 2), f"{where}: exit {code}: {err.strip()[:500]}"
    assert "Traceback" not in err, f"{where}: {err}"
    assert not INTERNAL_WORDS.search(err), f"{where}: internal wording in {err!r}"
    if code == 2:
        if lines == "one":
            assert ERROR_LINE.match(err), f"{where}: not one error line: {err!r}"
        else:  # `play` complains once per bad line, then goes on
            assert err and all(line.startswith("error: ") for line in err.splitlines()), err
    return code


def library(call, *args, **kwargs):
    """``call(...)``, or ``None`` when it refuses the input with a ``DigsiteError``."""
    with hang_guard():
        try:
            result = call(*args, **kwargs)
        except DigsiteError as exc:
            assert str(exc).strip() and "\n" not in str(exc).strip(), repr(exc)
            assert not INTERNAL_WORDS.search(str(exc)), f"internal wording in {exc}"
            event(f"{call.__name__}: refused")
            return None
    event(f"{call.__name__}: accepted")
    return result


# --- mutations ----------------------------------------------------------------------------

HOSTILE_NUMBERS = [0, -1, 1, 2, 2**31, 2**31 - 1, 2**63, -(2**63), 10**9, 10**18, 10**100]
LEAVES = st.one_of(
    st.none(), st.booleans(), st.sampled_from(HOSTILE_NUMBERS), st.integers(-1000, 1000),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=6),
    st.sampled_from(["A1", "E5", "F9", "-", "0", "1e309", "deck", "red"]),
    st.builds(list), st.builds(dict), st.lists(st.integers(-2, 60), max_size=4),
)
LEAVES_NOT_NULL = LEAVES.filter(lambda v: v is not None)
OPERATIONS = ("drop", "duplicate", "retype", "swap", "number", "unknown", "grow")


def _paths(node, prefix=()) -> list[tuple]:
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out.extend(_paths(value, prefix + (key,)))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out.extend(_paths(value, prefix + (i,)))
    return out


def _parent(doc, path):
    for step in path[:-1]:
        doc = doc[step]
    return doc


@st.composite
def mutated(draw, doc, *, null: bool = True):
    """``doc`` (a JSON-like value) after one to three mutations."""
    doc = copy.deepcopy(doc)
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(doc) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent, key = _parent(doc, path), path[-1]
        op = draw(st.sampled_from(OPERATIONS))
        note(f"{op} at {'.'.join(map(str, path))}")
        if op == "drop":
            del parent[key]
        elif op == "duplicate":
            if isinstance(parent, list):
                parent.insert(key, copy.deepcopy(parent[key]))
            else:
                parent[f"{key}"] = copy.deepcopy(parent[key])
                parent[f"{key}_2"] = copy.deepcopy(parent[key])
        elif op == "retype":
            value = copy.deepcopy(draw(LEAVES))  # never one object in two places
            parent[key] = value if (null or value is not None) else "null"
        elif op == "swap":
            other = draw(st.sampled_from(paths))
            if path[:len(other)] == other or other[:len(path)] == path:
                continue  # one holds the other: a swap would make a cycle
            other_parent = _parent(doc, other)
            try:
                a, b = parent[key], other_parent[other[-1]]
                parent[key], other_parent[other[-1]] = b, a
            except (KeyError, IndexError, TypeError):  # one path ran through the other
                pass
        elif op == "number":
            value = parent[key]
            if isinstance(value, int) and not isinstance(value, bool):
                parent[key] = draw(st.sampled_from(
                    [value + 1, value - 1, -value - 1, value * 1000, 10**9, 2**63]))
            else:
                parent[key] = draw(st.sampled_from(HOSTILE_NUMBERS))
        elif op == "unknown":
            target = parent[key] if isinstance(parent[key], dict) else parent
            if isinstance(target, dict):
                target["not_a_key"] = copy.deepcopy(draw(LEAVES if null else LEAVES_NOT_NULL))
        elif op == "grow":
            if isinstance(parent[key], list) and parent[key]:
                times = draw(st.sampled_from([2, 50]))  # copies: no object twice in the tree
                parent[key] = [copy.deepcopy(item) for _ in range(times) for item in parent[key]]
    return doc


@st.composite
def nudged(draw, doc):
    """``doc`` with one integer moved off its value, the mutation most often *accepted*
    by a reader, so the engines behind it are reached too."""
    doc = copy.deepcopy(doc)
    paths = [p for p in _paths(doc) if p and isinstance(_parent(doc, p)[p[-1]], int)
             and not isinstance(_parent(doc, p)[p[-1]], bool)]
    if paths:
        path = draw(st.sampled_from(paths))
        value = _parent(doc, path)[path[-1]]
        _parent(doc, path)[path[-1]] = draw(st.sampled_from(
            [value - 1, value + 1, 0, 1, 2 * value, value + 10, 500, 1000, 10**6]))
        note(f"nudge {'.'.join(map(str, path))}: {value} -> {_parent(doc, path)[path[-1]]}")
    return doc


def variants(doc, *, null: bool = True):
    """A mutation of ``doc`` (:func:`mutated`) or a nudge of one number (:func:`nudged`)."""
    return st.one_of(mutated(doc, null=null), nudged(doc))


def truncated(draw, text: str) -> str:
    if draw(st.integers(0, 9)) == 0:  # one example in ten is cut short
        return text[: draw(st.integers(0, max(0, len(text) - 1)))]
    return text


# --- card-data TOML -----------------------------------------------------------------------

BUNDLED = {game: tomllib.loads(cards_data.bundled_text(game)) for game in CARD_GAMES}


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@pytest.mark.parametrize("game", games_for("cards", CARD_GAMES))
@given(data=st.data())
def test_card_data_toml(game, data, work):
    doc = data.draw(variants(BUNDLED[game], null=False))
    try:
        text = dumps(doc)
    except TypeError:  # a shape our TOML writer cannot express: no input to try
        assume(False)
    path = work / f"{game}.toml"
    path.write_text(truncated(data.draw, text), encoding="utf-8")
    if allowed(("data validate",), cli("data", "validate", path)) != 0:
        return
    if not registry.has_engine(game):
        return
    engine = registry.engine(game)
    loaded = cards_data.load(game, path)
    for players in registry.get(game).player_counts:
        args = ("deal", game, "--seed", 3, "--players", players, "--cards", path)
        if allowed(args, cli(*args)) != 0:
            continue
        deal = json.loads(cli(*args)[1])
        # a deal the engine made from accepted data is a deal the engine accepts
        with hang_guard():
            engine.state_from_deal(deal, loaded)
    args = ("example", game, "--cards", path)
    if allowed(args, cli(*args)) == 0 and game in HINTED:
        view = work / f"{game}-view.json"
        view.write_text(cli(*args)[1], encoding="utf-8")
        args = ("hint", game, view, "--iterations", 2, "--cards", path, "--json")
        allowed(args, cli(*args))


# --- deals ----------------------------------------------------------------------------------

def _deal(game: str, players: int, seed: int) -> dict:
    data = cards_data.load(game)
    return registry.engine(game).make_deal(players=players, seed=seed, data=data)


@st.composite
def deals(draw, game: str):
    players = draw(st.sampled_from(registry.get(game).player_counts))
    return draw(variants(_deal(game, players, draw(st.integers(0, 3)))))


def _play_a_little(state, seed: int, steps: int = 60) -> None:
    rng = make_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        options = options_of(state)
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
        else:
            state.apply(options[rng.randrange(len(options))])


@pytest.mark.parametrize("game", games_for("deal", ENGINES))
@given(data=st.data())
def test_deal_json(game, data):
    deal = data.draw(deals(game))
    engine, loaded = registry.engine(game), cards_data.load(game)
    state = library(engine.state_from_deal, deal, loaded)
    if state is not None:  # accepted: it must be a game the engine can play
        with hang_guard():
            _play_a_little(state, 1)


# --- player views ---------------------------------------------------------------------------

def _views(game: str, form: str = "view") -> list[dict]:
    """The example view and views of seats along seeded random games; ``form="position"``:
    their position form (``example_position``, ``position_of``)."""
    engine, data = registry.engine(game), cards_data.load(game)
    view_of = getattr(engine, f"{form}_of")
    views = [getattr(engine, f"example_{form}")(data)]
    for players in registry.get(game).player_counts:
        state = engine.state_from_deal(engine.make_deal(players=players, seed=players, data=data),
                                       data)
        rng = make_rng(players)
        for step in range(400):
            if state.is_terminal():
                break
            seat = state.current_player()
            if seat >= 0 and step % 23 == 0:
                try:
                    views.append(view_of(state, seat))
                except DigsiteError:  # not a moment a view is taken at (mid-turn)
                    pass
            options = options_of(state)
            if seat == CHANCE:
                state.apply(state.chance_outcomes()[0][0])
            else:
                state.apply(options[rng.randrange(len(options))])
    return views


VIEWS = {game: _views(game) for game in ENGINES}


def _json_text(draw, value) -> str:
    text = json.dumps(value)
    if isinstance(value, dict) and value and draw(st.integers(0, 9)) == 0:
        key = draw(st.sampled_from(sorted(value)))  # a key given twice in the text
        text = "{" + json.dumps(key) + ": " + json.dumps(value[key]) + ", " + text[1:]
    return truncated(draw, text)


@pytest.mark.parametrize("game", games_for("view", HINTED))
@given(data=st.data())
def test_player_view_json(game, data, work):
    view = data.draw(variants(data.draw(st.sampled_from(VIEWS[game]))))
    path = work / f"{game}-view.json"
    path.write_text(_json_text(data.draw, view), encoding="utf-8")
    args = ("hint", game, path, "--iterations", 3, "--json")
    code, out, err = cli(*args)
    if allowed(args, (code, out, err)) == 0:  # accepted: a real ranking came back
        result = json.loads(out)
        assert result["game"] == game and result["moves"]
        assert result["best"] == result["moves"][0]["move"]


# --- move text ------------------------------------------------------------------------------

WORDS = ["loot", "run", "awaken", "keep", "take", "deck", "find", "at", "market", "buy",
         "sell", "rest", "sand", "flip", "end", "pass", "dig", "draw", "reveal", "trade"]


@st.composite
def move_texts(draw, legal: list[str]) -> str:
    base = draw(st.sampled_from(legal)) if legal else ""
    kind = draw(st.integers(0, 5))
    if kind == 0:
        return base
    if kind == 1:  # a word replaced
        words = base.split() or [""]
        i = draw(st.integers(0, len(words) - 1))
        words[i] = draw(st.one_of(st.sampled_from(WORDS), st.text(max_size=5),
                                  st.integers(-10**6, 10**6).map(str),
                                  st.just("9" * 5000), st.sampled_from(["A1", "Z9", "e5", "360"])))
        return " ".join(words)
    if kind == 2:  # characters inserted or cut
        i = draw(st.integers(0, len(base)))
        return base[:i] + draw(st.text(max_size=4)) + base[i + draw(st.integers(0, 3)):]
    if kind == 3:
        return " ".join(draw(st.lists(st.sampled_from(WORDS + ["1", "0", "A1", "90", ":", "+"]),
                                      max_size=6)))
    if kind == 4:
        return base.upper() if draw(st.booleans()) else "  " + base.replace(" ", "\t") + " \n"
    return draw(st.text(max_size=20))


def _positions(game: str) -> list:
    engine, data = registry.engine(game), cards_data.load(game)
    out = []
    for players in registry.get(game).player_counts[:2]:
        state = engine.state_from_deal(engine.make_deal(players=players, seed=9, data=data), data)
        rng = make_rng(9)
        for step in range(300):
            if state.is_terminal():
                break
            if step % 17 == 0:
                out.append(state.clone())
            options = options_of(state)
            state.apply(state.chance_outcomes()[0][0] if state.current_player() == CHANCE
                        else options[rng.randrange(len(options))])
    return out


POSITIONS = {game: _positions(game) for game in ENGINES}


@pytest.mark.parametrize("game", games_for("move", ENGINES))
@given(data=st.data())
def test_move_text(game, data):
    engine = registry.engine(game)
    state = data.draw(st.sampled_from(POSITIONS[game]))
    legal = [str(m) for m in options_of(state)]
    text = data.draw(move_texts(legal))
    move = library(engine.parse_move, state, text)
    if move is not None:  # accepted: a legal move whose text reads back as itself
        assert move in options_of(state), text
        assert engine.parse_move(state, str(move)) == move


@pytest.mark.parametrize("game", games_for("play", ENGINES))
@given(data=st.data())
def test_move_text_in_play(game, data, work):
    legal = [str(m) for m in options_of(POSITIONS[game][0])]
    lines = data.draw(st.lists(move_texts(legal).filter(lambda t: t.strip() != "?"),
                               min_size=1, max_size=4))
    stdin = "".join(line.replace("\n", " ") + "\n" for line in lines)
    args = ("play", game, "--seed", 9, "--record", work / f"{game}-record.json")
    allowed(args, cli(*args, stdin=stdin), lines="many")


# --- numeric flags ------------------------------------------------------------------------

FLAG_TEXT = st.one_of(
    st.integers(-10, 10).map(str), st.sampled_from([str(n) for n in HOSTILE_NUMBERS]),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.sampled_from(["nan", "-nan", "inf", "-inf", "1e309", "-0", "0.0", "1e-320", "", " 3",
                     "0x10", "1_000", "true", "３", "9" * 5000]),
)
#: Flags whose valid values ask for bounded work: a huge valid value is a long job the
#: user asked for, not a hang, so those are drawn small (a count) or paired with a cap.
SMALL_COUNT = st.one_of(st.integers(-3, 3).map(str), FLAG_TEXT.filter(
    lambda t: not re.fullmatch(r"\s*\+?[0-9_]+\s*|[0-9]{2,}.*", t)))


def _flag_commands(game: str, view: Path) -> dict[str, tuple]:
    """Command lines with one flag left open (``None``), by name."""
    commands = {
        "deal --seed": ("deal", game, "--seed", None),
        "deal --players": ("deal", game, "--seed", 1, "--players", None),
    }
    if game in HINTED:
        commands.update({
            "hint --seed": ("hint", game, view, "--iterations", 2, "--seed", None),
            "hint --top": ("hint", game, view, "--iterations", 2, "--top", None),
            "hint --time-limit": ("hint", game, view, "--iterations", 2, "--time-limit", None),
            "hint --iterations": ("hint", game, view, "--time-limit", 1, "--iterations", None),
            "best-move --time-limit": ("best-move", game, view, "--iterations", 2,
                                       "--time-limit", None),
        })
    if services.has_capability(game, "BOTS"):
        commands["arena --games"] = ("arena", game, "--bots", "random,random", "--games", None)
    return commands


@pytest.fixture(scope="module")
def views_on_disk(work) -> dict[str, Path]:
    paths = {}
    for game in ENGINES:
        paths[game] = work / f"{game}-example.json"
        paths[game].write_text(json.dumps(VIEWS[game][0]), encoding="utf-8")
    return paths


@pytest.mark.parametrize("game", games_for("flags", ENGINES))
@given(data=st.data())
def test_numeric_flags(game, data, views_on_disk):
    commands = _flag_commands(game, views_on_disk[game])
    name = data.draw(st.sampled_from(sorted(commands)))
    value = data.draw(SMALL_COUNT if name.endswith(("--games", "--players")) else FLAG_TEXT)
    args = tuple(value if a is None else a for a in commands[name])
    note(f"{name} {value!r}")
    allowed(args, cli(*args))


def _finite_above(text: str, low: float, *, closed: bool) -> bool:
    """Whether ``text`` is a number a budget flag may take (finite, above ``low``)."""
    try:
        value = float(text)
    except ValueError:
        return False
    return math.isfinite(value) and (value >= low if closed else value > low)


def test_time_limits_outside_the_budget_are_refused(views_on_disk):
    for game in HINTED:
        for value in ("nan", "inf", "-inf", "0", "-1", "1e309"):
            args = ("hint", game, views_on_disk[game], "--iterations", 2, "--time-limit", value)
            assert allowed(args, cli(*args)) == 2, args


SOLVED = [g for g in ENGINES if services.has_capability(g, "best_score")
          or services.has_capability(g, "plan")]


@pytest.mark.parametrize("game", games_for("solver-flags", SOLVED))
# one flag value per example is already minimal: no shrinking (each run is a solve)
@settings(max_examples=max(3, settings.default.max_examples // 8),
          phases=[Phase.explicit, Phase.generate])
@given(data=st.data())
def test_solver_flags(game, data, views_on_disk):
    """best-score's seed and time limit, plan's token value: a budget or value outside its
    range is refused (exit 2), never solved with (exit 0) nor a fault."""
    commands = {}
    if services.has_capability(game, "best_score"):
        commands["best-score --seed"] = ("best-score", game, "--time-limit", 1, "--seed", None)
        commands["best-score --time-limit"] = ("best-score", game, "--seed", 1,
                                               "--time-limit", None)
    if services.has_capability(game, "plan"):
        commands["plan --token-value"] = ("plan", game, views_on_disk[game], "--token-value",
                                          None)
    name = data.draw(st.sampled_from(sorted(commands)))
    value = data.draw(FLAG_TEXT)
    if name == "best-score --time-limit":  # a long solve is the user's choice, not a hang
        assume(not _finite_above(value, 5, closed=False))
    args = tuple(value if a is None else a for a in commands[name])
    note(f"{name} {value!r}")
    code = allowed(args, cli_process(*args))
    if name == "best-score --time-limit" and not _finite_above(value, 0, closed=False):
        assert code == 2, f"{args}: a time limit of {value!r} seconds was accepted"
    if name == "plan --token-value" and not _finite_above(value, 0, closed=True):
        assert code == 2, f"{args}: a token value of {value!r} was accepted"


# --- issue 20 §6: the new surface ---------------------------------------------------------
#
# `--seeds` ranges (cause 6), Ray addresses (cause 2), output paths of every command that
# writes one (cause 10: refused before the work, nothing half made), and `play` with
# hostile lines (its commands, numbers, junk, very long lines, the input ending anywhere).

SEED_TEXT = st.one_of(
    FLAG_TEXT,
    st.builds(lambda a, b, sep: f"{a}{sep}{b}", st.sampled_from(["1", "-3", "0", "9" * 120,
                                                                "1" * 5000, "", " ", "x"]),
              st.sampled_from(["2", "-1", "1", "9" * 4400, "", "3-4", "a"]),
              st.sampled_from(["-", " - ", "--", "..", ",", "-\n"])),
)


def _few_deals(text: str) -> bool:
    """A valid range of at most 3 deals (a long batch is the user's choice, not a hang)."""
    match = re.fullmatch(r"\s*(-?\d{1,30})\s*(?:-\s*(-?\d{1,30})\s*)?", text)
    if not match:
        return True
    low = int(match.group(1))
    high = int(match.group(2)) if match.group(2) else low
    return high - low < 3


@given(text=SEED_TEXT)
def test_seed_ranges(text):
    assume(_few_deals(text))
    args = ("best-score", "ancients", "--budget", "0.001", "--seeds", text)
    note(repr(text[:80]))
    allowed(args, cli(*args))


ADDRESS_TEXT = st.one_of(
    st.builds(lambda scheme, host, port: f"{scheme}{host}:{port}",
              st.sampled_from(["", "ray://", "http://", "ray:/"]),
              st.sampled_from(["127.0.0.1", "localhost", "[::1]", "nohost.invalid", "",
                               "999.1.1.1", "a" * 300, "\x00"]),
              st.sampled_from(["1", "0", "65536", "-1", "x", "99999999", "", "1:1"])),
    st.text(max_size=12).filter(lambda t: t.strip() != "auto"),  # auto: Ray finds a cluster
)


@pytest.mark.skipif(not __import__("solvers.backends").backends.ray_available(),
                    reason="the ray extra is not installed")
@settings(max_examples=max(5, settings.default.max_examples // 2))
@given(address=ADDRESS_TEXT)
def test_ray_addresses(address):
    """Nothing here runs a Ray cluster: every address is refused, in one line."""
    args = ("arena", "lootnrun", "--bots", "random,random", "--games", "1", "--backend",
            "ray", "--address", address)
    note(repr(address))
    assert allowed(args, cli(*args)) == 2, args


PATH_PARTS = st.sampled_from(["", ".", "..", "no-such-folder", "a-file", "a-folder",
                              "x.svg", "x.json", "\x00", "é", "a" * 300, " ", "-"])
WRITERS = {  # command lines whose output path is left open; each does little work
    "plan --svg": ("plan", "ancients", "{view}", "--svg", None),
    "arena --svg": ("arena", "lootnrun", "--bots", "random,random", "--games", "1", "--svg",
                    None),
    "arena --record": ("arena", "lootnrun", "--bots", "random,random", "--games", "1",
                       "--record", None),
    "play --record": ("play", "lootnrun", "--record", None),
    "best-score --svg": ("best-score", "ancients", "--seed", "1", "--budget", "0.001",
                         "--svg", None),
}
# `demo --pictures DIR` is left out: the demo's work is a minute; its folder check is in the
# CLI tests (tests/cli/test_hostile_surface_cli.py)


@given(data=st.data())
def test_output_paths(data, work):
    """An output path that cannot be written is refused (exit 2) before the work, and a
    refused run leaves nothing behind in the folder it named."""
    box = work / f"paths-{data.draw(st.integers(0, 10**9))}"
    box.mkdir(exist_ok=True)
    (box / "a-file").write_text("x")
    (box / "a-folder").mkdir(exist_ok=True)
    view = box / "dig.json"
    view.write_text(json.dumps(VIEWS["ancients"][0]))
    name = data.draw(st.sampled_from(sorted(WRITERS)))
    parts = data.draw(st.lists(PATH_PARTS, min_size=1, max_size=3))
    path = str(box / "/".join(parts)) if data.draw(st.booleans()) else "/".join(parts)
    note(f"{name} {path!r}")
    before = sorted(p.name for p in box.iterdir())
    args = tuple(path if a is None else str(view) if a == "{view}" else a
                 for a in WRITERS[name])
    with contextlib.chdir(box):  # a relative path lands in the sandbox, never the checkout
        code = allowed(args, cli(*args, stdin="quit\n"))
    if code == 2:
        assert sorted(p.name for p in box.iterdir()) == before, f"{args}: left files behind"


PLAY_LINES = st.one_of(
    st.sampled_from(["1", "0", "-1", "999999999999", " 2 ", "1e3", "٣", "undo", "undo undo",
                     "hint 0", "hint -5", "hint abc", "hint 10 20", "hint 12", "help me",
                     "show", "moves", "quit now", "#", "?", "? 3", "\t", "\x1b[A", "\x00"]),
    st.text(max_size=30),
    st.integers(1, 30).map(str),
    st.just("x" * 100_000),
)


@pytest.mark.parametrize("game", games_for("play-lines", ENGINES))
@given(data=st.data())
def test_play_lines(game, data, work):
    """`play` reads any line: a move, a number, a command, junk; the input may end at any
    point. Outcome: exit 0 (the game or the game so far kept) or one error line per bad
    line, never a fault."""
    lines = data.draw(st.lists(PLAY_LINES, min_size=1, max_size=8))
    stdin = "".join(line.replace("\n", " ") + "\n" for line in lines)
    if data.draw(st.booleans()):
        stdin = stdin[:data.draw(st.integers(0, len(stdin)))]  # the input cut anywhere
    record = work / f"{game}-lines.json"
    args = ("play", game, "--seed", 9, "--record", record)
    code = allowed(args, cli(*args, stdin=stdin), lines="many")
    if code == 0:
        assert json.loads(record.read_text())["game"] == game


# --- game records at a moment: `view --at N` (issue 19 §5) ---------------------------------

def _record_docs(game: str) -> list[dict]:
    """Record documents of seeded random games (ending the card games' turns half the
    time), cut after 0, a few and many moves, and one annotated."""
    from games.record import GameRecord

    engine, data = registry.engine(game), cards_data.load(game)
    docs = []
    for players in registry.get(game).player_counts[:2]:
        record = GameRecord.start(game, engine.make_deal(players=players, seed=players,
                                                         data=data),
                                  seats=["person"] + ["greedy"] * (players - 1))
        state = record.initial_state(data)
        rng = make_rng(players)
        while len(record.moves) < 80:
            while state.current_player() == CHANCE:
                state.apply(state.chance_outcomes()[0][0])
            if state.is_terminal():
                break
            legal = options_of(state)
            ends = [m for m in legal if str(m) == "end"]
            move = ends[0] if ends and rng.random() < 0.5 else legal[rng.randrange(len(legal))]
            record = record.played(state.current_player(), str(move))
            state.apply(move)
        for cut in (0, 7, len(record.moves)):
            short = GameRecord(game, record.players, record.deal, record.moves[:cut],
                               record.seats)
            docs.append(short.to_json())
        docs.append(record.annotated({0: "?! first"}, "a comment").to_json())
    return docs


RECORDS = {game: _record_docs(game) for game in ENGINES}
#: ``--at`` and ``--seat`` values: mostly small counts (the range of a short record and its
#: edges), else hostile numbers and text.
AT_TEXT = st.integers(0, 3).flatmap(lambda k: st.one_of(st.integers(1, 6), st.integers(-2, 45))
                                   .map(str) if k else FLAG_TEXT)
SEAT_TEXT = st.integers(0, 3).flatmap(lambda k: st.integers(-1, 6).map(str) if k else FLAG_TEXT)


def _check_view_output(game: str, args, result, work) -> None:
    """An accepted `view` printed a view of ``game`` that the hint reads."""
    code = allowed(args, result)
    if code != 0:
        return
    view = json.loads(result[1])
    assert view["game"] == game, view
    if game in HINTED:
        path = work / f"{game}-at-view.json"
        path.write_text(result[1], encoding="utf-8")
        hint = ("hint", game, path, "--iterations", 2, "--json")
        assert allowed(hint, cli(*hint)) == 0, f"{args}: the view it printed is refused"


@pytest.mark.parametrize("game", games_for("view-at", ENGINES))
@given(data=st.data())
def test_view_at_on_garbage(game, data, work):
    """`view --at N` of something that is not a record: text, JSON values, a view, a deal."""
    engine, loaded = registry.engine(game), cards_data.load(game)
    kind = data.draw(st.sampled_from(["text", "json", "view", "deal", "other game"]))
    if kind == "text":
        text = data.draw(st.text(max_size=300))
    elif kind == "json":
        text = json.dumps(data.draw(st.recursive(
            LEAVES, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                            st.dictionaries(st.text(max_size=8), inner,
                                                            max_size=4)), max_leaves=12)))
    elif kind == "view":
        text = json.dumps(data.draw(st.sampled_from(VIEWS[game])))
    elif kind == "deal":
        text = json.dumps(engine.make_deal(players=registry.get(game).default_players,
                                           seed=1, data=loaded))
    else:
        other = data.draw(st.sampled_from([g for g in ENGINES if g != game]))
        text = json.dumps(data.draw(st.sampled_from(RECORDS[other])) | {"game": game})
    path = work / f"{game}-garbage-record.json"
    path.write_text(truncated(data.draw, text), encoding="utf-8")
    args = ("view", path, "--at", data.draw(st.sampled_from(["1", "2", "30"])))
    _check_view_output(game, args, cli(*args), work)


@pytest.mark.parametrize("game", games_for("view-at", ENGINES))
@given(data=st.data())
def test_view_at_any_number(game, data, work):
    """`view --at N [--seat S] [--position]` of a valid record: N and S out of range,
    hostile numbers and text; an accepted view is one the hint reads."""
    doc = data.draw(st.sampled_from(RECORDS[game]))
    path = work / f"{game}-record.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    args = ["view", path, "--at", data.draw(AT_TEXT)]
    if data.draw(st.booleans()):
        args += ["--seat", data.draw(SEAT_TEXT)]
    if data.draw(st.integers(0, 3)) == 0:
        args.append("--position")
    note(" ".join(map(str, args[2:])))
    _check_view_output(game, tuple(args), cli(*args), work)


@pytest.mark.parametrize("game", games_for("view-at", ENGINES))
@given(data=st.data())
def test_view_at_on_mutated_records(game, data, work):
    """`view --at N` of a mutated record (keys dropped, retyped, moves swapped, ...)."""
    doc = data.draw(variants(data.draw(st.sampled_from(RECORDS[game]))))
    path = work / f"{game}-mutated-record.json"
    path.write_text(_json_text(data.draw, doc), encoding="utf-8")
    args = ("view", path, "--at", data.draw(st.integers(1, 6)))
    _check_view_output(game, args, cli(*args), work)


# --- review's best-score budget (issue 20 §6 cause 7) --------------------------------------

SOLO_REVIEWED = [g for g in ENGINES if services.has_capability(g, "best_score")]


@pytest.fixture(scope="module")
def solo_records(work) -> dict[str, Path]:
    from games.record import GameRecord

    paths = {}
    for game in SOLO_REVIEWED:
        data, engine = cards_data.load(game), registry.engine(game)
        options = {"rounds": 1, "steps_per_round": 2} if game == "pyramids" else {}
        record = GameRecord.start(game, engine.make_deal(players=1, seed=1, data=data,
                                                         **options))
        state = record.initial_state(data)
        for _ in range(3):
            while state.current_player() == CHANCE:
                state.apply(state.chance_outcomes()[0][0])
            move = options_of(state)[0]
            record = record.played(0, str(move))
            state.apply(move)
        paths[game] = work / f"{game}-solo-record.json"
        paths[game].write_text(json.dumps(record.to_json()), encoding="utf-8")
    return paths


def test_review_best_budgets_that_are_not_finite_are_refused(solo_records):
    for game in SOLO_REVIEWED:
        for flag in ("--best-budget", "--best-time-limit"):
            for value in ("nan", "-nan", "NaN", "inf", "-inf", "Infinity", "1e309", "0", "-1"):
                args = ("review", game, solo_records[game], "--iterations", 2, flag, value)
                assert allowed(args, cli(*args)) == 2, args


@pytest.mark.parametrize("game", games_for("review-best-flags", SOLO_REVIEWED))
# each example may run a small solve: few examples, no shrinking (as test_solver_flags)
@settings(max_examples=max(3, settings.default.max_examples // 8),
          phases=[Phase.explicit, Phase.generate])
@given(data=st.data())
def test_review_best_flags(game, data, solo_records):
    """`review --best-budget` / `--best-time-limit` of any text: outside its range refused
    (exit 2), never used (exit 0) nor a fault; the other flag caps the solve."""
    flag = data.draw(st.sampled_from(["--best-budget", "--best-time-limit"]))
    value = data.draw(FLAG_TEXT)
    cap = ("--best-time-limit", 2) if flag == "--best-budget" else ("--best-budget", 1)
    args = ("review", game, solo_records[game], "--iterations", 2, flag, value, *cap)
    note(f"{flag} {value!r}")
    code = allowed(args, cli_process(*args))
    if not _finite_above(value, 0, closed=False):
        assert code == 2, f"{args}: {flag} {value!r} was accepted"
