"""Typed reads out of parsed TOML or JSON, with errors that name the source and key path.

Every game module reads its card file through a :class:`Node`, and every engine reads its
JSON deals and player views through one too (``games.reader``), so every message has one
shape, ``<source>: <key path>: <what is wrong>``, e.g. ``pyramids.toml: cards[3].order:
duplicate order 7 (also cards[1])`` or ``view: hand.coin: expected an integer, got a
boolean``. A node remembers which keys were read; :meth:`Node.done` rejects the rest as
unknown, so a misspelt key never passes silently. The error class and the words for the
value types (TOML's table and array, JSON's object and list) are the node's settings.
"""

from __future__ import annotations

import enum
import math
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping, NoReturn, Sequence, TypeVar, cast

from .errors import InvalidDataError

__all__ = ["LABELS", "Node", "frozen_map", "weakest", "TOML_WORDS", "JSON_WORDS",
           "CARD_NUMBER_LIMIT", "PLAYERS", "SOLO", "read_players", "table_words", "players_words",
           "engine_players", "MAX_DECK"]

#: The largest number a card file may hold anywhere (a count, a price, points, a target):
#: no component of the five games prints a number above 100, and every deal, view and
#: search stays small below this. A hostile file (100,000,000 coins) is refused on load,
#: not left to hang ``deal``.
CARD_NUMBER_LIMIT = 1000
#: The table sizes digsite's engine of each game plays, smallest and largest
#: (``games.registry`` takes each game's ``players`` from here): a card file's
#: ``players_min`` and ``players_max`` may narrow its game's range, never widen it. Its
#: tables by player count may still name every count of the game's range: those of the
#: tables the file does not seat are checked and left out (:meth:`Node.player_table`).
PLAYERS: dict[str, tuple[int, int]] = {
    "ancients": (2, 6), "archaeology": (2, 4), "expedition": (2, 5), "lootnrun": (2, 6),
    "pyramids": (2, 4),
}
#: The games digsite also plays with one seat, as an analysis mode no rulebook has
#: (``games.registry`` takes each game's ``solo`` from here): any card file allows it.
SOLO = frozenset({"ancients", "pyramids"})
#: The most cards one deck (or one game's whole box) may hold in a card file: the largest
#: of the five games has about 130.
MAX_DECK = 500

#: Provenance labels, surest first (their meaning: ``/shared/card-facts.md``).
LABELS = ("rules", "community", "inferred", "reconstructed")

T = TypeVar("T")
K = TypeVar("K")


class _Missing(enum.Enum):
    """The type of the "no default given" marker (an enum member, so a type checker
    narrows ``default`` once it is known not to be the marker)."""

    MISSING = enum.auto()


_MISSING = _Missing.MISSING
#: How each value type is named in messages, and what a mapping and a list are called.
TOML_WORDS = {bool: "a boolean", int: "an integer", float: "a float", str: "a string",
              list: "an array", dict: "a table", type(None): "null"}
JSON_WORDS = {**TOML_WORDS, list: "a list", dict: "an object", float: "a number"}


def frozen_map(pairs: Mapping[K, T] | Iterable[tuple[K, T]]) -> Mapping[K, T]:
    """A read-only mapping (insertion order kept) for the fields of frozen data values."""
    return MappingProxyType(dict(pairs))


def weakest(labels: Iterable[str]) -> str:
    """The least sure of some provenance labels: a table is only as sure as its weakest entry."""
    return max(labels, key=LABELS.index)


def _describe(value: object, words: Mapping[type, str] = TOML_WORDS) -> str:
    name = words.get(type(value), type(value).__name__)
    if isinstance(value, str):
        shown = repr(value if len(value) <= 40 else value[:37] + "...")
        return f"{name} {shown}"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return name
    if isinstance(value, int) and abs(value) >= 10**18:
        return f"{name} with {len(str(abs(value)))} digits"
    return f"{name} {value!r}"


def _entries(n: int) -> str:
    return f"{n} entry" if n == 1 else f"{n} entries"


class Node:
    """One table (a JSON object) being read, with its place in the source for messages.

    ``error`` is the exception class raised (``InvalidDataError`` for card data); ``words``
    names the value types in messages (:data:`TOML_WORDS` or :data:`JSON_WORDS`);
    ``limit`` caps every number read (card data: :data:`CARD_NUMBER_LIMIT`); ``suggest``
    adds to the refusal of an unknown key, or of a string value that is none of its
    ``choices`` (a misspelt card name or colour), the one close choice it may be a
    misspelling of (``games.reader`` gives JSON documents
    ``games.forgiving.did_you_mean``: this layer does not import it).
    """

    __slots__ = ("_table", "_seen", "source", "path", "summary", "error", "words", "limit",
                 "suggest", "fill")

    def __init__(self, table: Mapping[str, Any], source: str, path: str = "",
                 summary: dict[str, str] | None = None, *,
                 error: type[Exception] = InvalidDataError, words: Mapping[type, str] = TOML_WORDS,
                 limit: int | None = None,
                 suggest: Callable[[str, Sequence[str]], str] | None = None,
                 fill: bool = False) -> None:
        self._table = table
        self._seen: dict[str, None] = {}  # a dict, not a set: keeps read order for messages
        self.source = source
        self.path = path
        #: provenance label per table / card set, shared by the whole file (see ``provenance``)
        self.summary = {} if summary is None else summary
        self.error = error
        self.words = words
        self.limit = limit
        self.suggest = suggest
        #: write each default read into the table (``table`` is then a dict the caller
        #: owns): the document as read, completed (``cards_data.completed_text``)
        self.fill = fill

    # -- paths and failure -------------------------------------------------------------

    def where(self, key: str | int | None = None) -> str:
        """Key path of ``key`` inside this table (``cards[3].grid``)."""
        if key is None:
            return self.path
        if isinstance(key, int):
            return f"{self.path}[{key}]"
        return f"{self.path}.{key}" if self.path else key

    def fail(self, message: str, key: str | int | None = None) -> NoReturn:
        """Raise ``InvalidDataError`` about this table, or about ``key`` in it."""
        self.fail_at(self.where(key), message)

    def fail_at(self, where: str, message: str) -> NoReturn:
        raise self.error(f"{self.source}: {where}: {message}" if where
                         else f"{self.source}: {message}")

    def describe(self, value: Any) -> str:
        """``value``'s type (and the value, if short) as messages name it."""
        return _describe(value, self.words)

    def done(self) -> None:
        """Reject every key of this table that no read asked for."""
        for key in self._table:
            if key not in self._seen:
                self._unknown(key, list(self._seen))

    def only(self, keys: Sequence[str]) -> None:
        """Reject, before anything is read, a key of this table that is none of ``keys``
        (every key such a table may hold): a misspelt optional key is named as such, not
        read as left out and blamed on what its default breaks. A key only some tables
        may hold (by the game's options, a phase) is still :meth:`done`'s to refuse."""
        for key in self._table:
            if key not in keys:
                self._unknown(key, keys)

    def _unknown(self, key: str, expected: Sequence[str]) -> NoReturn:
        self.fail(f"unknown key {key!r} (expected: {', '.join(expected) or 'nothing'})"
                  + self._suggested(key, expected))

    def _suggested(self, word: str, choices: Sequence[str]) -> str:
        """What ``suggest`` adds to the refusal of ``word`` (a key or a value) that is none
        of ``choices``: the one close choice, or nothing."""
        return self.suggest(word, choices) if self.suggest is not None and choices else ""

    # -- raw access --------------------------------------------------------------------

    def has(self, key: str) -> bool:
        return key in self._table

    def keys(self) -> list[str]:
        """The keys of this table, in source order (none of them marked read)."""
        return list(self._table)

    def raw(self, key: str, default: Any = _MISSING) -> Any:
        """The value of ``key``, or ``default``; a missing key without default is an error."""
        self._seen[key] = None
        if key in self._table:
            return self._table[key]
        if default is _MISSING:
            self.fail(f"missing key {key!r}")
        return default

    def _node(self, value: Any, where: str) -> Node:
        if not isinstance(value, dict):
            self.fail_at(where, f"expected {self.words[dict]}, got {self.describe(value)}")
        return Node(value, self.source, where, self.summary, error=self.error, words=self.words,
                    limit=self.limit, suggest=self.suggest, fill=self.fill)

    def _defaulted(self, key: str, default: T) -> T:
        """``default`` read for the missing ``key`` (marked read; written in with ``fill``)."""
        self._seen[key] = None
        if self.fill:
            if isinstance(default, Mapping):  # (a copy: the table's own, filled in turn)
                default = cast(T, dict(default))
            cast(dict[str, Any], self._table)[key] = default
        return default

    def node_at(self, value: Any, where: str) -> Node:
        """A child node for ``value`` (an item of an array), placed at ``where``."""
        return self._node(value, where)

    # -- checked scalars (``where`` forms serve array items) ----------------------------

    def check_int(self, value: Any, where: str, lo: int | None = 0, hi: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail_at(where, f"expected an integer, got {self.describe(value)}")
        if lo is not None and value < lo:
            self.fail_at(where, f"must be at least {lo}, got {self._shown(value)}")
        if hi is not None and value > hi:
            self.fail_at(where, f"must be at most {hi}, got {self._shown(value)}")
        self._check_limit(value, where)
        return value

    def _shown(self, value: int | float) -> str:
        return (f"a number with {len(str(abs(int(value))))} digits"
                if abs(value) >= 10**18 else f"{value}")

    def _check_limit(self, value: int | float, where: str) -> None:
        if self.limit is not None and abs(value) > self.limit:
            self.fail_at(where, f"{self._shown(value)} is beyond {self.limit:,}, the largest "
                                "number a file may hold here")

    def check_str(self, value: Any, where: str, choices: Sequence[str] | None = None) -> str:
        if not isinstance(value, str):
            self.fail_at(where, f"expected a string, got {self.describe(value)}")
        if choices is not None and value not in choices:
            self.fail_at(where, f"{value!r} is not one of {', '.join(choices)}"
                         + self._suggested(value, choices))
        return value

    def check_bool(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            self.fail_at(where, f"expected true or false, got {self.describe(value)}")
        return value

    def check_number(self, value: Any, where: str, lo: float | None = None,
                     hi: float | None = None) -> float:
        """A finite int or float (never a boolean), within ``[lo, hi]``."""
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.fail_at(where, f"expected a number, got {self.describe(value)}")
        if isinstance(value, float) and not math.isfinite(value):
            self.fail_at(where, f"expected a finite number, got {value!r}")
        if lo is not None and value < lo:
            self.fail_at(where, f"must be at least {lo}, got {self._shown(value)}")
        if hi is not None and value > hi:
            self.fail_at(where, f"must be at most {hi}, got {self._shown(value)}")
        self._check_limit(value, where)
        return value

    def check_list(self, value: Any, where: str, length: int | None = None,
                   min_length: int = 0, max_length: int | None = None) -> list[Any]:
        if not isinstance(value, list):
            self.fail_at(where, f"expected {self.words[list]}, got {self.describe(value)}")
        if length is not None and len(value) != length:
            self.fail_at(where, f"expected {_entries(length)}, got {len(value)}")
        if len(value) < min_length:
            self.fail_at(where, f"expected at least {_entries(min_length)}, got {len(value)}")
        if max_length is not None and len(value) > max_length:
            self.fail_at(where, f"expected at most {_entries(max_length)}, got {len(value)}")
        return value

    # -- typed reads -------------------------------------------------------------------

    def integer(self, key: str, *, lo: int | None = 0, hi: int | None = None,
                default: T | _Missing = _MISSING) -> int | T:
        if default is not _MISSING and not self.has(key):
            return self._defaulted(key, default)
        return self.check_int(self.raw(key), self.where(key), lo, hi)

    def text(self, key: str, *, choices: Sequence[str] | None = None,
             default: T | _Missing = _MISSING) -> str | T:
        if default is not _MISSING and not self.has(key):
            return self._defaulted(key, default)
        return self.check_str(self.raw(key), self.where(key), choices)

    def name(self, key: str = "name") -> str:
        """A name a player reads (a treasure's, a monument's, a map's): text with a letter
        or digit, not empty or blank (an empty treasure name was taken, and a hint said
        "trade 1 for 1 (trade value ...)")."""
        text = self.text(key)
        if not text.strip():
            self.fail(f"{'blank' if text else 'empty'}: give the name the cards and hints "
                      f"call it by", key)
        return text

    def boolean(self, key: str, *, default: T | _Missing = _MISSING) -> bool | T:
        if default is not _MISSING and not self.has(key):
            return self._defaulted(key, default)
        return self.check_bool(self.raw(key), self.where(key))

    def number(self, key: str, *, lo: float | None = None, hi: float | None = None,
               default: T | _Missing = _MISSING) -> float | T:
        if default is not _MISSING and not self.has(key):
            return self._defaulted(key, default)
        return self.check_number(self.raw(key), self.where(key), lo, hi)

    def optional_integer(self, key: str, *, lo: int | None = 0, hi: int | None = None) -> int | None:
        """An integer, or ``None`` when the key is missing or null."""
        value = self.raw(key, None)
        return None if value is None else self.check_int(value, self.where(key), lo, hi)

    def items(self, key: str, *, length: int | None = None, min_length: int = 0,
              max_length: int | None = None, default: T | _Missing = _MISSING) -> list[Any] | T:
        """An array's raw items (check each with ``check_*`` or ``node_at``)."""
        if default is not _MISSING and not self.has(key):
            return self._defaulted(key, default)
        return self.check_list(self.raw(key), self.where(key), length, min_length, max_length)

    def integers(self, key: str, *, lo: int | None = 0, hi: int | None = None,
                 length: int | None = None, min_length: int = 0) -> tuple[int, ...]:
        where = self.where(key)
        items = self.check_list(self.raw(key), where, length, min_length)
        return tuple(self.check_int(v, f"{where}[{i}]", lo, hi) for i, v in enumerate(items))

    def texts(self, key: str, *, choices: Sequence[str] | None = None,
              length: int | None = None, min_length: int = 0) -> tuple[str, ...]:
        where = self.where(key)
        items = self.check_list(self.raw(key), where, length, min_length)
        return tuple(self.check_str(v, f"{where}[{i}]", choices) for i, v in enumerate(items))

    def table(self, key: str, *, default: Mapping[str, Any] | _Missing = _MISSING) -> Node:
        """The table ``key``; with ``default``, a missing key gives a node of ``default``."""
        if default is not _MISSING and not self.has(key):
            return self._node(self._defaulted(key, default), self.where(key))
        return self._node(self.raw(key), self.where(key))

    def optional_table(self, key: str) -> Node | None:
        """The table ``key``, or ``None`` when the key is missing or null."""
        value = self.raw(key, None)
        return None if value is None else self._node(value, self.where(key))

    def tables(self, key: str, *, min_length: int = 1, length: int | None = None) -> list[Node]:
        """An array of tables (``[[key]]``), one node per entry."""
        where = self.where(key)
        items = self.check_list(self.raw(key), where, length, min_length=min_length)
        return [self._node(v, f"{where}[{i}]") for i, v in enumerate(items)]

    def children(self, key: str) -> list[tuple[str, Node]]:
        """A table of tables (``[key.name]``), as (name, node) pairs in file order."""
        parent = self.table(key)
        parent._seen.update(dict.fromkeys(parent._table))
        return [(name, parent._node(v, parent.where(name))) for name, v in parent._table.items()]

    def int_table(self, key: str, *, keys: Sequence[str] | None = None,
                  lo: int | None = 0, hi: int | None = None) -> dict[str, int]:
        """A table of integers; with ``keys``, exactly those keys."""
        node = self.table(key)
        for name in keys or ():
            if not node.has(name):
                node.fail(f"missing key {name!r}")
        out = {name: node.integer(name, lo=lo, hi=hi) for name in (keys or node._table)}
        node.done()
        return out

    def player_table(self, key: str, players: range, *, known: range | None = None,
                     complete: bool, lo: int | None = 0, hi: int | None = None
                     ) -> dict[int, int]:
        """A table keyed by player count (``{ 3 = 1, 4 = 2 }``) of the counts ``players``;
        ``complete``: every one of them. ``known`` (default ``players``) are the counts a
        key may name: a count of ``known`` outside ``players`` is checked like the others
        and left out (a card file narrowing its game's table range keeps the game's
        entries for the other tables, and need not delete them)."""
        known = players if known is None else known
        node = self.table(key)
        out = {}
        for name in node._table:
            if not (name.isdecimal() and int(name) in known):
                node.fail(f"key {name!r} is not a player count allowed here "
                          f"({players_words(known[0], known[-1])})")
            value = node.integer(name, lo=lo, hi=hi)
            if int(name) in players:
                out[int(name)] = value
        if complete:
            missing = [p for p in players if p not in out]
            if missing:
                node.fail(f"missing player count {missing[0]}")
        return dict(sorted(out.items()))

    def text_table(self, key: str, *, choices: Sequence[str] | None = None) -> dict[str, str]:
        node = self.table(key)
        return {name: node.text(name, choices=choices) for name in node._table}

    # -- provenance --------------------------------------------------------------------

    def record(self, summary: str, label: str) -> None:
        """Note ``label`` for the table or card set ``summary`` (keeping the weakest seen)."""
        old = self.summary.get(summary)
        self.summary[summary] = label if old is None else weakest((old, label))

    def provenance(self, summary: str, groups: Sequence[str] = ()) -> Any:
        """Read this table's ``provenance`` and record it under ``summary``.

        Plain tables carry one label (returned as ``str``). With ``groups`` (field groups of a
        mixed table, e.g. a treasure's ``count``/``trade``/``sell``) the value is a table
        with one label per group, or one label for all; a read-only mapping is returned and
        each group is recorded as ``summary.group``.
        """
        value = self.raw("provenance")
        where = self.where("provenance")
        if not groups:
            label = self.check_str(value, where, LABELS)
            self.record(summary, label)
            return label
        if isinstance(value, str):
            labels = dict.fromkeys(groups, self.check_str(value, where, LABELS))
        else:
            node = self._node(value, where)
            labels = {group: node.text(group, choices=LABELS) for group in groups}
            node.done()
        for group, label in labels.items():
            self.record(f"{summary}.{group}", label)
        return frozen_map(labels)

    # -- shared checks -----------------------------------------------------------------

    def unique(self, nodes: Sequence[Node], key: str, values: Sequence[Any]) -> None:
        """Fail on the first entry whose ``key`` repeats an earlier entry's."""
        first: dict[Any, Node] = {}
        for node, value in zip(nodes, values):
            if value in first:
                node.fail(f"duplicate {key} {value!r} (also {first[value].path})", key)
            first[value] = node


def players_words(low: int, high: int) -> str:
    """A range of table sizes in words: ``"2 to 4 players"``, or ``"3 players"`` for one
    (``"1 player"``: it said "1 players").

    >>> players_words(2, 4), players_words(3, 3), players_words(1, 1)
    ('2 to 4 players', '3 players', '1 player')
    """
    if low < high:
        return f"{low} to {high} players"
    return f"{low} player" if low == 1 else f"{low} players"


def engine_players(game: str) -> range:
    """The table sizes digsite's engine of ``game`` seats (:data:`PLAYERS`): the counts a
    card file's tables by player count may name, whatever range the file narrows to."""
    low, high = PLAYERS[game]
    return range(low, high + 1)


def table_words(game: str, low: int, high: int) -> str:
    """How many seats ``game`` is played by, from ``low`` to ``high`` at a table, and 1 in
    its solo analysis mode where it has one: ``"2 to 4 players (1: the solo analysis
    mode)"``."""
    return players_words(low, high) + (" (1: the solo analysis mode)" if game in SOLO else "")


def read_players(table: Node, game: str) -> tuple[int, int]:
    """``players_min`` and ``players_max`` of ``table``, within the table range ``game``'s
    engine plays (:data:`PLAYERS`): a file saying 9 seats for a game played by 2 to 4, or 1
    (or 0, or 5) for a game played from 2, is refused here, naming the key and the range,
    not left to fail at a deal or a view. The solo analysis mode (:data:`SOLO`) is no
    table: a file does not say it."""
    low, high = PLAYERS[game]
    solo = ", and 1 in its solo analysis mode, which every file allows" if game in SOLO else ""
    why = (f"(digsite's {game} engine seats {low} to {high} players at a table{solo}: a "
           f"file may narrow the table's range, not widen it)")
    players_min = table.integer("players_min", lo=None)
    if not low <= players_min <= high:
        table.fail(f"must be {low} to {high}, got {players_min} {why}", "players_min")
    players_max = table.integer("players_max", lo=None)
    if players_max > high:
        table.fail(f"must be at most {high}, got {players_max} {why}", "players_max")
    if players_max < players_min:
        table.fail(f"must be at least players_min, {players_min}, got {players_max}",
                   "players_max")
    return players_min, players_max
