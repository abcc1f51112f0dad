"""Decision N of a table record (``digsite track``'s, ``games.tracking``): the view the
seat had then, so that ``digsite view TABLE.json --at N`` and ``hint GAME TABLE.json --at
N`` read a followed game as they read a played one.

Decisions are numbered as ``solvers.moments`` numbers them in a game record: the seat's
own decisions from 1, chance steps never counted, a whole Archaeology trade or Tomb of the
Ancients turn one decision (the game's ``played_turn`` service), and the decision after
the last when the table stops where the seat is to act. A table record holds one seat's
view only (what it saw), so it answers for that seat alone.
"""

from __future__ import annotations

from typing import Any

from games.errors import InvalidStateError
from games.tracking import Tracker

from . import services
from .moments import Decision, no_such_seat

__all__ = ["is_table", "table_decision_at"]


def is_table(doc: Any) -> bool:
    """Whether a JSON document is a table record (it has the ``table`` version key)."""
    return isinstance(doc, dict) and "table" in doc and "deal" not in doc


def table_decision_at(tracker: Tracker, seat: int | None, number: int) -> Decision:
    """Decision ``number`` of the table's seat (``seat``: ``None`` or that seat; another
    seat is refused, the table holds only what its seat saw; a seat the game has not, with
    the seats it has: it said "seat 99's view is not in it")."""
    own = tracker.seat
    players = tracker.record.players
    if seat is not None and not 0 <= seat < players:
        raise InvalidStateError(f"table: {no_such_seat(seat, players)}")
    if seat is not None and seat != own:
        raise InvalidStateError(f"table: the record holds what seat {own} saw; seat {seat}'s "
                                f"view is not in it")
    game = tracker.game.id
    turn_of = (services.capability(game, "played_turn")
               if services.has_capability(game, "played_turn") else None)
    steps = [(i, event, world) for i, event, world in tracker.replay() if "move" in event]
    texts = [event["move"] for _, event, _ in steps]
    made = skip = 0
    last_whole = True
    for k, (i, event, world) in enumerate(steps):
        if skip:
            skip -= 1
            continue
        if event["seat"] != own:
            continue
        if turn_of is None:
            count, text, whole = 1, event["move"], True
        else:
            count, text, whole = turn_of(world, texts[k:])
        made += 1
        if made == number:
            return Decision(game, made, i, own, tuple(texts[k:k + count]), text, world, whole)
        skip, last_whole = count - 1, whole
    ask = tracker.ask()
    to_act = ask.kind == "move" and ask.seat == own and last_whole
    if to_act and number == made + 1 and tracker.world is not None:
        return Decision(game, number, len(tracker.record.events), own, (), None,
                        tracker.world.clone())
    there = f"it made {made} in this table (1-{made})" if made else "it made none yet"
    if to_act:
        there += f", and {made + 1} is the one it is to make now"
    raise InvalidStateError(f"table: seat {own} has no decision {number}: {there}")
