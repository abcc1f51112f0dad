"""Archaeology: The Card Game (2007; Z-Man 2009 reprint) — the rules engine, and the engine
core The New Expedition (``games.expedition``) is built on.

Implements ``games.protocol``: ``GAME``, ``make_deal``, ``state_from_deal``,
``example_view``, ``state_from_view``, ``parse_move``, and the optional ``describe``
and ``NOTATION`` (moves in words, ``words``). The rules and every decision on an
ambiguity are documented in ``state``; moves, their text and the card ids of each edition
in ``moves``; the derived card tables (``rules_for``), phases and the differences between
the editions as data in ``rules``; what each seat knows and the exact determinizer in
``hidden``; the JSON deal and player view in ``views`` (the history both editions' views
share in ``history``); a whole trade as one move in ``trades``. The search code of both
editions (the greedy heuristic, the fast playout, the hints) is ``solvers.archaeology``.

>>> import cards_data
>>> data = cards_data.load("archaeology")
>>> state = state_from_deal(make_deal(players=2, seed=1, data=data), data)
>>> state.num_players, len(state.dig)
(2, 58)
"""

from games.registry import get

from .moves import CARD_NAMES, FORMS, MAP, TREASURES, Move, parse_text
from .rules import MAX_TRADES_BETWEEN_EXPLORES, Rules, rules_for
from .state import ArchaeologyState
from .views import (example_position, example_view, make_deal, parse_move, parse_typed,
                    position_of, read_view, state_from_deal, state_from_view, view_of)
from .trades import example_decisions
from .words import NOTATION, describe, notation_facts
from .table import (decisions, describe_decision, describe_event, describe_position,
                    describe_result, forced_decision, joined_event)

__all__ = ["GAME", "make_deal", "state_from_deal", "example_view", "state_from_view",
           "parse_move", "parse_typed", "parse_text", "view_of", "ArchaeologyState", "Move",
           "Rules",
           "rules_for", "CARD_NAMES", "MAP", "TREASURES", "MAX_TRADES_BETWEEN_EXPLORES",
           "describe", "NOTATION", "notation_facts", "FORMS", "example_decisions", "read_view",
           "position_of", "example_position", "decisions", "describe_position",
           "describe_event", "describe_decision", "describe_result", "forced_decision",
           "joined_event"]

GAME = get("archaeology")
