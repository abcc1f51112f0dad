"""The printed components of every digsite game: bundled TOML files and their loaders.

Each game has one file, ``cards_data/<game>.toml``, made by ``python -m cards_data.generate``.
Every table carries a provenance label (``rules``, ``community``, ``inferred`` or
``reconstructed``; see ``/shared/card-facts.md``). A user with the physical game can
replace a file with ``--cards FILE``: it is validated like the bundled one and loads
into the same frozen value, or fails with ``InvalidDataError`` naming the file and key.

>>> data = load("archaeology")
>>> data.treasures["coin"].sell_value(5), data.provenance["treasures.count"]
(30, 'rules')
>>> load_text(bundled_text("lootnrun"), source="copy.toml").target
35
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import json
import pkgutil
import sys
import tomllib
import typing
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Literal, Mapping, Protocol, overload

from ._toml import Inline, Rows, dumps
from ._schema import CARD_NUMBER_LIMIT, LABELS, PLAYERS, SOLO, Node, players_words, table_words
from .ancients import AncientsData, MapCard
from .archaeology import ArchaeologyData
from .errors import DigsiteError, InvalidDataError
from .expedition import ExpeditionData, LongExpedition, Monument
from .lootnrun import LootNRunData, RoomCard
from .pyramids import PyramidCard, PyramidsData
from .treasures import Chamber, Treasure

__all__ = [
    "GAME_IDS", "FORMAT", "LABELS", "CardData", "DATA_TYPES", "load", "load_text", "validate_file",
    "completed_text",
    "MAX_INPUT_CHARS", "check_input_size", "PLAYERS", "SOLO", "seat_counts", "table_count",
    "seats_refused", "players_words",
    "bundled_text", "bundled_path", "provenance", "fingerprint", "given_file",
    "given_fingerprint", "DigsiteError",
    "InvalidDataError",
    "AncientsData", "MapCard", "ArchaeologyData", "Chamber", "Treasure", "ExpeditionData",
    "LongExpedition", "Monument", "LootNRunData", "RoomCard", "PyramidCard", "PyramidsData",
]


def _game_modules() -> dict[str, ModuleType]:
    """Every module ``cards_data/<game id>.py`` that defines ``parse(doc, edition)``: the
    games are found by this convention (this layer sits below ``games.registry``)."""
    found = {}
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        if callable(getattr(module, "parse", None)):
            found[info.name] = module
    return found


_MODULES = _game_modules()


class CardData(Protocol):
    """What the card data of every game has (one of :data:`DATA_TYPES`, all frozen): its
    game's id, its edition, the provenance label of each table and the file it came from.
    An engine takes its own game's type."""

    @property
    def game(self) -> str: ...
    @property
    def edition(self) -> str: ...
    @property
    def provenance(self) -> Mapping[str, str]: ...
    @property
    def source(self) -> str: ...

#: The games with card data, in alphabetical order.
GAME_IDS: tuple[str, ...] = tuple(_MODULES)
#: The file format this code reads (the ``format`` key of every file).
FORMAT = 1

_PARSERS: dict[str, Callable[[Node, str], CardData]] = {
    game_id: module.parse for game_id, module in _MODULES.items()}
#: The frozen data types of the games' card data: the return types of the ``parse``s.
DATA_TYPES: tuple[type, ...] = tuple(typing.get_type_hints(parse)["return"]
                                     for parse in _PARSERS.values())


def _check_game_id(game_id: str) -> str:
    if game_id not in GAME_IDS:
        raise InvalidDataError(f"unknown game {game_id!r} (known: {', '.join(GAME_IDS)})")
    return game_id


def bundled_path(game_id: str) -> Path:
    """Path of the bundled data file of ``game_id``."""
    return Path(__file__).with_name(f"{_check_game_id(game_id)}.toml")


def bundled_text(game_id: str) -> str:
    """The bundled data file of ``game_id``: a complete template for ``--cards FILE``."""
    return bundled_path(game_id).read_text(encoding="utf-8")


#: The largest input file digsite reads (card data, deals, views, records), in characters:
#: far above any real file (the bundled card files are under 40 kB), low enough that a
#: hostile file cannot tie up the parser.
MAX_INPUT_CHARS = 2 * 1024 * 1024


def check_input_size(text: str, source: str, *,
                     error: type[Exception] = InvalidDataError) -> str:
    """``text`` without a leading UTF-8 byte-order mark; refused if over the size limit."""
    if len(text) > MAX_INPUT_CHARS:
        raise error(f"{source}: {len(text):,} characters, more than the {MAX_INPUT_CHARS:,} "
                    "an input file may hold")
    return text[1:] if text.startswith("\ufeff") else text


def load_text(text: str, *, source: str, game_id: str | None = None) -> CardData:
    """Parse and validate card-data TOML ``text``; ``source`` names it in error messages.

    The game comes from the file's ``game`` key; with ``game_id`` it must match.
    """
    return _read_table(_parse(text, source, game_id), source, game_id)


def _parse(text: str, source: str, game_id: str | None) -> dict[str, Any]:
    """The TOML table of card-data ``text`` (refused in one line: too large, not TOML)."""
    text = check_input_size(text, source)
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:  # its message ends "(at line N, column M)"
        if _is_json(text):  # (a deal, view or record given for a card file)
            which = f"{game_id}` prints the" if game_id else "GAME` prints a"
            raise InvalidDataError(f"{source}: this is JSON, and card data is TOML: "
                                   f"`digsite data show {which} game's card data to "
                                   f"edit") from None
        raise InvalidDataError(f"{source}: not valid TOML: {error}") from None
    except RecursionError:
        raise InvalidDataError(f"{source}: not valid TOML: nested too deeply") from None
    except ValueError as error:  # e.g. an integer longer than Python converts (4300 digits)
        raise InvalidDataError(f"{source}: not valid TOML: {error}") from None
    return table


def _read_table(table: dict[str, Any], source: str, game_id: str | None, *,
                fill: bool = False) -> CardData:
    """The validated card data of a parsed file (``fill``: each default read is written
    into ``table``)."""
    doc = Node(table, source, limit=CARD_NUMBER_LIMIT, fill=fill)
    game = doc.text("game", choices=GAME_IDS)
    if game_id is not None and game != _check_game_id(game_id):
        doc.fail(f"this file holds {game!r} data, not {game_id!r}", "game")
    if doc.integer("format") != FORMAT:
        doc.fail(f"format {doc.raw('format')} is not supported (this digsite reads {FORMAT})",
                 "format")
    edition = doc.text("edition")
    return _PARSERS[game](doc, edition)


def _is_json(text: str) -> bool:
    """Whether ``text`` is a JSON object (what digsite's other files are)."""
    if not text.lstrip().startswith("{"):
        return False
    try:
        return isinstance(json.loads(text), dict)
    except (ValueError, RecursionError):
        return False


def _read(path: Path) -> str:
    """The text of a card file (``-``: stdin), read no further than one character past the
    size limit (``/dev/zero`` or a sparse file of gigabytes is refused by its size, not
    read into memory)."""
    try:
        if str(path) == "-":
            return sys.stdin.read(MAX_INPUT_CHARS + 1)
        with open(path, encoding="utf-8") as handle:
            return handle.read(MAX_INPUT_CHARS + 1)
    except OSError as error:
        raise InvalidDataError(f"{path}: cannot read: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise InvalidDataError(f"{path}: not UTF-8 text") from None


@lru_cache(maxsize=None)
def _load_bundled(game_id: str) -> CardData:
    return load_text(bundled_text(game_id), source=f"{game_id}.toml", game_id=game_id)


# A game named by its id loads its own type (``load("ancients")`` is an ``AncientsData``),
# so the code of one game reads its data without a cast; any other id, a ``CardData``.
@overload
def load(game_id: Literal["ancients"], path: str | Path | None = None) -> AncientsData: ...
@overload
def load(game_id: Literal["archaeology"], path: str | Path | None = None) -> ArchaeologyData: ...
@overload
def load(game_id: Literal["expedition"], path: str | Path | None = None) -> ExpeditionData: ...
@overload
def load(game_id: Literal["lootnrun"], path: str | Path | None = None) -> LootNRunData: ...
@overload
def load(game_id: Literal["pyramids"], path: str | Path | None = None) -> PyramidsData: ...
@overload
def load(game_id: str, path: str | Path | None = None) -> CardData: ...
def load(game_id: str, path: str | Path | None = None) -> CardData:
    """Card data of ``game_id``: the bundled file, or the user's file at ``path``."""
    _check_game_id(game_id)
    if path is None:
        return _load_bundled(game_id)  # immutable, so one copy serves every caller
    return load_text(_read(Path(path)), source="<stdin>" if str(path) == "-" else str(path),
                     game_id=game_id)


def completed_text(game_id: str, path: str | Path) -> str:
    """The card file at ``path`` (``-``: stdin) as ``game_id``'s data was read from it, as
    TOML: its keys, each key left out written with the default read for it, under a
    header naming the file and the provenance of its tables (``digsite data show GAME
    --cards FILE``: what a user checking a file sees the tool took from it). Loads into
    the same data as the file (``InvalidDataError`` for a file that does not load).

    >>> text = completed_text("expedition", bundled_path("expedition"))
    >>> fingerprint(load_text(text, source="x")) == fingerprint(load("expedition"))
    True
    """
    source = "<stdin>" if str(path) == "-" else str(path)
    table = _parse(_read(Path(path)), source, game_id)
    data = _read_table(table, source, game_id, fill=True)
    labels = "\n".join(f"  {key}: {label}" for key, label in provenance(data).items())
    header = (f"{data.game} card data as digsite read it, each key left out written with the "
              f"default\nread for it (`digsite data show {data.game} --cards FILE`).\n"
              f"file: {source}\nedition: {data.edition}\n"
              f"provenance (the file's labels; a table is as sure as its least sure entry):\n"
              f"{labels}")
    return dumps(_laid_out(table, 0), {"": header})


def _laid_out(value: Any, depth: int) -> Any:
    """A parsed TOML value laid out as the bundled files are (``_toml`` writes plain dicts
    as tables): a table of plain values below the top level inline, an array of small
    such tables inline, an array of equally long strings (a grid, a pattern) a row a
    line."""
    if isinstance(value, dict):
        out = {key: _laid_out(item, depth + 1) for key, item in value.items()}
        flat = all(not isinstance(item, (dict, list)) or _plain_list(item)
                   for item in value.values())
        return Inline(out) if depth > 1 and flat else out
    if isinstance(value, list):
        if value and all(isinstance(item, dict) for item in value):
            small = all(len(item) <= 2 and all(not isinstance(v, (dict, list))
                                               for v in item.values()) for item in value)
            return [Inline(item) if small else _laid_out(item, depth) for item in value]
        if (len(value) > 1 and all(isinstance(item, str) for item in value)
                and len({len(item) for item in value}) == 1):
            return Rows(value)
    return value


def _plain_list(value: Any) -> bool:
    return isinstance(value, list) and not any(isinstance(item, (dict, list)) for item in value)


def validate_file(path_or_dash: str | Path) -> CardData:
    """Load any game's card file (``-`` reads stdin) for ``digsite data validate``."""
    source = "<stdin>" if str(path_or_dash) == "-" else str(path_or_dash)
    return load_text(_read(Path(path_or_dash)), source=source)


def fingerprint(data: CardData) -> dict[str, str]:
    """What a record keeps of the card data it was made with (``games.record``, the table
    records of ``games.tracking``): the data's ``edition`` and a digest of all its values,
    so that a record read with other data (``--cards FILE`` left out, or edited) says so
    rather than replaying with other prices. The digest is of the data's ``repr`` (frozen
    dataclasses and maps, in file order: the same values give the same digest), the file
    it was read from aside (``source``: a copy of the bundled file is the same data).

    >>> sorted(fingerprint(load("lootnrun")))
    ['digest', 'edition']
    """
    values = dataclasses.replace(typing.cast(Any, data), source="")
    return {"edition": data.edition,
            "digest": hashlib.sha256(repr(values).encode()).hexdigest()[:16]}


def given_file(data: CardData) -> str | None:
    """The file ``data`` was read from (``--cards FILE``; ``<stdin>`` for ``-``), or
    ``None`` for the bundled data (or a file of the same name and values): what a record's
    ``source`` names beside the fingerprint.

    >>> given_file(load("lootnrun")) is None
    True
    """
    bundled = load(data.game)
    if data.source == bundled.source and fingerprint(data) == fingerprint(bundled):
        return None
    return data.source


def given_fingerprint(data: CardData) -> dict[str, str] | None:
    """:func:`fingerprint` of ``data`` when it is not the bundled data (another edition, or
    values edited: what outputs and views made with ``--cards FILE`` say), ``None`` for the
    bundled data or a copy of it (whose outputs stay as they were).

    >>> given_fingerprint(load("lootnrun")) is None
    True
    """
    mark = fingerprint(data)
    return None if mark == fingerprint(load(data.game)) else mark


def seat_counts(data: CardData) -> tuple[int, ...]:
    """The seat counts digsite plays ``data``'s game with: the file's table range
    (``players_min`` to ``players_max``, which may narrow the game's), and 1 where the game
    has the solo analysis mode (:data:`SOLO`).

    >>> seat_counts(load("pyramids")), seat_counts(load("archaeology"))
    ((1, 2, 3, 4), (2, 3, 4))
    """
    low, high = typing.cast(Any, data).players_min, typing.cast(Any, data).players_max
    return ((1,) if data.game in SOLO else ()) + tuple(range(low, high + 1))


def table_count(data: CardData, wanted: int) -> int:
    """The table's seat count nearest ``wanted`` that ``data``'s file allows (its
    ``players_min`` to ``players_max``): the count an example or a demo is dealt for, so
    that a file narrowing the table still has one.

    >>> table_count(load("archaeology"), 2), table_count(load("lootnrun"), 3)
    (2, 3)
    """
    low: int = typing.cast(Any, data).players_min
    high: int = typing.cast(Any, data).players_max
    return min(max(wanted, low), high)


def seats_refused(data: CardData, players: int) -> str | None:
    """Why ``players`` seats cannot play with ``data`` (``None`` when they can), in one
    line naming the file when it is not the bundled data and the range it allows.

    >>> seats_refused(load("pyramids"), 5)
    'pyramids is played by 2 to 4 players (1: the solo analysis mode), not 5'
    """
    if players in seat_counts(data):
        return None
    given = given_file(data)
    game = data.game if given is None else f"{data.game} with {given}"
    low, high = typing.cast(Any, data).players_min, typing.cast(Any, data).players_max
    return f"{game} is played by {table_words(data.game, low, high)}, not {players}"


def provenance(data: CardData) -> dict[str, str]:
    """Provenance label of each table or card set of ``data`` (for ``digsite games``).

    Mixed tables appear per field group (``treasures.sell``) with the weakest label of
    their entries.
    """
    return dict(data.provenance)
