"""JSON deals and player views of Archaeology: The New Expedition, read through
``games.reader``; and the OpenSpiel action table.

**Deal** (every hidden thing fixed; ``digsite deal expedition --seed N [--monument M]
[--variant V]``)::

    {"game": "expedition", "players": 2,
     "monument": "tomb",                              # a monument key of the card data
     "variants": [],                                  # "long-expedition", "fierce-weather",
                                                      # "beginners-luck"
     "first_player": 1,
     "hands": [["coin", "pot_shard", ...], ...],      # 4 cards per seat
     "marketplace": ["talisman", ...],                # 5 cards
     "chambers": [["coin", ...], [...]],              # by position (A, B, ...)
     "reserve": [...],                                # the Buried Ruins only: top first
     "dig_site": ["thief", "coin", ...],              # top card first
     "steal_rolls": [123, ...],                       # one int per thief card (see below)
     "draw_rolls": [456, ...],                        # the Mine and the Sphinx only
     "announced": [7, 9]}                             # Beginner's Luck only

Every card of the game appears exactly once (maps, thieves and sandstorms only in the dig
site; the treasures, thieves and sandstorms of this table size and these variants). The
``k``-th thief drawn takes card number ``roll % hand size`` of the victim's hand in card
order; the ``k``-th card drawn face up from a chamber is card number ``roll % chamber
size`` of the chamber in card order. With Beginner's Luck ``announced`` is each seat's
opening trade value and ``first_player`` one of the lowest. ``make_deal`` draws the
monument first when none is named, then shuffles.

**Player view**, history form (what one seat sees; ``digsite example expedition``;
format 1)::

    {"game": "expedition", "players": 2, "monument": "temple", "variants": [],
     "seat": 0, "to_move": 0,       # the seat to act: the view's seat
     "phase": "action",             # "action", "steal", "sandstorm", "tent", "look",
                                    # "keep", "mine" or "name"
     "hand": {"coin": 2, ...}, "marketplace": {...},
     "dig_site": 40, "thieves_drawn": 1, "sandstorms_drawn": 0,
     "tents": [1, 0],               # tent uses left per seat
     "chambers": [5, null, 5],      # cards in each chamber (null: taken whole); the
                                    # Buried Ruins: the face-up cards, as lists
     "reserve": 9,                  # the Buried Ruins: cards left in the reserve
     "announced": [7, 9],           # Beginner's Luck only
     "history": ["1 dig", "0 sell coin 2", "0 look B saw coin pot_shard ...", ...],
     "turn": {"trades": 0, "sold": false, "explored": false, "dug": true,
              "first_passer": null},
     "sandstorm": {"digger": 1, "sheltered": [], "left": 2, "last": null},
                                    # phases "tent" and "sandstorm" ("left", "last": the
                                    # seat's discards still owed, the card it discarded
                                    # last at this sandstorm, null before its first:
                                    # it says the discard is under way, see
                                    # games.archaeology.views)
     "explore": {"chamber": "B", "drawn": ["coin"], "named": ["coin", "talisman"],
                 "cards": [...]},   # an explore in progress ("mine", "name", "keep";
                                    # "cards": what a Tomb explorer sees, phase "keep")
     "trade": {"take": {"coin": 1}, "give": {}}}   # optional: a trade being built

``history`` (documented in ``games.archaeology.history``) is the public record since the
deal with the seat's own secrets: thefts' cards, what its looks saw, its Tomb keeps, what
it found in a Temple chamber somebody looked at. Hand sizes, sold sets, money, chambers
looked at and the maps removed follow from it. Optional keys and their defaults are
those of ``games.archaeology.views`` (``turn`` is required there and here), and
``sandstorm.sheltered`` ``[]``; ``explore.drawn`` and ``explore.named`` ``[]``.
``sandstorm.sheltered`` lists distinct seats, each with a ``tent`` line among the tent
and refill lines that end the history, each with a tent use spent (``tents``), never the
view's own seat (it discards, or decides on its tent now) nor, in phase ``"tent"``, a seat
that decides after it (from the digger's left, the digger last); phase ``"tent"`` is a
seat's with a tent use left and 2 cards or more (the others are not asked); phase
``"look"`` needs ``turn.sold`` and a sale of the seat as the history's last line (issue
20).

**Position view** (issue 19; ``digsite example expedition --position``; position form
version 1): the history form's keys but ``history``, with ``chambers`` as written there
(a Great Pyramid or Temple chamber holds its printed size until taken, null after; the
Tomb's, the Mine's and the Sphinx's at most their printed size, the Mine's less the cards
of an explore's ``drawn``: they lie face up, out of the chamber), ``seats`` as in
``games.archaeology.views``, and::

    "maps_spent": 2,               # maps spent exploring (every explore spends its maps;
                                   # at least what the chambers show: one taken, or a
                                   # Tomb's down by 2 cards, was explored; and no more
                                   # than the other counts leave: a spent map has left
                                   # the game)
    "chamber_cards": [null, ["coin", "coin"], null],  # optional: cards the seat knows are
                                   # in a face-down chamber (a look, a keep, cards returned)
    "chambers_seen": [[], [0], []] # optional: per chamber the seats that know its cards
                                   # (the Temple's lookers, the Tomb's last keeper; none
                                   # elsewhere): the seat knows a Temple chamber's cards
                                   # only if listed, a Tomb's if listed or if it kept from
                                   # it before the seat listed (then only the cards of a
                                   # type it saw more than 2 of: that keep took any 2)
    "chamber_left": [null, {"cards": ["coin", "coin", "pot_shard", "talisman"],
                            "kept": [[1, 2]]}, null]
                                   # optional, the Tomb: per chamber the seat kept from
                                   # before other seats did, the cards it left there
                                   # ("cards") and the keeps since ("kept", [seat, cards
                                   # kept], in order: 2 each, or the last cards): the
                                   # chamber holds some of those cards and nothing else,
                                   # the keepers' hands the others (not in their "holds")
    "chamber_left": [null, {"cards": ["coin", "coin", "pot_shard", "talisman"],
                            "kept": [[1, 2, 3]], "gave": [[1, ["coin"], 1]]}, null]
                                   # the same once a keeper gave up cards since (sold,
                                   # traded, discarded, maps spent): each of its keeps says
                                   # the cards it got unseen since ([seat, cards kept,
                                   # cards got since]: digs, keeps, cards stolen from a
                                   # seat other than this one), and "gave" its give-ups
                                   # since its first keep listed, in the chamber of its
                                   # last keep before each ([seat, cards, cards got since]:
                                   # the cards beyond those it surely held then, its
                                   # "holds"; [seat, [card], cards got since, "stolen"]:
                                   # a card the seat stole from it, of a type it surely
                                   # held none of in view; in order): a card given up or
                                   # stolen may be a kept one

``position_of`` writes ``chamber_left`` only where a chamber has one (other positions are
written as before), its keepers' counts and ``gave`` only for a keeper that gave up a card
that is no map since its first keep listed (maps spent alone are read as a position reads
any hand's maps: a kept card is never one) or that the seat stole a card from. Another
seat's theft from a keeper takes a card that may be a kept one, seen by the thief and the
victim alone: a position does not say which hand holds it, so the chamber is then written
as before (``chamber_cards``: what is surely still in it; ``games.archaeology.position``),
and its worlds may put in it a card the seat could rule out; so it is when the seat stole
a card of a type the keeper held in view too (the pick weighs those cards, which the
position enters last). The reading starts that chamber from the cards left and takes each keep
out of it as a random pick into the keeper's hand, as the history's reading does; a keeper
with give-ups stated reads its hand in the history's order (the cards it got unseen
between its keeps and give-ups, each give-up out of what it held then).

The announced opening values (Beginner's Luck) are checked as given but not read into the
hands: mid-game they say little. The sampler, ``position_of``, the agreement of a
history with stated position keys and the refusals are those of the 2007 game's position
view (``games.archaeology.views``, ``games.archaeology.position``).

A view is refused with ``InvalidStateError`` naming the key when it is malformed, has an
unknown key, or is impossible.
"""

from __future__ import annotations

import json
from itertools import combinations, combinations_with_replacement
from typing import Any, Iterable, Sequence

from cards_data import table_count
from cards_data.expedition import ExpeditionData, Monument
from games.archaeology.history import (check_view_counts, read_cards, read_dig_site,
                                       read_hands_and_market, read_turn, read_view_cards,
                                       replay_history)
from games.archaeology.views import mid_game
from games.archaeology.hidden import history_lines
from games.archaeology.position import (POSITION_NOTE, ChamberLeft, check_agreement,
                                        position_facts, read_position, sample_world, view_form,
                                        without_history)
from games.archaeology.moves import chamber_letter, parse_checked_move, parse_typed_move
from games.archaeology.rules import (BUST, KEEP_SOME, NAME_TYPES, P_ACTION, P_KEEP, P_LOOK,
                                     P_MINE, P_NAME, P_STEAL, P_STORM, P_TENT, PEEK_ON_SELL,
                                     REFILL_ON_SANDSTORM, TAKE_ALL, Rules)
from games.archaeology.moves import MoveBase
from games.archaeology.trades import discarding
from games.errors import InternalFault, InvalidStateError
from games.forgiving import did_you_mean
from games.reader import (VIEW_MARK, Node, ViewReading, read_choice, read_document,
                          read_fingerprint, read_game, read_seats,
                          read_view_seat)
from games.seeding import Seed, make_rng
from games.table import plural

from .moves import FORMS, parse_text
from .rules import LONG, VARIANTS, rules_for
from .state import ExpeditionState

__all__ = ["make_deal", "state_from_deal", "state_from_view", "read_view", "view_of",
           "position_of", "example_view", "example_position", "parse_move", "parse_typed",
           "action_texts"]

#: Every key of a player view of either form (module docstring), checked before any is
#: read (``Node.only``); ``reserve`` and ``announced`` only with the Buried Ruins and
#: Beginner's Luck (``Node.done`` refuses them otherwise).
VIEW_KEYS = ("game", "players", "monument", "variants", "seat", "to_move", "phase", "hand",
             "marketplace", "dig_site", "thieves_drawn", "sandstorms_drawn", "tents",
             "chambers", "reserve", "announced", "history", "seats", "maps_spent",
             "chamber_cards", "chambers_seen", "chamber_left", "turn", "sandstorm", "explore",
             "trade", VIEW_MARK)

_PHASE_NAMES = {P_ACTION: "action", P_STEAL: "steal", P_STORM: "sandstorm", P_TENT: "tent",
                P_LOOK: "look", P_KEEP: "keep", P_MINE: "mine", P_NAME: "name"}


def _monument(rules: Rules) -> Monument:
    """The monument of a New Expedition game's ``rules`` (``rules_for`` always sets one:
    only the 2007 game's have none)."""
    if rules.monument is None:
        raise InternalFault("New Expedition rules without a monument")
    return rules.monument


def _options(node: Node, data: ExpeditionData, players: int) -> Rules:
    """The monument and variants of a deal or view, as their ``Rules``."""
    keys = [m.key for m in data.monuments]
    monument = read_choice(node, node.raw("monument"), node.where("monument"), keys)
    where = node.where("variants")
    variants = [read_choice(node, name, f"{where}[{i}]", VARIANTS)
                for i, name in enumerate(node.items("variants", default=[]))]
    if len(set(variants)) != len(variants):
        node.fail("a variant is named twice", "variants")
    try:
        return rules_for(data, players, monument, variants)
    except InvalidStateError as error:
        node.fail(str(error), "variants")


def _variant_list(variant: str | Iterable[object] | None) -> list[str]:
    if variant is None:
        return []
    items = [variant] if isinstance(variant, str) else list(variant)
    out: list[str] = []
    for item in items:
        for name in str(item).split(","):
            name = name.strip()
            if name not in VARIANTS:
                raise InvalidStateError(f"deal: unknown variant {name!r} (variants: "
                                        f"{', '.join(VARIANTS)}){did_you_mean(name, VARIANTS)}")
            if name not in out:
                out.append(name)
    return sorted(out)


def dealt_options(deal: dict[str, Any]) -> dict[str, Any]:
    """The options ``deal`` was dealt with, as :func:`make_deal` takes them: its monument
    (drawn when none was named) and its variants, when any (``games.protocol``).

    >>> dealt_options({"monument": "tomb", "variants": []})
    {'monument': 'tomb'}
    """
    variants = list(deal.get("variants") or [])
    return {"monument": deal["monument"]} | ({"variant": variants} if variants else {})


def make_deal(*, players: int, seed: Seed, data: ExpeditionData, monument: str | None = None,
              variant: str | Iterable[object] | None = None, **options: object
              ) -> dict[str, Any]:
    """A seeded deal (see the module docstring). ``monument``: a monument key (drawn at
    random when ``None``); ``variant``: a variant name, several (a list, or separated by
    commas), or ``None``."""
    if options:
        raise InvalidStateError(f"deal: unknown option{'s' if len(options) > 1 else ''} "
                                f"{', '.join(sorted(options))}")
    read_seats(read_document({"game": "expedition", "players": players}, "deal"), data)
    variants = _variant_list(variant)
    rng = make_rng(seed)
    keys = [m.key for m in data.monuments]
    if monument is None:
        monument = keys[rng.randrange(len(keys))]
    elif monument not in keys:
        raise InvalidStateError(f"deal: unknown monument {monument!r} (monuments: "
                                f"{', '.join(keys)}){did_you_mean(str(monument), keys)}")
    try:
        rules = rules_for(data, players, monument, variants)
    except InvalidStateError as error:  # (the Long Expedition's tables: said as the option
        # is given, where "deal: variants: ..." was the document's spelling)
        named = LONG if LONG in variants else ",".join(variants)
        raise InvalidStateError(f"--variant {named}: {error}") from None
    names = rules.cards.names
    deck = [c for c in rules.chamber_cards for _ in range(rules.counts[c])]
    needed = (players * data.hand_size + data.marketplace_size + sum(rules.chamber_sizes)
              + rules.reserve_size)
    if len(deck) < needed:
        raise InvalidStateError(f"deal: {len(deck)} treasure cards cannot deal {needed} "
                                f"(hands, marketplace, monument)")
    rng.shuffle(deck)
    size = data.hand_size
    hands = [sorted(deck[i * size:(i + 1) * size]) for i in range(players)]
    pos = players * size
    market = sorted(deck[pos:pos + data.marketplace_size])
    pos += data.marketplace_size
    chambers = []
    for chamber in rules.chamber_sizes:
        chambers.append([names[c] for c in sorted(deck[pos:pos + chamber])])
        pos += chamber
    reserve = deck[pos:pos + rules.reserve_size]
    pos += rules.reserve_size
    dig = deck[pos:] + [rules.map] * rules.counts[rules.map] + \
        [rules.thief] * rules.thieves + [rules.sandstorm] * rules.sandstorms
    rng.shuffle(dig)
    deal: dict[str, Any] = {"game": "expedition", "players": players, "monument": monument,
                            "variants": variants}
    announced = [rules.hand_value(_count(hand, rules.treasures)) for hand in hands]
    if rules.announce:  # Beginner's Luck: the lowest opening value starts
        low = min(announced)
        tied = [p for p in range(players) if announced[p] == low]
        deal["first_player"] = tied[rng.randrange(len(tied))]
    else:
        deal["first_player"] = rng.randrange(players)
    deal.update({
        "hands": [[names[c] for c in hand] for hand in hands],
        "marketplace": [names[c] for c in market], "chambers": chambers,
    })
    if rules.reserve_size:
        deal["reserve"] = [names[c] for c in reserve]
    deal["dig_site"] = [names[c] for c in dig]
    deal["steal_rolls"] = [rng.getrandbits(30) for _ in range(rules.thieves)]
    if rules.draw_rolls:
        deal["draw_rolls"] = [rng.getrandbits(30) for _ in range(rules.draw_rolls)]
    if rules.announce:
        deal["announced"] = announced
    return deal


def _count(cards: Iterable[int], treasures: int) -> list[int]:
    out = [0] * treasures
    for c in cards:
        out[c] += 1
    return out


def state_from_deal(deal: dict[str, Any], data: ExpeditionData) -> ExpeditionState:
    """The initial state of ``deal``, validated (``InvalidStateError`` names the key)."""
    node = read_document(deal, "deal")
    players = read_seats(node, data)
    rules = _options(node, data, players)
    T = rules.treasures
    s = ExpeditionState.blank(rules)
    first = node.integer("first_player", hi=players - 1)
    seen = read_hands_and_market(node, s)
    for i, cards in enumerate(node.items("chambers", length=len(rules.chamber_sizes))):
        chamber = read_cards(node, cards, f"chambers[{i}]", rules,
                             length=rules.chamber_sizes[i])
        s.chambers[i] = tuple(sorted(chamber))
        for c in chamber:
            seen[c] += 1
    if rules.reserve_size:
        reserve = read_cards(node, node.raw("reserve"), "reserve", rules,
                             length=rules.reserve_size)
        for c in reserve:
            seen[c] += 1
        s.reserve = reserve[::-1]
    read_dig_site(node, s, seen)
    if rules.draw_rolls:
        s.draw_rolls = list(node.integers("draw_rolls", length=rules.draw_rolls))
    if rules.announce:
        announced = list(node.integers("announced", length=players))
        actual = [rules.hand_value(s.hands[p * T:(p + 1) * T]) for p in range(players)]
        if announced != actual:
            node.fail(f"the opening hands are worth {actual}", "announced")
        if announced[first] != min(announced):
            node.fail("Beginner's Luck: the lowest announced value starts", "first_player")
        s.announced = tuple(announced)
    node.done()
    s.start_turn(first)
    return s


def view_of(state: ExpeditionState, seat: int) -> dict[str, Any]:
    """The JSON player view of ``seat`` in ``state`` (the inverse of ``state_from_view``)."""
    rules = state.rules
    names = rules.cards.names
    T = rules.treasures

    def counts(vec: Sequence[int], base: int = 0) -> dict[str, int]:
        return {names[c]: vec[base + c] for c in range(T) if vec[base + c]}

    public = rules.special == REFILL_ON_SANDSTORM
    view: dict[str, Any] = {
        "game": "expedition", "players": state.num_players, "monument": _monument(rules).key,
        "variants": list(rules.variants), "seat": seat, "to_move": state.current_player(),
        "phase": _PHASE_NAMES.get(state.phase, "other"),
        "hand": counts(state.hands, seat * T), "marketplace": counts(state.market),
        "dig_site": len(state.dig),
        "thieves_drawn": state.thieves_drawn, "sandstorms_drawn": state.storms_drawn,
        "tents": list(state.tents),
        "chambers": [None if contents is None else
                     [names[c] for c in contents] if public else len(contents)
                     for contents in state.chambers],
    }
    if rules.reserve_size:
        view["reserve"] = len(state.reserve)
    if rules.announce:
        view["announced"] = list(state.announced)
    view["history"] = history_lines(state, seat)
    view["turn"] = {"trades": state.trades, "sold": state.sold_this_turn,
                    "explored": state.explored, "dug": not state.no_dig,
                    "first_passer": state.first_passer if state.first_passer >= 0 else None}
    if state.phase in (P_STORM, P_TENT):
        storm: dict[str, Any] = {"digger": state.turn,
                                 "sheltered": [p for p in range(state.num_players)
                                               if state.protected >> p & 1]}
        if state.phase == P_STORM:
            # (a pot shard is card 0, as ``storm_last`` before any discard: the record tells)
            storm.update(left=state.storm_left,
                         last=names[state.storm_last] if discarding(state) else None)
        view["sandstorm"] = storm
    if state.exploring >= 0:
        explore: dict[str, Any] = {"chamber": chamber_letter(state.exploring)}
        if state.drawn:
            explore["drawn"] = [names[c] for c in state.drawn]
        if state.named:
            explore["named"] = [names[c] for c in state.named]
        if state.phase == P_KEEP and state.turn == seat:
            explore["cards"] = [names[c] for c in state.chamber(state.exploring)]
        view["explore"] = explore
    if state.trade_takes is not None and state.trade_gives is not None:  # (set together)
        view["trade"] = {"take": counts(state.trade_takes), "give": counts(state.trade_gives)}
    return view


def state_from_view(view: dict[str, Any], data: ExpeditionData, seed: Seed
                    ) -> tuple[ExpeditionState, int]:
    """Validate a player view of either form; return ``(world, seat)`` with one world drawn
    exactly from those the seat cannot rule out (``games.archaeology.hidden``)."""
    reading = read_view(view, data, seed)
    return reading.world, reading.seat


def read_view(view: dict[str, Any], data: ExpeditionData, seed: Seed) -> ViewReading:
    """Validate a player view of either form (module docstring); the world sampled from
    ``seed``, the seat, the form and the reading's notes."""
    node = read_document(view, "view")
    read_game(node, data.game)  # (before the keys: another game's are not "unknown")
    node.only(VIEW_KEYS)
    read_fingerprint(node, data, VIEW_MARK)
    players = read_seats(node, data)
    rules = _options(node, data, players)
    seat = read_view_seat(node, players)
    s = ExpeditionState.blank(rules)
    hand, dig_n = read_view_cards(node, s, seat)
    tents = list(node.integers("tents", length=players, hi=rules.tents))
    chambers = node.items("chambers", length=len(rules.chamber_sizes))
    reserve = node.integer("reserve", hi=rules.reserve_size) if rules.reserve_size else 0
    if rules.announce:
        s.announced = tuple(node.integers("announced", length=players))
    form = view_form(view)
    if form == "history":
        try:
            _history_form(node, s, seat, hand, dig_n, tents, chambers, reserve)
        except InvalidStateError as refusal:
            raise without_history(node, "expedition", refusal) from None
        phase = read_turn(node, s, seat, hand, dig_n)
        _read_explore(node, s, seat, phase, s.exploring)
    else:
        s.tents = tents
        _read_chambers(node, s, chambers, None)
        s.reserve = [0] * reserve
        phase = read_turn(node, s, seat, hand, dig_n, history=False)
        _read_explore(node, s, seat, phase, None)
        _position_form(node, s, seat, hand, dig_n)
    s.draw_rolls = [0] * rules.draw_rolls
    node.done()
    if rules.announce:
        values = s.announced
        if min(values) < 0:
            node.fail("announced values are not negative", "announced")
    if not s.legal_moves():
        node.fail("the seat has no legal move in this position")
    world = sample_world(node, s, seat, make_rng(seed), form)
    notes = s.reading_notes(seat) + ([POSITION_NOTE] if form == "position" else [])
    return ViewReading(world, seat, form, tuple(notes))


def _history_form(node: Node, s: ExpeditionState, seat: int, hand: list[int], dig_n: int,
                  tents: list[int], chambers: list[Any], reserve: int) -> None:
    """The history and what it must agree with: tents, chambers, reserve, cards left, and
    any position keys beside it."""
    rules = s.rules
    replayed = replay_history(node, s, seat)
    if s.tents != tents:
        node.fail(f"the history leaves tents {s.tents}", "tents")
    _read_chambers(node, s, chambers, replayed["sizes"])
    if rules.reserve_size:
        if reserve != rules.reserve_size - replayed["refills"]:
            node.fail(f"after {plural(replayed['refills'], 'refill')} the reserve holds "
                      f"{plural(rules.reserve_size - replayed['refills'], 'card')}", "reserve")
        s.reserve = [0] * reserve
    check_view_counts(node, s, seat, hand, dig_n, replayed["digs"],
                      sum(rules.chamber_sizes) + rules.reserve_size)
    check_agreement(node, s, seat)
    s.exploring = replayed["current"]  # read_explore checks the view's chamber against it


def _read_chambers(node: Node, s: ExpeditionState, chambers: list[Any],
                   sizes: list[int | None] | None) -> None:
    """The view's ``chambers`` against the history's ``sizes``, or (``sizes`` is ``None``:
    a position view) against what a chamber can hold: its printed size until a whole
    chamber is taken (then null), at most that for the monuments whose chambers give cards
    out and take some back, any cards face up for the Buried Ruins."""
    rules = s.rules
    public = rules.special == REFILL_ON_SANDSTORM
    whole = rules.special in TAKE_ALL
    for i, value in enumerate(chambers):
        where = f"chambers[{i}]"
        if sizes is not None:
            size = sizes[i]
            if value is None or size is None:
                if value is not None or size is not None:
                    left = "taken" if size is None else "with " + plural(size, "card")
                    node.fail_at(where, f"the history leaves this chamber {left}")
                s.chambers[i] = None
                continue
        elif value is None:
            if not whole:
                node.fail_at(where, f"the {_monument(rules).name}'s chambers stay in place")
            s.chambers[i] = None
            continue
        if public:
            cards = read_cards(node, value, where, rules)
            s.chambers[i] = tuple(sorted(cards))
            continue
        count = node.check_int(value, where)
        if sizes is not None and size is not None and count != size:
            node.fail_at(where, f"the history leaves this chamber {plural(size, 'card')}")
        printed = rules.chamber_sizes[i]
        if sizes is None and (count > printed or whole and count != printed):
            node.fail_at(where, f"the chamber holds {'its' if whole else 'at most its'} "
                                f"{printed} cards" + (" until it is taken (then null)"
                                                      if whole else ""))
        s.chambers[i] = (0,) * count  # placeholders: the determinizer deals them


def _position_form(node: Node, s: ExpeditionState, seat: int, hand: list[int],
                   dig_n: int) -> None:
    """A position view's own keys (module docstring) into ``s``."""
    rules = s.rules
    T = rules.treasures
    n = len(rules.chamber_sizes)
    maps_spent = node.integer("maps_spent", hi=rules.counts[rules.map])
    least, why = _maps_spent_least(s)
    if maps_spent < least:
        node.fail(f"must be at least {least}, got {maps_spent}: {'; '.join(why)}",
                  "maps_spent")
    known: list[list[int] | None] = [None] * n
    where = node.where("chamber_cards")
    for i, value in enumerate(node.items("chamber_cards", length=n, default=[None] * n)):
        if value is None:
            continue
        if s.chambers[i] is None or rules.special == REFILL_ON_SANDSTORM:
            node.fail_at(f"{where}[{i}]", "only a face-down chamber in place hides cards")
        cards = read_cards(node, value, f"{where}[{i}]", rules)
        if len(cards) > len(s.chamber(i)):
            node.fail_at(f"{where}[{i}]", f"{plural(len(cards), 'known card')} in a chamber "
                                          f"of {len(s.chamber(i))}")
        known[i] = [cards.count(c) for c in range(T)]
    seen = [0] * n
    where = node.where("chambers_seen")
    for i, seats in enumerate(node.items("chambers_seen", length=n, default=[[]] * n)):
        for j, p in enumerate(node.check_list(seats, f"{where}[{i}]")):
            seen[i] |= 1 << node.check_int(p, f"{where}[{i}][{j}]", hi=rules.players - 1)
    _check_known(node, s, seat, known, seen, node.has("chambers_seen"))
    left = _read_left(node, s, seat, known, seen)
    visible: list[tuple[str, list[int]]] = []
    if rules.special == REFILL_ON_SANDSTORM:
        visible.append(("chambers", [sum(c.count(t) for c in s.chambers if c)
                                     for t in range(T)]))
    if s.drawn:
        visible.append(("explore.drawn", [s.drawn.count(t) for t in range(T)]))
    read_position(node, s, seat, hand, dig_n, chamber_known=known, chambers_seen=seen,
                  maps_spent=maps_spent, maps_least=least, visible=visible, chamber_left=left)


def _read_left(node: Node, s: ExpeditionState, seat: int, known: list[list[int] | None],
               seen: list[int]) -> list[ChamberLeft | None]:
    """A position's ``chamber_left`` (module docstring): per Tomb chamber what ``seat``
    left in it at its last keep, the keeps since, each ``[seat, cards]`` or ``[seat, cards,
    cards got unseen since]``, and the keepers' give-ups since (``gave``: ``[seat, cards,
    cards got unseen since]``). Checked against the chamber's size, the keep's rule (2
    cards, or the last ones), ``chambers_seen`` (the last keep's seat knows it),
    ``chamber_cards`` (only cards surely still in it) and, per keeper with give-ups, the
    order its counts give (each of its keeps says what it got since; a give-up comes
    after its first keep and not within one); that chamber's known cards are then these
    (``known`` is cleared for it: the reading starts from what was left)."""
    rules = s.rules
    n = len(rules.chamber_sizes)
    out: list[ChamberLeft | None] = [None] * n
    if not node.has("chamber_left"):
        return out
    keep = rules.params.get("keep", 0)
    where = node.where("chamber_left")
    # per keeper: (where, cards got unseen from the keep's start, to its end) of each keep
    spans: dict[int, list[tuple[str, int, int]]] = {}
    gives: dict[int, list[tuple[str, int]]] = {}
    for i, value in enumerate(node.items("chamber_left", length=n, default=[None] * n)):
        if value is None:
            continue
        at = f"{where}[{i}]"
        if rules.special != KEEP_SOME or s.chambers[i] is None:
            node.fail_at(at, f"only a Tomb chamber that seat {seat} kept from and another seat "
                             f"kept from since is written here")
        entry = node.node_at(value, at)
        cards = read_cards(entry, entry.raw("cards"), f"{at}.cards", rules)
        before = len(cards)
        keeps: list[tuple[int, int, int]] = []
        for j, item in enumerate(entry.items("kept", min_length=1)):
            here = f"{at}.kept[{j}]"
            p, k, *since = entry.check_list(item, here, min_length=2, max_length=3)
            p = entry.check_int(p, f"{here}[0]", hi=rules.players - 1)
            k = entry.check_int(k, f"{here}[1]", lo=1)
            got = entry.check_int(since[0], f"{here}[2]") if since else -1
            if p == seat:
                entry.fail_at(here, f"seat {seat}'s own keep starts what it "
                                    f"left: write the cards it left then")
            if k != min(keep, before):
                entry.fail_at(here, f"a keep from a chamber of {plural(before, 'card')} takes "
                                    f"{min(keep, before)}")
            before -= k
            keeps.append((p, k, got))
            spans.setdefault(p, []).append((here, got, got + k))
        gave: list[tuple[int, tuple[int, ...], int, bool]] = []
        for j, item in enumerate(entry.items("gave", default=[])):
            here = f"{at}.gave[{j}]"
            p, given, got, *how = entry.check_list(item, here, min_length=3, max_length=4)
            p = entry.check_int(p, f"{here}[0]", hi=rules.players - 1)
            if all(q != p for q, _, _ in keeps):
                entry.fail_at(f"{here}[0]", f"seat {p} kept nothing from this chamber since "
                                            f"seat {seat} did (kept)")
            given = read_cards(entry, given, f"{here}[1]", rules, any_card=True)
            if not given:
                entry.fail_at(f"{here}[1]", "a give-up names the cards given up")
            for c in given:  # (treasures and maps: a thief or a sandstorm is never held)
                if c >= rules.treasures:
                    entry.fail_at(f"{here}[1]", f"no {rules.cards.names[c]} is ever in a hand")
            got = entry.check_int(got, f"{here}[2]")
            stolen = bool(how) and entry.check_str(how[0], f"{here}[3]", ["stolen"]) == "stolen"
            if stolen and len(given) != 1:
                entry.fail_at(f"{here}[1]", f"seat {seat} steals one card at a time")
            gave.append((p, tuple(given.count(c) for c in range(rules.treasures)), got,
                         stolen))
            gives.setdefault(p, []).append((here, got))
        entry.done()
        size, printed = len(s.chamber(i)), rules.chamber_sizes[i]
        if len(cards) + keep > printed or before != size:
            node.fail_at(at, f"seat {seat} left {plural(len(cards), 'card')} in a chamber of "
                             f"{printed} (it kept {keep}) and the keeps since took "
                             f"{len(cards) - before}: the chamber would hold {before}, "
                             f"it holds {size}")
        if seen[i] != 1 << keeps[-1][0]:
            node.fail_at(at, f"seat {keeps[-1][0]} kept from it last: chambers_seen[{i}] "
                             f"lists it alone")
        counts = [cards.count(c) for c in range(rules.treasures)]
        taken = len(cards) - size
        sure = [max(0, m - taken) for m in counts]
        if known[i] is not None and any(k > m for k, m in zip(known[i] or (), sure)):
            node.fail_at(f"chamber_cards[{i}]", f"the keeps since took {taken} of the cards "
                                                f"seat {seat} left (chamber_left[{i}]): only "
                                                f"a type it left more than {taken} of is "
                                                f"surely still in the chamber")
        known[i] = None
        out[i] = (tuple(counts), tuple(keeps), tuple(gave))
    _check_order(node, spans, gives)
    return out


def _check_order(node: Node, spans: dict[int, list[tuple[str, int, int]]],
                 gives: dict[int, list[tuple[str, int]]]) -> None:
    """A keeper's give-ups are placed among its keeps by the cards it got unseen since
    each (``_read_left``): every keep of it says that count, the keeps do not overlap
    (one after the other in a chamber's list), and each give-up comes after its first
    keep and not within one (a keep's cards enter together)."""
    for p, given in gives.items():
        keeps = spans[p]
        for here, got, _ in keeps:
            if got < 0:
                node.fail_at(here, f"seat {p}'s give-ups since are stated (gave): say the "
                                   f"cards it got unseen since this keep, [seat, cards, got]")
        ordered = sorted(keeps, key=lambda span: -span[2])
        for (_, low, _), (here, _, high) in zip(ordered, ordered[1:]):
            if high > low:
                node.fail_at(here, f"seat {p} got {high} cards unseen from this keep on, "
                                   f"and {low} after a later keep")
        for here, got in given:
            if got >= ordered[0][2]:
                node.fail_at(f"{here}[2]", f"a give-up before seat {p}'s first keep listed "
                                           f"(it got {ordered[0][1]} cards unseen since) says "
                                           f"nothing of the kept cards: leave it out")
            for span_at, low, high in keeps:
                if low < got < high:
                    node.fail_at(f"{here}[2]", f"{span_at}'s cards entered together: a "
                                               f"give-up is not among them")


def _check_known(node: Node, s: ExpeditionState, seat: int, known: list[list[int] | None],
                 seen: list[int], given: bool) -> None:
    """A position's ``chamber_cards`` and ``chambers_seen`` against the ways a seat learns
    a face-down chamber's cards: the Temple's looks (the lookers know it), the Tomb's keeps
    (the last keeper knows it; a seat that kept before it still knows the cards it saw
    more of than that keep took), the Mine's and Sphinx's face-up cards returned (every
    seat saw them: no seat knows the chamber). The Great Pyramid's and the Buried Ruins'
    chambers are known to no seat. ``given``: the view has ``chambers_seen`` (left out,
    no seat knows a chamber)."""
    rules = s.rules
    name = _monument(rules).name
    keep = rules.params.get("keep", 0)
    for i, contents in enumerate(s.chambers):
        mask, cards = seen[i], known[i]
        seats = [p for p in range(rules.players) if mask >> p & 1]
        at = f"chambers_seen[{i}]"
        if seats and rules.special not in (PEEK_ON_SELL, KEEP_SOME):
            node.fail(f"no seat knows a {name} chamber's cards: only the Temple's looks and "
                      f"the Tomb's keeps show a face-down chamber to a seat", at)
        if rules.special == KEEP_SOME and seats:
            if len(seats) > 1:
                node.fail("only the last seat to keep from a Tomb chamber knows its cards "
                          "(a keep shows the keeper what stays)", at)
            if contents is not None and len(contents) + keep > rules.chamber_sizes[i]:
                node.fail(f"no seat has kept from this chamber: it holds "
                          f"{len(contents)} of its {rules.chamber_sizes[i]} cards", at)
        if cards is None:
            continue
        at = f"chamber_cards[{i}]"
        where = (f"(chambers_seen[{i}] lists {_seats_words(seats)})" if given else
                 "(chambers_seen is left out: no seat knows a chamber)")
        if rules.special == KEEP_SOME and seat not in seats:
            # (the fix lists the seat as the keeper of each known chamber no seat kept from
            # last, where a keep was made)
            kept = [j for j, c in enumerate(known) if c is not None and not seen[j]
                    and len(s.chamber(j)) + keep <= rules.chamber_sizes[j]]
            _check_kept_since(node, s, seat, i, cards, seats, at, where,
                              _listing(seen, kept, seat, rules.players))
        elif rules.special == PEEK_ON_SELL and seat not in seats:
            looked = [j for j, c in enumerate(known) if c is not None and not seen[j] >> seat & 1]
            node.fail(f"seat {seat} knows a Temple chamber's cards only by looking at it "
                      f"{where}; if it looked, {_listing(seen, looked, seat, rules.players)}",
                      at)
        elif rules.special not in (PEEK_ON_SELL, KEEP_SOME, BUST, NAME_TYPES):
            node.fail(f"no seat sees into a {name} chamber before taking it", at)


def _listing(seen: list[int], chambers: list[int], seat: int, players: int) -> str:
    """What to write for ``seat`` to know ``chambers``: ``list seat 0 in
    chambers_seen[0]: "chambers_seen": [[0], [], []]`` (the seats given kept)."""
    lists = [[p for p in range(players) if (mask | (1 << seat if j in chambers else 0)) >> p & 1]
             for j, mask in enumerate(seen)]
    keys = [f"chambers_seen[{j}]" for j in chambers]
    where = " and ".join([", ".join(keys[:-1]), keys[-1]] if len(keys) > 1 else keys)
    return f"list seat {seat} in {where}: `\"chambers_seen\": {json.dumps(lists)}`"


def _seats_words(seats: list[int]) -> str:
    if not seats:
        return "no seat"
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(map(str, seats))


def _check_kept_since(node: Node, s: ExpeditionState, seat: int, i: int, cards: list[int],
                      seats: list[int], at: str, where: str, listing: str) -> None:
    """Known cards of a Tomb chamber that ``seat`` is not the last keeper of: it kept
    from it before the last keeper, whose keep took 2 cards (a chamber of 1 gives its
    last card and is empty after) it could not tell apart, so a type stays known only
    where it saw more of it than that: ``sum(known) + 2 * (types - 1)`` cards at most,
    in a chamber down by two keeps from its printed size."""
    rules = s.rules
    keep = rules.params.get("keep", 0)
    size, printed = len(s.chamber(i)), rules.chamber_sizes[i]
    if not seats:
        # the fix: the seat as the last keeper, where the chamber was kept from at all
        fix = (f"if it kept from it last, {listing}" if size + keep <= printed else
               f"at {size} of its {printed} cards no seat has kept from it: leave {at} out")
        node.fail(f"seat {seat} knows a Tomb chamber's cards only from its own keep, and no "
                  f"seat has kept from it {where}; {fix}", at)
    if size + 2 * keep > printed:
        node.fail(f"seat {seat} knows a Tomb chamber's cards only from its own keep, and "
                  f"at {size} of its {printed} cards this one was kept from once, by seat "
                  f"{seats[0]} {where}", at)
    types = sum(1 for n in cards if n)
    need = sum(cards) + keep * types
    if need > size + keep:
        node.fail(f"seat {seats[0]}'s keep since seat {seat}'s {where} took any {keep} "
                  f"cards: seat {seat} still knows only the cards of a type it saw more than "
                  f"{keep} of, so {plural(sum(cards), 'known card')} of "
                  f"{plural(types, 'type')} need {need} cards before that keep; the chamber "
                  f"had {size + keep}", at)


def _maps_spent_least(s: ExpeditionState) -> tuple[int, list[str]]:
    """The fewest maps the chambers of a position show spent, and per chamber why: a
    chamber taken whole was explored once; a Tomb chamber gives 2 cards an explore (its
    last card alone), so one down from its printed size by ``k`` cards was explored at
    least ``k / 2`` times, rounded up; a Mine or Sphinx chamber short of its printed size
    at least once; the chamber of an explore in progress once more (a Tomb's keep still
    holds its cards). Each explore spends the chamber's maps."""
    rules = s.rules
    keep = rules.params.get("keep", 0)
    least, why = 0, []
    for i, contents in enumerate(s.chambers):
        printed, maps = rules.chamber_sizes[i], rules.chamber_maps[i]
        explores, how = 0, []
        if contents is None:
            explores, how = 1, ["taken"]
        elif rules.special == REFILL_ON_SANDSTORM:
            continue  # its face-up cards come and go with the sandstorms
        elif len(contents) < printed:
            gone = printed - len(contents)
            explores = -(-gone // keep) if rules.special == KEEP_SOME else 1
            how = [f"down to {len(contents)} of its {printed} cards"]
        if i == s.exploring and (rules.special == KEEP_SOME or not explores):
            explores += 1
            how.append("being explored")
        if explores:
            least += explores * maps
            times = {1: "once", 2: "twice"}.get(explores, f"{explores} times")
            why.append(f"chamber {chamber_letter(i)} ({', and '.join(how)}) was explored at "
                       f"least {times}, {plural(maps, 'map')} each")
    return least, why


def _read_explore(node: Node, s: ExpeditionState, seat: int, phase: str,
                  current: int | None) -> None:
    """The explore in progress of phases ``keep``, ``mine`` and ``name`` (``current``: the
    chamber of the history's last explore; ``None`` in a position view)."""
    rules = s.rules
    s.exploring = -1
    if phase not in ("keep", "mine", "name"):
        if node.has("explore"):
            node.fail(f"no explore is in progress in phase {phase!r}", "explore")
        return
    wanted = {"keep": KEEP_SOME, "mine": BUST, "name": NAME_TYPES}[phase]
    if rules.special != wanted:
        node.fail(f"phase {phase!r} is not played at the {_monument(rules).name}", "phase")
    explore = node.table("explore")
    letter = explore.text("chamber", choices=[chamber_letter(i) for i in
                                              range(len(rules.chamber_sizes))])
    s.exploring = ord(letter) - ord("A")
    if current is not None and s.exploring != current:
        explore.fail("is not the chamber of the last explore in the history", "chamber")
    drawn = read_cards(explore, explore.raw("drawn", []), explore.where("drawn"), rules)
    named = read_cards(explore, explore.raw("named", []), explore.where("named"), rules)
    if phase == "keep":
        if s.chambers[s.exploring] is None:
            explore.fail("a taken chamber is explored no more", "chamber")
        cards = read_cards(explore, explore.raw("cards"), explore.where("cards"), rules,
                           length=len(s.chamber(s.exploring)))
        s.chambers[s.exploring] = tuple(sorted(cards))
    explore.done()
    if phase == "mine":
        trade = sum(rules.trade[c] for c in drawn)
        if not drawn or trade > rules.params["bust_over"] or not s.chambers[s.exploring]:
            explore.fail("the Mine's draw goes on only with some cards drawn, within the "
                         "bust value, and cards left", "drawn")
        # the cards drawn face up have left the chamber: it and they are the Mine's cards
        printed = rules.chamber_sizes[s.exploring]
        if len(s.chamber(s.exploring)) + len(drawn) > printed:
            node.fail_at(f"chambers[{s.exploring}]",
                         f"the {_monument(rules).name} holds {printed} cards, "
                         f"{len(drawn)} of them drawn face up: at most "
                         f"{printed - len(drawn)} are left face down in it")
    elif drawn or named:
        explore.fail(f"no face-up cards in phase {phase!r}", "drawn")
    s.drawn = tuple(drawn)
    s.named = tuple(named)
    s.phase = {"keep": P_KEEP, "mine": P_MINE, "name": P_NAME}[phase]


def example_view(data: ExpeditionData) -> dict[str, Any]:
    """A mid-game view of seat 0 from a fixed seeded game (two players, or the nearest
    count the card data allows; the Temple, deal seed 5, random play: it has looked at a
    chamber)."""
    deal = make_deal(players=table_count(data, 2), seed=5, data=data, monument="temple")
    state = state_from_deal(deal, data)
    return view_of(mid_game(state), 0)


def position_of(state: ExpeditionState, seat: int) -> dict[str, Any]:
    """The position view of ``seat`` in ``state`` (module docstring): ``view_of`` without
    the history, with what the history tells the seat for sure."""
    view = view_of(state, seat)
    del view["history"]
    view.update(position_facts(state, seat))
    return view


def example_position(data: ExpeditionData) -> dict[str, Any]:
    """The example view's position form (``digsite example expedition --position``)."""
    deal = make_deal(players=table_count(data, 2), seed=5, data=data, monument="temple")
    state = state_from_deal(deal, data)
    return position_of(mid_game(state), 0)


def parse_move(state: ExpeditionState, text: object) -> MoveBase:
    """Move text to a move, checked legal in ``state`` (``games.protocol.parse_checked``);
    a whole trade (``trade GIVES for TAKES``) too, checked by its steps."""
    return parse_checked_move(state, text, parse_text, FORMS)


def parse_typed(state: ExpeditionState, text: object) -> MoveBase:
    """A move a person typed at a screen (``play``, ``track``): ``parse_move``'s, and
    ``sell CARD`` where the hand allows one sale of the card
    (``games.archaeology.moves.parse_typed_move``)."""
    return parse_typed_move(state, text, parse_text, FORMS)


def action_texts(data: ExpeditionData, max_players: int) -> list[str]:
    """The OpenSpiel action table (``solvers.openspiel.adapter``): every decision's text,
    fixed for the card data whatever the monument, variants or table: ``end``, ``steal
    S``, ``discard``/``take``/``give`` each treasure, ``explore X`` (up to the most
    chambers of a monument), ``sell CARD N``, ``tent use``/``tent keep``, ``look none``
    and ``look X``, ``draw``, ``stop``, ``name A B`` (a Sphinx's number of chamber types,
    card order)
    and ``keep ...`` (every multiset of a Tomb's keep over the chamber types)."""
    cards = list(data.treasures)
    chamber_types = [c for c in cards if c != "map"]
    most = max(len(m.chambers) for m in data.monuments)
    letters = [chamber_letter(i) for i in range(most)]
    texts = ["end"] + [f"steal {s}" for s in range(max_players)]
    for verb in ("discard", "take", "give"):
        texts += [f"{verb} {card}" for card in cards]
    texts += [f"explore {x}" for x in letters]
    texts += [f"sell {card} {n}" for card, t in data.treasures.items()
              for n in range(1, t.max_set + 1)]
    texts += ["tent use", "tent keep", "look none"] + [f"look {x}" for x in letters]
    texts += ["draw", "stop"]
    for names in sorted({m.params["names"] for m in data.monuments if "names" in m.params}):
        texts += ["name " + " ".join(named) for named in combinations(chamber_types, names)]
    for keep in sorted({m.params["keep"] for m in data.monuments if "keep" in m.params}):
        texts += ["keep " + " ".join(kept)
                  for kept in combinations_with_replacement(chamber_types, keep)]
    return texts
