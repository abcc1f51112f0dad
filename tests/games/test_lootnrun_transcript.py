"""A seeded Loot N Run playthrough, written out as text and replayed line by line.

Regenerate after a deliberate rules change with
``python tests/games/test_lootnrun_transcript.py`` and review the diff.
"""

from __future__ import annotations

import json
import pathlib
import random

import cards_data
from games import lootnrun
from games.protocol import CHANCE

DATA = cards_data.load("lootnrun")
PATH = pathlib.Path(__file__).parent / "transcripts" / "lootnrun-3p-seed7.txt"


def record(seed: int = 7, players: int = 3) -> str:
    deal = lootnrun.make_deal(players=players, seed=seed, data=DATA)
    state = lootnrun.state_from_deal(deal, DATA)
    rng = random.Random(seed)
    lines = ["deal " + json.dumps(deal, separators=(",", ":"))]
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            (outcome, _), = state.chance_outcomes()
            state.apply(outcome)
            lines.append("chance reshuffle")
            continue
        moves = state.legal_moves()
        move = moves[rng.randrange(len(moves))]
        lines.append(f"{state.current_player()} {move}")
        state.apply(move)
    lines.append("scores " + " ".join(map(str, state.scores)))
    lines.append("winners " + " ".join(map(str, state.winners())))
    return "\n".join(lines) + "\n"


def test_transcript_replays_move_by_move():
    lines = PATH.read_text().splitlines()
    deal = json.loads(lines[0].removeprefix("deal "))
    state = lootnrun.state_from_deal(deal, DATA)
    for line in lines[1:-2]:
        if line == "chance reshuffle":
            assert state.current_player() == CHANCE
            (outcome, _), = state.chance_outcomes()
            state.apply(outcome)
            continue
        seat, text = line.split(" ", 1)
        assert state.current_player() == int(seat), line
        state.apply(lootnrun.parse_move(state, text))
    assert state.is_terminal()
    assert lines[-2] == "scores " + " ".join(map(str, state.scores))
    assert lines[-1] == "winners " + " ".join(map(str, state.winners()))


def test_seeded_playthrough_is_unchanged():
    assert record() == PATH.read_text()


if __name__ == "__main__":
    PATH.write_text(record())
