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
from typing import Any

from games.ancients import END, AncientsState, Find, Market, Rest
from games.errors import InternalFault
from games.protocol import State

from .turn import Dig, TurnMove, TurnStep, TurnState, apply_turn

__all__ = ["greedy_dig", "greedy_turn", "greedy_rest", "playout", "score_window_reward",
           "ScoreWindow", "SPAN", "WINDOW_PLAYOUTS", "WINDOW_WIDTH"]

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
        apply_turn(engine, greedy_rest(engine) if engine.in_desert else greedy_turn(engine))


def greedy_rest(state: AncientsState) -> TurnStep:
    """The rest of a desert turn begun (a hint asked in the middle of a dig): the greedy
    chain from the board as it is, else ``end``."""
    dig = greedy_dig(state)
    return END if dig is None else dig


#: Reward window above the seat's current score: final scores map linearly from
#: [now, now + span] onto [0, 1] (clipped), so one point is worth 1/span of reward. The
#: span is ``SPAN`` at the least, wider where the seat still has more to gain
#: (:func:`score_window_reward`).
SPAN = 30.0
#: Greedy playouts (of worlds sampled from the view of the seat to act) that measure how
#: much each seat still gains, and the span's width against that mean gain.
WINDOW_PLAYOUTS = 8
WINDOW_WIDTH = 1.5


class ScoreWindow:
    """Every seat's reward: its final score mapped from [``lows[s]``, ``lows[s] +
    spans[s]``] onto [0, 1], clipped (so each seat's search values its own points)."""

    __slots__ = ("lows", "spans")

    def __init__(self, lows: list[float], spans: list[float]) -> None:
        self.lows, self.spans = lows, spans

    def __call__(self, final: State[Any]) -> list[float]:
        return [min(1.0, max(0.0, (score - low) / span))
                for score, low, span in zip(final.returns(), self.lows, self.spans)]


def score_window_reward(state: AncientsState, rng: random.Random | None = None
                        ) -> ScoreWindow:
    """Each seat's reward window from its score in ``state``: ``SPAN`` wide, or with
    ``rng`` ``WINDOW_WIDTH`` times the seat's mean gain over ``WINDOW_PLAYOUTS`` greedy
    playouts of worlds sampled from the view of the seat to act, when that is wider.

    A fixed 30 points was too narrow for a solo game's first turns: the greedy playout
    gains 32-46 points from a solo opening (deals 0-2), so nearly every playout of every
    move scored 1, the visits spread evenly over the moves and the hint's best move was
    the noise's (at a solo opening 121, 118, 117, 115, 115 visits to five turns whose
    expected final scores differ by 3 points). At 2 and 3 seats the gains from the
    opening are 10-23 points: the window stays 30 but where a seat gains more than 20."""
    lows = [float(state.score(s)) for s in range(state.num_players)]
    spans = [SPAN] * state.num_players
    if rng is not None and WINDOW_PLAYOUTS > 0 and not state.is_terminal():
        gains = [0.0] * state.num_players
        for _ in range(WINDOW_PLAYOUTS):
            world = state.determinize(state.to_move, rng)
            playout(world, rng)
            gains = [g + final - low for g, final, low in zip(gains, world.returns(), lows)]
        spans = [max(SPAN, WINDOW_WIDTH * g / WINDOW_PLAYOUTS) for g in gains]
    return ScoreWindow(lows, spans)
