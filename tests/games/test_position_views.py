"""Position views (issue 19 §1): the sampler is exact with respect to what a position
states, a position made from a history that adds nothing samples the history's worlds, a
history and a position given together must agree, and a position no deal can explain is
refused naming the key.

Exactness is proven as the history views' is (``test_card_posteriors``): on card data
small enough to enumerate, ``posterior_enumeration.position_posterior`` lays out the cards
the seat does not see over the places it cannot see into, from the view's JSON alone,
and the worlds of ``read_view`` must stay in its support and pass a chi-square test
(``scipy.stats.chisquare``, fixed seeds, significance 0.001, categories expected fewer
than 5 times pooled).
"""

from __future__ import annotations

import copy
import json
import random
import sys
from collections import Counter
from functools import partial
from pathlib import Path

import pytest

import cards_data
from games import archaeology, expedition, lootnrun
from games.archaeology.hidden import (R_DIG, R_DISCARD, R_EXPLORE, R_KEEP, R_SELL, R_STEAL,
                                      R_TENT, R_TRADE, S_KEEP)
from games.archaeology.rules import P_ACTION, P_KEEP
from games.errors import InvalidStateError

sys.path.insert(0, str(Path(__file__).parent))  # the enumerators live beside this file
from posterior_enumeration import (archaeology_hidden, archaeology_posterior,  # noqa: E402
                                   expedition_hidden, expedition_posterior, lootnrun_hidden,
                                   lootnrun_posterior, position_hidden, position_posterior,
                                   record_game)
from test_card_posteriors import LOOT, SMALL, _agrees, _lootnrun_position  # noqa: E402
from test_expedition_posteriors import SMALL as SMALL_EXPEDITION  # noqa: E402
from test_expedition_posteriors import TOMB as SMALL_EXPEDITION_TOMB  # noqa: E402

SAMPLES = 2000
ARCHAEOLOGY = cards_data.load("archaeology")
EXPEDITION = cards_data.load("expedition")


def _uniform(state, moves, rng):
    return moves[rng.randrange(len(moves))]


def _game(engine, data, players: int, reached, *, seeds=range(400), **deal):
    """The first seeded random game reaching an action decision (no trade under way) where
    ``reached(state)`` holds: ``(deal state, steps, state)``."""
    for seed in seeds:
        start = engine.state_from_deal(engine.make_deal(players=players, seed=seed,
                                                        data=data, **deal), data)
        state = start.clone()

        def stop(s, decisions):
            return decisions > 60 or (s.phase == P_ACTION and s.trade_takes is None
                                      and reached(s))

        steps = record_game(state, _uniform, random.Random(seed), stop=stop)
        if not state.is_terminal() and state.phase == P_ACTION and reached(state):
            return start, steps, state
    raise AssertionError("no game reaches the position asked for")


def _sample(view: dict, data, seat: int, rng):
    """One world read from ``view`` with a fresh seed (the view is parsed each time: the
    whole reading is under test)."""
    reading = (archaeology if view["game"] == "archaeology" else expedition).read_view(
        copy.deepcopy(view), data, rng.getrandbits(32))
    assert reading.form == "position" and reading.seat == seat
    return position_hidden(reading.world, seat)


def _exact(view: dict, data, rules, context: str) -> int:
    law = position_posterior(view, rules)
    rng = random.Random(7)
    seat = view["seat"]
    _agrees_n(law, lambda: _sample(view, data, seat, rng), context)
    return len(law)


def _agrees_n(law, draw, context):
    import test_card_posteriors
    old = test_card_posteriors.SAMPLES
    test_card_posteriors.SAMPLES = SAMPLES
    try:
        _agrees(law, draw, context)
    finally:
        test_card_posteriors.SAMPLES = old


def _json(view: dict) -> dict:
    return json.loads(json.dumps(view))


# --- exact with respect to what the position states ------------------------------------------

@pytest.mark.parametrize("players", [2, 3])
def test_archaeology_position_is_sampled_exactly(players):
    """Small 2007 decks: a position after thefts and trades (known cards in other hands),
    and the same with a type the seat knows another hand lacks."""
    _, _, state = _game(archaeology, SMALL, players,
                        lambda s: {e[0] for e in s.record.events()} >= {R_STEAL, R_TRADE})
    seat = state.current_player()
    view = _json(archaeology.position_of(state, seat))
    rules = state.rules
    assert _exact(view, SMALL, rules, f"{players} players") >= 4
    other = (seat + 1) % players
    held = [c for c in range(rules.treasures) if state.hands[other * rules.treasures + c]]
    lacked = next(c for c in range(rules.treasures) if c not in held
                  and rules.cards.names[c] not in view["seats"][other]["holds"])
    view["seats"][other]["lacks"] = [rules.cards.names[lacked]]
    _exact(view, SMALL, rules, f"{players} players, a lacked type")


@pytest.mark.parametrize("players", [2, 3])
def test_a_position_read_with_hands_built_at_once_is_sampled_exactly(players, monkeypatch):
    """The other hands of a position built at once from the cards not in view
    (``HandDP.enter_fresh``, used past ``FRESH_AT`` unknown cards): the same law."""
    from games.archaeology import hidden
    monkeypatch.setattr(hidden, "FRESH_AT", 0)
    hidden._DP_CACHE.clear()

    def big_other_hand(s):  # (a multiset of 3 unknown cards: their orders weigh it)
        return any(s.hand_sizes[p] >= 3 for p in range(players) if p != s.to_move)

    _, _, state = _game(archaeology, SMALL, players, big_other_hand)
    seat = state.current_player()
    view = _json(archaeology.position_of(state, seat))
    assert _exact(view, SMALL, state.rules, f"{players} players, at once") >= 4
    hidden._DP_CACHE.clear()


@pytest.mark.parametrize("monument", ["temple", "tomb", "mine", "buried_ruins"])
def test_expedition_position_is_sampled_exactly(monument):
    """Small New Expedition decks: known chamber cards (a look, a keep, cards returned),
    face-up chambers and the reserve, maps spent."""
    want = {"temple": lambda s: any(s.chamber_seen),
            "tomb": lambda s: any(s.chamber_seen),
            "mine": lambda s: s.draws_used > 0,
            "buried_ruins": lambda s: s.storms_drawn > 0}[monument]
    _, _, state = _game(expedition, SMALL_EXPEDITION, 2, want, monument=monument)
    seat = state.current_player()
    view = _json(expedition.position_of(state, seat))
    _exact(view, SMALL_EXPEDITION, state.rules, monument)


def test_a_tomb_explorer_keeping_is_sampled_exactly():
    """The Tomb's explorer choosing its keep sees the chamber (``explore.cards``): every
    world has those cards there, and the rest follows the exact law (the enumerator read
    that chamber as unknown before, and no test stopped at a keep)."""
    for seed in range(200):
        state = expedition.state_from_deal(expedition.make_deal(
            players=2, seed=seed, data=SMALL_EXPEDITION, monument="tomb"), SMALL_EXPEDITION)
        record_game(state, _uniform, random.Random(seed),
                    stop=lambda s, decisions: s.phase == P_KEEP or decisions > 60)
        if state.phase == P_KEEP:
            break
    seat = state.current_player()
    view = _json(expedition.position_of(state, seat))
    assert view["explore"]["cards"]
    law = position_posterior(view, state.rules)
    chamber = state.exploring
    assert {key[1][chamber] for key in law} == {tuple(sorted(state.chambers[chamber]))}
    _exact(view, SMALL_EXPEDITION, state.rules, "a Tomb keep")


def _hidden_copies(state, seat: int, card: int) -> int:
    """The copies of ``card`` that ``seat`` does not see (other hands, chambers, dig site)."""
    T = state.rules.treasures
    return (sum(state.hands[p * T + card] for p in range(state.num_players) if p != seat)
            + sum((c or ()).count(card) for c in state.chambers) + state.dig.count(card))


def test_written_edge_positions_are_sampled_exactly():
    """Positions as a player may write them, each against the exact law: the end of the
    dig site; another hand known card for card; every copy of a type accounted for (one
    hand holds all the unseen ones: no other place may get one); a hand that lacks every
    type but one."""
    _, _, end = _game(archaeology, SMALL, 2, lambda s: not s.dig and s.hand_sizes[
        1 - s.current_player()] > 1, seeds=range(2000))
    seat = end.current_player()
    other = 1 - seat
    rules = end.rules
    names = rules.cards.names
    T = rules.treasures
    view = _json(archaeology.position_of(end, seat))
    assert view["dig_site"] == 0
    _exact(view, SMALL, rules, "the dig site empty")
    known = copy.deepcopy(view)
    known["seats"][other]["holds"] = {names[c]: n for c, n in enumerate(
        end.hands[other * T:(other + 1) * T]) if n}
    assert _exact(known, SMALL, rules, "a hand known card for card") >= 1

    _, _, mid = _game(archaeology, SMALL, 2, lambda s: s.dig and any(
        0 < _hidden_copies(s, s.current_player(), c) <= s.hand_sizes[1 - s.current_player()]
        for c in range(T)))
    seat = mid.current_player()
    other = 1 - seat
    view = _json(archaeology.position_of(mid, seat))
    view["seats"][other]["lacks"] = []
    card = next(c for c in range(T)
                if 0 < _hidden_copies(mid, seat, c) <= mid.hand_sizes[other])
    all_of = copy.deepcopy(view)
    all_of["seats"][other]["holds"] = {names[card]: _hidden_copies(mid, seat, card)}
    law = position_posterior(all_of, rules)
    assert all(key[0][0][card] == _hidden_copies(mid, seat, card)
               and not any(c and card in c for c in key[1]) and not key[3][card]
               for key in law)
    _exact(all_of, SMALL, rules, f"every {names[card]} accounted for")
    only = copy.deepcopy(view)
    only["seats"][other]["holds"] = {}
    only["seats"][other]["lacks"] = [names[c] for c in range(T) if c != card]
    if _hidden_copies(mid, seat, card) == mid.hand_sizes[other]:
        _exact(only, SMALL, rules, f"a hand of {names[card]} only")
    else:
        with pytest.raises(InvalidStateError, match=rf"seats\[{other}\]\.lacks: the hand's"):
            archaeology.read_view(only, SMALL, 0)


def test_lootnrun_position_is_the_view_and_is_sampled_exactly():
    """Loot N Run's view is its position (its ``history`` aside: what happened, which the
    sampler does not need): read from the JSON itself (not from the true state), its
    worlds follow the exact law of the game's history."""
    start, steps, position = _lootnrun_position(3)
    seat = position.to_move
    law = lootnrun_posterior(start, steps, seat)
    view = _json(lootnrun.position_of(position, seat))
    whole = _json(lootnrun.view_of(position, seat))
    assert whole.pop("history") and view == whole
    rng = random.Random(5)

    def draw():
        reading = lootnrun.read_view(copy.deepcopy(view), LOOT, rng.getrandbits(32))
        assert reading.form == "position"
        return lootnrun_hidden(reading.world, seat)

    _agrees_n(law, draw, "Loot N Run from its view")


# --- a history that adds nothing ---------------------------------------------------------------

def _adds_nothing(s) -> bool:
    """A record that tells the seat to act nothing a position does not state: the seat's
    own actions and thefts from it (whose card it saw): the others' hands are their dealt
    cards (no map: the position says ``lacks: ["map"]``) and what they took from it."""
    seat = s.current_player()
    events = s.record.events()
    return (len(events) >= 3 and any(e[0] == R_STEAL for e in events) and all(
        e[1] == seat or (e[0] == R_STEAL and e[2] == seat) for e in events))


def _small_two_player_law(pick):
    """A small-deck 2-player game ``pick`` accepts, its seat to act and the enumerated law
    of that seat's worlds, by the first three parts of a world's key."""
    start, steps, state = _game(archaeology, SMALL, 2, pick, seeds=range(3000))
    seat = state.current_player()
    marginal: dict = {}
    for key, p in archaeology_posterior(SMALL, start, steps, seat).items():
        marginal[key[:3]] = marginal.get(key[:3], 0) + p
    return state, seat, marginal


def test_a_position_made_from_a_history_that_adds_nothing_samples_the_same_worlds():
    state, seat, marginal = _small_two_player_law(_adds_nothing)
    history = _json(archaeology.view_of(state, seat))
    position = _json(archaeology.position_of(state, seat))
    rng = random.Random(9)
    for view, form in ((history, "history"), (position, "position")):
        def draw(view=view, form=form):
            reading = archaeology.read_view(copy.deepcopy(view), SMALL, rng.getrandbits(32))
            assert reading.form == form
            return archaeology_hidden(reading.world, seat)[:3]  # a position has no thefts
        _agrees_n(marginal, draw, f"the {form} form")


# --- both forms, and refusals ---------------------------------------------------------------

def _game_state(engine, data, **deal):
    return _game(engine, data, 3, lambda s: any(
        e[0] == R_TRADE for e in s.record.events()), **deal)[2]


@pytest.mark.parametrize("engine,data,deal", [
    (archaeology, ARCHAEOLOGY, {}), (expedition, EXPEDITION, {"monument": "temple"})])
def test_a_history_with_position_keys_must_agree(engine, data, deal):
    state = _game_state(engine, data, **deal)
    seat = state.current_player()
    both = _json(engine.view_of(state, seat))
    position = _json(engine.position_of(state, seat))
    keys = [k for k in position if k not in both]
    both.update({k: position[k] for k in keys})
    assert engine.read_view(copy.deepcopy(both), data, 0).form == "history"
    other = (seat + 1) % 3
    wrong = copy.deepcopy(both)
    wrong["seats"][other]["money"] += 1
    with pytest.raises(InvalidStateError, match=rf"seats\[{other}\]\.money: the history gives"):
        engine.read_view(wrong, data, 0)
    wrong = copy.deepcopy(both)
    holds = wrong["seats"][other]["holds"]
    holds["pharaohs_mask"] = holds.get("pharaohs_mask", 0) + 1
    with pytest.raises(InvalidStateError, match=rf"seats\[{other}\]\.holds: the history"):
        engine.read_view(wrong, data, 0)
    less = copy.deepcopy(both)  # a position may know less than the history
    less["seats"][other]["holds"] = {}
    del less["seats"][other]["lacks"]
    assert engine.read_view(less, data, 0).form == "history"


def _bad_position(mutate, match, engine=archaeology, data=ARCHAEOLOGY):
    view = engine.example_position(data)
    mutate(view)
    with pytest.raises(InvalidStateError, match=match):
        engine.read_view(view, data, 0)


def test_a_position_no_deal_explains_is_refused_naming_the_key():
    other = 1
    def many_coins(v):
        v["hand"]["coin"] = 30
        v["seats"][0]["hand_size"] = sum(v["hand"].values())
    _bad_position(many_coins, r"view: hand: 30 coins in view so far, the game has")
    _bad_position(lambda v: v["seats"][other]["holds"].update(pot_shard=4),
                  r"seats\[1\]\.holds: 5 known cards in a hand of 4")
    _bad_position(lambda v: v["seats"][other].update(hand_size=0), r"seats\[1\]\.holds")
    _bad_position(lambda v: v["seats"][other].update(money=99), r"seats\[1\]\.money")
    _bad_position(lambda v: v["seats"][0].update(hand_size=2), r"seats\[0\]\.hand_size")
    _bad_position(lambda v: v["seats"][0].update(holds={}), r"seats\[0\]\.holds")
    _bad_position(lambda v: v["seats"][other].update(lacks=["coin", "coin"]),
                  r"seats\[1\]\.lacks")
    _bad_position(lambda v: v.update(dig_site=v["dig_site"] + 1), r"view: dig_site")
    def lacks_too_much(v):  # 3 unseen pharaoh's masks for a hand of 4 unknown cards
        v["seats"][other]["lacks"] = ["pot_shard", "parchment_scrap", "coin", "talisman",
                                      "broken_cup", "map"]
        v["seats"][other]["hand_size"] += 1
        v["dig_site"] -= 1
    _bad_position(lacks_too_much, r"view: seats\[1\]\.lacks: the hand's 4 unknown cards "
                                  r"must be of types it does not lack, and of those types only "
                                  r"3 cards are not in view")
    _bad_position(lambda v: v["chambers"].__setitem__(0, 2), r"chambers\[0\]")
    _bad_position(lambda v: v["seats"][other]["sold"].append(["coin", 9]),
                  r"seats\[1\]\.sold\[\d\]\[1\]")
    _bad_position(lambda v: v["seats"].pop(), r"view: seats")
    _bad_position(lambda v: v.pop("turn"), r"turn")
    _bad_position(lambda v: v.update(maps_spent=-1), r"maps_spent", expedition, EXPEDITION)
    _bad_position(lambda v: v["chamber_cards"].__setitem__(0, ["coin"] * 6),
                  r"chamber_cards\[0\]", expedition, EXPEDITION)
    _bad_position(lambda v: v["chambers"].__setitem__(0, None),
                  r"maps_spent: must be at least 2", expedition, EXPEDITION)


def test_hands_that_fit_one_by_one_but_not_together_are_refused_naming_seats():
    """Two other hands that lack every type but one, each needing no more of its unseen
    copies than there are, but more than there are together: the sampler found no world
    and said so in its own words ("no deal explains what seat 0 has seen"), naming no
    key; the view is refused naming ``seats``."""
    state = _game_state(archaeology, ARCHAEOLOGY)
    seat = state.current_player()
    view = _json(archaeology.position_of(state, seat))
    rules = state.rules
    names = rules.cards.names
    card = max(range(rules.treasures), key=lambda c: _hidden_copies(state, seat, c))
    unseen = _hidden_copies(state, seat, card)
    others = [p for p in range(3) if p != seat]
    sizes = [unseen, 1]
    for p, size in zip(others, sizes):
        entry = view["seats"][p]
        view["dig_site"] -= size - entry["hand_size"]
        entry.update(hand_size=size, holds={},
                     lacks=[names[c] for c in range(rules.treasures) if c != card])
    with pytest.raises(InvalidStateError, match=r"^view: seats: no deal explains the position"):
        archaeology.read_view(view, ARCHAEOLOGY, 0)


def test_the_example_positions_read_and_the_hint_says_its_form():
    from solvers import services
    from solvers.limits import Limit
    for engine, data, game in ((archaeology, ARCHAEOLOGY, "archaeology"),
                               (expedition, EXPEDITION, "expedition")):
        position = engine.example_position(data)
        assert "history" not in position and position == engine.example_position(data)
        hint = services.hint(game, position, data=data, limit=Limit(iterations=30), seed=0)
        assert hint.fact("view_form") == "position"
        assert any("what a history would add was not used" in line
                   for line in hint.explanation)
        history = services.hint(game, engine.example_view(data), data=data,
                                limit=Limit(iterations=30), seed=0)
        assert history.fact("view_form") == "history"
        assert not any("position view" in line for line in history.explanation)


@pytest.mark.parametrize("engine,data,size", [(archaeology, ARCHAEOLOGY, 34),
                                              (expedition, EXPEDITION, 30)])
def test_a_large_hand_reads_with_a_table_of_the_cards_not_in_view(engine, data, size):
    """A position whose other hand held 34 cards took 69 s to read: its unknown cards
    entered one at a time against the game's counts, a hand table of 415,308 compositions
    (most of them holding cards the seat sees), weighted one by one by the sampler. The
    unknown cards come from the cards not in view: the table holds those compositions
    only (18,307 here; bounded generously, the work of a read is the table's size)."""
    view = engine.example_position(data)
    other = view["seats"][1]
    view["dig_site"] -= size - other["hand_size"]
    other["hand_size"] = size
    world = engine.read_view(view, data, 0).world  # (its record is the position's)
    posterior = world._posterior(view["seat"])[0]
    assert sum(len(table) for table in posterior.hands) < 40_000


def test_a_fresh_hand_table_is_the_one_card_at_a_time_table_within_the_unseen_cards():
    """``HandDP.enter_fresh`` (the position's other hands) builds the table ``enter`` builds
    one card at a time, less the compositions holding more of a type than are unseen."""
    from games.archaeology.hidden import HandDP
    rng = random.Random(0)
    for _ in range(100):
        caps = [rng.randint(1, 6) for _ in range(5)]
        within = [rng.randint(0, cap) for cap in caps]
        n = rng.randint(0, sum(within))
        steps, fresh = HandDP(caps), HandDP(caps)
        steps.enter(n)
        fresh.enter_fresh(n, within)
        assert fresh.table == {key: w for key, w in steps.table.items()
                               if all(x <= y for x, y in zip(steps.lanes.unpack(key), within))}


def test_a_large_hand_is_weighed_once_per_composition(monkeypatch):
    """The sampler weighed each composition of a one-hand position twice (once for the
    total, again for the first draw's choices): 254,582 compositions of a 34-card hand
    took 4.6 s of CPU to read, 2.9 s weighed once."""
    from games.archaeology import hidden
    from games.compiled import status
    if status().compiled:  # (a compiled class's methods cannot be replaced)
        pytest.skip("counts the calls of a method of the pure-Python build")
    calls = []
    weight = hidden._HiddenTotals.weight
    monkeypatch.setattr(hidden._HiddenTotals, "weight",
                        lambda self, held: calls.append(held) or weight(self, held))
    view = archaeology.example_position(ARCHAEOLOGY)
    other = view["seats"][1]
    view["dig_site"] -= 20 - other["hand_size"]
    other["hand_size"] = 20
    world = archaeology.read_view(view, ARCHAEOLOGY, 0).world  # (one posterior, one draw)
    read = len(calls)
    entries = len(world._posterior(view["seat"])[0].hands[0])
    assert entries > 10_000 and read <= entries + 10


# --- the Tomb: what a seat left in a chamber that another seat kept from since ----------------

def _tomb_keeper_first(state, moves, rng):
    """Explore chamber A and keep from it whenever possible (the first seat to keep from
    it, once: the maps left are the other's), else dig, else end (no sale, trade or
    discard: a history whose other hand is its dealt cards and its keeps)."""
    texts = [str(m) for m in moves]
    keeps = [e[1] for e in state.record.events() if e[0] == R_KEEP and e[2] == 0]
    first = keeps[0] == state.current_player() if keeps else False
    for prefix in ("keep", "dig") if first else ("explore A", "keep", "dig"):
        options = [m for m, t in zip(moves, texts) if t.startswith(prefix)]
        if options:
            return options[rng.randrange(len(options))]
    options = [m for m, t in zip(moves, texts) if t in ("end", "tent keep")] or moves
    return options[rng.randrange(len(options))]


def _kept_since(s, since: int = 1) -> bool:
    """At an action decision, the seat to act kept from chamber A and the other seat kept
    from it ``since`` times since; the other seat only dug, explored and kept (no theft
    either), and spent every map it dug (so the history tells the seat nothing a position
    does not state but what it left)."""
    if s.is_terminal() or s.phase != P_ACTION or s.trade_takes is not None:
        return False
    seat = s.current_player()
    events = s.record.events()
    keeps = [e[1] for e in events if e[0] == R_KEEP and e[2] == 0]
    other = [e for e in events if e[1] != seat or e[0] == R_STEAL]
    return (seat in keeps and keeps[-since - 1:] == [seat] + [1 - seat] * since
            and all(e[0] in (R_DIG, R_EXPLORE, R_KEEP, R_TENT) for e in other)
            and sum(e[0] == R_DIG for e in other) == sum(e[0] == R_EXPLORE for e in other))


def _tomb_kept_since(since: int = 1):
    """The first seeded game on the small Tomb deck reaching ``_kept_since``: ``(deal
    state, steps, state)``."""
    data = SMALL_EXPEDITION_TOMB
    for seed in range(1000):  # (two keeps since: the 934th game)
        start = expedition.state_from_deal(expedition.make_deal(
            players=2, seed=seed, data=data, monument="tomb"), data)
        state = start.clone()
        steps = record_game(state, _tomb_keeper_first, random.Random(seed),
                            stop=lambda s, decisions: _kept_since(s, since) or decisions > 60)
        if _kept_since(state, since):
            return start, steps, state
    raise AssertionError("no game reaches a keep from a chamber the seat kept from")


def _tomb_law(start, steps, seat: int) -> dict:
    """The history's exact law (enumerated) of what a position's reading samples: the
    other hands, the chambers, the dig site (a position has no secrets)."""
    law: dict = {}
    for key, p in expedition_posterior(SMALL_EXPEDITION_TOMB, start, steps, seat).items():
        law[key[:4]] = law.get(key[:4], 0) + p
    assert len(law) >= 2, "nothing hidden to test"
    return law


@pytest.mark.parametrize("since", [1, 2])
def test_a_tomb_chamber_another_seat_kept_from_reads_as_the_history_does(since):
    """A seat keeps 2 of chamber A's cards, the other seat keeps 2 of what it left: the seat
    knows chamber A holds some of the cards it left and nothing else, and the other hand
    the rest of them. Its written position (``chamber_left``) says so: the worlds read from
    it follow the history's exact law (enumerated), none with a card in A that the seat did
    not leave there (the position without it put one there in 699 of 1000 worlds on the
    full deck, ``games.archaeology.position``)."""
    data = SMALL_EXPEDITION_TOMB
    start, steps, state = _tomb_kept_since(since)
    seat = state.current_player()
    law = _tomb_law(start, steps, seat)
    view = _json(expedition.position_of(state, seat))
    assert view["chamber_left"][0]["kept"] == [[1 - seat, 2]] * since
    rng = random.Random(5)

    def draw():
        reading = expedition.read_view(copy.deepcopy(view), data, rng.getrandbits(32))
        assert reading.form == "position"
        return expedition_hidden(reading.world, seat)[:4]
    _agrees_n(law, draw, "the Tomb, a chamber kept from since")


@pytest.mark.parametrize("mutate, match", [
    (lambda left: left[0]["kept"][0].__setitem__(1, 1),
     r"chamber_left\[0\]\.kept\[0\]: a keep from a chamber of 4 cards takes 2"),
    (lambda left: left[0]["kept"][0].__setitem__(0, None), r"chamber_left\[0\]\.kept\[0\]\[0\]"),
    (lambda left: left[0]["cards"].append("talisman"), r"chamber_left\[0\]: seat \d left 5 cards"),
    (lambda left: left.__setitem__(1, left[0]), r"chamber_left\[1\]"),
])
def test_a_bad_chamber_left_is_refused_naming_it(mutate, match):
    """Each malformed or impossible ``chamber_left`` value is one line naming the key."""
    *_, state = _tomb_kept_since()
    _refused_in_one_line(state, mutate, match)


def _refused_in_one_line(state, mutate, match):
    """The seat to act's position of ``state``, its ``chamber_left`` changed by ``mutate``:
    refused in one line matching ``match``."""
    view = _json(expedition.position_of(state, state.current_player()))
    mutate(view["chamber_left"])
    with pytest.raises(InvalidStateError, match=match) as refusal:
        expedition.read_view(view, SMALL_EXPEDITION_TOMB, 1)
    assert "\n" not in str(refusal.value)


def test_a_history_stating_chamber_left_must_agree():
    """A history view may state ``chamber_left``: as the history gives it (a chamber left
    out, null, knows less), else refused naming the chamber."""
    *_, state = _tomb_kept_since()
    seat = state.current_player()
    left = _json(expedition.position_of(state, seat))["chamber_left"]
    view = _json(expedition.view_of(state, seat))
    expedition.read_view(dict(view, chamber_left=left), SMALL_EXPEDITION_TOMB, 1)
    expedition.read_view(dict(view, chamber_left=[None] * len(left)), SMALL_EXPEDITION_TOMB, 1)
    wrong = copy.deepcopy(left)
    wrong[0]["cards"][0] = "talisman" if wrong[0]["cards"][0] != "talisman" else "coin"
    with pytest.raises(InvalidStateError, match=r"chamber_left\[0\]: the history gives"):
        expedition.read_view(dict(view, chamber_left=wrong), SMALL_EXPEDITION_TOMB, 1)


# --- the Tomb: the keeper gave up cards since -------------------------------------------------

_GIVES = (R_SELL, R_TRADE, R_DISCARD)


def _tomb_keeper_gives(state, moves, rng, gives=("sell", "take", "give")):
    """As ``_tomb_keeper_first``, but once both seats kept from chamber A the keeper sells
    or trades whenever it can (``gives``; sandstorms make it discard), else digs, and
    explores no more (so what its hand got since is digs and the cards in view)."""
    texts = [str(m) for m in moves]
    keeps = [e[1] for e in state.record.events() if e[0] == R_KEEP and e[2] == 0]
    if len(keeps) < 2:
        return _tomb_keeper_first(state, moves, rng)
    seat = state.current_player()
    for prefix in (*gives, "dig") if seat == keeps[1] else ("dig",):
        options = [m for m, t in zip(moves, texts) if t.startswith(prefix)]
        if options:
            return options[rng.randrange(len(options))]
    options = [m for m, t in zip(moves, texts) if t in ("end", "tent keep")] or moves
    return options[rng.randrange(len(options))]


def _gave_since(s, dug_after: bool, stolen: bool = False) -> bool:
    """At an action decision of the seat that kept from chamber A, the other seat kept from
    it once since and then gave up cards (sold, traded, discarded; ``stolen``: the seat
    stole a card from it instead), and ``dug_after``: dug after the first (the order of
    what its hand got and gave matters). No other theft, no explore of the other seat
    after its keep, and before it every map it dug spent (its hand then: the dealt cards,
    as a position says)."""
    if s.is_terminal() or s.phase != P_ACTION or s.trade_takes is not None:
        return False
    seat = s.current_player()
    events = s.record.events()
    keeps = [(i, e[1]) for i, e in enumerate(events) if e[0] == R_KEEP]
    if [p for _, p in keeps] != [seat, 1 - seat]:
        return False
    at = keeps[1][0]
    before = [e for e in events[:at] if e[1] != seat]
    after = [e for e in events[at + 1:] if e[1] != seat or e[0] == R_STEAL]
    kinds = (R_STEAL,) if stolen else _GIVES
    gives = [i for i, e in enumerate(after) if e[0] in kinds and (e[1] == seat) == stolen]
    return (bool(gives) and all(e[0] in (R_DIG, R_EXPLORE, R_TENT) for e in before)
            and sum(e[0] == R_DIG for e in before) == sum(e[0] == R_EXPLORE for e in before)
            and all(e[0] in (R_DIG, R_TENT) + kinds for e in after)
            and dug_after == any(e[0] == R_DIG for e in after[gives[0]:]))


def _tomb_gave_since(dug_after: bool, stolen: bool = False):
    """The first seeded game on the small Tomb deck reaching ``_gave_since``."""
    data = SMALL_EXPEDITION_TOMB
    for seed in range(2000):
        start = expedition.state_from_deal(expedition.make_deal(
            players=2, seed=seed, data=data, monument="tomb"), data)
        state = start.clone()
        choose = partial(_tomb_keeper_gives, gives=() if stolen else ("sell", "take", "give"))
        steps = record_game(state, choose, random.Random(seed),
                            stop=lambda s, decisions: _gave_since(s, dug_after, stolen)
                            or decisions > 60)
        if _gave_since(state, dug_after, stolen):
            return start, steps, state
    raise AssertionError("no game reaches a give-up after a keep from a chamber the seat "
                         "kept from")


@pytest.mark.parametrize("dug_after, stolen", [(False, False), (True, False), (False, True)])
def test_a_tomb_keeper_that_gave_up_cards_since_reads_as_the_history_does(dug_after, stolen):
    """A seat keeps 2 of chamber A's cards, the other seat 2 of what it left, then sells,
    trades or discards, or the seat steals a card from it (``stolen``), and it digs again
    (``dug_after``): a card it gave up may be a kept one, so the seat knows no more which
    of the cards it left are still in A, but still that A holds none it did not leave.
    The position states the give-ups and what the keeper got since (``chamber_left[0].
    gave``, ``kept[0][2]``): its worlds follow the history's exact law (enumerated), none
    with a card in A the seat did not leave there (without them the position put one there
    in 879 of 1000 worlds after a sale on the full deck, 817 after a discard, 783 of 1000
    over 5 tables after a theft)."""
    data = SMALL_EXPEDITION_TOMB
    start, steps, state = _tomb_gave_since(dug_after, stolen)
    seat = state.current_player()
    law = _tomb_law(start, steps, seat)
    view = _json(expedition.position_of(state, seat))
    left = view["chamber_left"][0]
    assert left["gave"] and all(g[0] == 1 - seat for g in left["gave"])
    assert any(g[3:] == ["stolen"] for g in left["gave"]) == stolen
    assert len(left["kept"][0]) == 3 and (left["kept"][0][2] > 0) == dug_after
    secret = next(x for x in state.secrets if x[0] == S_KEEP and x[2] == seat)
    cards_left = Counter(secret[4]) - Counter(secret[5])
    rng = random.Random(5)

    def draw():
        reading = expedition.read_view(copy.deepcopy(view), data, rng.getrandbits(32))
        assert reading.form == "position"
        assert not Counter(reading.world.chambers[0]) - cards_left
        return expedition_hidden(reading.world, seat)[:4]
    _agrees_n(law, draw, "the Tomb, a chamber kept from since, then cards given up")


def test_a_tomb_keeper_stolen_from_then_digging_never_reads_a_card_the_seat_ruled_out():
    """The seat steals a card from the keeper, which digs again: the worlds read from the
    position put in chamber A no card the seat did not leave there. (Their law is not the
    history's here: the dealt card cannot be a map, but a position says only that the hand
    may hold maps now, not how many; the law is the history's when its first cards are
    read without maps.)"""
    *_, state = _tomb_gave_since(True, True)
    seat = state.current_player()
    view = _json(expedition.position_of(state, seat))
    assert view["chamber_left"][0]["gave"][0][3:] == ["stolen"]
    secret = next(x for x in state.secrets if x[0] == S_KEEP and x[2] == seat)
    cards_left = Counter(secret[4]) - Counter(secret[5])
    rng = random.Random(5)
    for _ in range(300):
        world = expedition.read_view(copy.deepcopy(view), SMALL_EXPEDITION_TOMB,
                                     rng.getrandbits(32)).world
        assert not Counter(world.chambers[0]) - cards_left


def _tomb_stolen_by_a_third_seat():
    """3 players, the full deck: the first seeded game where seat 0 kept from A, seat 1
    since, then seat 2 stole from seat 1, at seat 0's action decision."""
    for seed in range(200):
        state = expedition.state_from_deal(expedition.make_deal(
            players=3, seed=seed, data=EXPEDITION, monument="tomb"), EXPEDITION)
        rng = random.Random(seed)

        def choose(s, moves, rng):
            texts = [str(m) for m in moves]
            keeps = [e[1] for e in s.record.events() if e[0] == R_KEEP and e[2] == 0]
            order = {0: ("keep", "explore A", "dig"), 1: ("keep", "explore A", "dig")}.get(
                s.current_player(), ("steal 1", "dig")) if keeps != [0] or s.current_player(
                ) != 0 else ("dig",)
            for prefix in order:
                options = [m for m, t in zip(moves, texts) if t.startswith(prefix)]
                if options:
                    return options[rng.randrange(len(options))]
            options = [m for m, t in zip(moves, texts) if t in ("end", "tent keep")] or moves
            return options[rng.randrange(len(options))]

        def reached(s):
            events = s.record.events()
            keeps = [(i, e[1]) for i, e in enumerate(events) if e[0] == R_KEEP and e[2] == 0]
            return ([p for _, p in keeps[:2]] == [0, 1] and len(keeps) == 2
                    and s.phase == P_ACTION and s.trade_takes is None
                    and s.current_player() == 0
                    and any(e[0] == R_STEAL and e[1:3] == (2, 1) for e in events[keeps[1][0]:]))

        record_game(state, choose, rng, stop=lambda s, decisions: reached(s) or decisions > 80)
        if reached(state):
            break
    else:
        raise AssertionError("no game reaches a theft from the keeper")
    return state


def test_chamber_left_is_not_written_once_another_seat_stole_from_the_keeper():
    """A theft from the keeper by a third seat takes a card that may be a kept one, seen by
    the thief and the victim alone (a position does not say which hand took it): the
    chamber is written as before, without ``chamber_left``."""
    assert "chamber_left" not in expedition.position_of(_tomb_stolen_by_a_third_seat(), 0)


@pytest.mark.xfail(strict=True, reason="the gap left: a position does not say which hand "
                                       "holds a card another seat stole from a keeper")
def test_after_another_seats_theft_from_the_keeper_no_world_holds_a_card_ruled_out():
    """The gap left open: after seat 2 stole from seat 1 (which kept from A after seat 0),
    worlds read from seat 0's position put in A a card seat 0 did not leave there (753 of
    1000 on this table, seed 11; none from the history). Closing it needs the theft in
    ``chamber_left`` as a port from the keeper's hand, at its place among the keeper's
    steps, into the thief's (at the end of its hand, or at its own place if it is a keeper
    with stated steps), exact when the keeper held no card in view then (a thief's pick
    weighs every card of the hand, and a position enters the cards in view last)."""
    state = _tomb_stolen_by_a_third_seat()
    view = _json(expedition.position_of(state, 0))
    secret = next(x for x in state.secrets if x[0] == S_KEEP and x[2] == 0 and x[3] == 0)
    cards_left = Counter(secret[4]) - Counter(secret[5])
    rng = random.Random(1)
    for _ in range(100):
        world = expedition.read_view(copy.deepcopy(view), EXPEDITION, rng.getrandbits(32)).world
        assert not Counter(world.chambers[0]) - cards_left


@pytest.mark.parametrize("mutate, match", [
    (lambda left: left[0]["kept"][0].pop(), r"chamber_left\[0\]\.kept\[0\]: seat \d's give-ups "
                                            r"since are stated"),
    (lambda left: left[0]["gave"][0].__setitem__(0, left[0]["gave"][0][0] ^ 1),
     r"chamber_left\[0\]\.gave\[0\]\[0\]: seat \d kept nothing from this chamber"),
    (lambda left: left[0]["gave"][0].__setitem__(2, left[0]["kept"][0][2] + 2),
     r"chamber_left\[0\]\.gave\[0\]\[2\]: a give-up before seat \d's first keep"),
    (lambda left: left[0]["gave"][0].__setitem__(2, left[0]["kept"][0][2] + 1),
     r"chamber_left\[0\]\.gave\[0\]\[2\]: chamber_left\[0\]\.kept\[0\]'s cards entered "
     r"together"),
    (lambda left: left[0]["gave"][0][1].append("thief"),
     r"chamber_left\[0\]\.gave\[0\]\[1\]: no thief is ever in a hand"),
    (lambda left: left[0]["gave"][0].__setitem__(1, []),
     r"chamber_left\[0\]\.gave\[0\]\[1\]: a give-up names the cards"),
    (lambda left: left[0]["gave"][0].append("taken"),
     r"chamber_left\[0\]\.gave\[0\]\[3\]: 'taken' is not one of stolen"),
    (lambda left: left[0]["gave"][0].__setitem__(1, ["coin", "coin"]) or left[0]["gave"][0].append(
        "stolen"), r"chamber_left\[0\]\.gave\[0\]\[1\]: seat \d steals one card at a time"),
    (lambda left: left[0]["kept"][0].__setitem__(2, left[0]["kept"][0][2] + 5),
     r"chamber_left: seat \d's keeps and give-ups say it got \d+ cards unseen since its "
     r"first keep, but its hand leaves room for \d+"),
])
def test_a_bad_give_up_in_chamber_left_is_refused_naming_it(mutate, match):
    """Each malformed or impossible give-up or count of cards got since is one line naming
    the key."""
    *_, state = _tomb_gave_since(True)
    _refused_in_one_line(state, mutate, match)


def test_a_history_stating_give_ups_in_chamber_left_must_agree():
    """A history view may state ``chamber_left`` with the keeper's give-ups, as the history
    gives them (the cards of a give-up in any order), else refused naming the chamber."""
    *_, state = _tomb_gave_since(True)
    seat = state.current_player()
    left = _json(expedition.position_of(state, seat))["chamber_left"]
    view = _json(expedition.view_of(state, seat))
    shuffled = copy.deepcopy(left)
    for give in shuffled[0]["gave"]:
        give[1].reverse()
    expedition.read_view(dict(view, chamber_left=shuffled), SMALL_EXPEDITION_TOMB, 1)
    wrong = copy.deepcopy(left)
    wrong[0]["gave"][-1][2] += 1
    with pytest.raises(InvalidStateError, match=r"chamber_left\[0\]: the history gives"):
        expedition.read_view(dict(view, chamber_left=wrong), SMALL_EXPEDITION_TOMB, 1)


def test_a_position_read_and_written_again_states_the_same_give_ups():
    """A world read from a position with give-ups writes the same ``chamber_left`` again
    (its record starts from what the position stated)."""
    *_, state = _tomb_gave_since(True)
    seat = state.current_player()
    view = _json(expedition.position_of(state, seat))
    reading = expedition.read_view(copy.deepcopy(view), SMALL_EXPEDITION_TOMB, 1)
    again = _json(expedition.position_of(reading.world, seat))
    assert again["chamber_left"] == view["chamber_left"]


def test_a_large_keeper_table_forgets_its_kept_cards_link_and_says_so(monkeypatch):
    """A keeper whose give-ups are stated reads its hand in order, and a table past
    ``PORT_TABLE_LIMIT`` forgets its keeps' link as the history's bounded reading does (a
    17-card hand that got 5 cards after its keep took 28 s to read): the reading says so,
    and the chamber still holds only cards the seat left there."""
    from games.archaeology import hidden
    *_, state = _tomb_gave_since(True, True)
    seat = state.current_player()
    view = _json(expedition.position_of(state, seat))
    secret = next(x for x in state.secrets if x[0] == S_KEEP and x[2] == seat)
    cards_left = Counter(secret[4]) - Counter(secret[5])
    notes = expedition.read_view(copy.deepcopy(view), SMALL_EXPEDITION_TOMB, 1).notes
    assert not any("Tomb keep" in note for note in notes)
    monkeypatch.setattr(hidden, "PORT_TABLE_LIMIT", 2)
    hidden._DP_CACHE.clear()
    rng = random.Random(2)
    for _ in range(50):
        reading = expedition.read_view(copy.deepcopy(view), SMALL_EXPEDITION_TOMB,
                                       rng.getrandbits(32))
        assert any("1 Tomb keep" in note for note in reading.notes)
        assert not Counter(reading.world.chambers[0]) - cards_left


# --- maps: a hand holds no more than it may have dug ---------------------------------------

def _dug_fewer_than_held(s) -> bool:
    """Another seat dug (maps come only from the dig site: the deal holds none) fewer
    cards than it holds unknown, and did nothing else but sell: its history bounds its
    maps below what its hand could hold."""
    seat = s.current_player()
    events = s.record.events()
    for p in range(s.num_players):
        mine = [e for e in events if e[1] == p or e[0] == R_STEAL and e[2] == p]
        digs = sum(e[0] == R_DIG for e in mine)
        if (p != seat and 1 <= digs < s.hand_sizes[p] - 1
                and all(e[0] in (R_DIG, R_SELL) for e in mine)):
            return True
    return False


@pytest.mark.parametrize("players", [2, 3])
def test_a_hand_that_dug_few_cards_holds_no_more_maps_than_its_history_allows(players):
    """Maps are shuffled into the dig site after the deal: a seat that dug ``k`` cards
    holds at most ``k`` maps, which ``lacks`` could not say (``at_most``). Before it, a
    world read from the position put more maps in such a hand than its history allows;
    now none is outside the history's enumerated support, and the position's reading
    follows the law of what it states (``at_most`` included)."""
    start, steps, state = _game(archaeology, SMALL, players, _dug_fewer_than_held,
                                seeds=range(3000))
    seat = state.current_player()
    view = _json(archaeology.position_of(state, seat))
    law = archaeology_posterior(SMALL, start, steps, seat)
    others = [p for p in range(players) if p != seat]
    support = [{key[0][i] for key in law} for i in range(len(others))]
    rng = random.Random(11)
    for _ in range(300):
        hands = _sample(view, SMALL, seat, rng)[0]
        for i, hand in enumerate(hands):
            assert hand in support[i], (f"seat {others[i]} holds {hand}, which its history "
                                        f"rules out")
    bounded = [p for p, entry in enumerate(view["seats"]) if "at_most" in entry]
    assert bounded and all(set(view["seats"][p]["at_most"]) == {"map"} for p in bounded)
    assert all("dug" in view["seats"][p] for p in bounded)
    _exact(view, SMALL, state.rules, f"{players} players, a bound on maps")


def _map_bounded():
    """The 2-player small-deck position of a seat whose other seat dug fewer cards than it
    holds unknown: ``(state, seat, the other seat, its position view)``."""
    *_, state = _game(archaeology, SMALL, 2, _dug_fewer_than_held, seeds=range(3000))
    seat = state.current_player()
    return state, seat, 1 - seat, _json(archaeology.position_of(state, seat))


@pytest.mark.parametrize("value, match", [
    ({"map": -1}, r"seats\[\d\]\.at_most\.map: .*at least 0"),
    ({"map": 9}, r"seats\[\d\]\.at_most\.map: .*at most 3"),
    ({"gold": 1}, r"seats\[\d\]\.at_most\.gold: unknown card 'gold'"),
    ({"map": "one"}, r"seats\[\d\]\.at_most\.map: expected an integer"),
    ({"pot_shard": 0}, r"seats\[\d\]\.at_most\.pot_shard: at most 0 but it holds 1"),
])
def test_a_bad_at_most_is_refused_naming_it(value, match):
    """A bound below the cards known in the hand, above the hand, negative or of no card
    is one line naming the key."""
    _refused_in_the_other_hand("at_most", value, match)


def _refused_in_the_other_hand(key: str, value, match: str) -> None:
    """``_map_bounded``'s position, its other seat known to hold a pot shard and stating
    ``key``: ``value``, is refused in one line matching ``match``."""
    _, _, other, view = _map_bounded()
    view["seats"][other]["holds"] = {"pot_shard": 1}
    view["seats"][other][key] = value
    with pytest.raises(InvalidStateError, match=match) as refusal:
        archaeology.read_view(view, SMALL, 1)
    assert "\n" not in str(refusal.value)


def test_a_history_stating_at_most_must_agree_and_a_reading_writes_it_again():
    """A history view may state ``at_most`` no lower than its history allows (a higher
    bound knows less); a position read and written again states the same bound."""
    state, seat, other, position = _map_bounded()
    bound = position["seats"][other]["at_most"]["map"]
    _history_stating(state, seat, other, position, "at_most", lambda n: {"map": n}, bound,
                     rf"seats\[{other}\]\.at_most\.map: the history allows {bound}")
    world = archaeology.read_view(copy.deepcopy(position), SMALL, 1).world
    assert _json(archaeology.position_of(world, seat)) == position


def _history_stating(state, seat: int, other: int, position, key: str, value, least: int,
                     match: str) -> None:
    """``seat``'s history view of ``state`` stating ``position``'s seats, ``other``'s ``key``
    ``value(n)``: read for ``n`` = ``least`` and above, refused matching ``match`` below."""
    view = _json(archaeology.view_of(state, seat))
    for n, ok in ((least, True), (least + 1, True), (least - 1, False)):
        stated = copy.deepcopy(view)
        stated["seats"] = copy.deepcopy(position["seats"])
        stated["seats"][other][key] = value(n)
        if ok:
            assert archaeology.read_view(stated, SMALL, 1).form == "history"
            continue
        with pytest.raises(InvalidStateError, match=match):
            archaeology.read_view(stated, SMALL, 1)


def _only_digs_besides(s) -> bool:
    """A record of the seat's own actions, thefts from it, and digs by the others, one of
    whom dug fewer cards than it holds unknown (its position states ``at_most``)."""
    seat = s.current_player()
    events = s.record.events()
    return (len(events) >= 3 and all(
        e[1] == seat or e[0] == R_DIG or (e[0] == R_STEAL and e[2] == seat) for e in events)
        and any(p != seat and 1 <= sum(e[0] == R_DIG and e[1] == p for e in events)
                < s.hand_sizes[p] - 1 for p in range(s.num_players)))


def test_a_position_of_a_history_that_adds_only_digs_samples_the_same_worlds():
    """The gap ``at_most`` left: its worlds stay in the history's support, but a hand of
    4 that dug 2 held a map by the position's law as if any of its 4 cards could be one
    (none of the 2 dealt can: seed 23's 3-player record, seat 0 at decision 6, seat 1's
    maps averaged 0.47 read from the position, 0.24 from the history). ``dug`` says which:
    ``k`` of its unknown cards entered where maps may be, the others are the deal's, never
    maps, and this history's law is the position's."""
    state, seat, marginal = _small_two_player_law(_only_digs_besides)
    position = _json(archaeology.position_of(state, seat))
    assert any("dug" in entry for entry in position["seats"])
    rng = random.Random(9)

    def draw():
        reading = archaeology.read_view(copy.deepcopy(position), SMALL, rng.getrandbits(32))
        return archaeology_hidden(reading.world, seat)[:3]
    _agrees_n(marginal, draw, "a position of a history of digs")


def test_the_view_seats_own_at_most_is_refused():
    """The view's own cards are its ``hand``: a bound on them is refused naming it."""
    _, seat, _, view = _map_bounded()
    view["seats"][seat]["at_most"] = {"map": 1}
    with pytest.raises(InvalidStateError, match=rf"seats\[{seat}\]\.at_most: the view's own "
                                                r"cards are its 'hand'"):
        archaeology.read_view(view, SMALL, 1)


@pytest.mark.parametrize("value, match", [
    (-1, r"seats\[\d\]\.dug: .*at least 0"),
    (3, r"seats\[\d\]\.dug: .*at most 2"),
    ("two", r"seats\[\d\]\.dug: expected an integer"),
])
def test_a_bad_dug_is_refused_naming_it(value, match):
    """A count of dug cards that is negative, above the hand's unknown cards or no number
    is one line naming the key."""
    _refused_in_the_other_hand("dug", value, match)


def test_a_hand_whose_dealt_cards_no_unseen_card_can_be_is_refused_naming_dug():
    """The cards not dug are the deal's, never maps: a hand of more such cards than the
    cards not in view besides maps is refused naming ``dug`` (no world would explain it)."""
    state, _, other, view = _map_bounded()
    entry = view["seats"][other]
    entry["dug"] = 0
    entry["holds"] = {"pot_shard": 1}  # (its 2 unknown cards: maps alone, and 2 not in view)
    entry["lacks"] = [name for name in state.rules.cards.treasure_names if name != "map"]
    entry.pop("at_most", None)
    with pytest.raises(InvalidStateError, match=rf"seats\[{other}\]\.dug: the hand's \d cards "
                                                r"not dug must be dealt ones, no maps"):
        archaeology.read_view(view, SMALL, 1)


def test_the_view_seats_own_dug_is_refused():
    """The view's own cards are its ``hand``: its digs are not stated."""
    _, seat, _, view = _map_bounded()
    view["seats"][seat]["dug"] = 1
    with pytest.raises(InvalidStateError, match=rf"seats\[{seat}\]\.dug: the view's own "
                                                r"cards are its 'hand'"):
        archaeology.read_view(view, SMALL, 1)


def test_a_history_stating_dug_must_agree_and_a_position_of_at_most_alone_still_reads():
    """A history view may state ``dug`` no lower than its history's (more cards that may
    be maps knows less); a position written before ``dug`` (``at_most`` alone) still reads,
    each unknown card possibly a map, and its reading writes the bound and its digs."""
    state, seat, other, position = _map_bounded()
    dug = position["seats"][other]["dug"]
    assert position["seats"][other]["at_most"]["map"] == (
        dug + position["seats"][other]["holds"].get("map", 0))
    _history_stating(state, seat, other, position, "dug", lambda n: n, dug,
                     rf"seats\[{other}\]\.dug: the history allows {dug}, the position "
                     rf"claims {dug - 1}")
    old = copy.deepcopy(position)
    del old["seats"][other]["dug"]
    world = archaeology.read_view(old, SMALL, 1).world
    assert _json(archaeology.position_of(world, seat)) == position


def test_a_tomb_keeper_whose_give_ups_are_stated_gets_no_dug():
    """A keeper whose give-ups ``chamber_left`` states is read in their order, not as dealt
    and dug cards: ``position_of`` writes no ``dug`` for it, and one stated is refused
    naming it."""
    _, _, state = _tomb_gave_since(False)
    seat = state.current_player()
    view = _json(expedition.position_of(state, seat))
    keeper = view["chamber_left"][0]["gave"][0][0]
    assert "dug" not in view["seats"][keeper]
    view["seats"][keeper]["dug"] = 0
    with pytest.raises(InvalidStateError, match=rf"seats\[{keeper}\]\.dug: seat {keeper}'s "
                                                r"give-ups in chamber_left are read in their "
                                                r"order"):
        expedition.read_view(view, SMALL_EXPEDITION_TOMB, 1)


@pytest.mark.parametrize("own, value, match", [
    (True, 1, r"dug: the view's own cards are its 'hand'"),
    (False, "two", r"dug: expected an integer"),
    (False, 99, r"dug: must be at most"),
])
def test_a_history_stating_a_bad_dug_is_refused_naming_it(own, value, match):
    """A history view's ``dug`` is read as a position's is: of another seat, a count of its
    unknown cards, one line naming the key otherwise."""
    state, seat, other, position = _map_bounded()
    view = _json(archaeology.view_of(state, seat))
    view["seats"] = copy.deepcopy(position["seats"])
    who = seat if own else other
    view["seats"][who]["dug"] = value
    with pytest.raises(InvalidStateError, match=rf"seats\[{who}\]\.{match}") as refusal:
        archaeology.read_view(view, SMALL, 1)
    assert "\n" not in str(refusal.value)


@pytest.mark.parametrize("players", [2, 3])
def test_a_dug_hand_built_at_once_is_sampled_exactly(players, monkeypatch):
    """A hand stating ``dug`` built at once (past ``FRESH_AT`` unknown cards: its dealt
    cards from the cards not in view besides maps, then its dug ones one at a time): the
    law of what it states, as card by card."""
    from games.archaeology import hidden
    monkeypatch.setattr(hidden, "FRESH_AT", 0)
    hidden._DP_CACHE.clear()
    *_, state = _game(archaeology, SMALL, players, _dug_fewer_than_held, seeds=range(3000))
    view = _json(archaeology.position_of(state, state.current_player()))
    assert any("dug" in entry for entry in view["seats"])
    _exact(view, SMALL, state.rules, f"{players} players, dug, at once")
    hidden._DP_CACHE.clear()
