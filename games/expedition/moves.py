"""Moves of Archaeology: The New Expedition — the Archaeology engine's moves
(``games.archaeology.moves``) over this edition's card ids, with chambers named by their
position's letter, and the moves of tents and monuments:

=========================  ========================================================
text                       meaning
=========================  ========================================================
``explore B``              discard maps to explore chamber B (positions A, B, C, ...)
``tent use``, ``tent keep``  a sandstorm: shelter in the tent, or not
``look B``, ``look none``  the Temple, after a sale: look at chamber B, or not
``keep coin talisman``     the Tomb: keep these cards of the chamber (card order)
``name coin talisman``     the Sphinx: the types named (two; card order)
``draw``, ``stop``         the Mine: draw another card face up, or stop and keep them
``reveal coin``            chance: a card drawn face up from the chamber explored
``refill B coin``          chance: the Buried Ruins' reserve adds a card to chamber B
=========================  ========================================================

The 2007 moves (``dig``, ``steal``, ``stolen``, ``discard``, ``take``, ``give``, ``sell``,
``end``) read as there. Card ids follow ``cards_data.expedition.TREASURE_KEYS``: the map is
id 5, then the pharaoh's mask, the broken tablets and the broken pendants.

>>> Move.from_text("keep coin talisman")
Move.from_text('keep coin talisman')
>>> parse_text("explore B").a, CARD_NAMES[MAP]
(1, 'map')
"""

from __future__ import annotations

from typing import Any, ClassVar

from cards_data.expedition import TREASURE_KEYS
from games.archaeology.moves import KIND_NAMES, MoveBase, card_table, forms_of

__all__ = ["Move", "CARDS", "CARD_NAMES", "CARD_INDEX", "TREASURES", "MAP", "THIEF",
           "SANDSTORM", "move", "parse_text", "FORMS"]

CARDS = card_table(TREASURE_KEYS)
CARD_NAMES = CARDS.names
CARD_INDEX = dict(CARDS.index)
TREASURES = CARDS.treasures
MAP, THIEF, SANDSTORM = CARDS.map, CARDS.thief, CARDS.sandstorm
#: The accepted forms besides the canonical text (``games.archaeology.moves.forms_of``):
#: ``broken`` alone is refused here, three cards have it.
FORMS = forms_of(CARDS, expedition=True)


class Move(MoveBase):
    """A move of The New Expedition (chambers named by position: A, B, C)."""

    __slots__ = ()
    CARDS = CARDS
    CHAMBERS_BY_LETTER = True
    NOUN = "a New Expedition move"
    _CACHE: ClassVar[dict[tuple[int, Any, Any], MoveBase]] = {}


_KINDS = tuple(range(len(KIND_NAMES)))
move = Move.make


def parse_text(text: str) -> Move:
    """Move text back to a move (no legality check; ``InvalidMoveError`` for text that is
    no New Expedition move)."""
    return Move.parse(text, _KINDS)
