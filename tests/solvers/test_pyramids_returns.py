"""The return-slot rows of the per-card relaxation (``solvers.pyramids.relax``, "Return
slots"): every legal game that takes a returned dealt card back meets them (40 games, each
taking one back, most of them a card that is not the smallest dealt one), a row made
too tight (the smaller cards' keep not counted) is broken by some of those games, and the
branch and price's bound on deals whose returned cards land near the display is never
below the exhaustive optimum."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

import cards_data
from games.protocol import CHANCE
from games.pyramids import Take, make_deal, state_from_deal
from solvers.pyramids.branching import BranchAndPrice
from solvers.pyramids.policy import policy_move
from solvers.pyramids.position import SoloPosition
from solvers.pyramids.relax import Node, Space, plans_of
from solvers.pyramids.search import exhaustive_best

DATA = cards_data.load("pyramids")
#: Return slots: the first at the display or next to it, the second further back
#: (the second slot needs more completions before it, or fewer: both row forms).
SLOTS = [(0, 6), (6, 0), (1, 7), (7, 1), (2, 5), (5, 2)]


def _game_taking_back(seed: int) -> tuple[dict, list[str], int] | None:
    """A legal game of a 1-round deal (7 steps) with its returned cards near the display:
    a random keep, the policy's crossings, and every take the returned card when it can.
    ``(deal, moves, the order of the card taken back)``, or ``None`` if none was."""
    rng = random.Random(seed)
    deal = make_deal(players=1, seed=seed, data=DATA, rounds=1, steps_per_round=7)
    deal["return_positions"] = list(SLOTS[seed % len(SLOTS)])
    state = state_from_deal(deal, DATA)
    moves: list[str] = []
    back = None
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
            continue
        legal = state.legal_moves()
        if state.phase == "keep":
            move = rng.choice(legal)
        elif state.phase == "take":
            returned = [m for m in legal if isinstance(m, Take) and m.card in state.seats[0].returned]
            move = returned[0] if returned and back is None else policy_move(state)
            if move in returned:
                back = move.card
        else:
            move = policy_move(state)
        moves.append(str(move))
        state.apply(move)
    return None if back is None else (deal, moves, back)


def _games() -> list[tuple[dict, list[str], int]]:
    games = []
    seed = 900
    while len(games) < 40:
        game = _game_taking_back(seed)
        if game is not None:
            games.append(game)
        seed += 1
    return games


GAMES = _games()


def _broken_rows(deal: dict, moves: list[str]) -> list[object]:
    """The structural rows of the root node the game's card plans break (its own keep,
    takes and crossings, weighted 1): rows valid for every legal game break for none."""
    state = state_from_deal(deal, DATA)
    space = Space(SoloPosition.from_deal(deal, DATA), DATA)
    node = Node(space, space.root_ranges()[0])
    cols, _ = node.columns(plans_of(space, state, moves))
    used = cols.sum(axis=1)
    kinds = ("step", "hand", "extra", "acq", "win", "ret", "card")
    return [key for key, i in node.rows.items()
            if (key[0] if isinstance(key, tuple) else key) in kinds
            and used[i] > node.rhs[i] + 1e-9]


def test_the_games_take_back_cards_that_are_not_the_smallest():
    """The games exercise the rows: a returned card other than the smallest dealt one
    (its slot then depends on which smaller cards were kept), on most of them."""
    not_smallest = [back for deal, _, back in GAMES if back != min(deal["dealt"][0])]
    assert len(GAMES) == 40 and len(not_smallest) >= 20


@pytest.mark.parametrize("deal, moves, back", GAMES)
def test_every_legal_game_meets_the_return_slot_rows(deal, moves, back):
    assert Space(SoloPosition.from_deal(deal, DATA), DATA).returns
    assert _broken_rows(deal, moves) == []


def test_a_row_without_the_smaller_cards_keep_is_too_tight(monkeypatch):
    """Drop what keeping the smaller dealt cards earns (the card is then always charged
    the second slot's need): some legal game breaks it, so the test above would fail."""
    returns = Space._returns
    monkeypatch.setattr(Space, "_returns",
                        lambda self: [replace(r, kept=0.0, smaller=()) for r in returns(self)])
    broken = [deal["seed"] for deal, moves, _ in GAMES if _broken_rows(deal, moves)]
    assert len(broken) >= 3


#: Short deals (1 round of 4 steps) with the returned cards at the front, whose
#: exhaustive optimum takes a returned card back (846, 852, 857) or not.
SHORT = [(seed, slots) for seed, slots in [(846, (1, 9)), (852, (0, 9)), (857, (9, 0)),
                                           (840, (0, 9)), (841, (9, 0)), (843, (9, 1)),
                                           (848, (0, 9)), (851, (9, 1))]]


@pytest.mark.parametrize("seed, slots", SHORT)
def test_the_bound_with_returns_near_the_display_is_never_below_the_optimum(seed, slots):
    deal = make_deal(players=1, seed=seed, data=DATA, rounds=1, steps_per_round=4)
    deal["return_positions"] = list(slots)
    optimum = exhaustive_best(deal, DATA).score
    state = state_from_deal(deal, DATA)
    search = BranchAndPrice(SoloPosition.from_state(state), DATA, state=state)
    result = search.run(incumbent=0, iterations=200)
    assert result.bound >= optimum and result.root >= optimum - 1e-6
    assert np.isfinite(result.value)
