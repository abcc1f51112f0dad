"""Seeded playthroughs of Tomb of the Ancients replayed line by line.

Each transcript under ``transcripts/`` holds a deal, then for every decision the golden
number of legal moves and the move played, then the final scores and winners.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cards_data
from games import ancients as A
from games.protocol import CHANCE

DATA = cards_data.load("ancients")
FILES = sorted((Path(__file__).parent / "transcripts").glob("ancients_*.txt"))


def test_transcripts_exist():
    assert len(FILES) >= 2


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_transcript_replays(path):
    state = None
    expected_legal = None
    decisions = 0
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        if not line or line.startswith("#"):
            continue
        head, _, rest = line.partition(" ")
        while state is not None and state.current_player() == CHANCE:  # refills: one outcome
            state.apply(state.chance_outcomes()[0][0])
        if head == "deal":
            state = A.state_from_deal(json.loads(rest), DATA)
        elif head == "legal":
            expected_legal = int(rest)
            assert len(state.legal_moves()) == expected_legal, f"line {number}"
        elif head == "move":
            seat, text = rest.split(" ", 1)
            assert state.current_player() == int(seat), f"line {number}"
            state.apply(A.parse_move(state, text))
            decisions += 1
        elif head == "scores":
            assert state.is_terminal(), f"line {number}: game not over"
            assert state.returns() == [float(x) for x in rest.split()], f"line {number}"
        elif head == "winners":
            assert state.winners() == [int(x) for x in rest.split()]
        else:
            raise AssertionError(f"{path.name} line {number}: unknown line {line!r}")
    assert decisions > 50


def _generate() -> None:  # pragma: no cover - run by hand to rewrite the transcripts
    """``python tests/games/test_ancients_transcript.py`` rewrites the files: greedy whole
    turns (solvers.ancients.policy) mixed with uniformly random legal steps, all checked."""
    from games.protocol import play_checked
    from games.seeding import make_rng
    from solvers.ancients.turn import Dig, dig_steps
    from solvers.ancients.policy import greedy_turn

    for seed, players in ((11, 3), (5, 1)):
        deal = A.make_deal(players=players, seed=seed, data=DATA)
        state = A.state_from_deal(deal, DATA)
        rng = make_rng(seed)
        lines = [f"# Tomb of the Ancients seeded playthrough: deal seed {seed}, {players} player(s).",
                 "# Lines: 'deal JSON', then per decision 'legal N' (golden count) and",
                 "# 'move SEAT TEXT', then 'scores' and 'winners'. Moves: greedy whole turns,",
                 "# sometimes a random legal step instead (tests/games/test_ancients_transcript.py).",
                 "deal " + json.dumps(deal)]
        queue: list = []
        while not state.is_terminal():
            moves = state.legal_moves()
            if not queue:
                if state.in_desert or rng.random() < 0.3:
                    queue = [moves[rng.randrange(len(moves))]]
                else:
                    turn = greedy_turn(state)
                    queue = dig_steps(state, turn) if isinstance(turn, Dig) else [turn]
            move = queue.pop(0)
            lines += [f"legal {len(moves)}", f"move {state.current} {move}"]
            play_checked(state, move)
        lines.append("scores " + " ".join(f"{x:g}" for x in state.returns()))
        lines.append("winners " + " ".join(map(str, state.winners())))
        out = Path(__file__).parent / "transcripts" / f"ancients_seed{seed}_p{players}.txt"
        out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":  # pragma: no cover
    _generate()
