"""Moves in words: every engine's optional ``describe`` and ``NOTATION`` (games.protocol),
checked on seeded playouts of every engine that has them, and the exact words of the
forms the issue named (issue 12)."""

from __future__ import annotations

import random

import pytest

import cards_data
from games import registry
from games.errors import InvalidMoveError
from games.notation import notation_forms, notation_of
from games.protocol import CHANCE, options_of

ENGINES = [info.id for info in registry.GAMES.values() if registry.has_engine(info.id)]
DESCRIBED = [game for game in ENGINES if hasattr(registry.engine(game), "describe")]


@pytest.mark.parametrize("game", DESCRIBED)
def test_every_move_of_a_playout_has_words(game):
    engine = registry.engine(game)
    data = cards_data.load(game)
    players = registry.get(game).player_counts[-1]
    state = engine.state_from_deal(engine.make_deal(players=players, seed=5, data=data), data)
    rng = random.Random(5)
    said = set()
    while not state.is_terminal():
        options = options_of(state)
        for move in options[:40]:
            words = engine.describe(state, move)
            assert isinstance(words, str) and words.strip(), (game, str(move))
            said.add((type(move).__name__, getattr(move, "kind", None)))
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
        else:
            state.apply(options[rng.randrange(len(options))])
    assert len(said) >= 3, said
    with pytest.raises(InvalidMoveError):
        engine.describe(state, object())


@pytest.mark.parametrize("game", [g for g in ENGINES if hasattr(registry.engine(g), "NOTATION")])
def test_each_notation_form_is_real_move_text(game):
    engine = registry.engine(game)
    for text, meaning in notation_forms(engine, cards_data.load(game)):
        assert meaning.strip()
        if meaning.startswith("hints only"):
            continue
        for form in text.split(" / "):
            engine.parse_text(form)  # raises InvalidMoveError if the form is not move text


def test_pyramids_words_explain_the_red_cross_extra():
    from games.pyramids import Cross, describe

    assert describe(None, Cross.from_text("3:A5 +3:B5")) == (
        "card 3: cross A5; red cross: also B5 on card 3")
    data = cards_data.load("pyramids")
    from games.pyramids import example_view, state_from_view

    state, _ = state_from_view(example_view(data), data, 0)
    assert state.shape == "I3"
    assert describe(state, Cross.from_text("3:A5 +3:B5")) == (
        "card 3: cross the single box A5 (any 1 box, instead of the pattern); red cross: "
        "also B5 on card 3")
    assert describe(state, Cross.from_text("8:A1,A2,A3")) == (
        "card 8: cross A1, A2, A3 (the I3 pattern)")


def test_ancients_words_name_rotation_map_shop_and_price():
    from games.ancients import Market, describe, example_view, parse_text, state_from_view

    data = cards_data.load("ancients")
    state, _ = state_from_view(example_view(data), data, 0)
    assert describe(state, parse_text("find 7 90 at A1")) == (
        "find map 7 (Forgotten Obelisk, 5 points) at A1 (rotated 90° clockwise)")
    assert describe(state, parse_text("find 7 0 at A1")).endswith("at A1 (not rotated)")
    card = state.shop_card(2)
    name = state.rules.maps[card].name
    assert describe(state, Market(buy=2)) == (
        f"buy map {card} ({name}, {state.rules.maps[card].points} points) from the $2 shop "
        "for $2")


def test_ancients_dig_words_list_every_find():
    from solvers.ancients.turn import Dig

    from games.ancients import describe, parse_text

    dig = Dig((parse_text("find 7 0 at A1"), parse_text("find 33 90 at A2")), 14, 1)
    assert describe(None, dig) == ("dig: map 7 at A1 (not rotated), map 33 at A2 (rotated "
                                   "90° clockwise): 14 points for 1 sand token")


@pytest.mark.parametrize("game", ENGINES)
def test_notation_of_lists_forms_and_example_moves(game):
    data = cards_data.load(game)
    result = notation_of(game, data)
    assert result["game"] == game and result["examples"]
    engine = registry.engine(game)
    assert len(result["forms"]) == len(getattr(engine, "NOTATION", ()))
    state, _ = engine.state_from_view(engine.example_view(data), data, 0)
    for example in result["examples"]:
        assert str(engine.parse_move(state, example["move"])) == example["move"]
        assert (example["words"] is None) == (not hasattr(engine, "describe"))


@pytest.mark.parametrize("game", ["archaeology", "expedition"])
def test_a_move_with_the_wrong_words_after_its_verb_is_told_its_form(game):
    """``sell 29 buy $3`` (the Ancients' market visit, typed at Archaeology) was refused
    with "expected 2 argument(s) after 'sell'": the refusal says the form, with an example
    that is itself a move of the edition."""
    import re

    from games.archaeology.moves import KIND_NAMES
    engine = registry.engine(game)
    with pytest.raises(InvalidMoveError, match=r"^move 'sell 29 buy \$3': a sale is 'sell CARD "
                                               r"N', the card and how many \(sell coin 2\)$"):
        engine.parse_text("sell 29 buy $3")
    verbs = {"archaeology": ("dig", "steal", "stolen", "take", "give", "explore", "sell",
                             "end"),
             "expedition": ("dig", "steal", "stolen", "take", "give", "explore", "sell", "end",
                            "tent", "look", "draw", "stop", "reveal", "refill")}[game]
    for verb in verbs:
        with pytest.raises(InvalidMoveError) as refused:
            engine.parse_text(f"{verb} 1 2 3")
        said = str(refused.value)
        assert "(s)" not in said and "argument" not in said, said
        example = re.search(r"\(([a-z]+ [^()]*)\)$", said)
        if example:  # (the verbs written alone have none)
            assert engine.parse_text(example.group(1)).kind == KIND_NAMES.index(verb), said


@pytest.mark.parametrize("game, edit, said", [
    ("pyramids", ("deal = 4", "deal = 5"), "of the 5 dealt to you; the other 3 go back"),
    ("archaeology", ("chambers = [{ size = 3, maps = 1 }, { size = 5, maps = 2 }, { size = 7, "
                     "maps = 3 }]", "chambers = [{ size = 2, maps = 1 }, { size = 4, maps = 2 "
                                    "}, { size = 6, maps = 3 }]"), "(2, 4, 6: 1, 2, 3 maps)"),
    ("expedition", ("params = { keep = 2 }", "params = { keep = 3 }"),
     "the Tomb: keep these 3 cards"),
    ("expedition", ("params = { names = 2, draw = 5 }", "params = { names = 3, draw = 6 }"),
     "name 3 types, draw 6 cards"),
    ("ancients", ("shops = [4, 3, 2, 1]", "shops = [5, 3, 2, 1]"), "buy the map in the $5 shop"),
])
def test_notation_says_the_counts_of_the_card_data_it_is_given(game, edit, said):
    """``notation GAME --cards FILE`` said the bundled data's counts (4 dealt, chambers of
    3, 5 and 7, the Tomb's 2) whatever the file said."""
    text = cards_data.bundled_text(game)
    assert edit[0] in text
    data = cards_data.load_text(text.replace(edit[0], edit[1]), source="mine.toml")
    meanings = " ".join(form["meaning"] for form in notation_of(game, data)["forms"])
    assert said in meanings
    bundled = notation_of(game, cards_data.load(game))["forms"]
    assert said not in " ".join(form["meaning"] for form in bundled)
    engine = registry.engine(game)
    for text, _ in notation_forms(engine, data):  # the forms read as moves too
        for form in text.split(" / "):
            if not form.startswith("dig "):
                engine.parse_text(form)


def test_pyramids_notation_says_each_expedition_pattern_in_words():
    """The reveal form said "the next expedition card (its pattern)" and no screen told
    which picture "O4" or "T4" names: at `track`'s prompt a player who saw a square typed
    "square" and was refused with the names alone. The notation names each pattern of the
    card data's expedition deck in words, in the order of ``grids.polyomino.SHAPES``."""
    data = cards_data.load("pyramids")
    reveal = next(f["meaning"] for f in notation_of("pyramids", data)["forms"]
                  if f["text"] == "reveal I3")
    assert reveal.endswith(
        "named by its pattern: domino (2 boxes in a line), I3 (3 in a line), L3 (3 in an "
        "L), T4 (4 in a T), L4 (4 in an L), O4 (4 in a square)"), reveal
    text = cards_data.bundled_text("pyramids")
    old = 'deck = ["domino", "I3", "I3", "L3", "L3", "T4", "L4", "O4"]'
    assert old in text
    squares = "deck = [" + ", ".join(['"O4"'] * 8) + "]"
    mine = cards_data.load_text(text.replace(old, squares), source="mine.toml")
    assert [f["meaning"] for f in notation_of("pyramids", mine)["forms"]
            if f["text"] == "reveal I3"][0].endswith("pattern: O4 (4 in a square)")


def test_a_sandstorm_discard_and_a_mine_draw_say_what_the_choice_turns_on():
    """"sandstorm: discard 1 pot shard to the marketplace" was the whole of a hint row with
    3 cards owed (a seat read it as its whole discard), and "draw one more card face up"
    said nothing of the Mine's bust: each says it now."""
    from games.archaeology.rules import P_MINE, P_STORM
    from games.archaeology.moves import DISCARD, DRAW
    told = set()
    for game, monument in (("archaeology", None), ("expedition", "mine")):
        engine = registry.engine(game)
        data = cards_data.load(game)
        deal = {"monument": monument} if monument else {}
        for seed in range(30):
            state = engine.state_from_deal(engine.make_deal(players=2, seed=seed, data=data,
                                                            **deal), data)
            rng = random.Random(seed)
            while not state.is_terminal() and len(told) < 3:
                if state.current_player() == CHANCE:
                    state.apply(state.chance_outcomes()[0][0])
                    continue
                moves = state.legal_moves()
                for move in moves:
                    words = engine.describe(state, move)
                    if state.phase == P_STORM and move.kind == DISCARD:
                        owed = state.storm_left
                        assert words.endswith(f" (1 of the {owed} cards you still owe)"
                                              if owed > 1 else " to the marketplace"), words
                        # a seat named otherwise owes them, not the reader (a bot's
                        # discard in a record of bots said "the 2 cards you still owe")
                        names = [f"seat {k} (greedy)" for k in range(2)]
                        named = engine.describe(state, move, names=names)
                        seat = state.current_player()
                        assert named.endswith(f" (1 of the {owed} cards seat {seat} (greedy)"
                                              f" still owes)" if owed > 1
                                              else " to the marketplace"), named
                        told.add("storm, more owed" if owed > 1 else "storm, the last")
                    if state.phase == P_MINE and move.kind == DRAW:
                        worth = sum(state.rules.trade[c] for c in state.drawn)
                        assert words == (f"draw one more card face up (those drawn are "
                                         f"worth {worth} in trade; all go back if it "
                                         f"passes 5)"), words
                        told.add("mine")
                state.apply(moves[rng.randrange(len(moves))])
    assert told == {"storm, more owed", "storm, the last", "mine"}, told
