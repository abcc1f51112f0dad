"""Write the bundled card files, ``cards_data/<game>.toml``.

    python -m cards_data.generate           # rewrite all five files
    python -m cards_data.generate --check   # exit 1 if a committed file differs

Known facts (``rules``, ``community``, ``inferred``: ``/shared/card-facts.md`` and the
rulebooks) are literals below. The ``reconstructed`` parts are drawn from
``random.Random(f"{SEED}/{game}")``, one generator per game so that changing one game never
reshuffles another; the output depends on nothing else, so it is byte-for-byte stable
(a test checks the committed files against it). Every file is validated before writing.

Constraints the reconstructions keep:

- lootnrun: 12 red / 18 yellow / 24 green rooms, 6 guardians per colour, 2 of each kind
  per colour; 1–3 distinct treasure symbols a room, on average 2.5 red, 2.0 yellow,
  1.6 green (red rooms richest); a few amulets, more where guardians are rarer.
- pyramids: 16 cards per colour, orders 1–48 shuffled across colours; entrance top-left,
  tomb bottom-right (one review says so; the format allows any top/bottom-row cell);
  walls never cut off a box, the shortest entrance→tomb path has 9, 11 or 13 boxes (8–12
  steps);
  green cards are the gentlest, purple the hardest (more walls, skulls, longer paths,
  more gems); skulls lie next to gems, torches or potions where possible; torches and
  potions only on some cards. Skull penalties are positive points subtracted.
- ancients: 50 distinct patterns (up to rotation) of 3–6 connected cells (10/16/14/10 of
  sizes 3/4/5/6) within the 5x5 board; points = cells - 2 + the smaller colour's count
  (1–7); each board space appears on two cards, once with each token colour.
- expedition: every known value is kept; the other trade values and selling tables keep
  the 2007 card shape, each treasure's ``note`` says what is known and what is ours.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Callable

from grids.cells import NEIGHBOURS, SIZE, cell_name, distances

from . import GAME_IDS, bundled_path, load_text
from ._toml import Inline, Rows, dumps

__all__ = ["SEED", "render", "main"]

SEED = 20240320  # the date of Tomb of the Ancients beta 2.16, an arbitrary fixed choice

Doc = tuple[dict, dict[str, str]]  # (document, comments by dotted path)

_HEADER = """{title}: card data for digsite's `{game}` game.
Made by `python -m cards_data.generate`; edit the generator, not this file.
Every table says where its values come from, provenance = rules | community | inferred
| reconstructed (see card-facts.md); `reconstructed` means nobody has published it and
these values are digsite's own plausible set. If you own the game, copy this file
(`digsite data show {game}`), correct it, check it with `digsite data validate FILE`
and use it with `--cards FILE`."""


def _header(title: str, game: str, extra: str = "") -> str:
    return _HEADER.format(title=title, game=game) + (f"\n\n{extra}" if extra else "")


# -- Archaeology (2007) ----------------------------------------------------------------

def archaeology() -> Doc:
    def treasure(name: str, count: int, trade: int, sell: list[int], trade_label: str,
                 note: str = "") -> dict:
        out = {"name": name, "count": count, "trade": trade, "sell": sell,
               "provenance": Inline(count="rules", trade=trade_label, sell="community")}
        return {**out, "note": note} if note else out

    doc = {
        "game": "archaeology", "format": 1, "edition": "2007 (Z-Man 2009 reprint unchanged)",
        "setup": {
            "provenance": "rules", "players_min": 2, "players_max": 4, "hand": 4,
            "marketplace": 5, "thief_cards": 8, "sandstorm_cards": 6,
            "sandstorms_removed": Inline({"3": 1, "4": 2}),
        },
        "pyramid": {
            "provenance": "rules",
            "chambers": [Inline(size=3, maps=1), Inline(size=5, maps=2), Inline(size=7, maps=3)],
        },
        "treasures": {
            "pot_shard": treasure("pot shard", 18, 1, [1, 2, 3, 4, 15], "community",
                                  "one source gives 10 for five"),
            "parchment_scrap": treasure("parchment scrap", 16, 1, [1, 2, 3, 10], "rules"),
            "coin": treasure("coin", 14, 2, [2, 5, 10, 18, 30], "rules",
                             "rulebook example: 5 coins sell for 30"),
            "talisman": treasure("talisman", 8, 3, [3, 7, 14, 24, 40], "rules",
                                 "rulebook examples: 2 sell for 7, 4 for 24"),
            "broken_cup": treasure("broken cup", 6, 2, [2, 15], "community",
                                   "one source gives 1/2/3/10"),
            "pharaohs_mask": treasure("pharaoh's mask", 4, 4, [4, 12, 26, 50], "community"),
            "map": treasure("map", 6, 3, [3], "community"),
        },
    }
    comments = {
        "": _header("Archaeology: The Card Game (2007)", "archaeology"),
        "setup.sandstorms_removed": "sandstorm cards returned to the box, by player count",
        "pyramid": "chambers in order small, medium, large; `maps` = map cards discarded",
        "treasures": (
            "count: rules (contents list). trade and sell: community, agreed by several\n"
            "sources and by every example in the rulebook. sell[n-1] is the price of a set\n"
            "of exactly n cards; its length is the largest set that can be sold.\n"
            "Two sources disagree with this table: one gives 10 (not 15) for five pot\n"
            "shards, one gives the broken cup 1/2/3/10. Change any entry in your copy."),
    }
    return doc, comments


# -- Archaeology: The New Expedition ---------------------------------------------------

def _monument(key: str, name: str, chambers: list[tuple[int, int]], special: str,
              **params: int) -> dict:
    out = {"key": key, "name": name, "provenance": "rules",
           "chambers": [Inline(size=size, maps=maps) for size, maps in chambers],
           "special": special}
    return {**out, "params": Inline(params)} if params else out


def expedition() -> Doc:
    def treasure(name: str, count: int, trade: int, sell: list[int], trade_label: str,
                 sell_label: str, note: str, min_players: int = 0) -> dict:
        out = {"name": name, "count": count, "trade": trade, "sell": sell}
        if min_players:
            out["min_players"] = min_players
        return {**out, "provenance": Inline(count="rules", trade=trade_label, sell=sell_label),
                "note": note}

    kept = "sell kept from the 2007 card"
    doc = {
        "game": "expedition", "format": 1, "edition": "The New Expedition/reconstructed-1",
        "setup": {
            "provenance": "rules", "players_min": 2, "players_max": 5, "hand": 4,
            "marketplace": 5, "thief_cards": 10, "sandstorm_cards": 6, "tent_cards": 5,
        },
        "thieves": {"provenance": "community",
                    "by_players": Inline({"2": 4, "3": 6, "4": 8, "5": 10})},
        "sandstorms": {"provenance": "inferred",
                       "by_players": Inline({"2": 4, "3": 5, "4": 6, "5": 6})},
        "long_expedition": {"provenance": "rules", "players": [2, 3],
                            "add_treasures": ["broken_tablet", "broken_pendant"],
                            "extra_thieves": 1},
        "treasures": {
            "pot_shard": treasure("pot shard", 16, 1, [1, 2, 3, 4, 15], "rules",
                                  "reconstructed", f"trade 1 known; {kept}"),
            "parchment_scrap": treasure("parchment scrap", 16, 1, [1, 2, 3, 10], "rules",
                                        "community", "selling values from the cover card"),
            "coin": treasure("coin", 12, 2, [2, 5, 10, 18, 30], "rules", "reconstructed",
                             f"5 coins = 30 known (rules); 1-4 {kept}"),
            "broken_cup": treasure("broken cup", 6, 2, [2, 15], "reconstructed",
                                   "reconstructed", "trade and sell kept from the 2007 card"),
            "talisman": treasure("talisman", 8, 3, [3, 10, 20, 32, 50], "rules",
                                 "reconstructed",
                                 "known (rules): 2 = 10, 4 = 32, at most 5; 1, 3, 5 are ours"),
            "map": treasure("map", 6, 3, [3], "reconstructed", "reconstructed",
                            "trade and sell kept from the 2007 card"),
            "pharaohs_mask": treasure("pharaoh's mask", 4, 4, [4, 12, 26, 50],
                                      "reconstructed", "reconstructed",
                                      "trade and sell kept from the 2007 card"),
            "broken_tablet": treasure("broken tablet", 12, 1, [1, 2, 10], "rules",
                                      "reconstructed",
                                      "known (rules): 3 = 10; a complete set of 3, like the "
                                      "2007 fragments", min_players=4),
            "broken_pendant": treasure("broken pendant", 5, 2, [2, 4, 20], "reconstructed",
                                       "reconstructed",
                                       "nothing public; a rare complete-the-set treasure",
                                       min_players=5),
        },
        "monuments": [
            _monument("great_pyramid", "Great Pyramid", [(2, 1), (5, 2), (8, 3)], "none"),
            _monument("temple", "Temple", [(5, 2)] * 3, "peek_on_sell"),
            _monument("tomb", "Tomb", [(7, 1), (8, 1)], "keep", keep=2),
            _monument("mine", "Mine", [(15, 1)], "bust", bust_over=5),
            _monument("sphinx", "Sphinx", [(15, 1)], "name_types", names=2, draw=5),
            _monument("buried_ruins", "Buried Ruins", [(1, 1)] * 3, "refill_on_sandstorm",
                      reserve=12),
        ],
    }
    comments = {
        "": _header("Archaeology: The New Expedition", "expedition"),
        "thieves": "thief cards used, by player count (shown on the cards)",
        "sandstorms": "sandstorm cards used, by player count: only \"4 to 6\" is public",
        "long_expedition": "variant for 2-3 players: add tablets, pendants and one thief",
        "treasures": (
            "Counts are rules. Each treasure labels count, trade and sell separately and its\n"
            "note says which values are known. min_players: the card is only used with at\n"
            "least that many players (tablets 4+, pendants 5)."),
        "monuments": (
            "Monument tiles (rulebook pp. 10-11): chambers with their size and map price;\n"
            "`special` names the tile's rule, `params` its numbers (see cards_data.expedition)."),
    }
    return doc, comments


# -- Loot N Run -----------------------------------------------------------------------

LOOT_TYPES = {"cup": "community", "chest": "community", "crown": "reconstructed",
              "idol": "reconstructed", "scarab": "reconstructed", "necklace": "reconstructed"}
GUARDIAN_KINDS = ("mummy", "werewolf", "frank")
#: back colour → (rooms, guardians, amulets, rooms showing 1, 2, 3 treasure symbols)
LOOT_BACKS = {"red": (12, 6, 2, (1, 4, 7)), "yellow": (18, 6, 4, (4, 10, 4)),
              "green": (24, 6, 6, (12, 10, 2))}


def lootnrun(rng: random.Random) -> Doc:
    types = list(LOOT_TYPES)
    rooms = []
    for back, (count, guardians, amulets, by_symbols) in LOOT_BACKS.items():
        tops = ["guardian"] * guardians + ["amulet"] * amulets
        tops += ["empty"] * (count - len(tops))
        rng.shuffle(tops)
        kinds = [kind for kind in GUARDIAN_KINDS for _ in range(guardians // 3)]
        rng.shuffle(kinds)
        symbols = [n for n, rooms_with_n in enumerate(by_symbols, 1) for _ in range(rooms_with_n)]
        rng.shuffle(symbols)
        for top, n in zip(tops, symbols):
            room = {"id": len(rooms) + 1, "back": back, "top": top}
            if top == "guardian":
                room["guardian"] = kinds.pop()
            chosen = rng.sample(types, n)
            room["treasures"] = sorted(chosen, key=types.index)
            rooms.append({**room, "provenance": "reconstructed"})
    doc = {
        "game": "lootnrun", "format": 1, "edition": "reconstructed-1",
        "setup": {
            "provenance": "rules", "players_min": 2, "players_max": 6, "target": 35,
            "target_by_players": Inline({"6": 30}), "decks": 2,
            "backs": Inline(red=12, yellow=18, green=24),
            "guardians": Inline(red=6, yellow=6, green=6),
            "guardian_kinds": list(GUARDIAN_KINDS),
        },
        "treasure_types": dict(LOOT_TYPES),
        "rooms": rooms,
    }
    comments = {
        "": _header("Loot N Run", "lootnrun"),
        "setup.backs": "rooms per back colour, most dangerous first",
        "setup.guardians": "guardian rooms per back colour (1 in 2 red, 1 in 3 yellow, 1 in 4 green)",
        "treasure_types": (
            "The six treasure symbols, each with the provenance of its name: cups and chests\n"
            "are known, the other four names are ours."),
        "rooms": (
            "The 54 room cards: nothing public, reconstructed. top = empty | amulet | guardian;\n"
            "guardian rooms name the guardian; treasures lists the 1-3 symbols."),
    }
    return doc, comments


# -- Silver & Gold: Pyramids -----------------------------------------------------------

#: colour → (walls, shortest-path lengths in boxes to pick from, gems, skulls, red crosses,
#: torch odds, potion odds). Corner to corner, a path always has an odd number of boxes.
PYRAMID_STYLES = {
    "green": ((4, 6), (9, 9, 11), (2, 3), (1, 2), (0, 1), 0.4, 0.25),
    "orange": ((5, 7), (9, 11, 11), (2, 4), (1, 2), (0, 1), 0.5, 0.3),
    "purple": ((6, 8), (11, 11, 13), (3, 4), (2, 3), (0, 2), 0.5, 0.35),
}
ENTRANCE, TOMB = 0, SIZE * SIZE - 1


def _pyramid_grid(rng: random.Random, colour: str) -> Rows:
    walls, paths, gems, skulls, crosses, torch_odds, potion_odds = PYRAMID_STYLES[colour]
    path = rng.choice(paths)
    inner = list(range(ENTRANCE + 1, TOMB))
    while True:  # rejection sampling: cheap, a 5x5 BFS per try
        wall_cells = set(rng.sample(inner, rng.randint(*walls)))
        open_mask = sum(1 << i for i in range(SIZE * SIZE) if i not in wall_cells)
        reach = distances(open_mask, ENTRANCE)
        if len(reach) == SIZE * SIZE - len(wall_cells) and reach.get(TOMB) == path - 1:
            break
    boxes = ["#" if i in wall_cells else "." for i in range(SIZE * SIZE)]
    boxes[ENTRANCE], boxes[TOMB] = "E", "T"
    free = [i for i in inner if boxes[i] == "."]
    rng.shuffle(free)

    def place(char: str, count: int, near: set[int] = frozenset()) -> None:
        preferred = [i for i in free if i in near] + [i for i in free if i not in near]
        for i in preferred[:count]:
            boxes[i] = char
            free.remove(i)

    for _ in range(rng.randint(*gems)):
        place(rng.choice("rg"), 1)
    place("t", int(rng.random() < torch_odds))
    place("p", int(rng.random() < potion_odds))
    good = {i for i, box in enumerate(boxes) if box in "rgtp"}
    place("s", rng.randint(*skulls), {n for i in good for n in NEIGHBOURS[i]})
    place("x", rng.randint(*crosses))
    return Rows("".join(boxes[row * SIZE:(row + 1) * SIZE]) for row in range(SIZE))


def pyramids(rng: random.Random) -> Doc:
    colours = [colour for colour in PYRAMID_STYLES for _ in range(16)]
    rng.shuffle(colours)
    cards = [{"order": order, "colour": colour, "provenance": "reconstructed",
              "grid": _pyramid_grid(rng, colour)} for order, colour in enumerate(colours, 1)]
    doc = {
        "game": "pyramids", "format": 1, "edition": "NSV/reconstructed-1",
        "rules": {
            "provenance": "rules", "players_min": 2, "players_max": 4,
            "colours": ["green", "orange", "purple"], "cards_per_colour": 16, "rounds": 4,
            "expeditions_per_round": 7, "deal": 4, "keep": 2, "display": 4,
        },
        "score": {
            "provenance": "rules", "gems_per_colour": 10, "gem_pair_points": 5,
            "single_gem_points": 1, "torches": 4, "torch_points": 5,
            "pyramid_points": [10, 6, 3], "pyramid_milestones": [2, 4, 6], "card_points": 10,
        },
        "skulls": {"provenance": "reconstructed", "penalties": [1, 1, 2, 2, 3, 4, 5, 6, 8, 10]},
        "expedition": {"provenance": "inferred",
                       "deck": ["domino", "I3", "I3", "L3", "L3", "T4", "L4", "O4"]},
        "cards": cards,
    }
    comments = {
        "": _header("Silver & Gold: Pyramids", "pyramids"),
        "rules.deal": "pyramid cards dealt to each player, of which `keep` are kept",
        "rules.display": "face-up pyramid cards next to the deck",
        "score.pyramid_points": (
            "to the 1st, 2nd, 3rd player completing a milestone (2nd/4th/6th card) of a colour"),
        "skulls": (
            "The 10 skull boxes, top row then bottom row, as positive penalties (points\n"
            "subtracted); only the worst crossed skull counts. Known: they grow and one is 6."),
        "expedition": (
            "The 8 expedition cards as grids.polyomino shape names (inferred from the\n"
            "predecessor game: it fits 8 cards with 6 patterns)."),
        "cards": (
            "The 48 pyramid cards: nothing public, reconstructed. grid rows top to bottom:\n"
            "# wall, . box, E entrance (top row), T golden tomb (bottom row), r red gem,\n"
            "g green gem, t torch, s skull, p potion, x red cross."),
    }
    return doc, comments


# -- Tomb of the Ancients --------------------------------------------------------------

MAP_SIZES = {3: 10, 4: 16, 5: 14, 6: 10}
MAP_ADJECTIVES = ("Sunken", "Jackal", "Broken", "Silent", "Gilded", "Crimson", "Hidden",
                  "Scarab", "Howling", "Forgotten", "Burning", "Ivory")
MAP_NOUNS = ("Stair", "Altar", "Gate", "Well", "Shrine", "Causeway", "Obelisk", "Vault",
             "Idol", "Sarcophagus", "Oasis", "Court")


def _random_pattern(rng: random.Random, size: int) -> tuple[tuple[int, int, str], ...]:
    """Connected cells grown one neighbour at a time, each black or white, normalised."""
    while True:
        cells = [(0, 0)]
        while len(cells) < size:
            r, c = rng.choice(cells)
            dr, dc = rng.choice(((-1, 0), (1, 0), (0, -1), (0, 1)))
            if (r + dr, c + dc) not in cells:
                cells.append((r + dr, c + dc))
        top, left = min(r for r, _ in cells), min(c for _, c in cells)
        cells = [(r - top, c - left) for r, c in cells]
        if max(r for r, _ in cells) < SIZE and max(c for _, c in cells) < SIZE:
            return tuple(sorted((r, c, rng.choice("BW")) for r, c in cells))


def _canonical(cells: tuple[tuple[int, int, str], ...]) -> tuple:
    forms = []
    for _ in range(4):  # rotations only: map cards are never mirrored
        cells = tuple((c, -r, colour) for r, c, colour in cells)
        top, left = min(r for r, _, _ in cells), min(c for _, c, _ in cells)
        forms.append(tuple(sorted((r - top, c - left, colour) for r, c, colour in cells)))
    return min(forms)


def _rows(cells: tuple[tuple[int, int, str], ...]) -> Rows:
    height = max(r for r, _, _ in cells) + 1
    width = max(c for _, c, _ in cells) + 1
    grid = [["."] * width for _ in range(height)]
    for r, c, colour in cells:
        grid[r][c] = colour
    return Rows("".join(row) for row in grid)


def ancients(rng: random.Random) -> Doc:
    sizes = [size for size, count in MAP_SIZES.items() for _ in range(count)]
    rng.shuffle(sizes)
    names = rng.sample([f"{a} {n}" for a in MAP_ADJECTIVES for n in MAP_NOUNS], len(sizes))
    spaces = [(cell, token) for cell in range(SIZE * SIZE) for token in ("black", "white")]
    rng.shuffle(spaces)
    seen: set[tuple] = set()
    maps = []
    for map_id, (size, name, (space, token)) in enumerate(zip(sizes, names, spaces), 1):
        cells = _random_pattern(rng, size)
        while _canonical(cells) in seen:
            cells = _random_pattern(rng, size)
        seen.add(_canonical(cells))
        blacks = sum(colour == "B" for _, _, colour in cells)
        maps.append({"id": map_id, "name": name, "points": size - 2 + min(blacks, size - blacks),
                     "space": cell_name(space), "token": token, "provenance": "reconstructed",
                     "pattern": _rows(cells)})
    doc = {
        "game": "ancients", "format": 1, "edition": "beta-2.16/reconstructed-1",
        "rules": {
            "provenance": "rules", "players_min": 2, "players_max": 6, "deck_size": 50,
            "shops": [4, 3, 2, 1],
            "removed_by_players": Inline({"2": 18, "3": 10, "4": 7, "5": 3, "6": 0}),
            "start_money": 4, "start_sand": 1, "pack_limit": 4,
        },
        "maps": maps,
    }
    comments = {
        "": _header("Tomb of the Ancients (beta 2.16)", "ancients",
                    "Beta cards change between versions: the edition names the rules version\n"
                    "and the version of this reconstruction."),
        "rules.shops": "stall prices, dearest first",
        "rules.removed_by_players": "map cards removed from the deck after setup",
        "maps": (
            "The 50 map cards: nothing public, reconstructed. pattern rows: B black token,\n"
            "W white token, . not part of the pattern (rotate, never mirror). space and\n"
            "token: where the card adds (or removes) a sand token entering the market.\n"
            "Selling an artifact is assumed to pay its points in dollars."),
    }
    return doc, comments


# -- driver -----------------------------------------------------------------------------

_BUILDERS: dict[str, Callable[[], Doc]] = {
    "pyramids": lambda: pyramids(random.Random(f"{SEED}/pyramids")),
    "ancients": lambda: ancients(random.Random(f"{SEED}/ancients")),
    "archaeology": archaeology,
    "expedition": expedition,
    "lootnrun": lambda: lootnrun(random.Random(f"{SEED}/lootnrun")),
}


def render(game_id: str) -> str:
    """The TOML text of ``game_id``'s bundled file, validated."""
    doc, comments = _BUILDERS[game_id]()
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
    for game_id in GAME_IDS:
        text, path = render(game_id), bundled_path(game_id)
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current != text:
            stale.append(path)
            if not args.check:
                path.write_text(text, encoding="utf-8", newline="\n")
    for path in stale:
        print(f"{'differs' if args.check else 'wrote'}: {path}", file=sys.stderr)
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
