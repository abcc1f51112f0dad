"""Loot N Run deals and player views as JSON, with their validation.

**Deal** (everything hidden fixed)::

    {"game": "lootnrun", "edition": "...", "players": 3, "first_player": 1,
     "decks": [[room ids, top first], [room ids, top first]], "chance_seed": 12345}

Both decks together hold every room exactly once; ``chance_seed`` fixes the order of every
later reshuffle.

**Player view** (what one seat sees)::

    {"game": "lootnrun", "players": 3, "seat": 0, "to_move": 0, "phase": "act",
     "scores": [12, 7, 20], "my_rooms": [4, 31],
     "front_backs": [["red", "green"], ["yellow"], []],
     "decks": [{"size": 20, "top": "green"}, {"size": 22, "top": "red"}],
     "discard": [room ids], "extra_turn": false}

``front_backs`` lists the back colour of every room face down in front of each seat (the
viewer's own entry must match ``my_rooms``). In the Werewolf's ``keep`` phase the viewer
must be the one to move and the view adds ``"drawn": [id or null, id or null]``.
"""

from __future__ import annotations

from games.errors import InvalidStateError
from games.protocol import resolve_chance
from games.seeding import make_rng

from .state import LootNRunState, Tables

__all__ = ["make_deal", "state_from_deal", "view_of", "state_from_view", "example_view"]

_TABLES: dict[int, Tables] = {}


def tables_for(data) -> Tables:
    """Room tables for ``data``, built once per data object."""
    key = id(data)
    cached = _TABLES.get(key)
    if cached is None or cached.data is not data:
        cached = _TABLES[key] = Tables(data)
    return cached


def _require(condition: bool, where: str, message: str) -> None:
    if not condition:
        raise InvalidStateError(f"{where}: {message}")


def _int(value, where: str, lo: int, hi: int) -> int:
    _require(isinstance(value, int) and not isinstance(value, bool), where,
             f"expected an integer, got {value!r}")
    _require(lo <= value <= hi, where, f"{value} is outside {lo}..{hi}")
    return value


def _rooms(value, where: str, tables: Tables) -> list[int]:
    _require(isinstance(value, list), where, "expected a list of room ids")
    out = []
    for i, room_id in enumerate(value):
        _require(isinstance(room_id, int) and room_id in tables.index, f"{where}[{i}]",
                 f"{room_id!r} is not a room id of this card data")
        out.append(tables.index[room_id])
    return out


def _players(value, data, where: str = "players") -> int:
    return _int(value, where, data.players_min, data.players_max)


def make_deal(*, players: int, seed, data, **options) -> dict:
    """Shuffle the rooms, split them into two decks and pick the first player."""
    if options:
        raise InvalidStateError(f"deal: unknown option(s) {', '.join(sorted(options))}")
    _players(players, data)
    rng = make_rng(seed)
    ids = [room.id for room in data.rooms]
    rng.shuffle(ids)
    half = len(ids) // data.decks
    return {"game": "lootnrun", "edition": data.edition, "players": players,
            "first_player": rng.randrange(players), "decks": [ids[:half], ids[half:]],
            "chance_seed": rng.getrandbits(63)}


def state_from_deal(deal: dict, data) -> LootNRunState:
    """The initial state of a validated deal."""
    tables = tables_for(data)
    _require(isinstance(deal, dict) and deal.get("game") == "lootnrun", "deal.game",
             "expected \"lootnrun\"")
    players = _players(deal.get("players"), data, "deal.players")
    first = _int(deal.get("first_player"), "deal.first_player", 0, players - 1)
    decks = deal.get("decks")
    _require(isinstance(decks, list) and len(decks) == 2, "deal.decks", "expected two decks")
    rooms = [_rooms(d, f"deal.decks[{i}]", tables) for i, d in enumerate(decks)]
    every = sorted(rooms[0] + rooms[1])
    _require(every == list(range(len(tables.ids))), "deal.decks",
             f"the decks must hold each of the {len(tables.ids)} rooms exactly once")
    seed = _int(deal.get("chance_seed"), "deal.chance_seed", 0, 2**63 - 1)
    # decks are listed top first; the state keeps the top last for cheap pops
    return LootNRunState(tables, players, data.target_for(players),
                         [list(reversed(rooms[0])), list(reversed(rooms[1]))], first, seed)


def view_of(state: LootNRunState, seat: int) -> dict:
    """What ``seat`` sees of ``state``, as a player view."""
    t = state.tables
    view = {
        "game": "lootnrun", "players": state.num_players, "seat": seat,
        "to_move": state.to_move, "phase": state.phase, "scores": list(state.scores),
        "my_rooms": [t.ids[r] for r in state.fronts[seat]],
        "front_backs": [[t.back[r] for r in front] for front in state.fronts],
        "decks": [{"size": len(d), "top": t.back[d[-1]] if d else None} for d in state.decks],
        "discard": [t.ids[r] for r in state.discard],
        "extra_turn": state.extra_turn,
    }
    if state.phase == "keep" and state.to_move == seat:
        view["drawn"] = [None if r is None else t.ids[r] for r in state.drawn]
    return view


def state_from_view(view: dict, data, seed) -> tuple[LootNRunState, int]:
    """Validate a player view; return one world consistent with it and the viewer's seat."""
    tables = tables_for(data)
    _require(isinstance(view, dict) and view.get("game") == "lootnrun", "view.game",
             "expected \"lootnrun\"")
    players = _players(view.get("players"), data, "view.players")
    seat = _int(view.get("seat"), "view.seat", 0, players - 1)
    to_move = _int(view.get("to_move"), "view.to_move", 0, players - 1)
    phase = view.get("phase")
    _require(phase in ("act", "keep"), "view.phase", f"expected \"act\" or \"keep\", got {phase!r}")
    target = data.target_for(players)
    scores = view.get("scores")
    _require(isinstance(scores, list) and len(scores) == players, "view.scores",
             f"expected {players} scores")
    for i, score in enumerate(scores):
        _int(score, f"view.scores[{i}]", 0, target - 1)
    mine = _rooms(view.get("my_rooms"), "view.my_rooms", tables)
    discard = _rooms(view.get("discard"), "view.discard", tables)
    drawn: list[int | None] = []
    if phase == "keep":
        _require(to_move == seat, "view.phase", "a keep decision is seen only by the player to move")
        raw = view.get("drawn")
        _require(isinstance(raw, list) and len(raw) == 2 and raw != [None, None], "view.drawn",
                 "expected the two drawn room ids (null for an empty deck)")
        drawn = [None if r is None else _rooms([r], f"view.drawn[{i}]", tables)[0]
                 for i, r in enumerate(raw)]
    known = mine + discard + [r for r in drawn if r is not None]
    _require(len(set(known)) == len(known), "view", "a room appears twice among my_rooms, discard and drawn")
    backs = view.get("front_backs")
    _require(isinstance(backs, list) and len(backs) == players, "view.front_backs",
             f"expected one list per seat ({players})")
    colours = set(tables.back)
    for s, front in enumerate(backs):
        _require(isinstance(front, list) and all(b in colours for b in front),
                 f"view.front_backs[{s}]", f"expected back colours from {sorted(colours)}")
    _require(backs[seat] == [tables.back[r] for r in mine], f"view.front_backs[{seat}]",
             "does not match the backs of my_rooms")
    decks = view.get("decks")
    _require(isinstance(decks, list) and len(decks) == 2, "view.decks", "expected two decks")
    sizes, tops = [], []
    for i, deck in enumerate(decks):
        _require(isinstance(deck, dict), f"view.decks[{i}]", "expected {\"size\", \"top\"}")
        size = _int(deck.get("size"), f"view.decks[{i}].size", 0, len(tables.ids))
        top = deck.get("top")
        _require((top is None) == (size == 0) and (top is None or top in colours),
                 f"view.decks[{i}].top", "a non-empty deck shows its top room's back colour")
        sizes.append(size)
        tops.append(top)
    hidden_count = sum(len(b) for s, b in enumerate(backs) if s != seat) + sum(sizes)
    _require(hidden_count + len(known) == len(tables.ids), "view",
             f"{len(known)} known rooms + {hidden_count} face down make "
             f"{len(known) + hidden_count}, but the game has {len(tables.ids)} rooms")
    extra = view.get("extra_turn", False)
    _require(isinstance(extra, bool), "view.extra_turn", "expected true or false")

    # fill the hidden places: visible backs first, from the unknown rooms of that colour
    unknown = [r for r in range(len(tables.ids)) if r not in set(known)]
    by_back: dict[str, list[int]] = {}
    for room in unknown:
        by_back.setdefault(tables.back[room], []).append(room)
    needed: dict[str, int] = {}
    for s, front in enumerate(backs):
        if s != seat:
            for colour in front:
                needed[colour] = needed.get(colour, 0) + 1
    for top in tops:
        if top is not None:
            needed[top] = needed.get(top, 0) + 1
    for colour, count in needed.items():
        _require(len(by_back.get(colour, [])) >= count, "view",
                 f"{count} face-down {colour} rooms are visible, but only "
                 f"{len(by_back.get(colour, []))} {colour} rooms are unaccounted for")

    def take(colour: str) -> int:
        return by_back[colour].pop()

    fronts = [list(mine) if s == seat else [take(c) for c in front] for s, front in enumerate(backs)]
    deck_lists: list[list[int]] = []
    for size, top in zip(sizes, tops):
        deck_lists.append([take(top)] if size else [])
    rest = [room for rooms in by_back.values() for room in rooms]
    for i, size in enumerate(sizes):
        for _ in range(size - len(deck_lists[i])):
            deck_lists[i].insert(0, rest.pop())
    world = LootNRunState(tables, players, target, [[], []], to_move, 0)
    world.decks = deck_lists
    world.fronts = fronts
    world.discard = list(discard)
    world.scores = list(scores)
    world.phase = phase
    world.drawn = drawn
    world.extra_turn = extra
    return world.determinize(seat, make_rng(seed)), seat


def example_view(data) -> dict:
    """A mid-game view: three players, seed 0, a few seeded random turns in."""
    state = state_from_deal(make_deal(players=3, seed=0, data=data), data)
    rng = make_rng(0)
    for _ in range(9):
        resolve_chance(state, rng)
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    resolve_chance(state, rng)
    if state.is_terminal():  # the bundled data never ends this early; a user's file might
        state = state_from_deal(make_deal(players=3, seed=0, data=data), data)
    return view_of(state, state.to_move)
