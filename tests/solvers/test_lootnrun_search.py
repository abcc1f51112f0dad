"""Loot N Run's search playout: the greedy heuristic's catch chance (counted from the
deck's totals) and the in-place playout the hint and the search bots use."""

from __future__ import annotations

import random

import cards_data
from games import lootnrun
from games.protocol import CHANCE
from solvers.ismcts.search import ismcts, rollout
from solvers.limits import Limit
from solvers.lootnrun import service
from solvers.lootnrun.policy import SEARCH_OPTIONS, caught_chance, greedy_policy, playout

DATA = cards_data.load("lootnrun")


def _positions(games: int, players: int):
    """Every decision of ``games`` uniformly random games (seeded), as states."""
    for g in range(games):
        state = lootnrun.state_from_deal(
            lootnrun.make_deal(players=players, seed=g, data=DATA), DATA)
        rng = random.Random(g)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.chance_outcomes()[0][0])
                continue
            yield state
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])


def _counted(state, seat: int, target: int) -> float:
    """The catch chance by its definition: each of ``target``'s rooms drawn independently
    from the rooms of its back colour that ``seat`` has not seen (all 54 counted)."""
    t = state.rules
    seen = set(state.discard) | set(state.fronts[seat])
    unseen = [r for r in range(len(t.ids)) if r not in seen]
    margin = {0: 1.0}
    for room in state.fronts[target]:
        pool = [r for r in unseen if t.back[r] == t.back[room]]
        p_guard = sum(t.guardian[r] is not None for r in pool) / len(pool)
        p_amulet = sum(t.amulet[r] for r in pool) / len(pool)
        step: dict[int, float] = {}
        for k, p in margin.items():
            step[k + 1] = step.get(k + 1, 0.0) + p * p_guard
            step[k - 1] = step.get(k - 1, 0.0) + p * p_amulet
            step[k] = step.get(k, 0.0) + p * (1.0 - p_guard - p_amulet)
        margin = step
    return sum(p for k, p in margin.items() if k > 0)


def test_caught_chance_is_the_count_of_the_unseen_rooms():
    checked = 0
    for players in (2, 4):
        for state in _positions(6, players):
            me = state.current_player()
            for target in range(players):
                if target != me and state.fronts[target]:
                    # exactly: the greedy bot's choices must not move
                    assert caught_chance(state, me, target) == _counted(state, me, target)
                    checked += 1
    assert checked > 200


def test_playout_without_random_moves_plays_the_greedy_policy():
    for i, state in enumerate(_positions(2, 2)):
        if i % 7:
            continue
        ours, theirs = state.clone(), state.clone()
        playout(ours, random.Random(i), random_share=0.0)
        rollout(theirs, random.Random(i), greedy_policy)
        assert ours.is_terminal() and ours.log == theirs.log and ours.scores == theirs.scores


def test_playout_mixes_in_random_moves_and_ends_the_game():
    state = next(iter(_positions(1, 3)))
    greedy, mixed = state.clone(), state.clone()
    playout(greedy, random.Random(1), random_share=0.0)
    playout(mixed, random.Random(1))
    assert greedy.is_terminal() and mixed.is_terminal()
    assert mixed.log != greedy.log  # the same seed, a quarter of the moves random


def test_hint_and_bots_search_with_the_playout(monkeypatch):
    view = lootnrun.example_view(DATA)
    world, seat = lootnrun.state_from_view(view, DATA, 0)
    assert service.BOTS["ismcts"].search_options is SEARCH_OPTIONS
    assert service.BOTS["pimc"].search_options is SEARCH_OPTIONS
    with_playout = ismcts(world, seat, iterations=120, seed=4, **SEARCH_OPTIONS)
    uniform = ismcts(world, seat, iterations=120, seed=4)
    assert [(m.move, m.visits) for m in with_playout.moves] != \
        [(m.move, m.visits) for m in uniform.moves]
    bot = service.BOTS["ismcts"](seat=seat, seed=2, limit=Limit(iterations=120))
    assert bot.choose(world) in world.legal_moves()

    def ranking():
        hint = service.hint(view, data=DATA, limit=Limit(iterations=120), seed=4)
        return [(m.move, m.visits, m.value) for m in hint.rows]

    ours = ranking()
    monkeypatch.setattr(service, "SEARCH_OPTIONS", {})  # uniformly random rollouts
    assert ranking() != ours
    monkeypatch.setattr(service, "SEARCH_OPTIONS", {"playout": playout})
    assert ranking() == ours
