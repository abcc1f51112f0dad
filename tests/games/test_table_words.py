"""The table in words (``games/<family>/table.py``, issue 20 §2): what a seat is told never
goes beyond what it knows, the decisions of a position are whole and distinct, and every
engine tells its positions, events and results in words.
"""

from __future__ import annotations

import re

import pytest

from games import GAME_IDS, load
from games.archaeology import table as archaeology_table
from games.archaeology.rules import P_ACTION, P_TENT
from games.archaeology.trades import trading
from games.lootnrun import table as lootnrun_table
from games.protocol import CHANCE
from games.seeding import make_rng

CARD_GAMES = ("archaeology", "expedition")


def _playout(game_id: str, seed: int, players: int | None = None, **options):
    """States of a random game (every decision drawn from ``decisions``), with the move
    played from each."""
    game = load(game_id, **options)
    state = game.new_initial_state(seed=seed, players=players)
    rng = make_rng(seed)
    for _ in range(3000):
        if state.is_terminal():
            return
        if state.current_player() == CHANCE:
            move = state.chance_outcomes()[0][0]
        else:
            options_ = game.decisions(state)
            move = options_[rng.randrange(len(options_))]
        yield game, state, move
        state.apply(move)


@pytest.mark.parametrize("game_id, options", [("archaeology", {}),
                                              ("expedition", {"monument": "temple"}),
                                              ("expedition", {"monument": "tomb"}),
                                              ("expedition", {"monument": "buried_ruins"})])
def test_known_cards_never_claim_a_card_the_hand_does_not_hold(game_id, options):
    checked = 0
    for seed in range(3):
        for game, state, _ in _playout(game_id, seed, players=3, **options):
            T = state.rules.treasures
            for seat in range(state.num_players):
                known = archaeology_table.known_cards(state, seat)
                for p in range(state.num_players):
                    held = state.hands[p * T:(p + 1) * T]
                    assert all(k <= h for k, h in zip(known[p], held)), (seat, p, known[p], held)
                    checked += sum(known[p]) if p != seat else 0
    assert checked > 0, "nothing was ever known: the test proves nothing"


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_whole_trades_are_distinct_legal_decisions(game_id):
    listed = 0
    for seed in range(2):
        for game, state, _ in _playout(game_id, seed):
            if state.current_player() == CHANCE or trading(state):
                continue
            trades = [m for m in game.decisions(state) if str(m).startswith("trade ")]
            effects = [archaeology_table._net(t) for t in trades]
            assert len(set(effects)) == len(effects), "two trades change the same cards"
            assert all(gives or takes for gives, takes in effects), "a trade that does nothing"
            for trade in trades:
                assert game.parse_move(state, str(trade)) == trade
            listed += len(trades)
    assert listed > 0


def test_another_seats_hidden_cards_stay_hidden():
    digs = thefts = 0
    for game, state, move in _playout("archaeology", 1, players=3):
        if state.current_player() != CHANCE:
            continue
        kind = str(move).split()[0]
        if kind == "dig" and str(move).split()[1] not in ("thief", "sandstorm"):
            for seat in range(state.num_players):
                line = game.describe_event(state, move, seat)
                if seat != state.turn:
                    assert line.endswith("dug up a card"), line
                    digs += 1
        if kind == "stolen":
            thief, victim = state.turn, state.victim
            for seat in range(state.num_players):
                line = game.describe_event(state, move, seat)
                hidden = line.startswith("the thief took a card")
                assert hidden == (seat not in (thief, victim)), (seat, line)
                thefts += hidden
    assert digs and thefts


def test_a_tomb_keep_is_told_without_its_cards_to_the_others():
    seen = 0
    for game, state, move in _playout("expedition", 2, monument="tomb"):
        if str(move).startswith("keep ") and state.current_player() != CHANCE:
            actor = state.to_move
            for seat in range(state.num_players):
                line = game.describe_event(state, move, seat)
                assert ("card" in line.split(" from chamber")[0]) == (seat != actor), line
            seen += 1
    assert seen


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_engine_tells_its_game_in_words(game_id):
    game = load(game_id)
    players = game.default_players
    lines = events = 0
    last = None
    for game, state, move in _playout(game_id, 5, players=players):
        last = state
        if state.current_player() != CHANCE:
            seat = state.current_player()
            screen = game.describe_position(state, seat)
            assert screen and all(isinstance(line, str) and line for line in screen)
            assert "{" not in "".join(screen)  # words, not a JSON dump
            assert game.describe_decision(state, seat)
            lines += 1
        if game.describe_event(state, move, 0):
            events += 1
    assert lines and events
    # ``_playout`` plays on one state in place: ``last`` is where it stopped (the end, or
    # its move cap), played on to the end with the first decision
    while not last.is_terminal():
        last.apply(last.chance_outcomes()[0][0] if last.current_player() == CHANCE
                   else game.decisions(last)[0])
    result = game.describe_result(last, viewer=0)
    assert result and any(w in result[-1] for w in ("win", "the score is the result"))


def test_a_pyramids_seat_sees_the_cards_in_front_of_the_others_never_a_pending_choice():
    """The other seats' cards lie face up at the table: ``show`` draws them (it gave their
    score cards only). A seat's crossing waits in ``pending`` until every seat has chosen,
    so the screen of the seat after it is the same before and after that choice."""
    game = load("pyramids")
    for _, state, move in _playout("pyramids", 4, players=3):
        if state.current_player() == 0 and state.phase == "cross" and state.step >= 2:
            screen = game.describe_position(state, 1)
            for order, mask in zip(state.seats[0].hand, state.seats[0].masks):
                assert f"card {order} (" in "\n".join(screen)
            assert "seat 0's cards:" in screen and "seat 2's cards:" in screen
            after = state.clone()
            after.apply(move)  # seat 0's crossing, pending
            assert game.describe_position(after, 1) == screen
            return
    raise AssertionError("no crossing of seat 0 after the second expedition card")


# --- Archaeology positions made by hand --------------------------------------------------

def _archaeology(players=2, game_id="archaeology", data=None, **options):
    """A bare Archaeology position (empty hands, marketplace and dig site) of ``game_id``
    (with ``data``, or the bundled card data), seat 0 at its actions, and ``give(seat,
    **cards)`` to fill hands."""
    game = load(game_id, data=data, **options)
    state = game.new_initial_state(seed=0, players=players)
    T = state.rules.treasures
    state.hands[:] = [0] * (players * T)
    state.hand_sizes[:] = [0] * players
    state.market[:] = [0] * T
    state.dig[:] = []
    state.turn = state.to_move = 0
    state.phase = P_ACTION
    index = state.rules.cards.index

    def give(seat, **cards):
        for name, n in cards.items():
            state.hands[seat * T + index[name]] += n
            state.hand_sizes[seat] += n

    return game, state, give


def test_the_forced_sale_is_asked_only_until_a_set_is_sold():
    """With the dig site empty and every other seat passed since the seat's pass, the seat
    must sell: said until it has sold (it was said after the sale too)."""
    game, state, give = _archaeology()
    give(0, coin=2)
    give(1, pot_shard=1)
    state.no_dig = True
    for text in ("end", "end"):  # seat 0 passes, then seat 1
        state.apply(game.parse_move(state, text))
    assert state.must_sell and state.to_move == 0
    assert "sell at least one set" in game.describe_decision(state, 0)
    state.apply(game.parse_move(state, "sell coin 1"))
    asks = game.describe_decision(state, 0)
    assert "sell at least one set" not in asks and "then end your turn" in asks


@pytest.mark.parametrize("game_id, options, tent", [
    ("archaeology", {}, False), ("expedition", {"monument": "temple"}, True),
    ("expedition", {"monument": "buried_ruins", "variant": ["fierce-weather"]}, True)])
def test_a_sandstorm_is_told_with_the_tents_where_the_edition_has_them(game_id, options,
                                                                      tent):
    """The New Expedition's seats may shelter in a tent (rulebook, "Playing your Tent
    card"): the sandstorm's words say so there (they said everyone loses half), and only
    there."""
    game, state, _ = _archaeology(game_id=game_id, **options)
    storm = state.rules.dig_moves[state.rules.sandstorm]
    line = game.describe_event(state, storm, 1)
    assert line.startswith("seat 0 dug up a sandstorm: everyone with 2 cards or more")
    assert ("who does not shelter in a tent" in line) == tent


def test_a_tent_decision_is_told_with_the_seats_own_tent_and_hand():
    """It said "you kept the tent and will discard half the hand", "seat 1 sheltered in
    the tent"."""
    from games.expedition import Move

    game, state, _ = _archaeology(game_id="expedition", monument="temple")
    use, keep = Move.from_text("tent use"), Move.from_text("tent keep")
    assert [game.describe_event(state, m, 0) for m in (use, keep)] == [
        "you sheltered in your tent", "you kept your tent and will discard half your hand"]
    names = ["seat 0 (greedy)", "you"]
    assert [game.describe_event(state, m, 1, names=names) for m in (use, keep)] == [
        "seat 0 (greedy) sheltered in its tent",
        "seat 0 (greedy) kept its tent and will discard half its hand"]


def test_an_events_cards_are_said_as_a_discards_are():
    """Event lines said their cards in two styles: a discard "a parchment scrap and a coin",
    a Tomb keep "1 coin, 1 talisman" (the table's counts); every event says them as the
    discard does."""
    from games.expedition import Move
    game, state, give = _archaeology(game_id="expedition", monument="tomb")
    state.exploring = 1
    events = [game.describe_event(state, Move.from_text(text), 0) for text in (
        "keep coin talisman", "trade coin coin for talisman", "discard parchment_scrap coin")]
    assert events == [
        "you kept a coin and a talisman from chamber B; the rest went back face down",
        "you traded 2 coins for a talisman",
        "you discarded a parchment scrap and a coin to the marketplace"]


def test_a_fierce_weather_tent_is_told_with_its_uses_left():
    """Fierce Weather (rulebook: a tent serves twice): the first shelter said "(it is used
    up)", "(the tent is used)" and left "tent ready"; each says the uses left after it,
    "used up" only on the last, and the table counts them ("tent ready (1 use left)")."""
    game, state, give = _archaeology(game_id="expedition", monument="temple",
                                     variant=["fierce-weather"])
    give(0, coin=4)
    give(1, coin=4)
    storm = state.rules.dig_moves[state.rules.sandstorm]
    told = []
    for _ in range(2):
        state.dig[:] = [state.rules.sandstorm]
        state.start_turn(0)
        state.apply(storm)
        assert state.phase == P_TENT and state.to_move == 1
        use = game.parse_move(state, "tent use")
        told.append((game.describe_decision(state, 1), game.describe(state, use),
                     game.describe_position(state, 1)[2]))
        state.apply(use)
        state.apply(game.parse_move(state, "tent use"))  # seat 0
    assert [asks.split(" or ")[0] for asks, _, _ in told] == [
        "sandstorm: shelter in your tent (1 use left after this)",
        "sandstorm: shelter in your tent (it is then used up)"]  # (not: gone already)
    assert [words for _, words, _ in told] == [
        "shelter in your tent from this sandstorm (1 use left after this)",
        "shelter in your tent from this sandstorm (the tent is used up)"]
    assert [money.split(", ")[-1] for _, _, money in told] == [
        "tent ready (2 uses left)", "tent ready (1 use left)"]
    assert game.describe_position(state, 1)[2].endswith(", tent used")
    # one tent of one use (no variant): "tent ready", used up at once
    game, state, give = _archaeology(game_id="expedition", monument="temple")
    give(0, coin=4)
    state.to_move, state.phase = 0, P_TENT
    assert game.describe_position(state, 0)[2].endswith(", tent ready")
    assert "(the tent is used up)" in game.describe(state, game.parse_move(state, "tent use"))


def test_a_bots_tent_is_its_own_in_the_move_words():
    """A bot's tent in a record of bots (the board's move words) read "keep your tent and
    discard half your hand", the reader's; "your" only for a seat called "you"."""
    game, state, give = _archaeology(game_id="expedition", monument="temple")
    give(0, coin=4)
    state.to_move, state.phase = 0, P_TENT
    use, keep = (game.parse_move(state, text) for text in ("tent use", "tent keep"))
    names = ["seat 0 (greedy)", "seat 1 (random)"]
    assert [game.describe(state, m, names=names) for m in (use, keep)] == [
        "shelter in seat 0 (greedy)'s tent from this sandstorm (the tent is used up)",
        "keep seat 0 (greedy)'s tent and discard half its hand"]
    names = ["you", "seat 1 (random)"]
    assert [game.describe(state, m, names=names) for m in (use, keep)] == [
        "shelter in your tent from this sandstorm (the tent is used up)",
        "keep your tent and discard half your hand"]


def test_the_sphinx_tells_every_seat_what_was_kept_and_what_went_back():
    """The Sphinx's five cards are drawn face up, so every seat sees which were kept and
    which went back: the last draw says so (it said only "the draw is over")."""
    game, state, give = _archaeology(game_id="expedition", monument="sphinx")
    give(0, map=1)
    index = state.rules.cards.index
    state.chambers = [tuple(sorted(index[c] for c in ("pot_shard", "pot_shard", "coin", "coin",
                                                       "talisman", "broken_cup")))]
    state.draw_rolls = [0] * 5  # each draw the first card left: pot, pot, coin, coin, cup
    for text in ("explore A", "name coin talisman"):
        state.apply(game.parse_move(state, text))
    while state.drawn != tuple(index[c] for c in ("pot_shard", "pot_shard", "coin", "coin")):
        state.apply(state.chance_outcomes()[0][0])
    last = state.chance_outcomes()[0][0]
    told = [game.describe_event(state, last, seat) for seat in (0, 1)]
    outcome = ("the draw is over: {} took 2 coins; 2 pot shards and a broken cup went back into "
               "chamber A face down")
    assert told == [f"a broken cup came up face up; {outcome.format('you')}",
                    f"a broken cup came up face up; {outcome.format('seat 0')}"]


@pytest.mark.parametrize("victim_cards, told", [
    (0, "seat 0 dug up a thief: no other seat holds a card, so it steals nothing"),
    (1, "seat 0 dug up a thief")])
def test_a_thief_with_nothing_to_steal_says_so(victim_cards, told):
    """A thief finds no card when every other seat's hand is empty: the dig says so (the
    turn went on to "ended the turn" with no word of the thief's)."""
    game, state, give = _archaeology(players=3)
    give(0, coin=2)
    give(2, coin=victim_cards)
    thief = state.rules.dig_moves[state.rules.thief]
    assert game.describe_event(state, thief, 1) == told


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_an_empty_hand_is_said_so(game_id):
    """A seat with no card was told "you hold 0 cards: nothing"."""
    game, state, give = _archaeology(game_id=game_id)
    give(1, coin=1)
    assert game.describe_position(state, 0)[1] == "your hand is empty"
    named = game.describe_position(state, 0, names=["seat 0 (greedy)", "you"])
    assert named[1] == "seat 0 (greedy)'s hand is empty"
    assert game.describe_position(state, 1)[1] == "you hold 1 card: 1 coin"


def test_the_pyramids_step_that_resolves_tells_every_seats_choice():
    """At the table every seat's crossing shows once all have chosen; the words of the
    other seats' crossings were never told ("seat 1 chose, unseen", then nothing), nor
    which crossing completed a card."""
    game = load("pyramids")
    told = completed = 0
    for _, state, move in _playout("pyramids", 6, players=3):
        if state.current_player() == 2 and state.phase == "cross":
            words = game.describe_event(state, move, 0)
            # (the reader's own choice is not told again: "you: card 12 ..." was said as
            # it was made and again in the reveal)
            assert words.startswith("seat 2 chose; all have chosen: seat 1")
            assert "seat 1: " in words and "seat 2: " in words or "passed" in words
            revealed = words.split("all have chosen: ")[1]
            assert not re.search(r"\byou(:| kept| passed)", revealed), words
            # the last seat's own: said once, before the others'
            last = game.describe_event(state, move, 2)
            assert re.match(r"you(:| kept| passed).*; all have chosen: seat 0", last), last
            assert not re.search(r"\byou(:| kept| passed)", last.split("all have chosen")[1])
            told += 1
            completed += "(completes card " in words
        elif state.current_player() == 1 and state.phase in ("cross", "keep"):
            assert game.describe_event(state, move, 0) == \
                "seat 1 chose (told when every seat has chosen)"
    assert told > 10 and completed


def test_a_refusal_said_to_the_mover_is_said_of_another_seat():
    """``said_of``: the tracker gives another seat's refused move the engine's reason,
    which speaks to the seat to move ("you have no room in front of you", said of seat 2's
    move), said of that seat."""
    from games.table import said_of
    assert said_of("you have no room in front of you: with none you must loot", "seat 2") == \
        "seat 2 has no room in front of it: with none it must loot"
    assert said_of("you cannot awaken yourself", "seat 1") == "seat 1 cannot awaken itself"
    assert said_of("map 3 is not in your pack; your hand holds 2", "seat 1") == \
        "map 3 is not in seat 1's pack; its hand holds 2"
    assert said_of("card 4 is not in front of you (yours: 3, 7)", "seat 3") == \
        "card 4 is not in front of seat 3 (seat 3's: 3, 7)"
    assert said_of("the Werewolf drew you keep", "seat 1") == "the Werewolf drew seat 1 keeps"
    assert said_of("deck 1 is empty", "seat 1") == "deck 1 is empty"


def test_a_refusal_that_names_your_seat_says_you():
    """``said_to``: a refusal of another seat's move that names the reader's own seat
    ("seat 0 has no room in front of it", of seat 1's ``awaken 0``) says "you"."""
    from games.table import said_to
    assert said_to("seat 0 has no room in front of it", 0) == "you have no room in front of you"
    assert said_to("seat 0 is out; seat 1 has no room in front of it", 0) == \
        "you are out; seat 1 has no room in front of it"
    assert said_to("keep 2 of seat 0's 4 dealt cards (seat 0's: 3)", 0) == \
        "keep 2 of your 4 dealt cards (yours: 3)"
    assert said_to("seat 10 has no room in front of it", 1) == \
        "seat 10 has no room in front of it"


@pytest.mark.parametrize("game_id", ["archaeology", "lootnrun", "ancients", "pyramids"])
def test_every_verb_a_refusal_puts_after_you_has_its_third_person(game_id):
    """Each ``why_illegal`` (and its ``_why`` helpers), read for "you <word>": the word is a
    verb ``said_of`` knows, or one of the words these refusals put after "you" as an object
    (a refusal with a new verb would be said of another seat as "seat 2 lack")."""
    import ast
    import re
    from pathlib import Path

    import games
    from games.table import SECOND_PERSON_VERBS
    objects = {"rooms", "to"}  # ("the Werewolf drew you rooms", "in front of you to awaken")
    # the module's text, not inspect.getsource: a compiled build's functions have none
    text = (Path(games.__file__).parent / game_id / "moves.py").read_text(encoding="utf-8")
    source = "".join(ast.get_source_segment(text, node) or ""
                     for node in ast.parse(text).body if isinstance(node, ast.FunctionDef)
                     and (node.name == "why_illegal" or node.name.startswith("_why")))
    # (docstrings and comments too: a word there is at worst one more to list)
    words = set(re.findall(r"\byou\s+([a-z]+)", source))
    assert "why_illegal" in source
    assert words <= set(SECOND_PERSON_VERBS) | objects, words - set(SECOND_PERSON_VERBS)


# --- counts and the cards named (a pass's words) ----------------------------------------

def _edited_data(game_id, old, new):
    import cards_data
    text = cards_data.bundled_text(game_id)
    assert old in text
    return cards_data.load_text(text.replace(old, new, 1), source="mine.toml")


@pytest.mark.parametrize("deal, returned", [
    (3, "the other goes back into the deck"), (2, "none go back"),
    (4, "the others go back into the deck")])
def test_a_pyramids_keep_says_how_many_cards_go_back(deal, returned):
    # a file dealing 3 said "keep 2 of the 3 cards you were dealt; the others go back" and
    # each option "the other dealt cards go back": one goes back
    data = _edited_data("pyramids", "deal = 4", f"deal = {deal}")
    game = load("pyramids", data=data)
    state = game.new_initial_state(seed=1, players=2)
    assert game.describe_decision(state, 0) == (
        f"keep 2 of the {deal} cards you were dealt; {returned}")
    for move in game.decisions(state):
        assert game.describe(state, move).endswith(f"; {returned}")


def test_a_pyramids_take_names_the_completed_card_it_replaces():
    # "replace your completed card by display card 11", in play, review and the board,
    # whichever seat took and whichever of its two cards it replaced
    game = load("pyramids")
    seen = 0
    for _, state, move in _playout("pyramids", 6, players=3):
        if state.phase == "take" and state.current_player() != CHANCE:
            replaced = state.takes[0][0]
            words = game.describe(state, move)
            assert words.startswith(f"replace completed card {replaced} by "), words
            assert "your" not in words
            seen += 1
    assert seen > 3


def test_a_pyramids_table_says_the_completed_colours_and_the_pyramid_points_left():
    """A score card listed its completed cards by number, "(33, 11, 3, 43)", though the
    pyramid points come at a colour's 2nd, 4th and 6th card, and no screen said which
    pyramid points boxes were still to win (crossed or blacked out on every score card at
    the table): the completed cards are grouped by colour, and at 2 or more players a
    line says the boxes left of each colour."""
    game = load("pyramids")
    seen = 0
    for _, state, _ in _playout("pyramids", 4, players=3):
        if state.current_player() == CHANCE:
            continue
        screen = game.describe_position(state, 0)
        colours = state.rules.colours
        for seat in range(3):
            done = state.seats[seat].completed
            line = next(x for x in screen
                        if x.startswith(f"seat {seat}: " if seat else "your score card: "))
            grouped = "; ".join(f"{c} {', '.join(str(o) for o in done if colours[o] == c)}"
                                for c in ("green", "orange", "purple")
                                if any(colours[o] == c for o in done))
            assert (f" completed ({grouped})" if done else " 0 cards completed;") in line
        left = {c: [10, 6, 3][state.tiers[c]:] for c in ("green", "orange", "purple")}
        assert (f"pyramid points still to win (at a colour's 2nd, 4th, 6th completed card): "
                + "; ".join(f"{c} {', '.join(map(str, p)) or 'none'}" for c, p in left.items())
                ) in screen
        seen += sum(map(len, left.values())) < 9
    assert seen > 0, "no pyramid points were ever won: the test proves nothing"
    solo = game.new_initial_state(seed=4, players=1)
    solo.apply(game.decisions(solo)[0])
    assert not any("still to win" in line for line in game.describe_position(solo, 0))


def test_a_crossing_completing_two_cards_says_them_in_one_bracket():
    # it said "(completes card 5: 10 points) (completes card 43: 10 points)"
    from games.pyramids.moves import Cross
    from games.pyramids.table import _chosen

    game = load("pyramids")
    state = game.new_initial_state(seed=1, players=2)
    data = state.rules.data
    a, b = data.card(5), data.card(43)
    two = Cross(5, 1 << a.tomb, ((43, b.tomb),))
    assert _chosen(state, two, "you").endswith(
        f" (completes cards 5 and 43: {data.card_points} points each)")
    one = Cross(5, 1 << a.tomb, ())
    assert _chosen(state, one, "you").endswith(
        f" (completes card 5: {data.card_points} points)")


def test_the_sphinx_naming_one_type_keeps_those_of_the_named_type():
    from games.notation import notation_of

    data = _edited_data("expedition", "params = { names = 2, draw = 5 }",
                        "params = { names = 1, draw = 5 }")
    forms = " ".join(f["meaning"] for f in notation_of("expedition", data)["forms"])
    assert "name 1 type, draw 5 cards face up, keep those of the named type" in forms
    assert "named types" not in forms
    game, state, give = _archaeology(game_id="expedition", data=data, monument="sphinx")
    give(0, map=1)
    state.apply(game.parse_move(state, "explore A"))
    said = game.describe_decision(state, 0)
    assert said.startswith("the Sphinx: name 1 type; 5 cards are drawn face up")
    assert said.endswith("you keep those of the named type")
    assert game.describe(state, game.parse_move(state, "name coin")) == \
        "name coins: the cards drawn of this type are yours"


def test_loot_n_run_shows_each_face_up_room_once_and_the_discard_by_its_faces():
    """`show` at a Loot N Run table: a seat's own rooms a line each (not again after the
    summary), the discard pile by what the rooms show (never by the ids no room prints)."""
    seen_own = seen_discard = 0
    for game, state, _ in _playout("lootnrun", 3):
        if state.current_player() == CHANCE:
            continue
        lines = game.describe_position(state, 0)
        text = "\n".join(lines)
        assert ", ids " not in text
        for room in state.discard:
            assert f"  {lootnrun_table.room_words(state.rules, room)}" in lines
        for room in state.fronts[0]:
            assert text.count(lootnrun_table.room_words(state.rules, room)) == 1, text
        for line in lines:
            if line.startswith("in front of seat 1: 1 room"):
                assert ", back " in line
        seen_own += bool(state.fronts[0])
        seen_discard += bool(state.discard)
    assert seen_own and seen_discard


def test_another_seats_ancients_purchase_is_said_of_that_seat():
    """A Tomb of the Ancients purchase of another seat (a bot's in ``play``, a seat's in
    ``track``) said "seat 1 (greedy): buy map 3 ..., discard map 26 from your pack": the
    pack is that seat's ("from its pack"); the reader's own is still "your"."""
    import re

    said = set()
    for seed in range(6):
        for game, state, move in _playout("ancients", seed, players=3):
            mover = state.current_player()
            if mover == CHANCE or not str(move).startswith("market"):
                continue
            names = ["you" if p == 0 else f"seat {p} (greedy)" for p in range(3)]
            for viewer, named in ((mover, None), ((mover + 1) % 3, None), (0, names)):
                words = game.describe_event(state, move, viewer, names=named)
                if " discard " in words:
                    said.add((mover == viewer or named is not None and mover == 0,
                              words.split(" from ")[-1]))
                if mover != viewer and not (named is not None and mover == 0):
                    assert not re.search(r"\byou(r|rs)?\b", words), words
    assert said == {(True, "your pack"), (False, "its pack")}, said


def test_an_empty_buried_ruins_reserve_is_said_empty():
    """Once the reserve of the Buried Ruins ran out, the table said "the reserve: 0 cards
    face down", as if a sandstorm still fed the chambers: it says the reserve is empty
    and that no more cards come (until then it counts the cards)."""
    said = {}
    for game, state, _ in _playout("expedition", 8, 3, monument="buried_ruins"):
        if state.current_player() == CHANCE:
            continue
        lines = [line for line in game.describe_position(state, state.current_player())
                 if "the reserve:" in line]
        said[len(getattr(state, "reserve"))] = lines
    assert said[0] == ["  the reserve: empty, a sandstorm adds no more cards to the chambers"]
    assert said[max(said)] == [f"  the reserve: {max(said)} cards face down"]
