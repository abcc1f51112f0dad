"""What the analysis board shows for an opened document: every decision of a record (or
the one position of a view) with its move in words, its board as SVG and the view of the
seat to move (from which ``POST /api/hint`` asks for a hint).

The page numbers the positions of a record from 1: decision N is the position before the
record's N-th move (every seat's), the record's end one more position, with no move. The
rest of digsite numbers one seat's decisions (``solvers.moments``: ``view``, ``hint --at``,
``review``), so each position also carries ``at``, the number of the mover's decision there
(``--at N --seat S``), and the page shows both.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Hashable, Mapping, Sequence

from cards_data import CardData
import games as games_
from games import registry
from games.errors import DigsiteError, InvalidStateError
from games.protocol import CHANCE, State
from games.reader import read_document
from games.record import (PERSON, GameRecord, person_word, read_record, replay_steps,
                          resolve_fixed_chance)
from games.render import position_svg
from games.table import card_names, seat_name
from solvers import services
from solvers.moments import decisions_of, no_such_seat

from ..inputs import card_data

__all__ = ["Opened", "Decision", "open_document", "examples", "example_document",
           "viewer_seat", "seat_words", "PLAN", "PLAN_WORDS"]


@dataclass
class Decision:
    """One position of an opened document (see the module docstring)."""

    n: int
    seat: int | None          # the seat to move (None: the game is over)
    move: str | None          # the move played here (None: the last position, or a view)
    words: str | None         # that move in a player's words
    board: str                # the board as SVG, as ``viewer`` sees it
    view: dict[str, Any] | None = None  # the mover's view (None: none here, e.g. game over)
    why_no_view: str | None = None
    table: list[str] = field(default_factory=list)  # the table in words, as ``viewer`` sees it
    at: int | None = None     # the mover's decision number here (``--at``; module docstring)
    within: int | None = None  # inside the mover's decision of several moves: its number

    def summary(self) -> dict[str, Any]:
        return {"n": self.n, "seat": self.seat, "at": self.at, "within": self.within,
                "move": self.move,
                "words": self.words, "board": self.board, "hint": self.view is not None,
                "why_no_hint": self.why_no_view, "table": self.table}


@dataclass
class Opened:
    """An opened record or view: its decisions, and the record itself when it is one
    (review and best score read it)."""

    game: str
    players: int
    viewer: int
    decisions: list[Decision]
    record: GameRecord | None = None
    deal: dict[str, Any] | None = None
    seats: list[str] | None = field(default=None)
    #: the cards as printed, keyed as the moves key them (``games.table.card_names`` of
    #: the data the document was opened with: the bundled, or serve --cards' file)
    printed: dict[str, str] = field(default_factory=dict)

    def summary(self) -> dict[str, Any]:
        info = registry.get(self.game)
        solo_grid = (self.record is not None and self.players == 1
                     and self.game in ("pyramids", "ancients"))
        return {"game": self.game, "name": info.name,
                "players": self.players, "viewer": self.viewer, "seats": self.seats,
                "seat_words": None if self.seats is None else seat_words(self.seats),
                "kind": "record" if self.record is not None else "view",
                "solo_grid": solo_grid,
                # the best score's default budget, as `best-score` spends it (its unit
                # differs by game: the page's box says it)
                "best_budget": ({"default": info.budgets.best_score,
                                 "units": info.budgets.best_score_units}
                                if solo_grid and info.budgets.best_score is not None
                                else None),
                "beliefs": "beliefs" in registry.get(self.game).services,
                # the cards as printed, for the beliefs' rows (the hint's JSON keys them
                # as the moves do: ``pharaohs_mask``), as hint --beliefs says them
                "card_names": self.printed,
                "decisions": [d.summary() for d in self.decisions]}


#: The seat the board's best-score plan is recorded as played by (``work``'s record of a
#: plan), and how its table's words call it: as a solo player's screen would ("seat 0 (best
#: plan): $0", "seat 0 (best plan)'s pack" read as a seat at a table)
PLAN, PLAN_WORDS = "best plan", "the best plan"


def viewer_seat(seats: list[str] | None) -> int:
    """The seat a record is shown from: the only ``person`` seat, else seat 0 (as
    ``review`` and ``view --at`` choose)."""
    if seats:
        people = [k for k, name in enumerate(seats) if name == PERSON]
        if len(people) == 1:
            return people[0]
    return 0


def seat_words(seats: Sequence[str]) -> list[str]:
    """Who played each seat, in a player's words: a bot's name as the record gives it;
    a person as the review and play call them (``person_word``: ``you`` for the record's
    only person, the record's ``person``, else ``a person``); a best-score plan's seat
    as its table calls it (:data:`PLAN_WORDS`)."""
    person = person_word(seats)
    if list(seats) == [PLAN]:  # (the title read "played by best plan")
        return [PLAN_WORDS]
    return [person if name == PERSON else name for name in seats]


def _state_title(game: str, n: int, seat: int | None) -> str:
    name = registry.get(game).name
    return f"{name}: decision {n}" + ("" if seat is None else f", seat {seat} to move")


def _view_or_reason(game_obj: games_.Game, state: State[Any], seat: int
                    ) -> tuple[dict[str, Any] | None, str | None]:
    if "hint" not in game_obj.info.services:
        return None, f"{game_obj.id} has no move hints"
    try:  # the hint's own view (Pyramids' keep and take too, as play's hint reads them)
        return services.hint_view(game_obj.id, state, seat), None
    except DigsiteError as exc:
        return None, str(exc)


def _table(game_obj: games_.Game, state: State[Any], viewer: int,
           names: Sequence[str] | None = None) -> list[str]:
    """The table as ``viewer`` sees it, in its words ("you hold ...") or with the seats
    called ``names`` (a bot's seat is "seat 0 (random)", as the end of the game calls it),
    as ``digsite play`` shows it (``Game.describe_position``); none where the game has no
    words for the position."""
    try:
        return game_obj.describe_position(state, viewer, names=names)
    except DigsiteError:
        return []


def _words(game_obj: games_.Game, state: State[Any], move: Hashable, text: str,
           names: Sequence[str] | None = None) -> str:
    """``move``'s words with the seats called ``names`` (as the table's words call them: a
    bot's discard said "the 2 cards you still owe" in a record of bots)."""
    try:
        return game_obj.describe(state, move, names=names) or text
    except DigsiteError:
        return text


def _seat_numbers(record: GameRecord, data: CardData) -> dict[int, tuple[int, bool]]:
    """Record index -> the number of the mover's decision that index is in, and whether
    the position there is where that decision begins (a whole trade, a seat's whole
    sandstorm discard or an Ancients turn is one decision of several moves: ``--at N``
    shows its first position only); the index
    after the last move gets the decision to make there, when the record stops before the
    end."""
    numbers: dict[int, tuple[int, bool]] = {}
    for seat in range(record.players):
        made, state = decisions_of(record, seat, data)
        for decision in made:
            for index in range(decision.index, decision.index + max(1, len(decision.moves))):
                numbers[index] = (decision.number, index == decision.index)
        # where the record stops with this seat to move: the decision to make now
        # (``moments.decision_at``'s, which view --at N shows; the page gave none), or the
        # rest of the one it stops inside
        if not state.is_terminal() and state.current_player() == seat:
            numbers[len(record.moves)] = ((len(made) + 1, True) if not made or made[-1].whole
                                          else (made[-1].number, False))
    return numbers


def open_record(record: GameRecord, data: CardData, viewer: int | None = None) -> Opened:
    """Every decision of ``record`` (validated by replay), drawn for ``viewer``."""
    game = games_.load(record.game, data=data)
    seats = list(record.seats) if record.seats else None
    viewer = viewer_seat(seats) if viewer is None else viewer
    if not 0 <= viewer < record.players:
        # (with the seats it has, as view and hint --at say it)
        raise InvalidStateError(no_such_seat(viewer, record.players))
    # (each seat as the end of the game names it: ``you`` for the person the page is
    # opened for, else ``seat N (who played it)`` when the record says who did)
    names = ([PLAN_WORDS] if record.seats == (PLAN,)
             else record.seat_labels(viewer) or [seat_name(seat, viewer)
                                                 for seat in range(record.players)])
    decisions: list[Decision] = []
    texts = [e.move for e in record.moves]
    last = None
    for step in replay_steps(record, data):
        n = step.index + 1
        state = step.state
        view, why = _view_or_reason(game, state, step.seat)
        decisions.append(Decision(
            n=n, seat=step.seat, move=texts[step.index],
            words=_words(game, state, step.move, texts[step.index], names),
            board=position_svg(record.game, state, viewer, data,
                               title=_state_title(record.game, n, step.seat),
                               deal=record.deal, moves=texts[:step.index], names=names),
            view=view, why_no_view=why, table=_table(game, state, viewer, names)))
        last = step
    if last is None:
        state = record.initial_state(data)
    else:
        state = last.state  # the replay applied the last move to this very state
    resolve_fixed_chance(state)
    n = len(decisions) + 1
    over = state.is_terminal()
    to_move = None if over else state.current_player()
    view, why = ((None, "the game is over") if to_move is None or to_move == CHANCE
                 else _view_or_reason(game, state, to_move))
    end_words = ("end of the game: " + "; ".join(
                     game.describe_result(state, names=names, viewer=viewer))
                 if over else "the record stops here")
    decisions.append(Decision(n=n, seat=to_move, move=None, words=end_words,
                              board=position_svg(record.game, state, viewer, data,
                                                 title=_state_title(record.game, n, to_move),
                                                 deal=record.deal, moves=texts,
                                                 names=names),
                              view=view, why_no_view=why,
                              table=_table(game, state, viewer, names)))
    numbers = _seat_numbers(record, data)
    for decision in decisions:  # (the end of a finished game has none)
        number, begins = numbers.get(decision.n - 1, (None, True))
        decision.at, decision.within = (number, None) if begins else (None, number)
    return Opened(record.game, record.players, viewer, decisions, record=record,
                  deal=record.deal, seats=seats, printed=card_names(data))


def open_view(view: dict[str, Any], data: CardData) -> Opened:
    """A player view (either form) as one position: the board from the sampled world
    of seed 0 (what the view states is drawn; hidden cards stay hidden)."""
    game_id = read_document(view, "view").text("game")
    game = games_.load(game_id, data=data)
    state, seat = game.state_from_view(view, 0)
    board = position_svg(game_id, state, seat, data,
                         title=f"{game.info.name}: the position")
    hint = "hint" in game.info.services
    return Opened(game_id, state.num_players, seat, [Decision(
        n=1, seat=seat, move=None, words="the position of the view", board=board,
        view=view if hint else None,
        why_no_view=None if hint else f"{game_id} has no move hints",
        table=_table(game, state, seat))], printed=card_names(data))


def open_document(doc: Any, *, viewer: int | None = None,
                  cards: Mapping[str, CardData] | None = None) -> Opened:
    """A record (it has ``moves`` and ``deal``) or a player view, read and validated with
    the game's card data (``cards``' for its game, ``serve --cards``, else the bundled);
    ``InvalidStateError`` with one line otherwise."""
    if not isinstance(doc, dict):
        raise InvalidStateError("document: expected a JSON object (a record or a view)")
    # as the command line reads it: "game: expected a string, got an integer 5" where the
    # key holds something else, "missing key 'game'" only where it is missing
    game_id = read_document(doc, "document").text("game")
    registry.get(game_id)  # an unknown game: one line naming the games
    data = card_data(game_id, cards or {})
    if "moves" in doc and "deal" in doc:
        return open_record(read_record(doc, game_id, data), data, viewer)
    return open_view(doc, data)


# --- bundled examples --------------------------------------------------------------------

def examples() -> list[dict[str, str]]:
    """The bundled example records (``cli/web/examples/*.json``): name, game, what it is."""
    out = []
    folder = resources.files("cli.web") / "examples"
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            doc = json.loads(entry.read_text(encoding="utf-8"))
            out.append({"name": entry.name[:-5], "game": doc["game"],
                        "about": doc.get("source", "")})
    return out


def example_document(name: str) -> dict[str, Any]:
    """The bundled example ``name`` (only names :func:`examples` lists: never a path)."""
    known = {e["name"] for e in examples()}
    if name not in known:
        raise InvalidStateError(f"example: no example {name!r} (examples: "
                                f"{', '.join(sorted(known))})")
    text = (resources.files("cli.web") / "examples" / f"{name}.json").read_text(
        encoding="utf-8")
    doc: dict[str, Any] = json.loads(text)  # a bundled record: a JSON object
    return doc
