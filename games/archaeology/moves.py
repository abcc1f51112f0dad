"""Moves of Archaeology: The Card Game — small interned, immutable values with a text form.

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

Moves are interned: equal moves are the same object, hashing is a stored int, and a move
cannot be changed. ``repr`` is the parser call:

>>> Move.from_text("sell coin 3")
Move.from_text('sell coin 3')
>>> parse_text("explore 5") is move(EXPLORE, 5)
True
"""

from __future__ import annotations

from games.errors import InvalidMoveError

__all__ = ["Move", "CARD_NAMES", "CARD_INDEX", "TREASURES", "MAP", "THIEF", "SANDSTORM",
           "CARDS", "DIG", "STEAL", "STOLEN", "DISCARD", "TAKE", "GIVE", "EXPLORE", "SELL",
           "END", "move", "parse_text"]

#: Card ids: the seven treasures in the order of ``cards_data.archaeology.TREASURE_KEYS``,
#: then the two dig-site-only cards.
CARD_NAMES = ("pot_shard", "parchment_scrap", "coin", "talisman", "broken_cup",
              "pharaohs_mask", "map", "thief", "sandstorm")
CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}
#: Treasure ids are ``range(TREASURES)``; the map is the last treasure.
TREASURES = 7
MAP, THIEF, SANDSTORM = 6, 7, 8
#: Every card id (treasures, thief, sandstorm).
CARDS = 9

DIG, STEAL, STOLEN, DISCARD, TAKE, GIVE, EXPLORE, SELL, END = range(9)
_KIND_NAMES = ("dig", "steal", "stolen", "discard", "take", "give", "explore", "sell", "end")
_KIND_INDEX = {name: i for i, name in enumerate(_KIND_NAMES)}


class Move:
    """One move: ``kind`` and up to two integer arguments ``a``, ``b`` (a card id, a seat,
    a chamber size, a set size). Make moves with :func:`move` or :func:`parse_text`."""

    __slots__ = ("kind", "a", "b", "_hash", "_text")

    def __init__(self, kind: int, a: int = -1, b: int = -1):
        name = _KIND_NAMES[kind]
        if kind in (DIG, STOLEN, DISCARD, TAKE, GIVE):
            text = f"{name} {CARD_NAMES[a]}"
        elif kind in (STEAL, EXPLORE):
            text = f"{name} {a}"  # a seat, a chamber size
        elif kind == SELL:
            text = f"sell {CARD_NAMES[a]} {b}"
        else:
            text = "end"
        setter = object.__setattr__
        setter(self, "kind", kind)
        setter(self, "a", a)
        setter(self, "b", b)
        setter(self, "_hash", hash((kind, a, b)))
        setter(self, "_text", text)

    def __setattr__(self, name, value):
        raise AttributeError(f"a move is immutable (tried to set {name!r})")

    __delattr__ = __setattr__

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other) -> bool:
        return self is other or (isinstance(other, Move) and self.kind == other.kind
                                 and self.a == other.a and self.b == other.b)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Move.from_text({self._text!r})"

    def __reduce__(self):  # pickling (process pools) goes through the interning constructor
        return move, (self.kind, self.a, self.b)

    @staticmethod
    def from_text(text: str) -> "Move":
        """The move written ``text`` (no legality check): :func:`parse_text`."""
        return parse_text(text)


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


def _number(word: str, text: str) -> int:
    if not (word.isdigit() and word.isascii()) or len(word) > 4:
        raise InvalidMoveError(f"move {text!r}: {word[:12]!r} is not a small number")
    return int(word)


def parse_text(text: str) -> Move:
    """Move text back to a move (no legality check; ``InvalidMoveError`` for text that is
    no Archaeology move)."""
    words = str(text).strip().split()
    if not words or words[0] not in _KIND_INDEX:
        raise InvalidMoveError(f"cannot read move {text!r} (moves: {', '.join(_KIND_NAMES)})")
    kind = _KIND_INDEX[words[0]]
    want = {END: 1, SELL: 3}.get(kind, 2)
    if len(words) != want:
        raise InvalidMoveError(f"move {text!r}: expected {want - 1} argument(s) after {words[0]!r}")
    if kind == END:
        return move(END)
    if kind in (STEAL, EXPLORE):
        return move(kind, _number(words[1], text))
    if kind == SELL:
        return move(SELL, _card(words[1], text), _number(words[2], text))
    return move(kind, _card(words[1], text, treasure_only=kind != DIG))
