"""The playout policy of the Pyramids hint: one-step greedy with a lookahead potential.

At a crossing decision the policy scores every legal action (pattern or single box, either
card, with every red-cross follow-up) by

    immediate score change  (gems with pairing, this round's torch, skull track after
                             potions, 10 + pyramid points per completed card)
  + change of a lookahead potential: for each card in hand, the share of its entrance→tomb
    distance already covered (``PROGRESS`` points for a full path), counted only while
    the remaining boxes can still be crossed with the expedition cards left,

and plays the best (ties: the engine's move order). That is the one-step greedy rule
plus a lookahead of where the path is heading, so it is at least as strong as plain
greedy. Replacement picks take the display card with the shortest entrance→tomb path
(the deck top only when the display is empty); setup keeps the two shortest cards.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Sequence

from cards_data.pyramids import PyramidCard
from games.errors import InternalFault
from games.protocol import CHANCE
from games.pyramids import Keep, PyramidsState, Take, action_effect, gem_points, update_skulls
from games.pyramids.moves import Move
from grids.cells import cells_of, distances

__all__ = ["PROGRESS", "score_option", "choose_crossing", "policy_move", "playout"]

PROGRESS = 8.0


@lru_cache(maxsize=None)
def _to_tomb(card: PyramidCard) -> tuple[int, ...]:
    """Boxes from each cell to the tomb (inclusive of the tomb, exclusive of the cell)."""
    dist = distances(card.open, card.tomb)
    return tuple(dist.get(i, 99) for i in range(25))


@lru_cache(maxsize=1 << 16)
def _remaining(card: PyramidCard, crossed: int) -> int:
    # cached: the potential asks for the same (card, crossed boxes) for every option of a
    # decision and every decision of a playout (most of a playout's time, uncached)
    table = _to_tomb(card)
    if not crossed:
        return table[card.entrance] + 1
    return min(table[i] for i in cells_of(crossed))


def _potential(cards: Sequence[PyramidCard | None], masks: Sequence[int], steps_left: int
               ) -> float:
    total = 0.0
    for card, mask in zip(cards, masks):
        if card is None:
            continue
        rem = _remaining(card, mask)
        if rem <= 3 * steps_left:
            full = _to_tomb(card)[card.entrance] + 1
            total += PROGRESS * (full - rem) / full
    return total


def score_option(state: PyramidsState, seat: int, slot: int, main: int, final: tuple[int, int],
                 *, before: float | None = None) -> float:
    """Greedy value of one ``crossing_options`` entry for ``seat``; ``before``: the
    potential of the cards as they are (``_potential_now``), the same for every option of
    a decision, when the caller has it."""
    data = state.rules.data
    s = state.seats[seat]
    cards = state.cards_of(seat)
    eff = action_effect(cards, s.masks, final)
    cap = data.gems_per_colour
    red, green = min(cap, s.red + eff.red), min(cap, s.green + eff.green)
    value: float = gem_points(red, green, data.gem_pair_points, data.single_gem_points) - \
        gem_points(s.red, s.green, data.gem_pair_points, data.single_gem_points)
    if eff.torches and state.round < len(s.torches) and not s.torches[state.round]:
        value += data.torch_points
    pens = (0,) + tuple(data.skull_penalties)
    k = update_skulls(s.skulls, eff.skulls, eff.potions, len(data.skull_penalties))
    value -= pens[k] - pens[s.skulls]
    after = list(final)
    for sl in eff.completed:
        card = cards[sl]
        if card is None:
            raise InternalFault(f"slot {sl} completed without a card")
        n = 1 + sum(data.card(o).colour == card.colour for o in s.completed)
        value += data.card_points
        if n in data.pyramid_milestones:
            value += data.pyramid_points[data.pyramid_milestones.index(n)]
        after[sl] = 0
    steps_left = (state.rounds - state.round) * state.steps_per_round - state.step
    live = [None if sl in eff.completed else c for sl, c in enumerate(cards)]
    if before is None:
        before = _potential_now(state, seat)
    value += _potential(live, after, steps_left) - before
    return value


def _potential_now(state: PyramidsState, seat: int) -> float:
    """The potential ``score_option`` subtracts: the cards in hand as they are, with the
    steps left counting the revealed one."""
    s = state.seats[seat]
    steps_left = (state.rounds - state.round) * state.steps_per_round - state.step
    return _potential(state.cards_of(seat), s.masks, steps_left + 1)


def choose_crossing(state: PyramidsState, seat: int) -> Move | None:
    """The policy's crossing move for ``seat`` in a ``cross``-phase state."""
    best, best_value = None, None
    seen = set()
    before = _potential_now(state, seat)
    for slot, main, final in state.options(seat):
        if final in seen:
            continue
        seen.add(final)
        value = score_option(state, seat, slot, main, final, before=before)
        if best_value is None or value > best_value:
            best, best_value = (slot, main, final), value
    if best is None:
        return state.legal_moves()[0] if state.to_move == seat else None
    return state.cross_move(seat, *best)


def policy_move(state: PyramidsState) -> Move:
    """The policy's move for the seat to act (any phase but chance)."""
    data = state.rules.data
    if state.phase == "cross":
        move = choose_crossing(state, state.to_move)
        return move if move is not None else state.legal_moves()[0]
    if state.phase == "take":
        moves = state.legal_moves()
        shown = [m for m in moves if isinstance(m, Take) and m.card]  # (all takes here)
        if shown:
            return min(shown, key=lambda m: (data.card(m.card).shortest_path(), m.card))
        return moves[0]
    if state.phase == "keep":
        dealt = sorted(state.seats[state.to_move].dealt)
        pair = min(combinations(dealt, data.keep),
                   key=lambda p: (sum(data.card(o).shortest_path() for o in p), p))
        return Keep(tuple(pair))
    raise ValueError(f"no policy move in phase {state.phase}")


def playout(state: PyramidsState) -> None:
    """Play the policy for every seat to the end of the game, in place."""
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
            continue
        state.apply(policy_move(state))
