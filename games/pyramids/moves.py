"""Moves of Silver & Gold: Pyramids: small frozen values with a canonical text form.

``keep 3,17``
    Setup: keep these two of the four dealt cards (order numbers, ascending); the other
    two go back into the deck.
``12:A1,A2,B2 +30:C3``
    Cross boxes ``A1,A2,B2`` (the revealed expedition pattern, or a single box: the
    "any 1 box" option) on card 12, then each extra box forced by a crossed red cross as
    ``+CARD:CELL`` (here ``C3`` on card 30; an extra box may go on either card).
``take 21`` / ``take deck``
    Replace a completed card by display card 21, or by the top card of the deck.
``pass``
    No card in front of the player (the deck and the display ran out).
``reveal I3``
    Chance: the next expedition card (a ``grids.polyomino.SHAPES`` name).

>>> parse_text("12:a1,a2 +30:c3")
Cross.from_text('12:A1,A2 +30:C3')
>>> str(Keep.from_text("keep 17,3"))
'keep 3,17'

:func:`describe` says a move in a player's words (the hint's ``words``)::

    12:A1,A2,B2 +30:C3   card 12: cross A1, A2, B2 (the L3 pattern); red cross: also C3 on card 30
    12:A1                card 12: cross the single box A1 (any 1 box, instead of the pattern)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from grids.cells import cell_name, cells_of, popcount
from grids.polyomino import SHAPES

from ..errors import InvalidMoveError
from ..forgiving import Forms
from ..notation import cell, number
from ..protocol import TextMove, parse_checked

if TYPE_CHECKING:  # (the state module imports this one)
    from .state import PyramidsState

__all__ = ["Cross", "Keep", "Take", "Reveal", "Pass", "PASS", "Move", "parse_text",
           "parse_move", "describe", "NOTATION", "FORMS"]

#: The move notation, form by form (``digsite notation pyramids``, ``digsite hint --help``).
NOTATION: tuple[tuple[str, str], ...] = (
    ("keep 3,17", "setup: keep pyramid cards 3 and 17 of the four dealt to you; the other "
                  "two go back into the deck"),
    ("12:A1,A2,B2", "cross boxes A1, A2 and B2 on your pyramid card 12: the revealed "
                    "expedition pattern, or a single box (the 'any 1 box' option); cells "
                    "are A1 (top left) to E5, columns A-E left to right, rows 1-5 top to "
                    "bottom"),
    ("12:A1,A2,B2 +30:C3", "the same, then each extra box a crossed red cross forces, "
                           "written +CARD:CELL (here C3 on card 30); an extra box may go on "
                           "either of your cards"),
    ("take 21 / take deck", "replace your completed card by display card 21, or by the top "
                            "card of the deck"),
    ("pass", "no card is in front of you (the deck and the display ran out)"),
    ("reveal I3", "chance, not yours to play: the next expedition card (its pattern)"),
)


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Cross(TextMove):
    """Cross ``cells`` (a mask: a pattern placement or one box) on the card numbered
    ``card``, then the extra boxes ``extras`` (``(card, cell)`` pairs, sorted) forced by
    red crosses."""

    card: int
    cells: int
    extras: tuple[tuple[int, int], ...] = ()

    def __str__(self) -> str:
        text = f"{self.card}:" + ",".join(cell_name(c) for c in cells_of(self.cells))
        return text + "".join(f" +{card}:{cell_name(c)}" for card, c in self.extras)


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Keep(TextMove):
    """Keep these dealt cards (sorted order numbers); return the others."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        return "keep " + ",".join(str(c) for c in self.cards)


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Take(TextMove):
    """Replace a completed card by display card ``card``, or the deck top (``card=0``)."""

    card: int

    def __str__(self) -> str:
        return "take deck" if self.card == 0 else f"take {self.card}"


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Reveal(TextMove):
    """Chance: reveal expedition card ``shape``."""

    shape: str

    def __str__(self) -> str:
        return f"reveal {self.shape}"


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Pass(TextMove):
    """No crossing is possible (both card slots empty once the deck and display ran out)."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
Move = Cross | Keep | Take | Reveal | Pass


def _card_cells(part: str, text: str) -> tuple[int, int]:
    """``CARD:CELL,CELL,...`` as (card, mask)."""
    card, colon, cells = part.partition(":")
    if not colon:
        raise InvalidMoveError(f"move {text!r}: expected CARD:CELLS, got {part!r}")
    mask = 0
    for name in cells.split(","):
        bit = 1 << cell(name, text)
        if mask & bit:
            raise InvalidMoveError(f"move {text!r}: cell {name} twice")
        mask |= bit
    return number(card, text, "card"), mask


#: The accepted forms besides the canonical text (``games.forgiving``): case and
#: spacing.
FORMS = Forms(
    examples=(("KEEP 3, 17", "keep 3,17"), ("12: a1, a2, b2", "12:A1,A2,B2"),
              ("Take Deck", "take deck")))


def parse_text(text: str) -> Move:
    """The move a text form names, no legality check (``InvalidMoveError`` if none)."""
    raw = " ".join(str(text).split())
    if not raw:
        raise InvalidMoveError("empty move text")
    head, _, rest = raw.partition(" ")
    if head == "pass" and not rest:
        return PASS
    if head == "keep":
        return Keep(tuple(sorted(number(p, raw, "card") for p in rest.split(",") if p.strip())))
    if head == "take":
        return Take(0 if rest == "deck" else number(rest, raw, "card"))
    if head == "reveal":
        if rest not in SHAPES:
            raise InvalidMoveError(f"move {raw!r}: unknown expedition pattern {rest!r}")
        return Reveal(rest)
    if ":" not in head:
        raise InvalidMoveError(f"move {raw!r} does not parse (expected keep 3,17, "
                               "12:A1,A2 +30:C3, take 21, take deck or pass)")
    card, mask = _card_cells(head, raw)
    extras = []
    for part in rest.split(" ") if rest else ():
        if not part.startswith("+"):
            raise InvalidMoveError(f"move {raw!r}: extra boxes are written +CARD:CELL")
        extra, bit = _card_cells(part[1:], raw)
        if bit & (bit - 1):
            raise InvalidMoveError(f"move {raw!r}: one cell per extra box, got {part!r}")
        extras.append((extra, cells_of(bit)[0]))
    return Cross(card, mask, tuple(sorted(extras)))


def _cells(mask: int) -> str:
    return ", ".join(cell_name(c) for c in cells_of(mask))


def describe(state: PyramidsState | None, move: object) -> str:
    """``move`` in a player's words, in ``state`` (the position before it): which card,
    which boxes, and what each ``+`` extra box is for.

    >>> describe(None, Cross.from_text("12:A1,A2 +30:C3 +12:A3"))
    'card 12: cross A1, A2; red crosses: also A3 on card 12 and C3 on card 30'
    """
    if isinstance(move, Cross):
        shape = getattr(state, "shape", None)
        if popcount(move.cells) == 1 and (shape is None or len(SHAPES[shape]) > 1):
            what = (f"cross the single box {_cells(move.cells)} (any 1 box, instead of the "
                    "pattern)" if shape else f"cross {_cells(move.cells)}")
        else:
            what = f"cross {_cells(move.cells)}" + (f" (the {shape} pattern)" if shape else "")
        text = f"card {move.card}: {what}"
        if move.extras:
            boxes = " and ".join(f"{cell_name(c)} on card {card}" for card, c in move.extras)
            text += f"; red cross{'es' if len(move.extras) > 1 else ''}: also {boxes}"
        return text
    if isinstance(move, Keep):
        return (f"keep cards {' and '.join(map(str, move.cards))}; the other dealt cards go "
                "back into the deck")
    if isinstance(move, Take):
        source = "the top card of the deck" if move.card == 0 else f"display card {move.card}"
        return f"replace your completed card by {source}"
    if isinstance(move, Reveal):
        return f"chance: expedition card {move.shape} is revealed"
    if isinstance(move, Pass):
        return "pass: no card is in front of you"
    raise InvalidMoveError(f"{move!r} is not a Pyramids move")


def parse_move(state: PyramidsState, text: object) -> Move:
    """Move text to a legal move of ``state`` (``InvalidMoveError``/``IllegalMoveError``)."""
    return parse_checked(state, text, parse_text, FORMS)
