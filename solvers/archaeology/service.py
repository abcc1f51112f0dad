"""Archaeology, both editions (the 2007 game and The New Expedition): hints, arena bots
and the demo section. One engine core plays both editions, so one service serves both:
:data:`EDITIONS` maps each edition's game id to its :class:`Edition`, an object with the
names of a service module (``hint``, ``BOTS``, ``demo_section``, ``played_turn``,
``hint_through``; ``solvers.services.service`` returns it). What differs between the
editions is data: the engine package (``games.registry``'s ``engine_module``: the
edition's deals, views and move text) and its ``rules`` (the monument, tents and looks,
which the heuristic, the explanations and the demo text read).

**Hint.** ``hint(view, ...)`` validates the view, samples a world exactly from what the
seat has seen (``games.archaeology.hidden``) and runs ISMCTS (``solvers.ismcts.search``)
for the seat, with playouts of the rollout policy (``policy``, run by its equivalent fast
``playout``) and the win / score-margin reward (margin scale $50). Moves are ranked by
visits (the search's final choice); each carries ``value`` = **win probability** (the
primary value: share of the search's finished playouts through that move that the seat
won, 1/k for a k-way shared win), ``expected_money`` (mean final money in those
playouts), ``visits`` and ``stderr`` (standard error of the win probability). **A trade
is one row**: the engine plays a trade as ``take``/``give`` steps (every minimal trade
reached once, few moves per search node), and the search counts its *units*
(``solvers.ismcts.search``, ``unit_open``; ``trades``): a row is one whole trade (``trade
GIVES for TAKES``), its value, money and visits over the iterations whose tree path made
that whole trade; iterations that left the tree mid-trade (to finish it in the playout)
count for no row. This aggregates the step tree rather than reporting the best completion
under each first step: every trade the search tried is shown with its own statistics,
and no trade borrows the visits of another that shares its first take. Rows are ranked
by those visits; a one-move decision never tried is a row without a value. Each row
carries the move in words (``games.archaeology.words``). A view with a trade in progress
(its ``trade`` field) is ranked by its next steps. ``best-move`` names the whole trade
and ``play``, ``track`` and game records take it as one move. **A sandstorm discard is one row**
too, the same way: the engine plays it as one ``discard`` step per card (card order),
the search counts a seat's steps at one sandstorm as one unit, and a row is the whole
discard (``discard CARDS``; a seat owing one card: its one ``discard``), even where the
first card is the only legal step (the cards after it are still a choice); a view with
the seat's discard under way (a ``last`` card, owing more) is ranked by its next card.
``played_turn`` and ``hint_through`` let ``solvers.review`` name a played trade's (or
discard's) steps by the whole decision and value it in the same search, by playouts of its
own where the search left it early (or did not complete it in its tree). In The New
Expedition, an explore of the Tomb, the Mine or the Sphinx goes on with the explorer's
next decision (a keep, a draw or stop, a naming): ask again from the view after it.

Bots for ``digsite arena archaeology`` and ``digsite arena expedition``: ``random``,
``greedy`` (the heuristic of ``policy``: in The New Expedition tents, looks, keeps, Mine
and Sphinx decisions included), ``ismcts``, ``pimc`` (determinized UCT, 10 worlds, same
total iterations). The New Expedition's arena deals draw the monument at random; a card
file with one monument (``--cards``) fixes it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, Sequence, cast

from cards_data.archaeology import ArchaeologyData
from cards_data.expedition import ExpeditionData
from games import registry
from games.archaeology.moves import DISCARDS, TRADE, MoveBase
from games.archaeology.rules import BUST, KEEP_SOME, NAME_TYPES
from games.archaeology.state import ArchaeologyState
from games.archaeology.trades import discarding, trading
from games.reader import ViewReading
from games.seeding import Seed, make_rng
from games.table import plural
from solvers.hints import Column, Hint, stamped
from solvers.ismcts.beliefs import beliefs as sampled_beliefs
from solvers.ismcts.bots import IsmctsBot, PimcBot, PolicyBot, RandomBot
from solvers.ismcts.hint import ranked_lines, win_hint
from solvers.ismcts.inference import chosen_model
from solvers.limits import Limit

from .opponent import GreedyAgreement, hand_counts, hand_key
from .policy import SEARCH_OPTIONS, greedy_policy
from .trades import (DISCARD_STEPS, TRADE_STEPS, WHOLE_DISCARDS, WHOLE_TRADES, DecisionUnits,
                     played_decision, played_move)

__all__ = ["Edition", "EDITIONS", "BOTS", "EXPLORE_STEPS", "MODEL", "INFERENCE"]

#: The engine family this service serves (``games.registry.GameInfo.family``).
FAMILY = "archaeology"
#: The opponent model of ``--inference`` (``solvers.archaeology.opponent``, both editions):
#: greedy's choice weighs ``e^beta`` (turn actions, sandstorm discards). Fitted by maximum
#: likelihood (``inference.fit_agreement``) on six self-play games of the ``ismcts`` bot at
#: 1,000 iterations: its turn actions agreed with greedy's 174 times in 553 (127 by
#: chance), its discards 24 in 31 (11.5 by chance); docs/strength.md.
MODEL = GreedyAgreement(0.488, 1.849)
#: Inference on by default: only where it measured stronger (``benchmarks.strength_bench``).
#: Not measured yet, and the evidence is weak (at beta 1 the weighted pools kept 97% of
#: their effective size): off.
INFERENCE = False


class GreedyBot(PolicyBot):
    """The greedy heuristic (``policy``)."""

    name = "greedy"
    policy = staticmethod(greedy_policy)


class SearchBot(IsmctsBot):
    """ISMCTS with the Archaeology playout and reward (``policy.SEARCH_OPTIONS``)."""

    search_options = SEARCH_OPTIONS


class InferenceBot(SearchBot):
    """:class:`SearchBot` with its worlds weighted by the opponents' play (:data:`MODEL`)."""

    model = MODEL


class PimcSearchBot(PimcBot):
    """Determinized UCT with the same playout and reward."""

    search_options = SEARCH_OPTIONS


#: The arena bots of both editions (module docstring): plain classes, as every game's.
BOTS = {"random": RandomBot, "greedy": GreedyBot,
        "ismcts": InferenceBot if INFERENCE else SearchBot, "ismcts-inference": InferenceBot,
        "ismcts-plain": SearchBot, "pimc": PimcSearchBot}

EXPECTED_MONEY = Column("expected_money", "mean final money of the seat in those playouts", 2)
EXPLORE_STEPS = ("an explore of the Tomb, the Mine or the Sphinx goes on with the explorer's "
                 "next decision (keep, draw or stop, name): ask again from the view after it")
#: The explore rules (``Rules.special``) whose explore is several decisions of the explorer.
MULTI_STEP_EXPLORES = (KEEP_SOME, BUST, NAME_TYPES)


def _explain(best: MoveBase, multi_step: bool, storm_steps: bool) -> list[str] | None:
    verb = str(best).split()[0]
    if best.kind == TRADE:
        return [WHOLE_TRADES]
    if best.kind == DISCARDS:
        return [WHOLE_DISCARDS]
    if verb in ("take", "give"):
        return [TRADE_STEPS]
    if storm_steps:  # (a view with the seat's discard under way: the rows are its steps)
        return [DISCARD_STEPS]
    return [EXPLORE_STEPS] if verb == "explore" and multi_step else None


#: Either edition's card data.
EditionData = ArchaeologyData | ExpeditionData


class EditionEngine(Protocol):
    """What :class:`Edition` calls of an edition's engine package: the registry imports it
    by id (``games.protocol.Engine``), and both editions' packages have these names, with
    the states of the one engine core (The New Expedition's derives from the 2007
    game's)."""

    def read_view(self, view: dict[str, Any], data: Any, seed: Seed) -> ViewReading: ...
    def parse_move(self, state: Any, text: str) -> MoveBase: ...
    def describe(self, state: ArchaeologyState | None, move: object) -> str: ...
    def describe_position(self, state: Any, seat: int) -> list[str]: ...
    def example_view(self, data: Any) -> dict[str, Any]: ...


if TYPE_CHECKING:  # mypy checks that both editions' packages are what the cast below says
    import games.archaeology
    import games.expedition
    _PACKAGES: tuple[EditionEngine, ...] = (games.archaeology, games.expedition)


@dataclass(frozen=True)
class Edition:
    """The services of one edition, ``game_id``: the members a service module offers (see
    ``solvers.services``), each taking the edition's engine package from the registry.
    Only the id is stored, so that an edition's bound ``hint`` pickles for root-parallel
    workers."""

    game_id: str
    BOTS = BOTS

    @property
    def engine(self) -> EditionEngine:
        """The edition's engine package (``games.archaeology`` or ``games.expedition``)."""
        return cast(EditionEngine, registry.engine(self.game_id))

    def _rank(self, world: ArchaeologyState, seat: int, *, limit: Limit, seed: Seed,
              rng: random.Random, top: int, extra: Sequence[MoveBase] = (),
              inference: bool | None = None, through: MoveBase | None = None,
              through_playouts: int = 0, through_always: bool = False) -> Hint:
        """The hint of ``world``'s seat: whole trades and whole sandstorm discards as rows
        (the steps when the view has a trade or the seat's discard in progress), ``extra``
        whole decisions tried at the root too; ``inference``
        (default :data:`INFERENCE`) weights the worlds by the opponents' play; ``through``
        a decision given ``through_playouts`` playouts after the budget (``win_hint``;
        ``through_always`` too)."""
        multi_step = world.rules.special in MULTI_STEP_EXPLORES
        storm_steps = discarding(world) and world.storm_left > 1  # (owing one: a plain move)
        units = None if trading(world) or discarding(world) else DecisionUnits(world, extra)
        describe = self.engine.describe
        return win_hint(self.game_id, world, seat, limit=limit, seed=seed, rng=rng, top=top,
                        search_options=SEARCH_OPTIONS, score=EXPECTED_MONEY,
                        explain=lambda best: _explain(best, multi_step, storm_steps),
                        words=lambda move: describe(world, move), units=units,
                        inference=chosen_model(inference, INFERENCE, MODEL),
                        through=through, through_playouts=through_playouts,
                        through_always=through_always)

    def hint(self, view: dict[str, Any], *, data: EditionData, limit: Limit = Limit(),
             seed: Seed = 0, top: int = 10, inference: bool | None = None) -> Hint:
        """Rank the decisions of the view's seat by ISMCTS (see the module docstring); the
        hint says which form of view it read (``view_form``) and what that reading left
        out; ``inference`` on or off (``None``: :data:`INFERENCE`)."""
        rng = make_rng(seed)  # one stream: the view's world, then the search
        reading = self.engine.read_view(view, data, rng)
        return stamped(self._rank(reading.world, reading.seat, limit=limit, seed=seed,
                                  rng=rng, top=top, inference=inference), reading)

    def beliefs(self, view: dict[str, Any], *, data: EditionData, seed: Seed = 0,
                inference: bool | None = None) -> dict[str, Any]:
        """What the view's seat can infer of every other hand: per seat and card, the
        chance of each count (``solvers.ismcts.beliefs``, kind ``hand``: rows ``seat``,
        ``card``, ``hand_size``, ``mean``, ``p``), from sampled worlds weighted by the
        opponents' play when inference is on."""
        reading = self.engine.read_view(view, data, make_rng(seed))
        world = reading.world
        return sampled_beliefs(world, reading.seat, kind="hand", seed=seed,
                               counts=hand_counts, describe=hand_key(world),
                               model=chosen_model(inference, INFERENCE, MODEL))

    def played_turn(self, state: ArchaeologyState, moves: Sequence[str]
                    ) -> tuple[int, str | None, bool]:
        """``solvers.review``'s hook: a record's trade steps are one decision, named by the
        whole trade, and so are a seat's discard steps at one sandstorm, named by the whole
        discard (``trades.played_decision``)."""
        return played_decision(state, moves, self.engine.parse_move)

    def hint_through(self, view: dict[str, Any], moves: Sequence[str], *, playouts: int,
                     data: EditionData, limit: Limit = Limit(), seed: Seed = 0,
                     top: int = 10, always: bool = False) -> Hint:
        """``solvers.review``'s hook: the hint of ``view`` (the same search as
        :meth:`hint`'s), with the decision played (its record ``moves``: a whole trade, a
        whole discard or one move) given ``playouts`` playouts after the budget, which
        value its row where the search left it fewer, or ``always`` (``win_hint``'s
        ``through``)."""
        rng = make_rng(seed)  # one stream, as hint's
        reading = self.engine.read_view(view, data, rng)
        world = reading.world
        played = played_move(world, moves, self.engine.parse_move)
        return stamped(self._rank(world, reading.seat, limit=limit, seed=seed, rng=rng,
                                  top=top, through=played, through_playouts=playouts,
                                  through_always=always),
                       reading)

    def demo_section(self, data: EditionData) -> str:
        """An ISMCTS hint for the edition's bundled example view (300 iterations, seed 0;
        The New Expedition's is at the Temple, after a secret look), in the words of
        ``play``'s screen: the position as the seat knows it, the moves as a player says
        them (the demo is a newcomer's first sight of the tool)."""
        engine = self.engine
        view = engine.example_view(data)
        reading = engine.read_view(view, data, 0)
        world = reading.world
        result = self.hint(view, data=data, limit=Limit(iterations=300), seed=0, top=3)

        def words(text: str | None) -> str:
            return engine.describe(world, engine.parse_move(world, text)) if text else "-"

        lines = engine.describe_position(world, reading.seat)
        lines.append(f"ISMCTS ({plural(result.budget.iterations, 'iteration')}) suggests: "
                     f"{words(result.best)}")
        return "\n".join(lines + ranked_lines(result, "expected_money", words=words))


#: The family's editions by game id (``solvers.services.service`` returns one).
EDITIONS = {info.id: Edition(info.id) for info in registry.editions(FAMILY)}
