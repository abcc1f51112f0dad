"""Decisions of seeded games played by a policy: the positions the opponent models of the
card games are asked about (``test_inference.py``, Archaeology's and the New Expedition's;
``test_lootnrun_inference.py``, Loot N Run's), one loop for both."""

from __future__ import annotations

from games.protocol import CHANCE
from games.seeding import make_rng


def decision_positions(engine, data, *, seeds, play, every, players=2, **deal_options):
    """Decisions of seeded ``players``-seat games of ``engine`` (``make_deal`` with
    ``deal_options``), played by ``play(state, moves, rng)``, every ``every``-th one (a
    decision of one legal move is not counted), each a clone; chance takes its first
    outcome."""
    for seed in seeds:
        state = engine.state_from_deal(engine.make_deal(players=players, seed=seed, data=data,
                                                        **deal_options), data)
        rng = make_rng(seed)
        count = 0
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.chance_outcomes()[0][0])
                continue
            moves = state.legal_moves()
            if len(moves) > 1:
                count += 1
                if count % every == 0:
                    yield state.clone()
            state.apply(play(state, moves, rng))
