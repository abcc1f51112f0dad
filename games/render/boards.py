"""The grid games' boards as SVG, built from small functions (after python-chess's
``chess.svg``). Below the solvers: a plan is drawn from plain values (its finds are any
objects with ``map``, ``rotation``, ``at`` and ``tokens_spent``, e.g.
``solvers.results.PlannedFind``), so ``cli/`` and the analysis board draw with the same
functions (``cli/pictures.py`` is their adapter to the solvers' typed results).

Two pictures, each a plain SVG string with fixed geometry (so a test can find a cell):

* **Pyramids** (:func:`pyramids_svg`): the cards a seat kept and acquired in a plan or a
  game, side by side, each a 5x5 grid with its icons drawn — red and green gems, torches,
  skulls, potions, red crosses, the tomb, the entrance, walls — and every crossed box
  filled with the colour of its round and numbered by its expedition step (1 is the first
  card of round 1, counting on through the rounds). :func:`pyramid_tracks` replays the
  moves through the engine to find which box was crossed when.
* **Tomb of the Ancients** (:func:`ancients_plan_svg`): the sand board before and after a
  dig plan, each find outlined in its own colour and numbered in plan order, and the map
  cards of the plan with their patterns.

Geometry: ``CELL`` pixels a box, ``GAP`` between boards, ``MARGIN`` around; the top-left of
box ``c`` (0 = A1, row by row) of board ``k`` is :func:`cell_origin` ``(k, c)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any, Protocol, Sequence

from cards_data.ancients import AncientsData
from cards_data.pyramids import PyramidCard, PyramidsData
from games import registry
from games.ancients import rules_for
from games.ancients.moves import Find as FindMove
from games.ancients.rules import MapInfo
from games.errors import DigsiteError, InternalFault
from games.pyramids.moves import Cross
from games.record import resolve_fixed_chance
from games.table import plural
from grids import SIZE, Placement, parse_cell

__all__ = ["CELL", "GAP", "MARGIN", "TOP", "ROUND_COLOURS", "SAND", "FIND_COLOURS",
           "CardTrack", "Find", "cell_origin", "pyramid_tracks", "pyramid_tracks_of_state",
           "pyramid_dealt",
           "pyramids_svg", "pyramid_card", "pyramid_icon", "pyramid_icon_defs", "sand_board",
           "map_card", "map_card_height", "ancients_plan_svg", "ancients_board_svg",
           "find_masks", "ancients_turns_svg", "message_svg", "svg_document", "svg_text",
           "PER_LINE"]

CELL = 40
GAP = 28
MARGIN = 16
TOP = 64  # room for the title and a board's caption
BOARD = CELL * SIZE
#: Round colours (Okabe-Ito, readable by colour-blind eyes): rounds 1-4.
ROUND_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7")
SAND = "#F3E3C3"
WALL = "#5B4A3A"
LINE = "#8A7355"
INK = "#222222"
CARD_COLOURS = {"green": "#3C8D2F", "orange": "#E07B00", "purple": "#7B3FA0"}
#: Outline colours of the finds of a dig, in plan order.
FIND_COLOURS = ("#D7191C", "#2C7BB6", "#1A9641", "#F29E00", "#8E44AD", "#00A6A6")


#: Boards on one line of a picture; more go on the next line (four keep a card readable
#: where the page fits the picture to its width).
PER_LINE = 4
LINE_HEIGHT = BOARD + TOP


def cell_origin(board: int, cell: int) -> tuple[int, int]:
    """Top-left pixel of box ``cell`` of the ``board``-th board (left to right, then on
    the next line after ``PER_LINE`` boards)."""
    row, col = divmod(cell, SIZE)
    line, place = divmod(board, PER_LINE)
    return MARGIN + place * (BOARD + GAP) + col * CELL, TOP + line * LINE_HEIGHT + row * CELL


def svg_document(width: int, height: int, title: str, body: list[str]) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" '
            f'xmlns:xlink="http://www.w3.org/1999/xlink" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif">\n'
            f"<title>{escape(title)}</title>\n"
            f'<rect width="{width}" height="{height}" fill="#FFFFFF"/>\n'
            + "\n".join(body) + "\n</svg>\n")


def svg_text(x: float, y: float, text: str, *, size: float = 12, fill: str = INK,
          anchor: str = "start", weight: str = "normal") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" fill="{fill}" '
            f'text-anchor="{anchor}" font-weight="{weight}">{escape(text)}</text>')


# --- Pyramids ----------------------------------------------------------------------------

#: The icons of the pyramid-card symbols, each drawn once in a 100 x 100 box (a <symbol>)
#: and placed with <use> wherever a box shows it.
_ICON_SHAPES = {
    "r": ("red-gem", '<polygon points="50,18 76,50 50,82 24,50" fill="#D62728" '
                     'stroke="#222222" stroke-width="2.5"/>'),
    "g": ("green-gem", '<polygon points="50,18 76,50 50,82 24,50" fill="#2CA02C" '
                       'stroke="#222222" stroke-width="2.5"/>'),
    "t": ("torch", '<rect x="44" y="48" width="12" height="36" fill="#8C564B"/>'
                   '<ellipse cx="50" cy="36" rx="14" ry="20" fill="#FF7F0E"/>'
                   '<ellipse cx="50" cy="40" rx="6" ry="10" fill="#FFD700"/>'),
    "s": ("skull", '<circle cx="50" cy="46" r="24" fill="#EEEEEE" stroke="#222222" '
                   'stroke-width="2.5"/><rect x="37" y="64" width="26" height="14" '
                   'fill="#EEEEEE" stroke="#222222" stroke-width="2.5"/>'
                   '<circle cx="40" cy="45" r="6" fill="#222222"/>'
                   '<circle cx="60" cy="45" r="6" fill="#222222"/>'),
    "p": ("potion", '<rect x="44" y="20" width="12" height="20" fill="#BBBBBB" '
                    'stroke="#222222" stroke-width="2"/><circle cx="50" cy="58" r="22" '
                    'fill="#4A90D9" stroke="#222222" stroke-width="2.5"/>'),
    "x": ("red-cross", '<rect x="18" y="40" width="64" height="20" fill="#E31A1C"/>'
                       '<rect x="40" y="18" width="20" height="64" fill="#E31A1C"/>'),
    "T": ("tomb", '<path d="M25,80 L25,45 A25,25 0 0 1 75,45 L75,80 Z" fill="#C9A227" '
                  'stroke="#222222" stroke-width="3"/>'
                  '<rect x="41" y="50" width="18" height="30" fill="#222222"/>'),
    "E": ("entrance", '<polygon points="22,33 78,33 50,72" fill="#1F4E79"/>'),
}
#: What the legend calls each symbol.
ICON_NAMES = {"r": "red gem", "g": "green gem", "t": "torch", "s": "skull", "p": "potion",
              "x": "red cross", "T": "tomb", "E": "entrance", "#": "wall"}


def pyramid_icon(symbol: str, cx: float, cy: float, size: float) -> str:
    """The icon of a pyramid-card box symbol (``r g t s p x T E``) centred at ``(cx, cy)``
    in a box of ``size``, or '' for none: a ``<use>`` of its definition
    (:func:`pyramid_icon_defs`), so each icon's shapes are written once."""
    if symbol not in _ICON_SHAPES:
        return ""
    half = size / 2
    return (f'<use xlink:href="#icon-{_ICON_SHAPES[symbol][0]}" x="{cx - half:.1f}" '
            f'y="{cy - half:.1f}" width="{size:.1f}" height="{size:.1f}"/>')


def pyramid_icon_defs() -> str:
    """The ``<defs>`` of every pyramid icon, drawn in a 100 x 100 box."""
    symbols = [f'<symbol id="icon-{name}" viewBox="0 0 100 100">{shapes}</symbol>'
               for name, shapes in _ICON_SHAPES.values()]
    return "<defs>\n" + "\n".join(symbols) + "\n</defs>"


@dataclass
class CardTrack:
    """One pyramid card a seat held: when it came and which box was crossed when."""

    order: int
    came: str  # "kept" or "round R, step S"
    crossed: dict[int, tuple[int, int]] = field(default_factory=dict)  # cell -> (round, step)
    completed: bool = False


def pyramid_card(card: PyramidCard, track: CardTrack, board: int) -> str:
    """One card: its caption, its 25 boxes with icons, crossed boxes in round colours."""
    x0, y0 = cell_origin(board, 0)
    grid = "".join(card.grid)
    parts = [svg_text(x0, y0 - 24, f"card {card.order} ({card.colour})", size=13,
                      weight="bold", fill=CARD_COLOURS.get(card.colour, INK)),
             svg_text(x0, y0 - 8, track.came + (" — completed" if track.completed else ""),
                      size=11)]
    boxes, icons, numbers = [], [], []
    for cell, symbol in enumerate(grid):
        x, y = cell_origin(board, cell)
        crossed = track.crossed.get(cell)
        fill = WALL if symbol == "#" else (ROUND_COLOURS[(crossed[0] - 1) % 4] if crossed
                                           else SAND)
        boxes.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}"/>')
        if crossed:
            icons.append(pyramid_icon(symbol, x + CELL * 0.78, y + CELL * 0.22, CELL * 0.4))
            numbers.append(f'<text x="{x + CELL // 2}" y="{y + CELL * 0.68:.0f}">'
                           f"{crossed[1]}</text>")
        else:
            icons.append(pyramid_icon(symbol, x + CELL / 2, y + CELL / 2, CELL))
    parts.append(f'<g stroke="{LINE}" stroke-width="1">' + "".join(boxes) + "</g>")
    parts.extend(i for i in icons if i)
    parts.append(f'<g fill="#FFFFFF" text-anchor="middle" font-weight="bold" '
                 f'font-size="{CELL * 0.42:.0f}">' + "".join(numbers) + "</g>")
    parts.append(f'<rect x="{x0}" y="{y0}" width="{BOARD}" height="{BOARD}" fill="none" '
                 f'stroke="{INK}" stroke-width="2"/>')
    return "\n".join(parts)


def _legend_pyramids_width(rounds: int) -> int:
    """Where ``_legend_pyramids``'s row ends (its last label included)."""
    return MARGIN + 86 * rounds + 10 + sum(30 + 7 * len(name) for name in ICON_NAMES.values())


def _legend_pyramids(y: float, rounds: int) -> list[str]:
    parts = []
    x = MARGIN
    for r in range(rounds):
        parts.append(f'<rect x="{x}" y="{y}" width="16" height="16" '
                     f'fill="{ROUND_COLOURS[r % 4]}"/>')
        parts.append(svg_text(x + 22, y + 13, f"round {r + 1}"))
        x += 86
    x += 10
    for symbol, name in ICON_NAMES.items():
        if symbol == "#":
            parts.append(f'<rect x="{x}" y="{y}" width="16" height="16" fill="{WALL}"/>')
        else:
            parts.append(pyramid_icon(symbol, x + 8, y + 8, 22))
        parts.append(svg_text(x + 20, y + 13, name, size=11))
        x += 30 + 7 * len(name)
    return parts


def pyramids_svg(tracks: Sequence[CardTrack], data: PyramidsData, *, title: str,
                 rounds: int = 4) -> str:
    """The cards of ``tracks`` side by side (``PER_LINE`` to a line, as ``cell_origin``
    places them), with a legend and a title line."""
    lines = max(1, -(-len(tracks) // PER_LINE))
    width = max(2 * MARGIN + min(len(tracks), PER_LINE) * (BOARD + GAP) - GAP, 900,
                _legend_pyramids_width(rounds) + MARGIN)  # (4 rounds' legend: about 1,040)
    bottom = TOP + (lines - 1) * LINE_HEIGHT + BOARD  # the last line's boards end here
    height = bottom + 60
    body = [pyramid_icon_defs(), svg_text(MARGIN, 16, title, size=13, weight="bold")]
    for k, track in enumerate(tracks):
        body.append(pyramid_card(data.card(track.order), track, k))
    body += _legend_pyramids(bottom + 22, rounds)
    return svg_document(width, height, title, body)


def pyramid_tracks(deal: dict[str, Any], moves: Sequence[str], data: PyramidsData, *,
                   seat: int = 0) -> list[CardTrack]:
    """Replay ``moves`` (engine move texts) of a Pyramids ``deal`` and follow every card
    ``seat`` held: the kept cards first, then each acquired card in order."""
    engine = registry.engine("pyramids")
    state = engine.state_from_deal(deal, data)
    per_round = deal.get("steps_per_round", 7)
    tracks: dict[int, CardTrack] = {}
    order: list[int] = []
    for text in moves:
        resolve_fixed_chance(state)
        before = state.to_json()
        move = engine.parse_move(state, text)
        state.apply(move)
        resolve_fixed_chance(state)
        after = state.to_json()
        mine_after = after["seats"][seat]
        for card in mine_after["hand"]:
            if card is not None and card not in tracks:
                came = ("kept" if before["phase"] == "keep"
                        else f"round {before['round']}, step {before['step']}")
                tracks[card] = CardTrack(card, came)
                order.append(card)
        if before["phase"] != "cross" or before["to_move"] != seat or \
                not isinstance(move, Cross):
            continue
        step = (before["round"] - 1) * per_round + before["step"]
        crossings = [(move.card, c) for c in range(SIZE * SIZE) if move.cells >> c & 1]
        for card, cell in crossings + list(move.extras):
            tracks[card].crossed.setdefault(cell, (before["round"], step))
        for card in mine_after["completed"]:
            if card in tracks:
                tracks[card].completed = True
    return [tracks[c] for c in order]


# --- Tomb of the Ancients --------------------------------------------------------------

def _token(x: float, y: float, colour: str) -> str:
    fill, stroke = ("#1A1A1A", "#000000") if colour == "B" else ("#FAFAFA", "#555555")
    return (f'<circle cx="{x + CELL / 2:.1f}" cy="{y + CELL / 2:.1f}" r="{CELL * 0.36:.1f}" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>')


def _outline(board: int, mask: int, colour: str, inset: int = 2) -> list[str]:
    """The border of the boxes of ``mask`` as thick lines, ``inset`` pixels inside it so
    that finds sharing boxes stay apart. Each box draws its sides that face outside; a
    side runs on to meet the next one around an inner (concave) corner."""
    def inside(row: int, col: int) -> bool:
        return 0 <= row < SIZE and 0 <= col < SIZE and bool(mask >> (row * SIZE + col) & 1)

    def end(along: bool, corner: bool) -> int:
        # where a side stops: short of a convex corner, past an inner one
        return inset if not along else (-inset if corner else 0)

    parts = []
    for cell in range(SIZE * SIZE):
        if not mask >> cell & 1:
            continue
        x, y = cell_origin(board, cell)
        r, c = divmod(cell, SIZE)
        sides = []
        if not inside(r - 1, c):  # top
            sides.append((x + end(inside(r, c - 1), inside(r - 1, c - 1)), y + inset,
                          x + CELL - end(inside(r, c + 1), inside(r - 1, c + 1)), y + inset))
        if not inside(r + 1, c):  # bottom
            sides.append((x + end(inside(r, c - 1), inside(r + 1, c - 1)), y + CELL - inset,
                          x + CELL - end(inside(r, c + 1), inside(r + 1, c + 1)),
                          y + CELL - inset))
        if not inside(r, c - 1):  # left
            sides.append((x + inset, y + end(inside(r - 1, c), inside(r - 1, c - 1)),
                          x + inset, y + CELL - end(inside(r + 1, c), inside(r + 1, c - 1))))
        if not inside(r, c + 1):  # right
            sides.append((x + CELL - inset, y + end(inside(r - 1, c), inside(r - 1, c + 1)),
                          x + CELL - inset,
                          y + CELL - end(inside(r + 1, c), inside(r + 1, c + 1))))
        for x1, y1, x2, y2 in sides:
            parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" '
                         f'stroke-width="4" stroke-linecap="square"/>')
    return parts


def sand_board(rows: Sequence[str], board: int, *, caption: str,
               finds: Sequence[tuple[int, int]] = ()) -> str:
    """A 5x5 sand board (``rows`` of ``B``/``W``/``.``) with ``finds`` ``(number, mask)``
    outlined and numbered."""
    x0, y0 = cell_origin(board, 0)
    parts = [svg_text(x0, y0 - 10, caption, size=13, weight="bold")]
    for cell in range(SIZE * SIZE):
        x, y = cell_origin(board, cell)
        parts.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{SAND}" '
                     f'stroke="{LINE}" stroke-width="1"/>')
        symbol = rows[cell // SIZE][cell % SIZE]
        if symbol in "BW":
            parts.append(_token(x, y, symbol))
    for number, mask in finds:
        colour = FIND_COLOURS[(number - 1) % len(FIND_COLOURS)]
        inset = 2 + 4 * ((number - 1) % 3)
        parts += _outline(board, mask, colour, inset)
        first = (mask & -mask).bit_length() - 1
        x, y = cell_origin(board, first)
        cx, cy = x + inset + 8, y + inset + 8
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="8" fill="{colour}"/>')
        parts.append(svg_text(cx, cy + 4, str(number), size=11, fill="#FFFFFF",
                           anchor="middle", weight="bold"))
    parts.append(f'<rect x="{x0}" y="{y0}" width="{BOARD}" height="{BOARD}" fill="none" '
                 f'stroke="{INK}" stroke-width="2"/>')
    for c in range(SIZE):
        parts.append(svg_text(x0 + c * CELL + CELL / 2, y0 + BOARD + 13, "ABCDE"[c], size=10,
                           anchor="middle"))
        parts.append(svg_text(x0 - 4, y0 + c * CELL + CELL / 2 + 4, str(c + 1), size=10,
                           anchor="end"))
    return "\n".join(parts)


def _pattern(info: MapInfo) -> Placement:
    """A map card's pattern as printed: rotation 0 at A1 (every pattern fits there)."""
    placement = info.placement(0, 0)
    if placement is None:
        raise ValueError(f"map {info.id}: its pattern does not fit at A1")
    return placement


def map_card_height(info: MapInfo, cell: int = 16) -> int:
    """Pixels :func:`map_card` takes from top to bottom."""
    mask = _pattern(info).mask
    rows = max(c // SIZE for c in range(25) if mask >> c & 1) + 1
    return 16 + rows * cell


def map_card(info: MapInfo, x: float, y: float, *, number: int | None = None,
             cell: int = 16) -> str:
    """A map card: its pattern (rotation 0) on a small grid, id, name and points."""
    placement = _pattern(info)
    cols = max(c % SIZE for c in range(25) if placement.mask >> c & 1) + 1
    rows = max(c // SIZE for c in range(25) if placement.mask >> c & 1) + 1
    colour = FIND_COLOURS[(number - 1) % len(FIND_COLOURS)] if number else INK
    label = (f"{number}. " if number else "") + f"map {info.id} {info.name}, {info.points} pts"
    parts = [svg_text(x, y + 11, label, size=11, fill=colour, weight="bold")]
    for r in range(rows):
        for c in range(cols):
            bit = 1 << (r * SIZE + c)
            px, py = x + c * cell, y + 16 + r * cell
            if placement.mask & bit:
                fill = "#1A1A1A" if placement.black & bit else "#FAFAFA"
                parts.append(f'<rect x="{px}" y="{py}" width="{cell}" height="{cell}" '
                             f'fill="{fill}" stroke="{LINE}" stroke-width="1"/>')
    return "\n".join(parts)


class Find(Protocol):
    """A find of a dig plan, as the board draws it (``solvers.results.PlannedFind``)."""

    @property
    def map(self) -> int: ...
    @property
    def rotation(self) -> int: ...
    @property
    def at(self) -> str: ...
    @property
    def tokens_spent(self) -> int: ...


def _placed(info: MapInfo, rotation: int, anchor: int) -> int:
    """The box mask of ``info``'s pattern placed there (a plan's or a move's placement:
    one the rules allow, so it exists)."""
    placement = info.placement(rotation, anchor)
    if placement is None:
        raise ValueError(f"map {info.id} has no placement at rotation {rotation}, "
                         f"cell {anchor}")
    return placement.mask


def find_masks(finds: Sequence[Find], data: AncientsData) -> list[int]:
    """The box mask of each find of a plan."""
    cat = rules_for(data)
    return [_placed(cat.maps[f.map], f.rotation // 90, parse_cell(f.at)) for f in finds]


def ancients_plan_svg(before: Sequence[str], finds: Sequence[Find], after: Sequence[str],
                      data: AncientsData, *, points: float, tokens_spent: int,
                      title: str) -> str:
    """The board ``before`` and ``after`` a dig plan's ``finds`` (``digsite plan``), finds
    outlined and numbered on both, and the map cards found; ``points`` for
    ``tokens_spent`` sand tokens in its legend."""
    masks = find_masks(finds, data)
    numbered = list(enumerate(masks, start=1))
    cat = rules_for(data)
    legend_y = TOP + BOARD + 30
    rows_of_maps = max(1, len(finds))
    height = legend_y + rows_of_maps * 0 + 110
    width = 2 * MARGIN + 2 * BOARD + GAP + 260
    body = [svg_text(MARGIN, 16, title, size=13, weight="bold"),
            sand_board(before, 0, caption="before", finds=numbered),
            sand_board(list(after), 1, caption="after", finds=numbered)]
    x = MARGIN + 2 * (BOARD + GAP)
    y = TOP
    for number, f in enumerate(finds, start=1):
        body.append(map_card(cat.maps[f.map], x, y, number=number))
        at = f"rotated {f.rotation}° at {f.at}, {plural(f.tokens_spent, 'token')}"
        y += map_card_height(cat.maps[f.map]) + 14
        body.append(svg_text(x, y, at, size=10))
        y += 16
    if not finds:
        body.append(svg_text(x, y + 12, "no find is possible this turn"))
    height = max(height, y + 20)
    body.append(svg_text(MARGIN, legend_y + 10,
                      f"{plural(points, 'point')} for {plural(tokens_spent, 'sand token')}",
                      size=11))
    body.append(svg_text(MARGIN, legend_y + 26, "discs: sand tokens; outlines: the finds, "
                      "numbered in plan order", size=11))
    return svg_document(width, height, title, body)


def ancients_turns_svg(deal: dict[str, Any], turns: Sequence[Sequence[str]],
                       data: AncientsData, *, title: str) -> str:
    """A solo game or best-score plan of Tomb of the Ancients, one board per dig: the
    board after the dig, that dig's finds outlined and numbered (``turns``: the engine
    move texts of each whole turn)."""
    engine = registry.engine("ancients")
    cat = rules_for(data)
    state = engine.state_from_deal(deal, data)
    boards = []
    for number, turn in enumerate(turns, start=1):
        finds: list[tuple[int, int]] = []
        for text in turn:
            try:
                move = engine.parse_move(state, text)
            except DigsiteError as error:  # the turns are a solver's plan, not user input
                raise InternalFault(f"the plan's turn {number} does not replay: {error}") from error
            state.apply(move)
            if isinstance(move, FindMove):
                finds.append((len(finds) + 1, _placed(cat.maps[move.map], move.rotation,
                                                      move.anchor)))
        # the refill the turn drew: ``turns`` hold the seat's moves only, as a record does
        resolve_fixed_chance(state)
        if finds:
            boards.append((number, list(state.to_json()["board"]), finds, turn))
    lines = max(1, -(-len(boards) // PER_LINE))
    width = 2 * MARGIN + min(max(len(boards), 1), PER_LINE) * (BOARD + GAP) - GAP
    height = TOP + (lines - 1) * LINE_HEIGHT + BOARD + 24
    body = [svg_text(MARGIN, 16, title, size=13, weight="bold")]
    for k, (number, rows, finds, turn) in enumerate(boards):
        maps = ", ".join(t.split()[1] for t in turn if t.startswith("find "))
        body.append(sand_board(rows, k, caption=f"turn {number}: maps {maps}", finds=finds))
    if not boards:
        body.append(svg_text(MARGIN, TOP, "no dig in this game"))
    return svg_document(max(width, 400), height, title, body)


# --- one position (the analysis board) --------------------------------------------------

def pyramid_tracks_of_state(state: dict[str, Any], seat: int) -> list[CardTrack]:
    """A Pyramids seat's cards from a state alone (``state.to_json()``; a view, whose move
    order is not known): every crossed box shown as of round 1, unnumbered."""
    seat_json = state["seats"][seat]
    tracks = []
    for card, crossed in zip(seat_json["hand"], seat_json["crossed"]):
        if card is None:
            continue
        track = CardTrack(card, "held")
        for cell in range(SIZE * SIZE):
            if crossed >> cell & 1:
                track.crossed[cell] = (1, 0)
        tracks.append(track)
    return tracks


def pyramid_dealt(state: dict[str, Any], seat: int) -> list[CardTrack]:
    """The cards dealt to a Pyramids seat that has kept none yet (``state.to_json()`` or
    a view; none once it keeps, or where the view hides them), each captioned with the
    choice to make."""
    seat_json = state["seats"][seat]
    dealt = [card for card in seat_json.get("dealt") or [] if card is not None]
    if any(card is not None for card in seat_json["hand"]):
        return []
    came = f"dealt: keep {len(seat_json['hand'])} of these {len(dealt)}"
    return [CardTrack(card, came) for card in dealt]


def message_svg(title: str, message: str) -> str:
    """A picture with nothing to draw but a title and a line saying why."""
    return svg_document(520, 90, title, [svg_text(MARGIN, 24, title, size=13, weight="bold"),
                                         svg_text(MARGIN, 60, message)])


def ancients_board_svg(state: dict[str, Any], seat: int, data: AncientsData, *,
                       title: str) -> str:
    """A Tomb of the Ancients position (``state.to_json()`` or a view): the sands,
    ``seat``'s money, tokens, artifacts and pack, and the market's map cards with their
    patterns and shop prices."""
    mine = state["seats"][seat]
    cat = rules_for(data)
    x = 2 * MARGIN + BOARD + 24
    body = [svg_text(MARGIN, 16, title, size=13, weight="bold"),
            sand_board(list(state["board"]), 0, caption="the sands")]
    lines = [f"money: {mine['money']} · sand tokens: {mine['sand']}",
             f"artifacts: {len(mine['artifacts'])} · maps in pack: {len(mine['pack'])}",
             f"turns played: {state.get('turns', 0)}"]
    for k, line in enumerate(lines):
        body.append(svg_text(x, TOP - 6 + 20 * k, line, size=13))
    y = TOP + 60
    body.append(svg_text(x, y, "market", size=13, weight="bold"))
    bottom = y
    for k, slot in enumerate(state["market"]):
        mx, my = x + (k % 2) * 250, y + 10 + (k // 2) * 96
        # (each shop by its price, as the moves and the table's words name it: "the $4
        # shop + a token"; "shop 4" read as the fourth shop)
        if slot.get("map") is None:        # a shop the deck no longer fills
            body.append(svg_text(mx, my + 12, f"${slot['shop']} shop: empty", size=10))
            bottom = max(bottom, my + 16)
            continue
        info = cat.maps[slot["map"]]
        body.append(map_card(info, mx, my))
        body.append(svg_text(mx, my + map_card_height(info) + 12,
                             f"${slot['shop']} shop" + (" + a token" if slot.get("token")
                                                        else ""), size=10))
        bottom = max(bottom, my + map_card_height(info) + 16)
    # the pack's maps drawn too, as the market's are: which finds the seat can make
    y = bottom + 24
    body.append(svg_text(x, y, "pack" + ("" if mine["pack"] else ": no map"), size=13,
                         weight="bold"))
    bottom = y
    for k, card in enumerate(mine["pack"]):
        info = cat.maps[card]
        mx, my = x + (k % 2) * 250, y + 10 + (k // 2) * 96
        body.append(map_card(info, mx, my))
        bottom = max(bottom, my + map_card_height(info) + 4)
    return svg_document(x + 500, max(TOP + BOARD + 30, bottom + 16), title, body)
