"""Moves of Archaeology: The Card Game — small interned values with a canonical text form.

One decision is one small step, so every legal play is reachable with few moves per node:

=================  ============================================================
text               meaning
=================  ============================================================
``dig coin``       chance: the top card of the dig site (fixed by the deal)
``steal 1``        the thief's owner picks the victim seat (0-based)
``stolen coin``    chance: the card the thief takes at random (fixed by the deal)
``discard coin``   sandstorm: discard one card (a seat's discards go in card order)
``take coin``      trade: take one marketplace card (takes go in card order)
``give coin``      trade: give one hand card; the trade happens when the gives cover
                   the takes (gives go in falling trade value, see ``state``)
``explore 5``      discard maps to take the chamber of that size
``sell coin 3``    sell a set of 3 coins to the museum
``end``            end the turn (with the dig site empty and nothing sold or
                   explored this turn, this is a pass)
=================  ============================================================

Moves are interned: equal moves are the same object, hashing is a stored int.
"""

from __future__ import annotations

from games.errors import InvalidMoveError

__all__ = ["Move", "CARD_NAMES", "CARD_INDEX", "TREASURES", "MAP", "THIEF", "SANDSTORM",
           "DIG", "STEAL", "STOLEN", "DISCARD", "TAKE", "GIVE", "EXPLORE", "SELL", "END",
           "move", "parse_text"]

#: Card ids: the seven treasures in the order of ``cards_data.archaeology.TREASURE_KEYS``,
#: then the two dig-site-only cards.
CARD_NAMES = ("pot_shard", "parchment_scrap", "coin", "talisman", "broken_cup",
              "pharaohs_mask", "map", "thief", "sandstorm")
CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}
TREASURES = 7
MAP, THIEF, SANDSTORM = 6, 7, 8

DIG, STEAL, STOLEN, DISCARD, TAKE, GIVE, EXPLORE, SELL, END = range(9)
_KIND_NAMES = ("dig", "steal", "stolen", "discard", "take", "give", "explore", "sell", "end")
_KIND_INDEX = {name: i for i, name in enumerate(_KIND_NAMES)}


class Move:
    """One move: ``kind`` and up to two integer arguments (card id, seat, size, count)."""

    __slots__ = ("kind", "a", "b", "_hash", "_text")

    def __init__(self, kind: int, a: int = -1, b: int = -1):
        self.kind = kind
        self.a = a
        self.b = b
        self._hash = hash((kind, a, b))
        name = _KIND_NAMES[kind]
        if kind in (DIG, STOLEN, DISCARD, TAKE, GIVE):
            self._text = f"{name} {CARD_NAMES[a]}"
        elif kind == STEAL:
            self._text = f"steal {a}"
        elif kind == EXPLORE:
            self._text = f"explore {b}"  # b is the chamber size, a its index
        elif kind == SELL:
            self._text = f"sell {CARD_NAMES[a]} {b}"
        else:
            self._text = "end"

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other) -> bool:
        return self is other or (isinstance(other, Move) and self.kind == other.kind
                                 and self.a == other.a and self.b == other.b)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Move({self._text!r})"


_CACHE: dict[tuple[int, int, int], Move] = {}


def move(kind: int, a: int = -1, b: int = -1) -> Move:
    """The interned move ``(kind, a, b)``."""
    key = (kind, a, b)
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = Move(kind, a, b)
    return found


def _card(word: str, text: str, *, treasure_only: bool = True) -> int:
    card = CARD_INDEX.get(word)
    if card is None or (treasure_only and card >= TREASURES):
        raise InvalidMoveError(f"move {text!r}: unknown card {word!r} "
                               f"(cards: {', '.join(CARD_NAMES[:TREASURES])})")
    return card


def _int(word: str, text: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise InvalidMoveError(f"move {text!r}: {word!r} is not a number") from None


def parse_text(text: str, chamber_index: dict[int, int]) -> Move:
    """Move text back to a move (no legality check). ``chamber_index`` maps a chamber size
    to its index."""
    words = text.strip().split()
    if not words or words[0] not in _KIND_INDEX:
        raise InvalidMoveError(f"cannot read move {text!r} (moves: {', '.join(_KIND_NAMES)})")
    kind = _KIND_INDEX[words[0]]
    want = {END: 1, SELL: 3}.get(kind, 2)
    if len(words) != want:
        raise InvalidMoveError(f"move {text!r}: expected {want - 1} argument(s) after {words[0]!r}")
    if kind == END:
        return move(END)
    if kind == STEAL:
        return move(STEAL, _int(words[1], text))
    if kind == EXPLORE:
        size = _int(words[1], text)
        if size not in chamber_index:
            raise InvalidMoveError(f"move {text!r}: no chamber of size {size} "
                                   f"(sizes: {', '.join(map(str, sorted(chamber_index)))})")
        return move(EXPLORE, chamber_index[size], size)
    if kind == SELL:
        return move(SELL, _card(words[1], text), _int(words[2], text))
    return move(kind, _card(words[1], text, treasure_only=kind != DIG))
