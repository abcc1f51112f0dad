"""Silver & Gold: Pyramids (Phil Walker-Harding, NSV): the rules engine, 1–4 players.

Implements ``games.protocol``. Pure rules (geometry, crossing options, scoring, moves) are
in ``games.pyramids.rules``; the state machine in ``games.pyramids.state``; deals and
player views in ``games.pyramids.views``. One player is the solo analysis mode.

Moves (canonical text parses back with ``parse_move``):
``keep 3,17`` (setup), ``12:A1,A2,B2 +30:C3`` (cross cells on card 12, then the extra box
C3 on card 30 forced by a red cross; a single cell is the "any 1 box" option), ``take 21``
/ ``take deck`` (replace a completed card), ``pass`` and the chance move ``reveal I3``.

Simultaneous play: all seats act on the same expedition card (and keep their cards at
setup) at once. The engine asks seat 0, 1, ... in turn and resolves the step only when all
have chosen; a seat's information-set key never shows the pending choices of others, and
``determinize`` resamples them, so later seats decide without seeing earlier ones.

Decisions where the rulebook is silent or ambiguous (each has a test):

* **Connection rule per card.** Each card is its own path: a crossing (pattern, single box
  or extra box) must touch a crossed box *on the same card*, or hold the entrance of that
  card if it is still empty. Boxes are open cells (not walls) not crossed before.
* **Icons of one action are scored together** once the pattern and all its extra boxes
  are crossed: gems (each colour capped at 10), the torch of the current round (at most one
  per round), then skulls, then potions. A player marks a pattern's boxes in any order, and
  skulls-before-potions is the order that never leaves more skulls, so that is the order.
* **Skull track.** A crossed skull takes the leftmost free box (track of 10; more do not
  count); a potion wipes the two rightmost crossed boxes (the worst, as penalties grow).
  The crossed boxes therefore always form a prefix and the track is just a count; wiped
  boxes are free again and refill from the left. Only the worst crossed skull counts.
* **Red crosses.** Each crossed red cross forces one extra single box on either card (same
  connection rule); an extra on a red cross forces one more. An extra box may go on a card
  completed earlier in the same action (it is set aside only in action 3). When no legal
  box is left on either card, the remaining obligation lapses.
* **A pattern that cannot be placed** leaves the "any 1 box" option, which always exists
  while a card is in front of the player (its tomb is reachable and uncrossed). A seat with
  no card at all (deck and display exhausted) passes.
* **Replacements.** All completions of a step are replaced in ascending order of the
  completed cards' order numbers (across seats); each takes a display card or the deck
  top; the display is refilled only once all replacements of the step are made. With an
  empty deck and display a completed card's slot stays empty.
* **Pyramid points.** Multi-player: claims of a step (2nd/4th/6th card of a colour) are
  ordered by the order number of the card that reached the milestone, and take the next
  free tier (10, 6, 3) of that colour. Solo: the player's own 2nd, 4th and 6th completions
  of a colour take 10, 6 and 3.
* **Ties** go to the lowest order number among a player's completed cards; a player with no
  completed card loses such a tie; still tied players share the win.
* **Setup.** The returned cards go back into the deck at positions fixed by the deal (see
  ``games.pyramids.views``), so a deal fixes the whole game whatever is kept.
"""

from __future__ import annotations

from ..registry import get as _get
from .rules import (
    PASS, Cross, Keep, Pass, Reveal, Take, action_effect, crossing_options, final_score,
    frontier, gem_points, is_connected_region, parse_move_text, update_skulls,
)
from .state import PyramidsState, Seat
from .views import example_view, make_deal, parse_move, state_from_deal, state_from_view, view_of

GAME = _get("pyramids")

__all__ = [
    "GAME", "PyramidsState", "Seat", "Cross", "Keep", "Take", "Reveal", "Pass", "PASS",
    "make_deal", "state_from_deal", "example_view", "state_from_view", "parse_move", "view_of",
    "crossing_options", "action_effect", "final_score", "gem_points", "update_skulls",
    "frontier", "is_connected_region", "parse_move_text",
]
