"""Loot N Run: the greedy heuristic (the ``greedy`` bot), which reads only its own rooms and
the public back colours, like a careful human:

1. **Run** when running reaches the target, or when it holds 5 or more rooms, or when its
   own guardians outnumber its amulets (it would be caught if awakened) and it holds at
   least 4 points.
2. **Awaken** the opponent most likely to be caught, if that chance is at least one half
   (``caught_chance``: each face-down room judged by the unseen rooms of its back colour).
3. Otherwise **loot**: the deck whose top back is richest (red) while it is safe
   (guardians ≤ amulets in front), else the safest (green).

After a Werewolf it keeps the rooms without a guardian.

The search's playout (``playout``, ``SEARCH_OPTIONS``: the hint's and the search bots') is
this heuristic with a 25% share of uniformly random moves, for every seat.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from cards_data.lootnrun import LootNRunData
from games import lootnrun
from games.lootnrun import Awaken, Keep, Loot, LootNRunState, Move, Run
from games.protocol import derived

__all__ = ["caught_chance", "greedy_policy", "playout", "RUN_AT_ROOMS", "AWAKEN_AT",
           "EXPOSED_RUN_POINTS", "RANDOM_SHARE", "SEARCH_OPTIONS"]

_BACK_RANK = {"red": 0, "yellow": 1, "green": 2}


RUN_AT_ROOMS = 5  # tuned in arena runs against random play (seed 5, 200 games)
AWAKEN_AT = 0.5
EXPOSED_RUN_POINTS = 4
#: The share of uniformly random moves in the search's playouts (Archaeology's share:
#: a playout that never strays would value every line by one fixed continuation).
RANDOM_SHARE = 0.25


def _unseen_totals(data: LootNRunData) -> dict[str, tuple[int, int, int]]:
    """Per back colour, its ``(guardians, amulets, rooms)`` in the whole deck: what a seat
    that has seen nothing counts as unseen (``caught_chance`` subtracts what it saw)."""
    totals: dict[str, tuple[int, int, int]] = {}
    for room in data.rooms:
        g, a, n = totals.get(room.back, (0, 0, 0))
        totals[room.back] = (g + (room.guardian is not None), a + (room.top == "amulet"), n + 1)
    return totals


def caught_chance(state: LootNRunState, seat: int, target: int) -> float:
    """Chance that awakening ``target`` catches them, from what ``seat`` knows: each
    face-down room is drawn from the rooms of its back colour that ``seat`` has not seen
    (not in the discard pile, not its own), treated as independent.

    (The unseen counts are the deck's totals less the rooms seen, and only for the colours
    in ``target``'s front: the search's greedy playouts call this at most decisions, and
    counting all 54 rooms each time was about two thirds of their cost; the answer is
    the same to the last bit.)"""
    t = state.rules
    back, guardian, amulet = t.back, t.guardian, t.amulet
    front = state.fronts[target]
    totals = derived(t.data, _unseen_totals)
    counts = {colour: list(totals[colour]) for colour in {back[r] for r in front}}
    for seen in (state.discard, state.fronts[seat]):
        for room in seen:
            c = counts.get(back[room])
            if c is not None:
                c[0] -= guardian[room] is not None
                c[1] -= amulet[room]
                c[2] -= 1
    margin = {0: 1.0}  # distribution of guardians minus amulets
    for room in front:
        guardians, amulets, rooms = counts[back[room]]
        p_guard, p_amulet = guardians / rooms, amulets / rooms
        step: dict[int, float] = {}
        for k, p in margin.items():
            step[k + 1] = step.get(k + 1, 0.0) + p * p_guard
            step[k - 1] = step.get(k - 1, 0.0) + p * p_amulet
            step[k] = step.get(k, 0.0) + p * (1.0 - p_guard - p_amulet)
        margin = step
    return sum(p for k, p in margin.items() if k > 0)


def greedy_policy(state: LootNRunState, moves: Sequence[Move], rng: random.Random) -> Move:
    """The documented heuristic above."""
    t = state.rules
    seat = state.current_player()
    mine = state.fronts[seat]
    if isinstance(moves[0], Keep):
        wanted = tuple(r is not None and t.guardian[r] is None for r in state.drawn)
        return Keep(*wanted) if Keep(*wanted) in moves else moves[0]
    if Run() in moves:
        points = lootnrun.score_rooms(t, mine)
        exposed = sum(t.guardian[r] is not None for r in mine) > sum(t.amulet[r] for r in mine)
        if (state.scores[seat] + points >= state.target or len(mine) >= RUN_AT_ROOMS
                or (exposed and points >= EXPOSED_RUN_POINTS)):
            return Run()
    awakens = [m for m in moves if isinstance(m, Awaken)]
    if awakens:
        chance, target = max((caught_chance(state, seat, m.target), m.target) for m in awakens)
        if chance >= AWAKEN_AT:
            return Awaken(target)
    loots = [m for m in moves if isinstance(m, Loot)]
    if loots:
        safe = sum(t.guardian[r] is not None for r in mine) <= sum(t.amulet[r] for r in mine)
        ranked = sorted(loots, key=lambda m: (_BACK_RANK[t.back[state.decks[m.deck][-1]]], m.deck))
        return ranked[0] if safe else ranked[-1]
    return moves[0]


def playout(state: LootNRunState, rng: random.Random,
            random_share: float = RANDOM_SHARE) -> None:
    """The search's playout, in place to the end of the game: at each decision a uniformly
    random legal move with chance ``random_share``, else :func:`greedy_policy`'s move
    (a reshuffle: the one its world's seed fixes). Both seats play it, so a move is valued by
    what follows when the seats play on sensibly: with uniformly random playouts the
    searching seat's own later play was random too, and a quiet move (loot, keep the
    rooms) lost against one with an immediate payoff, such as awakening a player who is
    caught one time in three (docs/strength.md §5)."""
    random = rng.random
    while not state.finished:
        if state.phase == "reshuffle":
            state.apply(state.chance_outcomes()[0][0])
            continue
        moves = state.legal_moves()
        if len(moves) == 1:
            state.apply(moves[0])
        elif random() < random_share:
            state.apply(moves[int(random() * len(moves))])
        else:
            state.apply(greedy_policy(state, moves, rng))


#: Options of every Loot N Run search (hint, ISMCTS and PIMC bots): the greedy playout.
SEARCH_OPTIONS: dict[str, Any] = {"playout": playout}
