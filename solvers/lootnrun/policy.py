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
"""

from __future__ import annotations

import random
from typing import Sequence

from games import lootnrun
from games.lootnrun import Awaken, Keep, Loot, LootNRunState, Move, Run

__all__ = ["caught_chance", "greedy_policy", "runs", "RUN_AT_ROOMS", "AWAKEN_AT",
           "EXPOSED_RUN_POINTS"]

_BACK_RANK = {"red": 0, "yellow": 1, "green": 2}


RUN_AT_ROOMS = 5  # tuned in arena runs against random play (seed 5, 200 games)
AWAKEN_AT = 0.5
EXPOSED_RUN_POINTS = 4


def caught_chance(state: LootNRunState, seat: int, target: int) -> float:
    """Chance that awakening ``target`` catches them, from what ``seat`` knows: each
    face-down room is drawn from the rooms of its back colour that ``seat`` has not seen
    (not in the discard pile, not its own), treated as independent."""
    t = state.rules
    seen = set(state.discard) | set(state.fronts[seat])
    counts: dict[str, list[int]] = {}  # back -> [guardians, amulets, rooms] unseen
    for room in range(len(t.ids)):
        if room not in seen:
            c = counts.setdefault(t.back[room], [0, 0, 0])
            c[0] += t.guardian[room] is not None
            c[1] += t.amulet[room]
            c[2] += 1
    margin = {0: 1.0}  # distribution of guardians minus amulets
    for room in state.fronts[target]:
        guardians, amulets, rooms = counts[t.back[room]]
        p_guard, p_amulet = guardians / rooms, amulets / rooms
        step: dict[int, float] = {}
        for k, p in margin.items():
            step[k + 1] = step.get(k + 1, 0.0) + p * p_guard
            step[k - 1] = step.get(k - 1, 0.0) + p * p_amulet
            step[k] = step.get(k, 0.0) + p * (1.0 - p_guard - p_amulet)
        margin = step
    return sum(p for k, p in margin.items() if k > 0)


def runs(rules: lootnrun.Rules, rooms: Sequence[int], score: int, target: int) -> bool:
    """Rule 1: whether greedy runs holding ``rooms`` (not empty) with ``score`` points of a
    ``target`` (the opponent model, ``opponent``, asks it of rooms held in the past)."""
    points = lootnrun.score_rooms(rules, rooms)
    exposed = (sum(rules.guardian[r] is not None for r in rooms)
               > sum(rules.amulet[r] for r in rooms))
    return (score + points >= target or len(rooms) >= RUN_AT_ROOMS
            or (exposed and points >= EXPOSED_RUN_POINTS))


def greedy_policy(state: LootNRunState, moves: Sequence[Move], rng: random.Random) -> Move:
    """The documented heuristic above."""
    t = state.rules
    seat = state.current_player()
    mine = state.fronts[seat]
    if isinstance(moves[0], Keep):
        wanted = tuple(r is not None and t.guardian[r] is None for r in state.drawn)
        return Keep(*wanted) if Keep(*wanted) in moves else moves[0]
    if Run() in moves and runs(t, mine, state.scores[seat], state.target):
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
