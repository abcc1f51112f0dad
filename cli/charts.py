"""Charts as SVG with matplotlib (the optional extra ``digsite[charts]``).

* :func:`review_chart` — the value of each valued decision of the reviewed seat, by its
  decision number: the move played and the hint's best, with inaccuracies, mistakes and
  blunders marked.
* :func:`arena_chart` — each bot's win rate with its 95% Wilson interval.
* :func:`best_score_distribution` — the distribution of best scores over many deals
  (batch best-score), proven optima apart from the rest.

Every function returns the SVG text. The output is reproducible: no date in the metadata,
a fixed id salt, text drawn as paths (so a picture renders the same without the fonts).
matplotlib is imported when a chart is drawn, so the commands that draw none never need
it; without it a chart is a one-line error that says what to install.
"""

from __future__ import annotations

import importlib.util
import io
from types import ModuleType
from typing import TYPE_CHECKING, Any, Sequence

from games.errors import DigsiteError
from games.table import plural

from .format import bot_labels

if TYPE_CHECKING:  # (imported when a chart is drawn: the module docstring; the results'
    # module by the command that makes them)
    from matplotlib.figure import Figure
    from solvers.results import ArenaResult, GameReview

__all__ = ["review_chart", "arena_chart", "best_score_distribution", "LABEL_COLOURS", "available"]

#: Marker colours of the review labels (lichess's convention: yellow, orange, red).
LABEL_COLOURS = {"inaccuracy": "#E6B400", "mistake": "#E67E00", "blunder": "#D7191C"}
PLAYED, BEST = "#0072B2", "#999999"


def available() -> bool:
    """Whether the charts can be drawn (the optional extra ``charts``: matplotlib)."""
    return importlib.util.find_spec("matplotlib") is not None


def _pyplot() -> ModuleType:
    try:
        import matplotlib
    except ImportError:
        raise DigsiteError("charts need matplotlib: pip install 'digsite[charts]'") from None
    matplotlib.use("Agg", force=True)
    matplotlib.rcParams["svg.hashsalt"] = "digsite"
    matplotlib.rcParams["svg.fonttype"] = "path"
    import matplotlib.pyplot as plt
    return plt


def _svg(fig: Figure, plt: ModuleType) -> str:
    out = io.StringIO()
    fig.savefig(out, format="svg", metadata={"Date": None}, bbox_inches="tight")
    plt.close(fig)
    return out.getvalue()


def review_chart(review: GameReview) -> str:
    """Value per decision of a review (``solvers.review``): played and best values on the
    game's scale against the seat's decision numbers (``solvers.moments``, as the review's
    text and ``digsite view --at N`` number them), the labelled mistakes marked."""
    plt = _pyplot()
    valued = [d for d in review.decisions if d.valued]
    xs = [d.number for d in valued]
    fig, ax = plt.subplots(figsize=(9, 3.6), dpi=100)
    ax.plot(xs, [d.best_value for d in valued], color=BEST, linewidth=1.2,
            label="hint's best move", drawstyle="steps-mid")
    ax.plot(xs, [d.played_value for d in valued], color=PLAYED, linewidth=1.6,
            marker="o", markersize=2.5, label="move played")
    for label, colour in LABEL_COLOURS.items():
        marked = [(x, d.played_value) for x, d in zip(xs, valued) if d.label == label]
        if marked:
            ax.scatter(*zip(*marked), s=46, color=colour, zorder=3, edgecolors="black",
                       linewidths=0.6, label=f"{label} ({len(marked)})")
    s = review.summary
    acc = "-" if s.accuracy is None else f"{s.accuracy:.1f}%"
    ax.set_title(f"{review.game}: seat {review.seat}, accuracy {acc}, mean loss "
                 f"{s.mean_loss if s.mean_loss is not None else '-'}", fontsize=10)
    ax.set_xlabel(f"decision of seat {review.seat} (as `digsite view --at N` numbers it)")
    ax.set_ylabel(review.scale.unit)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="best")
    return _svg(fig, plt)


def arena_chart(arena: ArenaResult) -> str:
    """Win rate of each bot with its 95% confidence interval (``digsite arena``)."""
    plt = _pyplot()
    bots = bot_labels(arena.bots)
    rates = arena.win_rate
    low = [r - ci[0] for r, ci in zip(rates, arena.ci95)]
    high = [ci[1] - r for r, ci in zip(rates, arena.ci95)]
    fig, ax = plt.subplots(figsize=(6, 0.7 * len(bots) + 1.4), dpi=100)
    ys = list(range(len(bots)))
    ax.barh(ys, rates, color="#0072B2", height=0.55)
    ax.errorbar(rates, ys, xerr=[low, high], fmt="none", ecolor="black", capsize=5)
    ax.axvline(1 / len(bots), color="#999999", linestyle="--", linewidth=1,
               label=f"fair share 1/{len(bots)}")
    ax.set_yticks(ys, bots)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95% Wilson interval)")
    ax.set_title(f"{arena.game}: {plural(arena.games, 'game')}, seed {arena.seed}", fontsize=10)
    ax.legend(fontsize=8, loc="lower right")
    ax.grid(axis="x", alpha=0.3)
    return _svg(fig, plt)


def best_score_distribution(scores: Sequence[float], *, game: str,
                            proven: Sequence[bool] | None = None) -> str:
    """Histogram of the best scores of many deals; with ``proven`` (one flag per deal, the
    score is a proven optimum) the proven ones are stacked apart."""
    plt = _pyplot()
    if not scores:
        raise DigsiteError("no scores to chart")
    fig, ax = plt.subplots(figsize=(7, 3.6), dpi=100)
    bins = min(30, max(5, len(set(scores))))
    if proven is None:
        ax.hist(list(scores), bins=bins, color="#0072B2", edgecolor="white")
    else:
        optimal = [s for s, p in zip(scores, proven) if p]
        other = [s for s, p in zip(scores, proven) if not p]
        ax.hist([optimal, other], bins=bins, stacked=True, color=["#0072B2", "#E69F00"],
                edgecolor="white", label=[f"proven optimal ({len(optimal)})",
                                          f"best found, not proven ({len(other)})"])
        ax.legend(fontsize=8)
    mean = sum(scores) / len(scores)
    ax.axvline(mean, color="black", linestyle="--", linewidth=1)
    ax.set_title(f"{game}: best score over {plural(len(scores), 'deal')}, mean {mean:.1f}",
                 fontsize=10)
    ax.set_xlabel("best score of the deal")
    ax.set_ylabel("deals")
    from matplotlib.ticker import MaxNLocator  # (after _pyplot: matplotlib is there)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # (no 0.25 of a deal)
    ax.grid(axis="y", alpha=0.3)
    return _svg(fig, plt)
