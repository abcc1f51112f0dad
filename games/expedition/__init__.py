"""Archaeology: The New Expedition — the rules engine, built on the Archaeology engine
(``games.archaeology``: one core for both editions).

Implements ``games.protocol``: ``GAME``, ``make_deal`` (options ``monument`` and
``variant``; ``dealt_options`` says a deal's), ``state_from_deal``, ``example_view``,
``state_from_view``, ``parse_move``, ``action_texts`` (the OpenSpiel action table), and
``describe`` and ``NOTATION`` (moves in words, the engine core's
``games.archaeology.words``). The rules and every decision on an ambiguity are documented
in ``state``; moves and their text in ``moves``; the setup by table size and variant in
``rules``; the JSON deal and player view in ``views``; what each seat knows and the exact
determinizer in ``games.archaeology.hidden``.

>>> import cards_data
>>> data = cards_data.load("expedition")
>>> deal = make_deal(players=2, seed=1, data=data, monument="tomb")
>>> state = state_from_deal(deal, data)
>>> state.num_players, state.rules.chamber_sizes
(2, (7, 8))
"""

from games.archaeology.words import EXPEDITION_NOTATION as NOTATION
from games.archaeology.words import expedition_notation_facts as notation_facts
from games.archaeology.trades import example_decisions
from games.archaeology.words import describe
from games.archaeology.table import (decisions, describe_decision, describe_event,
                                     describe_position, describe_result, forced_decision,
                                     joined_event)
from games.registry import get

from .moves import CARD_NAMES, FORMS, MAP, TREASURES, Move, parse_text
from .rules import VARIANTS, rules_for
from .state import ExpeditionState
from .views import (action_texts, dealt_options, example_position, example_view, make_deal,
                    parse_move, parse_typed, position_of, read_view, state_from_deal,
                    state_from_view, view_of)

__all__ = ["GAME", "make_deal", "state_from_deal", "example_view", "state_from_view",
           "parse_move", "parse_typed", "parse_text", "view_of", "action_texts",
           "ExpeditionState", "Move",
           "rules_for", "VARIANTS", "CARD_NAMES", "MAP", "TREASURES", "describe", "NOTATION",
           "notation_facts", "FORMS", "example_decisions", "read_view", "position_of",
           "example_position", "decisions", "describe_position", "describe_event",
           "describe_decision", "describe_result", "dealt_options", "forced_decision",
           "joined_event"]

GAME = get("expedition")
