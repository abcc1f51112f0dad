"""The greedy whole-turn heuristic of Tomb of the Ancients (the ``greedy`` bot, the playout
policy of the hint search and the finisher of the best-score beam), and the search reward.

**Greedy heuristic**, first rule that applies:

1. Dig if the greedy chain (repeatedly the find with the most points − ½·tokens, ties to
   the lower map id and placement) gains at least 3 points, or at all in the final round.
2. Buy the affordable map with the best points − price/2 (selling the cheapest artifact
   first when short of money and holding one), if the pack has room; never in the final
   round.
3. Rest: $2 while money is under 3, else a sand token.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from games.ancients import AncientsState, Find, Market, Rest
from games.errors import InternalFault
from games.protocol import State

from .turn import Dig, TurnMove, TurnState, apply_turn

__all__ = ["greedy_dig", "greedy_turn", "playout", "score_window_reward", "SPAN"]

def greedy_dig(state: AncientsState) -> Dig | None:
    """The greedy chain of the seat to act (module docstring, rule 1)."""
    seat = state.to_move
    occ, blk, sand = state.occupied, state.black, state.sand[seat]
    left = sorted(state.pack[seat])
    finds, points, tokens = [], 0, 0
    while left:
        best = None
        for mid in left:
            info = state.rules.maps[mid]
            for p in info.placements:
                cost = ((p.mask & ~occ) | ((blk ^ p.black) & p.mask)).bit_count()
                if cost <= sand:
                    key = (info.points - 0.5 * cost, -mid)
                    if best is None or key > best[0]:
                        best = (key, mid, p, cost)
        if best is None or best[0][0] <= 0:
            break
        _, mid, p, cost = best
        finds.append(Find(mid, p.rotation, p.anchor))
        points += state.rules.maps[mid].points
        tokens += cost
        sand -= cost
        occ, blk = occ | p.mask, (blk & ~p.mask) | (p.mask & ~p.black)
        left.remove(mid)
    return Dig(tuple(finds), points, tokens) if finds else None


def greedy_turn(state: AncientsState) -> TurnMove:
    """A whole-turn move by the greedy heuristic (module docstring)."""
    seat = state.to_move
    final = state.final_left is not None
    dig = greedy_dig(state)
    if dig is not None and (dig.points >= 3 or final):
        return dig
    if not final and len(state.pack[seat]) < state.rules.data.pack_limit:
        money = state.money[seat]
        sell = None
        if money < 2 and state.artifacts[seat]:
            sell = min(state.artifacts[seat], key=lambda a: (state.rules.maps[a].value, a))
            money += state.rules.maps[sell].value
        best = None
        for shop, (card, _) in enumerate(state.market):
            price = state.rules.data.shops[shop]
            if price <= money:
                key = (state.rules.maps[card].points - price / 2, -price)
                if best is None or key > best[0]:
                    best = (key, price)
        if best is not None:
            return Market(sell, best[1])
    return Rest("money" if state.money[seat] < 3 else "sand")


def playout(state: State[Any], rng: random.Random) -> None:
    """Play the game to its end with ``greedy_turn`` for every seat (in place). Works on a
    ``TurnState`` or an engine state (the search hands its playout any state of the game
    it searches)."""
    engine = state.state if isinstance(state, TurnState) else state
    if not isinstance(engine, AncientsState):
        raise InternalFault(f"the Tomb of the Ancients playout got a {type(state).__name__}")
    while not engine.is_terminal():
        apply_turn(engine, greedy_turn(engine))


#: Reward window above the seat's current score: final scores map linearly from
#: [now, now + SPAN] onto [0, 1] (clipped), so one point is worth 1/SPAN of reward.
SPAN = 30.0


def score_window_reward(state: AncientsState) -> Callable[[State[Any]], list[float]]:
    """Reward of every seat: its final score mapped from [its score in ``state``, that +
    ``SPAN``] onto [0, 1], clipped (so each seat's search values its own points)."""
    lows = [float(state.score(s)) for s in range(state.num_players)]

    def reward(final: State[Any]) -> list[float]:
        return [min(1.0, max(0.0, (score - low) / SPAN))
                for score, low in zip(final.returns(), lows)]

    return reward
