"""Write the analysis board's bundled example records into this folder (run from the
repository root: ``python -m cli.web.examples.regenerate``). Deterministic: each record is
one game of fixed seeds, so running it again rewrites the same files.

* the card games: one game of two greedy bots (``digsite arena ... --bots greedy,greedy``);
* Tomb of the Ancients: a solo game of the greedy bot;
* Pyramids (no bots): a solo game whose crossings are drawn at random from a fixed seed,
  so its review has mistakes to show against the deal's best score.
"""

from __future__ import annotations

import random
from pathlib import Path

import cards_data
from games import registry
from games.protocol import CHANCE
from games.record import GameRecord, Entry, record_text
from solvers import services
from solvers.arena import play_game

FOLDER = Path(__file__).parent


def _bot_game(game: str, names: list[str], seed: int) -> GameRecord:
    data = cards_data.load(game)
    played = play_game(game, names, bots=services.capability(game, "BOTS"), deal_seed=seed,
                       rotation=0, bot_seed=seed, data=data, keep_record=True)
    assert played.record is not None
    return played.record


def _random_pyramids(seed: int) -> GameRecord:
    data = cards_data.load("pyramids")
    engine = registry.engine("pyramids")
    deal = engine.make_deal(players=1, seed=seed, data=data)
    state = engine.state_from_deal(deal, data)
    rng = random.Random(seed)  # a script's own generator, never the library's
    moves = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
            continue
        move = rng.choice(state.legal_moves())
        moves.append(Entry(0, str(move)))
        state.apply(move)
    return GameRecord("pyramids", 1, deal, tuple(moves), seats=("random",),
                      source=f"a solo game of random crossings, deal seed {seed}"
                      ).finished(state)


def main() -> None:
    records = {"archaeology-greedy": _bot_game("archaeology", ["greedy", "greedy"], 1),
               "expedition-greedy": _bot_game("expedition", ["greedy", "greedy"], 1),
               "lootnrun-greedy": _bot_game("lootnrun", ["greedy", "greedy"], 1),
               "ancients-solo-greedy": _bot_game("ancients", ["greedy"], 1),
               "pyramids-solo-random": _random_pyramids(1)}
    for name, record in records.items():
        (FOLDER / f"{name}.json").write_text(record_text(record.to_json()), encoding="utf-8")
        print(f"{name}: {len(record.moves)} moves")


if __name__ == "__main__":
    main()
