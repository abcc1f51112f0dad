"""Seeded playthroughs of every registered engine in one format, replayed line by line
(after OpenSpiel's playthroughs and their ``test_all_games_tested``).

A transcript ``transcripts/<game>-<players>p-seed<seed>.txt`` holds, after ``#`` comments:

    deal {"game": "...", ...}           the deal, as the engine's make_deal wrote it
    0 | 12 | keep 3,17                  per decision: seat | number of legal moves | move
    chance | 1 | reveal I3              per chance step: chance | number of outcomes | outcome
    returns [111.0, 95.0]               the final returns of every seat
    winners [0]                         the winners after tie-breaks

Replaying checks the deal against ``make_deal``, the seat to act and the golden number of
options at every step, every move through the engine's checked ``parse_move`` (and that it
prints back the same), and the final returns and winners. Every engine in the registry
must have at least one transcript.

This module is also the one generator. Regenerate after a deliberate rules change and
review the diff::

    python tests/games/test_transcripts.py [GAME ...]

Moves are uniformly random unless ``POLICIES`` names a stronger policy for the game (a
game not in ``CASES`` gets one transcript at its smallest and one at its largest table).
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Callable

import pytest

import cards_data
from games import registry
from games.protocol import CHANCE, pick_outcome
from games.table import plural
from solvers.ancients.policy import greedy_turn
from solvers.ancients.turn import Dig, dig_steps
from solvers.archaeology.policy import greedy_policy
from solvers.pyramids.policy import policy_move

HERE = Path(__file__).resolve().parent / "transcripts"
ENGINES = [game_id for game_id in registry.GAME_IDS if registry.has_engine(game_id)]
NAME = re.compile(r"^(?P<game>[a-z]+)-(?P<players>\d+)p-seed(?P<seed>\d+)\.txt$")
SEED = 7

#: (players, seed) of each game's transcripts, where the default does not suit.
CASES: dict[str, tuple[tuple[int, int], ...]] = {
    "pyramids": ((2, 7), (1, 3)),
    "ancients": ((3, 11), (1, 5)),
    "archaeology": ((2, 7),),
    "lootnrun": ((3, 7),),
    # one deal per monument (the deal's seed draws it): the Tomb, the Temple, the Mine,
    # the Sphinx, the Great Pyramid, the Buried Ruins, at every table size
    "expedition": ((2, 7), (3, 1), (4, 9), (5, 5), (2, 2), (3, 19)),
}

Policy = Callable[[object], object]  # state -> move of the seat to act


def _random(rng: random.Random) -> Policy:
    def choose(state):
        moves = state.legal_moves()
        return moves[rng.randrange(len(moves))]
    return choose


def _pyramids(rng: random.Random) -> Policy:
    return policy_move


def _ancients(rng: random.Random) -> Policy:
    """Greedy whole turns, each step played, and sometimes a random legal step instead."""
    queue: list = []

    def choose(state):
        if not queue:
            moves = state.legal_moves()
            if state.in_desert or rng.random() < 0.3:
                queue.append(moves[rng.randrange(len(moves))])
            else:
                turn = greedy_turn(state)
                queue.extend(dig_steps(state, turn) if isinstance(turn, Dig) else [turn])
        return queue.pop(0)
    return choose


def _archaeology(rng: random.Random) -> Policy:
    """Seat 0 plays the greedy heuristic, the others uniformly random moves."""
    def choose(state):
        moves = state.legal_moves()
        if state.current_player() == 0:
            return greedy_policy(state, moves, rng)
        return moves[rng.randrange(len(moves))]
    return choose


#: Per game, a policy factory ``(rng) -> policy`` stronger than uniform random (optional).
POLICIES: dict[str, tuple[str, Callable[[random.Random], Policy]]] = {
    "pyramids": ("the hint policy (solvers.pyramids.policy) for every seat", _pyramids),
    "ancients": ("greedy whole turns (solvers.ancients.policy), 30% random steps", _ancients),
    "archaeology": ("seat 0 greedy (solvers.archaeology.policy), others random",
                    _archaeology),
    "expedition": ("seat 0 greedy (solvers.archaeology.policy), others random", _archaeology),
}


def cases(game_id: str) -> tuple[tuple[int, int], ...]:
    """The (players, seed) pairs of ``game_id``'s transcripts."""
    if game_id in CASES:
        return CASES[game_id]
    counts = registry.get(game_id).player_counts
    return tuple(dict.fromkeys(((counts[0], SEED), (counts[-1], SEED))))


def path_of(game_id: str, players: int, seed: int) -> Path:
    return HERE / f"{game_id}-{players}p-seed{seed}.txt"


def header(game_id: str, players: int, seed: int) -> str:
    """A transcript's first line: the game, its table in the tool's words ("1 player", "3
    players"), the deal's seed and the moves' policy."""
    about = POLICIES.get(game_id, ("uniformly random moves", _random))[0]
    return (f"# {registry.get(game_id).name}: {plural(players, 'player')}, deal seed {seed}, "
            f"{about}.")


def record(game_id: str, players: int, seed: int) -> str:
    """The transcript text of ``game_id`` at ``players`` seats from the deal of ``seed``."""
    engine, data = registry.engine(game_id), cards_data.load(game_id)
    deal = engine.make_deal(players=players, seed=seed, data=data)
    state = engine.state_from_deal(deal, data)
    rng = random.Random(seed)
    choose = POLICIES.get(game_id, ("", _random))[1](rng)
    lines = [header(game_id, players, seed),
             "# Format and regeneration: tests/games/test_transcripts.py",
             "deal " + json.dumps(deal, separators=(",", ":"))]
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            outcome = pick_outcome(outcomes, rng)
            lines.append(f"chance | {len(outcomes)} | {outcome}")
            state.apply(outcome)
            continue
        moves = state.legal_moves()
        move = choose(state)
        lines.append(f"{state.current_player()} | {len(moves)} | {move}")
        state.apply(move)
    lines.append("returns " + json.dumps(state.returns()))
    lines.append("winners " + json.dumps(state.winners()))
    return "\n".join(lines) + "\n"


def replay(game_id: str, text: str) -> int:
    """Replay a transcript (module docstring), failing at the first line that disagrees;
    returns the number of decisions."""
    engine, data = registry.engine(game_id), cards_data.load(game_id)
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1)
             if line and not line.startswith("#")]
    number, first = lines[0]
    assert first.startswith("deal "), f"line {number}: expected the deal"
    state = engine.state_from_deal(json.loads(first.removeprefix("deal ")), data)
    decisions = 0
    for number, line in lines[1:-2]:
        who, count, move_text = line.split(" | ", 2)
        if who == "chance":
            assert state.current_player() == CHANCE, f"line {number}: not a chance node"
            outcomes = [o for o, _ in state.chance_outcomes()]
            assert len(outcomes) == int(count), f"line {number}: number of outcomes"
            drawn = [o for o in outcomes if str(o) == move_text]
            assert drawn, f"line {number}: {move_text!r} is not an outcome here"
            state.apply(drawn[0])
            continue
        assert state.current_player() == int(who), f"line {number}: seat to act"
        assert len(state.legal_moves()) == int(count), f"line {number}: number of legal moves"
        move = engine.parse_move(state, move_text)
        assert str(move) == move_text, f"line {number}: move text does not round-trip"
        state.apply(move)
        decisions += 1
    (n_returns, returns), (n_winners, winners) = lines[-2:]
    assert state.is_terminal(), f"line {n_returns}: the game is not over"
    assert returns == "returns " + json.dumps(state.returns()), f"line {n_returns}"
    assert winners == "winners " + json.dumps(state.winners()), f"line {n_winners}"
    return decisions


FILES = sorted(HERE.glob("*.txt"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_transcript_replays(path):
    match = NAME.match(path.name)
    assert match, f"{path.name}: not named <game>-<players>p-seed<seed>.txt"
    game_id, players, seed = match["game"], int(match["players"]), int(match["seed"])
    assert game_id in ENGINES, f"{path.name}: {game_id!r} is not a registered engine"
    text = path.read_text(encoding="utf-8")
    engine, data = registry.engine(game_id), cards_data.load(game_id)
    deal = json.loads(next(line for line in text.splitlines() if line.startswith("deal "))[5:])
    assert deal == engine.make_deal(players=players, seed=seed, data=data), "make_deal changed"
    assert replay(game_id, text) > 0


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_transcript_header_says_its_table_as_the_tool_does(path):
    """The headers said "1 player(s)", "3 player(s)" where every other screen says "1
    player", "3 players"; each says its table as the generator writes it now."""
    match = NAME.match(path.name)
    assert match, path.name
    first = path.read_text(encoding="utf-8").splitlines()[0]
    players = int(match["players"])
    assert first == header(match["game"], players, int(match["seed"]))
    assert f": {players} player{'' if players == 1 else 's'}, deal seed" in first


@pytest.mark.parametrize("game_id", ENGINES)
def test_every_registered_engine_has_its_transcripts(game_id):
    missing = [path_of(game_id, p, s).name for p, s in cases(game_id)
               if not path_of(game_id, p, s).exists()]
    assert not missing, (f"{game_id}: no transcript {', '.join(missing)}; write it with "
                         f"python tests/games/test_transcripts.py {game_id}")


def test_a_replay_fails_on_a_wrong_count_move_or_result():
    game_id, (players, seed) = "pyramids", cases("pyramids")[0]
    text = path_of(game_id, players, seed).read_text(encoding="utf-8")
    decision = next(line for line in text.splitlines() if line.startswith("0 | "))
    _, count, move = decision.split(" | ")
    for broken in (text.replace(decision, f"0 | {int(count) + 1} | {move}", 1),
                   text.replace(decision, f"1 | {count} | {move}", 1),
                   text.replace("winners ", "winners [9] #", 1)):
        with pytest.raises(AssertionError):
            replay(game_id, broken)


def main(games: list[str]) -> None:  # pragma: no cover - run by hand
    HERE.mkdir(exist_ok=True)
    for game_id in games or ENGINES:
        for players, seed in cases(game_id):
            path = path_of(game_id, players, seed)
            path.write_text(record(game_id, players, seed), encoding="utf-8")
            print("wrote", path, file=sys.stderr)


if __name__ == "__main__":  # pragma: no cover
    main(sys.argv[1:])
