"""Silver & Gold: Pyramids (Phil Walker-Harding, NSV): the rules engine, 1–4 players.

Implements ``games.protocol`` in the layout of every engine (``docs/adding-a-game.md``):
moves and their text in ``games.pyramids.moves``; pure rules (crossing options, scoring)
and the card tables ``Rules`` in ``games.pyramids.rules``; the state machine and every
decision on what the rulebook leaves open in ``games.pyramids.state``; deals and player
views in ``games.pyramids.views``. One player is the solo analysis mode.
"""

from __future__ import annotations

from ..registry import get as _get
from .moves import (FORMS, NOTATION, PASS, Cross, Keep, Pass, Reveal, Take, describe,
                    notation_facts, parse_move, parse_text)
from .rules import (
    Rules, action_effect, crossing_options, final_score, frontier, gem_points,
    is_connected_region, rules_for, update_skulls,
)
from .state import PyramidsState, Seat, replacement_order
from .views import example_view, make_deal, state_from_deal, state_from_view, view_of
from .table import (describe_decision, describe_event, describe_position, describe_result,
                    describe_scoring, moot_decision, preceding_event)

GAME = _get("pyramids")

__all__ = [
    "GAME", "PyramidsState", "Seat", "replacement_order", "Rules", "rules_for", "Cross", "Keep",
    "Take", "Reveal",
    "Pass", "PASS", "make_deal", "state_from_deal", "example_view", "state_from_view",
    "parse_move", "parse_text", "describe", "NOTATION", "notation_facts", "FORMS", "view_of",
    "crossing_options", "action_effect",
    "final_score", "gem_points", "update_skulls", "frontier", "is_connected_region",
    "describe_position", "describe_event", "describe_decision", "describe_result",
    "describe_scoring", "moot_decision", "preceding_event",
]
