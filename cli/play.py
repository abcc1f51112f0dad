"""``digsite play``: one game in the terminal, a person at one seat and bots at the others,
told in a player's words.

Before each decision of the person the loop shows one screen: what happened since the
person's last decision (one line per event, as that seat saw it), the table in words
(what the seat holds, money and score, the market, the other seats, the decks), what the
decision asks, and the legal moves as whole decisions, numbered. The person answers with:

* a number (``3`` picks the third) or the move's text (as ``digsite hint`` prints it);
* ``hint`` (or ``?``), ``hint N`` for N iterations: the engine's view, only when asked (in
  the card games with the beliefs about the hidden cards, as ``hint --beliefs``);
* ``undo``: back to the person's previous decision (the bots' moves since are taken back),
  only over what showed the person nothing new (at a table with bots: the deal is fixed, so
  a card seen, taken back, would be known in the game played again; ``_seen_since``);
  ``undo anyway`` (``undo!``) takes it back all the same, the screen saying that the person
  keeps knowing what they saw and the record marking it (``undone_over_seen``);
* ``show`` the screen again, ``moves`` the list again, ``help``, ``quit``.

The words come from the engines' presentation modules (``games.table``, through
``games.Game``), so another face (a server) tells the same game in the same words. The
record (``games.record``) is written after every move through ``save`` (the command writes
it atomically), so ``quit``, the end of the input (Ctrl-D) and Ctrl-C all leave the game
so far on disk. With ``emit`` (``--json``) the loop writes one JSON object per line for
programs instead of screens: each move, each decision with the seat's player view and its
legal moves, each hint, the end.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable, Hashable, Mapping

import cards_data
from games import Game, registry
from games.game import command_options
from games.errors import DigsiteError, IllegalMoveError, InvalidMoveError
from games.protocol import CHANCE, State
from games.reader import marked_view
from games.record import GameRecord
from games.seeding import child_seeds, make_rng
from games.table import card_names, owed_refusal, owed_suggestion, plural
from games.tracking import merged_trade
from solvers import openspiel, services
from solvers.hints import Hint
from solvers.limits import Limit

from . import format as fmt
from .format import spelt, two_columns
from .jsonout import jsonable
from .signals import first_press_stops

if TYPE_CHECKING:  # (a bot's class; imported for the types only, the bots come from services)
    from solvers.ismcts.bots import Bot

__all__ = ["Terminal", "Outcome", "play", "default_bots", "hint_for", "named_words", "named_move",
           "unread", "said_in_words", "spelt", "COMMANDS"]

#: The commands of the prompt, for ``help`` (``{move}``: the list's third move, written
#: out: a move of the game played, where "sell coin 2" was shown in every game).
COMMANDS = (
    ("3", "pick the third move of the list"),
    ("{move}", "{which} written out, as the list and `digsite notation` write them"),
    ("hint, hint 5000", "the engine's ranking of your moves (at its default budget, or 5000 "
                        "iterations): its best 5; `hint all` every move; `?` for short; "
                        "Ctrl-C stops a long one"),
    ("undo", "take back your last decision (and the bots' moves since), unless the game "
             "has shown you something new since: a card dug or drawn, a secret look, rooms "
             "revealed (at a table with bots)"),
    ("undo anyway", "take it back all the same (`undo!` for short): you keep knowing what "
                    "you saw, and the record says so"),
    ("show / moves", "the whole screen again / the list of moves again"),
    ("trades", "the trades alone, with their numbers (the list counts them in one line "
               "when there are many)"),
    ("quit", "stop here; the game so far stays in the record file"),
)
#: Lists longer than this are printed in columns, without the moves' words (Tomb of the
#: Ancients: every sand token a seat could place).
WORDS_UP_TO = 40


@dataclass(frozen=True)
class Terminal:
    """The loop's input and output: ``read() -> str`` ('' at the end of input),
    ``say(text)`` for the game's story, ``complain(text)`` for a one-line problem, and
    ``emit(obj)`` (``--json``: one JSON object per line instead of the screens) and the
    ``width`` of the screens."""

    read: Callable[[], str]
    say: Callable[[str], None]
    complain: Callable[[str], None]
    emit: Callable[[Mapping[str, object]], None] | None = None
    #: the columns of the screens (``cli.format.text_width``: a terminal's, through a pipe
    #: COLUMNS or 80; ``None``: unlimited), for the columns of a long list and the hint's
    #: rows; ``say`` folds its lines to it (``cli.format.fold``)
    width: int | None = None


@dataclass
class Outcome:
    """How a game of ``play`` ended: ``finished`` (its last move was played), ``quit`` or
    ``eof`` (the person stopped; the record holds the game so far)."""

    record: GameRecord
    how: str
    moves: int = 0
    #: the person's seat
    seat: int = 0

    def told(self) -> str:
        """The record's moves as the person reads them: ``your 0 moves and the bots' 3``
        (it said "the game so far (3 moves)" where the person had made none, the bots'
        moves counted as theirs); solo, ``your 5 moves``."""
        mine = sum(entry.seat == self.seat for entry in self.record.moves)
        yours = f"your {plural(mine, 'move')}"
        bots = self.record.players - 1
        if not bots:
            return yours
        theirs = "the bots'" if bots > 1 else "the bot's"
        return f"{yours} and {theirs} {len(self.record.moves) - mine}"


def default_bots(game_id: str, players: int) -> list[str]:
    """A bot per other seat: ``greedy`` where the game has it, else its first bot."""
    if players == 1:
        return []
    if not services.has_capability(game_id, "BOTS"):
        raise DigsiteError(f"play: {game_id} has no bots yet, so it can only be played solo "
                           f"(--players 1)")
    names = list(services.capability(game_id, "BOTS"))
    return ["greedy" if "greedy" in names else names[0]] * (players - 1)


def check_table(game: Game, *, players: int, seat: int, bot_names: list[str]) -> None:
    """Refuse a table ``play`` cannot seat (``DigsiteError``), before anything is written:
    a count outside the card data's range too (``cards_data.seats_refused``)."""
    refused = cards_data.seats_refused(game.data, players)
    if refused is not None:
        raise DigsiteError(f"play: {refused}")
    if not 0 <= seat < players:
        raise DigsiteError(f"play: seat must be 0 to {players - 1}, got {seat}")
    if len(bot_names) != players - 1:
        table = len(bot_names) + 1
        # (the bots named say the table meant: `--bots a,b,c` is a table of four)
        more = ("" if not bot_names or cards_data.seats_refused(game.data, table) is not None
                else f"; for a table of {table} with these bots, add --players {table}")
        raise DigsiteError(f"play: name {plural(players - 1, 'bot')}, one per other seat, "
                           f"got {len(bot_names)}{more}")
    factories = _bots(game, bot_names)
    for name in bot_names:
        if name not in factories:
            missing = (f"; {name} plays {openspiel.EXTRA_WORDS}"
                       if name in openspiel.bots_listed(game.id) else "")
            raise DigsiteError(f"play: unknown bot {name!r} for {game.id} (bots: "
                               f"{', '.join(sorted(factories))}){missing}")


def _bots(game: Game, bot_names: list[str]) -> Mapping[str, Callable[..., Bot]]:
    """The bots ``bot_names`` may name: the arena's (``solvers.arena.bot_table``: the
    game's own, and OpenSpiel's when one is named and the extra is installed)."""
    from solvers.arena import bot_table

    return bot_table(game.id, game.data, bot_names) if bot_names else {}


@dataclass
class _Game:
    """The game in progress: its record, the state after it, the bots, the person's
    decisions (record indices, for ``undo``) and the events not yet shown."""

    game: Game
    seat: int
    names: list[str]
    record: GameRecord
    state: State[Any]
    make_bots: Callable[[], dict[int, Bot]]
    bots: dict[int, Bot] = field(default_factory=dict)
    decided: list[int] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    #: an undo just took the game back: the events shown next are what led to the decision
    #: taken back, shown again (not news)
    undone: bool = False
    #: what the person had seen when that undo took it back anyway (``undo anyway``)
    undone_seen: str | None = None

    def replay(self) -> None:
        """The state after the record's moves, from the deal (after an undo)."""
        game = self.game
        state = game.state_from_deal(self.record.deal)
        for entry in self.record.moves:
            while state.current_player() == CHANCE:
                state.apply(state.chance_outcomes()[0][0])
            state.apply(game.parse_move(state, entry.move))
        self.state = state
        self.bots = self.make_bots()


def play(game: Game, *, players: int, seat: int, bot_names: list[str], seed: int,
         term: Terminal, save: Callable[[GameRecord], None] = lambda record: None,
         iterations: int | None = None) -> Outcome:
    """Play one game of ``game`` (its deal of ``seed``; the deal options bound to ``game``)
    with the person at ``seat`` and ``bot_names`` at the other seats in order. ``save`` is
    called with the record after every move (and once before the first); the
    :class:`Outcome` says how the game ended."""
    check_table(game, players=players, seat=seat, bot_names=bot_names)
    factories = _bots(game, bot_names)
    others = [s for s in range(players) if s != seat]
    bot_seeds = child_seeds(seed + 1_000_003, players)

    def make_bots() -> dict[int, Bot]:
        return {s: factories[name](seat=s, seed=bot_seeds[s], limit=Limit(iterations=iterations))
                for s, name in zip(others, bot_names)}

    labels = ["you" if s == seat else f"seat {s} ({bot_names[others.index(s)]})"
              for s in range(players)]
    deal = game.new_deal(seed=seed, players=players)
    kinds = ["person" if s == seat else bot_names[others.index(s)] for s in range(players)]
    bots = f" --bots {','.join(bot_names)}" if bot_names else ""
    budget = f" --iterations {iterations}" if iterations is not None else ""
    record = GameRecord.start(
        game.id, deal, seats=kinds,
        source=f"digsite play {game.id} --players {players} --seat {seat} --seed {seed}"
               f"{bots}{budget}{command_options(game.options, game.data)}", data=game.data)
    g = _Game(game, seat, labels, record, game.state_from_deal(deal), make_bots)
    g.bots = make_bots()
    table = (f"you are seat {seat}; " + ", ".join(labels[s] for s in others)
             if others else f"solo, you are seat {seat}")
    mark = cards_data.given_fingerprint(game.data)  # (a file's data is said; bundled: as before)
    if term.emit:
        term.emit({"event": "start", "game": game.id, "seed": seed, "seat": seat,
                   "seats": kinds, "deal_options": jsonable(game.options)}
                  | ({} if mark is None else {"cards": mark}))
    else:
        term.say(f"{game.info.name}, the deal of seed {seed}: {table}")
        said = fmt.card_data_words(mark)
        if said is not None:
            term.say(said)
        term.say("type a move's number or its text; 'help' lists the commands")
    save(g.record)
    while True:
        _advance(g, term, save)
        if g.state.is_terminal():
            break
        how = _decide(g, term, save, seed)
        if how is not None:
            return Outcome(g.record, how, len(g.record.moves), seat)
    g.record = g.record.finished(g.state)
    save(g.record)
    result = game.describe_result(g.state, names=labels, viewer=seat)
    if term.emit:
        term.emit({"event": "end", "returns": list(g.state.returns()),
                   "winners": list(g.state.winners()), "result": result})
    else:
        for line in _events(g):
            term.say(line)
        term.say("--- game over ---")
        for line in result:
            term.say(line)
    return Outcome(g.record, "finished", len(g.record.moves), seat)


def _events(g: _Game) -> list[str]:
    """The events not shown yet, as the screen's first lines (and forget them). After an
    undo they are the chance just before the decision taken back, which the person saw
    then: said as that decision's past, not as if they had just happened."""
    if g.undone:
        head = "--- what came just before this decision, as you saw it then ---"
    else:
        head = "--- since your last move ---" if g.decided else "--- before your first move ---"
    lines = ([head] + [f"  {e}" for e in g.events]) if g.events else []
    if g.undone and g.undone_seen is not None:
        lines.insert(0, f"(undone anyway: back to your previous decision; you keep knowing "
                        f"what you saw ({g.undone_seen}), and the record marks this takeback)")
    elif g.undone:
        lines.insert(0, "(undone: back to your previous decision)")
    g.events, g.undone, g.undone_seen = [], False, None
    return lines


def _advance(g: _Game, term: Terminal, save: Callable[[GameRecord], None]) -> None:
    """Chance and the bots play until the person decides or the game ends. A decision of
    the person's that changes nothing (``Game.moot_decision``: a Pyramids replacement
    after the last expedition card) is played for them, its first legal move, and said
    (the game asked for a card that could score nothing)."""
    game, state = g.game, g.state
    while not state.is_terminal():
        actor = state.current_player()
        moot = game.moot_decision(state) if actor == g.seat else None
        if actor == g.seat and moot is None:
            return
        if actor == CHANCE:
            move = state.chance_outcomes()[0][0]
        elif moot is not None:
            move = state.legal_moves()[0]
        else:
            move = g.bots[actor].choose(state)
        line = game.describe_event(state, move, g.seat, names=g.names)
        # (a Pyramids round's end: no line said it, only "round 2, expedition card 1";
        # the JSON stream keeps a line a move)
        before = game.preceding_event(state, move, g.seat, names=g.names)
        if moot is not None:
            line = f"{line or move} (the first choice, not asked: {moot})"
        joined = _joined(g, state, move)
        if actor != CHANCE:
            g.record = g.record.played(actor, str(move))
        state.apply(move)
        if actor != CHANCE:
            save(g.record)
        if term.emit:
            if actor != CHANCE:
                term.emit({"event": "move", "seat": actor, "move": str(move), "words": line})
            elif line:
                term.emit({"event": "chance", "words": line})
        elif joined:
            g.events[-1] = joined
        elif line:
            g.events.extend([before, line] if before else [line])


def _joined(g: _Game, state: State[Any], move: Hashable) -> str | None:
    """The line that tells ``move`` with the moves before it that make one event with it
    (``Game.joined_event``: a seat's whole discard at a sandstorm, where the screen said
    "seat 1 (greedy) discarded a pot shard to the marketplace" once a card), to replace
    the last line not shown yet, theirs; ``None`` where ``move`` has a line of its own, or
    the lines before it were shown already (the person's own discards, a decision each).
    The JSON stream for programs keeps a line a move."""
    return g.game.joined_event(state, move, g.seat, names=g.names) if g.events else None


def _options(g: _Game) -> list[Hashable]:
    return g.game.decisions(g.state)


def _trade(move: Hashable) -> bool:
    return str(move).startswith("trade ")


def _screen_order(options: list[Hashable]) -> list[Hashable]:
    """The decisions as the screen numbers them: when the trades are grouped
    (:func:`_grouped`), the other moves first and the trades after them (the JSON stream
    keeps the engine's order)."""
    if not _grouped(options):
        return options
    return ([m for m in options if not _trade(m)] + [m for m in options if _trade(m)])


def _grouped(options: list[Hashable]) -> bool:
    """Whether the list shows the trades as one line (the New Expedition's turns offer 100
    to 200 trades, and the list buried the turn's other moves): when it is longer than
    ``WORDS_UP_TO`` and the other moves fit in it."""
    trades = sum(map(_trade, options))
    return len(options) > WORDS_UP_TO and trades > 0 and len(options) - trades <= WORDS_UP_TO


def _option_lines(g: _Game, options: list[Hashable], width: int | None = None) -> list[str]:
    """The numbered list of the decisions (``options`` in the screen's order), with their
    words when it is short; the trades as one line when there are many (``trades`` lists
    them). ``width``: the terminal's, for the columns of a long list."""
    if _grouped(options):
        first = next(i for i, m in enumerate(options) if _trade(m))
        example = spelt(g.game, str(options[first]))
        return _worded(g, options[:first]) + [
            f"  ({plural(len(options) - first, 'trade')} possible, numbered {first + 1} to "
            f"{len(options)}: type 'trades' to list them, or type a trade, as `{example}`)"]
    if len(options) <= WORDS_UP_TO:
        return _worded(g, options)
    cells = [f"{i:>3}. {spelt(g.game, str(move))}" for i, move in enumerate(options, start=1)]
    cell = max(map(len, cells)) + 2
    per_row = max(1, (width or 96) // cell)
    return ["  " + "".join(c.ljust(cell) for c in cells[k:k + per_row]).rstrip()
            for k in range(0, len(cells), per_row)] + [
        f"  ({plural(len(options), 'move')}: type a number or a move; `digsite notation "
        f"{g.game.id}` explains the forms)"]


def _trade_lines(g: _Game, options: list[Hashable]) -> list[str]:
    """``trades``: the trades, with their numbers and words: those the list groups in one
    line, or those it shows among the other moves (typed where the list was short,
    'trades' was refused "cannot read move 'trades'", though help lists it)."""
    if _grouped(options):
        first = next(i for i, m in enumerate(options) if _trade(m))
        return _worded(g, options[first:], start=first + 1)
    return [line for line, move in zip(_worded(g, options), options) if _trade(move)]


def _worded(g: _Game, options: list[Hashable], start: int = 1) -> list[str]:
    """``options`` numbered from ``start``, each as the player writes it (``spelt``: "sell
    pot shard 1", where the list said the engine's ``sell pot_shard 1``) with its words."""
    texts = [spelt(g.game, str(m)) for m in options]
    width = max(map(len, texts))
    lines = []
    for i, (move, text) in enumerate(zip(options, texts), start=start):
        words = _words(g, move)
        lines.append(f"  {i:>2}. {text:<{width}}" + (f"   {words}" if words else ""))
    return lines


def _words(g: _Game, move: Hashable) -> str | None:
    try:
        return g.game.describe(g.state, move, names=g.names)
    except DigsiteError:
        return None


def _help_lines(g: _Game, options: list[Hashable], width: int | None) -> list[str]:
    """``COMMANDS``, the move written out one of ``options`` (the third, as "3" picks),
    each meaning folded to ``width`` under its column."""
    move = spelt(g.game, str(options[min(2, len(options) - 1)]))
    which = "the third move" if len(options) >= 3 else "a move"
    # ('trades' only where it lists some: Loot N Run's help offered it, and typed it was
    # refused "'trades' is not a Loot N Run move")
    rows = [(form.format(move=move), meaning.format(which=which))
            for form, meaning in COMMANDS if form != "trades" or any(map(_trade, options))]
    return two_columns(rows, width)


def _screen(g: _Game, term: Terminal, options: list[Hashable]) -> None:
    game, state, seat = g.game, g.state, g.seat
    if term.emit:
        try:
            # (marked with a file's card data, as `digsite view` marks it)
            view = marked_view(game.view_of(state, seat), game.data)
        except DigsiteError:  # a decision without a player view (Pyramids' keep, take)
            view = None
        term.emit({"event": "decision", "seat": seat, "asks": game.describe_decision(state, seat),
                   "view": view, "legal": [str(m) for m in options]})
        return
    for line in _events(g):
        term.say(line)
    term.say("--- the table ---")
    for line in game.describe_position(state, seat, names=g.names):
        term.say(line)
    term.say("--- your move ---")
    term.say(game.describe_decision(state, seat))
    for line in _option_lines(g, options, term.width):
        term.say(line)


def _decide(g: _Game, term: Terminal, save: Callable[[GameRecord], None],
            seed: int) -> str | None:
    """Show the screen, read commands until the person moves (``None``), undoes (``None``:
    the loop shows the earlier decision), quits or the input ends (``"quit"``/``"eof"``)."""
    options = _options(g) if term.emit else _screen_order(_options(g))
    _screen(g, term, options)
    game = g.game
    while True:
        line = term.read()
        if not line:
            return "eof"
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("quit", "exit"):
            return "quit"
        if word in ("help", "h"):
            for out in _help_lines(g, options, term.width):
                term.say(out)
            continue
        if word in ("show", "view", "table"):
            _screen(g, term, options)
            continue
        if word in ("moves", "legal", "list"):
            for out in _option_lines(g, options, term.width):
                term.say(out)
            continue
        # (words after it ignored, as after show, moves and help: 'trades 2' was refused
        # "cannot read move"; not a trade typed 'trades ... for ...', which the refusal
        # suggests as `trade ... for ...`)
        if word == "trades" and "for" not in rest.lower().split() \
                and any(map(_trade, options)):
            for out in _trade_lines(g, options):
                term.say(out)
            continue
        # (after a trade the list holds none, and 'trades' was refused "cannot read move
        # 'trades' (moves: sell, end)", though the turn's line says a seat may trade again)
        if word == "trades" and "for" not in rest.lower().split() \
                and _turn_trade(g) is not None:
            term.complain("no trade is listed after this turn's trade: a trade typed now "
                          "is played with it as one (`trade CARD for CARD`)")
            continue
        if word in ("hint", "?"):
            _hint(g, term, rest.strip(), seed + len(g.record.moves))
            continue
        if word in ("undo", "undo!"):
            anyway = word == "undo!" or rest.strip().lower() == "anyway"
            if rest.strip() and not anyway:  # ('undo 3' took back one decision, unsaid)
                term.complain(f"undo takes back one decision at a time (undo again for the "
                              f"one before; undo anyway past what you have seen), not "
                              f"{rest.strip()[:20]!r}")
                continue
            if not g.decided:
                term.complain("nothing to undo: this is your first decision")
                continue
            # (alone at the table, the deal is all one plays against: undo takes back
            # anything, as a practice game's should)
            seen = _seen_since(g, g.decided[-1]) if len(g.names) > 1 else None
            if seen is not None and not anyway:
                term.complain(f"undo stops here: you have seen what came since ({seen}); "
                              f"undo goes back only over what showed you nothing new; "
                              f"`undo anyway` (or `undo!`) takes it back all the same, and "
                              f"you keep knowing what you saw")
                continue
            del_from = g.decided.pop()
            if seen is not None:  # (the record says the game played again was played knowing)
                g.record = replace(g.record, undone_over_seen=g.record.undone_over_seen + (
                    {"at": del_from, "seen": seen},))
            g.record = replace(g.record, moves=g.record.moves[:del_from])  # (its data kept)
            g.replay()
            save(g.record)
            g.events, g.undone, g.undone_seen = [], True, seen
            return None
        # (a signed number is a number too: '-1' was told "does not parse (expected keep
        # 3,17, ...)", the move forms, where '0' is told which numbers there are)
        if text.isdecimal() or re.fullmatch(r"[-+]\d+", text):
            n = int(text) if len(text) <= 6 else 0
            if not 1 <= n <= len(options):
                # (a decision of one move said "pick 1 to 1")
                which = "the only move is 1" if len(options) == 1 else f"pick 1 to {len(options)}"
                # (a number the list's one move names, as a replacement's display card
                # 'take 13' typed '13', is suggested: it was told "pick 1 to 5" alone)
                named = [o for o in options
                         if text in re.split(r"[\s,:+]+", spelt(game, str(o)))]
                close = f"; did you mean `{spelt(game, str(named[0]))}`?" if len(named) == 1 \
                    else ""
                term.complain(f"there is no move {text[:12]}: {which}{close}")
                continue
            steps = [options[n - 1]]
        else:
            text = _unnamed(g, text)
            try:
                steps = _whole_turn(g, text) or [game.parse_typed(g.state, text)]
            except IllegalMoveError as exc:
                # a second trade in a turn: played as one with the first (the JSON stream
                # for programs keeps the engine's moves and refusals)
                merged = _trade_again(g, text) if term.emit is None else None
                if merged:
                    term.complain(merged)
                    continue
                if merged is not None:
                    save(g.record)
                    return None  # (the screen again, the merged trade among its events)
                term.complain(_refusal(g, text, exc) + " (type a number, or 'moves')")
                continue
            except DigsiteError as exc:
                term.complain(_refusal(g, text, exc) + " (type a number, or 'moves')")
                continue
        g.decided.append(len(g.record.moves))  # (undo takes back a whole turn at once)
        for move in steps:
            words = game.describe_event(g.state, move, g.seat, names=g.names)
            joined = _joined(g, g.state, move)
            g.record = g.record.played(g.seat, str(move))
            g.state.apply(move)
            if term.emit:
                term.emit({"event": "move", "seat": g.seat, "move": str(move), "words": words})
            elif joined:
                g.events[-1] = joined
            elif words:
                g.events.append(words)
        save(g.record)
        return None


def _unnamed(g: _Game, text: str) -> str:
    """``text`` with a seat typed as the screen names it ('seat 1 (greedy)') as the
    notation writes it ('seat 1'): 'awaken seat 1 (greedy)' and 'steal seat 1 (greedy)',
    copied from the list's words, were "not a Loot N Run move"."""
    for seat, name in enumerate(g.names):
        if name.lower().startswith(f"seat {seat} ("):
            text = re.sub(re.escape(name), f"seat {seat}", text, flags=re.IGNORECASE)
    return text


def _refusal(g: _Game, text: str, exc: DigsiteError) -> str:
    """A move typed at the person's decision refused (``exc``), in one line: at a decision
    owed first, the decision and its moves (``games.table.owed_refusal``: it said "cannot
    read move 'card' (moves: tent)"); a move not legal, the rule it breaks without the
    engine's own legal steps ("take pot_shard"), which this screen never shows (it numbers
    whole decisions); else :func:`unread`."""
    forced = g.game.forced_decision(g.state, g.seat)
    if forced is not None:
        verbs = [str(m).split()[0] for m in g.state.legal_moves()]
        owed = owed_refusal(forced, verbs, text, exc)
        if owed is not None:  # (a typo of the decision's move, 'stpo', says its suggestion)
            close = owed_suggestion(verbs, exc)
            said = owed if close is None else f"{owed}; did you mean `{spelt(g.game, close)}`?"
            return " ".join(said.split())
    if isinstance(exc, IllegalMoveError):
        return " ".join(said_in_words(exc, g.game).split())
    return unread(exc, g.game)


def unread(exc: DigsiteError, game: Game) -> str:
    """A refusal of typed text in one line, its suggestion and the cards it lists in the
    player's words (``did you mean `sell pot shard 1`?``, ``(cards: pot shard, ...,
    pharaoh's mask)``, where the engine's are ``sell pot_shard 1``, ``pharaohs_mask``):
    ``play``'s and ``track``'s."""
    if not isinstance(exc, (InvalidMoveError, IllegalMoveError)):
        return " ".join(str(exc).split())
    text = said_in_words(exc, game)
    if isinstance(exc, InvalidMoveError) and exc.suggestion is not None:
        words = spelt(game, exc.suggestion)
        text += f"; did you mean `{words}`?"
    elif isinstance(exc, IllegalMoveError) and exc.legal is not None:
        text += f" (legal: {exc.legal})"
    return " ".join(text.split())


def said_in_words(exc: InvalidMoveError | IllegalMoveError, game: Game) -> str:
    """A refusal without its suggestion and legal moves (``said``), with the cards it lists
    as printed (``(cards: pot shard, ..., pharaoh's mask)``)."""
    if exc.cards is None:
        return exc.said
    names = card_names(game.data)  # (a word that names no card, 'card' of a dig, as it is)
    listed = [names.get(c, c.replace("_", " ")) for c in exc.cards]
    return f"{exc.said} ({exc.listed}: {', '.join(listed)})"


def _whole_turn(g: _Game, text: str) -> list[Hashable] | None:
    """The engine moves of a whole turn typed as the hint names it (Tomb of the Ancients'
    ``dig find 7 0 at A1; find 18 0 at C2``), where the game's hint ranks whole turns;
    ``None`` for any other text."""
    if not services.has_capability(g.game.id, "turn_steps"):
        return None
    steps: list[Hashable] | None = services.capability(g.game.id, "turn_steps")(g.state, text)
    return steps


#: Worlds ``_shows`` tries: a move whose outcome for the person differs in any of them
#: showed the person something (one world may deal the same card by chance).
WORLDS = 3


def _seen_since(g: _Game, decided: int) -> str | None:
    """What the game showed the person since its decision at record index ``decided``, in
    the screen's words, or ``None``: nothing new. The event named is the person's own where
    there is one ("you dug up a coin"), else the first (it named "seat 1 (greedy) dug up a
    card", a card the person never saw, before the coin the person dug). Undo may go back
    only over what showed nothing: the deal is fixed (a card dug once comes again in the
    same place) and bots replay their seeds, so a card dug or drawn, a secret look or rooms
    revealed, taken back, would be known in the game played again. A chance step shows
    something when the screen tells it; a move when the person's information after it is
    not the same in worlds dealt otherwise, alike to the person before it
    (``determinize``): the Temple's look, a Loot N Run loot or awakening, a card taken."""
    game, seat = g.game, g.seat
    mine = f"{g.names[seat]} "  # ("you ": the screen's words of the person's own events)
    state = game.state_from_deal(g.record.deal)
    moves = g.record.moves
    first: str | None = None
    for i in range(len(moves) + 1):
        while state.current_player() == CHANCE and not state.is_terminal():
            outcome = state.chance_outcomes()[0][0]
            words = game.describe_event(state, outcome, seat, names=g.names)
            if i > decided and words:  # (before the decision: seen when deciding)
                if words.startswith(mine):
                    return words
                first = first or words
            state.apply(outcome)
        if i == len(moves):
            return first
        move = game.parse_move(state, moves[i].move)
        # (once something is seen, only the person's own moves may name it better)
        if i >= decided and (first is None or moves[i].seat == seat) \
                and _shows(state, move, seat):
            words = game.describe_event(state, move, seat, names=g.names) or str(move)
            if words.startswith(mine):
                return words
            first = first or words
        state.apply(move)
    return first


def _shows(state: State[Any], move: Hashable, seat: int) -> bool:
    """Whether ``move`` shows ``seat`` something: what ``seat`` knows after it differs in a
    world dealt otherwise (a move that world cannot make is told nothing by)."""
    after = state.clone()
    after.apply(move)
    known = after.information_set_key(seat)
    for k in range(WORLDS):
        try:
            world = state.determinize(seat, make_rng(k))
            world.apply(move)
        except DigsiteError:  # (another seat's move its hand there cannot make)
            continue
        if world.information_set_key(seat) != known:
            return True
    return False


def _turn_trade(g: _Game) -> int | None:
    """The index in the record of the person's trade this turn that a trade typed now is
    played with (its last move but sales), else ``None``."""
    moves = g.record.moves
    k = len(moves) - 1
    while k >= 0 and moves[k].seat == g.seat and moves[k].move.startswith("sell "):
        k -= 1
    if k < 0 or moves[k].seat != g.seat or not moves[k].move.startswith("trade "):
        return None
    return k


def _trade_again(g: _Game, text: str) -> str | None:
    """A second trade of the person's turn (Archaeology, the New Expedition), after its
    first with only sales between: at the table a seat may trade any number of times, and
    the engine plays a turn's trades between two explores as one (the same hands and
    marketplace after them), so the one trade (``games.tracking.merged_trade``, as
    ``track`` enters it) is played in place of the first, the sales after it again.
    ``None``: ``text`` is no such trade (refuse it as the engine did); '' when the one
    trade is played (an event says so; ``undo`` takes back both); else the one line that
    says why the two cannot be one."""
    moves = g.record.moves
    k = _turn_trade(g)
    if k is None:
        return None
    try:
        merged, why = merged_trade(g.game, g.state, moves[k].move, text)
    except DigsiteError:
        return None
    one = spelt(g.game, merged)
    if not why:
        before, decided = g.record, list(g.decided)
        g.record = replace(g.record, moves=moves[:k])
        g.replay()
        try:
            words = _play_steps(g, [merged] + [e.move for e in moves[k + 1:]])
        except DigsiteError as exc:  # (the rule it breaks, not the engine's list)
            played = len(g.record.moves) - k  # (the moves played before the one refused)
            g.record = before
            g.replay()
            while g.state.current_player() == CHANCE:  # (as it was: the person's decision)
                g.state.apply(g.state.chance_outcomes()[0][0])
            why = " ".join(_rule_broken(exc).split())
            if played:  # (a sale after the first trade, no longer covered by the one)
                sale = spelt(g.game, moves[k + played].move)
                why = f"your sale after it, `{sale}`, could not be made: {why}"
        else:
            g.decided = [i for i in decided if i < k] + [k]  # (undo: back before both)
            sold = " and your sales after it" if len(moves) > k + 1 else ""
            g.events.append(f"merged with this turn's trade: now {words[0]} (a turn's trades "
                            f"between two explores are played as one; `undo` takes back "
                            f"both{sold})")
            return ""
    here = f", here `{one}`," if " nothing" not in merged else ""
    return (f"you traded earlier this turn and the trades between two explores are played "
            f"as one{here} which cannot be: {why}")


def _rule_broken(exc: DigsiteError) -> str:
    """The rule a refused move breaks, in words, without the engine's move text: the line
    around it already says the move in the player's spelling ("here `trade pot shard ...`,
    which cannot be: the marketplace holds 0 talismans, not 1", not "move 'trade pot_shard
    ...' is not legal here: ..."; the engines carry it apart, ``reason``); a refusal that
    names no rule, as the engine said it."""
    if not isinstance(exc, IllegalMoveError):
        return str(exc)
    return exc.reason or exc.said


def _play_steps(g: _Game, texts: list[str]) -> list[str]:
    """The person's moves ``texts`` played (chance first where it is to act), each
    recorded; their words as ``describe`` says them (the list's words)."""
    said = []
    for text in texts:
        while g.state.current_player() == CHANCE:
            g.state.apply(g.state.chance_outcomes()[0][0])
        move = g.game.parse_move(g.state, text)
        said.append(_words(g, move) or str(move))
        g.record = g.record.played(g.seat, str(move))
        g.state.apply(move)
    return said


def _hint(g: _Game, term: Terminal, budget: str, seed: int) -> None:
    """The hint for the person's decision, on demand (at the default budget, or ``N``
    iterations)."""
    hint_for(g.game, g.state, g.seat, term, budget, seed, names=g.names)


def moves_for(game: Game, state: Any, *, names: list[str] | None = None) -> list[str]:
    """``track``'s ``moves``: the decisions of the seat to act, each as it is typed and
    in words, as ``play`` lists them but unnumbered (at a table a number answers what you
    saw); the trades as one line where ``play``'s list groups them."""
    options = game.decisions(state)
    trades = [m for m in options if _trade(m)] if _grouped(options) else []
    shown = [m for m in options if not _trade(m)] if trades else options

    def words(move: Hashable) -> str:
        try:
            said = game.describe(state, move, names=names)
        except DigsiteError:
            return ""
        return f"   {said}" if said else ""

    texts = [spelt(game, str(m)) for m in shown]  # (as play's list writes them)
    if len(shown) <= WORDS_UP_TO:
        width = max(map(len, texts), default=0)
        lines = [f"  {text:<{width}}{words(m)}" for m, text in zip(shown, texts)]
    else:
        cell = max(map(len, texts)) + 2
        per_row = max(1, 96 // cell)
        lines = ["  " + "".join(text.ljust(cell) for text in texts[k:k + per_row]).rstrip()
                 for k in range(0, len(texts), per_row)]
    if trades:
        lines.append(f"  ({plural(len(trades), 'trade')} possible too: type one, as "
                     f"`{spelt(game, str(trades[0]))}`)")
    return lines


#: The rows a hint at the prompt shows (``hint all``: every one): on an 80-column screen a
#: row and its words take two lines or more, and the beliefs follow.
HINT_ROWS = 5
#: ``top`` for every row of a hint.
_EVERY_ROW = 1_000_000


def hint_for(game: Game, state: Any, seat: int, term: Terminal, budget: str,
             seed: int, *, names: list[str] | None = None) -> None:
    """The hint for ``seat``'s decision in ``state`` (``budget``: '' for the game's
    default, or a number of iterations; ``all`` in it: every row), said on ``term``:
    ``play``'s and ``track``'s. ``names``: the seats as the screen calls them, for the
    hint's beliefs. It shows :data:`HINT_ROWS` rows and says how many more there are and
    how to see them (it showed 5 and said nothing of the rest, where `digsite hint` shows
    10: a move the review judged later had been ranked, off the screen)."""
    game_id = game.id
    if not services.has_capability(game_id, "hint"):
        term.complain(f"no hint for {game_id}")
        return
    iterations = None
    # (a word may carry the command line's dashes, and 'beliefs' asks for what every hint
    # here shows where the game has them: 'hint --beliefs', as `digsite hint` spells it,
    # was refused "hint takes a number of iterations ... not '--beliefs'"); a number keeps
    # its sign: 'hint -5' ran a hint of 5 iterations where 'hint 0' is refused
    words = [w if w.lstrip("-").isdecimal() else w.lstrip("-") for w in budget.lower().split()]
    every = "all" in words
    if "beliefs" in words and not services.has_capability(game_id, "beliefs"):
        term.complain(f"{registry.get(game_id).name} has no beliefs about hidden cards: "
                      f"`hint` alone ranks your moves")
        return
    words = [w for w in words if w not in ("all", "beliefs")]
    if words:
        if len(words) != 1 or not words[0].isdecimal() or not 1 <= len(words[0]) <= 7 \
                or int(words[0]) < 1:
            term.complain(f"hint takes a number of iterations (hint 5000) or 'all' (every "
                          f"move), not {budget[:20]!r}")
            return
        iterations = int(words[0])
    # (the JSON stream for programs keeps its rows, unless asked for all)
    top = _EVERY_ROW if every or not term.emit else HINT_ROWS
    # (Ctrl-C during a long hint ended the game: it stops the search, whose answer so far
    # is shown, labelled, and the prompt comes back; Ctrl-C there ends the game as before)
    try:
        with first_press_stops(resume=True):
            view = services.hint_view(game_id, state, seat)
            result = services.hint(game_id, view, data=game.data,
                                   limit=Limit(iterations=iterations), seed=seed, top=top)
            # what the seat can infer, as hint --beliefs
            if services.has_capability(game_id, "beliefs"):
                result = services.with_beliefs(game_id, result, view, data=game.data,
                                               seed=seed)
    except DigsiteError as exc:
        term.complain(f"no hint for this decision: {' '.join(str(exc).split())}")
        return
    if term.emit:
        term.emit({"event": "hint", "hint": jsonable(result)})
        return
    more = None
    if not every and len(result.rows) > HINT_ROWS:
        left = len(result.rows) - HINT_ROWS
        again = f"hint all {iterations}" if iterations is not None else "hint all"
        more = (f"{plural(left, 'more move')} ranked below these: `{again}` lists "
                f"{'it' if left == 1 else 'them'}")
        result = replace(result, rows=result.rows[:HINT_ROWS])
    if names is not None:
        result = named_words(game, state, result, names)
    # (on a terminal the rows' table fits it, as hint's does: say() would fold a row)
    for line in fmt.format_hint(result, names=names, cards=card_names(game.data), more=more,
                                width=term.width - 2 if term.width else None,
                                spell=lambda text: spelt(game, text)).splitlines():
        term.say("  " + line)


def named_words(game: Game, state: Any, result: Hint, names: list[str]) -> Hint:
    """``result`` (a hint of ``state``'s decision) with its moves' words naming the seats
    as the screen does ("send the thief to seat 1 (greedy)"; the search tells its moves in
    its sampled world, without the screen's names: "seat 1"): each row whose move reads
    here and whose words are the engine's for it, told again with ``names``. The JSON
    keeps the search's words."""
    return replace(result, rows=tuple(
        replace(row, words=named_move(game, state, row.move, row.words, names))
        for row in result.rows))


def named_move(game: Game, state: Any, text: str, words: str | None,
               names: list[str]) -> str | None:
    """``words`` of the move ``text`` in ``state`` told again with the seats called as
    ``names`` call them, where they are the engine's own words for it (a search's, told
    without the screen's names); ``words`` as they are otherwise (a move this state does
    not read, words of the search's own)."""
    if words is None:
        return None
    try:
        move = game.parse_move(state, text)
        if game.describe(state, move) == words:
            return game.describe(state, move, names=names) or words
    except DigsiteError:
        pass
    return words
