"""Decision N of a game record: the one definition every command and output uses.

**Decision N of seat S** is seat S's N-th decision in the record, counted from 1:

* only the seat's own decisions count, never another seat's (so the seat a person played
  reads its decisions as 1, 2, 3, ... whoever moved in between);
* chance steps never count: a record holds none (the deal fixes every draw,
  ``games.record``);
* a decision is what the game's hint ranks as one option: one engine move, or several
  where the hint ranks whole turns (the game's ``played_turn`` service) — an Archaeology
  or New Expedition trade's ``take``/``give`` steps are one decision named by the whole
  trade, and so are a seat's ``discard`` steps at one sandstorm (named by the whole
  discard), a Tomb of the Ancients dig (its sand, its finds and ``end``) is one decision;
* the view *at* decision N is the position before it, as the seat saw it then;
* when the record stops where the seat is to act (a game that is not over: ``play`` quit,
  a table being followed), decision count + 1 is the decision it is *to make now*: its view
  is the position the record stops at.

``digsite view RECORD --at N --seat S``, ``hint``/``best-move``/``plan GAME RECORD --at N --seat
S`` and ``review`` (its text, JSON, annotated record and chart) all number by this.

>>> import cards_data
>>> from games import lootnrun
>>> from games.record import GameRecord
>>> data = cards_data.load("lootnrun")
>>> record = GameRecord.start("lootnrun", lootnrun.make_deal(players=2, seed=1, data=data))
>>> first = decision_at(record, 0, 1, data)  # nothing played yet: seat 0's decision to make
>>> first.number, first.index, first.moves, first.pending
(1, 0, (), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from games import registry
from games.errors import InvalidStateError
from games.protocol import State
from games.record import GameRecord, replay_steps, resolve_fixed_chance

from . import services

__all__ = ["Decision", "decisions_of", "decision_at", "view_at", "seat_of", "no_such_seat"]


@dataclass(frozen=True)
class Decision:
    """Decision ``number`` of ``seat`` in a record of ``game`` (module docstring): the
    record's moves it spans, from ``moves[index]`` on (none: the decision to make now,
    ``pending``), the hint's name for it (``text``; ``None`` where the hint has no such
    option), a copy of the state before it (read it, do not change it) and whether the
    record holds the whole decision (``False``: the record stops inside it)."""

    game: str
    number: int
    index: int
    seat: int
    moves: tuple[str, ...]
    text: str | None
    state: State[Any]
    whole: bool = True

    @property
    def pending(self) -> bool:
        """Whether this is the decision the seat is to make now (the record ends here)."""
        return not self.moves

    @property
    def played(self) -> str:
        """The decision as played, in the hint's words where it has them."""
        return self.text or " ; ".join(self.moves)


def seat_of(record: GameRecord, seat: int | None) -> int:
    """``seat``, checked against the record's table, or the record's default seat (the
    person's, else 0: ``GameRecord.default_seat``)."""
    if seat is None:
        return record.default_seat()
    if not 0 <= seat < record.players:
        raise InvalidStateError(f"record: {no_such_seat(seat, record.players)}")
    return seat


def no_such_seat(seat: int, players: int) -> str:
    """A seat number that no seat of a ``players``-player game has, said with the seats
    it has (a game record's, a table record's).

    >>> no_such_seat(99, 2)
    'seat 99 is not a seat of this 2-player game (seats 0-1)'
    """
    seats = "seat 0" if players == 1 else f"seats 0-{players - 1}"
    return f"seat {seat} is not a seat of this {players}-player game ({seats})"


def _walk(record: GameRecord, seat: int, data: Any
          ) -> Iterator[tuple[int, int, int, str | None, bool, State[Any]]]:
    """``(number, index, count, text, whole, live state)`` for each decision of ``seat``;
    the state is the replay's own (copy it before the next step). After the last one, the
    final state is yielded once with ``count`` 0."""
    turn_of = (services.capability(record.game, "played_turn")
               if services.has_capability(record.game, "played_turn") else None)
    texts = [e.move for e in record.moves]
    number = skip = 0
    state = None
    for step in replay_steps(record, data):
        state = step.state  # the replay goes on in this one object
        if skip:
            skip -= 1
            continue
        if step.seat != seat:
            continue
        if turn_of is None:
            count, text, whole = 1, str(step.move), True
        else:
            count, text, whole = turn_of(step.state, texts[step.index:])
        number += 1
        yield number, step.index, count, text, whole, step.state
        skip = count - 1
    if state is None:
        state = record.initial_state(data)
    resolve_fixed_chance(state)
    yield number, len(record.moves), 0, None, True, state


def decisions_of(record: GameRecord, seat: int, data: Any) -> tuple[list[Decision], State[Any]]:
    """Every decision the seat made in ``record`` (not the one to make now), each with a
    copy of the state before it, and the state after the record's last move."""
    texts = [e.move for e in record.moves]
    out: list[Decision] = []
    for number, index, count, text, whole, state in _walk(record, seat, data):
        if not count:
            return out, state
        out.append(Decision(record.game, number, index, seat,
                            tuple(texts[index:index + count]), text, state.clone(), whole))
    raise AssertionError("the walk ends with the final state")  # pragma: no cover


def decision_at(record: GameRecord, seat: int, number: int, data: Any) -> Decision:
    """Decision ``number`` of ``seat`` (module docstring), including the decision to make
    now; any other number is an ``InvalidStateError`` saying which numbers there are."""
    texts = [e.move for e in record.moves]
    made = 0
    for n, index, count, text, whole, state in _walk(record, seat, data):
        if count and n == number:
            return Decision(record.game, n, index, seat, tuple(texts[index:index + count]), text,
                            state.clone(), whole)
        if count:
            made, last_whole = n, whole
            continue
        to_act = (not state.is_terminal() and state.current_player() == seat
                  and (made == 0 or last_whole))
        if to_act and number == made + 1:
            return Decision(record.game, number, index, seat, (), None, state.clone())
    there = (f"it made {made} in this record (1-{made})" if made else
             "it made none in this record")
    if to_act:
        there += f", and {made + 1} is the one it is to make now"
    elif state.is_terminal():
        there += ", and the game is over"
    elif state.current_player() != seat:
        there += f", and seat {state.current_player()} is to act where it stops"
    raise InvalidStateError(f"record: seat {seat} has no decision {number}: {there}")


def view_at(decision: Decision, *, position: bool = False) -> dict[str, Any]:
    """The player view of the decision's seat before it, as the hint reads it (the game's
    ``decision_view`` where the engine's ``view_of`` does not write every decision:
    Pyramids' keep and take), or with ``position`` the view's position form (the card
    games: what the seat knows then, without the history)."""
    game, state, seat = decision.game, decision.state, decision.seat
    if position:
        engine = registry.engine(game)
        if not hasattr(engine, "position_of"):
            raise InvalidStateError(f"the {game} game's view has one form: it is already a "
                                    "position (what the seat sees now, without a history)")
        view: dict[str, Any] = engine.position_of(state, seat)
        return view
    return services.hint_view(game, state, seat)
