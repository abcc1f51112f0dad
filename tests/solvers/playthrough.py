"""Decisions of seeded games played by a policy: the positions the opponent models of the
card games are asked about (``test_inference.py``, Archaeology's and the New Expedition's;
``test_lootnrun_inference.py``, Loot N Run's), one loop for both."""

from __future__ import annotations

from games.protocol import CHANCE
from games.seeding import make_rng


def played(engine, data, *, seeds, play, players=2, **deal_options):
    """Every decision of seeded ``players``-seat games of ``engine`` (``make_deal`` with
    ``deal_options``), played by ``play(state, moves, rng)``: ``(state, moves, move)``
    before the move is applied (the live state: a caller keeping it clones it); chance
    takes its first outcome."""
    for seed in seeds:
        state = engine.state_from_deal(engine.make_deal(players=players, seed=seed, data=data,
                                                        **deal_options), data)
        rng = make_rng(seed)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.chance_outcomes()[0][0])
                continue
            moves = state.legal_moves()
            move = play(state, moves, rng)
            yield state, moves, move
            state.apply(move)


def decision_positions(engine, data, *, seeds, play, every, players=2, **deal_options):
    """Every ``every``-th decision of :func:`played`'s games (a decision of one legal move
    is not counted), each a clone."""
    count = 0
    for state, moves, _ in played(engine, data, seeds=seeds, play=play, players=players,
                                  **deal_options):
        if len(moves) > 1:
            count += 1
            if count % every == 0:
                yield state.clone()
