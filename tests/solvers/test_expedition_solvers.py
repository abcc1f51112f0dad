"""The New Expedition's solvers: hints from a position of every monument and phase, the
explanations of step-by-step moves, and (slow) the quick benchmark."""

from __future__ import annotations

import random

import pytest

import cards_data
from games.archaeology.rules import P_ACTION
from games.expedition import make_deal, state_from_deal, view_of
from games.protocol import CHANCE
from solvers.archaeology.service import EDITIONS, EXPLORE_STEPS
from solvers.limits import Limit

DATA = cards_data.load("expedition")
hint = EDITIONS["expedition"].hint


def _positions(monument: str):
    """Decisions of every phase reached in a seeded random game of the monument."""
    state = state_from_deal(make_deal(players=3, seed=2, data=DATA, monument=monument), DATA)
    rng = random.Random(4)
    seen = set()
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
            continue
        if state.phase not in seen and len(state.legal_moves()) > 1:
            seen.add(state.phase)
            yield state.clone()
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])


@pytest.mark.parametrize("monument", [m.key for m in DATA.monuments])
def test_hints_in_every_phase_of_every_monument(monument):
    for state in _positions(monument):
        seat = state.current_player()
        result = hint(view_of(state, seat), data=DATA, limit=Limit(iterations=30), seed=1,
                      top=3)
        assert result.seat == seat and result.best in map(str, state.legal_moves())


def test_a_multi_step_explore_hint_says_how_to_go_on():
    state = state_from_deal(make_deal(players=2, seed=1, data=DATA, monument="tomb"), DATA)
    while not (state.current_player() != CHANCE and state.phase == P_ACTION
               and any(str(m).startswith("explore") for m in state.legal_moves())):
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
        else:
            moves = state.legal_moves()
            explore = [m for m in moves if str(m).startswith("explore")]
            state.apply(explore[0] if explore else moves[-1])
    view = view_of(state, state.current_player())
    result = hint(view, data=DATA, limit=Limit(iterations=60), seed=1)  # (seed 1 explores)
    assert result.best.startswith("explore") and result.explanation == (EXPLORE_STEPS,)
    result = hint(view, data=DATA, limit=Limit(iterations=60), seed=4)  # (seed 4 sells)
    assert result.best.startswith("sell") and not result.explanation


@pytest.mark.slow
def test_quick_benchmark_runs():
    from benchmarks.expedition_bench import run
    report = run(quick=True)
    figures = report["figures"]
    assert set(figures["speed"]["iterations_per_cpu_s"]) == {
        "archaeology", "great_pyramid", "temple", "archaeology mid-game", "temple mid-game"}
    assert len(figures["arena"]) == 2 and "Archaeology's rate over" in report["text"]
