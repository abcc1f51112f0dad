"""Positions written by hand, as a player at a table writes them (pass 20): an impossible
one is refused in one line naming the key the user wrote and why; a possible one reads.

Each test names the defect it reproduces: a state no game reaches that was read (the
engine then played from it), or a refusal that named another key than the wrong one."""

from __future__ import annotations

import copy
import json
import re

import pytest

import cards_data
from games import archaeology, expedition, lootnrun
from games.errors import InvalidStateError

ARCHAEOLOGY = cards_data.load("archaeology")
EXPEDITION = cards_data.load("expedition")
LOOTNRUN = cards_data.load("lootnrun")
BOTH = [(archaeology, ARCHAEOLOGY), (expedition, EXPEDITION)]
FORMS = ["example_view", "example_position"]


def _refused(engine, data, view, match):
    with pytest.raises(InvalidStateError, match=match):
        engine.read_view(view, data, 0)


def _decisions(engine, data, players, seeds, every=3, **deal):
    """Every ``every``-th decision of seeded random games: ``(state, seat)``."""
    import random
    from games.protocol import CHANCE
    for seed in seeds:
        state = engine.state_from_deal(engine.make_deal(players=players, seed=seed, data=data,
                                                        **deal), data)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply(outcomes[rng.randrange(len(outcomes))][0])
                continue
            step += 1
            if step % every == 0:
                yield state.clone(), state.current_player()
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])


# --- 1. turn.dug ------------------------------------------------------------------------------

@pytest.mark.parametrize("engine,data", BOTH)
@pytest.mark.parametrize("form", FORMS)
def test_no_dig_while_cards_are_left_is_refused(engine, data, form):
    """``turn.dug: false`` was read as "the dig site was empty, no dig this turn" with 41
    cards left (the hint called ``end`` a pass); a run of passes likewise."""
    view = getattr(engine, form)(data)
    assert view["dig_site"] > 0 and view["turn"]["dug"]
    wrong = copy.deepcopy(view)
    wrong["turn"]["dug"] = False
    _refused(engine, data, wrong, rf"view: turn\.dug: false only when the dig site is empty "
                                  rf"\({view['dig_site']} cards left\)")
    wrong = copy.deepcopy(view)
    wrong["turn"]["first_passer"] = 1
    _refused(engine, data, wrong, r"view: turn\.first_passer: a run of passes begins only "
                                  r"once the dig site is empty")


@pytest.mark.parametrize("engine,data", BOTH)
@pytest.mark.parametrize("form", FORMS)
def test_dug_left_out_is_a_dig_while_cards_are_left(engine, data, form):
    """The New Expedition's position form read ``dug`` (left out) before the dig site, so
    its default, "whether cards are left", was false: a turn without a dig."""
    view = getattr(engine, form)(data)
    del view["turn"]["dug"]
    reading = engine.read_view(view, data, 0)
    assert not reading.world.no_dig


# --- 2. sandstorm.left ------------------------------------------------------------------------

def _storm_views(engine, data, players=3, seeds=range(30)):
    """Every sandstorm discard decision of some seeded random games: its view."""
    from games.archaeology.rules import P_STORM
    deal = {"monument": "great_pyramid"} if engine is expedition else {}
    out = [engine.view_of(state, seat) for state, seat in _decisions(
        engine, data, players, seeds, every=1, **deal) if state.phase == P_STORM]
    assert len(out) > 20
    return out


@pytest.mark.parametrize("engine,data", BOTH)
def test_a_sandstorm_takes_half_the_hand_rounded_down(engine, data):
    """``sandstorm.left`` was bounded by the whole hand (6 of a hand of 6 was read); it is
    at most half the hand, rounded down, and after a first discard ('last' set) half of
    the hand before it, less the card: every real sandstorm decision reads, one more is
    refused."""
    for view in _storm_views(engine, data):
        size = sum(view["hand"].values())
        owed = (size + 1) // 2 - 1 if view["sandstorm"]["last"] else size // 2
        assert 1 <= view["sandstorm"]["left"] <= owed
        engine.read_view(copy.deepcopy(view), data, 0)
        wrong = copy.deepcopy(view)
        wrong["sandstorm"]["left"] = owed + 1
        _refused(engine, data, wrong, rf"view: sandstorm\.left: a sandstorm takes half a "
                                      rf"hand, rounded down: at most {owed} more from a hand "
                                      rf"of {size} cards")


@pytest.mark.parametrize("engine,data", BOTH)
def test_a_view_names_the_last_card_discarded_a_pot_shard_too(engine, data):
    """A view after a seat's discard of a pot shard, owing more, wrote ``"last": null``, as
    before any discard (a pot shard is card 0, the engine's ``storm_last`` then too), so
    read back it was bounded as a hand that had discarded nothing; it names the card the
    seat discarded last at this sandstorm, a pot shard too, as it names any other."""
    from games.archaeology.rules import P_STORM
    from games.archaeology.trades import storm_discarded
    deal = {"monument": "great_pyramid"} if engine is expedition else {}
    pot_shards = 0
    for state, seat in _decisions(engine, data, 3, range(30), every=1, **deal):
        if state.phase != P_STORM:
            continue
        last = engine.view_of(state, seat)["sandstorm"]["last"]
        if storm_discarded(state):  # (the record ends with the seat's discards)
            card = state.record.event[2]
            assert last == state.rules.cards.names[card]
            pot_shards += card == 0
        else:
            assert last is None
    assert pot_shards, "no discard under way after a pot shard: the test proves nothing"

@pytest.mark.parametrize("engine,data", BOTH)
def test_a_written_discard_under_way_after_a_pot_shard_reads_as_under_way(engine, data):
    """A written position whose seat discarded a pot shard and owes more (``"last":
    "pot_shard"``) read as a discard not begun: a pot shard is card 0, as the engine's
    ``storm_last`` before any discard, and a position has no record to tell, so the
    prompt said "(half your hand, rounded down)" and the hint ranked whole fresh discards.
    It reads as the record's moment does: under way, the hint's rows the next card."""
    from games.archaeology.rules import P_STORM
    from games.archaeology.table import describe_decision
    from games.archaeology.trades import discarding
    from solvers import services
    from solvers.limits import Limit
    deal = {"monument": "great_pyramid"} if engine is expedition else {}
    game = "expedition" if engine is expedition else "archaeology"
    state, seat = next((state, seat) for state, seat in _decisions(
        engine, data, 4, range(20), every=1, **deal)
        if discarding(state) and state.storm_last == 0 and state.storm_left > 1)
    assert state.phase == P_STORM
    written = json.loads(json.dumps(engine.position_of(state, seat)))
    assert written["sandstorm"]["last"] == "pot_shard" and "history" not in written
    world = engine.read_view(written, data, 0).world
    assert discarding(world)
    asks = describe_decision(world, seat)
    assert asks == describe_decision(state, seat)
    assert "more cards" in asks and "half your hand" not in asks
    rows = {}
    for form, view in (("history", services.hint_view(game, state, seat)),
                       ("position", written)):
        rows[form] = {row.move for row in services.hint(
            game, view, data=data, limit=Limit(iterations=60), seed=1, top=100).rows}
    assert rows["position"] == rows["history"]
    assert all(len(move.split()) == 2 for move in rows["position"])  # (one card a row)
    # a table's discard goes in any order: the last card written above every card held
    # (a talisman discarded first, pot shards to follow) was refused, 'the seat has no
    # legal move in this position' (a record's card order: only cards from it on)
    written["sandstorm"]["last"] = state.rules.cards.names[state.rules.treasures - 1]
    after = engine.read_view(written, data, 0).world
    assert discarding(after)
    assert after.legal_moves() == world.legal_moves()


@pytest.mark.parametrize("engine,data,deal", [
    (archaeology, ARCHAEOLOGY, {}), (expedition, EXPEDITION, {"monument": "temple"}),
    (expedition, EXPEDITION, {"monument": "tomb"}), (expedition, EXPEDITION, {"monument": "mine"})])
def test_a_written_position_reads_back_as_the_moment_it_was_written_at(engine, data, deal):
    """Every decision of some seeded games written down (``position_of``, as ``view
    --position`` writes it) and read back: the same legal moves (inside a discard, any
    card of the hand: a record's card order does not bind a table), and the screen's words
    the same, the position's and the decision's. The screen left out what a written position
    says another hand holds (``holds``: "seat 1: 1 card in hand, ..." where the game's
    screen said "(known to hold at least 1 pot shard)"), and a discard under way after a
    pot shard asked for "half your hand"."""
    from games.archaeology.table import describe_decision, describe_position
    from games.archaeology.trades import discarding
    for state, seat in _decisions(engine, data, 3, range(2), every=2, **deal):
        written = json.loads(json.dumps(engine.position_of(state, seat)))
        world = engine.read_view(written, data, 0).world
        moment = (engine.view_of(state, seat)["history"][-3:], state.phase)
        moves = sorted(map(str, state.legal_moves()))
        if discarding(state):  # (a record's card order binds the rest of its discard)
            anew = copy.deepcopy(written)  # (its steps from the first card in card order)
            anew["sandstorm"]["last"] = "pot_shard"
            moves = sorted(map(str, engine.read_view(anew, data, 0).world.legal_moves()))
            assert set(map(str, state.legal_moves())) <= set(moves), moment
        assert sorted(map(str, world.legal_moves())) == moves, moment
        assert describe_position(world, seat) == describe_position(state, seat), moment
        assert describe_decision(world, seat) == describe_decision(state, seat), moment


@pytest.mark.parametrize("engine,data", BOTH)
def test_a_view_with_its_history_taken_out_says_what_a_position_needs(engine, data):
    """A player who took the history out of a view (``digsite view --at N``) to write the
    position down was told of the history it no longer had ('view: history: does not lead
    from a marketplace of the deal's 5 cards to the view's marketplace'): without
    ``history`` or ``seats`` a view is the deal's own position; it is told so, and what a
    position needs."""
    view = engine.example_view(data)
    del view["history"]
    _refused(engine, data, view, r"^view: without 'history' \(or 'seats'\) a view is the "
             r"deal's own position, before any move, which this is not: a position written "
             r"down without its history needs 'chambers' and 'seats' too \(`digsite view "
             rf"RECORD.json --at N --position`, `digsite example {data.game} --position`\)$")
    # (a view with its history gets the history's own words)
    view = engine.example_view(data)
    view["history"] = view["history"][1:]
    with pytest.raises(InvalidStateError, match=r"^view: (?!without)"):
        engine.read_view(view, data, 0)


def test_a_history_views_last_card_is_the_historys():
    """A history view's ``sandstorm.last`` that the history contradicts (a card the seat
    did not discard last at this sandstorm, or one named before any discard) was read as
    written, the discard order then allowing cards the record had passed; it is refused
    naming ``sandstorm.last`` and what the history says. A null after a pot shard, as views
    wrote before the pot shard was named there, reads as the history tells."""
    from games.archaeology.trades import discarding
    for view in _storm_views(archaeology, ARCHAEOLOGY):
        last = view["sandstorm"]["last"]
        wrong = copy.deepcopy(view)
        if last is None:
            wrong["sandstorm"]["last"] = "talisman"
            _refused(archaeology, ARCHAEOLOGY, wrong, r"view: sandstorm\.last: the history "
                     r"ends with no discard of seat \d at this sandstorm: null before its "
                     r"first discard, not 'talisman'")
            continue
        wrong["sandstorm"]["last"] = "coin" if last != "coin" else "talisman"
        _refused(archaeology, ARCHAEOLOGY, wrong, r"view: sandstorm\.last: the history ends "
                 rf"with seat \d's discard of a .* at this sandstorm: 'last' names it "
                 rf"\('{last}'\), not '{wrong['sandstorm']['last']}'")
        if last == "pot_shard":
            view["sandstorm"]["last"] = None
            assert discarding(archaeology.read_view(view, ARCHAEOLOGY, 0).world)


def test_a_hand_of_one_owes_no_discard():
    view = archaeology.example_position(ARCHAEOLOGY)
    size = sum(view["hand"].values())
    view["hand"] = {"coin": 1}
    view["seats"][0]["hand_size"] = 1
    view["seats"][1]["hand_size"] += size - 1  # the same cards out of sight
    view["seats"][1]["lacks"] = []
    archaeology.read_view(copy.deepcopy(view), ARCHAEOLOGY, 0)
    view["phase"] = "sandstorm"
    view["sandstorms_drawn"] = 1
    view["sandstorm"] = {"left": 1, "last": None, "digger": 0}
    _refused(archaeology, ARCHAEOLOGY, view, r"sandstorm\.left: .*: a hand of 1 card owes "
                                             r"no more discards")


@pytest.mark.parametrize("engine,data", BOTH)
@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("phase,key,card", [("sandstorm", "sandstorms_drawn", "sandstorm"),
                                            ("steal", "thieves_drawn", "thief")])
def test_a_phase_playing_out_a_card_never_counted_drawn_names_the_count(engine, data, form,
                                                                       phase, key, card):
    """A position in a sandstorm with ``sandstorms_drawn`` 0 was refused for its dig site
    ("the seat does not see 48 treasure cards, but ... hide 47"), a history view for the
    cards of its dig site: the sum the missing sandstorm upset, not the sandstorm."""
    view = getattr(engine, form)(data)
    view["phase"], view[key] = phase, 0
    if phase == "sandstorm":
        view["sandstorm"] = {"left": 1, "last": None, "digger": 1}
    _refused(engine, data, view, re.escape(
        f"view: {key}: 0, but phase {phase!r} is a {card} being played out, drawn from the "
        f"dig site: count it (at least 1)"))


# --- 3 and 5. keys first ----------------------------------------------------------------------

@pytest.mark.parametrize("engine,data,form,key,typo", [
    (archaeology, ARCHAEOLOGY, "example_position", "marketplace", "marketplce"),
    (archaeology, ARCHAEOLOGY, "example_position", "thieves_drawn", "thieves_drawm"),
    (archaeology, ARCHAEOLOGY, "example_view", "sandstorms_drawn", "sandstorms_drwan"),
    (expedition, EXPEDITION, "example_position", "marketplace", "market"),
    (expedition, EXPEDITION, "example_position", "maps_spent", "maps_spnt"),
    (expedition, EXPEDITION, "example_view", "history", "histroy"),
    (lootnrun, LOOTNRUN, "example_view", "reshuffled", "reshufled"),
])
def test_a_misspelt_key_is_named_before_its_default_is_read(engine, data, form, key, typo):
    """A misspelt optional key was read as left out and its default blamed on another key
    (``marketplce``: "dig_site: the seat does not see 58 treasure cards ..."): every key
    is checked first, the unknown one named with the one close key."""
    view = getattr(engine, form)(data)
    view[typo] = view.pop(key)
    with pytest.raises(InvalidStateError) as info:
        engine.read_view(view, data, 0)
    assert str(info.value).startswith(f"view: unknown key {typo!r} (expected: ")
    assert str(info.value).endswith(f"; did you mean `{key}`?")


def test_an_unknown_key_lists_every_key_a_position_may_hold():
    """The New Expedition's list of expected keys left out ``chamber_cards`` and
    ``chambers_seen`` when the view had neither (they were read with ``node.has``)."""
    view = expedition.example_position(EXPEDITION)
    view.pop("chamber_cards", None)
    view.pop("chambers_seen", None)
    view["chamber_card"] = [None] * len(view["chambers"])
    with pytest.raises(InvalidStateError) as info:
        expedition.read_view(view, EXPEDITION, 0)
    listed = str(info.value).split("(expected: ")[1].split(")")[0].split(", ")
    assert {"chamber_cards", "chambers_seen", "maps_spent", "seats"} <= set(listed)
    assert str(info.value).endswith("did you mean `chamber_cards`?")
    # a key of a table inside the view gets the suggestion too
    view = archaeology.example_position(ARCHAEOLOGY)
    view["seats"][1]["hold"] = view["seats"][1].pop("holds")
    _refused(archaeology, ARCHAEOLOGY, view,
             r"view: seats\[1\]: unknown key 'hold' \(expected: .*\); did you mean `holds`\?$")


# --- 4 and 10. the key the user wrote, counts in words ------------------------------------------

def test_the_2007_maps_spent_are_its_explored_chambers():
    """A 2007 position's map overflow was blamed on ``maps_spent``, a New Expedition key
    its view has not: it is the explored chambers', and the message says so."""
    view = archaeology.example_position(ARCHAEOLOGY)
    view["hand"]["map"] = 6
    view["seats"][0]["hand_size"] = sum(view["hand"].values())
    view["chambers"][0] = None
    _refused(archaeology, ARCHAEOLOGY, view,
             r"^view: 7 maps in view, the game has 6: hand 6 \+ chambers 1 \(spent on "
             r"the explored chambers\)$")


@pytest.mark.parametrize("engine,data", BOTH)
def test_one_card_too_many_in_holds_names_every_count_of_its_type(engine, data):
    """One talisman too many in ``holds`` was blamed on ``seats[1].sold`` (read after it,
    so the running total passed the game's count there): no one count is wrong alone, so
    the refusal names each count of the type that together pass the game's."""
    view = engine.example_position(data)
    rules_count = data.treasures["talisman"].count
    other = view["seats"][1]
    seen = (view["hand"].get("talisman", 0) + view["marketplace"].get("talisman", 0)
            + sum(n for seat in view["seats"] for card, n in seat["sold"] if card == "talisman"))
    other["holds"]["talisman"] = rules_count - seen + 1
    other["hand_size"] = max(other["hand_size"], sum(other["holds"].values()))
    _refused(engine, data, view, rf"^view: {rules_count + 1} talismans in view, the game "
                                 rf"has {rules_count}: .*seats\[1\]\.holds "
                                 rf"{rules_count - seen + 1}")


@pytest.mark.parametrize("engine,data", BOTH)
def test_a_hand_larger_than_the_unseen_cards_names_its_hand_size(engine, data):
    """A ``hand_size`` of 40 was blamed on ``dig_site``: no dig site fits when the other
    hands' unknown cards alone pass the cards the seat does not see."""
    view = engine.example_position(data)
    view["seats"][1]["hand_size"] = 40
    _refused(engine, data, view, r"^view: seats\[1\]\.hand_size: 40 cards \(\d+ of them "
                                 r"unknown\), but the treasure cards the seat does not see "
                                 r"leave at most \d+ for the other hands")


@pytest.mark.parametrize("form", FORMS)
def test_a_treasure_not_in_the_game_says_why(form):
    """"hand: 1 broken_tablet cards in view so far, the game has 0": the tablet is in the
    game only at 4 or more players or with the Long Expedition; the history form said only
    that the hand did not follow from its history. The card as printed, alone (it said "has
    no broken_tablet (a broken tablet is ...)", its key and then its name)."""
    only = (r"in the game only at 4 or more players, or with the Long Expedition at 2 or 3 "
            r"players\)$")
    why, no_tablet = r"\(a broken tablet is " + only, r"has no broken tablet \(it is " + only
    view = getattr(expedition, form)(EXPEDITION)
    assert view["players"] == 2
    view["hand"]["broken_tablet"] = 1
    _refused(expedition, EXPEDITION, view,
             r"^view: hand\.broken_tablet: the game with 2 players " + no_tablet)
    if form == "example_position":
        view = expedition.example_position(EXPEDITION)
        view["seats"][1]["holds"] = {"broken_tablet": 1}
        _refused(expedition, EXPEDITION, view, r"^view: seats\[1\]\.holds: 1 broken tablet "
                                               r"in view so far, the game has 0 " + why)
    else:
        view = expedition.example_view(EXPEDITION)
        view["history"].append("1 trade pot_shard for broken_tablet")
        _refused(expedition, EXPEDITION, view, r"'1 trade pot_shard for broken_tablet': the "
                                               r"game with 2 players " + no_tablet)


def test_a_deal_with_a_treasure_not_in_the_game_says_why():
    """A tablet dealt at two seats said "no broken_tablet is dealt here (a map, a thief or
    a sandstorm is only ever dug up ...)"."""
    deal = expedition.make_deal(players=2, seed=1, data=EXPEDITION, monument="tomb")
    deal["hands"][0][0] = "broken_tablet"
    with pytest.raises(InvalidStateError, match=r"^deal: hands\[0\]\[0\]: the game with 2 "
                                                r"players has no broken tablet \(it is in "):
        expedition.state_from_deal(deal, EXPEDITION)


def test_the_dig_site_counts_are_in_words():
    """"2 thieves and 1 sandstorms drawn": plurals, not a bare number and an s."""
    view = archaeology.example_view(ARCHAEOLOGY)
    view["dig_site"] += 1
    assert (view["thieves_drawn"], view["sandstorms_drawn"]) == (2, 1)
    _refused(archaeology, ARCHAEOLOGY, view, r"view: dig_site: 42 cards left, \d+ treasures "
                                             r"dug, 2 thieves and 1 sandstorm drawn do not make")
    view = archaeology.example_position(ARCHAEOLOGY)
    view.update(dig_site=1, thieves_drawn=7, sandstorms_drawn=5)
    _refused(archaeology, ARCHAEOLOGY, view, r"view: dig_site: 1 card left cannot hold the 1 "
                                             r"thief and 1 sandstorm not drawn")


# --- every real position reads ----------------------------------------------------------------

MONUMENTS = ["great_pyramid", "temple", "tomb", "mine", "sphinx", "buried_ruins"]


@pytest.mark.parametrize("engine,data,deal", [
    (archaeology, ARCHAEOLOGY, {})] + [(expedition, EXPEDITION, {"monument": m})
                                       for m in MONUMENTS])
def test_every_real_position_and_view_reads(engine, data, deal):
    """The checks above refuse no position a game reaches: both forms of the view of the
    seat to act, at every third decision of seeded random games (of each monument)."""
    count = 0
    for state, seat in _decisions(engine, data, 3, range(2), **deal):
        for view in (engine.view_of(state, seat), engine.position_of(state, seat)):
            if view["phase"] != "other":
                engine.read_view(view, data, 0)
                count += 1
    assert count > 50


# --- 9. maps_spent ----------------------------------------------------------------------------

def _tomb_position(reached):
    for state, seat in _decisions(expedition, EXPEDITION, 2, range(20), every=1,
                                  monument="tomb"):
        view = expedition.position_of(state, seat)
        if view["phase"] == "action" and reached(view):
            return view
    raise AssertionError("no Tomb position as asked for")


def test_a_tomb_position_names_the_maps_its_chambers_spent():
    """A Tomb chamber at 6 of its 8 cards with ``maps_spent: 0`` was blamed on
    ``dig_site`` (a count that did not add up); the Temple already said ``maps_spent``."""
    view = _tomb_position(lambda v: v["chambers"] == [7, 6])
    view["maps_spent"] = 0
    _refused(expedition, EXPEDITION, view, r"^view: maps_spent: must be at least 1, got 0: "
                                           r"chamber B \(down to 6 of its 8 cards\) was "
                                           r"explored at least once, 1 map each")
    view = _tomb_position(lambda v: v["chambers"][0] <= 3)
    least = -(-(7 - view["chambers"][0]) // 2)
    view["maps_spent"] = least - 1
    _refused(expedition, EXPEDITION, view, rf"^view: maps_spent: must be at least {least}, "
                                           rf"got {least - 1}: chamber A")


# --- 7. chamber_cards against chambers_seen ----------------------------------------------------

def _expedition_position(monument, reached, players=2, seeds=range(30)):
    for state, seat in _decisions(expedition, EXPEDITION, players, seeds, every=1,
                                  monument=monument):
        view = expedition.position_of(state, seat)
        if view["phase"] == "action" and reached(view):
            return view
    raise AssertionError(f"no {monument} position as asked for")


def test_a_temple_chamber_is_known_only_to_who_looked():
    """Temple ``chamber_cards[0]`` with ``chambers_seen: [[1], ...]`` was read: the seat
    knows a Temple chamber only by looking at it."""
    view = expedition.example_position(EXPEDITION)
    assert view["chamber_cards"][0] and view["chambers_seen"][0] == [0]
    view["chambers_seen"][0] = [1]
    _refused(expedition, EXPEDITION, view, r"^view: chamber_cards\[0\]: seat 0 knows a Temple "
                                           r"chamber's cards only by looking at it "
                                           r"\(chambers_seen\[0\] lists seat 1\); if it "
                                           r"looked, list seat 0 in chambers_seen\[0\]: "
                                           r"`\"chambers_seen\": \[\[0, 1\], ")


def test_a_known_chamber_without_chambers_seen_is_refused_saying_what_to_write():
    """A hand-written Temple or Tomb position with ``chamber_cards`` and no
    ``chambers_seen`` was refused saying the cause but not the fix: it says the list to
    write, the other chambers' as given (and a Tomb chamber no keep has touched: leave its
    cards out)."""
    view = expedition.example_position(EXPEDITION)
    assert all(view["chamber_cards"])  # (the seat looked at each chamber)
    del view["chambers_seen"]
    _refused(expedition, EXPEDITION, view, r"^view: chamber_cards\[0\]: seat 0 knows a Temple "
                                           r"chamber's cards only by looking at it "
                                           r"\(chambers_seen is left out: no seat knows a "
                                           r"chamber\); if it looked, list seat 0 in "
                                           r"chambers_seen\[0\], chambers_seen\[1\] and "
                                           r"chambers_seen\[2\]: `\"chambers_seen\": "
                                           r"\[\[0\], \[0\], \[0\]\]`$")
    with pytest.raises(InvalidStateError) as refused:
        expedition.read_view(copy.deepcopy(view), EXPEDITION, 0)
    view["chambers_seen"] = json.loads(str(refused.value).split("`\"chambers_seen\": ")[1]
                                       .rstrip("`"))
    expedition.read_view(view, EXPEDITION, 0)  # the fix reads
    view = _expedition_position("tomb", lambda v: v["chambers"] == [7, 6]
                                and v["chambers_seen"] == [[], [1 - v["seat"]]])
    seat = view["seat"]
    view["chamber_cards"] = [None, ["pot_shard"] * 2]
    del view["chambers_seen"]
    _refused(expedition, EXPEDITION, view,
             rf"no seat has kept from it \(chambers_seen is left out: no seat knows a "
             rf"chamber\); if it kept from it last, list seat {seat} in chambers_seen\[1\]: "
             rf"`\"chambers_seen\": \[\[\], \[{seat}\]\]`$")
    view["chamber_cards"] = [["pot_shard"] * 2, None]
    _refused(expedition, EXPEDITION, view,
             r"no seat has kept from it \(chambers_seen is left out: no seat knows a "
             r"chamber\); at 7 of its 7 cards no seat has kept from it: leave "
             r"chamber_cards\[0\] out$")


def test_a_tomb_chamber_is_known_from_the_seats_own_keep():
    """Tomb ``chamber_cards[1]`` (6 cards, chamber at 6 of 8) with ``chambers_seen:
    [[], [1]]`` was read: one keep, seat 1's, was made from it; and a chamber kept from
    since the seat's keep leaves it only the cards it saw more than 2 of."""
    view = _expedition_position("tomb", lambda v: v["chambers"] == [7, 6]
                                and v["chambers_seen"] == [[], [1 - v["seat"]]])
    seat = view["seat"]
    view["chamber_cards"] = [None, ["pot_shard"] * 2]
    _refused(expedition, EXPEDITION, view,
             rf"^view: chamber_cards\[1\]: seat {seat} knows a Tomb chamber's cards only from "
             rf"its own keep, and at 6 of its 8 cards this one was kept from once, by seat "
             rf"{1 - seat} \(chambers_seen\[1\] lists seat {1 - seat}\)$")
    view["chambers_seen"] = [[], []]
    _refused(expedition, EXPEDITION, view, r"chambers_seen\[1\]|chamber_cards\[1\]: .* no seat "
                                           r"has kept from it")
    view["chambers_seen"] = [[], [0, 1]]
    _refused(expedition, EXPEDITION, view, r"^view: chambers_seen\[1\]: only the last seat to "
                                           r"keep from a Tomb chamber knows its cards")
    view["chambers_seen"] = [[1 - seat], [1 - seat]]
    _refused(expedition, EXPEDITION, view, r"^view: chambers_seen\[0\]: no seat has kept from "
                                           r"this chamber: it holds 7 of its 7 cards$")
    # kept from twice, the other seat last: what the seat saw more than 2 of stays known
    def since(v):
        return next((i for i, c in enumerate(v["chamber_cards"]) if c and v["chambers"][i] > 1
                     and v["seat"] not in v["chambers_seen"][i]), None)

    view = _expedition_position("tomb", lambda v: since(v) is not None, players=3)
    expedition.read_view(copy.deepcopy(view), EXPEDITION, 0)
    i = since(view)
    types = ["pot_shard", "parchment_scrap", "coin", "broken_cup", "talisman", "pharaohs_mask"]
    view["chamber_cards"][i] = types[:view["chambers"][i]]  # one of each: none survives 2
    _refused(expedition, EXPEDITION, view, rf"^view: chamber_cards\[{i}\]: seat \d's keep since "
                                           rf"seat {view['seat']}'s .* took any 2 cards")


@pytest.mark.parametrize("monument", ["great_pyramid", "mine", "sphinx", "buried_ruins"])
def test_no_seat_knows_a_chamber_no_look_or_keep_shows(monument):
    view = _expedition_position(monument, lambda v: True)
    assert not any(view["chambers_seen"])
    view["chambers_seen"][0] = [view["seat"]]
    _refused(expedition, EXPEDITION, view, r"^view: chambers_seen\[0\]: no seat knows a .* "
                                           r"chamber's cards: only the Temple's looks")
    if monument == "great_pyramid":
        view["chambers_seen"][0] = []
        view["chamber_cards"] = [["coin"]] + [None] * (len(view["chambers"]) - 1)
        _refused(expedition, EXPEDITION, view, r"^view: chamber_cards\[0\]: no seat sees into "
                                               r"a Great Pyramid chamber before taking it$")


# --- 6. Loot N Run: reshuffles ----------------------------------------------------------------

def _lootnrun_views(players=6, seeds=range(5)):
    """Every decision's view of seeded random Loot N Run games."""
    for state, seat in _decisions(lootnrun, LOOTNRUN, players, seeds, every=1):
        yield lootnrun.view_of(state, seat)


def test_every_real_lootnrun_view_reads():
    views = list(_lootnrun_views())
    assert any(v["reshuffled"] for v in views) and any(v["phase"] == "keep" for v in views)
    for view in views:
        lootnrun.read_view(view, LOOTNRUN, 0)


def test_an_own_room_went_into_the_decks_before_it_was_drawn():
    """Room 24 in the seat's front, drawn before any reshuffle (front_reshuffles 0), while
    reshuffle 1 put it into the decks from the discard pile, was read."""
    view = next(v for v in _lootnrun_views() if v["reshuffled"] and any(
        r in v["reshuffled"][-1] for r in v["my_rooms"]))
    seat, k = view["seat"], len(view["reshuffled"])
    i = next(i for i, r in enumerate(view["my_rooms"]) if r in view["reshuffled"][-1])
    assert view["front_reshuffles"][seat][i] == k
    lootnrun.read_view(copy.deepcopy(view), LOOTNRUN, 0)
    view["front_reshuffles"][seat][i] = k - 1
    _refused(lootnrun, LOOTNRUN, view,
             rf"^view: front_reshuffles\[{seat}\]\[{i}\]: {k - 1} reshuffles? when room "
             rf"{view['my_rooms'][i]} \(my_rooms\[{i}\]\) was drawn, but reshuffle {k} "
             rf"\(reshuffled\[{k - 1}\]\) put it into the decks")


def test_an_empty_deck_is_reshuffled_before_the_next_seat_acts():
    """``decks[0]`` of size 0 with 48 rooms in the other deck and 3 in the discard pile
    was read, though the engine reshuffles an empty deck at once."""
    view = lootnrun.example_view(LOOTNRUN)
    assert view["phase"] == "act" and view["discard"]
    decks = view["decks"]
    decks[1]["size"] += decks[0]["size"]
    decks[0].update(size=0, top=None)
    _refused(lootnrun, LOOTNRUN, view, r"^view: decks\[0\]: an empty deck is refilled at once")


# --- 8. Pyramids: revealed --------------------------------------------------------------------

def test_a_shape_revealed_more_often_than_the_deck_holds_says_the_count():
    """``["I3", "I3", "I3"]`` said "'I3' is not a remaining expedition card of the deck
    ['I3', 'I3', ...]", a list that holds I3."""
    from games import pyramids
    data = cards_data.load("pyramids")
    view = pyramids.example_view(data)
    assert sorted(data.expedition_deck).count("I3") == 2
    view["revealed"] = ["I3", "I3", "I3"]
    with pytest.raises(InvalidStateError,
                       match=r"^view: revealed: the round's deck has 2 I3; revealed lists 3$"):
        pyramids.state_from_view(view, data, 0)
    view["revealed"] = ["I3", "Z9"]
    with pytest.raises(InvalidStateError, match=r"^view: revealed\[1\]: 'Z9' is not an "
                                                r"expedition card \(the round's deck: I3, "):
        pyramids.state_from_view(view, data, 0)


def test_one_card_is_one_card():
    """Counts a user writes read as words: "1 known card", not "1 known cards"."""
    view = archaeology.example_position(ARCHAEOLOGY)
    view["seats"][1].update(hand_size=0, holds={"coin": 1})
    _refused(archaeology, ARCHAEOLOGY, view, r"^view: seats\[1\]\.holds: 1 known card in a "
                                             r"hand of 0$")


# --- f18. a misspelt value gets the suggestion a misspelt key gets ----------------------------

def _set_first_hand_card(view, name):
    view["hand"][name] = view["hand"].pop(next(iter(view["hand"])))


def _lootnrun_top(view, colour):
    deck = next(d for d in view["decks"] if d["top"] is not None)
    deck["top"] = colour


def _pyramids_view():
    from games import pyramids
    return pyramids.example_view(cards_data.load("pyramids"))


@pytest.mark.parametrize("engine,data,form,mutate,where,typo,meant", [
    (archaeology, ARCHAEOLOGY, "example_position", _set_first_hand_card,
     r"hand\.pot shrd", "pot shrd", "pot_shard"),
    (archaeology, ARCHAEOLOGY, "example_position",
     lambda v, w: v["seats"][1].__setitem__("holds", {w: 1}), r"seats\[1\]\.holds\.coins",
     "coins", "coin"),
    (archaeology, ARCHAEOLOGY, "example_position",
     lambda v, w: v["seats"][1].__setitem__("lacks", [w]), r"seats\[1\]\.lacks\[0\]", "mapp",
     "map"),
    (archaeology, ARCHAEOLOGY, "example_position",
     lambda v, w: v["seats"][0]["sold"][0].__setitem__(0, w), r"seats\[0\]\.sold\[0\]\[0\]",
     "broken cup", "broken_cup"),
    (archaeology, ARCHAEOLOGY, "example_view", lambda v, w: v.__setitem__("phase", w),
     "phase", "sandstrom", "sandstorm"),
    (archaeology, ARCHAEOLOGY, "example_view",
     lambda v, w: v["history"].append(f"1 trade {w} for coin"), r"history\[\d+\]",
     "pot_shrd", "pot_shard"),
    (expedition, EXPEDITION, "example_position", _set_first_hand_card, r"hand\.talsman",
     "talsman", "talisman"),
    (lootnrun, LOOTNRUN, "example_view",
     lambda v, w: v["front_backs"][1].__setitem__(0, w), r"front_backs\[1\]\[0\]", "yelow",
     "yellow"),
    (lootnrun, LOOTNRUN, "example_view", _lootnrun_top, r"decks\[\d\]\.top", "gren", "green"),
])
def test_a_misspelt_value_gets_the_suggestion_a_misspelt_key_gets(engine, data, form, mutate,
                                                                  where, typo, meant):
    """``"pot shrd": 2`` in a hand, a sold set's ``"broken cup"``, a Loot N Run back colour
    ``"yelow"`` were refused with the list of names and no suggestion, though a misspelt
    key gets one (``Node.only``'s did-you-mean): a value gets the same one."""
    view = getattr(engine, form)(data)
    mutate(view, typo)
    with pytest.raises(InvalidStateError) as info:
        engine.read_view(view, data, 0)
    assert re.match(rf"view: {where}: ", str(info.value)), str(info.value)
    assert typo in str(info.value) and str(info.value).endswith(f"; did you mean `{meant}`?")


def test_a_misspelt_card_of_a_deal_or_a_shape_gets_a_suggestion():
    from games import pyramids
    deal = archaeology.make_deal(players=2, seed=1, data=ARCHAEOLOGY)
    deal["hands"][0][0] = "pot shrd"
    with pytest.raises(InvalidStateError, match=r"^deal: hands\[0\]\[0\]: unknown card 'pot "
                                                r"shrd' \(cards: .*\); did you mean "
                                                r"`pot_shard`\?$"):
        archaeology.state_from_deal(deal, ARCHAEOLOGY)
    view = _pyramids_view()
    view["revealed"][0] = "domio"
    with pytest.raises(InvalidStateError, match=r"^view: revealed\[0\]: 'domio' is not an "
                                                r"expedition card .*; did you mean `domino`\?$"):
        pyramids.state_from_view(view, cards_data.load("pyramids"), 0)
    # no suggestion when nothing is close, or two names are equally close
    view = archaeology.example_position(ARCHAEOLOGY)
    _set_first_hand_card(view, "zzz")
    with pytest.raises(InvalidStateError) as info:
        archaeology.read_view(view, ARCHAEOLOGY, 0)
    assert str(info.value).endswith("map)")


# --- f18. sandstorm.sheltered: what the view's own seat and the order allow -------------------

def _storm_decisions(players=3, seeds=range(12), variant=None):
    """Every tent and sandstorm decision of seeded random Great Pyramid games: ``(view
    maker, state, seat)`` for both forms."""
    from games.archaeology.rules import P_STORM, P_TENT
    for state, seat in _decisions(expedition, EXPEDITION, players, seeds, every=1,
                                  monument="great_pyramid", variant=variant):
        if state.phase in (P_STORM, P_TENT):
            for form in (expedition.view_of, expedition.position_of):
                yield form(state, seat)


@pytest.mark.parametrize("variant", [None, "fierce-weather"])
def test_every_real_tent_and_sandstorm_decision_reads(variant):
    """The checks of ``sandstorm.sheltered`` below refuse no decision a game reaches (with
    Fierce Weather's two tent uses too)."""
    views = list(_storm_decisions(variant=variant))
    assert any(v["phase"] == "tent" and v["sandstorm"]["sheltered"] for v in views)
    assert any(v["phase"] == "sandstorm" and v["sandstorm"]["sheltered"] for v in views)
    for view in views:
        expedition.read_view(view, EXPEDITION, 0)


def _first(phase, reached=lambda view: True):
    return next(v for v in _storm_decisions() if v["phase"] == phase
                and "history" not in v and reached(v))


def test_the_seat_to_discard_is_not_sheltered():
    """A position in phase 'sandstorm' listing the view's own seat in ``sheltered`` was
    read (the seat then discarded, which a sheltered seat never does); a history view was
    refused only as 'used no tent'."""
    view = _first("sandstorm")
    seat = view["seat"]
    view["sandstorm"]["sheltered"] = [seat]
    _refused(expedition, EXPEDITION, view,
             rf"^view: sandstorm\.sheltered\[0\]: seat {seat} is the view's seat, which "
             rf"discards in this sandstorm: a seat sheltered in its tent discards nothing$")


def test_the_seat_deciding_on_its_tent_and_those_after_it_have_not_sheltered():
    """In phase 'tent' a position listing the deciding seat, or a seat that decides after
    it (from the digger's left, the digger last), in ``sheltered`` was read."""
    def after(view):
        order = [(view["sandstorm"]["digger"] + k) % view["players"]
                 for k in range(1, view["players"] + 1)]
        return order[order.index(view["seat"]) + 1:]

    view = _first("tent", lambda v: after(v))
    seat, later = view["seat"], after(view)[0]
    wrong = copy.deepcopy(view)
    wrong["sandstorm"]["sheltered"] = [seat]
    _refused(expedition, EXPEDITION, wrong,
             rf"^view: sandstorm\.sheltered\[0\]: seat {seat} is the view's seat, which "
             rf"decides on its tent now \(phase 'tent'\): it is sheltered once it has used it$")
    wrong = copy.deepcopy(view)
    wrong["sandstorm"]["sheltered"] = [later]
    wrong["tents"][later] = 0
    _refused(expedition, EXPEDITION, wrong,
             rf"^view: sandstorm\.sheltered\[0\]: seat {later} decides on its tent after seat "
             rf"{seat} \(from the digger's left, the digger last\): it has not sheltered yet$")
    wrong = copy.deepcopy(view)
    wrong["tents"][seat] = 0
    _refused(expedition, EXPEDITION, wrong,
             rf"^view: phase: phase 'tent' but seat {seat} has no tent use left "
             rf"\(tents\[{seat}\] is 0\): only a seat with a tent decides on it$")
    wrong = copy.deepcopy(view)
    wrong["hand"] = {next(iter(view["hand"])): 1}
    _refused(expedition, EXPEDITION, wrong,
             r"^view: phase: phase 'tent' but the hand holds 1 card: a seat that would lose "
             r"nothing in the sandstorm is not asked \(it keeps its tent\)$")


def test_a_sheltered_seat_has_used_its_tent():
    """A position listing a seat in ``sheltered`` with all its tent uses left was read."""
    view = _first("sandstorm", lambda v: v["sandstorm"]["sheltered"])
    p = view["sandstorm"]["sheltered"][0]
    assert view["tents"][p] == 0
    view["tents"][p] = 1
    _refused(expedition, EXPEDITION, view,
             rf"^view: sandstorm\.sheltered\[0\]: seat {p} has used no tent \(tents\[{p}\] "
             rf"is 1, all its uses\): a sheltered seat has used one in this sandstorm$")


# --- f18. maps_spent above what the other counts leave ---------------------------------------

def test_more_maps_spent_than_the_other_counts_leave_names_maps_spent():
    """``maps_spent: 2`` where the other counts leave none was blamed on ``dig_site``
    ("the seat does not see 28 treasure cards, but ... hide 30"): it names maps_spent and
    why; a count off with maps_spent at the fewest its chambers show is still the dig
    site's."""
    view = expedition.example_position(EXPEDITION)
    assert view["maps_spent"] == 0
    view["maps_spent"] = 2
    _refused(expedition, EXPEDITION, view,
             r"^view: maps_spent: 2 maps spent, but the other counts leave room for 0: each "
             r"map spent has left the game, so with 2 spent the seat does not see 28 treasure "
             r"cards, while the other hands, the chambers and the dig site hide 30$")
    view = _expedition_position("great_pyramid", lambda v: v["maps_spent"] and None in
                                v["chambers"], players=3)
    spent = view["maps_spent"]
    wrong = copy.deepcopy(view)
    wrong["maps_spent"] = spent + 1
    _refused(expedition, EXPEDITION, wrong, rf"^view: maps_spent: {spent + 1} maps spent, but "
                                            rf"the other counts leave room for {spent}: ")
    wrong = copy.deepcopy(view)
    wrong["dig_site"] += 1
    _refused(expedition, EXPEDITION, wrong, r"^view: dig_site: the seat does not see ")


# --- pos23. the places a count names, and the Mine's face-up cards ----------------------------

def test_a_count_off_names_the_places_the_game_has_and_the_dig_site_that_fits():
    """A dig site off by 6 in a 2007 position was refused as "... the other hands, the
    chambers, the reserve and the dig site hide 47": the 2007 game (and every monument but
    the Buried Ruins) has no reserve, and the writer had to work out the count that fits.
    The words name the places the game has (the Buried Ruins' face-up chambers hide
    nothing, its reserve does) and the dig site the other counts leave."""
    view = archaeology.example_position(ARCHAEOLOGY)
    right = view["dig_site"]
    view["dig_site"] += 6
    _refused(archaeology, ARCHAEOLOGY, view,
             rf"^view: dig_site: the seat does not see \d+ treasure cards, but the other "
             rf"hands, the chambers and the dig site hide \d+: with the other counts as "
             rf"written, the dig site holds {right} cards$")
    view = _expedition_position("buried_ruins", lambda v: True)
    right = view["dig_site"]
    view["dig_site"] += 1
    _refused(expedition, EXPEDITION, view,
             rf"^view: dig_site: the seat does not see \d+ treasure cards, but the other "
             rf"hands, the reserve and the dig site hide \d+: with the other counts as "
             rf"written, the dig site holds {right} cards$")


def test_the_mines_cards_drawn_face_up_are_out_of_the_chamber():
    """A Mine position in phase "mine" with ``chambers: [15]`` and 2 cards drawn face up
    was read: 17 cards of a Mine of 15 (the engine takes each card drawn out of the
    chamber). Real positions of the phase read, in both forms."""
    seen = 0
    for state, seat in _decisions(expedition, EXPEDITION, 2, range(40), every=1,
                                  monument="mine"):
        if expedition.view_of(state, seat)["phase"] != "mine":
            continue
        for view in (expedition.view_of(state, seat), expedition.position_of(state, seat)):
            expedition.read_view(view, EXPEDITION, 0)
        seen += 1
        view = expedition.position_of(state, seat)
        drawn = len(view["explore"]["drawn"])
        view["chambers"][0] += drawn
        _refused(expedition, EXPEDITION, view,
                 rf"^view: chambers\[0\]: the Mine holds 15 cards, {drawn} of them drawn "
                 rf"face up: at most {15 - drawn} are left face down in it$")
        if seen == 3:
            break
    assert seen == 3


def test_a_pyramids_score_card_holds_the_gems_crossed_on_the_cards_in_play():
    """A score card with fewer gems than the cards in play have crossed off was read (a
    gem crossed off is crossed on the score card at once, and never wiped); every real
    view reads."""
    import random
    from games import pyramids
    from games.protocol import CHANCE
    data = cards_data.load("pyramids")
    refused = 0
    for seed in range(3):
        state = pyramids.state_from_deal(pyramids.make_deal(players=2, seed=seed, data=data),
                                         data)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if state.phase == "cross":
                view = pyramids.view_of(state, state.current_player())
                pyramids.state_from_view(view, data, 0)
                card = view["score_card"]
                crossed = sum(data.card(slot["order"]).grid[int(cell[1:]) - 1]
                              [ord(cell[0]) - ord("A")] == "r"
                              for slot in view["cards"] if slot for cell in slot["crossed"])
                if 0 < crossed == card["red_gems"]:
                    card["red_gems"] -= 1
                    with pytest.raises(InvalidStateError, match=(
                            rf"^view: score_card\.red_gems: {crossed - 1}, but the cards in "
                            rf"play have {crossed} red gems? crossed off, each crossed on the "
                            rf"score card at once$")):
                        pyramids.state_from_view(view, data, 0)
                    refused += 1
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
    assert refused > 3
