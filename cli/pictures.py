"""Which picture each command draws: the glue between the solvers' typed results and the
renderer (``games.render``, below the solvers) or ``cli.charts`` (best-score, plan and the
demo's folder of pictures)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import cards_data
from cards_data import CardData
from cards_data.ancients import AncientsData
from games import registry
from games.table import plural

from . import charts
from .outputs import prepare_dir, write_text

if TYPE_CHECKING:  # (the results' module, the drawing and the solvers are loaded by the
    # commands that draw: the CLI imports this module for DEMO_FOLDER, issue 18)
    from solvers.results import BestScore, DigPlanResult

__all__ = ["best_score_picture", "plan_picture", "demo_pictures", "DEMO_FOLDER"]

DEMO_FOLDER = "digsite-demo-pictures"


def best_score_picture(game: str, deal: dict[str, Any], result: BestScore, data: CardData
                       ) -> str:
    """The best plan of a solo deal: Pyramids' cards with their crossed boxes, or one
    Tomb of the Ancients board per dig."""
    from games.render import plan_svg

    title = (f"{registry.get(game).name}: best score {result.score} "
             f"({result.status}, bound {result.bound})")
    return plan_svg(game, deal, [list(turn) for turn in result.turns], data, title=title)


def plan_picture(view: dict[str, Any], result: DigPlanResult, data: CardData) -> str:
    """A Tomb of the Ancients dig plan: the board before and after, the map cards."""
    from games.render import boards

    title = (f"Tomb of the Ancients: best dig for seat {result.seat}, "
             f"{plural(result.points, 'point')} for {plural(result.tokens_spent, 'token')}")
    ancients = cast(AncientsData, data)  # a dig plan comes with the Ancients' card data
    return boards.ancients_plan_svg(view["board"], result.finds, result.board_after, ancients,
                                    points=result.points, tokens_spent=result.tokens_spent,
                                    title=title)


def demo_pictures(folder: str | Path = DEMO_FOLDER) -> list[Path]:
    """Write the demo's pictures into ``folder`` (created); return their paths. The
    arena chart is left out when matplotlib (the extra ``charts``) is not installed."""
    from solvers import services
    from solvers.arena import run_arena

    out = prepare_dir(folder)
    written = []
    pyramids = cards_data.load("pyramids")
    engine = registry.engine("pyramids")
    deal = engine.make_deal(players=1, seed=11, data=pyramids, rounds=1, steps_per_round=4)
    result = services.capability("pyramids", "best_score")(deal, data=pyramids, seed=0)
    written.append(write_text(out / "pyramids-plan.svg",
                              best_score_picture("pyramids", deal, result, pyramids)))
    ancients = cards_data.load("ancients")
    view = registry.engine("ancients").example_view(ancients)
    result = services.capability("ancients", "plan")(view, data=ancients)
    written.append(write_text(out / "ancients-plan.svg", plan_picture(view, result, ancients)))
    if charts.available():  # else the boards alone
        arena = run_arena("lootnrun", ["greedy", "random"],
                          bots=services.capability("lootnrun", "BOTS"), games=40, seed=0,
                          data=cards_data.load("lootnrun"))
        written.append(write_text(out / "lootnrun-arena.svg", charts.arena_chart(arena)))
    return written
