"""A tiny deterministic TOML writer (``tomllib`` only reads).

It covers what the card files use and nothing more: strings, integers, floats, booleans, arrays
of those, tables, arrays of tables, inline tables (:class:`Inline`), arrays written one
item per line (:class:`Rows`, for grids and patterns) and ``#`` comments placed before a
key or table, looked up by dotted path (``""`` is the file header). Output depends only on
the input's order, so the generator reproduces the committed files byte for byte.

>>> print(dumps({"game": "x", "setup": {"backs": Inline(red=12)}}), end="")
game = "x"
<BLANKLINE>
[setup]
backs = { red = 12 }
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, Mapping

__all__ = ["Inline", "Rows", "dumps"]

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


class Inline(dict[str, Any]):
    """A table written inline: ``{ size = 3, maps = 1 }``."""


class Rows(tuple[Any, ...]):
    """An array written one item per line."""


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else json.dumps(key, ensure_ascii=False)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):  # TOML spells the non-finite floats inf and nan
        return repr(value) if math.isfinite(value) else str(value)
    if isinstance(value, str):  # JSON string escapes are valid TOML basic-string escapes
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Rows):
        return "[\n" + "".join(f"  {_value(item)},\n" for item in value) + "]"
    if isinstance(value, dict):
        body = ", ".join(f"{_key(str(k))} = {_value(v)}" for k, v in value.items())
        return f"{{ {body} }}" if body else "{}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


def _is_table(value: Any) -> bool:
    return isinstance(value, dict) and not isinstance(value, Inline)


def _is_table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(_is_table(v) for v in value)


def _comment(lines: list[str], text: str | None) -> None:
    if text:
        lines.extend(f"# {line}".rstrip() for line in text.splitlines())


def _table(table: Mapping[str, Any], prefix: tuple[str, ...], lines: list[str],
           comments: Mapping[str, str]) -> None:
    def dotted(key: str) -> str:
        return ".".join((*prefix, key))

    sections = [k for k, v in table.items() if _is_table(v) or _is_table_array(v)]
    for key, value in table.items():
        if key not in sections:
            _comment(lines, comments.get(dotted(key)))
            lines.append(f"{_key(key)} = {_value(value)}")
    for key in sections:
        value = table[key]
        header = ".".join(_key(part) for part in (*prefix, key))
        comment = comments.get(dotted(key))
        if _is_table(value):
            holds_values = not value or any(
                not (_is_table(v) or _is_table_array(v)) for v in value.values())
            if holds_values or comment:
                lines.append("")
                _comment(lines, comment)
            if holds_values:  # a table of only sub-tables needs no header of its own
                lines.append(f"[{header}]")
            _table(value, (*prefix, key), lines, comments)
        else:
            lines.append("")
            _comment(lines, comment)
            for i, item in enumerate(value):
                if i:
                    lines.append("")
                lines.append(f"[[{header}]]")
                _table(item, (*prefix, key), lines, comments)


def dumps(doc: Mapping[str, Any], comments: Mapping[str, str] | None = None) -> str:
    """TOML text of ``doc`` (plain dicts become tables, lists of dicts arrays of tables)."""
    lines: list[str] = []
    comments = comments or {}
    _comment(lines, comments.get(""))
    _table(doc, (), lines, comments)
    return "\n".join(lines).strip("\n") + "\n"
