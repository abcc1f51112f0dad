"""Write the bundled card files, ``cards_data/<game>.toml``.

    python -m cards_data.generate           # rewrite every generated file
    python -m cards_data.generate --check   # exit 1 if a committed file differs

Each game whose file is generated has a module ``cards_data/generate/<game>.py`` with
``build(rng) -> (document, comments)``, found by that name (a game whose file is written
by hand has none). Known facts (``rules``, ``community``, ``inferred``:
``/shared/card-facts.md`` and the rulebooks) are literals there; the ``reconstructed``
parts are drawn from ``random.Random(f"{SEED}/{game}")``, one generator per game so that
changing one game never reshuffles another, and each module's docstring lists the
constraints its reconstruction keeps. The output depends on nothing else, so it is
byte-for-byte stable (a test checks the committed files against it). Every file is
validated before writing.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import random
import sys
from typing import Any, Callable

from .. import GAME_IDS, bundled_path, load_text
from .._toml import dumps

__all__ = ["SEED", "Doc", "header", "builders", "render", "main"]

SEED = 20240320  # the date of Tomb of the Ancients beta 2.16, an arbitrary fixed choice

Doc = tuple[dict[str, Any], dict[str, str]]  # (document, comments by dotted path)

_HEADER = """{title}: card data for digsite's `{game}` game.
To use your own values: `digsite data show {game} > mine.toml`, edit mine.toml, check it
with `digsite data validate mine.toml`, then add `--cards mine.toml` to any command.
Every table says where its values come from, in `provenance`: rules (stated in the
rulebook), community (agreed by several public sources), inferred (a reasoned guess that
fits every fact) or reconstructed (nobody has published it: digsite's own plausible set).
(For digsite's developers: the bundled copy is written by `python -m cards_data.generate`;
change the generator, not the bundled file.)"""


def header(title: str, game: str, extra: str = "") -> str:
    """The comment at the top of a generated file."""
    return _HEADER.format(title=title, game=game) + (f"\n\n{extra}" if extra else "")


def builders() -> dict[str, Callable[[random.Random], Doc]]:
    """``build`` of every game with a module ``cards_data.generate.<game>``."""
    found = {}
    for game_id in GAME_IDS:
        name = f"{__name__}.{game_id}"
        if importlib.util.find_spec(name) is not None:
            found[game_id] = importlib.import_module(name).build
    return found


def render(game_id: str) -> str:
    """The TOML text of ``game_id``'s bundled file, validated."""
    doc, comments = builders()[game_id](random.Random(f"{SEED}/{game_id}"))
    text = dumps(doc, comments)
    load_text(text, source=f"generated {game_id}.toml", game_id=game_id)
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cards_data.generate",
                                     description="Write the bundled card-data files.")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a committed file differs")
    args = parser.parse_args(argv)
    stale = []
    for game_id in builders():
        text, path = render(game_id), bundled_path(game_id)
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current != text:
            stale.append(path)
            if not args.check:
                path.write_text(text, encoding="utf-8", newline="\n")
    for path in stale:
        print(f"{'differs' if args.check else 'wrote'}: {path}", file=sys.stderr)
    return 1 if args.check and stale else 0
