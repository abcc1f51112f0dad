"""The OpenSpiel adapter: OpenSpiel's own checks on every adapted game at every table size,
the consistency of information states and resampling, serialisation, the exactness of
the deal's chance nodes, the action tables, and the OpenSpiel bots in the arena."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

pyspiel = pytest.importorskip("pyspiel")

import cards_data  # noqa: E402
from games import registry  # noqa: E402
from games.protocol import CHANCE  # noqa: E402
from solvers.arena import bot_table, run_arena  # noqa: E402
from solvers.limits import Limit  # noqa: E402
from solvers import openspiel  # noqa: E402
from solvers.openspiel import adapter  # noqa: E402

ADAPTED = adapter.adapted_games()
TABLES = [(g, p) for g in ADAPTED for p in range(registry.get(g).players[0],
                                                  registry.get(g).players[1] + 1)]


def test_every_card_game_engine_is_adapted():
    card_engines = [g for g in registry.GAME_IDS
                    if registry.get(g).kind == "card" and registry.has_engine(g)]
    assert set(card_engines) <= set(ADAPTED)
    assert {"archaeology", "expedition", "lootnrun"} <= set(ADAPTED)


@pytest.mark.parametrize("game_id, players", TABLES)
def test_openspiel_random_simulation_with_serialisation(game_id, players):
    """OpenSpiel's C++ RandomSimTest: legal actions sorted and empty for other players,
    unique action strings, clones equal, serialise/deserialise round trips, chance
    probabilities, returns within the utility bounds, game length within the maximum."""
    game = pyspiel.load_game(f"{adapter.short_name(game_id)}(players={players})")
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False, mask_test=True)


@pytest.mark.parametrize("game_id", ADAPTED)
def test_win_utility_simulation(game_id):
    game = pyspiel.load_game(f"{adapter.short_name(game_id)}(utility=win)")
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def _random_game(game, rng):
    """Yield each decision state of one random game (deal drawn through chance)."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        yield state
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", ADAPTED)
def test_resampled_worlds_keep_every_information_state(game_id):
    """OpenSpiel's ResampleInfostateTest, in Python (its C++ test cannot call a Python
    resampler): every seat's resampled world shows it the same information state and the
    same player to act, and the actor the same legal actions."""
    game = adapter.load(game_id, players=registry.get(game_id).players[1])
    rng = random.Random(3)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for n, state in enumerate(_random_game(game, rng)):
        if n % 7:
            continue
        for player in range(game.num_players()):
            other = state.resample_from_infostate(player, sampler)
            assert other.information_state_string(player) == \
                state.information_state_string(player)
            assert other.observation_string(player) == state.observation_string(player)
            assert other.current_player() == state.current_player()
            if player == state.current_player():
                assert other.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game_id", ADAPTED)
def test_serialised_states_replay_including_resamples(game_id):
    game = adapter.load(game_id)
    rng = random.Random(5)
    for n, state in enumerate(_random_game(game, rng)):
        if n == 12:
            break
    world = state.resample(state.current_player(), rng)
    for original in (state, world):
        text = pyspiel.serialize_game_and_state(game, original)
        _, back = pyspiel.deserialize_game_and_state(text)
        assert str(back) == str(original)
        assert back.history() == original.history()
        for p in range(game.num_players()):
            assert back.information_state_string(p) == original.information_state_string(p)


def test_states_of_other_card_data_do_not_serialise():
    game = adapter.load("lootnrun", data=cards_data.load("lootnrun"))
    state = game.new_initial_state()
    with pytest.raises(ValueError, match="serialised"):
        state.serialize()


# --- the deal's chance nodes are exact -------------------------------------------------------

def _all_runs(func):
    """Every way the recorded draws can go for ``func(generator)``, with probabilities."""
    runs = []
    stack = [((), 1.0)]
    while stack:
        draws, prob = stack.pop()
        try:
            value = func(adapter._DealDraws(draws))
        except adapter._NeedDraw as need:
            assert need.size <= adapter.MAX_DRAW
            stack.extend((draws + (i,), prob / need.size) for i in range(need.size))
            continue
        runs.append((value, prob))
    return runs


def test_a_shuffle_is_uniform_over_permutations():
    def shuffled(rng):
        items = [0, 1, 2, 3]
        rng.shuffle(items)
        return tuple(items)

    runs = _all_runs(shuffled)
    assert sorted(v for v, _ in runs) == sorted(itertools.permutations(range(4)))
    assert all(abs(p - 1 / 24) < 1e-12 for _, p in runs)


def test_wide_draws_split_into_small_nodes_stay_uniform():
    # 300 > 256: 9 bits in two nodes, rejection above 299; each accepted value once per try
    first_try = [v for v, _ in _all_runs(lambda rng: rng.getrandbits(9))]
    assert sorted(first_try) == list(range(512))
    values = Counter()
    stack = [((), 1.0)]
    while stack:  # follow the rejection loop two tries deep
        draws, prob = stack.pop()
        try:
            values[adapter._DealDraws(draws).randrange(300)] += prob
        except adapter._NeedDraw as need:
            if len(draws) < 4:
                stack.extend((draws + (i,), prob / need.size) for i in range(need.size))
    assert len(values) == 300
    assert max(values.values()) - min(values.values()) < 1e-12


@pytest.mark.parametrize("game_id", ADAPTED)
def test_the_deal_is_the_engines_own(game_id):
    """Draws fed from a seeded generator give exactly the engine's ``make_deal``."""
    game = adapter.load(game_id)
    state = game.new_initial_state()
    rng = random.Random(9)
    while state.world is None:
        state.apply_action(rng.randrange(len(state.chance_outcomes())))
    draws = [a for a in state.history()]
    engine = registry.engine(game_id)
    data = cards_data.load(game_id)
    deal = engine.make_deal(players=2, seed=adapter._DealDraws(draws), data=data)
    assert state.world.to_json() == engine.state_from_deal(deal, data).to_json()


# --- actions --------------------------------------------------------------------------------

def test_action_tables_are_stable():
    archaeology = adapter.load("archaeology", players=4).action_texts()
    assert archaeology[:6] == ["end", "steal 0", "steal 1", "steal 2", "steal 3",
                               "discard pot_shard"]
    assert len(archaeology) == 55 and archaeology[-1].startswith("sell map")
    assert adapter.load("archaeology", players=2).action_texts() == archaeology
    expedition = adapter.load("expedition", players=5).action_texts()
    assert expedition[:7] == ["end", "steal 0", "steal 1", "steal 2", "steal 3", "steal 4",
                              "discard pot_shard"]
    assert expedition[33:36] == ["explore A", "explore B", "explore C"]
    assert expedition[68:76] == ["tent use", "tent keep", "look none", "look A", "look B",
                                 "look C", "draw", "stop"]
    assert expedition[76] == "name pot_shard parchment_scrap" and len(expedition) == 140
    assert expedition[-1] == "keep broken_pendant broken_pendant"
    assert adapter.load("expedition", players=2).action_texts() == expedition
    assert adapter.load("lootnrun").action_texts() == [
        "loot 0", "loot 1", "run", "awaken 0", "awaken 1", "awaken 2", "awaken 3",
        "awaken 4", "awaken 5", "keep none", "keep 0", "keep 1", "keep both", "pass"]


@pytest.mark.parametrize("game_id", ADAPTED)
def test_action_ids_round_trip_through_engine_moves(game_id):
    game = adapter.load(game_id)
    texts = game.action_texts()
    for n, state in enumerate(_random_game(game, random.Random(1))):
        world = state.world
        assert world.current_player() != CHANCE
        for action in state.legal_actions():
            move = adapter.move_of(game, world, action)
            assert str(move) == texts[action] == state.action_to_string(action)
        if n > 60:
            break


def test_info_text_is_canonical():
    a = frozenset(["x" * i for i in range(20)])
    b = frozenset(reversed(sorted(a)))
    assert adapter.info_text((1, a)) == adapter.info_text((1, b))


def test_unknown_and_unadapted_games_are_bad_input():
    with pytest.raises(ValueError, match="not adapted"):
        adapter.load("pyramids")
    with pytest.raises(ValueError, match="played by 2 to 6"):
        adapter.load("lootnrun", players=9)


def test_a_game_made_with_a_narrowed_file_is_played_by_the_files_tables():
    """A game made with a card file for 3 players only said the game's range (2 to 6 in
    its GameType and parameters) and was dealt 2 by default, refused by the deal ("deal:
    players: ... is played by 3 players, not 2"): it has the file's range and its
    smallest table by default; another table is refused naming the file."""
    text = cards_data.bundled_text("lootnrun").replace("players_min = 2", "players_min = 3")
    data = cards_data.load_text(text.replace("players_max = 6", "players_max = 4"),
                                source="mine.toml")
    game = adapter.load("lootnrun", data=data)
    kind = game.get_type()
    assert (kind.min_num_players, kind.max_num_players) == (3, 4)
    assert kind.parameter_specification["players"] == 3
    assert game.num_players() == 3 and game.get_parameters()["players"] == 3
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.world.num_players == 3
    with pytest.raises(ValueError, match=r"^lootnrun with mine.toml is played by 3 to 4 "
                                         r"players, not 2$"):
        adapter.load("lootnrun", players=2, data=data)
    # (the registered game keeps the engine's range)
    bundled = pyspiel.load_game(adapter.short_name("lootnrun")).get_type()
    assert (bundled.min_num_players, bundled.max_num_players) == registry.get("lootnrun").players


# --- bots -----------------------------------------------------------------------------------

def test_openspiel_bots_play_arena_games_reproducibly():
    data = cards_data.load("lootnrun")
    bots = bot_table("lootnrun", data, names=openspiel.BOT_NAMES)
    assert {"openspiel-ismcts", "openspiel-mcts"} <= set(bots)
    kwargs = dict(bots=bots, games=2, seed=4, limit=Limit(iterations=20), data=data)
    first = run_arena("lootnrun", ["openspiel-ismcts", "openspiel-mcts"], **kwargs)
    again = run_arena("lootnrun", ["openspiel-ismcts", "openspiel-mcts"], **kwargs)
    assert first == again
    assert sum(first.wins) == pytest.approx(2.0)


def test_cli_arena_accepts_openspiel_bots(run_cli):
    result = run_cli("arena", "lootnrun", "--bots", "ismcts,openspiel-ismcts", "--games", "2",
                     "--seed", "1", "--iterations", "10")
    assert result.code == 0, result.err
    assert "openspiel-ismcts" in result.out


def test_one_iteration_or_a_short_time_slice_still_chooses(run_cli):
    """OpenSpiel's first simulation only expands the root and its final policy asserts a
    visit: ``--iterations 1``, or a time slice a loaded machine fills with one simulation
    (``bench openspiel --quick``), was an internal fault."""
    from solvers.openspiel.bots import search_ismcts

    result = run_cli("arena", "lootnrun", "--bots", "greedy,openspiel-ismcts", "--games", "2",
                     "--iterations", "2")
    assert result.code == 0, result.err
    data = cards_data.load("lootnrun")
    engine = registry.engine("lootnrun")
    world = engine.state_from_deal(engine.make_deal(players=2, seed=1, data=data), data)
    _, done = search_ismcts(adapter.load("lootnrun", players=2), world, rng=random.Random(1),
                            iterations=1, time_limit=1e-9)
    assert done == 2


@pytest.mark.parametrize("bot", ["openspiel-ismcts", "openspiel-mcts"])
def test_a_budget_under_openspiels_fewest_simulations_is_refused(run_cli, tmp_path, bot):
    """At ``--iterations 1`` OpenSpiel's ISMCTS ran 2 simulations a decision and its MCTS 20
    (2 in each of 10 worlds) while the header said "1 iteration a decision": the budget is
    refused in one line naming it, before any game (and any record)."""
    result = run_cli("arena", "lootnrun", "--bots", f"greedy,{bot}", "--games", "2",
                     "--iterations", "1", "--record", str(tmp_path / "records"))
    assert result.code == 2 and result.out == "", result.out
    assert result.err == (f"error: arena: --iterations 1: {bot} searches at least 2 "
                          "iterations a decision (OpenSpiel's first simulation only expands "
                          "the root)\n")
    assert not (tmp_path / "records").exists()


def test_openspiel_mcts_searches_within_its_budget(monkeypatch):
    """OpenSpiel's MCTS splits ``--iterations`` over 10 worlds of at least 2 simulations
    each (one leaves the root without children: no votes, an internal fault): under 20 it
    ran 20 whatever the budget; it searches fewer worlds, never more than the budget."""
    from open_spiel.python.algorithms import mcts as os_mcts

    from solvers.openspiel import bots as os_bots

    runs: list[int] = []

    class Counted(os_mcts.MCTSBot):
        def mcts_search(self, state):
            runs.append(self.max_simulations)
            return super().mcts_search(state)

    monkeypatch.setattr(os_bots.os_mcts, "MCTSBot", Counted)
    data = cards_data.load("lootnrun")
    engine = registry.engine("lootnrun")
    world = engine.state_from_deal(engine.make_deal(players=2, seed=1, data=data), data)
    while len(world.legal_moves()) < 2 or world.current_player() == CHANCE:
        world.apply((world.chance_outcomes()[0][0] if world.current_player() == CHANCE
                     else world.legal_moves()[0]))
    for iterations in (2, 3, 5, 19, 20, 25, 100):
        runs.clear()
        bot = os_bots.OpenSpielMctsBot(game_id="lootnrun", seat=world.current_player(),
                                       seed=1, limit=Limit(iterations=iterations))
        bot.choose(world)
        assert runs and min(runs) >= 2 and sum(runs) <= iterations, (iterations, runs)
        assert len(runs) == min(10, iterations // 2)
