"""``digsite track``: a companion for a game played at a real table (issue 19 §3).

The person enters what happens at the table, one line at a time, in the notation's words
(``digsite notation GAME``): first the setup (who begins, the cards dealt to them, what
lies face up), then every seat's move as it is played and, when a chance step shows the
person something, what it showed (``you dug: coin``; another seat's dig: ``card``,
``thief`` or ``sandstorm``). The prompt says what is expected next. ``games.tracking``
keeps the table record and the world behind it; this module reads lines and says things.

Commands at any prompt: ``hint`` (or ``?``; ``hint 5000`` for 5000 iterations) at the
person's decision, ``moves`` (the person's legal moves, at its decisions), ``undo`` (take
back the last line accepted), ``show`` (the position in words, as ``play`` shows it),
``help``, ``quit``.

**Nothing typed is lost.** The table record is written atomically after every line, the
accepted ones into ``events`` and the refused ones into ``refused`` with the reason (a
refusal may be the tracker's mistake or a misreading at the table: the line is kept so
that it can be taken up by hand, and it changes nothing in the replay). ``quit``, the end
of the input (Ctrl-D) and Ctrl-C all leave the record on disk; ``--resume FILE`` goes on
from it.
"""

from __future__ import annotations

from typing import Any, Callable

from games import Game
from games.errors import DigsiteError, IllegalMoveError
from games.protocol import listing
from games.table import card_names
from games.tracking import Tracker

from .format import two_columns
from .play import Terminal, hint_for, moves_for, said_in_words, spelt, unread

__all__ = ["commands", "track"]

#: Per game: a move as the notation writes it, and what the prompt may ask you to say you
#: saw (docs/tracking.md's table), for ``help``.
_MOVES = {"archaeology": "sell coin 2", "expedition": "sell coin 2", "lootnrun": "loot 0",
          "ancients": "find 7 90 at C3", "pyramids": "12:A1,A2,B2"}
_SEEN = {
    "archaeology": ("coin", "your dig: the card; another seat's dig: card, thief or "
                            "sandstorm; a move that shows you cards: the cards"),
    "expedition": ("coin", "your dig: the card; another seat's dig: card, thief or "
                           "sandstorm; a face-up draw: the card; a move that shows you "
                           "cards: the cards"),
    "lootnrun": ("red yellow", "a reshuffle: the decks' top colours; a move that shows you "
                               "rooms: the rooms, each its number or its face as printed, "
                               "e.g. `cup idol mummy / chest amulet`"),
    "ancients": ("12", "the map drawn into the market: its number"),
    "pyramids": ("23", "the expedition card revealed, a card taken from the deck, a "
                       "refilled display: the card numbers"),
}


def commands(game_id: str) -> tuple[tuple[str, str], ...]:
    """``help``'s lines for ``game_id``: each form and what it means."""
    move = _MOVES[game_id]
    seen, when = _SEEN[game_id]
    return (
        (move, f"a move of the seat to act, as `digsite notation` writes it (with its seat "
               f"if you like: seat 1: {move})"),
        (seen, f"what you saw, when the prompt asks ({when})"),
        ("hint, hint 5000", "the engine's ranking of your moves, at your decisions: its best "
                            "5; `hint all` every move; `?` for short; Ctrl-C stops a "
                            "long one"),
        ("moves", "your legal moves, at your decisions"),
        ("undo", "take back the last line accepted"),
        ("show", "the position in words"),
        ("quit", "stop here; the record file keeps the game so far (--resume FILE goes on)"),
    )


def _chosen_at_once(world: Any, seat: int) -> bool:
    """Whether ``seat`` has still to choose in a step every seat chooses at once, asked
    seat by seat (Pyramids' keep and crossing): at the table the person chooses before
    any choice is shown, so its hint is asked at an earlier seat's prompt too (it was
    refused "not your move" until the person had typed the choices it had not yet seen;
    the hint reads the person's view, which holds no seat's pending choice)."""
    pending = getattr(world, "pending", None)
    return (isinstance(pending, list) and getattr(world, "phase", None) in ("keep", "cross")
            and pending[seat] is None)


def track(game: Game, tracker: Tracker, *, read: Callable[[str], str],
          say: Callable[[str], None], complain: Callable[[str], None],
          save: Callable[[dict[str, Any]], object], width: int | None = None) -> str:
    """Follow the game line by line until it ends (``"finished"``), the person quits
    (``"quit"``) or the input ends (``"eof"``). ``read(prompt)`` gives a line ('' at the
    end of the input), ``say`` and ``complain`` (one line) speak; ``save`` after every
    line; ``width``: the columns ``say`` folds to, which the hint's rows fit."""
    term = Terminal(read=lambda: "", say=say, complain=complain, width=width)
    seat = tracker.seat
    term.say(f"{game.info.name}, tracked for seat {seat} of {tracker.record.players}: "
             f"type what happens at the table; 'help' lists the commands")
    save(tracker.document())

    def undo() -> None:
        # (a decision taken unasked, that changes nothing, goes with the line before it:
        # taken back alone, it would be taken again at once)
        while tracker.moot_last():
            tracker.undo()
        last, answer = _last_line(tracker)
        if tracker.undo():
            save(tracker.document())
            if last and answer:  # (the question it answered, asked again now)
                last = f"{_question(tracker)}: {last}"
            term.say(f"(undone: {last})" if last else "(undone: the last line is taken back)")
        else:
            term.complain("nothing to undo")

    while True:
        ask = tracker.ask()
        if ask.kind == "over":
            world = tracker.world
            assert world is not None
            term.say("--- game over ---")
            for line in game.describe_result(world, viewer=seat):
                term.say(line)
            # (a slip in the last line is still put right here, or after --resume)
            while True:
                word = " ".join(read("the game is over: `undo` takes back the last line, "
                                     "Enter ends> ").split()).lower()
                if word != "show":
                    break
                for out in game.describe_position(world, seat):
                    term.say(out)
            if word.startswith("undo "):  # (it ended the game, as any line but undo does)
                term.complain(_undo_one_line(word[5:]))
                continue
            if word == "undo":
                undo()
                continue
            return "finished"
        taken = tracker.take_moot()
        if taken is not None:  # (as play takes it: the first choice, said so)
            save(tracker.document())
            words, why = taken
            term.say(f"  {words} (the first choice, not asked: {why})")
            continue
        line = read(f"{ask.prompt}> ")
        if not line:
            return "eof"
        text = " ".join(line.split())
        if not text or text.startswith("#"):
            continue
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("quit", "exit") and not rest:
            return "quit"
        if word in ("help", "h") and not rest:
            for out in two_columns(commands(game.id), term.width):
                term.say(out)
            continue
        if word == "show" and not rest:
            if tracker.world is None:
                term.complain("nothing to show before the setup is complete")
            else:
                for out in game.describe_position(tracker.world, seat):
                    term.say(out)
                under_way = tracker.under_way()
                if under_way:
                    term.say(under_way)
            continue
        if word == "undo":
            if rest:  # ('undo 2' was read as the answer asked for, and refused as one)
                term.complain(_undo_one_line(rest))
            else:
                undo()
            continue
        if word in ("moves", "legal", "list") and not rest:
            # (play lists them on every screen; the tracker said "move 'moves' does not
            # parse", so a player at the table could not see what it would take)
            if ask.kind != "move" or ask.seat != seat or tracker.world is None:
                term.complain("the moves are listed at your decisions: it is not your move")
                continue
            names = ["you" if s == seat else f"seat {s}" for s in range(tracker.record.players)]
            for out in moves_for(game, tracker.world, names=names):
                term.say(out)
            continue
        if word in ("hint", "?"):
            if ask.kind != "move" or tracker.world is None \
                    or ask.seat != seat and not _chosen_at_once(tracker.world, seat):
                term.complain("hints are for your decisions: it is not your move")
                continue
            # (the seats as the prompts call them: the header said "seat 0 — best move")
            names = ["you" if s == seat else f"seat {s}" for s in range(tracker.record.players)]
            hint_for(game, tracker.world, seat, term, rest,
                     tracker.record.seed + len(tracker.record.events), names=names)
            continue
        try:
            words = tracker.enter(text)
        except DigsiteError as exc:
            why = unread(exc, game)
            if isinstance(exc, IllegalMoveError) and exc.legal is not None:
                said = " ".join(said_in_words(exc, game).split())
                if exc.reason is not None:
                    # the rule broken says it: not the engine's own legal steps after it
                    # ("legal: take pot_shard, ..."), which no line of the table writes
                    why = said
                elif ask.seat == seat and tracker.world is not None:
                    # no rule said: your moves as the table makes them (a whole trade),
                    # not the engine's steps
                    moves = listing([str(m) for m in game.decisions(tracker.world)])
                    why = f"{said} (moves: {moves})"
                if tracker.under_way():
                    why += "; `undo` takes back the trade's last step"
            tracker.refuse(text, why)
            save(tracker.document())
            term.complain(why)
            continue
        save(tracker.document())
        if words:
            term.say(f"  {words}")


def _undo_one_line(rest: str) -> str:
    """Why ``undo 2`` is refused, as play refuses ``undo 3``: a count was read as the
    answer the prompt asks for ("move 'undo 2' does not parse")."""
    return (f"undo takes back one line at a time (undo again for the one before), not "
            f"{rest.strip()[:20]!r}")


def _last_line(tracker: Tracker) -> tuple[str, bool]:
    """The line ``undo`` takes back, as it was entered (canonical words; Loot N Run rooms
    by their faces, as the table says them), and whether it answers a question (a move's,
    a chance step's or the setup's: ``undo`` says it after the question, which the tracker
    asks again once it is taken back; it said a bare '(undone: 47 48 44 36)'). A move is
    said with its seat, the person's as 'you' (it said 'seat 0: take 37'), in the player's
    spelling, the cards as printed (it said 'you: sell pot_shard 1', 'you dug: pot_shard')."""
    pending = tracker.pending
    if pending is not None:
        answers = list(pending.answers.items())
        return ((tracker.answer_words(*answers[-1]), True) if answers
                else (_seated(tracker, pending.seat, str(pending.move)), False))
    if tracker.record.events:
        event = tracker.record.events[-1]
        if event.get("shown"):
            key, value = list(event["shown"].items())[-1]
            return tracker.answer_words(str(key), str(value)), True
        return ((spelt(tracker.game, str(event["saw"])), True) if "saw" in event
                else (_seated(tracker, event["seat"], str(event["move"])), False))
    setup = tracker.record.setup
    return (_setup_words(tracker, str(list(setup.values())[-1])), True) if setup else ("", False)


def _setup_words(tracker: Tracker, value: str) -> str:
    """A setup answer as the player typed it: cards as printed and apart (a hand, the
    marketplace: it said "(undone: the marketplace, the 5 cards face up: pot_shard
    parchment_scrap parchment_scrap coin broken_cup)"), anything else as it is kept."""
    names = card_names(tracker.game.data)
    words = value.split()
    if names and words and all(word in names for word in words):
        return ", ".join(names[word] for word in words)
    return value


def _seated(tracker: Tracker, seat: int, move: str) -> str:
    return f"{'you' if seat == tracker.seat else f'seat {seat}'}: {spelt(tracker.game, move)}"


def _question(tracker: Tracker) -> str:
    """The question the tracker asks now, without its move and without what its brackets
    say of the form ('the display now (its card numbers)': 'the display now')."""
    ask = tracker.ask()
    prompt = ask.prompt
    if ask.kind == "shown" and tracker.pending is not None:
        prompt = dict(tracker.pending.questions).get(ask.key or "", prompt)
    if prompt.endswith(")"):
        depth = 0
        for i in range(len(prompt) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(prompt[i], 0)
            if depth == 0:
                prompt = prompt[:i].rstrip()
                break
    return prompt or "the answer"
