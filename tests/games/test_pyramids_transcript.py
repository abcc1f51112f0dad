"""Seeded playthrough transcripts of Pyramids, replayed line by line.

Each transcript line is ``chance <move>`` or ``<seat> <move> [<number of legal moves>]``;
the last lines give the final scores and winners. Regenerate (only after a deliberate
rules change) with ``python tests/games/test_pyramids_transcript.py``.
"""

from __future__ import annotations

import pathlib
import sys

import pytest

import cards_data
from games.protocol import CHANCE
from games.pyramids import make_deal, parse_move, state_from_deal

HERE = pathlib.Path(__file__).resolve().parent / "transcripts"
DATA = cards_data.load("pyramids")
CASES = [("pyramids_2p_seed7.txt", 2, 7), ("pyramids_solo_seed3.txt", 1, 3)]


def record(players: int, seed: int) -> str:
    from solvers.pyramids.policy import policy_move

    state = state_from_deal(make_deal(players=players, seed=seed, data=DATA), DATA)
    lines = [f"deal players={players} seed={seed}"]
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            move = state.chance_outcomes()[0][0]
            lines.append(f"chance {move}")
        else:
            move = policy_move(state)
            lines.append(f"{state.current_player()} {move} [{len(state.legal_moves())}]")
        state.apply(move)
    lines.append("final " + " ".join(str(int(r)) for r in state.returns()))
    lines.append("winners " + " ".join(map(str, state.winners())))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name, players, seed", CASES)
def test_transcript_replays(name, players, seed):
    lines = (HERE / name).read_text(encoding="utf-8").splitlines()
    assert lines[0] == f"deal players={players} seed={seed}"
    state = state_from_deal(make_deal(players=players, seed=seed, data=DATA), DATA)
    for number, line in enumerate(lines[1:-2], start=2):
        who, rest = line.split(" ", 1)
        if who == "chance":
            assert state.current_player() == CHANCE, f"line {number}"
            assert str(state.chance_outcomes()[0][0]) == rest, f"line {number}"
            state.apply(state.chance_outcomes()[0][0])
            continue
        text, count = rest.rsplit(" [", 1)
        assert state.current_player() == int(who), f"line {number}"
        assert len(state.legal_moves()) == int(count.rstrip("]")), f"line {number}: legal moves"
        state.apply(parse_move(state, text))
    assert state.is_terminal()
    assert lines[-2] == "final " + " ".join(str(int(r)) for r in state.returns())
    assert lines[-1] == "winners " + " ".join(map(str, state.winners()))


if __name__ == "__main__":
    HERE.mkdir(exist_ok=True)
    for name, players, seed in CASES:
        (HERE / name).write_text(record(players, seed), encoding="utf-8")
        print("wrote", HERE / name, file=sys.stderr)
