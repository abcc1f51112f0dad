"""A card game's table as SVG, drawn from one seat's position view (``position_of``).

The table is drawn as rows of labelled chips (a card name with its count, a deck with its
size, a seat with its money), one row per part of the table, so a player sees at a glance
what the seat holds and what lies open. Everything drawn comes from the position view:
hidden cards stay hidden (another seat's hand is its size and the cards the seat *knows*
it holds).

>>> svg = table_svg({"game": "lootnrun", "players": 2, "seat": 0, "to_move": 0,
...                  "phase": "act", "scores": [3, 0], "my_rooms": [],
...                  "front_backs": [[], []], "decks": [{"size": 27, "top": "red"}],
...                  "discard": []}, title="Loot N Run")
>>> svg.startswith("<svg") and "score 3" in svg
True
"""

from __future__ import annotations

import hashlib
from html import escape
from typing import Any, Mapping, Sequence

from games.table import plural, seat_name

__all__ = ["table_svg", "table_rows", "Chip"]

WIDTH = 760
ROW = 58
CHIP_H = 36
MARGIN = 16
TOP = 40
INK = "#222222"
#: Colours of the Loot N Run card backs (their names in the view).
BACKS = {"red": "#C0392B", "green": "#1E8449", "blue": "#2E86C1", "yellow": "#D4AC0D",
         "purple": "#7D3C98", "black": "#333333", "white": "#F4F4F4"}

Chip = tuple[str, str]  # (text, fill colour)


def _count(n: Any, word: str) -> str:
    """A view's count and ``word``, in the plural unless it is 1 (a value that is not a
    count, in a hand-made view, as it is)."""
    return plural(n, word) if isinstance(n, int) else f"{n} {word}s"

def _colour(name: str) -> str:
    """A stable light colour per card name (the same card is the same colour everywhere)."""
    if name in BACKS:
        return BACKS[name]
    digest = hashlib.sha256(name.encode()).digest()
    # a light tint in hex (every SVG renderer reads hex; not all read hsl())
    r, g, b = (160 + d % 80 for d in digest[:3])
    return f"#{r:02X}{g:02X}{b:02X}"


def _word(key: str, n: int = 1) -> str:
    """A card's key in a player's words (``pharaohs_mask``: pharaoh's mask), plural for
    ``n`` != 1, as the table's words say it."""
    word = key.replace("_", " ").replace("pharaohs ", "pharaoh's ")
    return word if n == 1 else word + "s"


def _cards(counts: Mapping[str, Any] | Sequence[Any]) -> list[Chip]:
    """Chips of a ``{name: count}`` hand or market, or of a list of card names."""
    if isinstance(counts, Mapping):
        return [(f"{_word(name)} x{n}" if n != 1 else _word(name),
                 _colour(name)) for name, n in sorted(counts.items()) if n]
    return [(_word(str(card)), _colour(str(card))) for card in counts]


def _sold_words(sold: Any) -> str:
    """A sold set (``[card, count]`` in the views) in words."""
    if isinstance(sold, Sequence) and not isinstance(sold, str) and len(sold) == 2:
        return f"sold {sold[1]} {_word(str(sold[0]), int(sold[1]))}"
    return f"sold {sold}"


def table_rows(view: Mapping[str, Any], names: Sequence[str] | None = None
               ) -> list[tuple[str, list[Chip]]]:
    """The table as ``(row label, chips)`` rows, from a card game's position view; the
    seats called as ``names`` call them (``games.table.seat_name``: "seat 1 (greedy)"),
    else ``you`` for the view's seat and ``seat N`` for the others."""
    viewer = int(view.get("seat", 0))

    def seat_word(seat: int) -> str:
        return names[seat] if names is not None and 0 <= seat < len(names) else \
            seat_name(seat, viewer)

    # (the view's own seat: "your hand" only when the reader is that seat; a bot's seat,
    # seen by it, is "seat 1's hand", not the reader's)
    own = "your" if seat_word(viewer) == "you" else f"seat {viewer}'s"
    rows: list[tuple[str, list[Chip]]] = []
    plain = "#EEEEEE"
    if view.get("game") == "lootnrun":
        scores = view.get("scores", [])
        rows.append(("scores", [(f"{seat_word(s)}: score {v}", plain)
                                for s, v in enumerate(scores)]))
        rows.append((f"{own} rooms", _cards([str(r) for r in view.get("my_rooms", [])])))
        for s, backs in enumerate(view.get("front_backs", [])):
            rows.append((f"{seat_word(s)} in front", _cards(list(backs))))
        # (decks count from 0, as the moves `loot 0` and `loot 1` and the words do)
        rows.append(("decks", [(f"deck {k}: {_count(d.get('size'), 'room')}, top {d.get('top')}",
                                _colour(str(d.get("top"))) if d.get("top") else plain)
                               for k, d in enumerate(view.get("decks", []))]))
        rows.append(("discard", _cards([str(c) for c in view.get("discard", [])])))
        return rows
    rows.append((f"{own} hand", _cards(view.get("hand", {}))))
    rows.append(("marketplace", _cards(view.get("marketplace", {}))))
    table = [(f"dig site: {_count(view.get('dig_site'), 'card')}", plain),
             (f"thieves drawn: {view.get('thieves_drawn', 0)}", plain),
             (f"sandstorms drawn: {view.get('sandstorms_drawn', 0)}", plain)]
    if "chambers" in view:
        # a chamber already explored is None in the view
        left = ", ".join("explored" if c is None else _count(c, "card") for c in view["chambers"])
        table.append((f"chambers: {left}", plain))
    rows.append(("table", table))
    for s, seat in enumerate(view.get("seats", [])):
        chips: list[Chip] = [(f"hand {seat.get('hand_size')}", plain),
                             (f"${seat.get('money', 0)}", "#F7DC6F")]
        if "tents" in view:
            chips.append((f"tents {view['tents'][s]}", plain))
        for sold in seat.get("sold", []):
            chips.append((_sold_words(sold), "#D5F5E3"))
        # (the cards as the hand's chips name them: "pharaoh's mask", never the key's
        # "pharaohs mask")
        for name, n in sorted(dict(seat.get("holds", {})).items()):
            chips.append((f"holds {_word(str(name))} x{n}", _colour(name)))
        for name in seat.get("lacks", []):
            chips.append((f"lacks {_word(str(name))}", "#FADBD8"))
        rows.append((seat_word(s), chips))
    return rows


def _chip(x: float, y: float, text: str, fill: str) -> tuple[str, float]:
    width = 14 + 7.2 * len(text)
    dark = fill in (BACKS["red"], BACKS["green"], BACKS["blue"], BACKS["purple"],
                    BACKS["black"])
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{CHIP_H}" rx="6" '
            f'fill="{fill}" stroke="#555555" stroke-width="1"/>'
            f'<text x="{x + 7:.1f}" y="{y + 23:.1f}" font-size="13" '
            f'fill="{"#FFFFFF" if dark else INK}">{escape(text)}</text>', width)


def table_svg(view: Mapping[str, Any], *, title: str,
              names: Sequence[str] | None = None) -> str:
    """The table of ``view`` (a position view) as an SVG document, the seats called as
    ``names`` call them (``table_rows``); chips wrap onto more lines when a row is wider
    than the picture."""
    body: list[str] = [f'<text x="{MARGIN}" y="24" font-size="15" font-weight="bold" '
                       f'fill="{INK}">{escape(title)}</text>']
    y = float(TOP)
    rows = table_rows(view, names)
    # the chips start right of the longest label: a seat named with its bot ("seat 1
    # (greedy) in front") ran under a fixed 130 px column's chips (bold 13 px DejaVu Sans
    # is at most about 8.4 px a letter)
    label_w = max([130.0] + [8.4 * len(label) + 12 for label, _ in rows])
    for label, chips in rows:
        body.append(f'<text x="{MARGIN}" y="{y + 23:.1f}" font-size="13" font-weight="bold" '
                    f'fill="{INK}">{escape(label)}</text>')
        x = float(MARGIN + label_w)
        if not chips:
            body.append(f'<text x="{x:.1f}" y="{y + 23:.1f}" font-size="13" '
                        f'fill="#888888">none</text>')
        for text, fill in chips:
            width = 14 + 7.2 * len(text)
            if x + width > WIDTH - MARGIN and x > MARGIN + label_w:
                x = float(MARGIN + label_w)
                y += CHIP_H + 8
            part, width = _chip(x, y, text, fill)
            body.append(part)
            x += width + 8
        y += ROW
    height = int(y) + MARGIN
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Arial, sans-serif">\n'
            f"<title>{escape(title)}</title>\n"
            f'<rect width="{WIDTH}" height="{height}" fill="#FBF8F1"/>\n'
            + "\n".join(body) + "\n</svg>\n")
