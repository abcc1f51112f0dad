"""Tomb of the Ancients (James Ernest, beta 2.16): the rules engine.

Implements ``games.protocol`` in the layout of every engine (``docs/adding-a-game.md``):
moves and their text in ``games.ancients.moves``; the card tables ``Rules`` and the pure
rule of a find in ``games.ancients.rules``; the state machine and every decision on what
the beta rulebook leaves open in ``games.ancients.state``; the JSON deal and player view
in ``games.ancients.views``.
"""

from __future__ import annotations

from ..registry import get as _get
from .moves import (END, FORMS, NOTATION, Draw, End, Find, Market, Rest, Sand, describe,
                    notation_facts, parse_move, parse_text)
from .rules import MapInfo, Rules, find_result, rules_for
from .state import AncientsState
from .views import example_view, make_deal, state_from_deal, state_from_view, view_of
from .table import describe_decision, describe_event, describe_position, describe_result

GAME = _get("ancients")

__all__ = [
    "GAME", "AncientsState", "Rules", "MapInfo", "rules_for", "find_result", "END", "End",
    "Find", "Market", "Rest", "Sand", "Draw", "parse_text", "make_deal", "state_from_deal",
    "example_view", "state_from_view", "parse_move", "describe", "NOTATION", "notation_facts",
    "FORMS", "view_of", "describe_position", "describe_event", "describe_decision",
    "describe_result",
]
