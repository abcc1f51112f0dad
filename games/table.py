"""The table in words: the helpers every engine's presentation module shares.

Each engine family has a presentation module (``games/<family>/table.py``) with the
optional protocol members of ``games.protocol`` that put a game in a player's words:
``describe_position`` (what a seat sees, a screen of lines), ``describe_event`` (one move
as a seat saw it happen, hidden cards kept hidden), ``describe_decision`` (what the
decision asks of the seat), ``describe_result`` (who won and why) and ``decisions`` (the
legal moves as whole decisions). They return text and print nothing: ``digsite play``
prints them, and a server can send them (issue 24).

Seats are named from the reader's side: ``you`` for the reader's seat, ``seat N`` for the
others, or the labels a caller gives (``names``: ``["you", "seat 1 (greedy)"]``).

>>> seat_name(1, 0), seat_name(0, 0), seat_name(2, None, ["a", "b", "seat 2 (pimc)"])
('seat 1', 'you', 'seat 2 (pimc)')
>>> print("\\n".join(side_by_side([["ab", "c"], ["x"]], gap=2)))
ab  x
c
>>> plural(1, "card"), plural(3, "card"), plural(2, "box", "boxes")
('1 card', '3 cards', '2 boxes')
>>> said_of("you have no room in front of you: with none you must loot", "seat 2")
'seat 2 has no room in front of it: with none it must loot'
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from .errors import DigsiteError, IllegalMoveError, InvalidMoveError

__all__ = ["seat_name", "possessive", "side_by_side", "plural", "ordinal", "about",
           "shape_rows", "said_of", "said_to", "SECOND_PERSON_VERBS", "card_names",
           "owed_refusal", "owed_suggestion", "either"]


def seat_name(seat: int, viewer: int | None, names: Sequence[str] | None = None) -> str:
    """How the reader (``viewer``'s seat) calls ``seat``: ``names[seat]`` when given, else
    ``you`` for its own seat and ``seat N`` for the others."""
    if names is not None:
        return names[seat]
    return "you" if seat == viewer else f"seat {seat}"


def card_names(data: object) -> dict[str, str]:
    """Each card of ``data`` by its printed name, keyed by its name in the move text
    (``pharaohs_mask``: ``pharaoh's mask``): the treasures of the card data that names them
    (both Archaeology editions); empty for the others.

    >>> import cards_data
    >>> card_names(cards_data.load("expedition"))["pharaohs_mask"]
    "pharaoh's mask"
    """
    treasures = getattr(data, "treasures", None) or {}
    return {key: str(treasure.name) for key, treasure in treasures.items()}


def owed_refusal(forced: tuple[str, str], verbs: Iterable[str], text: str,
                 refused: DigsiteError) -> str | None:
    """What a refusal of ``text`` says at a decision owed first (``forced``: a ``Game``'s
    ``forced_decision``, whose moves are written with ``verbs``): for a move of another
    kind, the decision and its moves (``forced[1]``: "you first decide on your tent at the
    sandstorm: tent use or tent keep", where the engine said "(moves: tent)"); for one of
    its own kind ``refused`` with the legal moves and no rule (no ``reason``), the refusal
    and what the decision asks (``"move 'look D' is not legal here (you sold at the
    Temple: look A, B, C or none)"``, not the engine's legal list); ``None`` otherwise (the
    refusal's own rule says what is wrong).

    >>> owed_refusal(("you, the sandstorm: tent use or keep", "you first decide on your "
    ...               "tent: tent use or tent keep"), ["tent"], "card", DigsiteError("?"))
    'you first decide on your tent: tent use or tent keep'
    """
    words = text.split()
    if not words or words[0].lower() not in {v.lower() for v in verbs}:
        return forced[1]
    if isinstance(refused, IllegalMoveError) and refused.reason is None and \
            refused.legal is not None:
        return f"{refused.said} ({forced[0]})"
    return None


def owed_suggestion(verbs: Iterable[str], refused: DigsiteError) -> str | None:
    """The move ``refused`` suggests (``did you mean `stop`?`` of ``stpo``) when it is a
    move of the decision owed first (written with ``verbs``), which ``owed_refusal``'s
    words leave out: said after them, as every other prompt says a close miss (the Mine's
    "draw or stop" said only "you first decide at the Mine: draw or stop"); ``None``
    otherwise.

    A move of another kind typed whole (its verb read: not ``unknown_verb``) suggests
    nothing: ``sell 2`` at the thief's "steal 1 or 2" said "did you mean `steal 2`?", a
    spelling likeness of another verb, the number alone shared.

    >>> owed_suggestion(["draw", "stop"], InvalidMoveError("?", unknown_verb=True,
    ...                                                    suggestion="stop"))
    'stop'
    >>> owed_suggestion(["draw", "stop"], InvalidMoveError("?", suggestion="sell coin 1"))
    >>> owed_suggestion(["steal"], InvalidMoveError("?", suggestion="steal 2"))
    """
    if not isinstance(refused, InvalidMoveError) or refused.suggestion is None \
            or not refused.unknown_verb:
        return None
    return refused.suggestion if refused.suggestion.split()[0] in set(verbs) else None


def either(words: Sequence[str]) -> str:
    """The choices of a decision as a prompt lists them, the last after "or" (the thief's
    "steal 1 or 2", the Temple's looks).

    >>> either(["look A", "look B", "look none"])
    'look A, look B or look none'
    >>> either(["stop"])
    'stop'
    """
    return f"{', '.join(words[:-1])} or {words[-1]}" if len(words) > 1 else "".join(words)


def all_of(words: Sequence[str]) -> str:
    """Items told together, the last after "and" (a seat's whole discard: "a pot shard
    and 2 coins").

    >>> all_of(["a pot shard", "a coin", "2 talismans"])
    'a pot shard, a coin and 2 talismans'
    >>> all_of(["4 pot shards"])
    '4 pot shards'
    """
    return f"{', '.join(words[:-1])} and {words[-1]}" if len(words) > 1 else "".join(words)


def possessive(name: str) -> str:
    """``you`` -> ``your``, ``seat 1`` -> ``seat 1's``."""
    return "your" if name == "you" else f"{name}'s"


#: The verbs the engines' refusals (``why_illegal``) put after "you", with the form they take
#: after a seat's name or "it" (``said_of``); a refusal with a new one adds it here (a test
#: reads every ``why_illegal`` for them).
SECOND_PERSON_VERBS = {"are": "is", "have": "has", "hold": "holds", "keep": "keeps",
                       "need": "needs", "can": "can", "cannot": "cannot", "must": "must",
                       "found": "found", "choose": "chooses", "name": "names",
                       "would": "would", "owe": "owes"}
_YOU = re.compile(r"\b(you|your|yours|yourself)\b(?:(\s+)([a-z]+)\b)?")


def said_of(text: str, name: str) -> str:
    """``text``, a refusal said to the seat to move (``why_illegal``: "you have no room in
    front of you"), said of that seat by ``name`` instead, for someone who follows it (the
    tracker, of another seat's move): its first mention is the name, the later ones "it"
    ("seat 2 has no room in front of it"), each verb after "you" in the third person."""
    named = False

    def one(match: re.Match[str]) -> str:
        nonlocal named
        word, space, after = match.group(1), match.group(2) or "", match.group(3) or ""
        first, named = not named, True
        if word == "yourself":
            return "itself" + space + after
        if word in ("your", "yours"):
            return (possessive(name) if first or word == "yours" else "its") + space + after
        who = name if first else "it"
        return who + space + SECOND_PERSON_VERBS.get(after, after)

    return _YOU.sub(one, text)


_THIRD_TO_SECOND = {third: second for second, third in SECOND_PERSON_VERBS.items()}
_IT = {"it": "you", "its": "your", "itself": "yourself"}


def said_to(text: str, seat: int) -> str:
    """``text``, a refusal that names ``seat`` ("seat 0 has no room in front of it", of
    another seat's move), said to that seat's own reader: "seat N" is "you" ("you have no
    room in front of you"), "seat N's" is "your", and after "seat N" with a verb, the "it"
    of the same clause (to the next ``:``, ``;`` or bracket) is "you".

    >>> said_to("seat 0 has no room in front of it", 0)
    'you have no room in front of you'
    >>> said_to("card 4 is not in front of seat 1 (seat 1's: 3)", 1)
    'card 4 is not in front of you (yours: 3)'
    >>> said_to("keep 2 of seat 0's 4 dealt cards", 0)
    'keep 2 of your 4 dealt cards'
    >>> said_to("seat 2 has no room in front of it", 0)
    'seat 2 has no room in front of it'
    """
    name = f"seat {seat}"
    out, at = [], 0
    for match in re.finditer(rf"\b{name}\b('s)?(?:(\s+)([a-z]+)\b)?", text):
        out.append(text[at:match.start()])
        owner, space, after = match.group(1), match.group(2) or "", match.group(3) or ""
        end = match.end()
        if owner:
            # ("seat 1's: 3" is "yours: 3"; "seat 1's hand" is "your hand")
            end = match.end(1)
            out.append("your" if re.match(r"\s+\w", text[end:]) else "yours")
        elif after in _THIRD_TO_SECOND:
            clause = re.match(r"[^:;()]*", text[end:])
            rest = clause.group(0) if clause else ""
            out.append("you" + space + _THIRD_TO_SECOND[after]
                       + re.sub(r"\b(it|its|itself)\b", lambda m: _IT[m.group(1)], rest))
            end += len(rest)
        else:
            out.append("you" + space + after)
        at = end
    return "".join(out) + text[at:]


def side_by_side(blocks: Sequence[Sequence[str]], gap: int = 4) -> list[str]:
    """Blocks of lines printed next to each other, each padded to its widest line."""
    widths = [max((len(line) for line in block), default=0) for block in blocks]
    height = max((len(block) for block in blocks), default=0)
    out = []
    for i in range(height):
        parts = [(block[i] if i < len(block) else "").ljust(width)
                 for block, width in zip(blocks, widths)]
        out.append((" " * gap).join(parts).rstrip())
    return out


def plural(n: float, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, in the plural unless ``n`` is 1; a float to at most 3 decimals
    (``1.5 points``; ``1 point`` only where it prints as 1).

    >>> plural(1, "point"), plural(1.0, "point"), plural(1.5, "point"), plural(0.25, "point")
    ('1 point', '1 point', '1.5 points', '0.25 points')
    """
    text = str(n) if isinstance(n, int) else f"{n:.3f}".rstrip("0").rstrip(".")
    return f"{text} {word if text == '1' else (many or word + 's')}"


def ordinal(n: int) -> str:
    """``n`` as a rank in words' digits.

    >>> ordinal(1), ordinal(2), ordinal(3), ordinal(4), ordinal(11), ordinal(22)
    ('1st', '2nd', '3rd', '4th', '11th', '22nd')
    """
    teen = 10 <= n % 100 <= 20
    return f"{n}{'th' if teen else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def about(n: int, word: str) -> str:
    """An estimate of ``n`` ``word``s as a reader takes it in: two significant figures with
    thousands separated (``about(874670, "iteration")`` is ``'870,000 iterations'``; an
    estimate's last digits are noise, and seven run together are hard to read).

    >>> about(874670, "iteration"), about(675, "iteration"), about(46043, "iteration")
    ('870,000 iterations', '680 iterations', '46,000 iterations')
    """
    rounded = int(float(f"{n:.2g}")) if n >= 100 else n
    return f"{rounded:,} {word if rounded == 1 else word + 's'}"


def shape_rows(cells: Iterable[tuple[int, int]], mark: str = "#", blank: str = ".") -> list[str]:
    """A small shape (``(row, col)`` cells) drawn as rows of ``mark`` and ``blank``."""
    cells = set(cells)
    height = max(r for r, _ in cells) + 1
    width = max(c for _, c in cells) + 1
    return ["".join(mark if (r, c) in cells else blank for c in range(width))
            for r in range(height)]
