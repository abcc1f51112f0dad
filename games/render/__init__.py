"""Pictures of positions and plans as plain SVG strings, below the solvers (they import
no solver): the CLI's ``--svg`` files and the analysis board in the browser (``digsite
serve``) draw with the same functions.

* :mod:`games.render.boards`: the grid games' boards (Pyramids' cards with their crossed
  boxes, the Ancients' sands with the finds of a plan);
* :mod:`games.render.table`: a card game's table (Archaeology, The New Expedition, Loot N
  Run) from a seat's position view.

:func:`position_svg` draws one position of any game from its state; :func:`plan_svg` a
solo grid game's plan (or game) from its deal and the moves of each turn.
"""

from __future__ import annotations

from typing import Any, Sequence

from .. import registry
from ..errors import DigsiteError, InvalidStateError
from ..protocol import State
from . import boards
from .table import table_svg

__all__ = ["position_svg", "plan_svg", "CARD_GAMES"]

#: The card games, whose board is the table of one seat's position view.
CARD_GAMES = ("archaeology", "expedition", "lootnrun")


def position_svg(game: str, state: State[Any], seat: int, data: Any, *, title: str,
                 deal: dict[str, Any] | None = None, moves: Sequence[str] | None = None,
                 names: Sequence[str] | None = None) -> str:
    """The position of ``state`` as ``seat`` sees it: a card game's table from the seat's
    position view, its seats called as ``names`` call them (else ``you`` and ``seat N``);
    Pyramids' cards with their crossed boxes (numbered by step when the game's ``deal``
    and the ``moves`` played so far are given); the Ancients' sands."""
    if game in CARD_GAMES:
        position_of = getattr(registry.engine(game), "position_of")  # the card games' own
        return table_svg(position_of(state, seat), title=title, names=names)
    if game == "pyramids":
        if deal is not None and moves is not None:
            tracks = boards.pyramid_tracks(deal, moves, data, seat=seat)
        else:
            tracks = boards.pyramid_tracks_of_state(state.to_json(), seat)
        rounds = deal.get("rounds", 4) if deal else 4
        if not tracks:  # the cards to keep from are the picture of the first decision
            tracks = boards.pyramid_dealt(state.to_json(), seat)
        if not tracks:
            return boards.message_svg(title, "no card kept yet: the first decision is "
                                             "which cards to keep")
        return boards.pyramids_svg(tracks, data, title=title, rounds=rounds)
    if game == "ancients":
        return boards.ancients_board_svg(state.to_json(), seat, data, title=title)
    raise InvalidStateError(f"{game}: no picture of its positions")


def plan_svg(game: str, deal: dict[str, Any], turns: Sequence[Sequence[str]], data: Any, *,
             title: str) -> str:
    """A solo grid game's plan or game from its ``deal`` and the engine moves of each turn:
    Pyramids' cards with every crossed box numbered by its step, or one Tomb of the
    Ancients board per dig."""
    if game == "pyramids":
        moves = [m for turn in turns for m in turn]
        return boards.pyramids_svg(boards.pyramid_tracks(deal, moves, data), data,
                                   title=title, rounds=deal.get("rounds", 4))
    if game == "ancients":
        return boards.ancients_turns_svg(deal, turns, data, title=title)
    raise DigsiteError(f"best-score --svg: no picture for {game}")
