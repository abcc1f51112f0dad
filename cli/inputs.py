"""Reading the CLI's inputs: JSON files (or ``-`` for stdin) and ``--cards`` overrides.

Problems become ``DigsiteError``s naming the file and the place, which ``cli.main`` prints
as one line ``error: ...`` with exit status 2.
"""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

import cards_data
from cards_data import MAX_INPUT_CHARS, CardData, check_input_size
from cards_data._schema import JSON_WORDS
from games.errors import DigsiteError, InvalidStateError

__all__ = ["read_json", "parse_json", "read_text", "load_cards", "given_cards", "card_data",
           "naming"]


def read_text(path: str) -> tuple[str, str]:
    """``(text, display name)`` of a file, or of stdin when ``path`` is ``-``: UTF-8 (a
    byte-order mark is read and dropped), at most ``cards_data.MAX_INPUT_CHARS``."""
    if path == "-":
        return check_input_size(sys.stdin.read(), "<stdin>", error=DigsiteError), "<stdin>"
    try:
        with Path(path).open(encoding="utf-8-sig") as handle:
            text = handle.read(MAX_INPUT_CHARS + 1)
        return check_input_size(text, path, error=DigsiteError), path
    except FileNotFoundError:
        raise DigsiteError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise DigsiteError(f"{path}: is a directory") from None
    except UnicodeDecodeError as exc:
        raise DigsiteError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise DigsiteError(f"{path}: {exc.strerror}") from None


def read_json(path: str) -> dict[str, Any]:
    """A JSON object from a file; malformed JSON names the line and column."""
    text, name = read_text(path)
    return parse_json(text, name)


def parse_json(text: str, name: str) -> dict[str, Any]:
    """A JSON object from ``text`` read from ``name`` (a file, or what the analysis board
    was sent); malformed JSON names the line and column."""
    text = check_input_size(text, name, error=DigsiteError)
    if not text.strip():  # (json said "line 1 column 1: Expecting value")
        raise InvalidStateError(f"{name}: empty input, not a JSON object")
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        # (Python's "Unterminated string starting at" ends in the place given before it)
        msg = exc.msg[:-3] + " here" if exc.msg.endswith(" at") else exc.msg
        raise InvalidStateError(f"{name}: line {exc.lineno} column {exc.colno}: {msg}") from None
    except RecursionError:
        raise InvalidStateError(f"{name}: not valid JSON: nested too deeply") from None
    except ValueError as exc:  # e.g. an integer longer than Python converts (4300 digits)
        raise InvalidStateError(f"{name}: not valid JSON: {exc}") from None
    if not isinstance(value, dict):
        raise InvalidStateError(f"{name}: expected a JSON object, got "
                                f"{JSON_WORDS.get(type(value), type(value).__name__)}")
    return value


@contextlib.contextmanager
def naming(path: str | None) -> Iterator[None]:
    """A document read inside that is refused names its file first, as a malformed file's
    line and column do (``error: deal.json: deal: removed: 17 cards, ...``; it said
    ``error: deal: removed: ...``, whichever file it was); ``None`` (no file: the deal of
    a seed) names none."""
    if path is None:
        yield
        return
    name = "<stdin>" if path == "-" else path  # (as read_text names it)
    try:
        yield
    except InvalidStateError as exc:
        if str(exc).startswith(f"{name}: "):  # (a refusal that names the file already)
            raise
        raise InvalidStateError(f"{name}: {exc}") from None


def load_cards(game_id: str, path: str | None) -> CardData:
    """The game's card data: bundled, or the user's ``--cards FILE``."""
    return cards_data.load(game_id, path)


def given_cards(paths: Sequence[str]) -> dict[str, CardData]:
    """The card data of a repeatable ``--cards FILE`` (``games``, ``serve``) by game id, each
    file validated; two files of one game are refused in one line."""
    given: dict[str, CardData] = {}
    for path in paths:
        loaded = cards_data.validate_file(path)
        if loaded.game in given:
            raise DigsiteError(f"--cards: {path} and {given[loaded.game].source} both hold "
                               f"{loaded.game} card data: give one file a game")
        given[loaded.game] = loaded
    return given


def card_data(game_id: str, given: Mapping[str, CardData]) -> CardData:
    """``game_id``'s card data: the one ``given`` (:func:`given_cards`), else the bundled."""
    return given.get(game_id) or cards_data.load(game_id)
