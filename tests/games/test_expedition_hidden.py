"""The New Expedition's hidden information: what each seat sees of the monuments (looks,
keeps, face-up draws, the reserve), the player view JSON and its round trip, the
information-set key, and a determinizer that reads nothing else. The exactness of the
sampled law is in ``test_expedition_posteriors``."""

from __future__ import annotations

import copy
import json
import random

import pytest

import cards_data
from games.archaeology.hidden import S_KEEP, S_LOOK
from games.errors import InvalidStateError
from games.expedition import (example_view, make_deal, state_from_deal, state_from_view,
                              view_of)
from games.protocol import CHANCE

DATA = cards_data.load("expedition")
MONUMENTS = [m.key for m in DATA.monuments]


def _games(monument: str, variants=(), seeds=(0,), players=(2, 3, 4, 5)):
    """Seeded random games (state before each decision), one per table size and seed."""
    for seed in seeds:
        for p in players:
            if "long-expedition" in variants and p > 3:
                continue
            state = state_from_deal(make_deal(players=p, seed=seed, data=DATA,
                                              monument=monument, variant=list(variants)), DATA)
            rng = random.Random(seed * 10 + p)
            decisions = 0
            while not state.is_terminal() and decisions < 160:
                if state.current_player() == CHANCE:
                    state.apply(state.chance_outcomes()[0][0])
                    continue
                yield state, decisions, rng
                moves = state.legal_moves()
                state.apply(moves[rng.randrange(len(moves))])
                decisions += 1


@pytest.mark.parametrize("monument", MONUMENTS)
def test_view_round_trip_keeps_the_information_set_and_the_sampled_world(monument):
    """A view carries everything the sampler reads: from the view or from the true state,
    the same generator gives the same world."""
    checked = 0
    variants = {"great_pyramid": ("beginners-luck",), "temple": (), "tomb": ("fierce-weather",),
                "mine": ("long-expedition",), "sphinx": (), "buried_ruins": ()}[monument]
    for state, decisions, rng in _games(monument, variants, players=(2, 3) if variants ==
                                        ("long-expedition",) else (2, 4)):
        if decisions % 5:
            continue
        seat = state.current_player()
        view = json.loads(json.dumps(view_of(state, seat)))
        world, got = state_from_view(copy.deepcopy(view), DATA, rng.getrandbits(32))
        assert got == seat
        assert world.information_set_key(seat) == state.information_set_key(seat)
        assert sorted(map(str, world.legal_moves())) == sorted(map(str, state.legal_moves()))
        assert (world.determinize(seat, random.Random(decisions)).to_json()
                == state.determinize(seat, random.Random(decisions)).to_json())
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize("monument", MONUMENTS)
def test_the_determinizer_reads_only_the_information_set_on_every_monument(monument):
    """As ``test_conformance`` does for the default deal: two true worlds a seat cannot tell
    apart give the same sampled world, for every seat."""
    checked = 0
    for state, decisions, _ in _games(monument, players=(3,)):
        if decisions % 9 != 4:
            continue
        for seat in range(state.num_players):
            twin = state.determinize(seat, random.Random(1000 + decisions))
            key = state.information_set_key(seat)
            assert twin.information_set_key(seat) == key
            a = state.determinize(seat, random.Random(decisions))
            b = twin.determinize(seat, random.Random(decisions))
            assert a.to_json() == b.to_json()
            checked += 1
    assert checked


def test_secrets_are_in_their_seats_views_only():
    for state, _, _ in _games("temple", seeds=(1, 2), players=(3,)):
        looks = [e for e in state.secrets if e[0] == S_LOOK]
        if len(looks) >= 2 and len({e[2] for e in looks}) >= 2:
            break
    else:
        raise AssertionError("no Temple game with looks by two seats")
    for seat in range(3):
        lines = [line for line in view_of(state, seat)["history"] if " look " in line]
        for line, entry in zip(lines, looks):
            assert (" saw " in line) == (entry[2] == seat), line
    for state, _, _ in _games("tomb", seeds=(1,), players=(2,)):
        if any(e[0] == S_KEEP for e in state.secrets):
            break
    keeper = next(e[2] for e in state.secrets if e[0] == S_KEEP)
    mine = [line for line in view_of(state, keeper)["history"] if " keep " in line]
    theirs = [line for line in view_of(state, 1 - keeper)["history"] if " keep " in line]
    assert any(" kept " in line for line in mine) and not any(" kept " in line for line in theirs)


def test_a_world_of_another_seat_rebuilds_the_secrets_it_cannot_see():
    """The Temple: a world drawn for seat 1 gives seat 0's looks the cards of the world's
    chambers (or what their explorer took), never the true ones by copy."""
    for state, _, _ in _games("temple", seeds=(3,), players=(2,)):
        if any(e[0] == S_LOOK and e[2] == 0 for e in state.secrets):
            break
    differs = 0
    for k in range(30):
        world = state.determinize(1, random.Random(k))
        for entry, true in zip(world.secrets, state.secrets):
            if entry[0] == S_LOOK and entry[2] == 0:
                chamber = entry[3]
                if world.chambers[chamber] is not None:
                    assert entry[4] == world.chambers[chamber]
                differs += entry[4] != true[4]
    assert differs, "the looks' cards follow the sampled world"


def _bad(mutate, match):
    view = example_view(DATA)
    mutate(view)
    with pytest.raises(InvalidStateError, match=match):
        state_from_view(view, DATA, 0)


def test_bad_views_are_refused_with_a_reason():
    _bad(lambda v: v["hand"].update(coin=15), "hand")
    _bad(lambda v: v["hand"].update(sphinx=1), "unknown card 'sphinx'")
    _bad(lambda v: v.update(monument="moon"), "monument")
    _bad(lambda v: v.update(variants=["hail"]), "variants")
    _bad(lambda v: v.update(phase="keep"), "not played at the Temple|explore")
    _bad(lambda v: v.update(tents=[2, 1]), "tents")
    _bad(lambda v: v.update(chambers=[5, 5]), "expected 3 entries")
    _bad(lambda v: v["chambers"].__setitem__(0, 4), r"chambers\[0\]")
    _bad(lambda v: v["history"].append("1 look D"), "no chamber 'D'")
    _bad(lambda v: v["history"].append("0 look A"), "saw")
    _bad(lambda v: v["history"].append("1 look A saw coin"), "saw")
    _bad(lambda v: v["history"].append("1 keep A 2"), "no .keep. at the Temple")
    _bad(lambda v: v.update(explore={"chamber": "A"}), "explore")
    _bad(lambda v: v.update(not_maps=[0, 0]), "unknown key 'not_maps'")
    _bad(lambda v: v.update(dig_site=v["dig_site"] + 1), "dig_site")


def test_history_lines_read_a_chamber_letter_in_either_case():
    """A history line's chamber letter was read strictly ('0 look c saw ...' refused "no
    chamber 'c'"), where every move prompt reads 'explore b'; the view read back writes
    it canonical."""
    view = example_view(DATA)
    lowered = copy.deepcopy(view)
    lowered["history"] = [" ".join(w.lower() if len(w) == 1 and w.isalpha() else w
                                   for w in line.split()) for line in view["history"]]
    assert lowered["history"] != view["history"]
    world, seat = state_from_view(lowered, DATA, 0)
    assert view_of(world, seat)["history"] == view["history"]


def test_example_view_is_valid_and_stable():
    a, b = example_view(DATA), example_view(DATA)
    assert a == b and a["monument"] == "temple"
    assert any(" saw " in line for line in a["history"]), "the example shows a look"
    world, seat = state_from_view(copy.deepcopy(a), DATA, 0)
    assert world.current_player() == seat == 0


def test_the_bounded_reading_forgets_keep_ports_and_still_samples_valid_worlds(monkeypatch):
    """Issue 20 §6 cause 1: past ``PORT_TABLE_LIMIT`` the ports of a Tomb keep by another
    seat from a chamber the reading seat knows are forgotten too (a 5-player Tomb game
    grew a 2-card hand's table to 150,000 entries through them): the worlds stay worlds the
    seat cannot rule out, and the notes say how many keeps were read so."""
    from games.archaeology import hidden
    from games.archaeology.hidden import R_KEEP
    from games.archaeology.rules import P_ACTION
    found = None
    for state, decisions, rng in _games("tomb", seeds=range(6), players=(3, 4)):
        seat = state.current_player()
        if state.phase != P_ACTION or state.trade_takes is not None:
            continue
        hidden._DP_CACHE.clear()
        state._sampler = None
        r = state._replay(seat)
        if any(r.keep_ports):
            found = state
            break
    assert found is not None, "no Tomb keep from a chamber another seat knew"
    seat = found.current_player()
    monkeypatch.setattr(hidden, "PORT_TABLE_LIMIT", 0)
    hidden._DP_CACHE.clear()
    found._sampler = None
    notes = found.reading_notes(seat)
    assert any("1 Tomb keep by" in note or "Tomb keeps by" in note for note in notes), notes
    key = found.information_set_key(seat)
    T = found.rules.treasures
    rng = random.Random(4)
    for _ in range(30):
        world = found.determinize(seat, rng)
        assert world.information_set_key(seat) == key
        assert all(sum(world.hands[p * T:(p + 1) * T]) == world.hand_sizes[p]
                   for p in range(found.num_players))
        keeps = [e[3] for e in world.record.events() if e[0] == R_KEEP]
        kept = [len(e[5]) for e in world.secrets if e[0] == S_KEEP]
        assert kept == keeps, "every keep's secret names as many cards as were kept"
    hidden._DP_CACHE.clear()


def test_views_of_one_game_read_one_after_another_continue_each_others_reading():
    """Issue 20 §6 cause 1 (a review reads every decision's view): the replay cache
    matches records by value, so a view whose record extends an earlier view's continues
    that reading instead of starting again, and gives the same world as a fresh reading."""
    from games.archaeology import hidden
    views = []
    for state, decisions, rng in _games("tomb", seeds=(1,), players=(3,)):
        if decisions >= 60:
            break
        views.append(json.loads(json.dumps(view_of(state, state.current_player()))))
    fresh = []
    for k, view in enumerate(views):
        hidden._DP_CACHE.clear()
        world, seat = state_from_view(copy.deepcopy(view), DATA, k)
        fresh.append(world.information_set_key(1 - seat if seat < 2 else 0))
    hidden._DP_CACHE.clear()
    calls = []
    start = hidden.HiddenInformation._start_replay

    def counted(self, seat):
        calls.append(seat)
        return start(self, seat)

    hidden.HiddenInformation._start_replay = counted
    try:
        chained = [state_from_view(copy.deepcopy(view), DATA, k)[0]
                   for k, view in enumerate(views)]
    finally:
        hidden.HiddenInformation._start_replay = start
    assert len(calls) <= len(views) // 4, "a reading continues the last one of its seat"
    for k, world in enumerate(chained):
        seat = views[k]["seat"]
        assert world.information_set_key(1 - seat if seat < 2 else 0) == fresh[k]
    hidden._DP_CACHE.clear()
