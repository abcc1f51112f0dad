"""Adding a game touches one registry block plus the game's own files: every other
per-game table is found by module name. These tests hold each convention to the registry
(``docs/adding-a-game.md``), so a game that is registered but misses one of its files, or a
file named after no registered game, fails here by name. Solver code is grouped by engine
family (``GameInfo.family``: the game's id, or the family of its editions)."""

from __future__ import annotations

import importlib
import pathlib

import cards_data
from benchmarks.runner import SUITES
from cards_data.generate import builders
from games import registry
from solvers import services

REGISTERED = set(registry.GAME_IDS)
ENGINES = {game_id for game_id in registry.GAME_IDS if registry.has_engine(game_id)}
FAMILIES = {registry.get(game_id).family for game_id in registry.GAME_IDS}
SOLVERS = pathlib.Path(services.__file__).resolve().parent
ROOT = SOLVERS.parent
#: Benchmark suites that belong to no game.
SHARED_SUITES = {"grids", "search", "openspiel", "strength", "startup", "compiled", "budget"}


def test_card_data_modules_are_the_registered_games():
    assert set(cards_data.GAME_IDS) == REGISTERED
    for game_id in REGISTERED:
        assert cards_data.bundled_path(game_id).exists(), f"{game_id}: no bundled data file"
        assert isinstance(cards_data.load(game_id), cards_data.DATA_TYPES)


def test_card_data_generators_belong_to_registered_games():
    # a game whose file is written by hand has no generator; today every file is generated
    assert set(builders()) <= REGISTERED
    assert set(builders()) == REGISTERED


def test_engines_live_where_the_registry_says_by_their_id():
    for game_id in ENGINES:
        assert registry.get(game_id).engine_module == f"games.{game_id}"


def test_every_engine_state_is_checked_against_the_protocol_by_mypy():
    """Each engine's state module declares ``_CONFORMS: type[State[Move]] = ItsState`` (for
    mypy, which ``make test`` runs over ``games/``: a state whose methods drift from
    ``games.protocol.State`` fails the type check), and that class is the one its
    ``state_from_deal`` makes."""
    import ast

    import games.game
    for game_id in ENGINES:
        state = games.game.load(game_id).new_initial_state(seed=1)
        # (the .py: a compiled module's __file__ is its extension module)
        source = ROOT / (type(state).__module__.replace(".", "/") + ".py")
        declared = [node for node in ast.walk(ast.parse(source.read_text()))
                    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
                    and node.target.id == "_CONFORMS"]
        assert len(declared) == 1, f"{game_id}: {source.name} declares no _CONFORMS"
        assert ast.unparse(declared[0].annotation).startswith("type[State["), game_id
        assert ast.unparse(declared[0].value) == type(state).__name__, game_id


def test_every_engine_has_a_service_and_a_benchmark_suite_and_nothing_else_does():
    with_service = {game_id for game_id in REGISTERED if services.service(game_id) is not None}
    assert with_service == ENGINES
    assert set(SUITES) - SHARED_SUITES == ENGINES


def test_declared_capabilities_are_what_the_services_offer():
    """The registry declares each game's services and bots as data (so listing games
    imports no solver); the service modules must offer exactly that."""
    for game_id in ENGINES:
        info = registry.get(game_id)
        module = services.service(game_id)
        offered = tuple(name for name in registry.SERVICES if hasattr(module, name))
        assert offered == info.services, f"{game_id}: declared {info.services}, offers {offered}"
        assert tuple(getattr(module, "BOTS", {})) == info.bots, game_id


def test_declared_budgets_are_the_ones_the_services_spend():
    from solvers.ancients import best, service as ancients
    from solvers.pyramids import model, service as pyramids

    assert pyramids.DEFAULT_ROLLOUTS == registry.get("pyramids").budgets.hint
    assert model.DEFAULT_BUDGET == registry.get("pyramids").budgets.best_score
    assert ancients.DEFAULT_HINT_ITERATIONS == registry.get("ancients").budgets.hint
    assert best.DEFAULT_NODE_BUDGET == registry.get("ancients").budgets.best_score * 1000


def test_solver_packages_are_named_after_engine_families():
    with_service = {path.parent.name for path in SOLVERS.glob("*/service.py")}
    assert with_service == {registry.get(game_id).family for game_id in ENGINES}
    assert with_service <= FAMILIES


def test_a_family_of_several_editions_serves_each_from_its_one_service_module():
    for family in FAMILIES:
        editions = registry.editions(family)
        assert editions, family
        module = importlib.import_module(f"solvers.{family}.service")
        if len(editions) == 1:  # a single-edition game: its id is its family, its module serves
            info, = editions
            assert info.id == family and info.edition == "" and not hasattr(module, "EDITIONS")
            assert services.service(info.id) is module
            continue
        labels = [info.edition for info in editions]
        assert all(labels) and len(set(labels)) == len(labels), (family, labels)
        assert set(module.EDITIONS) == {info.id for info in editions}
        for info in editions:
            assert services.service(info.id) is module.EDITIONS[info.id]


def test_the_page_lists_every_file_a_game_has():
    """``docs/adding-a-game.md`` is the checklist of a new game: every file its table names
    exists for every registered game (``solvers/`` rows by the game's family), so a game
    that follows the page has everything the other tests here look for."""
    page = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    table = page.split("## The files of game `<id>`", 1)[1].split("\n\n", 2)[1]
    patterns = [line.split("`")[1] for line in table.splitlines() if line.startswith("| `")]
    assert patterns and all("<id>" in p for p in patterns)
    for game_id in REGISTERED:
        info = registry.get(game_id)
        for pattern in patterns:
            name = info.family if pattern.startswith("solvers/") else game_id
            found = sorted(ROOT.glob(pattern.replace("<id>", name).replace("<P>", "*")
                                     .replace("<S>", "*")))
            assert found, f"{game_id}: no {pattern}"
