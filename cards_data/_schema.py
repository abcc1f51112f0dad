"""Typed reads out of parsed TOML, with errors that name the file and the key path.

Every game module reads its file through a :class:`Node`, so every message has one shape,
``<file>: <key path>: <what is wrong>``, e.g. ``pyramids.toml: cards[3].order: duplicate
order 7 (also cards[1])``. A node remembers which keys were read; :meth:`Node.done`
rejects the rest as unknown, so a misspelt key never passes silently.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Iterable, Mapping, NoReturn, Sequence

from .errors import InvalidDataError

__all__ = ["LABELS", "Node", "frozen_map", "weakest"]

#: Provenance labels, surest first (their meaning: ``/shared/card-facts.md``).
LABELS = ("rules", "community", "inferred", "reconstructed")

_MISSING: Any = object()
_TYPE_NAMES = {bool: "a boolean", int: "an integer", float: "a float", str: "a string",
               list: "an array", dict: "a table"}


def frozen_map(pairs: Mapping | Iterable[tuple]) -> Mapping:
    """A read-only mapping (insertion order kept) for the fields of frozen data values."""
    return MappingProxyType(dict(pairs))


def weakest(labels: Iterable[str]) -> str:
    """The least sure of some provenance labels: a table is only as sure as its weakest entry."""
    return max(labels, key=LABELS.index)


def _describe(value: object) -> str:
    name = _TYPE_NAMES.get(type(value), type(value).__name__)
    return f"{name} {value!r}" if isinstance(value, (int, float, str)) else name


def _entries(n: int) -> str:
    return f"{n} entry" if n == 1 else f"{n} entries"


class Node:
    """One TOML table being read, with its place in the file for error messages."""

    __slots__ = ("_table", "_seen", "source", "path", "summary")

    def __init__(self, table: Mapping[str, Any], source: str, path: str = "",
                 summary: dict[str, str] | None = None):
        self._table = table
        self._seen: dict[str, None] = {}  # a dict, not a set: keeps read order for messages
        self.source = source
        self.path = path
        #: provenance label per table / card set, shared by the whole file (see ``provenance``)
        self.summary = {} if summary is None else summary

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
        raise InvalidDataError(f"{self.source}: {where}: {message}" if where
                               else f"{self.source}: {message}")

    def done(self) -> None:
        """Reject every key of this table that no read asked for."""
        for key in self._table:
            if key not in self._seen:
                expected = ", ".join(self._seen) or "nothing"
                self.fail(f"unknown key {key!r} (expected: {expected})")

    # -- raw access --------------------------------------------------------------------

    def has(self, key: str) -> bool:
        return key in self._table

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
            self.fail_at(where, f"expected a table, got {_describe(value)}")
        return Node(value, self.source, where, self.summary)

    # -- checked scalars (``where`` forms serve array items) ----------------------------

    def check_int(self, value: Any, where: str, lo: int | None = 0, hi: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail_at(where, f"expected an integer, got {_describe(value)}")
        if lo is not None and value < lo:
            self.fail_at(where, f"must be at least {lo}, got {value}")
        if hi is not None and value > hi:
            self.fail_at(where, f"must be at most {hi}, got {value}")
        return value

    def check_str(self, value: Any, where: str, choices: Sequence[str] | None = None) -> str:
        if not isinstance(value, str):
            self.fail_at(where, f"expected a string, got {_describe(value)}")
        if choices is not None and value not in choices:
            self.fail_at(where, f"{value!r} is not one of {', '.join(choices)}")
        return value

    def check_list(self, value: Any, where: str, length: int | None = None,
                   min_length: int = 0) -> list:
        if not isinstance(value, list):
            self.fail_at(where, f"expected an array, got {_describe(value)}")
        if length is not None and len(value) != length:
            self.fail_at(where, f"expected {_entries(length)}, got {len(value)}")
        if len(value) < min_length:
            self.fail_at(where, f"expected at least {_entries(min_length)}, got {len(value)}")
        return value

    # -- typed reads -------------------------------------------------------------------

    def integer(self, key: str, *, lo: int | None = 0, hi: int | None = None,
                default: Any = _MISSING) -> int:
        if default is not _MISSING and not self.has(key):
            self._seen[key] = None
            return default
        return self.check_int(self.raw(key), self.where(key), lo, hi)

    def text(self, key: str, *, choices: Sequence[str] | None = None,
             default: Any = _MISSING) -> str:
        if default is not _MISSING and not self.has(key):
            self._seen[key] = None
            return default
        return self.check_str(self.raw(key), self.where(key), choices)

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

    def table(self, key: str) -> Node:
        return self._node(self.raw(key), self.where(key))

    def tables(self, key: str, *, min_length: int = 1) -> list[Node]:
        """An array of tables (``[[key]]``), one node per entry."""
        where = self.where(key)
        items = self.check_list(self.raw(key), where, min_length=min_length)
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

    def player_table(self, key: str, players: range, *, complete: bool,
                     lo: int | None = 0, hi: int | None = None) -> dict[int, int]:
        """A table keyed by player count (``{ 3 = 1, 4 = 2 }``); ``complete``: every count."""
        node = self.table(key)
        out = {}
        for name in node._table:
            if not (name.isdigit() and int(name) in players):
                node.fail(f"key {name!r} is not a player count {players[0]}-{players[-1]}")
            out[int(name)] = node.integer(name, lo=lo, hi=hi)
        missing = [p for p in players if p not in out]
        if complete and missing:
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
