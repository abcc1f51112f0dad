"""The game protocol: what every rules engine offers the solvers and the CLI.

Every engine lives in ``games/<id>/`` and is registered in ``games.registry``. An engine
package exposes these module-level names (documented here once, checked for every
registered game by ``tests/games/test_conformance.py``):

``GAME``
    Its ``games.registry.GameInfo`` (players, maximum length, score bounds: data the
    conformance test checks the engine against).

``make_deal(*, players: int, seed, data, **options) -> dict``
    A JSON-serialisable **deal**: every hidden thing fixed (shuffled orders, the draws a
    thief will make, ...). The whole game is determined by the deal and the moves.

``state_from_deal(deal: dict, data) -> State``
    The initial state of a deal. Validates the deal; ``InvalidStateError`` names what and
    where.

``example_view(data) -> dict``
    A valid JSON **player view**: exactly what one seat sees, plus the public history the
    determinizer needs (``digsite example GAME`` prints it).

``state_from_view(view: dict, data, seed) -> tuple[State, int]``
    Validate a player view and return ``(world, seat)``: one full world consistent with
    the view (a determinization; for perfect-information parts it is the position itself)
    and the seat the view belongs to. Impossible views raise ``InvalidStateError``.

``parse_move(state, text) -> Move``
    Move text back to a move (``InvalidMoveError``), checked legal in ``state``
    (``IllegalMoveError``). Every engine defines it as ``parse_checked(state, text,
    parse_text, FORMS)`` with its own canonical text parser ``moves.parse_text`` and, as
    data, the other forms it accepts (``games.forgiving.Forms``: plurals, word orders);
    an engine that can say why a move is refused passes its ``why_illegal`` too
    (``parse_checked(..., why=why_illegal)``).

Optional members (an engine without them still conforms; the CLI and the hints use them
when present):

``describe(state, move, *, names=None) -> str``
    ``move`` in a player's words, in ``state`` (the position before the move): what to
    do at the table, with the numbers the text leaves implicit (``find 7 90 at A1`` is
    "find map 7 (...) at A1 (rotated 90° clockwise)"); a seat it names is called as
    ``names`` call the seats (``games.table.seat_name``: "seat 1 (greedy)"), else "seat
    N". The hints carry it in each row's ``words``
    (``solvers.hints.rows_from_search(words=...)``), the text output prints it under the
    row. ``InvalidMoveError`` for a value that is no move of the game.
``why_illegal(state, move) -> str | None``
    Why ``move``, refused in ``state``, is not legal there: the first rule it breaks, in a
    player's words (``A3 is a wall on card 12``), or ``None`` when the engine has nothing
    more specific than the refusal. ``parse_move`` passes it to ``parse_checked``, which
    asks it only for a refused move.
``parse_typed(state, text) -> Move``
    A move a person typed at a screen (``digsite play``, ``digsite track`` at the
    person's seat): ``parse_move``'s, and shorthand that only the position makes one move
    (Archaeology: ``sell mask``, the count left out where the hand allows one sale of the
    card). Records, views and the hints read ``parse_move``'s forms only.
``example_decisions(state) -> list``
    The decisions of ``state`` as a player makes them, where the engine plays one as
    several moves (Archaeology's whole trades for its ``take``/``give`` steps): ``digsite
    notation`` shows these instead of the legal moves.
``forced_decision(state, viewer) -> tuple[str, str] | None``
    The decision the seat to act owes before any other move (Archaeology: a thief to
    send, a sandstorm's tent and discards, the Temple's look), that seat called as
    ``viewer`` calls it: what a prompt asks and what a refusal of a move of another kind
    says (``digsite play``, ``digsite track``); ``None`` in a free turn.
``moot_decision(state) -> str | None``
    Why the decision of the seat to act changes nothing whichever move is made (Pyramids:
    a replacement after the game's last expedition card), in a player's words, or
    ``None``: ``digsite play`` then plays the first legal move for the person without
    asking (the engine's moves and the record are as if it had been typed; the solvers
    play that move there too), and says why.
``decisions(state) -> list``
    The legal moves of ``state`` as a player decides them, every one (Archaeology: the
    whole trades its ``take``/``give`` steps make); ``digsite play`` numbers them.
``describe_position(state, seat, *, names=None) -> list[str]``, ``describe_event(state,
move, seat, *, names=None) -> str | None``, ``describe_decision(state, seat) -> str``,
``describe_result(state, *, names=None, viewer=None) -> list[str]``
    The table in words (``games.table``; each engine's ``table`` module): what ``seat``
    sees, a screen of lines; ``move`` (about to be played in ``state``) as ``seat`` sees it
    happen, hidden cards kept hidden (``None``: nothing to tell on its own); what the
    decision asks of the seat to act; who won and why. Text only, printed by ``digsite
    play`` and meant for any other face (a server) too. ``names`` labels the seats
    (default ``you`` and ``seat N``).
``joined_event(state, move, seat, *, names=None) -> str | None``
    The line telling ``move`` with the moves just before it that make one event with it,
    to stand in for their line on a screen (Archaeology: a seat's discards at one
    sandstorm, "seat 1 discarded 2 pot shards to the marketplace"), or ``None``: ``move``
    begins an event of its own. ``digsite play`` groups its events' lines by it.
``preceding_event(state, move, seat, *, names=None) -> str | None``
    The line told before ``move``'s own, of what ended unseen with the move before it
    (Pyramids: "round 1 ended: ..." before the next round's first expedition card), or
    ``None``. ``digsite play`` says it on its screens (not in its JSON stream).
``describe_scoring(state, move) -> str | None``
    What ``move`` scores at once that its words leave out (Pyramids: "completing card 15
    for 10 points"), or ``None``; ``digsite review`` says it beside a move in its text.
``dealt_options(deal) -> dict``
    The deal options a deal was dealt with, as ``make_deal`` takes them (the New
    Expedition's ``{"monument": "tomb"}``, with ``"variant"`` when any): what an arena
    match drew for each game where the command left them open.
``NOTATION: tuple[tuple[str, str], ...]``
    The move notation, form by form: ``(example text, meaning)``. ``digsite notation
    GAME`` prints it and ``digsite hint --help`` lists the forms. A count the card data
    fixes is a ``{placeholder}`` that ``notation_facts(data) -> dict[str, str]`` fills
    (``games.notation.notation_forms``: a ``--cards FILE`` may deal 5).

Moves are frozen values deriving from :class:`TextMove`: ``str(move)`` is the canonical
text, the module-level ``parse_text`` of the move's module reads it back, and ``repr``
is the parser call (``Find.from_text('find 7 90 at C3')``, python-chess's
``Move.from_uci('g1f3')``). The tables an engine derives from its card data live on the
state as ``state.rules``, built once per data value by ``rules_for(data)`` through
:func:`derived`. The seat to act is ``state.to_move``; JSON names it ``to_move`` and a
deal's first seat ``first_player``. ``docs/adding-a-game.md`` shows the whole layout.

A ``State`` is a mutable position with cheap ``clone()`` — a search board. Its methods:

``num_players`` (attribute), ``current_player() -> int``
    The seat to act (0-based), or ``CHANCE`` when chance acts, or ``TERMINAL``.
``legal_moves() -> list[Move]``
    At a decision node: every legal move, in a deterministic order. Moves are small frozen
    values with ``str(move)`` a canonical text form that ``parse_move`` reads back.
``chance_outcomes() -> list[tuple[Move, float]]``
    At a chance node: outcomes and probabilities (summing to 1). A state made from a deal,
    or a determinized world, has every hidden thing fixed, so its chance nodes list the
    one fixed outcome with probability 1. The shuffles of setup are fixed by the deal.
    During play, a card that comes out without any seat's choice is an explicit chance
    step: Pyramids' expedition cards (``reveal I3``), Tomb of the Ancients' market refills
    (``draw 17``), Archaeology's digs and steals, Loot N Run's reshuffles. The deviation:
    a card a move itself takes from an order the state holds is drawn inside that move
    (Pyramids' ``take deck`` and the display refill after the takes, Loot N Run's
    ``loot``); ``determinize`` resamples that order, but an adapter that needs every draw
    as a chance node (OpenSpiel) must split those moves.
``apply(move) -> None``
    The fast, unchecked path: ``move`` must come from ``legal_moves()`` or
    ``chance_outcomes()``. Use ``parse_move`` or ``play_checked`` for untrusted moves. A
    value that is not a move of this game at all raises ``IllegalMoveError``.
``clone() -> State``
``is_terminal() -> bool``, ``returns() -> list[float]``
    Final score of every seat (the game's own score: points, money, ...).
``winners() -> list[int]``
    Seats that win after the game's tie-breaks (several only if the rules share a win).
``information_set_key(seat) -> Hashable``
    Everything ``seat`` has observed, canonically: two states with equal keys are
    indistinguishable to that seat.
``determinize(seat, rng) -> State``
    A full world sampled from the worlds consistent with what ``seat`` has seen (never one
    it could rule out), for any seat, not only the one to act; its
    ``information_set_key(seat)`` equals this state's. It reads only that information
    set: two states with equal keys give the same world for the same generator (so the
    key holds everything the sampler needs, e.g. a public record of past events).
``to_json() -> dict``
    The full state (for transcripts and debugging).

Games without hidden information implement ``information_set_key`` as the full state and
``determinize`` as ``clone`` followed by resampling of any unrevealed chance order.
"""

from __future__ import annotations

import random
import sys
from typing import Any, Callable, Final, Hashable, Protocol, Self, Sequence, TypeVar, runtime_checkable

from cards_data._schema import JSON_WORDS

from .errors import IllegalMoveError, InvalidMoveError
from .forgiving import PLAIN, Forms, read
from .seeding import Seed

__all__ = ["CHANCE", "TERMINAL", "State", "Engine", "TextMove", "derived", "play_checked",
           "parse_checked", "read_text", "listing", "pick_outcome", "sample_chance",
           "resolve_chance", "random_playout", "options_of"]

T = TypeVar("T")
#: An engine's move type (each engine has its own: ``State[Move]``). Invariant: a state
#: both lists its moves and takes them back in ``apply``.
MoveT = TypeVar("MoveT", bound=Hashable)
StateT = TypeVar("StateT", bound="State[Any]")

CHANCE: Final = -1
TERMINAL: Final = -2


@runtime_checkable
class State(Protocol[MoveT]):
    """Structural type of an engine's state (see the module docstring), over the engine's
    move type: ``PyramidsState`` is a ``State[pyramids.moves.Move]``. Each engine's state
    module declares it (``_CONFORMS: type[State[Move]] = PyramidsState``), so mypy checks
    every engine against this class. Code that does not know the game takes a ``State[Any]``."""

    num_players: int

    def current_player(self) -> int: ...
    def legal_moves(self) -> list[MoveT]: ...
    def chance_outcomes(self) -> list[tuple[MoveT, float]]: ...
    def apply(self, move: MoveT) -> None: ...
    def clone(self) -> Self: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]: ...
    def winners(self) -> list[int]: ...
    def information_set_key(self, seat: int) -> Hashable: ...
    def determinize(self, seat: int, rng: random.Random) -> Self: ...
    def to_json(self) -> dict[str, Any]: ...


class Engine(Protocol):
    """The module-level names of an engine package (the module docstring), as the game
    object (``games.game.Game``) calls them: the registry imports an engine by its id, so
    the card data and the move type are not known statically (``Any``, ``State[Any]``);
    each engine's own functions take its own types."""

    def make_deal(self, *, players: int, seed: Seed, data: Any, **options: Any
                  ) -> dict[str, Any]: ...
    def state_from_deal(self, deal: dict[str, Any], data: Any) -> State[Any]: ...
    def example_view(self, data: Any) -> dict[str, Any]: ...
    def state_from_view(self, view: dict[str, Any], data: Any, seed: Seed
                        ) -> tuple[State[Any], int]: ...
    def view_of(self, state: Any, seat: int) -> dict[str, Any]: ...
    def parse_move(self, state: Any, text: str) -> Hashable: ...
    def parse_text(self, text: str) -> Any: ...

    #: the ways its moves may be written besides the canonical text (``games.forgiving``)
    FORMS: Forms


class TextMove:
    """Base of an engine's move values (frozen dataclasses declared with ``repr=False``).

    ``from_text`` reads a move with the ``parse_text`` of the module the class is defined
    in and checks it is of this class; ``repr`` is that call, so it evaluates back to the
    move wherever the class is imported.
    """

    __slots__ = ()

    @classmethod
    def from_text(cls, text: str) -> Self:
        """The move of this class that ``text`` names (``InvalidMoveError`` otherwise)."""
        # (getattr: mypyc reads no ``__module__`` off a compiled class object)
        move: object = sys.modules[getattr(cls, "__module__")].parse_text(text)
        if not isinstance(move, cls):
            raise InvalidMoveError(f"move {text!r} is not a {cls.__name__} move")
        return move

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_text({str(self)!r})"


_DERIVED: dict[tuple[int, Callable[..., Any], tuple[Hashable, ...]], tuple[Any, Any]] = {}


def derived(data: Any, build: Callable[..., T], *args: Hashable) -> T:
    """``build(data, *args)``, built once per data value (and ``args``) and then shared:
    the one cache of every engine's derived tables (``rules_for``). Card data values are
    immutable, so sharing is safe. The cache holds ``data`` itself, so the identity it is
    keyed by cannot be reused by another object while the entry lives."""
    key = (id(data), build, args)
    hit = _DERIVED.get(key)
    if hit is None or hit[0] is not data:
        hit = _DERIVED[key] = (data, build(data, *args))
    return hit[1]


def options_of(state: State[MoveT]) -> list[MoveT]:
    """The moves possible now: the chance outcomes at a chance node, else the legal moves."""
    if state.current_player() == CHANCE:
        return [outcome for outcome, _ in state.chance_outcomes()]
    return list(state.legal_moves())


def listing(options: Sequence[object], limit: int = 12) -> str:
    """Moves for a message: the first ``limit`` texts and how many more."""
    shown = ", ".join(map(str, options[:limit]))
    more = len(options) - limit
    return (shown + (f", ... ({more} more)" if more > 0 else "")) or "none"


def play_checked(state: State[MoveT], move: MoveT) -> None:
    """Apply ``move`` after checking that it is legal here (``IllegalMoveError`` if not)."""
    options = options_of(state)
    if move not in options:
        raise IllegalMoveError(f"move {move} is not legal here", legal=listing(options))
    state.apply(move)


def parse_checked(state: StateT, text: object, parse_text: Callable[[str], MoveT],
                  forms: Forms = PLAIN, *,
                  why: Callable[[StateT, MoveT], str | None] | None = None,
                  offers: Callable[[], Sequence[str]] | None = None) -> MoveT:
    """Move text to a move of ``state``: ``parse_text(text)`` reads it, or the engine's
    other accepted ``forms`` do (``games.forgiving.read``: case, plurals, word orders;
    ``InvalidMoveError`` with a suggestion for text that is no move of the game), then it
    must be legal here (``IllegalMoveError``, listing the legal moves). The one checked
    entry point every engine's ``parse_move`` is made of.

    ``why(state, move)``, where the engine has one, says in a player's words the first
    rule a refused move breaks; the message gives it between the refusal and the legal
    moves (``move '12:A3' is not legal here: A3 is a wall on card 12 (legal: ...)``). It
    is asked only on the refusal path, so checking a legal move costs nothing more, and
    ``None`` (no reason found) leaves the plain refusal. ``offers()``: the moves as the
    player's screen writes them, among which text that does not read gets its suggestion
    (``games.forgiving.read``; default the legal moves)."""
    move: MoveT = read_text(state, text, parse_text, forms, offers=offers)
    options = options_of(state)
    if move not in options:
        reason = why(state, move) if why is not None else None
        # (one line: tools and tests read the refusal's start and its legal list)
        said = f": {' '.join(reason.split())}" if reason else ""
        raise IllegalMoveError(f"move {str(text).strip()!r} is not legal here{said}",
                               reason=said[2:] or None, legal=listing(options))
    return move


def read_text(state: State[MoveT], text: object, parse_text: Callable[[str], MoveT],
              forms: Forms = PLAIN, *,
              offers: Callable[[], Sequence[str]] | None = None) -> MoveT:
    """The move ``text`` names in ``state`` (``games.forgiving.read``), not yet checked
    legal: ``parse_checked``'s reading half, for an engine that checks some moves its own
    way (a whole Archaeology trade)."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move is text, got {JSON_WORDS.get(type(text), 'a ' + type(text).__name__)}")
    return read(text, parse_text, forms, lambda: options_of(state), offers)


def pick_outcome(outcomes: Sequence[tuple[T, float]], rng: random.Random) -> T:
    """One of a chance node's ``(outcome, probability)`` pairs' outcomes, drawn by its
    probability from ``rng`` (a lone outcome without touching ``rng``)."""
    if len(outcomes) == 1:
        return outcomes[0][0]
    pick = rng.random()
    acc = 0.0
    for outcome, prob in outcomes:
        acc += prob
        if pick < acc:
            break
    return outcome  # rounding left pick above the sum: the last outcome


def sample_chance(state: State[Any], rng: random.Random) -> None:
    """Apply one chance outcome, sampled by its probability (a fixed one directly)."""
    state.apply(pick_outcome(state.chance_outcomes(), rng))


def resolve_chance(state: State[Any], rng: random.Random) -> None:
    """Apply chance outcomes, sampled by probability, until a seat acts or the game ends."""
    while state.current_player() == CHANCE:
        sample_chance(state, rng)


def random_playout(state: StateT, rng: random.Random, *, max_steps: int = 100_000) -> StateT:
    """Play uniformly random legal moves (and sampled chance) to the end, in place."""
    for _ in range(max_steps):
        resolve_chance(state, rng)
        if state.is_terminal():
            return state
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    raise RuntimeError(f"game did not end within {max_steps} steps")
