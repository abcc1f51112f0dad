"""Loot N Run rules engine (see ``state`` for the rules and decisions, ``views`` for the
JSON deal and player view). Implements ``games.protocol``."""

from games.registry import get

from .state import Awaken, Keep, Loot, LootNRunState, Pass, Reshuffle, Run, parse_move, score_rooms
from .views import example_view, make_deal, state_from_deal, state_from_view, view_of

GAME = get("lootnrun")

__all__ = [
    "GAME", "Awaken", "Keep", "Loot", "LootNRunState", "Pass", "Reshuffle", "Run",
    "example_view", "make_deal", "parse_move", "score_rooms", "state_from_deal",
    "state_from_view", "view_of",
]
