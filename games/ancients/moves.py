"""Moves of Tomb of the Ancients: small frozen values with a canonical text form.

A turn is exactly one of three things, and the moves follow that:

``market [sell ID] [buy PRICE] [discard ID]``
    One market visit as one move: sell at most one artifact (first, so the money can pay
    for the purchase), buy at most one map from the shop of that price, and when the pack
    would hold more than its limit, discard one of the maps (the new one included). At
    least one of sell and buy. Ends the turn.
``rest money`` / ``rest sand``
    Take $2 or one sand token; the 1-shop card is discarded and the market refills. Ends
    the turn.
``find ID ROT at CELL``
    A find in the desert: map ``ID`` turned ``ROT`` degrees clockwise (0, 90, 180, 270),
    the top-left of its rotated bounding box at ``CELL``. Its pattern must match exactly.
``sand B CELL`` / ``sand W CELL`` / ``sand flip CELL``
    Spend one sand token in the desert: place a black or white token on an empty space, or
    flip a token.
``end``
    Leave the desert (legal once the desert turn has begun).
``draw ID``
    Chance: map ``ID``, the top card of the deck, enters the market (the refill after a
    purchase or a rest).

>>> str(parse_text("market sell 3 buy 4 discard 12"))
'market sell 3 buy 4 discard 12'
>>> parse_text("find 7 90 at c3")
Find.from_text('find 7 90 at C3')
>>> Find.from_text("find 7 90 at C3").rotation  # quarter turns clockwise
1
"""

from __future__ import annotations

from dataclasses import dataclass

from grids import cell_name

from ..errors import InvalidMoveError
from ..notation import cell, number
from ..protocol import TextMove, parse_checked

__all__ = ["Market", "Rest", "Find", "Sand", "End", "END", "Draw", "parse_text", "parse_move",
           "Move"]


@dataclass(frozen=True, slots=True, repr=False)
class Market(TextMove):
    """One market visit: sell artifact ``sell``, buy from the shop of price ``buy``, discard
    pack map ``discard`` (each ``None`` when not done)."""

    sell: int | None = None
    buy: int | None = None  # shop price
    discard: int | None = None

    def __str__(self) -> str:
        parts = ["market"]
        if self.sell is not None:
            parts.append(f"sell {self.sell}")
        if self.buy is not None:
            parts.append(f"buy {self.buy}")
        if self.discard is not None:
            parts.append(f"discard {self.discard}")
        return " ".join(parts)


@dataclass(frozen=True, slots=True, repr=False)
class Rest(TextMove):
    """Rest: take $2 (``"money"``) or one sand token (``"sand"``)."""

    take: str  # "money" or "sand"

    def __str__(self) -> str:
        return f"rest {self.take}"


@dataclass(frozen=True, slots=True, repr=False)
class Find(TextMove):
    """Find map ``map`` turned ``rotation`` quarter turns clockwise, the top-left of its
    rotated bounding box at cell ``anchor``."""

    map: int
    rotation: int  # quarter turns clockwise
    anchor: int  # cell index of the rotated pattern's top-left

    def __str__(self) -> str:
        return f"find {self.map} {self.rotation * 90} at {cell_name(self.anchor)}"


@dataclass(frozen=True, slots=True, repr=False)
class Sand(TextMove):
    """Spend one sand token on ``cell``: place a black (``"B"``) or white (``"W"``) token
    on it, or ``"flip"`` its token."""

    action: str  # "B", "W" (place) or "flip"
    cell: int

    def __str__(self) -> str:
        return f"sand {self.action} {cell_name(self.cell)}"


@dataclass(frozen=True, slots=True, repr=False)
class End(TextMove):
    """Leave the desert, ending the turn."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True, repr=False)
class Draw(TextMove):
    """Chance: map ``map`` is drawn from the deck into the market."""

    map: int

    def __str__(self) -> str:
        return f"draw {self.map}"


END = End()
Move = Market | Rest | Find | Sand | End | Draw


def parse_text(text: str) -> Move:
    """The move a text form names (``InvalidMoveError`` if it names none)."""
    words = str(text).strip().split()
    if not words:
        raise InvalidMoveError("empty move text")
    head, rest = words[0].lower(), words[1:]
    if head == "end" and not rest:
        return END
    if head == "draw" and len(rest) == 1:
        return Draw(number(rest[0], text, "map"))
    if head == "rest" and len(rest) == 1 and rest[0].lower() in ("money", "sand"):
        return Rest(rest[0].lower())
    if head == "sand" and len(rest) == 2:
        action = rest[0].upper() if rest[0].upper() in ("B", "W") else rest[0].lower()
        if action in ("B", "W", "flip"):
            return Sand(action, cell(rest[1], text))
    if head == "find" and len(rest) == 4 and rest[2].lower() == "at":
        degrees = number(rest[1], text, "rotation")
        if degrees not in (0, 90, 180, 270):
            raise InvalidMoveError(f"move {text!r}: rotation must be 0, 90, 180 or 270")
        return Find(number(rest[0], text, "map"), degrees // 90, cell(rest[3], text))
    if head == "market" and rest and len(rest) % 2 == 0:
        fields: dict[str, int] = {}
        for key, value in zip(rest[::2], rest[1::2]):
            key = key.lower()
            if key not in ("sell", "buy", "discard") or key in fields:
                raise InvalidMoveError(f"move {text!r}: unexpected {key!r}")
            fields[key] = number(value, text, key)
        if "sell" not in fields and "buy" not in fields:
            raise InvalidMoveError(f"move {text!r}: a market visit sells or buys")
        return Market(fields.get("sell"), fields.get("buy"), fields.get("discard"))
    raise InvalidMoveError(
        f"move {text!r} is not one of: market [sell ID] [buy PRICE] [discard ID], "
        "rest money|sand, find ID ROT at CELL, sand B|W|flip CELL, end, draw ID")


def parse_move(state, text: str) -> Move:
    """Move text to a legal move of ``state`` (``InvalidMoveError``/``IllegalMoveError``)."""
    return parse_checked(state, text, parse_text)
