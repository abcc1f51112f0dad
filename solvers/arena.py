"""The arena: bots play each other on seat-rotated copies of the same deals.

With k bots, games come in groups of k on one deal: game ``i`` uses deal ``i // k`` and
rotation ``r = i % k``, seat ``s`` being played by bot ``(s + r) % k`` — for two bots, the
seat-swapped pairs that cancel the luck of the deal and of the seat. Every deal seed and
bot seed derives from ``seed`` and the game index only, so results are identical for any
number of ``workers`` (processes, forked). Win rates carry 95% Wilson intervals; a k-way
shared win counts 1/k for each winner.

``run_arena(game_id, bot_names, *, bots, games, seed, workers=1, iterations=None,
data=None, progress=None, record=None)`` (``bots``: the game's ``{name: factory}`` table, e.g. a
service's ``BOTS``) -> {"game", "bots", "games", "wins", "win_rate", "ci95", "mean_scores",
"seed", "iterations", "per_game"}``

``record(index, record_json)``, if given, receives the game record (``games.record``) of
every game, in game order, after all games are played.
"""

from __future__ import annotations

import math
import multiprocessing

import cards_data
from games import registry
from games.errors import DigsiteError
from games.protocol import CHANCE
from games.record import Entry, GameRecord
from games.seeding import child_seeds

__all__ = ["run_arena", "wilson", "play_game"]


def wilson(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (successes may be fractional)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_game(game_id: str, bot_names: list[str], *, bots: dict, deal_seed: int,
              rotation: int, bot_seed: int, iterations: int | None, data,
              keep_record: bool = False) -> dict:
    """One game; returns the seat→bot map, scores and winners (by bot index), and with
    ``keep_record`` its game record as JSON under ``"record"``."""
    engine = registry.engine(game_id)
    factories = bots
    k = len(bot_names)
    the_deal = engine.make_deal(players=k, seed=deal_seed, data=data)
    state = engine.state_from_deal(the_deal, data)
    seat_bot = [(s + rotation) % k for s in range(k)]
    seeds = child_seeds(bot_seed, k)
    players = [factories[bot_names[seat_bot[s]]](seat=s, seed=seeds[s], iterations=iterations)
               for s in range(k)]
    decisions = 0
    played = []
    while not state.is_terminal():
        actor = state.current_player()
        if actor == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply(outcomes[0][0])  # a deal fixes every chance outcome
            continue
        move = players[actor].choose(state)
        if keep_record:
            played.append((actor, str(move)))
        state.apply(move)
        decisions += 1
    returns = state.returns()
    winners = state.winners()
    result = {"seat_bot": seat_bot, "returns": returns, "winners": winners,
              "decisions": decisions}
    if keep_record:
        record = GameRecord(game_id, k, the_deal, tuple(Entry(*p) for p in played),
                            seats=tuple(bot_names[b] for b in seat_bot),
                            source=f"digsite arena: deal seed {deal_seed}, rotation {rotation}")
        result["record"] = record.finished(state).to_json()
    return result


_WORKER: dict = {}


def _run_one(index: int) -> tuple[int, dict]:
    job = _WORKER
    k = len(job["bots"])
    deal_seed = job["deal_seeds"][index // k]
    result = play_game(job["game"], job["bots"], bots=job["factories"], deal_seed=deal_seed,
                       rotation=index % k,
                       bot_seed=job["bot_seeds"][index], iterations=job["iterations"],
                       data=job["data"], keep_record=job["keep_record"])
    return index, result


def run_arena(game_id: str, bot_names: list[str], *, bots: dict, games: int, seed: int,
              workers: int = 1, iterations: int | None = None, data=None,
              progress=None, record=None) -> dict:
    """Play ``games`` games (see the module docstring) and summarise them."""
    info = registry.get(game_id)
    factories = bots
    if len(bot_names) < 2:
        raise DigsiteError(f"arena: name at least two bots, one per seat (got "
                           f"{len(bot_names)})")
    for name in bot_names:
        if name not in factories:
            raise DigsiteError(f"arena: unknown bot {name!r} for {game_id} "
                               f"(bots: {', '.join(sorted(factories))})")
    k = len(bot_names)
    low, high = info.players
    if not low <= k <= high:
        raise DigsiteError(f"arena: {game_id} is played by {low} to {high} seats, "
                           f"got {k} bots")
    if games < 1:
        raise DigsiteError("arena: games must be at least 1")
    data = data if data is not None else cards_data.load(game_id)
    deal_seeds = child_seeds(seed, (games + k - 1) // k)
    bot_seeds = child_seeds(seed + 1_000_003, games)
    _WORKER.clear()
    _WORKER.update(game=game_id, bots=list(bot_names), factories=factories,
                   deal_seeds=deal_seeds,
                   bot_seeds=bot_seeds, iterations=iterations, data=data,
                   keep_record=record is not None)
    step = progress or (lambda n=1: None)
    results: dict[int, dict] = {}
    if workers <= 1 or games == 1:
        for i in range(games):
            index, result = _run_one(i)
            results[index] = result
            step(1)
    else:
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(min(workers, games)) as pool:
            for index, result in pool.imap_unordered(_run_one, range(games)):
                results[index] = result
                step(1)
    wins = [0.0] * k
    scores = [0.0] * k
    per_game = []
    for i in range(games):
        r = results[i]
        if record is not None:
            record(i, r.pop("record"))
        for s, bot in enumerate(r["seat_bot"]):
            scores[bot] += r["returns"][s]
        for w in r["winners"]:
            wins[r["seat_bot"][w]] += 1.0 / len(r["winners"])
        per_game.append({"game": i, "bots_by_seat": [bot_names[b] for b in r["seat_bot"]],
                         "returns": r["returns"], "winners": r["winners"]})
    return {
        "game": game_id, "bots": list(bot_names), "games": games,
        "wins": [round(w, 6) for w in wins],
        "win_rate": [round(w / games, 6) for w in wins],
        "ci95": [[round(x, 6) for x in wilson(w, games)] for w in wins],
        "mean_scores": [round(s / games, 6) for s in scores],
        "seed": seed, "iterations": iterations, "per_game": per_game,
    }
