"""digsite's rules engines as OpenSpiel Python games (the optional extra ``digsite[openspiel]``).

Every registered engine that has an action space (below) is registered with OpenSpiel as
``digsite_<game id>`` (``pyspiel.load_game("digsite_archaeology(players=3)")``), built only
from ``games.protocol`` and the registry, so a new engine needs no change here beyond one
entry in :data:`ACTION_SPACES` (or none, if its package offers ``action_texts``).

**Game type.** Sequential, explicit stochastic chance, imperfect information, general-sum,
terminal rewards; information-state and observation strings (no tensors); played by the
tables the card data seats (its ``players_min`` to ``players_max``: a game made with a
file narrowing the range has that range in its ``GameType``). Parameters: ``players``
(default: the smallest of those tables) and ``utility``: ``"score"`` (the default: each
seat's final score, the game's own general-sum returns, bounded by the registry's
``score_bounds``) or ``"win"`` (the win share: 1/k to each of k winners after the game's
tie-breaks, 0 otherwise; what the arena measures, so the OpenSpiel bots play for it).

**Chance.** A game starts with the *deal*: the engine's own ``make_deal`` is run on a
generator whose every draw is an explicit chance node — a uniform draw below ``n`` is one
node with ``n`` equally likely outcomes (``n`` <= 256), wider draws and ``getrandbits``
are split into nodes of at most 8 bits (with the rejection step of CPython's
``_randbelow`` for ranges that are not powers of two) and ``random()`` is 53 such bits.
So the chance nodes reproduce exactly the distribution of deals the engine samples, with
no code of any game here. Once the deal is complete the state is the engine's world
(``state_from_deal``), whose own chance steps (a dig, a stolen card, a reshuffle) the deal
fixes: each is a chance node with its listed outcomes (one, of probability 1). Chance
action ``i`` is the ``i``-th draw value in the deal, the ``i``-th entry of the engine's
``chance_outcomes()`` after it.

**Actions.** A game's decision actions are the indices of a fixed, ordered list of move
texts (``str(move)``, the engine's canonical form), built from the card data once per
game and independent of the table size (seats up to the game's largest table), so an id
means the same move in every run and at every table. See :data:`ACTION_SPACES` and
``docs`` in the report for the tables. Legal actions are listed in ascending id order; an
engine move whose text is not in the table raises ``InternalFault`` (the tests play
random games through every adapted game to catch it).

**Hidden information.** ``information_state_string(p)`` and ``observation_string(p)`` are
a canonical text of the engine's ``information_set_key(p)`` (sets sorted, so equal keys
give equal strings). ``resample_from_infostate(p, sampler)`` returns the engine's
``determinize(p, rng)`` with ``rng`` seeded from one draw of ``sampler``.

**Cloning and serialisation.** OpenSpiel clones a Python state by deep-copying its
attributes; the one attribute here (:class:`_Box`) deep-copies as the engine's cheap
``clone()``. A state is serialised as its recipe (deal draws, actions, resamples) and
rebuilt by replaying it; that needs the bundled card data (a game made with other card
data, or a state wrapped around an outside world, cannot be serialised).
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Mapping, Sequence, cast

import pyspiel

import cards_data
from games import registry
from games.errors import DigsiteError, InternalFault
from games.protocol import CHANCE, Engine, State

__all__ = ["ACTION_SPACES", "MAX_DRAW", "DigsiteGame", "DigsiteState", "adapted_games",
           "load", "short_name", "state_of", "move_of", "info_text"]

#: The widest single chance node of the deal (8 bits).
MAX_DRAW = 256


# --- action spaces ------------------------------------------------------------------------

def _archaeology_texts(data: Any, max_players: int) -> list[str]:
    """``end``; ``steal S`` (S = 0..3); ``discard``/``take``/``give`` each treasure (card
    order); ``explore SIZE`` (chamber order); ``sell CARD N`` (card order, N = 1..max set)."""
    cards = list(data.treasures)
    texts = ["end"]
    texts += [f"steal {s}" for s in range(max_players)]
    for verb in ("discard", "take", "give"):
        texts += [f"{verb} {card}" for card in cards]
    texts += [f"explore {chamber.size}" for chamber in data.pyramid]
    texts += [f"sell {card} {n}" for card, t in data.treasures.items()
              for n in range(1, t.max_set + 1)]
    return texts


def _lootnrun_texts(data: Any, max_players: int) -> list[str]:
    """``loot 0``, ``loot 1``, ``run``, ``awaken S`` (S = 0..5), ``keep none|0|1|both``,
    ``pass``."""
    return (["loot 0", "loot 1", "run"] + [f"awaken {s}" for s in range(max_players)]
            + ["keep none", "keep 0", "keep 1", "keep both", "pass"])


#: Game id -> ``texts(data, max_players) -> [move text, ...]``: action ``i`` is text ``i``.
#: An engine package may instead define ``action_texts(data, max_players)`` itself.
#: Not here: Pyramids, where it does not fit (a crossing is any pattern placement on either
#: card plus chains of red-cross extras: far too many distinct moves for a dense table), and
#: Tomb of the Ancients, where it would (about 20,000 ids: 50 maps x 4 turns x 25 anchors
#: for finds, market visits as sell x buy x discard, 75 sand spends) but whose engine is
#: being reworked as the engine template: one entry here adds it.
ACTION_SPACES: dict[str, Callable[[Any, int], list[str]]] = {
    "archaeology": _archaeology_texts,
    "lootnrun": _lootnrun_texts,
}


def _texts_for(game_id: str, data: object) -> list[str] | None:
    info = registry.get(game_id)
    if not registry.has_engine(game_id):
        return None
    engine = registry.engine(game_id)
    make = getattr(engine, "action_texts", None) or ACTION_SPACES.get(game_id)
    if make is None:
        return None
    texts = list(make(data, info.players[1]))
    if len(set(texts)) != len(texts):
        raise InternalFault(f"{game_id}: the OpenSpiel action table repeats a move text")
    return texts


def adapted_games() -> list[str]:
    """The game ids exposed to OpenSpiel (engines with an action space)."""
    return [g for g in registry.GAME_IDS if registry.has_engine(g)
            and (g in ACTION_SPACES or hasattr(registry.engine(g), "action_texts"))]


def short_name(game_id: str) -> str:
    """OpenSpiel's name of a digsite game."""
    return f"digsite_{game_id}"


# --- the deal as chance nodes ---------------------------------------------------------------

class _NeedDraw(Exception):
    def __init__(self, size: int) -> None:
        super().__init__(size)
        self.size = size


class _DealDraws(random.Random):
    """A generator that replays recorded draws and raises :class:`_NeedDraw` for the next.

    Every method of ``random.Random`` goes through ``_randbelow``, ``getrandbits`` or
    ``random``, which are redefined here as chance nodes of at most :data:`MAX_DRAW`
    outcomes with the same distribution as CPython's."""

    def __init__(self, draws: Sequence[int]) -> None:
        super().__init__(0)
        self._draws = draws
        self._at = 0

    def _draw(self, size: int) -> int:
        if self._at == len(self._draws):
            raise _NeedDraw(size)
        value = self._draws[self._at]
        self._at += 1
        return value

    def _randbelow(self, n: int) -> int:
        if n <= MAX_DRAW:
            return self._draw(n)
        bits = n.bit_length()
        while True:  # CPython's rejection step: uniform below n from uniform bits
            value = self.getrandbits(bits)
            if value < n:
                return value

    def getrandbits(self, k: int) -> int:
        value = 0
        while k > 0:
            width = min(8, k)
            value = (value << width) | self._draw(1 << width)
            k -= width
        return value

    def random(self) -> float:
        return self.getrandbits(53) * 2.0 ** -53


# --- one game's fixed facts --------------------------------------------------------------------

@dataclass(eq=False)
class _Spec:
    """What every state of one adapted game shares (never copied)."""

    game_id: str
    players: int
    utility: str
    data: object
    bundled: bool
    engine: Engine
    texts: list[str]
    index: dict[str, int]  # move text -> action id
    first_draw: int  # size of the deal's first chance node
    move_ids: dict[Hashable, int]  # move -> action id (a cache filled as moves are met)

    def action_of(self, move: Hashable) -> int:
        found = self.move_ids.get(move)
        if found is None:
            text = str(move)
            found = self.index.get(text)
            if found is None:
                raise InternalFault(f"{self.game_id}: move {text!r} has no OpenSpiel action id "
                                    f"(extend the action table)")
            self.move_ids[move] = found
        return found

    def deal(self, draws: Sequence[int]) -> tuple[int, dict[str, Any] | None]:
        """``(size of the next draw, None)`` or ``(0, the finished deal)``."""
        try:
            deal = self.engine.make_deal(players=self.players, seed=_DealDraws(draws),
                                         data=self.data)
        except _NeedDraw as need:
            return need.size, None
        return 0, deal


@functools.lru_cache(maxsize=None)
def _bundled_spec(game_id: str, players: int, utility: str) -> _Spec:
    return _make_spec(game_id, players, utility, cards_data.load(game_id), bundled=True)


def _table_range(game_id: str, data: object) -> tuple[int, int]:
    """The smallest and largest table ``data`` seats (its ``players_min`` to
    ``players_max``, which may narrow the game's range): the adapted game's players."""
    low, high = registry.get(game_id).players
    card_data = cast(cards_data.CardData, data)
    return cards_data.table_count(card_data, low), cards_data.table_count(card_data, high)


def _make_spec(game_id: str, players: int, utility: str, data: object, *, bundled: bool
               ) -> _Spec:
    low, high = _table_range(game_id, data)
    if not low <= players <= high:
        # (the solo analysis mode some games have is no table of OpenSpiel's)
        refused = cards_data.seats_refused(cast(cards_data.CardData, data), players)
        raise DigsiteError(refused or f"{game_id} is played by "
                                      f"{cards_data.players_words(low, high)}, not {players}")
    if utility not in ("score", "win"):
        raise DigsiteError(f"utility must be 'score' or 'win', got {utility!r}")
    texts = _texts_for(game_id, data)
    if texts is None:
        raise DigsiteError(f"{game_id} is not adapted to OpenSpiel (adapted: "
                           f"{', '.join(adapted_games())})")
    spec = _Spec(game_id, players, utility, data, bundled, registry.engine(game_id), texts,
                 {t: i for i, t in enumerate(texts)}, 0, {})
    spec.first_draw, deal = spec.deal(())
    if deal is not None:
        raise InternalFault(f"{game_id}: make_deal drew nothing from its seed")
    return spec


# --- states --------------------------------------------------------------------------------------

#: A step of a state's recipe: a decision or chance action, or ``("resample", player, seed)``.
_Step = int | tuple[str, int, int]
#: A state's recipe, newest step first: ``()`` at the start, then ``(recipe before, step)``
#: (shared by the states that branch from it, never copied).
_Recipe = tuple[()] | tuple["_Recipe", _Step]


class _Box:
    """The Python side of one OpenSpiel state: the deal drawn so far (while dealing) or the
    engine's world, and the recipe that rebuilds it. Deep-copied as the engine's
    ``clone()``; pickled as its recipe."""

    __slots__ = ("spec", "draws", "pending", "world", "recipe")
    spec: _Spec
    draws: tuple[int, ...]  # the deal's draws so far (while dealing)
    pending: int  # the size of the deal's next draw (0: dealt)
    world: State[Any] | None  # None while dealing
    recipe: _Recipe | None  # None: a state around an outside world (not serialisable)

    def __deepcopy__(self, memo: dict[int, object]) -> "_Box":
        other = _Box.__new__(_Box)
        other.spec = self.spec
        other.draws = self.draws
        other.pending = self.pending
        other.world = None if self.world is None else self.world.clone()
        other.recipe = self.recipe
        return other

    def __reduce__(self) -> tuple[Callable[..., _Box], tuple[str, int, str, tuple[_Step, ...]]]:
        spec = self.spec
        if not spec.bundled or self.recipe is None:
            raise DigsiteError("only states of a game on the bundled card data, played from "
                               "its start, can be serialised")
        steps: list[_Step] = []
        node = self.recipe
        while node:
            node, step = node
            steps.append(step)
        steps.reverse()
        return (_rebuild_box, (spec.game_id, spec.players, spec.utility, tuple(steps)))

    @classmethod
    def initial(cls, spec: _Spec) -> "_Box":
        box = cls.__new__(cls)
        box.spec = spec
        box.draws = ()
        box.pending = spec.first_draw
        box.world = None
        box.recipe = ()
        return box

    def dealt(self) -> State[Any]:
        """The engine's world, once the deal is drawn (no caller asks before)."""
        if self.world is None:
            raise InternalFault("the deal is still being drawn: no world yet")
        return self.world

    def record(self, step: _Step) -> None:
        if self.recipe is not None:
            self.recipe = (self.recipe, step)

    def apply(self, action: int) -> None:
        world = self.world
        if world is None:
            if not 0 <= action < self.pending:
                raise DigsiteError(f"deal draw {action} is not below {self.pending}")
            self.draws += (action,)
            self.pending, deal = self.spec.deal(self.draws)
            if deal is not None:
                self.world = self.spec.engine.state_from_deal(deal, self.spec.data)
                self.draws = ()
        elif world.current_player() == CHANCE:
            world.apply(world.chance_outcomes()[action][0])
        else:
            world.apply(_decode(self.spec, world, action))
        self.record(action)


def _decode(spec: _Spec, world: State[Any], action: int) -> Any:
    action_of = spec.action_of
    for move in world.legal_moves():
        if action_of(move) == action:
            return move
    raise DigsiteError(f"action {action} ({_text(spec, action)}) is not legal here")


def _text(spec: _Spec, action: int) -> str:
    return spec.texts[action] if 0 <= action < len(spec.texts) else f"#{action}"


def _rebuild_box(game_id: str, players: int, utility: str, steps: Sequence[_Step]) -> _Box:
    box = _Box.initial(_bundled_spec(game_id, players, utility))
    for step in steps:
        if isinstance(step, tuple):  # ("resample", player, seed)
            _, player, seed = step
            box.world = box.dealt().determinize(player, random.Random(seed))
            box.record(step)
        else:
            box.apply(step)
    return box


def info_text(key: Any) -> str:
    """A canonical text of an information-set key: equal keys give equal texts (sets and
    dicts are sorted; everything else is its ``repr``). ``key``: any engine's key, of the
    engine's own types.

    >>> info_text((1, frozenset({"b", "a"}), {"x": None}))
    "(1,{'a','b'},{'x':None})"
    """
    kind = type(key)
    if kind is tuple or kind is list:
        return "(" + ",".join([info_text(k) for k in key]) + ")"
    if kind is frozenset or kind is set:
        return "{" + ",".join(sorted(info_text(k) for k in key)) + "}"
    if kind is dict:
        return "{" + ",".join(sorted(f"{info_text(k)}:{info_text(v)}"
                                     for k, v in key.items())) + "}"
    return repr(key)


_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE = int(pyspiel.PlayerId.CHANCE)


class DigsiteState(pyspiel.State):  # type: ignore[misc]  # (pyspiel has no type stubs)
    """One OpenSpiel state of an adapted game (see the module docstring)."""

    def __init__(self, game: "DigsiteGame", box: _Box | None = None):
        super().__init__(game)
        self._box = box if box is not None else _Box.initial(game.spec)

    # -- whose turn, and what can happen ------------------------------------------------------

    def current_player(self) -> int:
        world = self._box.world
        if world is None:
            return _CHANCE
        player = world.current_player()
        if player >= 0:
            return player
        return _CHANCE if player == CHANCE else _TERMINAL

    def is_terminal(self) -> bool:
        world = self._box.world
        return world is not None and world.is_terminal()

    def _legal_actions(self, player: int) -> list[int]:
        action_of = self._box.spec.action_of
        return sorted(action_of(move) for move in self._box.dealt().legal_moves())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        box = self._box
        if box.world is None:
            p = 1.0 / box.pending
            return [(i, p) for i in range(box.pending)]
        outcomes = box.world.chance_outcomes()
        if len(outcomes) > MAX_DRAW:
            raise InternalFault(f"{box.spec.game_id}: {len(outcomes)} chance outcomes at one "
                                f"node, more than {MAX_DRAW}")
        return [(i, prob) for i, (_, prob) in enumerate(outcomes)]

    def _apply_action(self, action: int) -> None:
        self._box.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        box = self._box
        if player == _CHANCE:
            if box.world is None:
                return f"deal draw {action} of {box.pending}"
            outcomes = box.world.chance_outcomes()
            return str(outcomes[action][0]) if 0 <= action < len(outcomes) else f"#{action}"
        return _text(box.spec, action)

    # -- results ---------------------------------------------------------------------------------

    def returns(self) -> list[float]:
        box = self._box
        world = box.world
        if world is None or not world.is_terminal():
            return [0.0] * box.spec.players
        if box.spec.utility == "score":
            return [float(r) for r in world.returns()]
        winners = world.winners()
        share = 1.0 / len(winners)
        return [share if seat in winners else 0.0 for seat in range(box.spec.players)]

    # -- hidden information -------------------------------------------------------------------

    def information_state_string(self, player: int | None = None) -> str:
        """Canonical text of the engine's information-set key of ``player`` (default: the
        player to act)."""
        box = self._box
        if player is None:
            player = self.current_player()
        if box.world is None:
            return f"dealing {len(box.draws)}"
        return info_text(box.world.information_set_key(player))

    observation_string = information_state_string

    def resample_from_infostate(self, player: int, probability_sampler: Callable[[], float]
                                ) -> "DigsiteState":
        """A world ``player`` cannot tell from this one, from the engine's determinizer
        (seeded by one draw of ``probability_sampler``)."""
        return self.resample(player, random.Random(int(probability_sampler() * 2.0 ** 53)))

    def resample(self, player: int, rng: random.Random) -> "DigsiteState":
        """:meth:`resample_from_infostate` with the caller's generator."""
        box = self._box
        if box.world is None:
            raise DigsiteError("no world to resample while the deal is being drawn")
        seed = rng.getrandbits(63)
        other = _Box.__new__(_Box)
        other.spec = box.spec
        other.draws = ()
        other.pending = 0
        other.world = box.world.determinize(player, random.Random(seed))
        other.recipe = box.recipe
        other.record(("resample", player, seed))
        return DigsiteState(self.get_game(), other)

    def __str__(self) -> str:
        box = self._box
        if box.world is None:
            return f"dealing: draws {list(box.draws)}, next below {box.pending}"
        return repr(box.world.to_json())

    # -- digsite side -----------------------------------------------------------------------

    @property
    def world(self) -> State[Any] | None:
        """The engine's world (None while the deal is being drawn)."""
        return self._box.world


class _Observer:
    """OpenSpiel's observer interface for C++ callers: strings only, no tensor."""

    def __init__(self) -> None:
        self.tensor = None
        self.dict: dict[str, object] = {}

    def set_from(self, state: DigsiteState, player: int) -> None:
        pass

    def string_from(self, state: DigsiteState, player: int) -> str:
        return state.information_state_string(player)


def _game_type(game_id: str, low: int, high: int) -> pyspiel.GameType:
    """The game type of ``game_id`` played by ``low`` to ``high`` players (a registered
    game: the engine's range; a game made with card data: the data's)."""
    info = registry.get(game_id)
    return pyspiel.GameType(
        short_name=short_name(game_id), long_name=f"digsite {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high, min_num_players=low,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        provides_factored_observation_string=False,
        parameter_specification={"players": low, "utility": "score"})


class DigsiteGame(pyspiel.Game):  # type: ignore[misc]  # (pyspiel has no type stubs)
    """An adapted digsite game. ``params``: ``players``, ``utility`` (see the module
    docstring); ``data`` replaces the bundled card data (such states do not serialise)."""

    #: set on the per-game subclasses that are registered with OpenSpiel
    GAME_ID: str | None = None

    def __init__(self, params: Mapping[str, Any] | None = None, *, game_id: str | None = None,
                 data: object = None) -> None:
        params = dict(params or {})
        game_id = game_id or self.GAME_ID
        if game_id is None:
            raise InternalFault("a DigsiteGame without a game id (its registered subclasses "
                                "have one)")
        info = registry.get(game_id)
        fewest, most = _table_range(game_id, cards_data.load(game_id) if data is None else data)
        players = int(params.get("players", fewest))
        utility = str(params.get("utility", "score"))
        if data is None:
            spec = _bundled_spec(game_id, players, utility)
        else:
            spec = _make_spec(game_id, players, utility, data, bundled=False)
        low, high = (info.score_bounds if utility == "score" else (0.0, 1.0))
        game_info = pyspiel.GameInfo(
            num_distinct_actions=len(spec.texts), max_chance_outcomes=MAX_DRAW,
            num_players=players, min_utility=float(low), max_utility=float(high),
            utility_sum=None, max_game_length=info.max_moves)
        super().__init__(_game_type(game_id, fewest, most), game_info,
                         {"players": players, "utility": utility})
        self.spec = spec

    def new_initial_state(self) -> DigsiteState:
        """The start of a game: the first chance node of the deal."""
        return DigsiteState(self)

    def make_py_observer(self, iig_obs_type: object = None, params: object = None) -> _Observer:
        """Observation and information-state strings (see the module docstring)."""
        return _Observer()

    def action_texts(self) -> list[str]:
        """Move text of every decision action id."""
        return list(self.spec.texts)


# OpenSpiel keeps each creator until the process ends. A class (never freed: it refers to
# itself) and not a closure: freeing a closure at interpreter exit, after Python has shut
# down, crashes the process.
_REGISTERED = {game_id: type(f"DigsiteGame_{game_id}", (DigsiteGame,), {"GAME_ID": game_id})
               for game_id in adapted_games()}
for _game_id, _game_class in _REGISTERED.items():
    pyspiel.register_game(_game_type(_game_id, *registry.get(_game_id).players), _game_class)


def load(game_id: str, *, players: int | None = None, utility: str = "score",
         data: object = None) -> DigsiteGame:
    """The adapted game ``game_id`` (bundled card data unless ``data`` is given) at a table
    of ``players`` (default: the smallest the card data seats)."""
    params: dict[str, Any] = {"utility": utility}
    if players:
        params["players"] = players
    return DigsiteGame(params, game_id=game_id, data=data)


def state_of(game: DigsiteGame, world: State[Any]) -> DigsiteState:
    """An OpenSpiel state wrapping an engine world (a clone of it); not serialisable."""
    box = _Box.initial(game.spec)
    box.pending = 0
    box.world = world.clone()
    box.recipe = None
    return DigsiteState(game, box)


def move_of(game: DigsiteGame, world: State[Any], action: int) -> Any:
    """The engine move of decision ``action`` in ``world`` (``DigsiteError`` if illegal)."""
    return _decode(game.spec, world, action)
