"""A game bound to its card data and deal options: OpenSpiel's ``Game`` /
``new_initial_state()`` pattern.

The engine packages (``games/<id>/``, the protocol of ``games.protocol``) are modules of
functions that take the card data on every call. A :class:`Game` binds the data and the
deal options (players, the New Expedition's monument and variants) **once** and makes
deals, states and views from them, so that code above the engines passes one value::

    >>> from games import load
    >>> game = load("lootnrun")
    >>> state = game.new_initial_state(seed=3)
    >>> state.num_players, game.default_players
    (2, 2)
    >>> load("pyramids", monument="temple")
    Traceback (most recent call last):
    ...
    games.errors.InvalidStateError: pyramids takes no deal option 'monument' (it takes none)

Its capabilities (the services digsite offers for it, its bots, default budgets and review
thresholds) are data of its :class:`games.registry.GameInfo`, readable without importing
any solver (``game.info``). The engine module itself is imported on first use.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Hashable, Mapping, Sequence

import cards_data

from . import registry
from .errors import InvalidStateError
from .protocol import CHANCE, Engine, State
from .seeding import Seed
from .table import seat_name

__all__ = ["Game", "load", "command_options"]


class Game:
    """One game (or edition) with its card data and deal options bound (module docstring).

    ``data`` is the card data (``cards_data.load(id)`` when not given); ``options`` are the
    deal options the game declares (``info.deal_options``), checked here so that an option
    of another game is refused before any work."""

    __slots__ = ("info", "data", "options", "_engine")

    def __init__(self, info: registry.GameInfo, data: cards_data.CardData,
                 options: Mapping[str, Any]) -> None:
        unknown = sorted(set(options) - set(info.deal_options))
        if unknown:
            takes = ", ".join(info.deal_options) or "none"
            raise InvalidStateError(
                f"{info.id} takes no deal option {unknown[0]!r} (it takes {takes})")
        self.info = info
        self.data = data
        self.options = dict(options)
        self._engine: Engine | None = None

    def __repr__(self) -> str:
        options = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"load({self.id!r}{options})"

    @property
    def id(self) -> str:
        """The game id (``pyramids``, ``expedition``, ...)."""
        return self.info.id

    @property
    def engine(self) -> Engine:
        """The engine package (``games.protocol``), imported on first use."""
        if self._engine is None:
            self._engine = registry.engine(self.id)
        return self._engine

    @property
    def default_players(self) -> int:
        """The table a deal gets when none is asked for: solo where the game has it, else
        the smallest table the card data allows (``cards_data.seat_counts``)."""
        return cards_data.seat_counts(self.data)[0]

    # --- deals and states -------------------------------------------------------------

    def new_deal(self, *, seed: Seed, players: int | None = None, **extra: Any
                 ) -> dict[str, Any]:
        """A JSON deal of ``players`` seats (default :attr:`default_players`) from ``seed``,
        with the bound deal options (``extra``: further engine options, e.g. Pyramids'
        ``rounds`` for short deals)."""
        return self.engine.make_deal(players=players or self.default_players, seed=seed,
                                     data=self.data, **self.options, **extra)

    def new_initial_state(self, *, seed: Seed, players: int | None = None) -> State[Any]:
        """The first state of the deal of ``seed`` (OpenSpiel's ``new_initial_state``)."""
        return self.state_from_deal(self.new_deal(seed=seed, players=players))

    def state_from_deal(self, deal: dict[str, Any]) -> State[Any]:
        """The initial state of a JSON deal (validated: ``InvalidStateError``)."""
        return self.engine.state_from_deal(deal, self.data)

    def state_from_view(self, view: dict[str, Any], seed: Seed) -> tuple[State[Any], int]:
        """``(world, seat)``: a world consistent with a player view, sampled from ``seed``."""
        return self.engine.state_from_view(view, self.data, seed)

    def example_view(self) -> dict[str, Any]:
        """A valid player view (``digsite example``)."""
        return self.engine.example_view(self.data)

    def view_of(self, state: State[Any], seat: int) -> dict[str, Any]:
        """The player view of ``seat`` in ``state``."""
        return self.engine.view_of(state, seat)

    # --- moves ------------------------------------------------------------------------

    def parse_typed(self, state: State[Any], text: str) -> Hashable:
        """Move text a person typed at a screen (``play``, ``track`` at the person's seat):
        :meth:`parse_move`'s, and the engine's ``parse_typed`` forms where it has them
        (Archaeology: ``sell mask``, the count left out where the hand allows one)."""
        typed: Callable[[State[Any], str], Hashable] | None = getattr(
            self.engine, "parse_typed", None)
        return typed(state, text) if typed is not None else self.parse_move(state, text)

    def forced_decision(self, state: State[Any], viewer: int) -> tuple[str, str] | None:
        """The decision the seat to act owes before any other move (a thief to send, a tent,
        the Temple's look), that seat called as ``viewer`` calls it: ``(asked, first)``,
        what a prompt asks and what a refusal of a move of another kind says (the engine's
        ``forced_decision``); ``None`` in a free turn or a game without one."""
        own: Callable[[State[Any], int], tuple[str, str] | None] | None = getattr(
            self.engine, "forced_decision", None)
        return own(state, viewer) if own is not None else None

    def moot_decision(self, state: State[Any]) -> str | None:
        """Why the decision of the seat to act changes nothing (the engine's
        ``moot_decision``: a Pyramids replacement after the game's last expedition card),
        or ``None``: a real decision, or a game without such decisions."""
        own: Callable[[State[Any]], str | None] | None = getattr(
            self.engine, "moot_decision", None)
        return own(state) if own is not None else None

    def parse_move(self, state: State[Any], text: str) -> Hashable:
        """Move text to a legal move of ``state`` (``InvalidMoveError``/``IllegalMoveError``)."""
        return self.engine.parse_move(state, text)

    def describe(self, state: State[Any], move: Hashable, *,
                 names: Sequence[str] | None = None) -> str | None:
        """``move`` in a player's words, when the engine has words (else ``None``); a seat
        it names called as ``names`` call it (``games.table.seat_name``), else "seat N"."""
        describe: Callable[..., str] | None = getattr(self.engine, "describe", None)
        return describe(state, move, names=names) if describe is not None else None

    # --- the table in words (``games.table``; generic words where an engine has none) ---

    def decisions(self, state: State[Any]) -> list[Hashable]:
        """The legal moves as a player decides them (``games.protocol``: ``decisions``)."""
        own: Callable[[State[Any]], list[Hashable]] | None = getattr(
            self.engine, "decisions", None)
        return list(own(state) if own is not None else state.legal_moves())

    def describe_position(self, state: State[Any], seat: int, *,
                          names: Sequence[str] | None = None) -> list[str]:
        """What ``seat`` sees, a screen of lines (without words of its own: the player
        view, one ``key: value`` line per field)."""
        own: Callable[..., list[str]] | None = getattr(self.engine, "describe_position", None)
        if own is not None:
            return own(state, seat, names=names)
        view = self.view_of(state, seat)
        return [f"{key}: {json.dumps(value)}" for key, value in view.items()
                if key not in ("game", "players")]

    def describe_event(self, state: State[Any], move: Hashable, seat: int, *,
                       names: Sequence[str] | None = None) -> str | None:
        """``move`` (about to be played in ``state``) as ``seat`` sees it happen."""
        own: Callable[..., str | None] | None = getattr(self.engine, "describe_event", None)
        if own is not None:
            return own(state, move, seat, names=names)
        if state.current_player() == CHANCE:
            return None  # chance of a game without words may be hidden: told by its effect
        return f"{seat_name(state.current_player(), seat, names)}: {move}"

    def joined_event(self, state: State[Any], move: Hashable, seat: int, *,
                     names: Sequence[str] | None = None) -> str | None:
        """The line telling ``move`` (about to be played in ``state``) together with the
        moves just before it that make one event with it (a seat's discards at one
        sandstorm), to stand in for their line on a screen; ``None``: ``move`` begins an
        event of its own (the engine's ``joined_event``; none in a game without one)."""
        own: Callable[..., str | None] | None = getattr(self.engine, "joined_event", None)
        return own(state, move, seat, names=names) if own is not None else None

    def preceding_event(self, state: State[Any], move: Hashable, seat: int, *,
                        names: Sequence[str] | None = None) -> str | None:
        """The line told before ``move``'s own (about to be played in ``state``), of what
        ended unseen with the move before it (a Pyramids round); ``None``: nothing, or an
        engine without one (the engine's ``preceding_event``)."""
        own: Callable[..., str | None] | None = getattr(self.engine, "preceding_event", None)
        return own(state, move, seat, names=names) if own is not None else None

    def describe_scoring(self, state: State[Any], move: Hashable) -> str | None:
        """What ``move`` (about to be played in ``state``) scores at once that its words
        leave out ("completing card 15 for 10 points"); ``None``: nothing, or an engine
        without such words."""
        own: Callable[[State[Any], Hashable], str | None] | None = getattr(
            self.engine, "describe_scoring", None)
        return own(state, move) if own is not None else None

    def describe_decision(self, state: State[Any], seat: int) -> str:
        """What the decision of ``seat`` asks of it."""
        own: Callable[[State[Any], int], str] | None = getattr(
            self.engine, "describe_decision", None)
        return own(state, seat) if own is not None else "your move"

    def describe_result(self, state: State[Any], *, names: Sequence[str] | None = None,
                        viewer: int | None = None) -> list[str]:
        """Who won and why, at the end of the game."""
        own: Callable[..., list[str]] | None = getattr(self.engine, "describe_result", None)
        if own is not None:
            return own(state, names=names, viewer=viewer)
        winners = state.winners()
        return [f"{seat_name(p, viewer, names)}: {r:g}" for p, r in enumerate(state.returns())] \
            + [f"winner{'s' if len(winners) > 1 else ''}: "
               + ", ".join(seat_name(p, viewer, names) for p in winners)]

    @property
    def notation(self) -> tuple[tuple[str, str], ...]:
        """The move notation, form by form, with the counts of the game's card data
        (``digsite notation``)."""
        from .notation import notation_forms

        return notation_forms(self.engine, self.data)


def load(game_id: str, *, data: cards_data.CardData | None = None, **options: Any) -> Game:
    """The :class:`Game` ``game_id`` with ``data`` (default: the bundled card data) and deal
    ``options`` bound (``UnknownGameError`` for an id that is not a game)."""
    info = registry.get(game_id)
    if data is None:
        data = cards_data.load(game_id)
    return Game(info, data, options)


def command_options(options: Mapping[str, Any], data: cards_data.CardData) -> str:
    """The deal ``options`` and the card data as a command line gives them, for a record's
    ``source`` to say how to play the game again: ``" --monument tomb --variant
    fierce-weather --cards mine.toml"`` (``--cards`` only for data other than the bundled:
    ``cards_data.given_file``).

    >>> command_options({"variant": ["fierce-weather"]}, cards_data.load("expedition"))
    ' --variant fierce-weather'
    """
    flags = [f" --{key} {v}" for key, value in options.items()
             for v in (value if isinstance(value, (list, tuple)) else [value])]
    given = cards_data.given_file(data)
    if given is not None:
        flags.append(" --cards -" if given == "<stdin>" else f" --cards {given}")
    return "".join(flags)
