"""Loot N Run rules engine. Implements ``games.protocol``: ``GAME``, ``make_deal``,
``state_from_deal``, ``example_view``, ``state_from_view``, ``parse_move``.

The rules and every decision on an ambiguity are documented in ``state``; moves and their
text in ``moves``; the derived card tables (``rules_for``) and scoring in ``rules``; the
JSON deal and player view in ``views``.
"""

from games.protocol import parse_checked
from games.registry import get

from .moves import (FORMS, NOTATION, Awaken, Keep, Loot, Move, Pass, Reshuffle, Run, describe,
                    parse_text, read_in, why_illegal)
from .rules import Rules, rules_for, score_rooms
from .state import LootNRunState
from .views import (example_position, example_view, make_deal, position_of, read_view,
                    state_from_deal, state_from_view, view_of)
from .table import describe_decision, describe_event, describe_position, describe_result

GAME = get("lootnrun")

__all__ = [
    "GAME", "NOTATION", "FORMS", "Awaken", "Keep", "Loot", "LootNRunState", "Move", "Pass", "Reshuffle",
    "Run", "describe",
    "Rules", "example_view", "make_deal", "parse_move", "parse_text", "rules_for",
    "score_rooms", "state_from_deal", "state_from_view", "view_of", "read_view",
    "position_of", "example_position",
    "describe_position", "describe_event", "describe_decision", "describe_result",
]


def parse_move(state: LootNRunState, text: object) -> Move:
    """Move text (``loot 0``, ``run``, ``awaken 2``, ``keep both``, ``pass``) to a move,
    checked legal in ``state`` (``games.protocol.parse_checked``; text that is no move is
    refused with the moves of the decision, ``moves.read_in``)."""
    return parse_checked(state, text, read_in(state), FORMS, why=why_illegal)
