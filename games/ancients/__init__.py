"""Tomb of the Ancients (James Ernest, beta 2.16): the rules engine.

Implements ``games.protocol``. The rules and every decision on what the beta rulebook
leaves open are in ``games.ancients.state``; moves in ``games.ancients.moves``; the JSON
deal and player view in ``games.ancients.views``.
"""

from __future__ import annotations

from ..registry import get as _get
from .cards import Catalogue, MapInfo, catalogue, find_result
from .moves import END, End, Find, Market, Rest, Sand, parse_text
from .state import AncientsState
from .views import example_view, make_deal, parse_move, state_from_deal, state_from_view, view_of

GAME = _get("ancients")

__all__ = [
    "GAME", "AncientsState", "Catalogue", "MapInfo", "catalogue", "find_result", "END", "End",
    "Find", "Market", "Rest", "Sand", "parse_text", "make_deal", "state_from_deal",
    "example_view", "state_from_view", "parse_move", "view_of",
]
