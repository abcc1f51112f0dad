"""One reader for every JSON document an engine accepts: deals, player views, records.

A document is read through a :class:`cards_data._schema.Node` that raises
``InvalidStateError`` and names JSON types, so every engine's messages have one shape,
``<source>: <key path>: <what is wrong>`` (``view: hand.coin: expected an integer, got a
boolean``), and a key no read asked for is refused by ``node.done()`` with its path
(``view: unknown key 'marketplce' (expected: ...); did you mean `marketplace`?``; a view's
reader names every key it may hold first, ``node.only``, so that a misspelt optional key is
refused as such before its default is read).

Every document starts with the same header (:func:`read_header`): ``"game"``, the game id
(required, and it must be the game asked for), and ``"players"``, the table size.

A player view of any game may carry ``"card_data": {"edition", "digest"}``
(:data:`VIEW_MARK`, written by :func:`marked_view` when a file replaced the bundled card
data), as a record carries ``"cards"``; :func:`read_fingerprint` refuses either when it
names other data than the data it is read with.

>>> node = read_document({"game": "lootnrun", "players": 7}, "deal")
>>> read_header(node, "lootnrun", (2, 6))
Traceback (most recent call last):
...
games.errors.InvalidStateError: deal: players: must be at most 6, got 7
"""

from __future__ import annotations

from typing import Any, Collection, Mapping, NamedTuple, Sequence

import cards_data
from cards_data._schema import JSON_WORDS, Node
from grids.cells import GridError, parse_cell

from .errors import InvalidStateError
from .forgiving import did_you_mean

__all__ = ["Node", "ViewReading", "read_document", "read_game", "read_header", "read_seats",
           "read_view_seat",
           "read_fingerprint", "marked_view", "VIEW_MARK", "read_counts",
           "read_choice",
           "read_names", "read_id", "read_ids", "check_ids", "read_cells"]

_REQUIRED: Any = object()


class ViewReading(NamedTuple):
    """A card game's player view read (``read_view`` of its ``views``): one sampled
    ``world``, the view's ``seat``, its ``form`` (``"history"`` or ``"position"``) and the
    ``notes`` a hint must carry about the reading (what a position leaves out, a bounded
    reading's approximation; ``solvers.hints.stamped`` adds both to a hint)."""

    world: Any
    seat: int
    form: str
    notes: tuple[str, ...] = ()


#: The documents digsite writes, by the key that marks each (checked in this order: a table
#: record has a "seat" too), and what to call them in an error.
_KINDS = (("record", "record", "a game record (`play`, `arena`)"),
          ("table", "table", "a table record (`track`)"),
          ("view", "seat", "a player view (one position: `hint`, `best-move`)"),
          # (no key names a deal in every game: each game's deal has one of these, which
          # no view, record or table record has at its top)
          *(("deal", key, "a deal (`deal`: every card of a game, which no seat sees)")
            for key in ("return_positions", "removed", "steal_rolls", "chance_seed")))
_NAMES = {"record": "a game record", "table": "a table record", "view": "a player view"}
#: What a command that wanted ``source`` may do with another kind of document instead.
_INSTEAD = {("view", "record"): "; give --at N for its decision N",
            ("view", "table"): "; give --at N for its decision N",
            ("record", "table"): "; `review` replays a game from its deal, which a table "
                                 "record has not (`view` and `hint` read it with --at N)",
            ("table", "record"): "; --resume goes on with a table record"}


def read_document(doc: Any, source: str) -> Node:
    """The top-level node of a JSON document (``source``: ``"deal"``, ``"view"``, ...). A
    document of another kind digsite writes is named as such (it said "missing key
    'record'" of a table record given to ``review``)."""
    if not isinstance(doc, dict):
        raise InvalidStateError(f"{source}: expected a JSON object, got "
                                f"{JSON_WORDS.get(type(doc), type(doc).__name__)}")
    found = next(((kind, what) for kind, key, what in _KINDS if key in doc), None)
    if found is not None and found[0] != source and source in _NAMES:
        raise InvalidStateError(f"{source}: this is {found[1]}, not {_NAMES[source]}"
                                f"{_INSTEAD.get((source, found[0]), '')}")
    return Node(doc, source, error=InvalidStateError, words=JSON_WORDS, suggest=did_you_mean)


def read_game(node: Node, game_id: str) -> None:
    """Check ``"game"``: a document of another game is refused naming both. A reader that
    checks its keys (``Node.only``) calls it first: another game's view was refused for
    its first key ("unknown key 'scores'", a Loot N Run view given to ``hint archaeology``)."""
    game = node.text("game")
    if game != game_id:
        node.fail(f"this is a document of {game!r}, not {game_id!r}", "game")


def read_header(node: Node, game_id: str, players: tuple[int, int | None]) -> int:
    """Check ``"game"`` and return ``"players"`` (within the inclusive range ``players``;
    ``None``: no largest)."""
    read_game(node, game_id)
    low, high = players
    return node.integer("players", lo=low, hi=high)


def read_seats(node: Node, data: cards_data.CardData) -> int:
    """:func:`read_header` for ``data``'s game: its ``"players"`` one of the counts
    digsite plays that data with (``cards_data.seat_counts``: a file that narrows the
    table's range is held to it), refused in one line naming the file and its range."""
    players = read_header(node, data.game, (1, None))
    refused = cards_data.seats_refused(data, players)
    if refused is not None:
        node.fail(refused, "players")
    return players


def read_view_seat(node: Node, players: int) -> int:
    """A player view's ``"seat"``, which must also be ``"to_move"``: a view is for the seat
    to act (a view edited to another seat's turn is refused here, not by the search)."""
    seat = node.integer("seat", hi=players - 1)
    to_move = node.integer("to_move", hi=players - 1)
    if to_move != seat:
        node.fail(f"seat {to_move} is to act but this is seat {seat}'s view (a view is for "
                  f"the seat to act)", "to_move")
    return seat


#: The key of a player view that says which card data it was made with, when that was not
#: the bundled data (:func:`marked_view`); a record's and a table's is ``"cards"`` (a
#: Pyramids view's ``"cards"`` are the seat's cards, so a view's mark has its own name).
VIEW_MARK = "card_data"
#: What a document made with other card data is read by, when it was refused for it.
_GIVE_FILE = {"view": "hint, best-move and plan take it",
              "record": "review, view, hint --at, track --resume and serve take it",
              "table": "track --resume, view and hint --at take it"}


def read_fingerprint(node: Node, data: Any, key: str = "cards") -> dict[str, str] | None:
    """A document's card-data mark (``cards_data.fingerprint``: a record's ``"cards"``, a
    view's :data:`VIEW_MARK`), checked against the card data it is read with: other data
    (another edition, or values edited) is refused in a sentence naming both, before a
    replay or a search would use the wrong values (a view made with ``--cards FILE`` and
    hinted without it priced a coin at the bundled $2, not the file's $9)."""
    table = node.optional_table(key)
    if table is None:
        return None
    kept = {"edition": table.text("edition"), "digest": table.text("digest")}
    table.done()
    here = cards_data.fingerprint(data)
    if kept != here:
        bundled = cards_data.fingerprint(cards_data.load(data.game))
        advice = ("it was made with the bundled data, so leave --cards out" if kept == bundled
                  else f"give the --cards FILE it was made with "
                       f"({_GIVE_FILE.get(node.source, 'every command that reads it takes it')})")
        node.fail(f"this {node.source} was made with other card data (edition "
                  f"{kept['edition']!r}, digest {kept['digest']}) than the data read now "
                  f"(edition {here['edition']!r}, digest {here['digest']}): {advice}", key)
    return kept


def marked_view(view: dict[str, Any], data: Any) -> dict[str, Any]:
    """``view`` with the mark of the card data it was made with (:data:`VIEW_MARK`) when
    that is not the bundled data (a file given with ``--cards``), so that a hint read with
    other data refuses it; a view of the bundled data is returned as it is (its output the
    same, byte for byte, as before the mark existed).

    >>> data = cards_data.load("lootnrun")
    >>> VIEW_MARK in marked_view({"game": "lootnrun"}, data)
    False
    """
    mark = cards_data.given_fingerprint(data)
    return view if mark is None else {**view, VIEW_MARK: mark}


def read_counts(node: Node, key: str, names: Sequence[str], *, default: Any = None,
                hi: int | None = None) -> list[int]:
    """An object of ``name: count`` (counts >= 0) as a vector over ``names``; a name not
    in ``names`` is refused with the list of valid ones. ``default``: the value when the
    key is missing (``None``: the key is required)."""
    if default is not None and not node.has(key):
        node.raw(key, None)
        return list(default)
    counts = node.table(key)
    index = {name: i for i, name in enumerate(names)}
    out = [0] * len(names)
    for name in counts.keys():
        if name not in index:
            counts.fail(f"unknown card {name!r} (cards: {', '.join(names)})"
                        + did_you_mean(name, names), name)
        out[index[name]] = counts.integer(name, lo=0, hi=hi)
    return out


def read_names(node: Node, key: str, names: Sequence[str] | Mapping[str, int], *,
               length: int | None = None, max_length: int | None = None) -> list[int]:
    """A list of names (cards, ...) as their indices in ``names``."""
    index = names if isinstance(names, Mapping) else {n: i for i, n in enumerate(names)}
    where = node.where(key)
    items = node.items(key, length=length, max_length=max_length)
    out = []
    for i, name in enumerate(items):
        node.check_str(name, f"{where}[{i}]")
        if name not in index:
            node.fail_at(f"{where}[{i}]", f"unknown card {name!r} (cards: {', '.join(index)})"
                                          + did_you_mean(name, list(index)))
        out.append(index[name])
    return out


def read_id(node: Node, key: str, known: Collection[int], *, what: str = "card") -> int:
    """The integer id ``key``, one of ``known`` (else ``unknown <what> <id>``)."""
    value = node.check_int(node.raw(key), node.where(key), lo=None)
    if value not in known:
        node.fail(f"unknown {what} {value}", key)
    return value


def check_ids(node: Node, value: Any, where: str, known: Collection[int], *,
              what: str = "card", length: int | None = None,
              max_length: int | None = None) -> list[int]:
    """``value`` (found at ``where``) as a list of integer ids, each one of ``known``."""
    items = node.check_list(value, where, length, max_length=max_length)
    out = []
    for i, item in enumerate(items):
        item = node.check_int(item, f"{where}[{i}]", lo=None)
        if item not in known:
            node.fail_at(f"{where}[{i}]", f"unknown {what} {item}")
        out.append(item)
    return out


def read_ids(node: Node, key: str, known: Collection[int], *, what: str = "card",
             length: int | None = None, max_length: int | None = None,
             default: Any = _REQUIRED) -> list[int]:
    """The list of integer ids ``key`` (cards, maps, ...), each one of ``known``; an id
    that is not is refused as ``unknown <what> <id>``. ``default``: the value when the key
    is missing (the key is required without one)."""
    if default is not _REQUIRED and not node.has(key):
        node.raw(key, None)
        return list(default)
    return check_ids(node, node.raw(key), node.where(key), known, what=what, length=length,
                     max_length=max_length)


def read_cells(node: Node, key: str, *, default: int = _REQUIRED) -> int:
    """A list of distinct cell names (``["A1", "B2"]``) as a 25-bit mask."""
    if default is not _REQUIRED and not node.has(key):
        node.raw(key, None)
        return default
    where = node.where(key)
    mask = 0
    for i, name in enumerate(node.items(key)):
        node.check_str(name, f"{where}[{i}]")
        try:
            bit = 1 << parse_cell(name)
        except GridError as error:
            node.fail_at(f"{where}[{i}]", str(error))
        if mask & bit:
            node.fail_at(f"{where}[{i}]", f"cell {name} listed twice")
        mask |= bit
    return mask


def read_choice(node: Node, value: Any, where: str, choices: Sequence[str]) -> str:
    """``value`` (at ``where``) as one of ``choices``, a close miss refused with the one
    suggestion ``games.forgiving`` makes (``'tmple' is not one of ...; did you mean
    `temple`?``): monuments and variants are spelt as game ids are (the node's
    ``check_str`` with choices, which every node of a document makes)."""
    return node.check_str(value, where, choices)
