"""Loot N Run deals and player views as JSON, read through ``games.reader``.

**Deal** (everything hidden fixed; ``digsite deal lootnrun --seed N``)::

    {"game": "lootnrun", "edition": "...", "players": 3, "first_player": 1,
     "decks": [[room ids, top first], [room ids, top first]], "chance_seed": 12345}

Both decks together hold every room exactly once; ``chance_seed`` fixes the order of every
later reshuffle; ``edition`` (optional) must name the edition of the card data.

**Player view** (what one seat sees; ``digsite example lootnrun``)::

    {"game": "lootnrun", "players": 3, "seat": 0, "to_move": 0, "phase": "act",
     "scores": [12, 7, 20], "my_rooms": [4, 31],
     "front_backs": [["red", "green"], ["yellow"], []],
     "front_reshuffles": [[0, 1], [1], []],
     "decks": [{"size": 20, "top": "green"}, {"size": 22, "top": "red"}],
     "discard": [room ids], "reshuffled": [[room ids]], "extra_turn": false,
     "history": ["1 loot 0", "2 awaken 1", "2 keep 0", "chance reshuffle", "0 run", ...]}

* ``front_backs``: the back colour of every room face down in front of each seat (the
  viewer's own entry must match ``my_rooms``).
* ``reshuffled``: for each reshuffle so far, the face-up discard pile that went into the
  new decks (optional, ``[]`` before the first reshuffle). Everyone saw those rooms, so
  they cannot be in a front filled before that reshuffle.
* ``front_reshuffles``: for every room in ``front_backs``, how many reshuffles had
  happened when it was drawn (optional while ``reshuffled`` is empty); an own room a
  reshuffle put into the decks was drawn after it.
* ``decks``: in phase ``act`` a deck is empty only when the other deck and the discard
  pile hold fewer than 2 rooms (else they are reshuffled into two new decks at once).
* ``history``: what happened since the deal, in order, one move a line, as a game record
  writes it after the seat that made it (``S loot D``, ``S run``, ``S awaken T``, ``S keep
  0``, ``S pass``), and ``chance reshuffle`` where the decks were reshuffled (their new
  order is hidden). Every move is public. Optional (``[]``); the view's other keys say
  all the seat knows (see "Its form" below), so it is read for its form only: each line a
  move of a seat of the table, as many reshuffles as ``reshuffled`` lists (a world read
  from a view starts with no moves of its own).
* The view is for the seat to move (``to_move`` equals ``seat``). In the Werewolf's
  ``keep`` phase it adds ``"drawn": [id or null, id or null]``, the two rooms drawn.
* ``frank_turn``: ``true`` when this turn (phase ``act``) is the extra turn a Frank gave
  the seat, which the screen says ("your turn (Frank gave you this extra turn)");
  written only then, optional (``false``). Not ``extra_turn``, which says such a turn is
  still to come (in the ``keep`` phase of an awakening that caught a Werewolf and a
  Frank). It changes no rule and nothing a search reads: a turn is a turn.

A view is refused with ``InvalidStateError`` naming the key when it is malformed or
impossible; an unknown key is refused too.

**Its form.** This view is a *position* view, version 1 (issue 19 names the two forms of
a card game's view): what the seat knows now, written down in one go. Loot N Run has no
history form, and needs none: every room that leaves a front is revealed and discarded
face up, every back colour is public, and what a seat saw go into each reshuffle is the
view's ``reshuffled``, so the order of past events tells a seat nothing more (the view's
``history`` says what happened, for whoever reads it; the sampler does not need it). The
sampler is exact with respect to the view (``LootNRunState.determinize``, proven against
enumeration in ``tests/games/test_card_posteriors.py`` and, from the view itself, in
``tests/games/test_position_views.py``). ``position_of`` is ``view_of`` without
``history``, and ``digsite example lootnrun --position`` (``view --position``) prints the
view of ``digsite example lootnrun`` without it; hints say ``"view_form": "position"``.
Optional keys and their defaults: ``reshuffled`` ``[]``, ``front_reshuffles`` all 0
(required once a reshuffle happened), ``extra_turn`` false, ``frank_turn`` false,
``history`` ``[]``.
"""

from __future__ import annotations

import json

from typing import Any

from cards_data import table_count
from cards_data.lootnrun import LootNRunData
from games.errors import InvalidMoveError, InvalidStateError
from games.forgiving import did_you_mean
from games.protocol import resolve_chance
from games.reader import (VIEW_MARK, Node, ViewReading, read_document, read_fingerprint,
                          read_game, read_seats, read_view_seat)
from games.seeding import Seed, make_rng
from games.table import plural

from .moves import parse_text
from .rules import Rules, rules_for
from .state import LootNRunState

__all__ = ["make_deal", "state_from_deal", "view_of", "state_from_view", "read_view",
           "position_of", "example_view", "example_position"]


#: Every key of a player view (module docstring), checked before any is read
#: (``Node.only``): a misspelt optional key is named, not read as left out.
VIEW_KEYS = ("game", "players", "seat", "to_move", "phase", "scores", "my_rooms", "discard",
             "drawn", "reshuffled", "front_backs", "front_reshuffles", "decks", "extra_turn",
             "frank_turn", "history", VIEW_MARK)


def make_deal(*, players: int, seed: Seed, data: LootNRunData, **options: object
              ) -> dict[str, Any]:
    """Shuffle the rooms, split them into two decks and pick the first player."""
    if options:
        raise InvalidStateError(f"deal: unknown option{'s' if len(options) > 1 else ''} "
                                f"{', '.join(sorted(options))}")
    read_seats(read_document({"game": "lootnrun", "players": players}, "deal"), data)
    rng = make_rng(seed)
    ids = [room.id for room in data.rooms]
    rng.shuffle(ids)
    half = len(ids) // data.decks
    return {"game": "lootnrun", "edition": data.edition, "players": players,
            "first_player": rng.randrange(players), "decks": [ids[:half], ids[half:]],
            "chance_seed": rng.getrandbits(63)}


def _rooms(node: Node, key: str, rules: Rules) -> list[int]:
    """The list of room ids ``key`` as room positions."""
    return _room_list(node, node.items(key), node.where(key), rules)


def _room_list(node: Node, value: object, where: str, rules: Rules) -> list[int]:
    rooms = node.check_list(value, where)
    return [_room(node, room_id, f"{where}[{i}]", rules) for i, room_id in enumerate(rooms)]


def _room(node: Node, room_id: object, where: str, rules: Rules) -> int:
    number = node.check_int(room_id, where, lo=None)
    if number not in rules.index:
        node.fail_at(where, f"{number} is not a room id of this card data")
    return rules.index[number]


def _start(node: Node, data: LootNRunData) -> Rules:
    players = read_seats(node, data)
    return rules_for(data, players)


def state_from_deal(deal: dict[str, Any], data: LootNRunData) -> LootNRunState:
    """The initial state of a validated deal."""
    node = read_document(deal, "deal")
    rules = _start(node, data)
    edition = node.text("edition", default=data.edition)
    if edition != data.edition:
        node.fail(f"the deal is for edition {edition!r}, the card data is "
                  f"{data.edition!r}", "edition")
    first = node.integer("first_player", hi=rules.players - 1)
    decks = [_room_list(node, deck, f"decks[{i}]", rules)
             for i, deck in enumerate(node.items("decks", length=2))]
    if sorted(decks[0] + decks[1]) != list(range(len(rules.ids))):
        node.fail(f"the decks must hold each of the {len(rules.ids)} rooms exactly once",
                  "decks")
    if abs(len(decks[0]) - len(decks[1])) > 1:  # "split them into 2 equal decks"
        node.fail(f"{len(decks[0])} and {len(decks[1])} rooms: the rooms are split into 2 "
                  f"equal decks", "decks")
    seed = node.integer("chance_seed", hi=2**63 - 1)
    node.done()
    # decks are listed top first; the state keeps the top last for cheap pops
    return LootNRunState.new(rules, [decks[0][::-1], decks[1][::-1]], first, seed)


def view_of(state: LootNRunState, seat: int) -> dict[str, Any]:
    """What ``seat`` sees of ``state``, as a player view."""
    rules = state.rules
    ids, back = rules.ids, rules.back
    view: dict[str, Any] = {
        "game": "lootnrun", "players": state.num_players, "seat": seat,
        "to_move": state.to_move, "phase": state.phase, "scores": list(state.scores),
        "my_rooms": [ids[r] for r in state.fronts[seat]],
        "front_backs": [[back[r] for r in front] for front in state.fronts],
        "front_reshuffles": [list(epochs) for epochs in state.front_epochs],
        "decks": [{"size": len(d), "top": back[d[-1]] if d else None} for d in state.decks],
        "discard": [ids[r] for r in state.discard],
        "reshuffled": [[ids[r] for r in rooms] for rooms in state.reshuffles],
        "extra_turn": state.extra_turn,
        "history": state.log_lines(),
    }
    if state.phase == "keep" and state.to_move == seat:
        view["drawn"] = [None if r is None else ids[r] for r in state.drawn]
    # (only then: every other view's JSON as before)
    if state.phase == "act" and state.to_move == seat and state.on_franks_turn():
        view["frank_turn"] = True
    return view


def position_of(state: LootNRunState, seat: int) -> dict[str, Any]:
    """The position view of ``seat``: the view without its ``history`` (module docstring,
    "Its form")."""
    view = view_of(state, seat)
    del view["history"]
    return view


def read_view(view: dict[str, Any], data: LootNRunData, seed: Seed) -> ViewReading:
    """``state_from_view`` as a ``ViewReading`` (the form: always the position)."""
    world, seat = state_from_view(view, data, seed)
    return ViewReading(world, seat, "position")


def state_from_view(view: dict[str, Any], data: LootNRunData, seed: Seed
                    ) -> tuple[LootNRunState, int]:
    """Validate a player view; return one world consistent with it (sampled exactly as
    ``LootNRunState.determinize`` does) and the viewer's seat."""
    node = read_document(view, "view")
    read_game(node, data.game)  # (before the keys: another game's are not "unknown")
    node.only(VIEW_KEYS)
    read_fingerprint(node, data, VIEW_MARK)
    rules = _start(node, data)
    players = rules.players
    seat = read_view_seat(node, players)
    phase = node.text("phase", choices=("act", "keep"))
    scores = list(node.integers("scores", length=players))
    for i, score in enumerate(scores):
        if score >= rules.target:
            node.fail(f"must be at most {rules.target - 1}, got {score}: the game ends as soon "
                      f"as a seat reaches {rules.target} points", f"scores[{i}]")
    mine = _rooms(node, "my_rooms", rules)
    discard = _rooms(node, "discard", rules)
    drawn: list[int | None] = []
    if phase == "keep":
        raw = node.items("drawn", length=2)
        if raw == [None, None]:
            node.fail("the werewolf draws at least one room", "drawn")
        drawn = [None if r is None else _room(node, r, f"drawn[{i}]", rules)
                 for i, r in enumerate(raw)]
    reshuffled = [_room_list(node, rooms, f"reshuffled[{k}]", rules)
                  for k, rooms in enumerate(node.items("reshuffled", default=[]))]
    known = mine + discard + [r for r in drawn if r is not None]
    if len(set(known)) != len(known):
        places = {"my_rooms": mine, "discard": discard,
                  "drawn": [r for r in drawn if r is not None]}
        twice = next(r for r in known if known.count(r) > 1)
        where = [f"{key} ({places[key].count(twice)}x)" if places[key].count(twice) > 1
                 else key for key in places if twice in places[key]]
        node.fail(f"room {rules.ids[twice]} appears twice: in {' and '.join(where)}")
    backs = _backs(node, players, rules)
    if backs[seat] != [rules.back[r] for r in mine]:
        node.fail("does not match the backs of my_rooms", f"front_backs[{seat}]")
    epochs = _front_epochs(node, backs, len(reshuffled))
    decks = [node.node_at(deck, f"decks[{i}]")
             for i, deck in enumerate(node.items("decks", length=2))]
    sizes, tops = [], []
    for deck in decks:
        size = deck.integer("size", hi=len(rules.ids))
        top = deck.raw("top")
        if top is not None and top not in rules.colours:
            deck.fail(f"{json.dumps(top)[:30]} is not a back colour (colours: "
                      f"{', '.join(rules.colours)})"
                      + (did_you_mean(top, rules.colours) if isinstance(top, str) else ""),
                      "top")
        if (top is None) != (size == 0):
            deck.fail("a non-empty deck shows its top room's back colour, an empty one null",
                      "top")
        deck.done()
        sizes.append(size)
        tops.append(top)
    extra = node.boolean("extra_turn", default=False)
    frank = node.boolean("frank_turn", default=False)
    if frank and phase != "act":
        node.fail("a Frank's extra turn is a turn of phase act, not a werewolf's keep",
                  "frank_turn")
    _check_history(node, players, len(reshuffled))
    node.done()
    _check_own_epochs(node, seat, mine, epochs[seat], reshuffled, rules)
    empty = next((i for i, size in enumerate(sizes) if not size), None)
    if phase == "act" and empty is not None and sum(sizes) + len(discard) >= 2:
        node.fail(f"an empty deck is refilled at once: when either deck is empty the other "
                  f"deck and the discard pile are reshuffled into two new decks (here "
                  f"{plural(sum(sizes) + len(discard), 'room')}), before the next seat acts",
                  f"decks[{empty}]")
    hidden = sum(len(b) for s, b in enumerate(backs) if s != seat) + sum(sizes)
    if hidden + len(known) != len(rules.ids):
        node.fail(f"{len(known)} known rooms (my_rooms, discard, drawn) + {hidden} face down "
                  f"(front_backs of the others, decks' sizes) make {len(known) + hidden}, "
                  f"but the game has {len(rules.ids)} rooms")
    world = _skeleton(rules, seat, phase, scores, mine, discard, drawn, backs, epochs,
                      sizes, tops, node)
    world.reshuffles = tuple(tuple(sorted(rooms)) for rooms in reshuffled)
    world.extra_turn = extra
    world.frank_turn = frank
    return world.determinize(seat, make_rng(seed)), seat


def _check_history(node: Node, players: int, reshuffles: int) -> None:
    """``history`` (module docstring): each line ``chance reshuffle`` or a seat of the
    table and a move of the game's notation, the reshuffles as many as ``reshuffled``
    lists (a view without one, a position, says nothing of them)."""
    where = node.where("history")
    given = node.has("history")
    lines = node.items("history", default=[])
    for i, line in enumerate(lines):
        text = node.check_str(line, f"{where}[{i}]")
        if text == "chance reshuffle":
            continue
        seat, _, move = text.partition(" ")
        if not (seat.isdecimal() and seat.isascii() and int(seat) < players):
            node.fail_at(f"{where}[{i}]", f"{json.dumps(text)[:40]} does not begin with a "
                         f"seat (0 to {players - 1}) or say 'chance reshuffle'")
        try:
            parse_text(move)
        except InvalidMoveError as exc:
            node.fail_at(f"{where}[{i}]", exc.said)
    told = sum(line == "chance reshuffle" for line in lines)
    if given and told != reshuffles:
        node.fail(f"{plural(told, 'reshuffle')}, but reshuffled lists "
                  f"{plural(reshuffles, 'reshuffle')}", "history")


def _check_own_epochs(node: Node, seat: int, mine: list[int], epochs: list[int],
                      reshuffled: list[list[int]], rules: Rules) -> None:
    """A room of the seat's own front went into the decks at its last reshuffle, so it was
    drawn after it: ``front_reshuffles`` counts at least that reshuffle (a room stays in a
    front until it is revealed; only the discard pile is reshuffled)."""
    for i, room in enumerate(mine):
        last = max((k + 1 for k, rooms in enumerate(reshuffled) if room in rooms), default=0)
        if epochs[i] < last:
            node.fail(f"{plural(epochs[i], 'reshuffle')} when room {rules.ids[room]} "
                      f"(my_rooms[{i}]) was drawn, but reshuffle {last} (reshuffled[{last - 1}]) "
                      f"put it into the decks from the discard pile: it was drawn after that "
                      f"reshuffle", f"front_reshuffles[{seat}][{i}]")


def _backs(node: Node, players: int, rules: Rules) -> list[list[str]]:
    where = node.where("front_backs")
    out = []
    for s, front in enumerate(node.items("front_backs", length=players)):
        node.check_list(front, f"{where}[{s}]")
        out.append([node.check_str(b, f"{where}[{s}][{i}]", rules.colours)
                    for i, b in enumerate(front)])
    return out


def _front_epochs(node: Node, backs: list[list[str]], reshuffles: int) -> list[list[int]]:
    if not node.has("front_reshuffles"):
        if reshuffles:
            node.fail("required once a reshuffle has happened", "front_reshuffles")
        node.raw("front_reshuffles", None)
        return [[0] * len(b) for b in backs]
    where = node.where("front_reshuffles")
    out = []
    for s, epochs in enumerate(node.items("front_reshuffles", length=len(backs))):
        node.check_list(epochs, f"{where}[{s}]", length=len(backs[s]))
        out.append([node.check_int(e, f"{where}[{s}][{i}]") for i, e in enumerate(epochs)])
        for i, e in enumerate(out[-1]):
            if e > reshuffles:
                # (the count of reshuffles before the room was drawn: at most those so far)
                so_far = (f"reshuffled lists {plural(reshuffles, 'reshuffle')}" if reshuffles
                          else "there has been no reshuffle yet (reshuffled is empty)")
                node.fail_at(f"{where}[{s}][{i}]", f"must be at most {reshuffles}, got {e}: "
                             f"it counts the reshuffles before the room was drawn, and "
                             f"{so_far}")
    return out


def _skeleton(rules: Rules, seat: int, phase: str, scores: list[int], mine: list[int],
              discard: list[int], drawn: list[int | None], backs: list[list[str]],
              epochs: list[list[int]], sizes: list[int], tops: list[str | None],
              node: Node) -> LootNRunState:
    """A state with the view's public facts and any unseen rooms of the right colours in
    the face-down places (``determinize`` then resamples every one of them)."""
    known = set(mine) | set(discard) | {r for r in drawn if r is not None}
    unseen: dict[str, list[int]] = {}
    for room in range(len(rules.ids)):
        if room not in known:
            unseen.setdefault(rules.back[room], []).append(room)

    def take(colour: str) -> int:
        if not unseen.get(colour):
            node.fail(f"more face-down {colour} rooms are visible than unseen {colour} rooms")
        return unseen[colour].pop()

    fronts = [list(mine) if s == seat else [take(c) for c in front]
              for s, front in enumerate(backs)]
    # a deck shows a top exactly when it is not empty (checked by state_from_view)
    decks = [[take(top)] if top is not None else [] for top in tops]
    rest = [room for rooms in unseen.values() for room in rooms]
    for deck, size in zip(decks, sizes):
        deck[:0] = [rest.pop() for _ in range(size - len(deck))]
    world = LootNRunState.new(rules, [[], []], seat, 0)
    world.decks = decks
    world.fronts = fronts
    world.front_epochs = epochs
    world.discard = list(discard)
    world.scores = list(scores)
    world.phase = phase
    world.drawn = drawn
    return world


def example_view(data: LootNRunData) -> dict[str, Any]:
    """A mid-game view: three players (or the nearest count the card data allows), seed 0,
    a few seeded random turns in."""
    state = state_from_deal(make_deal(players=table_count(data, 3), seed=0, data=data), data)
    rng = make_rng(0)
    resolve_chance(state, rng)
    for _ in range(9):
        moves = state.legal_moves()
        after = state.clone()
        after.apply(moves[rng.randrange(len(moves))])
        resolve_chance(after, rng)
        if after.is_terminal():  # a user's file with a low target may end this early
            break
        state = after
    return view_of(state, state.to_move)


def example_position(data: LootNRunData) -> dict[str, Any]:
    """The position view of the example (the example view without its ``history``:
    module docstring)."""
    view = example_view(data)
    del view["history"]
    return view
