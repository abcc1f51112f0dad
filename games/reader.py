"""One reader for every JSON document an engine accepts: deals, player views, records.

A document is read through a :class:`cards_data._schema.Node` that raises
``InvalidStateError`` and names JSON types, so every engine's messages have one shape,
``<source>: <key path>: <what is wrong>`` (``view: hand.coin: expected an integer, got a
boolean``), and a key no read asked for is refused by ``node.done()`` with its path
(``view: not_map: unknown key 'not_map' (expected: ...)``).

Every document starts with the same header (:func:`read_header`): ``"game"``, the game id
(required, and it must be the game asked for), and ``"players"``, the table size.

>>> node = read_document({"game": "lootnrun", "players": 7}, "deal")
>>> read_header(node, "lootnrun", (2, 6))
Traceback (most recent call last):
...
games.errors.InvalidStateError: deal: players: must be at most 6, got 7
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from cards_data._schema import JSON_WORDS, Node

from .errors import InvalidStateError

__all__ = ["Node", "read_document", "read_header", "read_view_seat", "read_counts",
           "read_names"]


def read_document(doc: Any, source: str) -> Node:
    """The top-level node of a JSON document (``source``: ``"deal"``, ``"view"``, ...)."""
    if not isinstance(doc, dict):
        raise InvalidStateError(f"{source}: expected a JSON object, got "
                                f"{JSON_WORDS.get(type(doc), type(doc).__name__)}")
    return Node(doc, source, error=InvalidStateError, words=JSON_WORDS)


def read_header(node: Node, game_id: str, players: tuple[int, int]) -> int:
    """Check ``"game"`` and return ``"players"`` (within the inclusive range ``players``)."""
    game = node.text("game")
    if game != game_id:
        node.fail(f"this is a document of {game!r}, not {game_id!r}", "game")
    low, high = players
    return node.integer("players", lo=low, hi=high)


def read_view_seat(node: Node, players: int) -> int:
    """A player view's ``"seat"``, which must also be ``"to_move"``: a view is for the seat
    to act (a view edited to another seat's turn is refused here, not by the search)."""
    seat = node.integer("seat", hi=players - 1)
    to_move = node.integer("to_move", hi=players - 1)
    if to_move != seat:
        node.fail(f"seat {to_move} is to act but this is seat {seat}'s view (a view is for "
                  f"the seat to act)", "to_move")
    return seat


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
            counts.fail(f"unknown card {name!r} (cards: {', '.join(names)})", name)
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
            node.fail_at(f"{where}[{i}]", f"unknown card {name!r} (cards: {', '.join(index)})")
        out.append(index[name])
    return out
