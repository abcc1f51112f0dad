"""The ``digsite`` click application. Each command parses its input, calls one library
function and formats the result; domain errors become ``error: ...`` and exit status 2.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
import shutil
import sys
import textwrap
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import (TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping, Protocol, TypedDict,
                    TypeVar)

import click

import cards_data
import games as games_
from games import registry
from games.errors import DigsiteError, InvalidStateError
from games.forgiving import did_you_mean
from games.notation import notation_forms, notation_of
from games.reader import marked_view
from games.record import record_text
from games.table import card_names, plural, seat_name
from grids import GridError
# (the generic solvers a listing or a command's options need; a game's services, the
# batch and the hint's result are imported by the commands that use them: `digsite games`
# and --help load neither a solver of a game nor its drawing, issue 18)
from solvers import clock, interrupt, openspiel
from solvers.backends import BACKENDS, Execution
from solvers.limits import Limit

from . import charts, pictures
from .signals import EXIT_INTERRUPTED, first_press_stops
from . import format as fmt
from .inputs import card_data, given_cards, load_cards, naming, read_json
from .jsonout import service_names
from .outputs import (ExportableModel, check_folder, check_record_path, check_writable,
                      prepare_dir, write_model, write_text)

#: When this process began (``clock.process_start``: the interpreter's start, where the
#: system says): a command's ``--time-limit`` caps the whole command, its start-up
#: included (``main``; an in-process call counts from its own start).
_LAUNCHED = clock.process_start()

if TYPE_CHECKING:  # (for the types only: a command imports these when it runs)
    from games.record import GameRecord
    from solvers.hints import Hint
    from solvers.moments import Decision

#: `digsite bench --quick`, measured (2026-11-27, compiled build, 2 cores at load 1-2): 173 s
#: of CPU, 168 s wall, the Pyramids suite's solves 95 s of it (pure Python: 161 s of user
#: CPU, measured by a user; the 31 s said before predates the suites added since).
QUICK_BENCH_TIME = "about 3 minutes of CPU time (half of it the Pyramids solves)"
BAD_INPUT = 2

#: Seconds of a command's ``--time-limit`` kept for what comes after its search (hint,
#: best-move, best-score): the answer written and the interpreter's exit, which unloads the
#: solvers' libraries (0.12-0.15 s with the Pyramids and Ancients solvers loaded, measured
#: on a 2-core machine at load 3-5; 0.01 s for a bare interpreter). The search stops this
#: much before the limit, so that the whole command, timed from outside, stays within it.
EXIT_MARGIN = 0.2

#: A seed: 0 and up (Python's generator seeds -N as N, so a negative seed would only repeat
#: another's games), below 2**63 (what every seeded generator takes).
class _Seed(click.IntRange):
    """An ``IntRange`` shown as ``INTEGER``, its range as ``0<=x<2**63`` (not its top
    written out in 19 digits)."""

    name = "integer"

    def get_metavar(self, *args: Any, **kwargs: Any) -> str:
        return "INTEGER"

    def _describe_range(self) -> str:
        return "0<=x<2**63" if self.max == 2 ** 63 - 1 else super()._describe_range()


SEED = _Seed(0, 2 ** 63 - 1)
#: Upper bounds a budget option takes (far above any useful run; a typo of 10**20 games or
#: iterations was taken, and filled the memory or never returned): refused in one line.
ITERATIONS = click.IntRange(1, 100_000_000)
GAMES = click.IntRange(1, 100_000)
#: What every command that reads a file says of its size limit (``cards_data``).
INPUT_LIMIT = (f"VIEW.json (or `-` for stdin) may hold at most "
               f"{cards_data.MAX_INPUT_CHARS // (1024 * 1024)} MiB.")
INTERNAL_FAULT = 1

#: A command function, as the option decorators below take and return it.
F = TypeVar("F", bound=Callable[..., Any])
#: The deal options of ``make_deal`` given on the command line (``--monument``, ``--variant``).
DealOptions = dict[str, str | list[str]]


class _GameChoice(click.Choice):  # type: ignore[type-arg]  # (click < 8.2 has no parameter)
    """The game ids, a close miss answered with the one suggestion (``archeology``: did
    you mean ``archaeology``?)."""

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> object:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as exc:
            order = _game_first(str(value), ctx)
            if order:
                self.fail(order, param, ctx)
            hint = did_you_mean(str(value), registry.GAME_IDS)
            if not hint:
                raise
            self.fail(exc.message.rstrip(".") + hint, param, ctx)


def _game_first(given: str, ctx: click.Context | None) -> str | None:
    """Why a file given where a command takes GAME then a file is refused, and the line to
    type (``digsite review game.json``, as ``digsite view game.json`` reads a record
    alone, said only "'game.json' is not one of 'pyramids', ..."): the game is the one the
    file names, where it names one; ``None`` when ``given`` is no file or the command takes
    no file."""
    command = ctx.command if ctx is not None else None
    if command is None or not Path(given).is_file() or not any(
            isinstance(p, click.Argument) and p.name != "game" for p in command.params):
        return None
    try:
        with open(given, encoding="utf-8-sig") as handle:
            named = json.loads(handle.read(cards_data.MAX_INPUT_CHARS + 1)).get("game")
    except (OSError, ValueError, AttributeError):
        named = None
    game = named if named in registry.GAME_IDS else "GAME"
    return (f"{given!r} is a file, not a game: the game comes first, "
            f"`digsite {ctx.info_name if ctx else ''} {game} {given}`")


GAME = _GameChoice(registry.GAME_IDS)
#: The GAME argument; its metavar keeps click's usage lines and errors to one line.
GAME_ARGUMENT = click.argument("game", type=GAME, metavar="GAME")
CARDS = click.option("--cards", "cards", type=str, default=None, metavar="FILE",
                     help="Card data file replacing the bundled data (see `digsite data show`).")
JSON = click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")


def _expedition_choices() -> tuple[str, str]:
    """The New Expedition's monuments and variants in words, read from its registry entry
    (``games.registry``: no engine is imported for a --help)."""
    monument, variants = "", []
    for text in registry.get("expedition").variants:
        match = re.match(r"--(monument|variant) (\S+)(.*)", text)
        if match and match.group(1) == "monument":
            names = match.group(2).split("|")
            monument = ", ".join(names[:-1]) + " or " + names[-1]
        elif match:
            variants.append(match.group(2) + match.group(3).split(" (default")[0])
    return monument, ", ".join(variants)


def _deal_option_set(monument_default: str) -> Callable[[F], F]:
    """``--monument`` and ``--variant`` (the New Expedition's; other games refuse them),
    the monument's default said as ``monument_default``."""
    monuments, variants = _expedition_choices()

    def options(func: F) -> F:
        func = click.option("--variant", "variants", multiple=True, metavar="V",
                            help=f"The New Expedition: a variant, repeatable: {variants} "
                                 "(default: none).")(func)
        return click.option("--monument", default=None, metavar="M",
                            help=f"The New Expedition: the monument, {monuments} "
                                 f"({monument_default}).")(func)

    return options


#: ``--rounds`` of ``deal`` and ``best-score``: a short Pyramids deal (the bench's 2-round
#: deals); other games have no rounds and refuse it (:func:`_rounds`).
ROUNDS = click.option("--rounds", type=click.IntRange(min=1), default=None, metavar="N",
                      help="Pyramids: a deal of the first N rounds (1 to 4; default: the "
                           "rules' 4), as the bench's 2-round deals; the deal's JSON says "
                           "its \"rounds\".")


def _rounds(game: str, rounds: int | None) -> dict[str, int]:
    """``--rounds`` as a ``make_deal`` option (Pyramids'; other games refuse it in one
    line rather than ignore it)."""
    if rounds is None:
        return {}
    if game != "pyramids":
        raise InvalidStateError(f"--rounds: {game} deals have no rounds (only Pyramids' do)")
    return {"rounds": rounds}


#: The deal options of ``deal``, ``play`` and ``arena``.
DEAL_OPTIONS = _deal_option_set("default: drawn at random from the deal's seed")
#: ``track``'s: a real table's monument is the one on the table, so it is asked for.
TABLE_OPTIONS = _deal_option_set("required for a new table: the one on yours; --resume "
                                 "reads the record's")


def _deal_options(monument: str | None, variants: tuple[str, ...]) -> DealOptions:
    """The ``make_deal`` options given on the command line (none: the game's defaults)."""
    options: DealOptions = {}
    # (a monument or variant written as a screen names it, 'Great Pyramid', or with the
    # other's joins, 'great-pyramid', 'long_expedition', was unknown: monuments are written
    # great_pyramid, variants long-expedition)
    if monument is not None:
        options["monument"] = re.sub(r"[\s-]+", "_", monument.strip().lower())
    if variants:  # (one given twice is one variant: the header said it twice)
        options["variant"] = list(dict.fromkeys(
            ",".join(re.sub(r"[\s_]+", "-", v.strip().lower()) for v in variant.split(","))
            for variant in variants))
    return options


def _load_game(game: str, cards: str | None, **options: str | list[str]) -> games_.Game:
    """GAME with its card data (``--cards FILE`` or the bundled file) and deal options
    bound; an option the game does not take is refused here, before any work."""
    return games_.load(game, data=load_cards(game, cards), **options)


class _Command(click.Command):
    """A command whose help ends with text made when the help is shown (``more()``): lists
    read from the registry and the services, which a plain run should not import."""

    def __init__(self, *args: Any, more: Callable[[], str] | None = None,
                 **kwargs: Any) -> None:  # (the rest is click.Command's own)
        super().__init__(*args, **kwargs)
        self.more = more

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_epilog(ctx, formatter)
        if self.more is not None:
            formatter.write("\n")
            for line in self.more().splitlines():
                formatter.write(f"  {line}\n" if line else "\n")


def _per_game(title: str, lines: dict[str, str]) -> str:
    width = max(map(len, lines), default=0)
    out = [title]
    for game, text in lines.items():
        out.extend(textwrap.wrap(text, 76, initial_indent=f"  {game:<{width}}  ",
                                 subsequent_indent=" " * (width + 4), break_on_hyphens=False))
    return "\n".join(out).replace("\xa0", " ")


def _hint_help() -> str:
    from solvers import services

    budgets = {game: services.hint_budget(game) for game in registry.GAME_IDS}
    forms = {}
    for game in registry.GAME_IDS:
        if registry.has_engine(game):
            notation = notation_forms(registry.engine(game), cards_data.load(game))
            # a form is never split across lines (no-break spaces until wrapped)
            forms[game] = ("\xa0| ".join(text.replace(" ", "\xa0") for text, _ in notation)
                           or f"see `digsite notation {game}`")
    return "\n\n".join([
        _per_game("Default budget (neither --iterations nor --time-limit given):",
                  {g: b for g, b in budgets.items() if b}),
        _per_game("Move notation (`digsite notation GAME` explains each form):", forms),
        # (folded to 78: the epilog indents them by 2, and they ran to 82 columns)
        textwrap.fill(
            "Each row: value (what it means is printed above the rows, from the mover's "
            "point of view), its standard error, the playouts (visits) behind it, and the "
            "move in words on the line below. \"Too close to call\" means the two best "
            "moves are within the noise: more iterations would be needed to tell them "
            "apart.", 78, break_on_hyphens=False),
        textwrap.fill(
            "VIEW.json: `digsite example GAME` prints one. archaeology and expedition take "
            "it in two forms: the history since the deal (the most exact) or the position "
            "(`digsite example GAME --position`: hand sizes, money, sold sets, known "
            "cards, no history); lootnrun's view is a position (its history, the moves so "
            "far, adds nothing the search needs). The hint's view_form says which was "
            "read. Every key, and the default of each optional one, is in the docs of "
            "games/GAME/views.py (python -m pydoc games.GAME.views).", 78,
            break_on_hyphens=False),
        INPUT_LIMIT,
    ])


def _arena_help() -> str:
    from solvers import services
    from solvers.ismcts.search import DEFAULT_ITERATIONS

    bots = {game: ", ".join(services.bot_names(game) + list(openspiel.bots_listed(game)))
            + ("" if openspiel.AVAILABLE or not openspiel.bots_listed(game)
               else f" (the last two {openspiel.EXTRA_WORDS})")
            for game in registry.GAME_IDS}
    budgets = {}
    for game in registry.GAME_IDS:
        if "ismcts" in services.bot_names(game):
            turns = registry.get(game).budgets.bot_per_turn  # whole-turn bots: fewer
            budgets[game] = (f"{turns} iterations per turn" if turns
                             else f"{DEFAULT_ITERATIONS} iterations per decision")
    return (_per_game("Bots (--bots, one name per seat):", {g: b for g, b in bots.items() if b})
            + "\n\n" + _per_game("Search bots' budget without --iterations:", budgets))


def _review_help() -> str:
    def line(scale: registry.ReviewScale) -> str:
        text = (f"{scale.unit}: inaccuracy from {scale.inaccuracy:g}, mistake from "
                f"{scale.mistake:g}, blunder from {scale.blunder:g}")
        return text + (" (two players; x 2/players at larger tables)" if scale.per_players
                       else "")
    return (_per_game("Loss thresholds (loss = best value - played value: win probability\n"
                      "in the card games, expected points in the grid games):",
                      {g: line(info.review) for g, info in registry.GAMES.items()})
            + "\n\nA loss within the search's noise (1.96 standard errors of the two values'\n"
              "difference) gets no label: too close to call at this budget, with the\n"
              "iterations that would tell.\n\n"
              "Accuracy: lichess's 103.1668 x exp(-0.04354 x d) - 3.1669 per judged decision\n"
              "(0..100), d = 15 x loss / the blunder threshold, averaged (docs/review.md).\n\n"
              "Decisions are the seat's own, numbered from 1 as in `digsite view --at N`.")


def _bench_help() -> str:
    from benchmarks.runner import SUITES

    paragraphs = [
        f"Suites: {', '.join(SUITES)}.",
        f"--quick takes {QUICK_BENCH_TIME}.",
        "The report measures time, so it differs run to run (no byte-identity promise). In "
        "its JSON a field is a time when a word of its name (between underscores) is a unit: "
        "s (cpu_s, wall_s, cpu_s_median), ms (search_cpu_ms), us (microseconds), minutes; "
        "with the word per it is a rate (iterations_per_cpu_s, "
        "ismcts_wall_ms_per_iteration). Its name says the clock: a name with cpu is CPU "
        "time, one with wall wall-clock time; deterministic_s is CP-SAT's deterministic "
        "time, the same run to run, and cap_s the cap that a command's wall and CPU time "
        "are each held to (the time-limit cap tables). \"machine\" holds the build and the "
        "load average at the end."]
    return "\n".join("\n".join(textwrap.wrap(p, 76, break_on_hyphens=False))
                     for p in paragraphs)


def _version() -> str:
    # (imported here: importlib.metadata brings email, zipfile and more, a tenth of the
    # imports of `digsite games`, which never reads a version)
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("digsite")
    except PackageNotFoundError:
        return "unknown"


class _Version(click.Option):
    """``--version``: the installed version, read only when asked for (reading package
    metadata costs a tenth of a second that every other command would pay)."""

    def __init__(self) -> None:
        super().__init__(["--version"], is_flag=True, expose_value=False, is_eager=True,
                         help="Show the version and exit.", callback=self._show)

    @staticmethod
    def _show(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
        if value and not ctx.resilient_parsing:
            from games.compiled import status

            click.echo(f"digsite, version {_version()}, {status()}")
            ctx.exit()


@click.group(context_settings={"help_option_names": ["-h", "--help"]}, params=[_Version()])
def app() -> None:
    """Solvers, hints and benchmarks for five archaeology-themed tabletop games.

    Input files (views, deals, records, card data; `-` reads stdin) may hold at most
    2 MiB; a larger one is refused with one error line."""


class Step(Protocol):
    """What :func:`_progress` yields: ``step(n, note)``, ``n`` more steps done and what
    the work is at now."""

    def __call__(self, n: int = 1, note: str | None = None) -> None: ...


class _Status:
    """The status line's figures, drawn by a ticker thread while the work updates them."""

    def __init__(self) -> None:
        self.done = 0
        self.note: str | None = None


@contextlib.contextmanager
def _progress(length: int | None, label: str, *, unit: str = "step",
              stop: bool = False) -> Iterator[Step]:
    """A progress display on stderr when it is a terminal, nothing when piped; yields
    ``step(n=1, note=None)``: ``n`` more steps done, ``note`` what the work is at now (a
    phase, the best score and bound so far, the running score). With ``stop`` (work that
    has no answer until it is done), a step after a Ctrl-C ends the work
    (``interrupt.Interrupted``: ``error: interrupted``, exit 130).

    With a known ``length`` it is a bar with the note beside it; without one, a status
    line (steps done, the note, the seconds so far) redrawn every second, so a long phase
    that reports nothing still shows it is alive. The display is erased at the end."""
    def check() -> None:
        if stop and interrupt.requested():
            raise interrupt.Interrupted("interrupted")

    def quiet(n: int = 1, note: str | None = None) -> None:
        check()

    if not sys.stderr.isatty():
        yield quiet
        return
    if length:
        with click.progressbar(length=length, label=label, file=sys.stderr,
                               item_show_func=lambda note: note) as bar:
            def update(n: int = 1, note: str | None = None) -> None:
                check()
                bar.update(n, note)

            yield update
        return
    state = _Status()
    start = time.monotonic()
    lock = threading.Lock()
    finished = threading.Event()

    def draw() -> None:
        with lock:
            parts = [label]
            if state.done:
                parts.append(f"{plural(state.done, unit)} done")
            if state.note:
                parts.append(state.note)
            line = ": ".join(parts[:2]) + "".join(f"; {p}" for p in parts[2:])
            line += f" ({time.monotonic() - start:.0f} s)"
            width = shutil.get_terminal_size((100, 20)).columns - 1
            sys.stderr.write("\r" + line[:width] + "\x1b[K")
            sys.stderr.flush()

    def tick() -> None:
        while not finished.wait(1.0):
            draw()

    def step(n: int = 1, note: str | None = None) -> None:
        check()
        state.done += n
        if note is not None:
            state.note = note
        draw()

    ticker = threading.Thread(target=tick, daemon=True, name="digsite-progress")
    ticker.start()
    draw()
    try:
        yield step
    finally:
        finished.set()
        ticker.join()
        sys.stderr.write("\r\x1b[K")
        sys.stderr.flush()


def _exit_if_interrupted() -> None:
    """After an answer printed from a search the first Ctrl-C stopped: exit status 130."""
    if interrupt.requested():
        raise click.exceptions.Exit(EXIT_INTERRUPTED)


# --- information -----------------------------------------------------------------------

class _Listed(TypedDict, total=False):
    """A game as ``digsite games --json`` lists it (``cards``: only for a game whose data
    a ``--cards FILE`` replaced)."""

    id: str
    name: str
    kind: str
    players: list[int]
    solo: bool
    variants: list[str]
    engine: bool
    services: list[str]
    bots: list[str]
    provenance: dict[str, str]
    notes: str
    cards: dict[str, str]
    bots_with_extras: dict[str, list[str]]


@app.command()
@JSON
@click.option("--cards", "cards", multiple=True, metavar="FILE",
              help="Card data file replacing its game's bundled data (repeatable, one a "
                   "game): the labels listed are the file's (default: the bundled data).")
def games(as_json: bool, cards: tuple[str, ...]) -> None:
    """List the games, their variants, player counts and where their data came from."""
    given = given_cards(cards)
    listing: list[_Listed] = []
    for info in registry.GAMES.values():
        data_ = card_data(info.id, given)
        listing.append({
            "id": info.id, "name": info.name, "kind": info.kind,
            "players": list(info.players), "solo": info.solo, "variants": list(info.variants),
            "engine": registry.has_engine(info.id),
            "services": service_names(info.services),
            # (the OpenSpiel bots where the extra is installed, else said apart below)
            "bots": list(info.bots) + (list(openspiel.bots_listed(info.id))
                                       if openspiel.AVAILABLE else []),
            "provenance": cards_data.provenance(data_),
            "notes": info.notes,
        })
        if not openspiel.AVAILABLE and openspiel.bots_listed(info.id):
            listing[-1]["bots_with_extras"] = {"openspiel": list(openspiel.bots_listed(info.id))}
        mark = cards_data.given_fingerprint(data_)
        if mark is not None:  # (the bundled data's listing as before)
            listing[-1]["cards"] = mark
    if as_json:
        click.echo(fmt.to_json({"games": listing}))
        return
    said: list[str] = []
    for game in listing:
        low, high = game["players"]
        solo = " (+ solo analysis)" if game["solo"] else ""
        said.append(f"{game['id']:<12} {game['name']}")
        said.append(f"{'':<12} players {low}-{high}{solo}; {game['kind']} game")
        if game["variants"]:
            said.append(f"{'':<12} variants: {', '.join(game['variants'])}")
        if game["services"]:
            extras = ", ".join(game.get("bots_with_extras", {}).get("openspiel", []))
            said.append(f"{'':<12} offers: {', '.join(game['services'])}"
                        + (f"; bots: {', '.join(game['bots'])}" if game["bots"] else "")
                        + (f" ({extras} {openspiel.EXTRA_WORDS})" if extras else ""))
        labels = ", ".join(f"{table} ({label})" for table, label in game["provenance"].items())
        said.append(f"{'':<12} data: {labels}")
        if "cards" in game:
            said.append(f"{'':<12} {fmt.card_data_words(game['cards'])}")
        if not game["engine"]:
            said.append(f"{'':<12} {game['notes'] or 'no rules engine yet'}")
    _say("\n".join(said))


@app.group()
def data() -> None:
    """Show or check card data files."""


@data.command("show")
@GAME_ARGUMENT
@click.option("--cards", "cards", type=str, default=None, metavar="FILE",
              help="Print this card data file as digsite reads it instead: each key left "
                   "out written with its default, under its provenance labels.")
def data_show(game: str, cards: str | None) -> None:
    """Print GAME's bundled card data as TOML (a complete template for --cards), or with
    --cards FILE that file as read."""
    if cards is None:
        click.echo(cards_data.bundled_text(game), nl=False)
        return
    click.echo(cards_data.completed_text(game, cards), nl=False)


@data.command("validate")
@click.argument("file")
def data_validate(file: str) -> None:
    """Check a card data FILE (`-` reads stdin); exit 0 if valid, 2 if not."""
    loaded = cards_data.validate_file(file)
    click.echo(f"ok: {'stdin' if file == '-' else file} is valid {loaded.game} card data")


@app.command()
@click.option("--pictures", "pictures_dir", default=pictures.DEMO_FOLDER, show_default=True,
              metavar="DIR", help="Folder for the demo's SVG pictures.")
def demo(pictures_dir: str) -> None:
    """The main job on bundled defaults, and its pictures in a folder."""
    from solvers.demo import run_demo

    check_folder(pictures_dir)  # before the demo's work
    with first_press_stops(answer=False):
        text = run_demo()
        if interrupt.requested():  # its searches were cut short: no answer to show
            raise interrupt.Interrupted("interrupted")
        _say(text)
        written = pictures.demo_pictures(pictures_dir)
    click.echo(f"\npictures written to {pictures_dir}/: "
               + ", ".join(path.name for path in written))


# --- deals and views -------------------------------------------------------------------

@app.command()
@GAME_ARGUMENT
@click.option("--seed", type=SEED, required=True,
              help="The deal's seed (any whole number): the same seed deals the same cards.")
@click.option("--players", type=int, default=None,
              help="Seats (default: solo where the game has it, else the smallest table).")
@DEAL_OPTIONS
@ROUNDS
@CARDS
def deal(game: str, seed: int, players: int | None, monument: str | None,
         variants: tuple[str, ...], rounds: int | None, cards: str | None) -> None:
    """Print a full deal of GAME as JSON."""
    the_game = _load_game(game, cards, **_deal_options(monument, variants))
    click.echo(fmt.to_json(the_game.new_deal(seed=seed, players=_players(the_game, players),
                                             **_rounds(game, rounds))))


@app.command()
@GAME_ARGUMENT
@CARDS
@click.option("--position", is_flag=True,
              help="The view's position form (the card games: what the seat knows now, "
                   "without the history; see the view docs).")
def example(game: str, cards: str | None, position: bool) -> None:
    """Print a valid player-view JSON for GAME."""
    the_game = _load_game(game, cards)
    # (an engine's optional member, beyond games.protocol.Engine)
    example_position: Callable[[cards_data.CardData], dict[str, Any]] | None = getattr(
        the_game.engine, "example_position", None)
    if position and example_position is None:
        raise click.BadParameter(f"the {game} game's view has one form: it is already a "
                                 "position (what the seat sees now, without a history)",
                                 param_hint="--position")
    # (marked with the card data when it is a file's: a hint reading it with other data
    # refuses it)
    click.echo(fmt.to_json(marked_view(example_position(the_game.data)
                                       if example_position and position
                                       else the_game.example_view(), the_game.data)))


def _players(game: games_.Game, players: int | None) -> int:
    """``--players``, or the game's default table; a count the game is not played with, or
    its card file narrows away, is refused (0 is a count, not "not given")."""
    if players is None:
        return game.default_players
    refused = cards_data.seats_refused(game.data, players)
    if refused is not None:
        raise click.BadParameter(refused, param_hint="'--players'")
    return players


def _bot_names(text: str) -> list[str]:
    """``--bots``: the names in seat order, spaces around each left out; an empty name (two
    commas in a row, a comma at either end) is refused rather than dropped, which would
    seat one bot fewer than asked."""
    names = [name.strip() for name in text.split(",")]
    if "" in names:
        raise click.BadParameter(f"{text!r}: name {names.index('') + 1} of {len(names)} is "
                                 f"empty; give one bot name per seat, separated by commas",
                                 param_hint="'--bots'")
    return names


@app.command()
@GAME_ARGUMENT
@CARDS
@JSON
def notation(game: str, cards: str | None, as_json: bool) -> None:
    """How GAME's moves are written: each form with its meaning, then moves of the
    example position (`digsite example GAME`) in words, as the hints print them."""
    result = notation_of(game, load_cards(game, cards))
    if as_json:
        click.echo(fmt.to_json(result))
    else:
        _say(fmt.format_notation(result, cards=cards, width=fmt.text_width()))


# --- solving ---------------------------------------------------------------------------

def _budget_help() -> str:
    """``--budget``'s units and default for every game with a best score (the registry's
    ``Budgets``)."""
    parts = []
    for info in registry.GAMES.values():
        budgets = info.budgets
        if "best_score" not in info.services or budgets.best_score is None:
            continue
        text = f"{info.id}, {budgets.best_score_units} (default {budgets.best_score:g}"
        if info.id == "pyramids":  # what a unit also buys, and what the default costs
            text += ("; each unit also buys 60 rounds of the deal bound, at most 60, 10 "
                     "rounds of the branch and price on a full deal and about 27 on the best "
                     "plan's rounds after the first, and 8 paths of its beam search; the "
                     "default takes about five minutes of one core on a full deal")
        parts.append(text + ")")
    return ("Deterministic work budget, the default kind: the same deal, seed and budget "
            "give the same answer. Units: " + "; ".join(parts) + ".")


BUDGET_HELP = _budget_help()


def _seed_range(text: str | None) -> list[int] | None:
    from solvers.batch import MAX_DEALS

    if text is None:
        return None
    match = re.fullmatch(r"\s*(-?\d+)\s*(?:-\s*(-?\d+)\s*)?", text)
    if not match:
        raise click.BadParameter(f"{_clip(text)!r} is not a seed range A-B",
                                 param_hint="'--seeds'")
    if max(len(match.group(1)), len(match.group(2) or "")) > MAX_SEED_DIGITS:
        # (Python refuses to read integers of more than 4,300 digits: say so in our words)
        raise click.BadParameter(f"a seed has at most {MAX_SEED_DIGITS} digits, got "
                                 f"{_clip(text)!r}", param_hint="'--seeds'")
    low = int(match.group(1))
    high = int(match.group(2)) if match.group(2) is not None else low
    if low < 0 or high >= 2 ** 63:  # (SEED's range: each seed of a batch is one --seed N)
        raise click.BadParameter(f"{_clip(text)!r}: seeds are 0 to 2**63-1, as --seed takes",
                                 param_hint="'--seeds'")
    if high < low:
        raise click.BadParameter(f"{text!r}: the range is empty", param_hint="'--seeds'")
    if high - low + 1 > MAX_DEALS:
        raise click.BadParameter(f"{text!r}: at most {MAX_DEALS} deals", param_hint="'--seeds'")
    return list(range(low, high + 1))


#: The longest seed ``--seeds`` reads (any seed a person types is far shorter).
MAX_SEED_DIGITS = 100


def _clip(text: str, width: int = 30) -> str:
    """``text`` cut for an error line (a 5,000-character value is not echoed whole)."""
    return text if len(text) <= width else text[:width] + "..."


def _finite(value: float | None, name: str) -> float | None:
    if value is not None and not math.isfinite(value):
        raise click.BadParameter(f"must be a finite number, got {value}", param_hint=f"'{name}'")
    return value


def _execution_options(func: F) -> F:
    """``--backend``, ``--address``, ``--workers``: where batch work runs
    (``solvers.backends``)."""
    for option in reversed([
        click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
                     help="Processes (local) or Ray CPUs / jobs in flight (ray)."),
        click.option("--backend", type=click.Choice(BACKENDS), default="local",
                     show_default=True,
                     help="Run the games in a local process pool or on a Ray cluster."),
        click.option("--address", default=None, metavar="ADDR",
                     help="Join the Ray cluster at ADDR (default: start a local one)."),
    ]):
        func = option(func)
    return func


@app.command("best-score", epilog=(
    "Status: OPTIMAL means no play of this deal scores more (proven). FEASIBLE means the "
    "score is reached by the printed plan (replayed through the rules) but not proven "
    "best: the bound is a proven ceiling, no play scores more than the bound, so the "
    "true best lies between the score and the bound."))
@GAME_ARGUMENT
@click.argument("deal_file", required=False, metavar="[DEAL.json]")
@click.option("--seed", type=SEED, default=None, help="Solve the solo deal of this seed.")
@click.option("--seeds", "seed_range", default=None, metavar="A-B",
              help="Solve the solo deals of seeds A to B and summarise them.")
@click.option("--budget", type=click.FloatRange(min=0, min_open=True), default=None,
              help=BUDGET_HELP)
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Wall-clock cap in seconds on top of the budget, on the whole command "
                   f"(the search stops {EXIT_MARGIN:g} s early: digsite's answer and exit "
                   "come after it; each deal with --seeds); a run it cuts says so and may "
                   "vary.")
@ROUNDS
@CARDS
@JSON
@click.option("--svg", "svg_file", default=None, metavar="FILE",
              help="Also draw the plan as an SVG picture in FILE (with --seeds: a chart of "
                   "the deals' best scores, the proven optima apart).")
@click.option("--export-model", "model_file", default=None, metavar="FILE",
              help="Also write the CP-SAT model the solve used to FILE (one deal), as the "
                   "OR-Tools samples' --output_proto does: text format for .pbtxt/.txt, "
                   "binary otherwise. Pyramids: the deal's one CP-SAT model as last solved "
                   "(the warm start's hint, the floor at its score and any lazy cuts "
                   "included; the bound solves linear programmes); Tomb of the Ancients' "
                   "best score is a beam search and builds none.")
@_execution_options
def best_score(game: str, deal_file: str | None, seed: int | None, seed_range: str | None,
               budget: float | None, time_limit: float | None, rounds: int | None,
               cards: str | None, as_json: bool, svg_file: str | None,
               model_file: str | None, workers: int, backend: str,
               address: str | None) -> None:
    """Best possible score for a solo deal (DEAL.json, the deal of --seed, or many with
    --seeds), with a proven bound."""
    from solvers import services
    from solvers.batch import best_scores

    seeds = _seed_range(seed_range)
    if sum(x is not None for x in (deal_file, seed, seeds)) != 1:
        raise click.UsageError("give exactly one of DEAL.json, --seed N or --seeds A-B")
    short = _rounds(game, rounds)
    if short and deal_file is not None:  # (a deal file has its own rounds)
        raise click.UsageError("--rounds deals the deal of --seed N or of each of --seeds A-B "
                               "(a DEAL.json has its own rounds: `digsite deal pyramids "
                               "--seed N --rounds R`)")
    if svg_file:  # every output path is checked before the work
        check_writable(svg_file)
    if model_file:
        _check_model_file(game, model_file, seeds)
    limit = Limit(work=_finite(budget, "--budget"), time_limit=time_limit,
                  started=_clock_start())
    execution = Execution(backend, workers, address)
    data_ = load_cards(game, cards)
    start = _command_clock()  # (where its --time-limit counts from)
    if seeds is not None:
        # each deal on its own clock, as the help says (given the command's start, every
        # deal after the first began past its deadline and kept the policy's first game)
        limit = replace(limit, started=None)
        with first_press_stops(), _progress(len(seeds), f"{game} best scores") as step:
            result = best_scores(game, seeds, data=data_, limit=limit, execution=execution,
                                 progress=step, deal_options=short)
        if svg_file:  # (many deals have no one plan to draw: the scores' spread instead)
            write_text(svg_file, charts.best_score_distribution(
                [row["score"] for row in result["deals"]], game=game,
                proven=[row["status"] == "OPTIMAL" for row in result["deals"]]))
        if as_json:
            click.echo(fmt.to_json(result))
        else:
            _say(fmt.format_best_scores(result, elapsed=time.monotonic() - start))
        _exit_if_interrupted()
        return
    solve = services.capability(game, "best_score")
    if deal_file is not None:
        the_deal = read_json(deal_file)
    else:
        the_deal = registry.engine(game).make_deal(players=1, seed=seed, data=data_, **short)
    exported: list[Path] = []
    on_model: dict[str, Callable[[ExportableModel], None]] = {}
    if model_file:
        target = model_file

        def export(model: ExportableModel) -> None:
            exported.append(write_model(target, model))

        on_model["on_model"] = export
    with naming(deal_file), first_press_stops(), \
            _progress(None, f"{game} best score") as step:
        result = solve(the_deal, data=data_, limit=limit, seed=seed if seed is not None else 0,
                       progress=lambda note: step(0, note),
                       **on_model)
    mark = cards_data.given_fingerprint(data_)
    if mark is not None:  # a file's data: the result says which (the bundled data's as before)
        result = replace(result, facts=result.facts + (("cards", mark),))
    if model_file and not exported:
        click.echo(f"note: the time limit fell before the CP-SAT model was built; "
                   f"{model_file} not written", err=True)
    if svg_file:
        write_text(svg_file, pictures.best_score_picture(game, the_deal, result, data_))
    if as_json:
        click.echo(fmt.to_json(result))
    else:
        _say(fmt.format_best_score(result, elapsed=time.monotonic() - start))
    _exit_if_interrupted()


def _check_model_file(game: str, model_file: str, seeds: list[int] | None) -> None:
    """``--export-model``: one deal, a game whose best score builds a CP-SAT model, and a
    path that can be written (all checked before the solve)."""
    from solvers import services

    if seeds is not None:
        raise click.UsageError("--export-model writes one deal's model: give DEAL.json or "
                               "--seed N")
    if not services.has_capability(game, "CP_SAT_MODEL"):
        raise click.UsageError(f"--export-model: the {game} best score builds no CP-SAT model")
    check_writable(model_file)


def _clock_start() -> float | None:
    """The ``time.monotonic()`` instant a ``--time-limit`` counts from (``Limit.started``):
    this command's start (``main``), so that start-up counts against it, less
    :data:`EXIT_MARGIN`."""
    started = _launched()
    return None if started is None else started - EXIT_MARGIN


def _launched() -> float | None:
    """The ``time.monotonic()`` instant this command started (``main``), if known."""
    obj = click.get_current_context().find_root().obj
    return obj.get("started") if isinstance(obj, dict) else None


def _command_clock() -> float:
    """The ``time.monotonic()`` instant a command's "took" counts from: the command's start,
    the one its ``--time-limit`` counts from (:func:`_clock_start`, less its margin), else
    now, so that the two measure one span (the hint said "time limit 1 s, ... took 0.53 s",
    start-up left out)."""
    started = _launched()
    return time.monotonic() if started is None else started


#: ``--time-limit`` of the commands that answer one search (hint, best-move).
TIME_LIMIT_HELP = ("Seconds of wall clock, counted from digsite's start (start-up "
                   "included, as the \"took\" it prints); the first budget reached stops "
                   f"the search (the time limit, {EXIT_MARGIN:g} s early: digsite's answer "
                   "and exit come after it).")


def _budget_options(func: F, time_help: str = TIME_LIMIT_HELP) -> F:
    for option in reversed([
        click.option("--iterations", type=ITERATIONS, default=None,
                     help="Search iterations (the default budget if neither is given)."),
        click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=None,
                     help=time_help),
        click.option("--seed", type=SEED, default=0, show_default=True,
                     help="Seed of the search's random choices (the sampled hidden cards "
                          "and playouts): the same view, seed and iterations give the same "
                          "answer."),
        click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
                     help="Independent searches run side by side, each with the whole "
                          "budget, merged at the root (root-parallel search)."),
        CARDS,
        JSON,
    ]):
        func = option(func)
    return func


def _review_budget_options(func: F) -> F:
    """The budget options of ``review``: its time limit is each search's."""
    return _budget_options(func, "Seconds of wall clock for each search of a decision (its "
                                 "own clock); the first budget reached stops it.")


INFERENCE = click.option(
    "--inference", type=click.Choice(["on", "off"]), default=None,
    help="Only archaeology, expedition and lootnrun (the games with an opponent model): "
         "weight the sampled worlds by how likely the opponents' observed play was in each "
         "(default: off, as it measured no stronger; docs/strength.md §3).")


#: What ``--at`` means, in every command that takes it (``solvers.moments``).
AT_HELP = ("Read VIEW.json as a game record and take the view at decision N of the seat: "
           "its N-th decision in the record, from 1 (other seats' moves and chance not "
           "counted; a whole trade, a sandstorm's whole discard or a whole Ancients turn "
           "is one decision); the number "
           "after its last is the decision it is to make now.")
SEAT_HELP = ("With --at: the seat (default: the record's person, when one seat is a "
             "person, else seat 0).")


def _record_options(func: F) -> F:
    """``--at N`` and ``--seat S``: a view taken from a game record (``solvers.moments``)."""
    func = click.option("--seat", type=click.IntRange(min=0), default=None, help=SEAT_HELP)(func)
    return click.option("--at", "at", type=click.IntRange(min=1), default=None, metavar="N",
                        help=AT_HELP)(func)


def _view_at(game: str | None, path: str, at: int, seat: int | None, cards: str | None, *,
             position: bool = False) -> tuple[dict[str, Any], Decision, list[str] | None]:
    """``(view, decision, names)``: the view at decision ``at`` of ``seat`` in the record
    at ``path`` (of ``game``; ``None``: whichever game the record is of), and the seats as
    play and track call them at that seat's side (``None``: the record does not say who
    played)."""
    from games.record import read_record, record_game
    from games.tracking import read_table
    from solvers.moments import decision_at, seat_of, view_at
    from solvers.tables import is_table, table_decision_at

    doc = read_json(path)
    with naming(path):
        if is_table(doc):  # a table followed by `digsite track`: its seat's decisions
            tracker = read_table(doc, lambda gid, **options: _load_game(gid, cards, **options))
            if game is not None and tracker.game.id != game:
                raise DigsiteError(f"{path}: a table of {tracker.game.id}, not {game}")
            decision = table_decision_at(tracker, seat, at)
            _say_unmarked_data(path, tracker.record.cards, tracker.game.data)
            # (a table's seat is the person who followed it: "you", as track's prompts say)
            names = [seat_name(s, tracker.seat) for s in range(tracker.record.players)]
            return (marked_view(view_at(decision, position=position), tracker.game.data),
                    decision, names)
        game = record_game(doc) if game is None else game
        data_ = load_cards(game, cards)
        record = read_record(doc, game, data_)
        decision = decision_at(record, seat_of(record, seat), at, data_)
        _say_unmarked_data(path, record.cards, data_)
        # (marked with the card data when it is a file's, as the record is: a hint reading
        # the view with other data refuses it, as a review of the record does)
        return (marked_view(view_at(decision, position=position), data_), decision,
                record.seat_labels(decision.seat))


#: Notes on stderr once the command has succeeded (``main``): a refusal stays one line.
_NOTES: list[str] = []


def _say_unmarked_data(path: str, fingerprint: dict[str, str] | None,
                       data_: cards_data.CardData, *, now: bool = False) -> None:
    """One line on stderr when a record does not say which card data it was played with
    (a record older than its ``cards`` fingerprint): the data it is read with, unchecked.
    Said when the command has succeeded, or ``now`` (a table followed from here on)."""
    if fingerprint is None:
        given = cards_data.given_file(data_)
        note = (f"note: {path} does not say which card data it was played with (an older "
                f"record): read with "
                + (f"the card data of {given}" if given is not None else
                   "the bundled card data (--cards FILE reads it with yours)"))
        if now:
            click.echo(note, err=True)
        elif note not in _NOTES:
            _NOTES.append(note)


def _read_view(game: str, view_file: str, at: int | None, seat: int | None,
               cards: str | None) -> dict[str, Any]:
    """The view a hint reads: VIEW.json, or with ``--at`` the view at a record's decision."""
    return _read_view_at(game, view_file, at, seat, cards)[0]


def _read_view_at(game: str, view_file: str, at: int | None, seat: int | None,
                  cards: str | None) -> tuple[dict[str, Any], Decision | None, list[str] | None]:
    """``_read_view``'s view, and with ``--at`` the decision and the seats as play calls
    them (``_view_at``); ``None`` and ``None`` without."""
    if at is None:
        if seat is not None:
            raise click.UsageError("--seat picks a seat of a game record: give --at N too "
                                   "(a view names its own seat)")
        view = read_json(view_file)
        if "deal" in view and "moves" in view and "to_move" not in view:
            raise click.UsageError(f"{view_file} is a game record, not a view: add --at N "
                                   f"for the view at decision N")
        return view, None, None
    return _view_at(game, view_file, at, seat, cards)


def _hint(game: str, view_file: str, iterations: int | None, time_limit: float | None,
          seed: int, workers: int, top: int, cards: str | None, at: int | None = None,
          seat: int | None = None, inference: str | None = None,
          beliefs: bool = False
          ) -> tuple[Hint, cards_data.CardData, Hint, list[str] | None]:
    """The hint of the view, the card data it was given (the beliefs' card names), the
    hint as the text says it and the seats as the text names them: with ``--at``, as play
    calls them (``_view_at``), its rows' moves too ("awaken seat 2 (greedy)", as play's
    hint says them; the JSON keeps the search's words); without, the hint and ``None``."""
    from solvers import services

    data_ = load_cards(game, cards)
    view, decision, names = _read_view_at(game, view_file, at, seat, cards)
    limit = Limit(iterations=iterations, time_limit=time_limit, workers=workers,
                  started=_clock_start())
    on = None if inference is None else inference == "on"
    with naming(view_file):
        with first_press_stops():
            result = services.hint(game, view, data=data_, limit=limit, seed=seed, top=top,
                                   inference=on)
        if beliefs:
            result = services.with_beliefs(game, result, view, data=data_, seed=seed,
                                           inference=on)
    said = result
    if decision is not None and names is not None:
        from .play import named_words
        said = named_words(games_.load(game, data=data_), decision.state, result, names)
    return result, data_, said, names


def _speller(game: str, data_: Any) -> Callable[[str], str]:
    """A hint's moves as the player writes them in its text (``fmt.spelt``: "sell pot
    shard 1", where the rows said the engine's ``sell pot_shard 1``, which the JSON keeps)."""
    the_game = games_.load(game, data=data_)
    return lambda text: fmt.spelt(the_game, text)


@app.command(cls=_Command, more=_hint_help)
@GAME_ARGUMENT
@click.argument("view_file", metavar="VIEW.json")
@_budget_options
@click.option("--top", type=click.IntRange(min=1), default=10, show_default=True,
              help="How many of the ranked moves to print, best first.")
@_record_options
@INFERENCE
@click.option("--beliefs", "beliefs", is_flag=True,
              help="Card games: also what the seat can infer of the hidden cards (each other "
                   "hand's card counts; Loot N Run: each face-down room a guardian).")
def hint(game: str, view_file: str, iterations: int | None, time_limit: float | None,
         seed: int, workers: int, cards: str | None, as_json: bool, top: int, at: int | None,
         seat: int | None, inference: str | None, beliefs: bool) -> None:
    """Rank the legal moves of a position, with values."""
    start = _command_clock()
    result, data_, said, names = _hint(game, view_file, iterations, time_limit, seed,
                                       workers, top, cards, at, seat, inference, beliefs)
    elapsed = time.monotonic() - start
    # (a record's seats as play called them: "pyramids: seat 0 — best move" of the seat
    # play had called "you"; the JSON keeps the seat's number)
    if as_json:
        click.echo(fmt.to_json(result))
    else:
        spell = _speller(game, data_)
        _say(fmt.format_hint(said, elapsed=elapsed, names=names, cards=card_names(data_),
                             width=fmt.text_width(), spell=spell),
             moves=[spell(row.move) for row in said.rows])
    _exit_if_interrupted()


@app.command("best-move", cls=_Command, more=_hint_help)
@GAME_ARGUMENT
@click.argument("view_file", metavar="VIEW.json")
@_budget_options
@_record_options
@INFERENCE
def best_move(game: str, view_file: str, iterations: int | None, time_limit: float | None,
              seed: int, workers: int, cards: str | None, as_json: bool, at: int | None,
              seat: int | None, inference: str | None) -> None:
    """The move the search rates best."""
    start = _command_clock()
    result, data_, said, _ = _hint(game, view_file, iterations, time_limit, seed, workers, 1,
                                   cards, at, seat, inference)
    elapsed = time.monotonic() - start
    if as_json:
        click.echo(fmt.to_json(result))
    else:
        spell = _speller(game, data_)
        _say(fmt.format_hint(said, best_only=True, elapsed=elapsed, spell=spell),
             moves=[spell(row.move) for row in said.rows])
    _exit_if_interrupted()


@app.command(epilog=(
    "Decision N of a seat is its N-th decision in the record, counted from 1: other seats' "
    "moves and chance steps are not counted, and a whole trade or a seat's whole discard "
    "at a sandstorm (Archaeology, the New Expedition) or a whole Tomb of the Ancients turn "
    "is one decision, as the hints rank them. When the record stops where the seat is to "
    "act, the number after its last decision is the one it is to make now. `digsite "
    "review` numbers decisions the same way, and `hint`, `best-move` and `plan GAME "
    "RECORD.json --at N` read the same view."))
# (the game may be named first, as review, plan and hint take it: `view ancients
# game.json --at 3` was refused "Got unexpected extra argument (game.json)")
@click.argument("first", metavar="[GAME]")
@click.argument("record_file", metavar="RECORD.json", required=False)
@click.option("--at", "at", type=click.IntRange(min=1), required=True, metavar="N",
              help="The decision (from 1) of the seat before which to take the view.")
@click.option("--seat", type=click.IntRange(min=0), default=None,
              help="Whose view (default: the record's person, when one seat is a person, "
                   "else seat 0).")
@click.option("--position", is_flag=True,
              help="The view's position form (the card games: what the seat knows then, "
                   "without the history).")
@CARDS
def view(first: str, record_file: str | None, at: int, seat: int | None, position: bool,
         cards: str | None) -> None:
    """Print the player view at decision N of a game record, as the seat saw it (JSON, as
    `hint` reads it)."""
    game = None
    if record_file is None:
        record_file = first
    else:  # (a record of another game is refused by the reading, naming both)
        try:
            game = str(GAME.convert(first, None, click.get_current_context()))
        except click.BadParameter as exc:
            exc.param_hint = "'GAME'"  # (as the commands whose GAME comes first say it)
            raise
    click.echo(fmt.to_json(_view_at(game, record_file, at, seat, cards,
                                    position=position)[0]))


@app.command()
@GAME_ARGUMENT
@click.argument("view_file", metavar="VIEW.json")
@click.option("--token-value", type=click.FloatRange(min=0), default=0.5, show_default=True,
              help="Points one sand token is worth (λ), a finite number >= 0.")
@CARDS
@JSON
@click.option("--svg", "svg_file", default=None, metavar="FILE",
              help="Also draw the board before and after the plan in FILE.")
@_record_options
def plan(game: str, view_file: str, token_value: float, cards: str | None, as_json: bool,
         svg_file: str | None, at: int | None, seat: int | None) -> None:
    """Exact best chain of finds for this turn (Tomb of the Ancients)."""
    from solvers import services

    if game != "ancients":  # (click's "'pyramids' is not 'ancients'" named no way on)
        raise click.UsageError(_no_plan(game))
    _finite(token_value, "--token-value")
    if svg_file:
        check_writable(svg_file)
    data_ = load_cards(game, cards)
    view = _read_view(game, view_file, at, seat, cards)
    start = time.perf_counter()
    with naming(view_file):
        result = services.capability(game, "plan")(view, data=data_, token_value=token_value)
    result = replace(result, cards=cards_data.given_fingerprint(data_))
    if svg_file:
        write_text(svg_file, pictures.plan_picture(view, result, data_))
    if as_json:
        click.echo(fmt.to_json(result))
    else:
        _say(fmt.format_plan(result, elapsed=time.perf_counter() - start))


def _no_plan(game: str) -> str:
    """Why ``plan`` refuses ``game``, and what to ask of that game's position instead."""
    name, only = registry.get(game).name, registry.get("ancients").name
    if "hint" not in registry.get(game).services:
        return f"plan is for {only} only ({name} has no move hints either)"
    return (f"plan is for {only} only; for {name}, use `digsite best-move {game} "
            f"VIEW.json` or `digsite hint {game} VIEW.json`")


@app.command(cls=_Command, more=_arena_help)
@GAME_ARGUMENT
@click.option("--bots", required=True,
              help="Comma-separated bot names, one per seat (listed below).")
@click.option("--games", "n_games", type=GAMES, required=True,
              help="Games to play. With k bots they come in groups of k on one deal, each "
                   "bot in each seat once, so a multiple of k cancels the luck of the deal.")
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="Seed of the deals and of the bots' choices: the same seed, bots and "
                   "iterations give the same games.")
@_execution_options
@click.option("--iterations", type=ITERATIONS, default=None,
              help="Iterations per decision for the search bots (ismcts, pimc; default "
                   "below).")
@click.option("--record", "record_dir", default=None, metavar="DIR",
              help="Write each game's record (see `digsite review`) to DIR.")
@CARDS
@JSON
@click.option("--svg", "svg_file", default=None, metavar="FILE",
              help="Also draw the win rates with their intervals as an SVG chart in FILE.")
@DEAL_OPTIONS
def arena(game: str, bots: str, n_games: int, seed: int, workers: int, backend: str,
          address: str | None, iterations: int | None, record_dir: str | None,
          cards: str | None, as_json: bool, svg_file: str | None, monument: str | None,
          variants: tuple[str, ...]) -> None:
    """Play bots against each other on seat-swapped deals."""
    from solvers.arena import bot_table, run_arena

    names = _bot_names(bots)
    execution = Execution(backend, workers, address)
    options = _deal_options(monument, variants)
    data_ = _load_game(game, cards, **options).data  # options of another game refused here
    if record_dir:  # checked now, made only once the games are played
        folder = check_folder(record_dir)
        taken = [name for name in (_arena_record_name(game, seed, k) for k in range(n_games))
                 if (folder / name).exists()]
        if taken:  # (another match of the seed wrote there: its games would be mixed in)
            raise DigsiteError(f"{folder / taken[0]}: exists (a record of an "
                               f"earlier match); a record folder takes one match: name a "
                               f"new folder")
    if svg_file:
        check_writable(svg_file)
    with first_press_stops(), _progress(n_games, f"{game} arena") as step:
        result = run_arena(game, names, bots=bot_table(game, data_, names), games=n_games,
                           seed=seed, limit=Limit(iterations=iterations), data=data_,
                           deal_options=options, progress=step, execution=execution,
                           keep_records=bool(record_dir))
    if record_dir:
        folder = prepare_dir(record_dir)
        # (keep_records: every game carries its record)
        for index, record in [(g.index, g.record) for g in result.per_game if g.record]:
            write_text(folder / _arena_record_name(game, seed, index),
                       record_text(record.to_json()))
    if svg_file:
        write_text(svg_file, charts.arena_chart(result))
    if as_json:
        click.echo(fmt.to_json(result))
    else:
        _say(fmt.format_arena(result))
    _exit_if_interrupted()


def _arena_record_name(game: str, seed: int, index: int) -> str:
    """The file name of an arena game's record in ``--record DIR``."""
    return f"{game}-seed{seed}-game{index:04d}.json"


@app.command(cls=_Command, more=_review_help)
@GAME_ARGUMENT
@click.argument("record_file", metavar="RECORD.json")
@click.option("--seat", type=click.IntRange(min=0), default=None,
              help="The seat whose decisions are reviewed (default: the record's person, "
                   "when one seat is a person, else seat 0).")
@click.option("--at", "at", type=click.IntRange(min=1), default=None, metavar="N",
              help="Review decision N of the seat alone (numbered as in `digsite view`).")
@_review_budget_options
@click.option("--best-budget", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Deterministic budget of the best possible score (grid games in solo; "
                   "units as in `digsite best-score --help`), a finite number.")
@click.option("--best-time-limit", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Wall-clock cap in seconds on the best possible score and the search "
                   "for the decision that lost it, together (a run it cuts may vary), a "
                   "finite number.")
@click.option("--svg", "svg_file", default=None, metavar="FILE",
              help="Also draw the value of each decision as an SVG chart in FILE.")
@click.option("--annotate", "annotate_file", default=None, metavar="OUT.json",
              help="Also write the record with each reviewed decision's verdict beside it "
                   "(a \"comment\" on its first move) to OUT.json.")
def review(game: str, record_file: str, seat: int | None, at: int | None,
           iterations: int | None, time_limit: float | None, seed: int, workers: int,
           cards: str | None, as_json: bool, best_budget: float | None,
           best_time_limit: float | None, svg_file: str | None,
           annotate_file: str | None) -> None:
    """Every decision of a seat in a game record against the hint's best move: what each
    cost, labelled, and the seat's accuracy."""
    from games.record import read_record
    from solvers.moments import seat_of
    from solvers.review import review_game, reviews_best_score

    from .report import annotate, format_review, screen_words

    best_limit = Limit(work=_finite(best_budget, "--best-budget"),
                       time_limit=_finite(best_time_limit, "--best-time-limit"))
    for path in (svg_file, annotate_file):  # every output path before the work
        if path:
            check_writable(path)
    data_ = load_cards(game, cards)
    doc = read_json(record_file)
    with naming(record_file):
        record = read_record(doc, game, data_)
        seat = seat_of(record, seat)
    moves = None if at is not None else sum(1 for e in record.moves if e.seat == seat)
    with naming(record_file), first_press_stops(answer=False), \
            _progress(moves, f"{game} review", stop=True) as bar:
        done = 0

        def step(n: int = 1) -> None:
            # the decisions done, a solo deal's best score comes next: the bar sat at 100%
            # for minutes saying nothing (the board says "now the deal's best score")
            nonlocal done
            done += n
            last = moves is not None and done >= moves and reviews_best_score(record, at)
            bar(n, "now the deal's best score" if last else None)

        result = review_game(record, seat=seat, data=data_, at=at,
                             limit=Limit(iterations=iterations, time_limit=time_limit,
                                         workers=workers),
                             seed=seed, best_limit=best_limit, progress=step)
    if svg_file:
        write_text(svg_file, charts.review_chart(result))
    # (the text and the annotated record name the seats as play does: the comments said
    # "awaken seat 1" under a text saying "awaken seat 1 (greedy)")
    said = (screen_words(result, record, games_.load(game, data=data_))
            if annotate_file or not as_json else result)
    if annotate_file:
        write_text(annotate_file, record_text(annotate(record, said).to_json()))
    if as_json:
        click.echo(fmt.to_json(result))
    else:
        _say(format_review(said))
    _say_unmarked_data(record_file, record.cards, data_)
    # Ctrl-C during the solo best score: the review is printed with the best found, cut
    # short as best-score's answer is, and exits 130 as best-score does (it exited 0)
    _exit_if_interrupted()


@app.command(epilog=(
    "At each of your decisions the screen shows what happened since your last move, the "
    "table in words and your moves, numbered: type a number or a move's text. Commands: "
    "hint (or ?; hint N for N iterations; hint all for every move), undo (back to your "
    "previous decision), show, "
    "moves, help, quit. The record is written after every move, so quit, the end of the "
    "input (Ctrl-D) and Ctrl-C keep the game so far; Ctrl-C during a hint stops only the "
    "hint, which shows its ranking so far."))
@GAME_ARGUMENT
@click.option("--players", type=int, default=None, help="Seats (default: solo where the game "
              "has it, else the smallest table).")
@click.option("--seat", type=click.IntRange(min=0), default=0, show_default=True,
              help="Your seat (seats count from 0; seat 0 is not always first to play).")
@click.option("--bots", default=None, help="Comma-separated bots for the other seats, in "
              "seat order; one name seats that bot at every other seat (default: greedy; "
              "`digsite arena --help` lists each game's bots).")
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="The deal's seed: the same seed deals the same game.")
@click.option("--iterations", type=ITERATIONS, default=None,
              help="Iterations per decision for search bots (ismcts, pimc; default: the "
                   "game's hint budget).")
@click.option("--record", "record_file", default=None, metavar="FILE",
              help="Where to write the game record (default: GAME-seedN.json in this "
                   "folder), checked before the game starts.")
@click.option("--json", "as_json", is_flag=True,
              help="For programs: one JSON object per line (each move, each decision with "
                   "your player view and legal moves, hints, the end) instead of screens.")
@DEAL_OPTIONS
@CARDS
def play(game: str, players: int | None, seat: int, bots: str | None, seed: int,
         iterations: int | None, record_file: str | None, as_json: bool,
         monument: str | None, variants: tuple[str, ...], cards: str | None) -> None:
    """Play GAME in the terminal against the bots (moves from stdin, a pipe works)."""
    from .play import Terminal, check_table, default_bots, play as play_game

    the_game = _load_game(game, cards, **_deal_options(monument, variants))
    players = _players(the_game, players)
    names = _bot_names(bots) if bots is not None else default_bots(game, players)
    if len(names) == 1:  # (`--players 3 --bots greedy` was refused "name 2 bots")
        names *= max(players - 1, 1)
    check_table(the_game, players=players, seat=seat, bot_names=names)
    as_given = record_file or f"{game}-seed{seed}.json"  # (./- is named so: - is stdin)
    path = check_record_path(as_given, "record", "a game record")  # before the game
    stdin = sys.stdin
    echo = not stdin.isatty() and not as_json

    def read() -> str:
        if not as_json:
            click.echo("your move> ", nl=False)
        line = stdin.readline()
        if echo:
            click.echo(line.rstrip("\n") if line else "")
        return line

    def emit(obj: Mapping[str, object]) -> None:
        click.echo(json.dumps(obj, separators=(",", ":")))

    # (the lines are folded at word boundaries as every text answer is, ``fmt.text_width``:
    # a terminal cut them mid-word, and through a pipe they ran to the longest line)
    width = None if as_json else fmt.text_width()

    def say(text: str) -> None:
        click.echo(fmt.fold(text, width) if width else text)

    def complain(text: str) -> None:
        said = f"error: {text}"
        click.echo(fmt.fold(said, width) if width else said, err=True)

    term = Terminal(read=read, say=say, complain=complain, emit=emit if as_json else None,
                    width=width)
    def save(record: GameRecord) -> None:
        write_text(path, record_text(record.to_json()))

    try:
        outcome = play_game(the_game, players=players, seat=seat, bot_names=names, seed=seed,
                            term=term, iterations=iterations, save=save)
    except KeyboardInterrupt:  # Ctrl-C: the record of every move so far is on disk
        click.echo(f"\ninterrupted: the game so far is in {as_given}", err=True)
        raise click.exceptions.Exit(130) from None
    if as_json:
        emit({"event": "record", "path": as_given, "finished": outcome.how == "finished",
              "moves": outcome.moves})
    elif outcome.how == "finished":
        say(f"record written to {as_given}")
    else:
        why = "you quit" if outcome.how == "quit" else "the input ended"
        say(f"{why} before the end of the game: the game so far ({outcome.told()}) is in "
            f"{as_given}")


def _same_file(a: str, b: str) -> bool:
    """Whether the paths ``a`` and ``b`` name one file that exists."""
    try:
        return Path(a).samefile(b)
    except OSError:
        return False


def _track_help() -> str:
    """The setup each game's table asks for (``games.tracking.setup_questions``, with the
    bundled card data's counts)."""
    from games.tracking import BEGINNERS_LUCK, FACE_UP_CHAMBERS, setup_questions

    lines = {}
    for game in registry.GAME_IDS:
        asked = "; ".join(prompt for _, prompt in setup_questions(games_.load(game)))
        if game == "expedition":
            asked += (f"; with --monument {FACE_UP_CHAMBERS} also the chambers' face-up "
                      f"cards, with --variant {BEGINNERS_LUCK} the opening hand values "
                      "announced")
        lines[game] = asked
    title = ("The setup each game asks for, in this order (then every move and what you "
             "saw come out; docs/tracking.md has the chance steps and the questions a move "
             "raises):")
    return _per_game("\n".join(textwrap.wrap(title, 76)), lines)


@app.command(cls=_Command, more=_track_help, epilog=(
    "Enter what happens at the table, a line at a time: the setup the prompt asks for, "
    "every seat's move, and what you saw of each draw. Commands: hint (or ?; hint N for "
    "N iterations; hint all for every move) and moves at your decisions, undo, show, help, "
    "quit. The table record "
    "is written after every line (refused lines too, with the reason), so quit, Ctrl-D "
    "and Ctrl-C keep it; --resume FILE goes on from it. Ctrl-C during a hint stops only "
    "the hint, which shows its ranking so far."))
@GAME_ARGUMENT
@click.option("--players", type=int, default=None, help="Seats at the table (default: the "
              "card data's smallest table, two with the bundled data; 1 follows a solo "
              "analysis game of the grid games).")
@click.option("--seat", type=click.IntRange(min=0), default=None,
              help="Your seat (seats count from 0; default 0, or the record's with --resume).")
@click.option("--record", "record_file", default=None, metavar="FILE",
              help="Where to write the table record (default: GAME-table.json).")
@click.option("--resume", "resume_file", default=None, metavar="FILE",
              help="Go on with the table record FILE (and write it back there unless "
                   "--record says otherwise).")
@TABLE_OPTIONS
@CARDS
def track(game: str, players: int | None, seat: int | None, record_file: str | None,
          resume_file: str | None, monument: str | None, variants: tuple[str, ...],
          cards: str | None) -> None:
    """Follow a game played at a real table and give hints for your seat."""
    from games.tracking import Tracker, read_table

    from .track import track as follow

    if resume_file == "-" and record_file is None:  # (it wrote the table to a file named -)
        raise DigsiteError("track --resume -: the table read from the standard input is "
                           "written back after every line; name its file with --record FILE")
    if resume_file is not None:
        doc = read_json(resume_file)
        with naming(resume_file):
            tracker = read_table(doc, lambda gid, **options: _load_game(gid, cards, **options))
        if tracker.game.id != game:
            raise DigsiteError(f"{resume_file}: a table record of {tracker.game.id}, not "
                               f"{game}")
        record = tracker.record
        # (the table is the record's: options that say it again are fine, others refused)
        kept = record.options
        variant = kept.get("variant") or []
        given = {"--players": (players, record.players), "--seat": (seat, record.seat),
                 "--monument": (monument, kept.get("monument")),
                 "--variant": (list(variants) or None,
                               [variant] if isinstance(variant, str) else list(variant))}
        for name, (said, theirs) in given.items():
            if said is not None and said != theirs:
                shown = " ".join(map(str, theirs)) if isinstance(theirs, list) else theirs
                raise DigsiteError(f"track --resume: the table is the record's ({name} "
                                   f"{'none' if shown in (None, '') else shown}); leave out "
                                   f"{name} or give the record's")
        # (another table's record is kept, as a new table keeps it: only the record resumed
        # is written back)
        if record_file is None or _same_file(record_file, resume_file):
            # (the file as given, not the path: ./- is no --resume -, the standard input)
            path, as_given = check_writable(resume_file), resume_file
        else:
            path = check_record_path(record_file, "table", "a table record", keep=True)
            as_given = record_file
        _say_unmarked_data(resume_file, record.cards, tracker.game.data, now=True)
    else:
        options = _deal_options(monument, variants)
        if game == "expedition" and "monument" not in options:
            raise DigsiteError("track expedition: say the table's monument (--monument M)")
        the_game = _load_game(game, cards, **options)
        if players is None:  # (a real table: no rulebook has a solo game)
            players = min(n for n in cards_data.seat_counts(the_game.data) if n >= 2)
        tracker = Tracker.start(the_game, players=players, seat=seat or 0)
        as_given = record_file or f"{game}-table.json"
        path = check_record_path(as_given, "table", "a table record", keep=True)
    stdin = sys.stdin
    echo = not stdin.isatty()

    def read(prompt: str) -> str:
        click.echo(prompt, nl=False)
        line = stdin.readline()
        if echo:
            click.echo(line.rstrip("\n") if line else "")
        return line

    width = fmt.text_width()  # (folded as play's screens are: the hint's rows ran on)

    def say(text: str) -> None:
        click.echo(fmt.fold(text, width))

    def complain(text: str) -> None:
        click.echo(fmt.fold(f"error: {text}", width), err=True)

    try:
        how = follow(tracker.game, tracker, read=read, say=say, complain=complain,
                     save=lambda doc: write_text(path, json.dumps(doc, indent=1) + "\n"),
                     width=width)
    except KeyboardInterrupt:  # Ctrl-C: every line so far is on disk
        click.echo(f"\ninterrupted: the table so far is in {as_given}", err=True)
        raise click.exceptions.Exit(130) from None
    if how == "finished":
        click.echo(f"table record written to {as_given}")
    else:
        why = "you quit" if how == "quit" else "the input ended"
        click.echo(f"{why}: the table so far "
                   f"({plural(len(tracker.record.events), 'event')}) is in "
                   f"{as_given}; --resume {as_given} goes on")


@app.command()
@click.argument("record_files", nargs=-1, metavar="[RECORD.json ...]")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="TCP port (0: any free port).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; the default is this machine only. The board has "
                   "no login: listen elsewhere only on a network you trust.")
@click.option("--cards", "cards", multiple=True, metavar="FILE",
              help="Card data file replacing its game's bundled data in everything the "
                   "board opens and searches (repeatable, one a game; default: the "
                   "bundled data).")
def serve(record_files: tuple[str, ...], port: int, host: str, cards: tuple[str, ...]) -> None:
    """The analysis board in the browser: step through records, hints on demand, review
    and best-score plans; prints the address to open. RECORD.json files are offered on the
    page (read now: the server reads no file after it starts)."""
    try:
        from .web.server import run_server
    except ImportError as exc:  # the extra is missing: say which one
        raise DigsiteError(f"digsite serve needs the extra 'web' (pip install "
                           f"'digsite[web]'): {exc}") from None
    from pathlib import Path

    from .web.board import open_document

    given = given_cards(cards)
    records = [(Path(path).name, read_json(path)) for path in record_files]  # (the page's names)
    # a bad record is refused now, not when the page opens it, named as given (as review does)
    for path, (_, doc) in zip(record_files, records):
        with naming(path):
            try:
                open_document(doc, cards=given)
            except DigsiteError as exc:  # (an unknown game too: all of it is the record's)
                raise InvalidStateError(str(exc)) from None
    run_server(records, host=host, port=port, cards=given,
               announce=lambda url: click.echo(f"digsite analysis board: {url} (Ctrl-C "
                                               f"stops it)"))


@app.command(cls=_Command, more=_bench_help)
@click.argument("suites", nargs=-1)
@click.option("--quick", is_flag=True,
              help="Small sizes: a smoke run that checks every suite works, not a measurement.")
@click.option("--full", is_flag=True,
              help="The long, conclusive runs: the strength matches (200 games each; hours), the "
                   "48-position budget curves, the Pyramids sides table.")
@click.option("--games", type=GAMES, default=None,
              help="Games per match in the suites that play matches.")
@_execution_options
@click.option("--json", "json_file", default=None, metavar="FILE",
              help="Also write the full report as JSON to FILE (checked before the run).")
def bench(suites: tuple[str, ...], quick: bool, full: bool, games: int | None, workers: int,
          backend: str, address: str | None, json_file: str | None) -> None:
    """Run benchmark SUITES (all by default) and print the report."""
    from benchmarks.runner import run_benchmarks, write_report

    if json_file:  # refuse a path that cannot be written now, not after the whole run
        check_writable(json_file)
    execution = Execution(backend, workers, address)
    with first_press_stops(answer=False), _progress(None, "benchmarks", stop=True) as step:
        report = run_benchmarks(list(suites), quick=quick, progress=step, full=full,
                                games=games, execution=execution)
    _say(report["text"])
    if json_file:
        write_report(report, json_file)
    _exit_if_interrupted()  # (the suites measured before Ctrl-C are printed and written)


def _say(text: str, *, moves: Iterable[str] = ()) -> None:
    """A text answer (never JSON: its bytes are promised), folded at word boundaries to
    fit where it is read (``fmt.text_width``: the terminal, else COLUMNS or 80 columns;
    through a pipe the lines ran to 230 columns); ``moves``, as typed, kept whole."""
    click.echo(fmt.fold(text, fmt.text_width(), whole=moves))


# --- entry point -----------------------------------------------------------------------

def _one_line(message: str) -> str:
    """Every error is one line: click's multi-line messages are joined."""
    return " ".join(message.split())


def main(argv: list[str] | None = None) -> int:
    """Console-script entry: one line `error: ...` and exit 2 for bad input, 1 for a fault."""
    interrupt.reset()  # a stop request belongs to the command that heard it
    _NOTES.clear()
    # the console script's own run counts from the process's start, imports included
    started = _LAUNCHED if argv is None else time.monotonic()
    try:
        code = app.main(args=argv, prog_name="digsite", standalone_mode=False,
                        obj={"started": started})
        if isinstance(code, int) and not isinstance(code, bool):  # a command's Exit(code)
            return code
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.ClickException as exc:
        click.echo(f"error: {_one_line(exc.format_message())}", err=True)
        return BAD_INPUT
    except (click.exceptions.Abort, interrupt.Interrupted):  # Ctrl-C before any answer
        click.echo("error: interrupted", err=True)
        return EXIT_INTERRUPTED
    except (DigsiteError, GridError) as exc:
        click.echo(f"error: {_one_line(str(exc))}", err=True)
        return BAD_INPUT
    except BrokenPipeError:
        return 0
    except Exception as exc:  # an internal fault: say so plainly, still one line
        click.echo(f"error: internal fault: {type(exc).__name__}: {_one_line(str(exc))}",
                   err=True)
        return INTERNAL_FAULT
    for note in _NOTES:
        click.echo(note, err=True)
    return 0


def console_script() -> None:
    """``digsite`` on the PATH."""
    sys.exit(main())


if __name__ == "__main__":
    console_script()
