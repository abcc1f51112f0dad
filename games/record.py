"""Game records: one JSON format for a played game of any registered game.

A record is the deal and the moves in order, each tagged with the seat that played it::

    {"game": "archaeology", "players": 2, "record": 1,
     "deal": {...},                          # the engine's deal (``digsite deal``)
     "seats": ["ismcts", "greedy"],          # optional: who played each seat
     "source": "digsite arena ...",          # optional: free text, where it came from
     "cards": {"edition": "...", "digest": "..."},  # optional: the card data it was played
                                             # with (``cards_data.fingerprint``)
     "comment": "...",                       # optional: free text on the whole game
     "moves": [{"seat": 0, "move": "dig"}, {"seat": 0, "move": "end", "comment": "..."}, ...],
     "result": {"returns": [12, 30], "winners": [1]},   # optional (a finished game)
     "undone_over_seen": [{"at": 4, "seen": "..."}]}    # optional: takebacks over what
                                             # the person had seen (``digsite play``)

* ``record`` is the format version (1). Every key is read through ``games.reader``:
  unknown keys are refused, and every problem is one ``InvalidStateError`` line naming
  the key path (``record: moves[12]: move 'sell coin 2' is not legal here ...``).
* The record is **validated by replay**: the deal goes through the engine's
  ``state_from_deal``, then every move through its ``parse_move`` in the position it was
  played in, and its seat must be the seat to act. ``result``, when given, must be what the
  replay ends with; it may be left out of an unfinished game (a record may stop anywhere).
* **Who played.** ``seats`` names each seat's player: a bot's name, or :data:`PERSON` for
  a person (``digsite play`` writes it). :meth:`GameRecord.default_seat` is the seat a
  command looks at when none is given: the person's, when exactly one seat is a person,
  else seat 0.
* **Takebacks over what was seen.** ``digsite play``'s ``undo anyway`` at a table with
  bots takes back a decision after which the game showed the person something new (a card
  dug, a secret look): the game played again is played knowing it. ``undone_over_seen``
  says each such takeback: ``at``, the number of moves the record kept, and ``seen``, the
  first thing seen, in the screen's words. It changes nothing in the replay.
* **Comments** (the annotated PGN of our games): a move may carry a ``comment``, and the
  record one for the whole game; ``digsite review --annotate`` writes them beside each
  decision it reviewed. They change nothing in the replay.
* **Chance.** A deal fixes every hidden thing (orders, draws, thieves' picks), so every
  chance node of the replay has one outcome and the replay applies it: a record holds no
  chance entries. A record therefore starts from a deal, never from a player view: a view
  leaves the draws open, and a world sampled from it would invent different ones.

>>> import cards_data
>>> data = cards_data.load("lootnrun")
>>> from games import lootnrun
>>> rec = GameRecord.start("lootnrun", lootnrun.make_deal(players=2, seed=1, data=data))
>>> state = rec.initial_state(data)
>>> rec = rec.played(state.current_player(), "loot 0")
>>> read_record(rec.to_json(), "lootnrun", data).moves[0]
Entry(seat=0, move='loot 0', comment=None)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, Hashable, Iterator, Sequence

import cards_data

from . import registry
from .errors import DigsiteError, InvalidStateError
from .protocol import CHANCE, State
from .reader import Node, read_document, read_fingerprint, read_header
from .table import plural

__all__ = ["FORMAT_VERSION", "PERSON", "person_word", "Entry", "GameRecord", "Step",
           "read_record", "replay_steps", "final_state", "resolve_fixed_chance", "record_text",
           "record_game"]

FORMAT_VERSION = 1
#: The name ``seats`` gives a seat a person played (any other name is a bot's).
PERSON = "person"


def person_word(seats: Sequence[str] | None) -> str:
    """A seat a person played (``seats``' :data:`PERSON`), in a player's words: ``you``
    where one seat is a person's (the reader), ``a person`` where several are (which of
    them reads is not known).

    >>> person_word(("person", "greedy")), person_word(("person", "person"))
    ('you', 'a person')
    """
    people = sum(1 for name in seats or () if name == PERSON)
    return "you" if people == 1 else "a person"


@dataclass(frozen=True)
class Entry:
    """One move of a record: the seat that played it, its text, and a comment on it (an
    annotated record's; ``None``: none)."""

    seat: int
    move: str
    comment: str | None = None


@dataclass(frozen=True)
class GameRecord:
    """A played game (see the module docstring); build one with :meth:`start` and
    :meth:`played`, read one with :func:`read_record`."""

    game: str
    players: int
    deal: dict[str, Any]
    moves: tuple[Entry, ...] = ()
    seats: tuple[str, ...] | None = None
    source: str | None = None
    result: dict[str, list[float] | list[int]] | None = None
    comment: str | None = None
    #: the card data the game was played with (``cards_data.fingerprint``): a record read
    #: with other data is refused (a record played with ``--cards FILE`` and read without
    #: it replayed with the bundled prices, and its money came out otherwise); ``None``
    #: (a record older than it) is read with the data given, which the CLI says in a note
    cards: dict[str, str] | None = None
    #: takebacks over what the person had seen (``play``'s ``undo anyway``): each
    #: ``{"at": moves kept, "seen": the first thing seen}``; ``()``: none
    undone_over_seen: tuple[dict[str, Any], ...] = ()

    @classmethod
    def start(cls, game_id: str, deal: dict[str, Any], *, seats: Sequence[str] | None = None,
              source: str | None = None, data: Any = None) -> "GameRecord":
        """An empty record of ``deal`` (``deal["players"]`` seats), played with ``data``
        (its fingerprint kept, when given)."""
        return cls(game_id, int(deal["players"]), deal,
                   seats=None if seats is None else tuple(seats), source=source,
                   cards=None if data is None else cards_data.fingerprint(data))

    def played(self, seat: int, move: str) -> "GameRecord":
        """This record with one more move."""
        return replace(self, moves=self.moves + (Entry(seat, str(move)),))

    def finished(self, state: State[Any]) -> "GameRecord":
        """This record with the ``result`` of the final ``state``."""
        return replace(self, result={"returns": list(state.returns()),
                                     "winners": list(state.winners())})

    def default_seat(self) -> int:
        """The seat to look at when none is given: the person's seat, when exactly one
        seat of ``seats`` is :data:`PERSON` (the only human at the table), else seat 0."""
        people = [i for i, name in enumerate(self.seats or ()) if name == PERSON]
        return people[0] if len(people) == 1 else 0

    def seat_labels(self, viewer: int) -> list[str] | None:
        """Each seat as ``digsite play`` calls it at ``viewer``'s side (``names`` of
        ``games.table.seat_name``): ``you`` for the viewer's seat when a person played it,
        else ``seat N (who played it)``, the record's person ``seat N (you)``, in a
        player's words (:func:`person_word`: it said ``seat 0 (person)``); with several
        persons at the table each ``seat N (a person)``, the viewer's too (it called the
        viewer ``you`` and the others ``seat N (person)``, the board ``a person`` each);
        ``None`` when the record does not say who played.

        >>> GameRecord("pyramids", 2, {}, seats=("person", "greedy")).seat_labels(0)
        ['you', 'seat 1 (greedy)']
        >>> GameRecord("pyramids", 2, {}, seats=("person", "greedy")).seat_labels(1)
        ['seat 0 (you)', 'seat 1 (greedy)']
        >>> GameRecord("pyramids", 2, {}, seats=("person", "person")).seat_labels(0)
        ['seat 0 (a person)', 'seat 1 (a person)']
        """
        if self.seats is None:
            return None
        person = person_word(self.seats)
        return ["you" if seat == viewer and person == "you" and name == PERSON
                else f"seat {seat} ({person if name == PERSON else name})"
                for seat, name in enumerate(self.seats)]

    def annotated(self, comments: dict[int, str], comment: str | None = None) -> "GameRecord":
        """This record with ``comments`` beside its moves (by index in ``moves``) and
        ``comment`` on the whole game; other comments are kept."""
        moves = tuple(replace(e, comment=comments[i]) if i in comments else e
                      for i, e in enumerate(self.moves))
        return replace(self, moves=moves, comment=self.comment if comment is None else comment)

    def initial_state(self, data: Any) -> State[Any]:
        """The engine state of the deal, before any move (chance steps not yet applied)."""
        return registry.engine(self.game).state_from_deal(self.deal, data)

    def to_json(self) -> dict[str, Any]:
        """The record as JSON (the format of the module docstring)."""
        out: dict[str, Any] = {"game": self.game, "players": self.players,
                               "record": FORMAT_VERSION, "deal": self.deal}
        if self.seats is not None:
            out["seats"] = list(self.seats)
        if self.source is not None:
            out["source"] = self.source
        if self.cards is not None:
            out["cards"] = dict(self.cards)
        if self.comment is not None:
            out["comment"] = self.comment
        out["moves"] = [{"seat": e.seat, "move": e.move}
                        | ({} if e.comment is None else {"comment": e.comment})
                        for e in self.moves]
        if self.result is not None:
            out["result"] = self.result
        if self.undone_over_seen:
            out["undone_over_seen"] = [dict(u) for u in self.undone_over_seen]
        return out


@dataclass(frozen=True)
class Step:
    """One move of a replay: its index in the record, the seat, the state *before* the
    move (read it, do not change it: the replay goes on from it) and the parsed move."""

    index: int
    seat: int
    state: State[Any]
    move: Hashable


def resolve_fixed_chance(state: State[Any]) -> None:
    """Apply chance outcomes until a seat acts or the game ends. A state made from a deal
    has one fixed outcome at each chance node (``games.protocol``)."""
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])


def replay_steps(record: GameRecord, data: Any) -> Iterator[Step]:
    """Replay ``record`` through its engine, yielding a :class:`Step` before each move.

    Every move is parsed by the engine's ``parse_move`` in its position and its seat must
    be the seat to act; any disagreement raises ``InvalidStateError`` naming the move
    (``record: moves[3]: ...``). After the last step the replay checks ``result``.
    """
    engine = registry.engine(record.game)
    try:
        state = engine.state_from_deal(record.deal, data)
    except DigsiteError as exc:  # the deal readers name the deal (``deal: players: ...``)
        said = str(exc)
        raise InvalidStateError(f"record: {said}" if said.startswith("deal:")
                                else f"record: deal: {said}") from None
    for index, entry in enumerate(record.moves):
        where = f"record: moves[{index}]"
        resolve_fixed_chance(state)
        if state.is_terminal():
            raise InvalidStateError(f"{where}: the game is already over, "
                                    f"{plural(len(record.moves) - index, 'move')} too many")
        actor = state.current_player()
        if entry.seat != actor:
            raise InvalidStateError(f"{where}.seat: it is seat {actor}'s move, not seat "
                                    f"{entry.seat}'s")
        try:
            move = engine.parse_move(state, entry.move)
        except DigsiteError as exc:
            raise InvalidStateError(f"{where}: {exc}") from None
        yield Step(index, actor, state, move)
        state.apply(move)
    resolve_fixed_chance(state)
    _check_result(record, state)


def final_state(record: GameRecord, data: Any) -> State[Any]:
    """The state after the record's last move (the whole record validated)."""
    last = None
    steps = replay_steps(record, data)
    for last in steps:
        pass
    if last is None:
        state = record.initial_state(data)
        resolve_fixed_chance(state)
        return state
    state = last.state  # the generator has applied the last move to this very state
    resolve_fixed_chance(state)
    return state


def _check_result(record: GameRecord, state: State[Any]) -> None:
    if record.result is None:
        return
    if not state.is_terminal():
        raise InvalidStateError("record: result: the moves do not finish the game, so it "
                                "cannot have a result")
    for key, replayed in (("returns", list(state.returns())), ("winners", list(state.winners()))):
        claimed = record.result[key]
        if [float(x) for x in claimed] != [float(x) for x in replayed]:
            raise InvalidStateError(f"record: result.{key}: the moves give {replayed}, the "
                                    f"record says {claimed}")


def record_game(doc: Any) -> str:
    """The game id a record document names (its ``"game"``), checked, before anything else
    of it is read: the card data to read the rest with depends on it."""
    return read_document(doc, "record").text("game", choices=registry.GAME_IDS)


def read_record(doc: Any, game_id: str | None, data: Any) -> GameRecord:
    """Read and validate a record (module docstring); ``game_id``: the game it must be
    (``None``: any registered game). Raises ``InvalidStateError`` with one line."""
    node = read_document(doc, "record")
    game = node.text("game", choices=registry.GAME_IDS) if game_id is None else game_id
    info = registry.get(game)
    low, high = info.player_counts[0], info.player_counts[-1]
    players = read_header(node, game, (low, high))
    node.integer("record", lo=FORMAT_VERSION, hi=FORMAT_VERSION)
    deal = node.raw("deal")
    if not isinstance(deal, dict):
        node.fail(f"expected {node.words[dict]}, got {node.describe(deal)}", "deal")
    if deal.get("players") != players:
        node.fail(f"the deal is for {deal.get('players')!r} players, the record for {players}",
                  "deal")
    seats = None
    if node.has("seats"):
        seats = node.texts("seats", length=players)
    source = node.text("source", default=None)
    cards = read_fingerprint(node, data)
    refused = cards_data.seats_refused(data, players) if data is not None else None
    if refused is not None:  # (a file narrowing the table's range: a 2-seat record, 3..4)
        node.fail(refused, "players")
    comment = node.text("comment", default=None)
    moves = []
    for i, item in enumerate(node.items("moves")):
        entry = node.node_at(item, f"moves[{i}]")
        seat = entry.integer("seat", lo=0, hi=players - 1)
        text = entry.text("move")
        said = entry.text("comment", default=None)
        entry.done()
        moves.append(Entry(seat, text, said))
    result: dict[str, list[float] | list[int]] | None = None
    res = node.optional_table("result")
    if res is not None:
        returns = [res.check_number(v, f"result.returns[{k}]")
                   for k, v in enumerate(res.items("returns", length=players))]
        winners = [res.check_int(v, f"result.winners[{k}]", 0, players - 1)
                   for k, v in enumerate(res.items("winners", min_length=1))]
        res.done()
        result = {"returns": returns, "winners": winners}
    undone = []
    for i, item in enumerate(node.items("undone_over_seen", default=[])):
        entry = node.node_at(item, f"undone_over_seen[{i}]")
        undone.append({"at": entry.integer("at", lo=0), "seen": entry.text("seen")})
        entry.done()
    node.done()
    record = GameRecord(game, players, deal, tuple(moves), seats, source, result, comment,
                        cards, tuple(undone))
    final_state(record, data)  # validate by replay
    return record


def record_text(doc: dict[str, Any]) -> str:
    """A record's JSON as text a person can read: one line per top-level key and one per
    move (the deal on one line), ending with a newline. ``json.loads`` reads it back."""
    def one(value: object) -> str:
        return json.dumps(value, separators=(", ", ": "))

    parts = []
    for key, value in doc.items():
        if key == "moves":
            inner = ",\n".join(f"    {one(m)}" for m in value)
            parts.append(f'  "moves": [\n{inner}\n  ]' if value else '  "moves": []')
        else:
            parts.append(f"  {one(key)}: {one(value)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"
