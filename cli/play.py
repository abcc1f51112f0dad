"""``digsite play``: one game in the terminal, a person at one seat and bots at the others.

The loop reads one line per decision of the person's seat:

* a move in the game's move text (as ``digsite hint`` prints them);
* ``?`` — the hint at the default budget (the one hint contract, ``solvers.hints``), with
  the beliefs about the hidden cards in the card games (``hint --beliefs``);
* ``moves`` — the legal moves; ``view`` — what the seat sees again; ``help``.

Bad move text is answered with one line and the question is asked again. The person's
seat sees its player view (``view_of``: exactly what that seat knows) before each of its
decisions, and every bot move is announced. Input may come from a pipe (a script of moves,
one a line; lines starting with ``#`` are skipped). When the input ends before the game
does, :func:`play` raises ``DigsiteError`` (exit status 2) and nothing is written. At the
end the game record (``games.record``) is returned for the command to write.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Callable

from games import registry
from games.errors import DigsiteError
from games.record import Entry, GameRecord, resolve_fixed_chance
from games.seeding import child_seeds
from grids import render_grid
from solvers import services
from solvers.limits import Limit

from . import format as fmt

__all__ = ["Terminal", "play", "default_bots", "describe_view", "pyramid_cards"]

HELP = ("type a move, '?' for a hint, 'moves' for the legal moves, 'view' to see the "
        "position again, 'help' for this line")


@dataclass(frozen=True)
class Terminal:
    """The loop's input and output: ``read() -> str`` ('' at the end of input),
    ``say(text)`` for the game's story, ``complain(text)`` for a one-line problem."""

    read: Callable[[], str]
    say: Callable[[str], None]
    complain: Callable[[str], None]


def default_bots(game_id: str, players: int) -> list[str]:
    """A bot per other seat: ``greedy`` where the game has it, else its first bot."""
    if players == 1:
        return []
    if not services.has_capability(game_id, "BOTS"):
        raise DigsiteError(f"play: {game_id} has no bots yet, so it can only be played solo "
                           f"(--players 1)")
    names = list(services.capability(game_id, "BOTS"))
    return ["greedy" if "greedy" in names else names[0]] * (players - 1)


def describe_view(view: dict) -> list[str]:
    """A player view as one ``key: value`` line per field (values as compact JSON)."""
    skip = {"game", "players"}
    return [f"  {key}: {json.dumps(value, separators=(', ', ': '))}"
            for key, value in view.items() if key not in skip]


def pyramid_cards(state, seat: int, data) -> list[str]:
    """Pyramids: the cards this decision is about, drawn side by side (``*`` a crossed
    box): the four dealt cards at the keep, the display at a take, else the seat's two.
    Read from the seat's public part of ``to_json`` (its own cards and the display)."""
    full = state.to_json()
    mine = full["seats"][seat]
    if full["phase"] == "keep":
        cards = [(order, 0) for order in mine["dealt"]]
    elif full["phase"] == "take":
        cards = [(order, 0) for order in full["display"]]
    else:
        cards = [(order, mask) for order, mask in zip(mine["hand"], mine["crossed"])
                 if order is not None]
    if not cards:
        return []
    drawn = []
    for order, mask in cards:
        grid = tuple("*" if mask >> i & 1 else ch for i, ch in enumerate("".join(
            data.card(order).grid)))
        drawn.append([f"card {order:<7}"] + render_grid(grid).splitlines())
    lines = ["  " + "    ".join(f"{rows[i]:<11}" for rows in drawn) for i in range(len(drawn[0]))]
    return lines + ["  legend: E entrance, # wall, T tomb, r/g gems, t torch, s skull, "
                    "p potion, x red cross, * crossed"]


def _show(engine, state, seat: int, term: Terminal, data) -> None:
    try:
        lines = describe_view(engine.view_of(state, seat))
    except DigsiteError:  # a decision the game has no player view for (Pyramids' keep, take)
        lines = []
    if engine.GAME.id == "pyramids":
        lines += pyramid_cards(state, seat, data)
    term.say(f"-- seat {seat} to move; you see:" if lines else f"-- seat {seat} to move")
    for line in lines:
        term.say(line)
    moves = state.legal_moves()
    if len(moves) <= 12:
        term.say("  legal: " + ", ".join(map(str, moves)))
    else:
        term.say(f"  {len(moves)} legal moves ('moves' lists them)")


def _hint(game_id: str, engine, state, seat: int, data, seed: int, term: Terminal) -> None:
    if not services.has_capability(game_id, "hint"):
        term.complain(f"no hint for {game_id}")
        return
    try:
        view = engine.view_of(state, seat)
        result = services.capability(game_id, "hint")(view, data=data, limit=Limit(),
                                                       seed=seed, top=5)
        if services.has_capability(game_id, "beliefs"):
            result = replace(result, facts=result.facts + (("beliefs", services.beliefs(
                game_id, view, data=data, seed=seed)),))
    except DigsiteError as exc:
        term.complain(f"no hint for this decision: {exc}")
        return
    for line in fmt.format_hint(result).splitlines():
        term.say("  " + line)


def play(game_id: str, *, players: int, seat: int, bot_names: list[str], seed: int, data,
         term: Terminal, iterations: int | None = None,
         deal_options: dict | None = None) -> GameRecord:
    """Play one game of ``game_id`` (the deal of ``seed`` and ``deal_options``, e.g. the
    New Expedition's monument) with the person at ``seat`` and ``bot_names`` at the other
    seats in order; return its finished record."""
    info = registry.get(game_id)
    if players not in info.player_counts:
        raise DigsiteError(f"play: {game_id} is played by {info.player_counts[0]} to "
                           f"{info.player_counts[-1]} players, got {players}")
    if not 0 <= seat < players:
        raise DigsiteError(f"play: seat must be 0 to {players - 1}, got {seat}")
    if len(bot_names) != players - 1:
        raise DigsiteError(f"play: name {players - 1} bot(s), one per other seat, got "
                           f"{len(bot_names)}")
    factories = services.capability(game_id, "BOTS") if bot_names else {}
    for name in bot_names:
        if name not in factories:
            raise DigsiteError(f"play: unknown bot {name!r} for {game_id} (bots: "
                               f"{', '.join(sorted(factories))})")
    engine = registry.engine(game_id)
    deal = engine.make_deal(players=players, seed=seed, data=data, **(deal_options or {}))
    state = engine.state_from_deal(deal, data)
    others = [s for s in range(players) if s != seat]
    bot_seeds = child_seeds(seed + 1_000_003, players)
    bots = {s: factories[name](seat=s, seed=bot_seeds[s], limit=Limit(iterations=iterations))
            for s, name in zip(others, bot_names)}
    names = ["you" if s == seat else bot_names[others.index(s)] for s in range(players)]
    table = (f"you are seat {seat}; " + ", ".join(f"seat {s}: {names[s]}" for s in others)
             if others else f"solo, you are seat {seat}")
    term.say(f"{info.name}, deal of seed {seed}: {table}")
    term.say(HELP)
    played: list[Entry] = []
    shown = False
    while True:
        resolve_fixed_chance(state)
        if state.is_terminal():
            break
        actor = state.current_player()
        if actor != seat:
            move = bots[actor].choose(state)
            term.say(f"seat {actor} ({names[actor]}): {move}")
            played.append(Entry(actor, str(move)))
            state.apply(move)
            shown = False
            continue
        if not shown:
            _show(engine, state, seat, term, data)
            shown = True
        line = term.read()
        if not line:
            raise DigsiteError(f"play: the input ended before the game did (after "
                               f"{len(played)} moves); no record written")
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        if text == "?":
            _hint(game_id, engine, state, seat, data, seed + len(played), term)
        elif text in ("moves", "legal"):
            term.say("  legal: " + ", ".join(map(str, state.legal_moves())))
        elif text == "view":
            _show(engine, state, seat, term, data)
        elif text == "help":
            term.say(HELP)
        else:
            try:
                move = engine.parse_move(state, text)
            except DigsiteError as exc:
                term.complain(" ".join(str(exc).split()) + " — try again ('moves' lists them)")
                continue
            term.say(f"seat {seat} (you): {move}")
            played.append(Entry(seat, str(move)))
            state.apply(move)
            shown = False
    returns, winners = state.returns(), state.winners()
    term.say("game over: " + ", ".join(f"seat {s} ({names[s]}) {fmt_score(r)}"
                                         for s, r in enumerate(returns))
             + "; winner(s): " + ", ".join(f"seat {w}" for w in winners))
    record = GameRecord(game_id, players, deal, tuple(played),
                        seats=tuple("person" if n == "you" else n for n in names),
                        source=f"digsite play {game_id} --players {players} --seat {seat} "
                               f"--seed {seed}" + "".join(
                                   f" --{key} {v}" for key, value in (deal_options or {}).items()
                                   for v in (value if isinstance(value, list) else [value])))
    return record.finished(state)


def fmt_score(value: float) -> str:
    """A score without a needless ``.0``."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
