"""The ``digsite`` click application. Each command parses its input, calls one library
function and formats the result; domain errors become ``error: ...`` and exit status 2.
"""

from __future__ import annotations

import contextlib
import math
import re
import sys
import time
from importlib.metadata import PackageNotFoundError, version

import click

import cards_data
from games import registry
from games.errors import DigsiteError
from grids import GridError
from solvers import services
from solvers.batch import MAX_DEALS, best_scores
from solvers.hints import Limit

from . import format as fmt
from .inputs import load_cards, read_json

BAD_INPUT = 2
INTERNAL_FAULT = 1

GAME = click.Choice(registry.GAME_IDS)
#: The GAME argument; its metavar keeps click's usage lines and errors to one line.
GAME_ARGUMENT = click.argument("game", type=GAME, metavar="GAME")
CARDS = click.option("--cards", "cards", type=str, default=None, metavar="FILE",
                     help="Card data file replacing the bundled data (see `digsite data show`).")
JSON = click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")


def _version() -> str:
    try:
        return version("digsite")
    except PackageNotFoundError:
        return "unknown"


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(_version(), prog_name="digsite")
def app() -> None:
    """Solvers, hints and benchmarks for five archaeology-themed tabletop games."""


@contextlib.contextmanager
def _progress(length: int | None, label: str):
    """A progress display on a terminal, nothing when piped; yields a step callback.

    With a known ``length`` it is a bar; without one, a running count of finished steps.
    """
    if not sys.stderr.isatty():
        yield lambda n=1: None
        return
    if length:
        with click.progressbar(length=length, label=label, file=sys.stderr) as bar:
            yield bar.update
        return
    done = [0]

    def step(n: int = 1) -> None:
        done[0] += n
        click.echo(f"\r{label}: {done[0]} step(s) done", nl=False, err=True)

    yield step
    click.echo("", err=True)


# --- information -----------------------------------------------------------------------

@app.command()
def games() -> None:
    """List the games, their variants, player counts and where their data came from."""
    for info in registry.GAMES.values():
        low, high = info.players
        solo = " (+ solo analysis)" if info.solo else ""
        click.echo(f"{info.id:<12} {info.name}")
        click.echo(f"{'':<12} players {low}-{high}{solo}; {info.kind} game")
        if info.variants:
            click.echo(f"{'':<12} variants: {', '.join(info.variants)}")
        data = cards_data.load(info.id)
        labels = ", ".join(f"{table} ({label})" for table, label in cards_data.provenance(data).items())
        click.echo(f"{'':<12} data: {labels}")
        if not registry.has_engine(info.id):
            click.echo(f"{'':<12} {info.notes or 'no rules engine yet'}")


@app.group()
def data() -> None:
    """Show or check card data files."""


@data.command("show")
@GAME_ARGUMENT
def data_show(game: str) -> None:
    """Print GAME's bundled card data as TOML (a complete template for --cards)."""
    click.echo(cards_data.bundled_text(game), nl=False)


@data.command("validate")
@click.argument("file")
def data_validate(file: str) -> None:
    """Check a card data FILE (`-` reads stdin); exit 0 if valid, 2 if not."""
    loaded = cards_data.validate_file(file)
    click.echo(f"ok: {file} is valid {loaded.game} card data")


@app.command()
def demo() -> None:
    """The main job on bundled defaults."""
    from solvers.demo import run_demo

    click.echo(run_demo())


# --- deals and views -------------------------------------------------------------------

@app.command()
@GAME_ARGUMENT
@click.option("--seed", type=int, required=True)
@click.option("--players", type=int, default=None, help="Seats (default: the smallest table).")
@CARDS
def deal(game: str, seed: int, players: int | None, cards: str | None) -> None:
    """Print a full deal of GAME as JSON."""
    data_ = load_cards(game, cards)
    result = registry.engine(game).make_deal(players=players or _default_players(game),
                                             seed=seed, data=data_)
    click.echo(fmt.to_json(result))


@app.command()
@GAME_ARGUMENT
@CARDS
def example(game: str, cards: str | None) -> None:
    """Print a valid player-view JSON for GAME."""
    data_ = load_cards(game, cards)
    click.echo(fmt.to_json(registry.engine(game).example_view(data_)))


def _default_players(game: str) -> int:
    info = registry.get(game)
    return 1 if info.solo else info.players[0]


# --- solving ---------------------------------------------------------------------------

BUDGET_HELP = ("Deterministic work budget, the default kind: the same deal, seed and budget "
               "give the same answer. Units: pyramids, seconds of CP-SAT deterministic time, "
               "plus 2 rounds of the deal bound per unit, at most 60 (default 30: about a "
               "minute of one core on a full deal); ancients, thousands of search nodes "
               "(default 200).")


def _seed_range(text: str | None) -> list[int] | None:
    if text is None:
        return None
    match = re.fullmatch(r"\s*(-?\d+)\s*(?:-\s*(-?\d+)\s*)?", text)
    if not match:
        raise click.BadParameter(f"{text!r} is not a seed range A-B", param_hint="'--seeds'")
    low = int(match.group(1))
    high = int(match.group(2)) if match.group(2) is not None else low
    if high < low:
        raise click.BadParameter(f"{text!r}: the range is empty", param_hint="'--seeds'")
    if high - low + 1 > MAX_DEALS:
        raise click.BadParameter(f"{text!r}: at most {MAX_DEALS} deals", param_hint="'--seeds'")
    return list(range(low, high + 1))


def _finite(value: float | None, name: str) -> float | None:
    if value is not None and not math.isfinite(value):
        raise click.BadParameter(f"must be a finite number, got {value}", param_hint=f"'{name}'")
    return value


@app.command("best-score")
@GAME_ARGUMENT
@click.argument("deal_file", required=False, metavar="[DEAL.json]")
@click.option("--seed", type=int, default=None, help="Solve the solo deal of this seed.")
@click.option("--seeds", "seed_range", default=None, metavar="A-B",
              help="Solve the solo deals of seeds A to B and summarise them.")
@click.option("--budget", type=click.FloatRange(min=0, min_open=True), default=None,
              help=BUDGET_HELP)
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Wall-clock cap in seconds on top of the budget; a run it cuts says so "
                   "and may vary.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes for --seeds (the answers do not depend on it).")
@CARDS
@JSON
def best_score(game: str, deal_file: str | None, seed: int | None, seed_range: str | None,
               budget: float | None, time_limit: float | None, workers: int,
               cards: str | None, as_json: bool) -> None:
    """Best possible score for a solo deal (DEAL.json, the deal of --seed, or many with
    --seeds), with a proven bound."""
    seeds = _seed_range(seed_range)
    if sum(x is not None for x in (deal_file, seed, seeds)) != 1:
        raise click.UsageError("give exactly one of DEAL.json, --seed N or --seeds A-B")
    budget = _finite(budget, "--budget")
    Limit(time_limit=time_limit)  # the one check of a time limit (as hint does)
    data_ = load_cards(game, cards)
    start = time.perf_counter()
    if seeds is not None:
        with _progress(len(seeds), f"{game} best scores") as step:
            result = best_scores(game, seeds, data=data_, budget=budget, time_limit=time_limit,
                                 workers=workers, progress=step)
        click.echo(fmt.to_json(result) if as_json else
                   fmt.format_best_scores(result, elapsed=time.perf_counter() - start))
        return
    solve = services.capability(game, "best_score")
    if deal_file is not None:
        the_deal = read_json(deal_file)
    else:
        the_deal = registry.engine(game).make_deal(players=1, seed=seed, data=data_)
    result = solve(the_deal, data=data_, budget=budget, time_limit=time_limit,
                   seed=seed if seed is not None else 0)
    click.echo(fmt.to_json(result) if as_json else
               fmt.format_best_score(result, elapsed=time.perf_counter() - start))


def _budget_options(func):
    for option in reversed([
        click.option("--iterations", type=click.IntRange(min=1), default=None,
                     help="Search iterations (the default budget if neither is given)."),
        click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=None,
                     help="Seconds; the first budget reached stops the search."),
        click.option("--seed", type=int, default=0, show_default=True),
        CARDS,
        JSON,
    ]):
        func = option(func)
    return func


def _hint(game: str, view_file: str, iterations, time_limit, seed, top, cards) -> dict:
    data_ = load_cards(game, cards)
    view = read_json(view_file)
    hint_of = services.capability(game, "hint")
    return hint_of(view, data=data_, limit=Limit(iterations=iterations, time_limit=time_limit),
                   seed=seed, top=top)


@app.command()
@GAME_ARGUMENT
@click.argument("view_file", metavar="VIEW.json")
@_budget_options
@click.option("--top", type=click.IntRange(min=1), default=10, show_default=True)
def hint(game, view_file, iterations, time_limit, seed, cards, as_json, top) -> None:
    """Rank the legal moves of a position, with values."""
    start = time.perf_counter()
    result = _hint(game, view_file, iterations, time_limit, seed, top, cards)
    elapsed = time.perf_counter() - start
    click.echo(fmt.to_json(result) if as_json else fmt.format_hint(result, elapsed=elapsed))


@app.command("best-move")
@GAME_ARGUMENT
@click.argument("view_file", metavar="VIEW.json")
@_budget_options
def best_move(game, view_file, iterations, time_limit, seed, cards, as_json) -> None:
    """The move the search rates best."""
    start = time.perf_counter()
    result = _hint(game, view_file, iterations, time_limit, seed, 1, cards)
    elapsed = time.perf_counter() - start
    click.echo(fmt.to_json(result) if as_json
               else fmt.format_hint(result, best_only=True, elapsed=elapsed))


@app.command()
@click.argument("game", type=click.Choice(["ancients"]), metavar="GAME")
@click.argument("view_file", metavar="VIEW.json")
@click.option("--token-value", type=click.FloatRange(min=0), default=0.5, show_default=True,
              help="Points one sand token is worth (λ), a finite number >= 0.")
@CARDS
@JSON
def plan(game, view_file, token_value, cards, as_json) -> None:
    """Exact best chain of finds for this turn."""
    _finite(token_value, "--token-value")
    data_ = load_cards(game, cards)
    start = time.perf_counter()
    result = services.capability(game, "plan")(read_json(view_file), data=data_,
                                                token_value=token_value)
    click.echo(fmt.to_json(result) if as_json else
               fmt.format_plan(result, elapsed=time.perf_counter() - start))


@app.command()
@GAME_ARGUMENT
@click.option("--bots", required=True, help="Comma-separated bot names, one per seat.")
@click.option("--games", "n_games", type=click.IntRange(min=1), required=True)
@click.option("--seed", type=int, required=True)
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("--iterations", type=click.IntRange(min=1), default=None,
              help="Iterations per decision for search bots.")
@CARDS
@JSON
def arena(game, bots, n_games, seed, workers, iterations, cards, as_json) -> None:
    """Play bots against each other on seat-swapped deals."""
    from solvers.arena import run_arena

    names = [b.strip() for b in bots.split(",") if b.strip()]
    with _progress(n_games, f"{game} arena") as step:
        result = run_arena(game, names, bots=services.capability(game, "BOTS"), games=n_games, seed=seed, workers=workers,
                           iterations=iterations, data=load_cards(game, cards), progress=step)
    click.echo(fmt.to_json(result) if as_json else fmt.format_arena(result))


@app.command()
@click.argument("suites", nargs=-1)
@click.option("--quick", is_flag=True, help="Small sizes: a smoke run in seconds.")
@click.option("--json", "json_file", default=None, metavar="FILE",
              help="Also write the full report as JSON to FILE.")
def bench(suites, quick, json_file) -> None:
    """Run benchmark SUITES (all by default) and print the report."""
    from benchmarks.runner import run_benchmarks, write_report

    with _progress(None, "benchmarks") as step:
        report = run_benchmarks(list(suites), quick=quick, progress=step)
    click.echo(report["text"])
    if json_file:
        write_report(report, json_file)


# --- entry point -----------------------------------------------------------------------

def _one_line(message: str) -> str:
    """Every error is one line: click's multi-line messages are joined."""
    return " ".join(message.split())


def main(argv: list[str] | None = None) -> int:
    """Console-script entry: one line `error: ...` and exit 2 for bad input, 1 for a fault."""
    try:
        app.main(args=argv, prog_name="digsite", standalone_mode=False)
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.ClickException as exc:
        click.echo(f"error: {_one_line(exc.format_message())}", err=True)
        return BAD_INPUT
    except click.exceptions.Abort:
        click.echo("error: aborted", err=True)
        return INTERNAL_FAULT
    except (DigsiteError, GridError) as exc:
        click.echo(f"error: {_one_line(str(exc))}", err=True)
        return BAD_INPUT
    except BrokenPipeError:
        return 0
    except Exception as exc:  # an internal fault: say so plainly, still one line
        click.echo(f"error: internal fault: {type(exc).__name__}: {_one_line(str(exc))}",
                   err=True)
        return INTERNAL_FAULT
    return 0


def console_script() -> None:
    """``digsite`` on the PATH."""
    sys.exit(main())


if __name__ == "__main__":
    console_script()
