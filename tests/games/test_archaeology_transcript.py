"""A seeded playthrough of Archaeology written out as text and replayed line by line.

``transcripts/archaeology_seed7.txt``: deal seed 7, two players; seat 0 plays the greedy
heuristic, seat 1 uniformly random moves (``random.Random(7)``). Each line is
``<actor>: <move>`` (``chance`` for digs and steals); the last line is the result.
Replaying parses every move through ``parse_move`` (so each must be legal) and must end
with the recorded money and winners; regenerating must give the same file.
"""

from __future__ import annotations

import random
from pathlib import Path

import cards_data
from games.archaeology import make_deal, parse_move, state_from_deal
from games.protocol import CHANCE
from solvers.archaeology.policy import greedy_policy

DATA = cards_data.load("archaeology")
FILE = Path(__file__).with_name("transcripts") / "archaeology_seed7.txt"


def generate() -> list[str]:
    state = state_from_deal(make_deal(players=2, seed=7, data=DATA), DATA)
    rng = random.Random(7)
    lines = []
    while not state.is_terminal():
        actor = state.current_player()
        if actor == CHANCE:
            move = state.chance_outcomes()[0][0]
            lines.append(f"chance: {move}")
        else:
            moves = state.legal_moves()
            move = greedy_policy(state, moves, rng) if actor == 0 else moves[rng.randrange(len(moves))]
            lines.append(f"{actor}: {move}")
        state.apply(move)
    lines.append(f"result: money {state.money} sold {state.sold_cards} winners {state.winners()}")
    return lines


def test_transcript_replays():
    lines = FILE.read_text(encoding="utf-8").splitlines()
    state = state_from_deal(make_deal(players=2, seed=7, data=DATA), DATA)
    for number, line in enumerate(lines[:-1], start=1):
        who, text = line.split(": ", 1)
        actor = state.current_player()
        assert who == ("chance" if actor == CHANCE else str(actor)), f"line {number}: {line}"
        state.apply(parse_move(state, text))
    assert state.is_terminal()
    assert lines[-1] == (f"result: money {state.money} sold {state.sold_cards} "
                         f"winners {state.winners()}")


def test_transcript_is_regenerated_identically():
    assert generate() == FILE.read_text(encoding="utf-8").splitlines()


if __name__ == "__main__":  # rewrite the file after a deliberate rules change
    FILE.write_text("\n".join(generate()) + "\n", encoding="utf-8")
