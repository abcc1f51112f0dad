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

and :func:`why_illegal` why a refused move is not legal (``A3 is a wall on card 12``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from cards_data.pyramids import PyramidCard, PyramidsData
from grids.cells import adjacent, cell_name, cells_of, popcount
from grids.polyomino import SHAPES

from ..errors import InvalidMoveError
from ..forgiving import Forms
from ..notation import cell, number
from ..protocol import TextMove, parse_checked
from .rules import frontier, shape_masks

if TYPE_CHECKING:  # (the state module imports this one)
    from .state import PyramidsState

__all__ = ["Cross", "Keep", "Take", "Reveal", "Pass", "PASS", "Move", "parse_text",
           "parse_move", "describe", "why_illegal", "NOTATION", "FORMS", "notation_facts"]

#: The move notation, form by form (``digsite notation pyramids``, ``digsite hint --help``).
NOTATION: tuple[tuple[str, str], ...] = (
    ("keep {kept}", "setup: keep pyramid cards {kept_words} of the {deal} dealt to you; "
                    "{returned}"),
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
    ("reveal I3", "chance, not yours to play: the next expedition card, named by its "
                  "pattern: {patterns}"),
)

#: Each expedition pattern's name in words (``grids.polyomino.SHAPES``): a player reads a
#: picture, and at ``track``'s prompt typed "square" was refused with the names alone.
PATTERN_WORDS = {"domino": "2 boxes in a line", "I3": "3 in a line", "L3": "3 in an L",
                 "L4": "4 in an L", "T4": "4 in a T", "O4": "4 in a square"}


def notation_facts(data: PyramidsData) -> dict[str, str]:
    """What :data:`NOTATION`'s keep form says of ``data``: the cards dealt and kept.

    >>> import cards_data
    >>> notation_facts(cards_data.load("pyramids"))["returned"]
    'the other 2 go back into the deck'
    """
    kept = sorted(([3, 17] + [n for n in range(1, len(data.cards) + 1)
                              if n not in (3, 17)])[:data.keep])
    return {"kept": ",".join(map(str, kept)),
            "kept_words": ", ".join(map(str, kept[:-1])) + f" and {kept[-1]}",
            "deal": str(data.deal),
            "returned": returned_words(data.deal - data.keep, counted=True),
            "patterns": ", ".join(f"{name} ({PATTERN_WORDS[name]})"
                                  for name in sorted(set(data.expedition_deck),
                                                     key=list(SHAPES).index))}


def returned_words(back: int, *, counted: bool = False) -> str:
    """What becomes of the ``back`` dealt cards a seat does not keep, in words (``counted``:
    with their number where there are several).

    >>> returned_words(1)
    'the other goes back into the deck'
    >>> returned_words(2), returned_words(2, counted=True)
    ('the others go back into the deck', 'the other 2 go back into the deck')
    """
    if back == 0:
        return "none go back"
    if back == 1:
        return "the other goes back into the deck"
    return f"the other {back} go back into the deck" if counted else \
        "the others go back into the deck"


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
            # (the cell as the board names it: typed 'c1', it said "cell c1 twice")
            raise InvalidMoveError(f"move {text!r}: cell {name.strip().upper()} twice")
        mask |= bit
    return number(card, text, "card"), mask


#: The accepted forms besides the canonical text (``games.forgiving``): case and
#: spacing, and a list's commas as spaces (``keep 3 17`` is one move, as ``keep 3,17``), a
#: keep's cards in any order (``keep 17 13``: the screen lists a keep's cards by number,
#: and a player may name them in the order they lie).
FORMS = Forms(
    lists=True,
    unordered=("keep",),
    examples=(("KEEP 3, 17", "keep 3,17"), ("keep 3 17", "keep 3,17"),
              ("keep 17 3", "keep 3,17"),
              ("12: a1, a2, b2", "12:A1,A2,B2"), ("12:a1 a2 b2", "12:A1,A2,B2"),
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
        try:
            return Keep(tuple(sorted(int(p) for p in rest.split(",") if p.strip())))
        except ValueError:  # ('keep one two' said "card 'one two' is not a number")
            raise InvalidMoveError(f"move {raw!r}: keep two of your dealt cards by number: "
                                   f"keep 3,17") from None
    if head == "take":
        # (a word there, 'take top', 'take display', was told "card 'top' is not a
        # number", as if a number were all the form took)
        if not rest or not (rest.lower() == "deck" or rest.isdecimal()):
            raise InvalidMoveError(f"move {raw!r}: take what? `take deck` (its top card) or "
                                   f"`take N` (display card N)")
        return Take(0 if rest.lower() == "deck" else number(rest, raw, "card"))
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
            raise InvalidMoveError(f"move {raw!r}: one cell per extra box, got "
                                   f"{part.upper()!r}")
        extras.append((extra, cells_of(bit)[0]))
    return Cross(card, mask, tuple(sorted(extras)))


def _cells(mask: int) -> str:
    return ", ".join(cell_name(c) for c in cells_of(mask))


def describe(state: PyramidsState | None, move: object, *,
             names: Sequence[str] | None = None) -> str:
    """``move`` in a player's words, in ``state`` (the position before it): which card,
    which boxes, and what each ``+`` extra box is for. ``names`` (the protocol's seat
    names) is unused: no move of the game names a seat.

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
        kept = f"keep card{'s' if len(move.cards) > 1 else ''} {' and '.join(map(str, move.cards))}"
        dealt = state.seats[state.to_move].dealt if state is not None and \
            state.phase == "keep" else None
        return kept + (f"; {returned_words(len(dealt) - len(move.cards))}" if dealt
                       is not None else "; the other dealt cards go back into the deck")
    if isinstance(move, Take):
        source = "the top card of the deck" if move.card == 0 else f"display card {move.card}"
        replaced = state.takes[0][0] if state is not None and state.phase == "take" and \
            state.takes else None  # (a seat's takes are one action: the first is this one)
        return (f"replace your completed card by {source}" if replaced is None else
                f"replace completed card {replaced} by {source}")
    if isinstance(move, Reveal):
        return f"chance: expedition card {move.shape} is revealed"
    if isinstance(move, Pass):
        return "pass: no card is in front of you"
    raise InvalidMoveError(f"{move!r} is not a Pyramids move")


def _listed(cards: list[int]) -> str:
    return ", ".join(map(str, cards)) or "none"


def why_illegal(state: PyramidsState, move: Move) -> str | None:
    """Why ``move`` is not legal in ``state``: the first rule it breaks, in a player's
    words, or ``None`` when none of these rules names it. Asked only for a refused move
    (``parse_move``); it never decides legality, ``state.legal_moves()`` does.

    >>> import cards_data
    >>> from games.pyramids import make_deal, state_from_deal
    >>> data = cards_data.load("pyramids")
    >>> state = state_from_deal(make_deal(players=1, seed=1, data=data), data)
    >>> why_illegal(state, Keep((3, 10)))
    'card 3 was not dealt to you (dealt: 10, 16, 45, 46)'
    """
    if isinstance(move, Reveal):
        return "expedition cards are revealed by chance, not played"
    phase = state.phase
    if phase == "over":
        return "the game is over"
    if phase == "reveal":
        return "the next expedition card is revealed first"
    named = (list(move.cards) if isinstance(move, Keep) else [move.card] if isinstance(move, Take)
             else [move.card, *(card for card, _ in move.extras)] if isinstance(move, Cross)
             else [])
    top = len(state.rules.data.cards)
    for card in named:
        if not (isinstance(move, Take) and card == 0) and not 1 <= card <= top:
            return f"there is no card {card} (the pyramid cards are 1 to {top})"
    seat = state.seats[state.to_move]
    keep = state.rules.data.keep
    if phase == "keep":
        dealt = sorted(seat.dealt)
        if not isinstance(move, Keep):
            return (f"setup first: keep {keep} of the {len(dealt)} cards dealt to you "
                    f"({_listed(dealt)})")
        # (the count first: it holds whatever was dealt, so the tracker can say it of
        # another seat, whose dealt cards it does not know)
        if len(move.cards) != keep:
            return f"keep {keep} of your {len(dealt)} dealt cards, not {len(move.cards)}"
        for card in move.cards:
            if move.cards.count(card) > 1:
                return f"card {card} is named twice"
            if card not in dealt:
                return f"card {card} was not dealt to you (dealt: {_listed(dealt)})"
        return None
    if isinstance(move, Keep):
        return "the cards were kept at setup"
    if phase == "take":
        if not isinstance(move, Take):
            return (f"replace your completed card {state.takes[0][0]} first (take a display "
                    "card or take deck)")
        if move.card == 0:
            return "the deck is empty: take a display card" if not state.deck else None
        if move.card not in state.display:
            return (f"card {move.card} is not in the display (display: "
                    f"{_listed(sorted(state.display))})")
        return None
    if isinstance(move, Take):
        return "no completed card to replace now"
    hand = [card for card in seat.hand if card is not None]
    if isinstance(move, Pass):
        return (f"pass only when no card is in front of you (yours: {_listed(hand)})"
                if hand else None)
    if not hand:
        return "no card is in front of you: pass"
    return _why_not_crossing(state, move, hand)


def _why_not_crossing(state: PyramidsState, move: Cross, hand: list[int]) -> str | None:
    """``why_illegal`` of a crossing: its card, its boxes, the pattern, the connection
    rule, then the extra boxes of its red crosses (the order a player checks them)."""
    for number in [move.card] + [card for card, _ in move.extras]:
        if number not in hand:
            return f"card {number} is not in front of you (yours: {_listed(hand)})"
    seat = state.seats[state.to_move]
    cards = {number: card for number, card in zip(seat.hand, state.cards_of(state.to_move))
             if number is not None and card is not None}
    masks = {number: seat.masks[seat.hand.index(number)] for number in cards}
    card, crossed = cards[move.card], masks[move.card]
    for c in cells_of(move.cells):
        if card.walls >> c & 1 or crossed >> c & 1:
            return _why_not_box(card, move.card, crossed, c)
    boxes = popcount(move.cells)
    shape = state.shape
    if boxes > 1 and shape is not None:
        size = len(SHAPES[shape])
        if boxes != size:
            return (f"the {shape} pattern covers {size} boxes, not {boxes} (or cross any 1 "
                    "box instead)")
        if move.cells not in shape_masks(shape):
            return f"these boxes are not the {shape} pattern in any rotation or mirror"
    box = cells_of(move.cells)[0]
    if boxes == 1 and not frontier(card, crossed) >> box & 1:
        return _why_not_box(card, move.card, crossed, box)
    if boxes > 1 and not crossed and not move.cells >> card.entrance & 1:
        return (f"the first pattern on card {move.card} must cover its entrance "
                f"({cell_name(card.entrance)})")
    if boxes > 1 and crossed and not move.cells & adjacent(crossed):
        return f"these boxes do not touch a crossed box of card {move.card}"
    return _why_not_extras(move, cards, masks)


def _why_not_extras(move: Cross, cards: dict[int, PyramidCard], masks: dict[int, int]
                    ) -> str | None:
    """``why_illegal`` of a crossing's extra boxes, crossed one by one as the engine does
    (each where a single box may go, while a crossed red cross still owes one); red crosses
    first, as that order leaves the most owed."""
    masks = dict(masks)
    masks[move.card] |= move.cells
    reds = [(move.card, c) for c in cells_of(move.cells & cards[move.card].icons["red_cross"])]
    owed = len(reds)
    left = list(move.extras)
    while left:
        if not owed:
            if not reds:
                verb = "crosses" if popcount(move.cells) == 1 else "cross"
                return (f"card {move.card}: {_cells(move.cells)} {verb} no red cross, so no "
                        "extra box (+CARD:CELL) is owed")
            are = "is a red cross" if len(reds) == 1 else "are red crosses"
            return (f"{_red_crosses(reds)} {are}: {_boxes(len(reds))} owed, not "
                    f"{len(move.extras)}")
        open_now = [(number, c) for number, c in left
                    if frontier(cards[number], masks[number]) >> c & 1]
        if not open_now:
            number, c = left[0]
            return _why_not_box(cards[number], number, masks[number], c)
        number, c = max(open_now,
                        key=lambda extra: cards[extra[0]].icons["red_cross"] >> extra[1] & 1)
        left.remove((number, c))
        masks[number] |= 1 << c
        if cards[number].icons["red_cross"] >> c & 1:
            reds.append((number, c))
            owed += 1
        owed -= 1
    if owed and any(frontier(cards[number], mask) for number, mask in masks.items()):
        if len(reds) == 1:
            return (f"{_red_crosses(reds)} is a red cross: cross an extra box with it, "
                    "written +CARD:CELL")
        return (f"{_red_crosses(reds)} are red crosses: cross {_boxes(len(reds))} with them "
                f"(one each), written +CARD:CELL; {len(move.extras)} written")
    return None


def _boxes(count: int) -> str:
    return f"{count} extra box{'es' if count != 1 else ''}"


def _red_crosses(reds: list[tuple[int, int]]) -> str:
    """Red crosses by cell, with their card when they lie on both."""
    both = len({number for number, _ in reds}) > 1
    return " and ".join(cell_name(c) + (f" of card {number}" if both else "")
                        for number, c in reds)


def _why_not_box(card: PyramidCard, number: int, crossed: int, c: int) -> str:
    """Why no single box may be crossed on cell ``c`` of card ``number`` (``crossed`` so
    far): a wall, a crossed box, not the entrance of an empty card, or off the path."""
    name = cell_name(c)
    if card.walls >> c & 1:
        return f"{name} is a wall on card {number}"
    if crossed >> c & 1:
        return f"{name} is crossed already on card {number}"
    if not crossed:
        return f"the first box of card {number} must be its entrance ({cell_name(card.entrance)})"
    return f"{name} does not touch a crossed box of card {number}"


def parse_move(state: PyramidsState, text: object) -> Move:
    """Move text to a legal move of ``state`` (``InvalidMoveError``/``IllegalMoveError``,
    saying why: ``why_illegal``)."""
    return parse_checked(state, text, parse_text, FORMS, why=why_illegal)
