"""The registry of the five games, keyed by game id.

Metadata here is data the tests check the engines against (player counts, the longest
possible game, score bounds), and each game's **capabilities as data**: the services
digsite offers for it, its arena bots, its default budgets, its review thresholds and its
deal options (``tests/test_conventions.py`` checks each declaration against the solver
code). So listing the games, or a command's ``--help``, imports no engine and no solver:
engines are imported lazily (``engine``), and a game is used through its
:class:`games.game.Game` (``games.load``).

A game is an edition of an engine family (``family``, ``edition``), as a python-chess
variant carries its own metadata: Archaeology (2007) and The New Expedition are two
editions of the ``archaeology`` family, played by one engine core and served by one
solver package (``solvers.<family>``); each edition stays a game of its own, with its
id, its card data, its engine package and its capabilities.

>>> get("pyramids").name
'Silver & Gold: Pyramids'
>>> get("archaeology").budgets.hint_text
'2000 search iterations'
>>> [info.id for info in editions("archaeology")]
['archaeology', 'expedition']
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cards_data import PLAYERS, SOLO

from .errors import DigsiteError
from .forgiving import did_you_mean

if TYPE_CHECKING:  # (the protocol module is not needed to list the games)
    from .protocol import Engine

__all__ = ["GameInfo", "Budgets", "ReviewScale", "GAMES", "GAME_IDS", "SERVICES", "get",
           "editions", "engine", "has_engine", "UnknownGameError"]

#: The services a game may offer (``solvers/<id>/service.py`` attributes; ``solvers.services``):
#: move hints, a solo best score with its bound, the Ancients dig planner, the card games'
#: beliefs about hidden cards (``hint --beliefs``), arena bots.
SERVICES = ("hint", "best_score", "plan", "beliefs", "BOTS")


class UnknownGameError(DigsiteError):
    """A game id that is not one of the five."""


@dataclass(frozen=True)
class Budgets:
    """A game's default budgets: what a search spends when the user gives no budget.

    ``hint`` is in ``hint_units`` (search iterations for the ISMCTS hints); ``best_score``,
    for games with a solo best score, in ``best_score_units`` (deterministic work)."""

    hint: int = 1000
    hint_units: str = "search iterations"
    #: The hint's default is shared among the seats: ``hint // players`` a decision
    #: (Pyramids: a playout plays every seat's turns, so a bigger table costs more each).
    hint_shared: bool = False
    best_score: float | None = None
    best_score_units: str = ""
    #: Iterations per turn of the arena's ISMCTS bot for a game whose bot searches whole
    #: turns (a few options each, so fewer than a decision's search); ``None``: the search's
    #: default per decision. Here, not in the service, so `arena --help` reads it without
    #: importing a solver.
    bot_per_turn: int | None = None

    @property
    def hint_text(self) -> str:
        """The default hint budget in words (``digsite hint --help``)."""
        return f"{self.hint} {self.hint_units}" + (" divided by the number of players"
                                                   if self.hint_shared else "")

    def hint_at(self, players: int) -> int:
        """The default hint budget of a decision at a table of ``players`` (at least 1).

        >>> get("pyramids").budgets.hint_at(2), get("archaeology").budgets.hint_at(2)
        (80, 2000)
        """
        return max(1, self.hint // players) if self.hint_shared else self.hint


@dataclass(frozen=True)
class ReviewScale:
    """Loss thresholds of a game's review, in ``unit``: a loss from ``inaccuracy`` up is an
    inaccuracy, from ``mistake`` a mistake, from ``blunder`` a blunder
    (``solvers.review``)."""

    unit: str
    inaccuracy: float
    mistake: float
    blunder: float
    per_players: bool = False  # thresholds x 2/players (win probabilities)

    def at(self, players: int) -> "ReviewScale":
        """The thresholds for a table of ``players``: a fair share of a win at a table of
        k is 1/k, so win-probability thresholds scale by 2/players above two seats."""
        if not self.per_players or players <= 2:
            return ReviewScale(self.unit, self.inaccuracy, self.mistake, self.blunder)
        f = 2.0 / players
        return ReviewScale(self.unit, round(self.inaccuracy * f, 4),
                           round(self.mistake * f, 4), round(self.blunder * f, 4))


#: Win-probability thresholds of the card games: lichess's 5, 10 and 15 points of win
#: chance between two players.
WIN_SCALE = ReviewScale("win probability", 0.05, 0.10, 0.15, per_players=True)


@dataclass(frozen=True)
class GameInfo:
    """What is known about a game before any engine is loaded."""

    id: str
    name: str
    kind: str  # "grid" or "card"
    # smallest and largest table the rules allow (``cards_data.PLAYERS``: a card file may
    # narrow the range, never widen it)
    players: tuple[int, int]
    solo: bool  # whether digsite offers a one-player analysis mode (``cards_data.SOLO``)
    variants: tuple[str, ...] = ()
    engine_module: str | None = None  # dotted path; None while no engine exists
    max_moves: int = 0  # upper bound on decisions in one game (conformance test)
    score_bounds: tuple[float, float] = (0.0, 0.0)  # every seat's final return lies here
    rulebook: str = ""
    notes: str = ""
    # --- capabilities, as data ---
    services: tuple[str, ...] = ()  # of SERVICES
    bots: tuple[str, ...] = ()  # arena bot names (the service's BOTS, in that order)
    budgets: Budgets = Budgets()
    review: ReviewScale = WIN_SCALE
    deal_options: tuple[str, ...] = ()  # keyword options of the deal (``digsite deal``)
    # --- the engine family ---
    family: str = ""  # the engine family (its solver package); "" stands for the game's id
    edition: str = ""  # the edition's short label within its family; "" for a lone edition
    aliases: tuple[str, ...] = ()  # other ids of the game (none yet: the CLI's ids are fixed)

    def __post_init__(self) -> None:
        if not self.family:  # a single-edition game is a family of its own
            object.__setattr__(self, "family", self.id)

    @property
    def player_counts(self) -> tuple[int, ...]:
        low, high = self.players
        return tuple(range(1 if self.solo else low, high + 1))

    @property
    def default_players(self) -> int:
        """Solo where the game has it, else the smallest table."""
        return 1 if self.solo else self.players[0]


GAMES: dict[str, GameInfo] = {}


def _register(info: GameInfo) -> None:
    GAMES[info.id] = info


_register(GameInfo(
    id="pyramids", name="Silver & Gold: Pyramids", kind="grid",
    players=PLAYERS["pyramids"], solo="pyramids" in SOLO,
    variants=("solo analysis mode",),
    engine_module="games.pyramids",
    max_moves=4 + 4 * 4 * 7 + 48,  # keeps + crossings + at most one take per card
    score_bounds=(-10.0, 400.0),  # worst skull .. a generous ceiling on 4 rounds
    rulebook="silver-and-gold-pyramids.txt",
    services=("hint", "best_score", "BOTS"), bots=("random", "greedy"),
    budgets=Budgets(hint=160, hint_units="playouts", hint_shared=True,
                    best_score=30.0, best_score_units="CP-SAT deterministic seconds"),
    # points of expected final score: scores run 100-150 a game, where one crossing can
    # cost a card's completion (a few points) or a tomb (ten)
    review=ReviewScale("points", 2.0, 5.0, 10.0),
))
_register(GameInfo(
    id="ancients", name="Tomb of the Ancients", kind="grid",
    players=PLAYERS["ancients"], solo="ancients" in SOLO,
    variants=("beta 2.16", "solo analysis mode (2-player deck)"),
    engine_module="games.ancients",
    # decisions <= (46 draws + 6 final turns) + 50 sells + 2 x (50 finds + 108 sand spends),
    # sand <= 6 start + 52 rests + 50 shop tokens; score <= 200 artifact points
    # + (4 + 104 rest dollars + 200 sales) / 2 + 108 / 2 (see games.ancients.state)
    max_moves=420,
    score_bounds=(0.0, 408.0),
    rulebook="tomb-of-the-ancients.txt",
    services=("hint", "best_score", "plan", "BOTS"), bots=("random", "greedy", "ismcts"),
    budgets=Budgets(hint=700, best_score=200.0,
                    best_score_units="thousands of search nodes", bot_per_turn=100),
    # points of expected final score: scores run 40-90, where a map is worth 2-8 points
    review=ReviewScale("points", 2.0, 4.0, 8.0),
))
_register(GameInfo(
    id="archaeology", name="Archaeology: The Card Game", kind="card",
    players=PLAYERS["archaeology"],
    solo=False, variants=("2007 / Z-Man 2009",),
    engine_module="games.archaeology", family="archaeology", edition="2007",
    # max_moves, a proven bound (random games take about 350): at most 58 digging turns and
    # 72 * 5 + 4 end-game turns (a sale or an exploration, each removing a card for good,
    # comes at least every 5 turns); a turn has at most 3 trades of at most 87 take/give
    # steps and an end; plus 6 sandstorms x 72 discards, 8 steals, 72 sales/explorations.
    # score_bounds: every treasure sold in its best sets is worth $333 at most.
    max_moves=120_000, score_bounds=(0.0, 400.0),
    rulebook="archaeology-the-card-game.txt",
    services=("hint", "beliefs", "BOTS"),
    bots=("random", "greedy", "ismcts", "ismcts-inference", "ismcts-plain", "pimc"),
    # the knee of the strength/latency curve (benchmarks/budget_bench.py, docs/strength.md
    # §5): 2,000 iterations lose less win probability than 1,000 beyond noise, 4,000 no
    # less than 2,000; the 4-player opening's hint takes 0.77 s of CPU compiled (0.70 s,
    # median of 5, with the pure greedy playouts of 2026-11-27: docs/strength.md §2)
    budgets=Budgets(hint=2000),
))
_register(GameInfo(
    id="expedition", name="Archaeology: The New Expedition", kind="card",
    players=PLAYERS["expedition"],
    solo=False,
    variants=("--monument great_pyramid|temple|tomb|mine|sphinx|buried_ruins (default: "
              "drawn at random)", "--variant long-expedition (2-3 players)",
              "--variant fierce-weather", "--variant beginners-luck"),
    engine_module="games.expedition", family="archaeology", edition="new-expedition",
    # max_moves, a proven bound (random games take about 400-900): at most 96 digging turns
    # (85 treasures and 10 thieves end a dig, sandstorms dig again) and 85 * 6 + 5
    # end-game turns (a sale or an exploration, each removing a card for good, comes at
    # least every 6 turns at 5 seats); a turn has at most 2 trades plus one after each
    # Temple look (a look follows a sale: at most 85 in a game), each of at most 85
    # take/give steps, and an end: (2 * 611 + 85) * 85 + 611 < 112,000; plus 6 sandstorms
    # x (85 discards + 5 tents), 10 steals, 85 sales and looks, 6 explorations x 17 monument
    # steps. score_bounds: every treasure sold in its best sets is worth $398 at most.
    max_moves=125_000, score_bounds=(0.0, 420.0),
    rulebook="archaeology-the-new-expedition.txt",
    services=("hint", "beliefs", "BOTS"),
    bots=("random", "greedy", "ismcts", "ismcts-inference", "ismcts-plain", "pimc"),
    deal_options=("monument", "variant"),
    # 2,000 iterations (docs/strength.md §5): 2,000 and 4,000 lose less than 1,000 beyond
    # noise, and 1,000 was held by the 1 s cap (the 5-player opening's hint took 1.01 s of
    # CPU compiled at 2,000); with the pure greedy playouts of 2026-11-27 it takes 0.67 s
    # (median of 5, compiled; 0.75 s with the former playout, paired in the same run).
    # The curve again with the pure greedy playout: 4,000 still beats 2,000 beyond noise
    # but takes about 1.7 times its CPU there (about 1.3 s): the cap holds it at 2,000
    budgets=Budgets(hint=2000),
))
_register(GameInfo(
    id="lootnrun", name="Loot N Run", kind="card", players=PLAYERS["lootnrun"], solo=False,
    engine_module="games.lootnrun",
    # no rule bounds a game's length; random play ends within a few hundred decisions
    max_moves=5000,
    # 54 rooms of at most 3 symbols, doubled, on top of a score just under the target
    score_bounds=(0.0, 34 + 54 * 3 * 2),
    rulebook="loot-n-run.txt",
    services=("hint", "beliefs", "BOTS"),
    bots=("random", "greedy", "ismcts", "ismcts-inference", "ismcts-plain", "pimc"),
    # the strength/latency curve (docs/strength.md §5): 2,000 iterations lose less win
    # probability than 1,000 beyond noise; 4,000 less again, but its 6-player opening's
    # hint takes 1.05 s of CPU compiled, over the 1 s cap (2,000: 0.56 s)
    budgets=Budgets(hint=2000),
))

GAME_IDS: tuple[str, ...] = tuple(GAMES)


def get(game_id: str) -> GameInfo:
    """The ``GameInfo`` of ``game_id``; ``UnknownGameError`` lists the valid ids."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise UnknownGameError(
            f"unknown game {game_id!r} (choose from {', '.join(GAME_IDS)})"
            f"{did_you_mean(str(game_id), GAME_IDS)}") from None


def editions(family: str) -> tuple[GameInfo, ...]:
    """The games of the engine family ``family``, in registry order (one for a game that
    has a single edition; none for an unknown family)."""
    return tuple(info for info in GAMES.values() if info.family == family)


def has_engine(game_id: str) -> bool:
    """Whether a rules engine is registered for ``game_id``."""
    info = get(game_id)
    if info.engine_module is None:
        return False
    return importlib.util.find_spec(info.engine_module) is not None


def engine(game_id: str) -> Engine:
    """The engine package of ``game_id`` (see ``games.protocol``)."""
    module = get(game_id).engine_module
    if module is None or not has_engine(game_id):
        raise UnknownGameError(f"game {game_id!r} has no rules engine yet")
    return importlib.import_module(module)
