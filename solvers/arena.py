"""The arena: bots play each other on seat-rotated copies of the same deals.

With k bots, games come in groups of k on one deal: game ``i`` uses deal ``i // k`` and
rotation ``r = i % k``, seat ``s`` being played by bot ``(s + r) % k`` — for two bots, the
seat-swapped pairs that cancel the luck of the deal and of the seat. Every deal seed and
bot seed derives from ``seed`` and the game index only, and the games come back in index
order, so results are identical on either backend (``solvers.backends``: a local process
pool or Ray) and for any number of workers. Win rates carry 95% Wilson intervals; a k-way
shared win counts 1/k for each winner.

``run_arena(game_id, bot_names, *, bots, games, seed, limit=Limit(), data=None,
deal_options=None, progress=None, keep_records=False, execution=None) -> ArenaResult``
(``bots``: the game's ``{name: factory}`` table, e.g. :func:`bot_table`; ``limit``: every
searching bot's budget per decision; ``deal_options``: the deals' options, such as the New
Expedition's monument; ``execution``: a ``solvers.backends.Execution``). With
``keep_records`` every game (``ArenaResult.per_game``) carries its game record
(``games.record``), whose ``source`` says how to play it again: the match as a command
line (bots, games, seed, iterations, deal options, ``--cards FILE``), the game's index,
deal seed and rotation, and each bot's budget. ``ArenaResult.budgets`` is what each bot
spent on a search (:func:`bot_budget`: its default where ``limit`` gives none).

:func:`bot_table` is a game's own bots (its service's ``BOTS``) plus the OpenSpiel bots
(``openspiel-ismcts``, ``openspiel-mcts``) when asked for, the optional extra is installed
and the game is adapted.

"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

import cards_data
from cards_data import CardData
from games import registry
from games.errors import DigsiteError
from games.game import Game, command_options
from games.protocol import CHANCE
from games.record import Entry, GameRecord
from games.seeding import child_seeds

from . import interrupt, openspiel, services
from .backends import Execution, Progress
from .limits import Limit
from .results import ArenaGame, ArenaResult, BotBudget, budgets_words

if TYPE_CHECKING:  # the bots are made by the factories the caller passes
    from .ismcts.bots import Bot

__all__ = ["run_arena", "wilson", "play_game", "bot_table", "bot_budget", "with_limit",
           "games_to_settle"]


def wilson(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (successes may be fractional)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def games_to_settle(rate: float, target: float, *, limit: int = 10_000_000) -> int | None:
    """How many games a match needs for the 95% Wilson interval around ``rate`` to leave out
    ``target``, if the win rate stayed as measured (None if it equals the target or needs
    more than ``limit``).

    >>> games_to_settle(0.75, 0.65)  # a 75% win rate beats a 65% target after 88 games
    88
    >>> games_to_settle(0.65, 0.65) is None
    True
    """
    def settled(n: int) -> bool:
        low, high = wilson(rate * n, n)
        return low > target or high < target

    if rate == target or not settled(limit):
        return None
    low, high = 1, limit  # the interval narrows as n grows: bisect for the first n
    while low < high:
        mid = (low + high) // 2
        if settled(mid):
            high = mid
        else:
            low = mid + 1
    return low


def play_game(game_id: str, bot_names: list[str], *, bots: Mapping[str, Callable[..., Bot]],
              deal_seed: int, rotation: int, bot_seed: int, limit: Limit = Limit(),
              data: CardData, deal_options: dict[str, Any] | None = None,
              keep_record: bool = False, source: str | None = None) -> ArenaGame:
    """One game of the deal of ``deal_seed`` (with ``deal_options``, e.g. the New
    Expedition's monument), seats rotated by ``rotation``; ``limit`` per decision for
    every searching bot. With ``keep_record``, its game record, whose ``source`` is
    ``source`` (default: the deal seed, the rotation and the deal options)."""
    engine = registry.engine(game_id)
    k = len(bot_names)
    the_deal = engine.make_deal(players=k, seed=deal_seed, data=data, **(deal_options or {}))
    state = engine.state_from_deal(the_deal, data)
    seat_bot = [(s + rotation) % k for s in range(k)]
    seeds = child_seeds(bot_seed, k)
    players = [bots[bot_names[seat_bot[s]]](seat=s, seed=seeds[s], limit=limit)
               for s in range(k)]
    decisions = 0
    played: list[tuple[int, str]] = []
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
    record = None
    if keep_record:
        if source is None:
            options = "".join(f", {key} {value}" for key, value in (deal_options or {}).items())
            source = f"digsite arena: deal seed {deal_seed}, rotation {rotation}{options}"
        record = GameRecord(game_id, k, the_deal, tuple(Entry(*p) for p in played),
                            seats=tuple(bot_names[b] for b in seat_bot), source=source,
                            cards=cards_data.fingerprint(data)).finished(state)
    # (the options each deal drew: a match without --monument said no game's monument)
    dealt: Callable[[dict[str, Any]], dict[str, Any]] | None = getattr(
        engine, "dealt_options", None)
    return ArenaGame(index=-1, bots_by_seat=tuple(bot_names[b] for b in seat_bot),
                     seat_bot=tuple(seat_bot), returns=tuple(state.returns()),
                     winners=tuple(state.winners()), decisions=decisions, record=record,
                     deal_options={} if dealt is None else dealt(the_deal))


@dataclass(frozen=True)
class _ArenaGame:
    """One arena game as a pure function of its job ``(index, deal_seed, bot_seed)``: the
    unit of work a backend runs."""

    game_id: str
    bot_names: tuple[str, ...]
    factories: Mapping[str, Callable[..., Bot]]
    limit: Limit
    data: CardData
    deal_options: dict[str, Any]
    keep_record: bool = False
    #: the match as a command line and each bot's budget in words: a kept record's
    #: ``source`` says how to play its game again
    command: str = ""
    budgets: str = ""

    def __call__(self, job: tuple[int, int, int]) -> ArenaGame:
        index, deal_seed, bot_seed = job
        rotation = index % len(self.bot_names)
        source = (f"{self.command}: game {index} of the match (deal seed {deal_seed}, seats "
                  f"rotated by {rotation}); budgets: {self.budgets}")
        game = play_game(self.game_id, list(self.bot_names), bots=self.factories,
                         deal_seed=deal_seed, rotation=rotation,
                         bot_seed=bot_seed, limit=self.limit, data=self.data,
                         deal_options=self.deal_options, keep_record=self.keep_record,
                         source=source)
        return replace(game, index=index)


def bot_budget(factory: Callable[..., Bot], limit: Limit) -> BotBudget:
    """What a bot of ``factory`` spends on each search in a match at ``limit`` (its own
    default where ``limit`` gives none: ``Bot.budget``)."""
    bot = factory(seat=0, seed=0, limit=limit)
    budget = getattr(bot, "budget", None)
    spent = budget() if budget is not None else limit  # (a factory of another kind)
    if spent is None:
        return BotBudget(searches=False)
    return BotBudget(searches=True, iterations=spent.iterations, time_s=spent.time_limit,
                     per=getattr(bot, "search_per", "decision"))


def _check_budget(factory: Callable[..., Bot], limit: Limit) -> None:
    """Refuse a match whose bot of ``factory`` cannot search within ``limit``
    (``Bot.budget_refused``: OpenSpiel's searches under 2 iterations), before any game."""
    bot = factory(seat=0, seed=0, limit=limit)
    refused = getattr(bot, "budget_refused", lambda: None)()  # (a factory of another kind)
    if refused is not None:  # (the bot's own limit: with_limit may set one)
        raise DigsiteError(f"arena: --iterations {bot.limit.iterations}: {refused}")


def bot_table(game_id: str, data: CardData | None = None,
              names: Iterable[str] = ()) -> dict[str, Callable[..., Bot]]:
    """The arena bots of ``game_id``: its service's ``BOTS``, plus ``openspiel-ismcts`` and
    ``openspiel-mcts`` where the OpenSpiel adapter covers the game, when ``names`` asks for
    one of them (only then is the extra loaded; ``data``: the card data the games are
    played with, which fixes the OpenSpiel action table)."""
    table = dict(services.capability(game_id, "BOTS"))
    if set(names) & set(openspiel.BOT_NAMES):
        table.update(openspiel.bots_for(game_id, data))
    return table


@dataclass(frozen=True)
class _WithLimit:
    factory: Callable[..., Bot]
    limit: Limit

    def __call__(self, **kwargs: Any) -> Bot:
        return self.factory(**{**kwargs, "limit": self.limit})


def with_limit(factory: Callable[..., Bot], limit: Limit) -> Callable[..., Bot]:
    """A bot factory whose bots search within ``limit`` whatever the arena's limit is
    (matches at equal time, root-parallel bots against one tree)."""
    return _WithLimit(factory, limit)


def run_arena(game_id: str, bot_names: list[str], *, bots: Mapping[str, Callable[..., Bot]],
              games: int, seed: int, limit: Limit = Limit(), data: CardData | None = None,
              deal_options: dict[str, Any] | None = None, progress: Progress | None = None,
              keep_records: bool = False, execution: Execution | None = None) -> ArenaResult:
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
    refused = cards_data.seats_refused(data, k)
    if refused is not None:  # (a card file narrowing the table's range)
        raise DigsiteError(f"arena: {refused} (--bots names one a seat)")
    deal_options = dict(deal_options or {})
    Game(info, data, deal_options)  # an option the game does not take fails before any game
    deal_seeds = child_seeds(seed, (games + k - 1) // k)
    bot_seeds = child_seeds(seed + 1_000_003, games)
    execution = execution or Execution()
    for name in dict.fromkeys(bot_names):
        _check_budget(factories[name], limit)
    budgets = tuple(bot_budget(factories[name], limit) for name in bot_names)
    command = (f"digsite arena {game_id} --bots {','.join(bot_names)} --games {games} "
               f"--seed {seed}"
               + (f" --iterations {limit.iterations}" if limit.iterations is not None else "")
               + command_options(deal_options, data))
    play = _ArenaGame(game_id, tuple(bot_names), factories, limit, data, deal_options,
                      keep_record=keep_records, command=command,
                      budgets=budgets_words(bot_names, budgets))
    jobs = [(i, deal_seeds[i // k], bot_seeds[i]) for i in range(games)]
    running = [0.0] * k

    def report(game: ArenaGame) -> str:
        """The running score for a progress bar: each bot's wins so far."""
        for w in game.winners:
            running[game.seat_bot[w]] += 1.0 / len(game.winners)
        return ", ".join(f"{name} {wins:g}" for name, wins in zip(bot_names, running))

    done = execution.run(play, jobs, progress=progress, report=report, partial=True)
    # a stop request (Ctrl-C) leaves the games finished before it: their first unbroken
    # run counts (in a pool, later games may have finished before earlier ones)
    played = list(done[:next((i for i, g in enumerate(done) if g is None), len(done))])
    if not played:
        raise interrupt.Interrupted("interrupted before the first game was over")
    interrupted = len(played) < games
    if interrupted and len(played) >= k:  # whole seat rotations, so the luck still cancels
        played = played[:len(played) // k * k]
    games = len(played)
    wins = [0.0] * k
    scores = [0.0] * k
    for game in played:
        for s, bot in enumerate(game.seat_bot):
            scores[bot] += game.returns[s]
        for w in game.winners:
            wins[game.seat_bot[w]] += 1.0 / len(game.winners)
    return ArenaResult(
        game=game_id, bots=tuple(bot_names), games=games,
        wins=tuple(round(w, 6) for w in wins),
        win_rate=tuple(round(w / games, 6) for w in wins),
        ci95=tuple((round(low, 6), round(high, 6))
                   for low, high in (wilson(w, games) for w in wins)),
        mean_scores=tuple(round(s / games, 6) for s in scores),
        seed=seed, limit=limit, per_game=tuple(played), deal_options=deal_options,
        interrupted=interrupted, budgets=budgets, cards=cards_data.given_fingerprint(data))
