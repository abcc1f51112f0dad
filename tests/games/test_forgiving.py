"""Forgiving move text (issue 19 §4, ``games.forgiving``): each accepted form of each game
reads as its canonical move, a close miss gets one suggestion, ambiguity is refused."""

from __future__ import annotations

import pytest

import cards_data
from cli.main import main
from games import registry
from games.errors import IllegalMoveError, InvalidMoveError
from games.forgiving import PLAIN, normalise, read, spoken, suggest
from games.table import card_names
from games.notation import notation_of

ENGINES = [g for g in registry.GAME_IDS if registry.has_engine(g)]


def _example(game: str):
    engine, data = registry.engine(game), cards_data.load(game)
    state, _ = engine.state_from_view(engine.example_view(data), data, 0)
    return engine, state


#: (game, typed, the canonical move it reads as), each legal in the example position.
ACCEPTED = [
    ("archaeology", "Sell 2 Coins", "sell coin 2"),
    ("archaeology", "sell coins 2", "sell coin 2"),
    ("archaeology", "SELL COIN 2", "sell coin 2"),
    ("archaeology", "sell 2 parchment scraps", "sell parchment_scrap 2"),
    ("archaeology", "sell Parchment_Scraps 2", "sell parchment_scrap 2"),
    ("archaeology", "Sell 1 Pharaoh's Mask", "sell pharaohs_mask 1"),
    # without the apostrophe: "pharaoh mask" read "pharaoh" as no card and "mask" alone
    ("archaeology", "sell 1 pharaoh mask", "sell pharaohs_mask 1"),
    ("archaeology", "sell pharaoh 1", "sell pharaohs_mask 1"),
    ("archaeology", "take  Coin ", "take coin"),
    ("archaeology", "take pot shard", "take pot_shard"),
    ("archaeology", "take shard", "take pot_shard"),  # one card has the word
    ("archaeology", "sell broken 1", "sell broken_cup 1"),  # one card in 2007
    ("archaeology", "trade 2 coins for talisman", "trade coin coin for talisman"),
    ("archaeology", "Trade Coin Coin for TALISMANS", "trade coin coin for talisman"),
    ("archaeology", "END", "end"),
    ("expedition", "Take Coins", "take coin"),
    ("expedition", "sell 2 pot shards", "sell pot_shard 2"),
    ("expedition", "TAKE MAPS", "take map"),
    ("lootnrun", "LOOT 1", "loot 1"),
    ("lootnrun", "loot deck 1", "loot 1"),
    ("lootnrun", "loot from deck 0", "loot 0"),
    ("lootnrun", "Awaken Seat 1", "awaken 1"),
    ("lootnrun", "Run", "run"),
    ("ancients", "FIND 7 0 AT a1", "find 7 0 at A1"),
    ("ancients", "Market Buy 3", "market buy 3"),
    ("ancients", "sand b c1", "sand B C1"),
    ("pyramids", "8: a1, a2, a3", "8:A1,A2,A3"),
    ("pyramids", "8:a1", "8:A1"),
    ("pyramids", "3:a5+8:a1", "3:A5 +8:A1"),
    ("pyramids", "3:A5,b5 , C5 + 8:A1", "3:A5,B5,C5 +8:A1"),
    # a list's commas as spaces, and a find's turn left out where one turn fits: each was
    # refused with a "did you mean" naming the very move
    ("pyramids", "8: a1 a2 a3", "8:A1,A2,A3"),
    ("pyramids", "3:a5 b5 c5 +8:a1", "3:A5,B5,C5 +8:A1"),
    ("ancients", "find 7 at a1", "find 7 0 at A1"),
]


@pytest.mark.parametrize("game, typed, canonical", ACCEPTED)
def test_accepted_forms_read_as_the_canonical_move(game, typed, canonical):
    engine, state = _example(game)
    assert str(engine.parse_move(state, typed)) == canonical
    assert engine.parse_move(state, typed) == engine.parse_move(state, canonical)


@pytest.mark.parametrize("game", ENGINES)
def test_every_listed_form_reads_as_its_canonical_text(game):
    """The examples ``digsite notation`` lists: each reads as the text it claims."""
    engine = registry.engine(game)
    examples = engine.FORMS.examples
    assert examples, f"{game} lists no accepted form"
    for typed, reads in examples:
        canonical = engine.parse_text(reads)
        got = read(typed, engine.parse_text, engine.FORMS, lambda: [canonical])
        assert got == canonical and str(got) == reads, (typed, reads)


#: (game, typed, the one suggestion): text no form reads, a close miss of a legal move.
SUGGESTED = [
    ("archaeology", "sel coin 2", "sell coin 2"),
    ("archaeology", "sell coinz 2", "sell coin 2"),
    ("lootnrun", "lot 1", "loot 1"),
    ("ancients", "find 7 0 a1", "find 7 0 at A1"),
    ("pyramids", "8:A1;A2;A3", "8:A1,A2,A3"),
]


@pytest.mark.parametrize("game, typed, suggestion", SUGGESTED)
def test_a_close_miss_gets_one_suggestion(game, typed, suggestion):
    engine, state = _example(game)
    with pytest.raises(InvalidMoveError) as error:
        engine.parse_move(state, typed)
    message = str(error.value)
    assert message.endswith(f"; did you mean `{suggestion}`?"), message
    assert message.count("did you mean") == 1


def test_text_far_from_every_move_gets_no_suggestion():
    engine, state = _example("lootnrun")
    with pytest.raises(InvalidMoveError) as error:
        engine.parse_move(state, "xyzzy plugh")
    assert "did you mean" not in str(error.value)


@pytest.mark.parametrize("typed, suggestion", [
    ("rst", None), ("rset", None),
    ("rest snd", "rest sand"), ("rset money", "rest money"), ("market by 3", "market buy 3"),
])
def test_a_verb_of_several_moves_is_suggested_none_of_them(typed, suggestion):
    """'rst' was asked "did you mean `rest sand`?": of the two rests the one nearer in
    spelling to 'rest' alone, as 'rest' typed asks which. A suggestion chooses the words
    after the verb only where the typed words are a close miss of them."""
    engine, state = _example("ancients")
    with pytest.raises(InvalidMoveError) as error:
        engine.parse_move(state, typed)
    assert error.value.suggestion == suggestion, str(error.value)


def test_a_word_several_cards_share_is_refused_naming_them():
    """``broken`` is the broken cup, tablet and pendant of The New Expedition: refused,
    never guessed (in the 2007 game only the cup has it, and it is read)."""
    engine, state = _example("expedition")
    with pytest.raises(InvalidMoveError, match="'broken' could be broken_cup, broken_tablet "
                                               "or broken_pendant; write the whole name"):
        engine.parse_move(state, "sell broken 1")
    with pytest.raises(InvalidMoveError, match="could be"):
        engine.parse_move(state, "trade coin for broken")


def test_two_equally_close_choices_are_no_suggestion():
    assert suggest("ab", ["ac", "ad"]) is None
    assert suggest("archeology", registry.GAME_IDS) == "archaeology"


def test_a_forgiven_move_is_still_checked_legal():
    engine, state = _example("archaeology")
    with pytest.raises(IllegalMoveError, match="not legal here"):
        engine.parse_move(state, "Sell 3 Coins")
    with pytest.raises(IllegalMoveError, match="trade value"):
        engine.parse_move(state, "trade 1 coin for talisman")


def test_counts_are_bounded():
    forms = registry.engine("archaeology").FORMS
    with pytest.raises(InvalidMoveError, match="copies"):
        normalise("trade 99999999999 coins for talisman", forms)
    with pytest.raises(InvalidMoveError, match="copies"):
        normalise("trade 0 coins for talisman", forms)


@pytest.mark.parametrize("typed, said", [
    ("discard 0 coins", "move 'discard 0 coins': '0' copies of a card are none: a count is 1 "
                        "or more"),
    ("discard 99 coins", "move 'discard 99 coins': '99' copies of a card are more than the "
                         "game has (a count is 1 to 30)"),
    ("trade 99999999999999 coins for talisman", "move 'trade 99999999999999 coins for "
     "talisman': '999999999999' copies of a card are more than the game has (a count is 1 "
     "to 30)"),
])
def test_a_count_out_of_bounds_says_what_is_wrong_with_it(typed, said):
    """A count of a card out of bounds said only "'99' copies of a card", and the player
    was left to guess what was wrong (door30a, at a sandstorm's discard)."""
    with pytest.raises(InvalidMoveError) as caught:
        normalise(typed, registry.engine("archaeology").FORMS)
    assert str(caught.value) == said


def test_plain_forms_change_only_case():
    assert normalise("Keep 3,17", PLAIN) == "keep 3,17"


def test_notation_lists_the_accepted_forms(capsys):
    result = notation_of("archaeology", cards_data.load("archaeology"))
    assert {"typed": "Sell 2 Coins", "reads": "sell coin 2"} in result["accepted"]["examples"]
    assert main(["notation", "archaeology"]) == 0
    out = capsys.readouterr().out
    assert "also accepted:" in out and "sell: the number and the card in either order" in out
    assert "Sell 2 Coins" in out


def test_game_ids_monuments_and_variants_get_a_suggestion(capsys):
    assert main(["notation", "archeology"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1
    assert err.rstrip().endswith("did you mean `archaeology`?")
    assert main(["deal", "expedition", "--seed", "1", "--monument", "templ"]) == 2
    assert capsys.readouterr().err.rstrip().endswith("did you mean `temple`?")
    assert main(["deal", "expedition", "--seed", "1", "--variant", "fierce"]) == 2
    assert capsys.readouterr().err.rstrip().endswith("did you mean `fierce-weather`?")
    with pytest.raises(registry.UnknownGameError, match="did you mean `lootnrun`"):
        registry.get("lootrun")


def test_a_filler_does_not_hide_the_refusal_of_its_argument():
    """'loot deck 2' was "not a Loot N Run move" where 'loot 2' says there is no deck 2;
    a bare 'explore chamber' is still refused as typed."""
    engine, state = _example("lootnrun")
    with pytest.raises(InvalidMoveError, match=r"^move 'loot deck 2': there is no deck 2 "
                                               r"\(decks 0 and 1\)"):
        engine.parse_move(state, "loot deck 2")
    engine, state = _example("archaeology")
    with pytest.raises(InvalidMoveError, match=r"^move 'explore chamber': a chamber is named "
                                               r"by its size, explore 3, "):
        engine.parse_move(state, "explore chamber")


@pytest.mark.parametrize("game", ["archaeology", "expedition"])
def test_a_suggestion_is_kept_apart_and_reads_back_in_a_players_words(game):
    """A screen says the suggestion in its own words ("sell pot shard 1", not the engine's
    "sell pot_shard 1"): the error keeps it apart from the refusal (``said``), its message
    as before, and every move in those words reads as the move."""
    engine, state = _example(game)
    sale = next(str(m) for m in state.legal_moves() if str(m).startswith("sell "))
    with pytest.raises(InvalidMoveError) as error:
        engine.parse_move(state, sale[1:])  # ('ell coin 2')
    assert error.value.suggestion == sale
    # (the decision's verbs carried apart, as a refusal's cards are: ``said`` without them)
    assert error.value.said == f"cannot read move {sale[1:]!r}"
    assert error.value.listed == "moves" and error.value.cards[0] == "sell"
    assert str(error.value) == (f"{error.value.said} (moves: {', '.join(error.value.cards)}); "
                                f"did you mean `{sale}`?")
    moves = [m for m in state.legal_moves() if "_" in str(m)]
    assert moves
    for move in moves:
        words = spoken(str(move), engine.FORMS)
        assert "_" not in words and engine.parse_move(state, words) == move, words
        printed = spoken(str(move), engine.FORMS, card_names(cards_data.load(game)))
        assert engine.parse_move(state, printed) == move, printed


@pytest.mark.parametrize("game", ["archaeology", "expedition"])
def test_a_card_is_spoken_as_printed(game):
    """``spoken`` wrote "pharaohs mask" where the card data prints "pharaoh's mask"; it
    writes the printed name, which reads back as the same move."""
    forms = registry.engine(game).FORMS
    text = "trade pharaohs_mask for pot_shard broken_cup"
    said = spoken(text, forms, card_names(cards_data.load(game)))
    assert said == "trade pharaoh's mask for pot shard broken cup"
    assert normalise(said, forms) == normalise(text, forms)


def test_a_keep_with_spaces_reads_as_the_one_keep_it_names():
    # "keep 10 35" was refused: did you mean `keep 10,35`?
    engine, data = registry.engine("pyramids"), cards_data.load("pyramids")
    from games.record import resolve_fixed_chance
    state = engine.state_from_deal(engine.make_deal(players=1, seed=4, data=data), data)
    resolve_fixed_chance(state)
    assert str(engine.parse_move(state, "keep 13 17")) == "keep 13,17"
    assert str(engine.parse_move(state, "Keep 41  44")) == "keep 41,44"
    # (not a card dealt: refused for that, not read as one card "13 18", which is no number)
    with pytest.raises(IllegalMoveError, match="card 18 was not dealt to you"):
        engine.parse_move(state, "keep 13 18")
    # "keep 17 13" was refused while "keep 13 17" read: a keep's cards in any order
    assert str(engine.parse_move(state, "keep 17 13")) == "keep 13,17"
    assert str(engine.parse_move(state, "KEEP 44 41")) == "keep 41,44"


def test_a_word_left_out_that_the_position_does_not_tell_is_refused_naming_each():
    engine = registry.engine("ancients")
    turns = [engine.parse_text("find 7 0 at A1"), engine.parse_text("find 7 180 at A1")]
    with pytest.raises(InvalidMoveError, match="it could be `find 7 0 at A1` or "
                                               "`find 7 180 at A1`: say which"):
        read("find 7 at A1", engine.parse_text, engine.FORMS, lambda: turns)
    assert read("find 7 180 at a1", engine.parse_text, engine.FORMS, lambda: turns) == \
        turns[1]
