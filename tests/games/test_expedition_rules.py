"""Rule tests of Archaeology: The New Expedition: one or more per rule of the rulebook and
per decision on an ambiguity (``games/expedition/state.py``), the rulebook's worked
examples, golden move counts at hand-checked positions, and the conformance checks of
``tests/games/test_conformance.py`` on every monument and variant."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import cards_data
from games import expedition, registry
from games.archaeology import Move as ArchaeologyMove
from games.archaeology.hidden import R_LOOK, R_REFILL, R_RETURN, R_REVEAL, R_TAKE, R_TENT
from games.archaeology.rules import (P_ACTION, P_DIG, P_KEEP, P_LOOK, P_MINE, P_NAME,
                                     P_REFILL, P_REVEAL, P_STEAL, P_STORM, P_TENT)
from games.errors import IllegalMoveError, InvalidMoveError, InvalidStateError
from games.expedition import (ExpeditionState, Move, make_deal, parse_move, rules_for,
                              state_from_deal)
from games.expedition.moves import CARD_INDEX, TREASURES
from games.protocol import CHANCE
from solvers.archaeology.policy import (greedy_action, greedy_discard, greedy_give, greedy_policy,
                                        greedy_victim)

sys.path.insert(0, str(Path(__file__).parent))  # the conformance checks live beside this file
from test_archaeology_rules import _after_one_trade  # noqa: E402
from test_conformance import check_playout  # noqa: E402

DATA = cards_data.load("expedition")
T = TREASURES
C = CARD_INDEX
MONUMENTS = [m.key for m in DATA.monuments]


def blank(monument="great_pyramid", players=2, variants=()):
    """A bare position: empty hands and marketplace, full chambers of pot shards."""
    rules = rules_for(DATA, players, monument, variants)
    s = ExpeditionState.blank(rules)
    s.chambers = [(C["pot_shard"],) * size for size in rules.chamber_sizes]
    s.steal_rolls = [0] * rules.thieves
    s.draw_rolls = [0] * rules.draw_rolls
    return s


def give(s, seat, **cards):
    for name, n in cards.items():
        s.hands[seat * T + C[name]] += n
        s.hand_sizes[seat] += n
    s._moves = None


def market(s, **cards):
    for name, n in cards.items():
        s.market[C[name]] += n
    s._moves = None


def play(s, *texts):
    for text in texts:
        s.apply(parse_move(s, text))


def names(moves):
    return [str(m) for m in moves]


def action_state(monument="great_pyramid", players=2, dig=("pot_shard",) * 5, seat=0,
                 variants=()):
    """Seat ``seat`` at its actions (the dig skipped); fill hands before playing."""
    s = blank(monument, players, variants)
    s.dig = [C[c] for c in reversed(dig)]
    s.turn = s.to_move = seat
    s.no_dig = not dig
    s.phase = P_ACTION
    return s


def chance(s):
    """Apply chance outcomes until a seat decides."""
    while s.current_player() == CHANCE:
        s.apply(s.chance_outcomes()[0][0])


def cards(*words):
    return tuple(sorted(C[w] for w in words))


# --- setup ---------------------------------------------------------------------------

@pytest.mark.parametrize("players,thieves,storms,out", [
    (2, 4, 4, ("broken_tablet", "broken_pendant")), (3, 6, 5, ("broken_tablet", "broken_pendant")),
    (4, 8, 6, ("broken_pendant",)), (5, 10, 6, ())])
def test_setup_by_table_size(players, thieves, storms, out):
    """Tablets and pendants out with 2-3 seats, pendants alone with 4 (rules); thieves
    4/6/8/10 (community); sandstorms 4/5/6/6 (inferred, labelled so)."""
    deal = make_deal(players=players, seed=4, data=DATA, monument="great_pyramid")
    everything = [c for hand in deal["hands"] for c in hand] + deal["marketplace"] + [
        c for chamber in deal["chambers"] for c in chamber] + deal["dig_site"]
    for name in out:
        assert name not in everything
    assert everything.count("thief") == thieves and everything.count("sandstorm") == storms
    assert everything.count("map") == 6
    assert all(len(h) == 4 for h in deal["hands"]) and len(deal["marketplace"]) == 5
    setaside = {"map", "thief", "sandstorm"}
    for group in [*deal["hands"], deal["marketplace"], *deal["chambers"]]:
        assert not setaside & set(group), "maps, thieves, sandstorms only go to the dig site"
    state = state_from_deal(deal, DATA)
    assert state.tents == [1] * players, "one face-up tent each, not in the hand"
    assert sum(state.hand_sizes) == 4 * players
    assert DATA.provenance["sandstorms_by_players"] == "inferred"
    assert DATA.provenance["thieves_by_players"] == "community"


def test_every_deal_follows_the_setup_steps_on_every_monument_variant_and_table():
    """Setup steps 1-6 at every table, monument and variant: 4 cards a hand, 5 in the
    marketplace, the monument's chambers (and the Ruins' 12-card reserve) from the
    treasures alone; maps, thieves and sandstorms only in the dig site, as many as the
    table and variants use (Long Expedition: tablets, pendants, one more thief; Fierce
    Weather: all six sandstorms); every card once."""
    for index, (monument, variants, players) in enumerate(COMBOS):
        deal = make_deal(players=players, seed=index, data=DATA, monument=monument,
                         variant=list(variants))
        rules = rules_for(DATA, players, monument, variants)
        tile = DATA.monument(monument)
        assert [len(h) for h in deal["hands"]] == [4] * players
        assert len(deal["marketplace"]) == 5
        assert [len(c) for c in deal["chambers"]] == [c.size for c in tile.chambers]
        assert len(deal.get("reserve", [])) == tile.params.get("reserve", 0)
        set_aside = {"map", "thief", "sandstorm"}
        for group in [*deal["hands"], deal["marketplace"], *deal["chambers"],
                      deal.get("reserve", [])]:
            assert not set_aside & set(group), (monument, variants, players)
        everything = ([c for h in deal["hands"] for c in h] + deal["marketplace"]
                      + [c for ch in deal["chambers"] for c in ch] + deal.get("reserve", [])
                      + deal["dig_site"])
        long = "long-expedition" in variants
        thieves = {2: 4, 3: 6, 4: 8, 5: 10}[players] + long
        storms = 6 if "fierce-weather" in variants else {2: 4, 3: 5, 4: 6, 5: 6}[players]
        assert everything.count("thief") == thieves and everything.count("sandstorm") == storms
        assert everything.count("map") == 6
        assert everything.count("broken_tablet") == (12 if players >= 4 or long else 0)
        assert everything.count("broken_pendant") == (5 if players == 5 or long else 0)
        assert len(everything) == sum(rules.counts)
        assert state_from_deal(deal, DATA).tents == [rules.tents] * players


def test_card_data_keeps_every_anchor_of_the_rulebook_and_the_community():
    """card-facts.md: the values the rulebook or community sources give, each where the
    reconstructed tables keep it."""
    t = DATA.treasures
    assert t["parchment_scrap"].trade == 1 and t["parchment_scrap"].sell == (1, 2, 3, 10)
    assert t["coin"].trade == 2 and t["coin"].sell_value(5) == 30
    assert t["talisman"].trade == 3 and t["talisman"].sell_value(2) == 10
    assert t["talisman"].sell_value(4) == 32 and t["talisman"].max_set == 5
    assert t["pot_shard"].trade == 1 and t["broken_tablet"].trade == 1
    assert t["broken_tablet"].sell_value(3) == 10
    assert [t[k].count for k in t] == [16, 16, 12, 6, 8, 6, 4, 12, 5]
    assert t["parchment_scrap"].provenance["sell"] == "community"
    for key in ("coin", "talisman", "broken_tablet"):  # anchors kept, the rest ours
        assert t[key].provenance["sell"] == "reconstructed" and "known" in t[key].note
    assert DATA.thieves_by_players == {2: 4, 3: 6, 4: 8, 5: 10}
    chambers = {m.key: [(c.size, c.maps) for c in m.chambers] for m in DATA.monuments}
    assert chambers == {"great_pyramid": [(2, 1), (5, 2), (8, 3)], "temple": [(5, 2)] * 3,
                        "tomb": [(7, 1), (8, 1)], "mine": [(15, 1)], "sphinx": [(15, 1)],
                        "buried_ruins": [(1, 1)] * 3}


def test_variants_change_the_setup():
    long = rules_for(DATA, 3, "tomb", ("long-expedition",))
    assert long.counts[C["broken_tablet"]] == 12 and long.counts[C["broken_pendant"]] == 5
    assert long.thieves == 7, "one extra thief"
    with pytest.raises(InvalidStateError, match="2 or 3 players"):
        make_deal(players=4, seed=1, data=DATA, variant="long-expedition")
    fierce = rules_for(DATA, 2, "tomb", ("fierce-weather",))
    assert fierce.sandstorms == 6 and fierce.tents == 2
    with pytest.raises(InvalidStateError, match="unknown variant 'hail'"):
        make_deal(players=2, seed=1, data=DATA, variant="hail")
    deal = make_deal(players=2, seed=1, data=DATA, variant="fierce-weather,beginners-luck")
    assert deal["variants"] == ["beginners-luck", "fierce-weather"]


def test_monument_is_drawn_at_random_or_named_and_the_first_player_is_random():
    drawn = {make_deal(players=2, seed=s, data=DATA)["monument"] for s in range(60)}
    assert drawn == set(MONUMENTS)
    assert make_deal(players=2, seed=1, data=DATA, monument="sphinx")["monument"] == "sphinx"
    with pytest.raises(InvalidStateError, match="unknown monument 'moon'"):
        make_deal(players=2, seed=1, data=DATA, monument="moon")
    starts = {make_deal(players=3, seed=s, data=DATA)["first_player"] for s in range(30)}
    assert starts == {0, 1, 2}


def test_beginners_luck_lowest_announced_value_starts_and_ties_are_random():
    tied_starts = set()
    for seed in range(80):
        deal = make_deal(players=3, seed=seed, data=DATA, variant="beginners-luck")
        values = deal["announced"]
        state = state_from_deal(deal, DATA)
        assert values == [state.rules.hand_value(state.hands[p * T:(p + 1) * T])
                          for p in range(3)]
        assert values[deal["first_player"]] == min(values)
        if values.count(min(values)) > 1:
            tied_starts.add(deal["first_player"])
    assert len(tied_starts) >= 2, "ties go to a random lowest seat"
    deal = make_deal(players=2, seed=3, data=DATA, variant="beginners-luck")
    deal["announced"] = [v + 1 for v in deal["announced"]]
    with pytest.raises(InvalidStateError, match="announced"):
        state_from_deal(deal, DATA)


def test_bad_deals_are_refused():
    for key, value, message in (
            ("monument", "moon", "monument"), ("variants", ["hail"], "variants"),
            ("chambers", [["coin"]], "expected 3 entries"),
            ("first_player", 5, "first_player"), ("draw_rolls", [1], "unknown key 'draw_rolls'")):
        deal = make_deal(players=2, seed=1, data=DATA, monument="temple")
        deal[key] = value
        with pytest.raises(InvalidStateError, match=message):
            state_from_deal(deal, DATA)
    deal = make_deal(players=2, seed=1, data=DATA, monument="buried_ruins")
    del deal["reserve"]
    with pytest.raises(InvalidStateError, match="missing key 'reserve'"):
        state_from_deal(deal, DATA)
    deal = make_deal(players=2, seed=1, data=DATA, monument="mine")
    deal["chambers"][0][0] = "map"
    with pytest.raises(InvalidStateError, match="no map is dealt here"):
        state_from_deal(deal, DATA)


# --- sandstorms and tents ---------------------------------------------------------------

def test_rulebook_sandstorm_example_with_tents():
    """Adele (0) draws a sandstorm; Ben (1) and Christopher (2) keep their tents, Daria (3)
    uses hers; Adele used hers before. Ben discards 3 of 6, Christopher 2 of 5, Daria
    nothing, Adele (1 card) nothing; then Adele digs again."""
    s = blank(players=4)
    s.tents = [0, 1, 1, 1]
    give(s, 0, coin=1)
    give(s, 1, pot_shard=3, coin=3)
    give(s, 2, talisman=5)
    give(s, 3, parchment_scrap=4)
    s.dig = [C["pot_shard"], C["sandstorm"]]
    s.start_turn(0)
    chance(s)
    decided = []
    while s.phase == P_TENT:
        decided.append(s.to_move)
        play(s, "tent use" if s.to_move == 3 else "tent keep")
    assert decided == [1, 2, 3], "from the digger's left; Adele has no tent"
    assert s.tents == [0, 1, 1, 0], "a used tent leaves the game"
    discarded = []
    while s.phase == P_STORM:
        discarded.append(s.to_move)
        s.apply(s.legal_moves()[0])
    assert discarded == [1] * 3 + [2] * 2, "discards from the digger's left, Daria sheltered"
    assert s.hand_sizes == [1, 3, 3, 4]
    assert s.current_player() == CHANCE and s.turn == 0 and s.phase == P_DIG
    assert s.record.events()[0] == (R_TENT, 3)


def test_the_digger_may_use_its_tent_too_and_is_asked_last():
    s = blank(players=3)
    give(s, 0, coin=4)
    give(s, 1, coin=4)
    give(s, 2, coin=1)  # one card: loses nothing, so is not asked
    s.dig = [C["sandstorm"]]
    s.start_turn(0)
    chance(s)
    order = []
    while s.phase == P_TENT:
        order.append(s.to_move)
        play(s, "tent use" if s.to_move == 0 else "tent keep")
    assert order == [1, 0]
    assert s.phase == P_STORM and s.to_move == 1
    assert s.hand_sizes[0] == 4


def test_fierce_weather_tents_serve_twice():
    s = blank(players=2, variants=("fierce-weather",))
    assert s.tents == [2, 2]
    give(s, 0, coin=4)
    give(s, 1, coin=4)
    s.dig = [C["sandstorm"], C["sandstorm"]]
    s.start_turn(0)
    for _ in range(2):
        chance(s)
        while s.phase == P_TENT:
            play(s, "tent use")
    assert s.tents == [0, 0] and s.hand_sizes == [4, 4]


def test_a_sandstorm_that_empties_the_dig_site_leads_to_the_digger_actions():
    """After the tents and the discards the digger would dig again; with the dig site
    empty it goes on to its actions, a turn that dug (its end is no pass)."""
    s = blank(players=3)
    give(s, 0, coin=4)
    give(s, 1, coin=2)
    give(s, 2, coin=3)
    s.dig = [C["sandstorm"]]
    s.start_turn(2)
    chance(s)
    order = []
    while s.phase == P_TENT:
        order.append(s.to_move)
        play(s, "tent keep")
    assert order == [0, 1, 2], "from the digger's left, the digger last"
    while s.phase == P_STORM:
        s.apply(s.legal_moves()[0])
    assert s.hand_sizes == [2, 1, 2] and not s.dig
    assert s.phase == P_ACTION and s.current_player() == 2 and not s.no_dig
    play(s, "end")
    assert s.first_passer == -1 and s.turn == 0 and s.no_dig


def test_no_tent_decision_without_a_tent_or_with_nothing_to_lose():
    s = blank(players=2)
    s.tents = [0, 1]
    give(s, 0, coin=4)
    give(s, 1, coin=1)
    s.dig = [C["sandstorm"]]
    s.start_turn(0)
    chance(s)
    assert s.phase == P_STORM and s.to_move == 0


# --- trades, explores and the trade pruning ---------------------------------------------------

def test_rulebook_trade_example():
    """Adele trades 2 parchment scraps (1 each) and a coin (2) for a talisman and a pot shard
    (together 4)."""
    s = action_state()
    give(s, 0, parchment_scrap=2, coin=1)
    market(s, talisman=1, pot_shard=1)
    play(s, "take pot_shard", "take talisman", "give coin", "give parchment_scrap",
         "give parchment_scrap")
    assert s.hands[:T] == [1, 0, 0, 0, 1, 0, 0, 0, 0]
    assert s.market[C["coin"]] == 1 and s.market[C["parchment_scrap"]] == 2


@pytest.mark.parametrize("monument", MONUMENTS)
def test_explore_at_most_once_per_turn(monument):
    s = action_state(monument)
    give(s, 0, map=6, coin=1)
    s.chambers = [(C["pot_shard"], C["coin"])] * len(s.chambers) if monument != "buried_ruins" \
        else [(C["talisman"],)] * 3
    explores = [m for m in names(s.legal_moves()) if m.startswith("explore")]
    assert explores
    s.apply(parse_move(s, explores[0]))
    while s.phase != P_ACTION:
        chance(s)
        if s.phase != P_ACTION:
            s.apply(s.legal_moves()[-1])
    assert not [m for m in names(s.legal_moves()) if m.startswith("explore")]
    play(s, "end")
    s.start_turn(0)  # seat 0's next turn
    chance(s)
    if monument not in ("great_pyramid", "temple") or len(s.chambers) > 1:
        assert [m for m in names(s.legal_moves()) if m.startswith("explore")], \
            "the next turn may explore again"


@pytest.mark.parametrize("monument", MONUMENTS)
def test_one_trade_between_explores_and_looks_on_every_monument(monument):
    """The trade pruning re-argued per monument: a sale never resets the trade allowance
    but the Temple's look after it does; every explore does."""
    s = action_state(monument)
    give(s, 0, coin=3, talisman=2, map=3)
    market(s, coin=3)
    s.chambers = [(C["pot_shard"],) * len(c) if c else c for c in s.chambers]
    play(s, "take coin", "give coin")
    assert not [m for m in names(s.legal_moves()) if m.startswith("take")]
    play(s, "sell talisman 1")
    if monument == "temple":
        assert s.phase == P_LOOK
        play(s, "look none")
        assert not [m for m in names(s.legal_moves()) if m.startswith("take")]
        play(s, "sell talisman 1", "look A")
        assert s.trades == 0, "a look can inform a trade: one more is allowed"
        assert [m for m in names(s.legal_moves()) if m.startswith("take")]
        play(s, "take coin", "give coin")
    assert not [m for m in names(s.legal_moves()) if m.startswith("take")]
    explore = next(m for m in names(s.legal_moves()) if m.startswith("explore"))
    s.apply(parse_move(s, explore))
    while s.phase != P_ACTION:
        chance(s)
        if s.phase != P_ACTION:
            s.apply(s.legal_moves()[-1])
    assert s.trades == 0 and [m for m in names(s.legal_moves()) if m.startswith("take")]


def test_two_trades_merge_into_one_reachable_trade_without_loss():
    """The claim behind one trade between explores (or looks), on this edition's nine
    card types: whatever hand two trades in a row leave, one reachable trade (or none)
    leaves a hand with at least those cards."""
    rng = random.Random(11)
    checked = 0
    for _ in range(20):
        s = action_state(players=5)
        give(s, 0, **{n: rng.randrange(3) for n in ("pot_shard", "coin", "talisman")})
        give(s, 0, **{n: rng.randrange(2) for n in ("broken_tablet", "broken_pendant")})
        market(s, **{n: rng.randrange(2) for n in ("parchment_scrap", "coin", "pharaohs_mask",
                                                   "broken_tablet")})
        start = tuple(s.hands[:T])
        singles = [tuple(t.hands[:T]) for t in _after_one_trade(s)] + [start]
        for first in _after_one_trade(s):
            first.trades = 0
            first._moves = None
            for second in _after_one_trade(first):
                pair = tuple(second.hands[:T])
                assert any(all(a >= b for a, b in zip(single, pair)) for single in singles)
                checked += 1
    assert checked > 50


# --- the monuments ----------------------------------------------------------------------------

def test_great_pyramid_costs_1_2_3_maps_for_2_5_8_cards_once_each():
    s = action_state("great_pyramid")
    give(s, 0, map=6)
    s.chambers = [cards("coin", "coin"), (C["talisman"],) * 5, (C["pot_shard"],) * 8]
    assert [m for m in names(s.legal_moves()) if m.startswith("explore")] == [
        "explore A", "explore B", "explore C"]
    play(s, "explore C")
    assert s.hand_sizes[0] == 3 + 8 and s.maps_removed == 3 and s.chambers[2] is None
    play(s, "end")
    chance(s)
    assert "explore C" not in names(s.legal_moves())


def test_temple_two_maps_take_five_and_the_seller_looks_in_secret():
    s = action_state("temple")
    give(s, 0, map=2, coin=2)
    s.chambers = [cards("coin", "coin", "talisman", "talisman", "pharaohs_mask"),
                  (C["pot_shard"],) * 5, (C["parchment_scrap"],) * 5]
    assert [m for m in names(s.legal_moves()) if m.startswith("explore")] == [
        "explore A", "explore B", "explore C"]
    play(s, "sell coin 1")
    assert s.phase == P_LOOK and names(s.legal_moves()) == [
        "look none", "look A", "look B", "look C"]
    play(s, "look B")
    assert s.record.events()[-1] == (R_LOOK, 0, 1)
    assert s.secrets_seen_by(0)[-1] == ((C["pot_shard"],) * 5,)
    assert s.secrets_seen_by(1)[-1] is None, "without letting any opponent see them"
    play(s, "sell coin 1")
    assert names(s.legal_moves()) == ["look none", "look A", "look C"], "B is known already"
    play(s, "look none", "explore A")
    assert s.hand_sizes[0] == 5 and s.chambers[0] is None
    other = action_state("temple")
    give(other, 0, coin=1)
    other.dig = []
    play(other, "sell coin 1")
    assert other.is_terminal(), "no look after the sale that ends the game"


def test_a_second_look_at_a_chamber_is_refused_saying_to_enter_look_none():
    # the Temple lets a seller look at any chamber; the engine offers those not seen yet
    # (a second look shows nothing new), and a table where a player looked again (track)
    # was refused 'look A' with the legal moves alone, no reason
    s = action_state("temple")
    give(s, 0, coin=2)
    play(s, "sell coin 1", "look B", "sell coin 1")
    with pytest.raises(IllegalMoveError) as refused:
        parse_move(s, "look B")
    assert refused.value.reason == ("you have looked into chamber B before, and a second "
                                    "look shows nothing new: enter 'look none'")


def test_a_chamber_letter_is_read_in_either_case():
    """A player types lowercase: 'explore b' and 'look b' were refused "a chamber is named by
    its letter, explore A, explore B or explore C" (only 'explore B' read); the letter reads
    in either case wherever a chamber is named, and the move is written as the notation
    writes it (records keep 'explore B')."""
    s = action_state("temple")
    give(s, 0, map=1, coin=2)
    for typed in ("explore b", "explore B"):  # (where it is legal it read, the legal moves'
        # texts matched case aside; refused, it was told of no letter but the uppercase)
        with pytest.raises(IllegalMoveError, match=r"takes 2 maps; you hold 1 \(legal: "):
            parse_move(s, typed)
    give(s, 0, map=1)
    s.chambers = [(C["coin"],) * 5, (C["pot_shard"],) * 5, (C["parchment_scrap"],) * 5]
    assert str(parse_move(s, "explore b")) == str(parse_move(s, "Explore B")) == "explore B"
    play(s, "sell coin 1")
    assert [str(parse_move(s, t)) for t in ("look b", "look at chamber c", "LOOK a")] == [
        "look B", "look C", "look A"]
    s = blank("buried_ruins")
    s.chambers = [(C["coin"],), (), (C["talisman"],)]
    s.reserve = [C["parchment_scrap"]]
    s.dig = [C["sandstorm"]]
    s.start_turn(0)
    s.apply(s.chance_outcomes()[0][0])  # (the sandstorm dug)
    assert s.phase == P_REFILL
    assert str(parse_move(s, "refill a parchment_scrap")) == "refill A parchment_scrap"


def test_a_look_at_no_chamber_lists_the_chambers_as_they_are_typed():
    """'look big' was refused "a look is 'look CHAMBER' or 'look none' (look B), a chamber
    named by its letter A, B, ...", where an explore lists the monument's own chambers; a
    look lists them alike (one helper), with 'look none'."""
    s = action_state("temple")
    give(s, 0, coin=2)
    play(s, "sell coin 1")
    with pytest.raises(InvalidMoveError, match=r"^move 'look big': a chamber is named by its "
                                               r"letter, look A, look B, look C or look none"):
        parse_move(s, "look big")


def test_tomb_look_keep_two_and_the_chamber_shrinks():
    """1 map to look at a chamber and keep 2; the rest goes back; a last card is all one
    gets; the chambers' sizes are public."""
    s = action_state("tomb")
    give(s, 0, map=3)
    s.chambers = [cards("pot_shard", "pot_shard", "coin", "talisman"), (C["coin"],) * 8]
    play(s, "explore A")
    assert s.phase == P_KEEP and s.current_player() == 0
    # every multiset of 2 of {pot, pot, coin, talisman}, once: pp, pc, pt, ct
    assert names(s.legal_moves()) == ["keep pot_shard pot_shard", "keep pot_shard coin",
                                      "keep pot_shard talisman", "keep coin talisman"]
    play(s, "keep coin talisman")
    assert s.chambers[0] == cards("pot_shard", "pot_shard") and s.hand_sizes[0] == 2 + 2
    assert s.chamber_seen[0] == 1, "the explorer knows what went back"
    assert s.secrets_seen_by(0)[-1] == (cards("pot_shard", "pot_shard", "coin", "talisman"),
                                        cards("coin", "talisman"))
    assert s.secrets_seen_by(1)[-1] is None
    play(s, "end")
    chance(s)
    s.turn = s.to_move = 0
    s.phase = P_ACTION
    s.explored = False
    s.chambers[0] = (C["pot_shard"],)
    s._moves = None
    play(s, "explore A")
    assert s.phase == P_ACTION and s.chambers[0] == () and s.hand_sizes[0] == 2 + 2 + 1 - 1
    assert "explore A" not in names(s.legal_moves())


def test_a_refused_tomb_keep_or_sphinx_name_says_why_in_the_rulebooks_words():
    # both were refused "move 'keep coin' is not legal here" and the legal list, no reason
    s = action_state("tomb")
    give(s, 0, map=1)
    s.chambers = [cards("pot_shard", "pot_shard", "coin", "talisman"), (C["coin"],) * 8]
    play(s, "explore A")
    held = "chamber A holds 2 pot shards, 1 coin, 1 talisman"

    def reason(state, text):
        with pytest.raises(IllegalMoveError) as refused:
            parse_move(state, text)
        assert f"is not legal here: {refused.value.reason} (legal: " in str(refused.value)
        return refused.value.reason

    assert reason(s, "keep coin") == ("the Tomb: you choose 2 cards to keep, not 1, and the "
                                      f"rest go back face down ({held})")
    assert reason(s, "keep coin talisman pot_shard").startswith(
        "the Tomb: you choose 2 cards to keep, not 3,")
    assert reason(s, "keep coin pharaohs_mask") == (
        "chamber A holds no pharaoh's mask: you keep 2 of its cards (it holds 2 pot shards, "
        "1 coin, 1 talisman)")
    assert reason(s, "keep coin coin").startswith("chamber A holds 1 coin, not 2: ")
    t = action_state("sphinx")
    give(t, 0, map=1)
    play(t, "explore A")
    assert reason(t, "name coin") == ("the Sphinx: you name 2 different treasure types that "
                                      "you would like to find, not 1")
    assert reason(t, "name coin talisman pot_shard").endswith(", not 3")
    assert reason(t, "name map coin") == ("maps are shuffled into the dig site, never into "
                                          "the Sphinx's chamber: name 2 of the treasure types "
                                          "it can hold")
    assert reason(t, "name broken_tablet coin") == (
        "this game has no broken tablets (a broken tablet is in the game only at 4 or more "
        "players, or with the Long Expedition at 2 or 3 players)")


def test_tomb_a_chamber_of_two_is_taken_whole_without_a_keep():
    """The explorer keeps 2 of the chamber; with only 2 left there is nothing to choose:
    both come at once, and the chamber, now empty, is not explored again."""
    s = action_state("tomb")
    give(s, 0, map=2)
    s.chambers = [cards("coin", "talisman"), (C["coin"],) * 8]
    play(s, "explore A")
    assert s.phase == P_ACTION and s.hands[:T] == list(_one("coin", "talisman", "map"))
    assert s.chambers[0] == () and s.secrets_seen_by(1)[-1] is None
    s.explored = False  # (as on a later turn)
    s._moves = None
    assert [m for m in names(s.legal_moves()) if m.startswith("explore")] == ["explore B"]


def test_mine_draws_face_up_until_stop_or_bust_over_five():
    s = action_state("mine")
    give(s, 0, map=2)
    s.chambers = [cards("coin", "talisman", "pot_shard", "pharaohs_mask")]
    # in card order: pot, coin, talisman, mask; roll 2 draws the talisman, then roll 0
    # the first card left each time
    s.draw_rolls = [2, 0, 0, 0, 0, 0]
    play(s, "explore A")
    chance(s)
    assert s.phase == P_MINE and s.drawn == (C["talisman"],), "the first draw is at once"
    assert names(s.legal_moves()) == ["draw", "stop"]
    play(s, "draw")
    chance(s)  # a pot shard (index 0 of pot, coin, mask): 3 + 1 = 4
    play(s, "draw")
    chance(s)  # then a coin: 3 + 1 + 2 = 6 > 5, bust
    assert s.phase == P_ACTION and s.hand_sizes[0] == 1, "bust: nothing but the map left"
    assert s.chambers[0] == cards("coin", "talisman", "pot_shard", "pharaohs_mask")
    assert [e[0] for e in s.record.events()[-4:]] == [R_REVEAL] * 3 + [R_RETURN]
    t = action_state("mine")
    give(t, 0, map=1)
    t.chambers = [cards("coin", "talisman")]
    t.draw_rolls = [0, 0]
    play(t, "explore A")
    chance(t)
    play(t, "stop")
    assert t.hands[C["coin"]] == 1 and t.record.events()[-1] == (R_TAKE, 0, _one("coin"))


def test_mine_busts_only_when_the_drawn_value_passes_five():
    """"Greater than 5" (rulebook p. 11): cards drawn worth exactly 5 may still be kept, or
    drawn on; the next card past 5 sends them all back."""
    s = action_state("mine")
    give(s, 0, map=1)
    s.chambers = [cards("coin", "talisman", "pharaohs_mask")]
    # in card order coin, talisman, mask: roll 1 draws the talisman (3), then roll 0 the
    # coin (2), then the mask (4)
    s.draw_rolls = [1, 0, 0]
    play(s, "explore A")
    chance(s)
    play(s, "draw")
    chance(s)
    assert s.drawn == (C["talisman"], C["coin"]) and s.phase == P_MINE, "5 is no bust"
    kept = s.clone()
    play(kept, "stop")
    assert kept.hands[:T] == list(_one("coin", "talisman")) and kept.chambers[0] == (
        C["pharaohs_mask"],)
    play(s, "draw")
    chance(s)  # 3 + 2 + 4 = 9 > 5: all go back
    assert s.phase == P_ACTION and s.hand_sizes[0] == 0
    assert s.chambers[0] == cards("coin", "talisman", "pharaohs_mask")


def test_mine_keeps_all_when_the_chamber_runs_out():
    s = action_state("mine")
    give(s, 0, map=1)
    s.chambers = [(C["pot_shard"],)]
    s.draw_rolls = [0]
    play(s, "explore A")
    chance(s)
    assert s.phase == P_ACTION and s.hands[C["pot_shard"]] == 1 and s.chambers[0] == ()


def test_sphinx_names_two_types_draws_five_keeps_the_matches():
    s = action_state("sphinx")
    give(s, 0, map=1)
    s.chambers = [cards("pot_shard", "pot_shard", "coin", "coin", "talisman", "broken_cup",
                        "pharaohs_mask")]
    s.draw_rolls = [0] * 5
    play(s, "explore A")
    assert s.phase == P_NAME
    # the types a chamber can hold at two seats: six (no map, no tablet, no pendant)
    assert len(s.legal_moves()) == 15
    play(s, "name pot_shard coin")
    chance(s)
    # five draws, each the first card left: pot, pot, coin, coin, cup
    assert s.hands[:T] == [2, 0, 2, 0, 0, 0, 0, 0, 0]
    assert s.chambers[0] == cards("broken_cup", "talisman", "pharaohs_mask")
    assert [e[0] for e in s.record.events()[-3:]] == [R_REVEAL, R_RETURN, R_TAKE]
    t = action_state("sphinx")
    give(t, 0, map=1)
    t.chambers = [cards("coin", "talisman")]
    t.draw_rolls = [0] * 5
    play(t, "explore A", "name pot_shard parchment_scrap")
    chance(t)
    assert t.hand_sizes[0] == 0 and t.chambers[0] == cards("coin", "talisman"), \
        "fewer than 5: all drawn, none named: all go back"


def test_buried_ruins_refill_before_the_tents_and_face_up_takes():
    s = blank("buried_ruins")
    give(s, 0, map=1, coin=3)
    give(s, 1, coin=3)
    s.chambers = [(C["coin"],), (), (C["talisman"],)]
    s.reserve = [C["pot_shard"], C["broken_cup"], C["parchment_scrap"]]  # top last
    s.dig = [C["pot_shard"], C["sandstorm"]]
    s.start_turn(0)
    assert s.phase == P_DIG
    s.apply(s.chance_outcomes()[0][0])
    assert s.phase == P_REFILL and names(o for o, _ in s.chance_outcomes()) == [
        "refill A parchment_scrap"]
    s.apply(s.chance_outcomes()[0][0])
    s.apply(s.chance_outcomes()[0][0])
    s.apply(s.chance_outcomes()[0][0])
    assert s.phase == P_TENT, "the tents are decided after the refill"
    assert s.chambers == [cards("coin", "parchment_scrap"), (C["broken_cup"],),
                          cards("talisman", "pot_shard")]
    assert [e for e in s.record.events() if e[0] == R_REFILL] == [
        (R_REFILL, 0, C["parchment_scrap"]), (R_REFILL, 1, C["broken_cup"]),
        (R_REFILL, 2, C["pot_shard"])]
    while s.phase in (P_TENT, P_STORM):
        s.apply(s.legal_moves()[0])
    chance(s)
    play(s, "explore C")
    assert s.chambers[2] == () and s.record.events()[-1] == (R_TAKE, 0, _one(
        "pot_shard", "talisman"))
    assert "explore C" not in names(s.legal_moves())


def test_buried_ruins_stop_refilling_when_the_reserve_runs_out():
    s = blank("buried_ruins")
    give(s, 0, coin=1)
    s.chambers = [(), (), ()]
    s.reserve = [C["coin"]]
    s.dig = [C["pot_shard"], C["sandstorm"]]
    s.start_turn(0)
    chance(s)
    assert s.chambers == [(C["coin"],), (), ()] and s.phase == P_ACTION


def _one(*words):
    out = [0] * T
    for w in words:
        out[C[w]] += 1
    return tuple(out)


# --- scoring and the end -----------------------------------------------------------------------

def test_rulebook_scoring_example_seventy_two_dollars():
    """4 talismans ($32), 5 coins ($30) and 2 talismans ($10): $72; unused tents score
    nothing."""
    s = action_state(dig=())
    give(s, 0, talisman=6, coin=5)
    play(s, "sell talisman 4", "sell coin 5", "sell talisman 2")
    assert s.money[0] == 72 and s.tents[0] == 1
    assert s.returns()[0] == 72.0


def test_rulebook_set_examples():
    """A set of 3 broken tablets sells for $10; at most 5 talismans in a set."""
    s = action_state(players=4)
    give(s, 0, broken_tablet=3, talisman=6)
    assert "sell broken_tablet 3" in names(s.legal_moves())
    assert "sell talisman 6" not in names(s.legal_moves())
    play(s, "sell broken_tablet 3")
    assert s.money[0] == 10


def test_winner_most_money_then_fewest_cards_sold():
    s = blank(players=3)
    s.money = [30, 30, 10]
    s.sold_cards = [7, 5, 1]
    assert s.winners() == [1]


def test_a_seat_forced_to_sell_with_no_card_left_ends_its_turn():
    s = action_state("mine", dig=())
    give(s, 0, map=1)
    give(s, 1, coin=1)
    s.must_sell = True
    s.chambers = [cards("pharaohs_mask", "talisman")]
    s.draw_rolls = [0, 0]
    play(s, "explore A")
    chance(s)
    play(s, "draw")
    chance(s)  # 4 + 3 > 5: bust, the hand is empty
    assert s.hand_sizes[0] == 0 and names(s.legal_moves()) == ["end"]


# --- moves ---------------------------------------------------------------------------------------

def test_move_text_round_trips_and_errors():
    for text in ("explore B", "tent use", "tent keep", "look none", "look C",
                 "keep coin talisman", "name pot_shard coin", "draw", "stop", "reveal coin",
                 "refill A coin", "sell broken_pendant 2", "dig thief"):
        move = Move.from_text(text)
        assert str(move) == text and eval(repr(move), {"Move": Move}) is move
    for text, message in (("explore 5", "a chamber named by its letter A, B"), ("tent maybe", "tent use"),
                          ("name coin coin", "different"),
                          ("keep sphinx", "unknown card"), ("fly", "cannot read")):
        with pytest.raises(InvalidMoveError, match=message):
            Move.from_text(text)
    # a Tomb keep and a Sphinx naming in any order, as a player says them (a keep out of
    # card order was refused, and "keep pharaoh's mask coin" with "unknown card")
    assert str(Move.from_text("keep talisman coin")) == "keep coin talisman"
    assert str(Move.from_text("name coin pot_shard")) == "name pot_shard coin"
    assert Move.from_text("end") != ArchaeologyMove.from_text("end")


def test_text_that_names_no_move_is_refused_with_the_verbs_of_the_decision():
    """Not every verb of the edition ("moves: dig, steal, stolen, discard, take, give,
    ..., tent, look, keep, draw, stop, name, reveal, refill, trade")."""
    def verbs(state):
        with pytest.raises(InvalidMoveError, match="cannot read") as refused:
            parse_move(state, "dance")
        return str(refused.value).partition("(moves: ")[2].partition(")")[0]

    s = blank(players=3)
    give(s, 0, coin=4)
    give(s, 1, coin=4)
    s.dig = [C["sandstorm"]]
    s.start_turn(0)
    chance(s)
    assert s.phase == P_TENT and verbs(s) == "tent"
    s = action_state("mine")
    give(s, 0, map=2)
    s.chambers = [cards("coin", "talisman", "pot_shard", "pharaohs_mask")]
    assert verbs(s) == "explore, sell, end"  # (an empty marketplace: no trade)
    play(s, "explore A")
    chance(s)
    assert verbs(s) == "draw, stop"


def test_a_foreign_or_other_edition_move_is_refused_by_apply():
    s = action_state()
    with pytest.raises(IllegalMoveError, match="not a New Expedition move"):
        s.apply(ArchaeologyMove.from_text("end"))
    with pytest.raises(IllegalMoveError):
        s.apply(Move.from_text("draw"))  # not a move of the action phase


def test_golden_move_counts_at_hand_checked_positions():
    # 2 seats, Great Pyramid: hand {pot 1, coin 2, map 1}, marketplace {parchment 1,
    # talisman 1}: take parchment (value 1 <= 6), take talisman (3 <= 6), explore A (1 map),
    # sell pot 1, coin 1-2, map 1, end: 8 moves
    s = action_state()
    give(s, 0, pot_shard=1, coin=2, map=1)
    market(s, parchment_scrap=1, talisman=1)
    assert names(s.legal_moves()) == ["take parchment_scrap", "take talisman", "explore A",
                                      "sell pot_shard 1", "sell coin 1", "sell coin 2",
                                      "sell map 1", "end"]
    # the Sphinx at 5 seats: 8 types a chamber can hold (tablets and pendants in play):
    # C(8, 2) = 28 namings
    s = action_state("sphinx", players=5)
    give(s, 0, map=1)
    play(s, "explore A")
    assert len(s.legal_moves()) == 28
    # the Tomb: {pot x3, coin x2, cup} keeps 2: pp, pc, pu, cc, cu = 5 multisets
    s = action_state("tomb")
    give(s, 0, map=1)
    s.chambers = [cards("pot_shard", "pot_shard", "pot_shard", "coin", "coin", "broken_cup"),
                  (C["coin"],) * 8]
    play(s, "explore A")
    assert len(s.legal_moves()) == 5
    # seeded openings: the Temple at 3 seats, seed 3: seat 0 dug into {pot 2, parchment 3}
    # with {pot 3, parchment 2} in the marketplace: take pot, take parchment, sell pot 1-2,
    # parchment 1-3, end: 8 moves
    state = state_from_deal(make_deal(players=3, seed=3, data=DATA, monument="temple"), DATA)
    chance(state)
    assert names(state.legal_moves()) == [
        "take pot_shard", "take parchment_scrap", "sell pot_shard 1", "sell pot_shard 2",
        "sell parchment_scrap 1", "sell parchment_scrap 2", "sell parchment_scrap 3", "end"]
    # the Buried Ruins at 5 seats, seed 3: seat 2 opens with a thief: steal from any of the
    # four others (all hold cards)
    state = state_from_deal(make_deal(players=5, seed=3, data=DATA, monument="buried_ruins"),
                            DATA)
    chance(state)
    assert names(state.legal_moves()) == ["steal 0", "steal 1", "steal 3", "steal 4"]
    assert [len(c) for c in state.chambers] == [1, 1, 1] and len(state.reserve) == 12


# --- the conformance checks on every monument and variant -------------------------------------

COMBOS = [(m, v, p) for m in MONUMENTS
          for v in ((), ("fierce-weather",), ("beginners-luck",), ("long-expedition",))
          for p in (2, 3, 4, 5) if not (v == ("long-expedition",) and p > 3)]


@pytest.mark.parametrize("monument", MONUMENTS)
def test_seeded_playouts_on_every_monument_and_variant_follow_the_protocol(monument):
    """``test_conformance``'s checks (legal moves until the end, text and ``repr`` round
    trips, information-set keys through determinization, the clone check, foreign moves,
    score bounds, the length bound, JSON) on random games of this monument at every table
    size and with every variant."""
    info = registry.get("expedition")
    for index, (m, variants, players) in enumerate(c for c in COMBOS if c[0] == monument):
        deal = make_deal(players=players, seed=index, data=DATA, monument=m,
                         variant=list(variants))
        check_playout(expedition, info, deal, DATA, random.Random(index), every=11)


def test_phases_of_every_kind_occur_in_the_playouts():
    """The playouts above reach every decision the monuments add."""
    phases = set()
    for m, variants, players in COMBOS[::3]:
        state = state_from_deal(make_deal(players=players, seed=1, data=DATA, monument=m,
                                          variant=list(variants)), DATA)
        rng = random.Random(2)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                phases.add(state.phase)
                state.apply(state.chance_outcomes()[0][0])
                continue
            phases.add(state.phase)
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
    assert {P_TENT, P_LOOK, P_KEEP, P_MINE, P_NAME, P_REVEAL, P_REFILL, P_STORM} <= phases


# --- the greedy heuristic (solvers.archaeology.policy: the bots' and the playouts') --------

@pytest.mark.parametrize("monument", MONUMENTS)
def test_the_fast_greedy_action_agrees_with_the_greedy_policy(monument):
    rng = random.Random(5)
    for players in (2, 4):
        s = state_from_deal(make_deal(players=players, seed=7, data=DATA, monument=monument),
                            DATA)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.apply(s.chance_outcomes()[0][0])
                continue
            moves = s.legal_moves()
            if s.phase == P_ACTION and s.trade_takes is None:
                assert greedy_action(s) == greedy_policy(s, moves, rng)
                n = len(moves)  # the playouts' random pick without the list (every index)
                for draw in [(k + 0.5) / n for k in range(n)] + [0.0, 1 - 1e-12]:
                    assert s.random_action(draw) is moves[int(draw * n)]
            elif s.phase == P_STORM:
                assert s.rules.discard_moves[greedy_discard(s)] == greedy_policy(s, moves, rng)
            elif s.phase == P_STEAL:
                assert s.rules.steal_moves[greedy_victim(s)] == greedy_policy(s, moves, rng)
            elif s.phase == P_ACTION:  # a trade in progress
                assert (greedy_give(s) or moves[0]) == greedy_policy(s, moves, rng)
            else:
                assert greedy_policy(s, moves, rng) in moves
            s.apply(moves[rng.randrange(len(moves))])


def test_greedy_decides_the_new_decisions_by_its_documented_rules():
    rng = random.Random(0)
    s = action_state("mine")
    give(s, 0, map=1)
    s.chambers = [cards("coin", "talisman", "pot_shard")]
    s.draw_rolls = [0, 0, 0]
    play(s, "explore A")
    chance(s)  # a pot shard: 1 + 3 <= 5, draw again
    assert str(greedy_policy(s, s.legal_moves(), rng)) == "draw"
    play(s, "draw")
    chance(s)  # then a coin: 3 + 3 > 5, stop
    assert str(greedy_policy(s, s.legal_moves(), rng)) == "stop"
    s = action_state("sphinx", players=4)
    give(s, 0, map=1)
    play(s, "explore A")
    # unseen value: talismans 8 x 3 = 24 and coins 12 x 2 = 24 beat tablets 12 x 1
    assert str(greedy_policy(s, s.legal_moves(), rng)) == "name coin talisman"
    s = action_state("tomb")
    give(s, 0, map=1)
    s.chambers = [cards("pot_shard", "coin", "talisman", "pharaohs_mask"), (C["coin"],) * 8]
    play(s, "explore A")
    assert str(greedy_policy(s, s.legal_moves(), rng)) == "keep talisman pharaohs_mask"


def test_a_sphinx_name_of_one_type_twice_says_the_rule_as_the_others_do():
    """'name coin coin' was refused "name two different types", where 'name coin' says the
    Sphinx's rule: it says the same rule."""
    t = action_state("sphinx")
    give(t, 0, map=1)
    play(t, "explore A")
    for text in ("name coin coin", "name 2 coins"):
        with pytest.raises(InvalidMoveError) as refused:
            parse_move(t, text)
        assert str(refused.value).startswith(f"move {text!r}: the Sphinx: name 2 different "
                                             "treasure types, not one type twice")


def test_the_mine_says_the_cards_drawn_one_way_on_its_screen():
    """The Mine's prompt said "drawn so far 1 coin, 1 talisman" and its stop, in the list
    under it, "(1 talisman + 1 coin)": both say them as the table does, in card order."""
    s = action_state("mine")
    give(s, 0, map=1)
    s.chambers = [cards("coin", "talisman", "pharaohs_mask")]
    s.draw_rolls = [1, 0]  # the talisman, then the coin
    play(s, "explore A")
    chance(s)
    play(s, "draw")
    chance(s)
    assert s.drawn == (C["talisman"], C["coin"])
    from games.archaeology.table import describe_decision
    from games.archaeology.words import describe
    stop = next(m for m in s.legal_moves() if str(m) == "stop")
    assert "drawn so far 1 coin, 1 talisman (" in describe_decision(s, 0), \
        describe_decision(s, 0)
    assert describe(s, stop) == "stop and keep the cards drawn (1 coin, 1 talisman)"


def test_the_great_pyramids_chambers_are_read_by_their_sizes():
    """'explore the large chamber' at the Great Pyramid (chambers of 2, 5 and 8 cards) was
    refused "a chamber is named by its letter", where the 2007 pyramid's sizes read; the
    Temple's three chambers of 5 have no sizes to tell them apart."""
    s = action_state("great_pyramid")
    give(s, 0, map=3)
    for typed, meant in (("explore the large chamber", "explore C"),
                         ("Explore Small", "explore A"), ("explore medium", "explore B")):
        assert str(parse_move(s, typed)) == meant, typed
    with pytest.raises(InvalidMoveError, match="explore C, or by its size, explore small, "
                                               "explore medium or explore large"):
        parse_move(s, "explore huge")
    t = action_state("temple")
    give(t, 0, map=2)
    with pytest.raises(InvalidMoveError, match="by its letter, explore A, explore B or "
                                               "explore C") as refused:
        parse_move(t, "explore the large chamber")
    assert "by its size" not in str(refused.value)


def test_no_chamber_is_suggested_at_the_temple_for_a_size():
    """At the Temple (three chambers of 5 cards) 'explore the large chamber' was asked
    "did you mean `explore A`?", chosen by spelling (the a of 'large'); 'explore big'
    `explore B`: a size names none of them. The hints' reader and play's alike say the
    letters and suggest none."""
    t = action_state("temple")
    give(t, 0, map=2)
    for typed in ("explore the large chamber", "explore large", "explore big"):
        said = set()
        for read in (parse_move, expedition.parse_typed):
            with pytest.raises(InvalidMoveError) as refused:
                read(t, typed)
            said.add(str(refused.value))
        assert said == {f"move {typed!r}: a chamber is named by its letter, explore A, "
                        "explore B or explore C"}
    with pytest.raises(InvalidMoveError, match="did you mean `explore B`"):
        parse_move(t, "explor b")  # (a verb's close miss, its chamber said: suggested)
