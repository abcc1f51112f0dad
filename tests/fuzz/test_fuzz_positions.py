"""Hostile position views (issue 19 §5): the card games' views without a history
(``digsite example GAME --position``, ``position_of``), mutated, through ``digsite hint``.

The contract of ``test_fuzz_inputs``: accepted and answered with a real ranking, or exit 2
with one ``error: ...`` line; never a traceback, an exit 1 or a hang. Four families, each
per game with a position form, each ``max_examples`` of the profile (20 in ``make test``,
1,000 in ``make fuzz``):

- ``structure``: keys dropped, duplicated, retyped, swapped, grown (``variants``);
- ``garbage``: text that is no view: cut JSON, other JSON values, random text and bytes;
- ``counts``: impossible numbers at every integer and list of the view (huge, negative,
  more cards or coins than the game holds, a hand size that does not match its cards);
- ``unicode``: strings and keys replaced by hostile unicode (NUL, RTL marks, combining
  marks, emoji, lookalike letters, very long words).
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import pytest
from hypothesis import given, note
from hypothesis import strategies as st

from games import registry

sys.path.insert(0, str(Path(__file__).parent))  # the shared contract and mutations
from test_fuzz_inputs import (HINTED, HOSTILE_NUMBERS, _json_text, _parent, _paths,  # noqa: E402
                              _views, allowed, cli, games_for, variants)

POSITIONED = [g for g in HINTED if hasattr(registry.engine(g), "example_position")]


POSITION_VIEWS = {game: _views(game, "position") for game in POSITIONED}


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz-positions")


def _hint(game: str, text: str | bytes, work: Path) -> None:
    """``digsite hint`` of a view file holding ``text``: the outcome contract, and a real
    ranking when it is accepted."""
    path = work / f"{game}-position.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
    args = ("hint", game, path, "--iterations", 3, "--json")
    code, out, err = cli(*args)
    if allowed(args, (code, out, err)) == 0:
        result = json.loads(out)
        assert result["game"] == game and result["moves"]
        assert result["best"] == result["moves"][0]["move"]


def test_the_position_examples_are_accepted(work):
    """The seeds of every family are valid: a mutation is what makes a case hostile."""
    for game in POSITIONED:
        assert len(POSITION_VIEWS[game]) > 3, game
        _hint(game, json.dumps(POSITION_VIEWS[game][0]), work)


@pytest.mark.parametrize("game", games_for("position", POSITIONED))
@given(data=st.data())
def test_position_structure(game, data, work):
    view = data.draw(variants(data.draw(st.sampled_from(POSITION_VIEWS[game]))))
    _hint(game, _json_text(data.draw, view), work)


GARBAGE_TEXT = st.one_of(
    st.text(max_size=40), st.binary(max_size=40),
    st.sampled_from(["", " ", "{", "}", "[]", "null", "0", "true", '"view"', "{}", "[{}]",
                     "{\"game\": }", "\ufeff{}", "NaN", "Infinity", "{\"game\": NaN}",
                     "1e999999", "[" * 5000 + "]" * 5000, "{\"a\":" * 3000 + "1" + "}" * 3000]),
)


@pytest.mark.parametrize("game", games_for("position", POSITIONED))
@given(data=st.data())
def test_position_garbage(game, data, work):
    kind = data.draw(st.integers(0, 3))
    view = data.draw(st.sampled_from(POSITION_VIEWS[game]))
    text = json.dumps(view)
    if kind == 0:  # cut anywhere
        out: str | bytes = text[:data.draw(st.integers(0, len(text) - 1))]
    elif kind == 1:  # another JSON value where the view belongs
        out = json.dumps(data.draw(st.one_of(
            st.lists(st.integers(), max_size=3), st.integers(), st.text(max_size=8),
            st.none(), st.just([view]), st.just({"view": view}))))
    elif kind == 2:  # bytes broken inside the text
        raw = bytearray(text.encode())
        at = data.draw(st.integers(0, len(raw) - 1))
        raw[at:at + 1] = data.draw(st.sampled_from([b"\xff", b"\xc3", b"\x00", b"\xed\xa0\x80"]))
        out = bytes(raw)
    else:
        out = data.draw(GARBAGE_TEXT)
    note(f"garbage kind {kind}")
    _hint(game, out, work)


@st.composite
def impossible_counts(draw, doc):
    """``doc`` with one to three integers made impossible, or one list of it grown past
    what the game holds (a hand of 60 coins, 50 sold sets)."""
    doc = copy.deepcopy(doc)
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(doc) if p]
        ints = [p for p in paths if type(_parent(doc, p)[p[-1]]) is int]
        lists = [p for p in paths if isinstance(_parent(doc, p)[p[-1]], list)
                 and _parent(doc, p)[p[-1]]]
        if ints and (not lists or draw(st.booleans())):
            path = draw(st.sampled_from(ints))
            value = _parent(doc, path)[path[-1]]
            new = draw(st.sampled_from([*HOSTILE_NUMBERS, value + 1, value - 1, value + 60,
                                        -value - 1, 10**6 + value, 10**4000]))
            _parent(doc, path)[path[-1]] = new
            note(f"count {'.'.join(map(str, path))}: {value} -> {str(new)[:20]}")
        elif lists:
            path = draw(st.sampled_from(lists))
            items = _parent(doc, path)[path[-1]]
            times = draw(st.sampled_from([2, 5, 60]))
            _parent(doc, path)[path[-1]] = [copy.deepcopy(items[0]) for _ in range(times)] + items
            note(f"grow {'.'.join(map(str, path))} by {times} of its first item")
    return doc


@pytest.mark.parametrize("game", games_for("position", POSITIONED))
@given(data=st.data())
def test_position_impossible_counts(game, data, work):
    view = data.draw(impossible_counts(data.draw(st.sampled_from(POSITION_VIEWS[game]))))
    _hint(game, json.dumps(view), work)


HOSTILE_STRINGS = st.one_of(
    st.text(min_size=1, max_size=12),
    st.sampled_from(["\x00", "coin\x00", "\u202ecoin", "co\u0301in", "ｃｏｉｎ", "сoin",
                     "🪙", "COIN", " coin ", "coin\n", "\ud800", "x" * 100_000, "é" * 500,
                     "A\u200b", "١", "²"]),
)


@st.composite
def unicode_strings(draw, doc):
    """``doc`` with one to three string values, or keys, replaced by hostile unicode."""
    doc = copy.deepcopy(doc)
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(doc) if p]
        strings = [p for p in paths if isinstance(_parent(doc, p)[p[-1]], str)]
        keys = [p for p in paths if isinstance(p[-1], str)]
        new = draw(HOSTILE_STRINGS)
        if strings and draw(st.booleans()):
            path = draw(st.sampled_from(strings))
            _parent(doc, path)[path[-1]] = new
            note(f"string at {'.'.join(map(str, path))}: {new[:20]!r}")
        elif keys:
            path = draw(st.sampled_from(keys))
            parent = _parent(doc, path)
            parent[new] = parent.pop(path[-1])
            note(f"key {path[-1]!r} renamed {new[:20]!r}")
    return doc


@pytest.mark.parametrize("game", games_for("position", POSITIONED))
@given(data=st.data())
def test_position_unicode(game, data, work):
    view = data.draw(unicode_strings(data.draw(st.sampled_from(POSITION_VIEWS[game]))))
    _hint(game, json.dumps(view, ensure_ascii=data.draw(st.booleans())), work)
