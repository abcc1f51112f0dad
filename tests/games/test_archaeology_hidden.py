"""Hidden information of Archaeology: information-set keys, the determinizer, player views,
and the defects of issue 9 (each reproduced on the code before the fix)."""

from __future__ import annotations

import copy
import random

import pytest

import cards_data
from games.archaeology import example_view, make_deal, state_from_deal, state_from_view, view_of
from games.archaeology.moves import CARD_INDEX, MAP, SANDSTORM, STEAL, THIEF, TREASURES, move
from games.archaeology.rules import P_ACTION, P_STEAL, P_STORM
from games.errors import InvalidStateError
from games.protocol import CHANCE, random_playout

DATA = cards_data.load("archaeology")
T = TREASURES
C = CARD_INDEX


def _card_totals(w):
    """Every card of the world, wherever it is, by id (0..8)."""
    players = w.num_players
    totals = [0] * (SANDSTORM + 1)
    for c in range(T):
        totals[c] = w.market[c] + sum(w.hands[p * T + c] + w.sold[p * T + c]
                                      for p in range(players))
    for contents in w.chambers:
        for c in contents or ():
            totals[c] += 1
    for c in w.dig:
        totals[c] += 1
    totals[MAP] += w.maps_removed
    totals[THIEF] += w.thieves_drawn
    totals[SANDSTORM] += w.storms_drawn
    return totals


def _check_world(state, world, seat):
    assert world.information_set_key(seat) == state.information_set_key(seat)
    assert _card_totals(world) == list(state.rules.counts), "deck counts changed"
    assert world.hand_sizes == state.hand_sizes
    for contents in world.chambers:
        assert MAP not in (contents or ()), "a chamber never holds a map"
    for p in range(state.num_players):
        assert sum(world.hands[p * T:(p + 1) * T]) == state.hand_sizes[p]
    assert world.legal_moves() or world.current_player() < 0, "a world with no legal move"


def _play_until(players, seed, stop, *, policy=None):
    """Seeded random play from a fresh deal until ``stop(state)`` at a decision."""
    s = state_from_deal(make_deal(players=players, seed=seed, data=DATA), DATA)
    rng = random.Random(seed)
    while not s.is_terminal():
        if s.current_player() == CHANCE:
            s.apply(s.chance_outcomes()[0][0])
            continue
        if stop(s):
            return s
        moves = s.legal_moves()
        s.apply(moves[rng.randrange(len(moves))])
    return None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinized_worlds_keep_the_information_set_and_the_deck(players):
    for seed in range(2 if players < 4 else 1):
        state = state_from_deal(make_deal(players=players, seed=seed, data=DATA), DATA)
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.chance_outcomes()[0][0])
                continue
            if steps % (5 if players < 4 else 13) == 0:
                for seat in range(players):  # every seat, not only the one to act
                    world = state.determinize(seat, random.Random(steps * 7 + seat))
                    _check_world(state, world, seat)
                    random_playout(world, random.Random(steps))  # a world plays to the end
                    assert world.is_terminal()
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
            steps += 1


def test_determinizer_varies_hidden_cards_only():
    state = state_from_deal(make_deal(players=2, seed=3, data=DATA), DATA)
    state.apply(state.chance_outcomes()[0][0])
    seat = state.current_player()
    worlds = [state.determinize(seat, random.Random(i)) for i in range(20)]
    other = 1 - seat
    assert len({tuple(w.hands[other * T:(other + 1) * T]) for w in worlds}) > 1
    assert len({tuple(w.dig) for w in worlds}) == 20
    assert len({w.information_set_key(seat) for w in worlds}) == 1


def test_opening_hands_are_never_maps_for_the_opponent():
    state = state_from_deal(make_deal(players=2, seed=1, data=DATA), DATA)
    for i in range(50):
        world = state.determinize(0, random.Random(i))
        assert world.hands[T + MAP] == 0


def test_view_round_trip_keeps_the_information_set():
    for seed in range(4):
        state = state_from_deal(make_deal(players=2 + seed % 3, seed=seed, data=DATA), DATA)
        rng = random.Random(seed)
        checked = 0
        while not state.is_terminal() and checked < 25:
            actor = state.current_player()
            if actor == CHANCE:
                state.apply(state.chance_outcomes()[0][0])
                continue
            if state.trade_takes is None or rng.random() < 0.5:
                view = view_of(state, actor)
                world, seat = state_from_view(copy.deepcopy(view), DATA, rng.getrandbits(32))
                assert seat == actor
                assert world.information_set_key(seat) == state.information_set_key(seat)
                assert sorted(map(str, world.legal_moves())) == sorted(
                    map(str, state.legal_moves()))
                # the view carries all the sampler reads: same generator, same world
                assert (world.determinize(seat, random.Random(checked)).to_json()
                        == state.determinize(seat, random.Random(checked)).to_json())
                checked += 1
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])


def test_a_view_after_an_explore_and_a_sale_says_the_turn_explored():
    """A turn that explored and then sold was written "explored": false (the flag said
    "acted and sold nothing"); the view says what the turn did, and reads back to it."""
    found = 0
    for seed in range(6):
        state = state_from_deal(make_deal(players=2, seed=seed, data=DATA), DATA)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.chance_outcomes()[0][0])
                continue
            moves = state.legal_moves()
            # explore whenever possible, then sell, then end: both in one turn
            pick = (next((m for m in moves if str(m).startswith("explore")), None)
                    or next((m for m in moves if str(m).startswith("sell")), None)
                    or moves[-1])
            state.apply(pick)
            if state.explored and state.sold_this_turn and not state.is_terminal():
                seat = state.current_player()
                turn = view_of(state, seat)["turn"]
                assert turn["explored"] and turn["sold"]
                world, _ = state_from_view(view_of(state, seat), DATA, seed)
                assert world.explored and view_of(world, seat)["turn"] == turn
                found += 1
    assert found


def _bad(mutate, match):
    view = example_view(DATA)
    mutate(view)
    with pytest.raises(InvalidStateError, match=match):
        state_from_view(view, DATA, 0)


def test_bad_views_are_refused_with_a_reason():
    _bad(lambda v: v["hand"].update(coin=15), "hand")
    _bad(lambda v: v["hand"].update(sphinx=1), "unknown card 'sphinx'")
    _bad(lambda v: v["marketplace"].update(thief=1), "unknown card 'thief'")
    _bad(lambda v: v.update(seat=5), "seat")
    _bad(lambda v: v.update(phase="dance"), "phase")
    _bad(lambda v: v.update(to_move=1), "to_move")
    _bad(lambda v: v.update(not_maps=[0, 0]), "unknown key 'not_maps'")
    _bad(lambda v: v.update(dig_site=True), r"dig_site: expected an integer, got a boolean")
    _bad(lambda v: v.pop("game"), "missing key 'game'")
    _bad(lambda v: v["history"].append("1 sell coin 6"), "1 to 5")
    _bad(lambda v: v["history"].append("1 sell pharaohs_mask 4"),
         "no deal explains|more pharaohs_mask cards than the game has")
    _bad(lambda v: v["history"].insert(0, "1 explore 3"), "no deal explains")  # dealt maps
    _bad(lambda v: v["history"].insert(0, "1 steal 0"), "card of a theft")
    _bad(lambda v: v["history"].insert(0, "0 explore 4"), "no chamber of that size")
    _bad(lambda v: v["history"].__setitem__(slice(0, 0), ["1 explore 3"] * 2), "explored before")
    _bad(lambda v: v.update(dig_site=v["dig_site"] + 1), "dig_site")
    _bad(lambda v: v["turn"].update(trades=2), r"turn.trades: must be at most 1")


def test_example_view_is_valid_and_stable():
    a, b = example_view(DATA), example_view(DATA)
    assert a == b
    world, seat = state_from_view(copy.deepcopy(a), DATA, 0)
    assert world.current_player() == seat == 0


# --- issue 9: the defects, each reproduced on the code before the fix -------------------

def test_the_thiefs_pending_card_does_not_leak_while_the_victim_is_chosen():
    """Defect 1: at the victim choice the sampler kept the deal's pre-drawn card (true
    worlds differing only in it sampled different worlds; from a view every draw was 0,
    so the thief always took the first card in card order)."""
    for seed in range(40):
        s = _play_until(2, seed, lambda s: s.phase == P_STEAL)
        if s is not None:
            break
    seat = s.current_player()
    other = s.clone()
    other.steal_rolls = list(other.steal_rolls)
    other.steal_rolls[s.thieves_drawn - 1] += 1
    for k in range(5):
        a, b = s.determinize(seat, random.Random(k)), other.determinize(seat, random.Random(k))
        assert a.to_json() == b.to_json()
    # from the view: the victim's mask is stolen about as often as a mask is in its hand
    view = view_of(s, seat)
    stolen = []
    for k in range(300):
        world, _ = state_from_view(view, DATA, k)
        victim = 1 - seat
        masks = world.hands[victim * T + C["pharaohs_mask"]]
        world.apply(move(STEAL, victim))
        card = world.chance_outcomes()[0][0].a
        stolen.append((card, masks))
    assert len({card for card, _ in stolen}) > 2, "the thief always takes the same card"


def test_a_theft_between_two_other_seats_keeps_the_card_in_the_thiefs_hand():
    """Defect 3: a bystander forgot the victim's hand, so the stolen card landed outside
    both hands in about half the sampled worlds. Here seat 2 traded four pot shards for
    the marketplace's mask in view of all, so it holds only the mask; seat 1 robs it."""
    view = {
        "game": "archaeology", "players": 3, "seat": 0, "to_move": 0, "phase": "action",
        "hand": {"pot_shard": 2, "coin": 2, "broken_cup": 1},
        "marketplace": {"pot_shard": 4, "coin": 2, "talisman": 1, "parchment_scrap": 1},
        "dig_site": 51, "thieves_drawn": 1, "sandstorms_drawn": 0,
        "history": ["2 trade pot_shard pot_shard pot_shard pot_shard for pharaohs_mask",
                    "1 steal 2", "0 dig"], "turn": {},
    }
    for k in range(60):
        world, seat = state_from_view(view, DATA, k)
        assert world.hands[1 * T + C["pharaohs_mask"]] >= 1, "the mask is the thief's"
        assert world.hand_sizes == [5, 5, 0] and sum(world.hands[2 * T:3 * T]) == 0
        assert world.steals[0][2] == C["pharaohs_mask"]


def test_a_world_from_a_view_keeps_what_everyone_saw():
    """Defect 4: a world built from a view kept only the viewer's knowledge; the public
    record (here: a card the viewer took from the marketplace) was lost for the others."""
    for seed in range(60):
        s = _play_until(2, seed, lambda s: s.phase == P_ACTION and s.trade_takes is None
                        and s.to_move == 0 and any(e[0] == 1 and e[1] == 0
                                                   for e in s.record.events()))
        if s is not None:
            break
    world, seat = state_from_view(view_of(s, 0), DATA, 0)
    assert world.record == s.record, "the public record reached the world"
    # the opponent's information in the world differs from the truth only in its own cards
    truth, sampled = s.information_set_key(1), world.information_set_key(1)
    differs = [i for i, (a, b) in enumerate(zip(truth, sampled)) if a != b]
    own_hand = 12
    assert truth[own_hand] == tuple(s.hands[T:2 * T]) and set(differs) <= {own_hand}


def test_worlds_for_a_seat_that_is_not_to_act_are_valid():
    """Defect 5: mid-trade, 176 of 300 worlds sampled for the other seat broke (the
    trader's hand lacked the announced gives); mid-sandstorm some broke too."""
    checked = 0
    for seed in range(40):
        for stop in (lambda s: s.trade_takes is not None and sum(s.trade_gives) > 0,
                     lambda s: s.phase == P_STORM and s.storm_last > 0):
            s = _play_until(2, seed, stop)
            if s is None:
                continue
            mover = s.current_player()
            gives = list(s.trade_gives) if s.trade_takes is not None else [0] * T
            for k in range(8):
                world = s.determinize(1 - mover, random.Random(k))
                _check_world(s, world, 1 - mover)
                assert all(world.hands[mover * T + c] >= gives[c] for c in range(T))
                checked += 1
    assert checked >= 100


# --- the hand DP, step by step (the New Expedition reuses these steps) --------------------

def test_hand_dp_steps_count_the_deals_that_lead_to_each_hand():
    """Weights are numbers of sequences of unseen card types (times the observer's random
    picks), checked by hand on two-card examples."""
    from games.archaeology.hidden import HandDP, pack
    caps = [2] * T
    dp = HandDP(caps)
    dp.enter(2, maps=False)  # two unseen non-map cards: ordered pairs of 6 types
    assert sum(dp.table.values()) == 36 and dp.table[pack([2, 0, 0, 0, 0, 0, 0])] == 1
    assert dp.table[pack([1, 1, 0, 0, 0, 0, 0])] == 2
    dp.reveal(0)  # it gave up a pot shard by choice: it held at least one
    assert sum(dp.table.values()) == 11 and dp.table[pack([1, 0, 0, 0, 0, 0, 0])] == 1
    dp.enter_seen(3)  # took a talisman in view
    dp.lose_seen(3)  # the observer stole a card from it: the talisman, pick weight 1
    assert dp.table[pack([1, 0, 0, 0, 0, 0, 0])] == 1
    other = HandDP(caps)
    other.enter_seen(2, 2)  # two coins, seen
    other.lose_port(0)  # a thief takes one at random: 2 ways to pick a coin
    assert other.table == {pack([0, 0, 1, 0, 0, 0, 0]) + (3 << 56): 2}
    chosen = HandDP(caps)
    chosen.enter_seen(2, 2)
    chosen.lose_port(0, chosen=True)  # put back by choice: one way
    assert chosen.table == {pack([0, 0, 1, 0, 0, 0, 0]) + (3 << 56): 1}
    thief = HandDP(caps)
    thief.gain_port(0)
    assert len(thief.table) == T and thief.table[pack([0, 0, 1, 0, 0, 0, 0]) + (3 << 56)] == 1
    dp.constrain(lambda hand: hand[1] == 0)  # e.g. an announced hand value
    assert all(key & (127 << 8) == 0 for key in dp.table)


# --- issue 20 §6 cause 1: the bounded reading ----------------------------------------------

def test_the_bounded_reading_forgets_theft_ports_and_still_samples_valid_worlds(monkeypatch):
    """Past ``PORT_TABLE_LIMIT`` a theft between two other seats is read without its card's
    link (``HandDP.forget_port``): the worlds stay worlds the seat cannot rule out (its
    information set, every hand size), and the notes say how many thefts were read so."""
    from games.archaeology import hidden
    for seed in range(80):
        s = _play_until(3, seed, lambda s: s.phase == P_ACTION and s.trade_takes is None
                        and any(s.current_player() not in (t, v) for t, v, _ in s.steals))
        if s is not None:
            break
    seat = s.current_player()
    assert s.reading_notes(seat) == []
    monkeypatch.setattr(hidden, "PORT_TABLE_LIMIT", 0)
    hidden._DP_CACHE.clear()
    s._sampler = None
    notes = s.reading_notes(seat)
    assert len(notes) == 1 and ("1 theft between two other seats was read" in notes[0]
                                or "thefts between two other seats were read" in notes[0])
    rng = random.Random(3)
    key = s.information_set_key(seat)
    for _ in range(30):
        world = s.determinize(seat, rng)
        assert world.information_set_key(seat) == key
        assert all(sum(world.hands[p * T:(p + 1) * T]) == world.hand_sizes[p]
                   for p in range(3))
    hidden._DP_CACHE.clear()
