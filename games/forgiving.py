"""Forgiving move text (issue 19 §4): what a player types, read as the canonical text an
engine's ``parse_text`` takes, by one mechanism every engine shares.

Each engine keeps its ``parse_text`` canonical and declares, as data, the other ways its
moves are written (:class:`Forms`: its card names, the filler words a verb may carry, the
word orders it accepts). :func:`read` is the one reader ``games.protocol.parse_checked``
calls: the canonical text first (so the solvers' own texts cost nothing more), then

- case and spacing: the text matched, case and spaces aside, against the legal moves'
  texts (``EXPLORE b``, ``12: a1, a2``, ``take Deck``);
- card names singular or plural, in any case, with spaces, underscores or apostrophes
  (``Pot Shards``, ``pharaoh's mask``), or by one word of the name when only one card has
  it (``shard``); a word that several cards share (``broken`` in The New Expedition) is
  refused, naming them: ambiguity is never guessed;
- the engine's word orders and filler words (``sell 2 coins``, ``loot deck 1``,
  ``trade 2 coins for talisman``);
- failing all that, one suggestion: the closest legal move (difflib), "did you mean
  `sell coin 2`?".

:func:`suggest` gives the same one suggestion for any word among choices (game ids,
monuments, variants).

>>> forms = Forms(cards=("pot_shard", "coin", "broken_cup", "broken_tablet"),
...               swap=("sell",), counted=("trade",))
>>> normalise("Sell 2 Pot Shards", forms), normalise("trade 2 coins for shard", forms)
('sell pot_shard 2', 'trade coin coin for pot_shard')
>>> normalise("sell broken 2", forms)
Traceback (most recent call last):
...
games.errors.InvalidMoveError: move 'sell broken 2': 'broken' could be broken_cup or broken_tablet; write the whole name
>>> suggest("archeology", ("pyramids", "ancients", "archaeology"))
'archaeology'
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence, TypeVar

from .errors import InvalidMoveError

__all__ = ["Forms", "PLAIN", "normalise", "read", "suggest", "did_you_mean", "spaced",
           "described", "spoken", "respelt"]

T = TypeVar("T")

#: The most copies ``N CARD`` stands for in a card list: more than any hand holds, few
#: enough that a huge number cannot make a huge text.
MAX_COPIES = 30


@dataclass(frozen=True)
class Forms:
    """An engine's accepted forms besides its canonical text (module docstring).

    ``cards``: the card names as the canonical text writes them (``pot_shard``);
    ``fillers``: per verb, words dropped after it (``loot``: ``deck``); ``swap``: verbs
    whose two arguments may come in either order, a number and a card (``sell 2 coin``);
    ``counted``: verbs whose card lists take ``N CARD`` for N copies (``trade``);
    ``phrases``: whole texts read as another (``keep all`` -> ``keep both``);
    ``lists``: a list's commas may be spaces (``keep 3 17``); ``unordered``: verbs whose
    list is a set, its items read in any order (``keep 17 13``); ``optional``: per verb, the
    place of a word that may be left out (``find 7 at C3``, the turn left out); each read
    only when it reads as exactly one legal move;
    ``examples``: ``(accepted text, canonical text)`` pairs ``digsite notation`` lists;
    ``aliases``: verbs as the screen's words write them, read as the engine's (Loot N
    Run's ``draw`` -> ``loot``: the list says "draw the top room of deck 0")."""

    cards: tuple[str, ...] = ()
    fillers: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    swap: tuple[str, ...] = ()
    counted: tuple[str, ...] = ()
    phrases: Mapping[str, str] = field(default_factory=dict)
    lists: bool = False
    unordered: tuple[str, ...] = ()
    optional: Mapping[str, tuple[int, str]] = field(default_factory=dict)
    examples: tuple[tuple[str, str], ...] = ()
    aliases: Mapping[str, str] = field(default_factory=dict)


#: The forms every engine has: case and spacing only (the grid games' moves have no names).
PLAIN = Forms()


def described(forms: Forms) -> list[str]:
    """What ``forms`` accept besides the canonical text, in sentences (``digsite
    notation``)."""
    lines = ["any case and spacing (a typed move is matched to the legal moves' texts)"]
    if forms.cards:
        lines.append("card names singular or plural, with spaces, underscores or apostrophes "
                     "(pot shards, Pot_Shard); one word of a name alone when only one card has "
                     "it; a word several cards share is refused; 'and' and commas between "
                     "cards")
    for verb in forms.swap:
        lines.append(f"{verb}: the number and the card in either order")
    if forms.counted:
        lines.append(f"{', '.join(forms.counted)}: N CARD for N copies of a card")
    for verb, words in forms.fillers.items():
        lines.append(f"{verb}: {', '.join(repr(w) for w in words)} may be written and "
                     + ("is" if len(words) == 1 else "are") + " left out")
    for typed, canonical in forms.phrases.items():
        lines.append(f"{typed} is {canonical}")
    for typed, verb in forms.aliases.items():
        lines.append(f"{typed} is {verb}")
    lines.append("a verb alone is the one move of it there is, when there is one")
    if forms.lists:
        lines.append("a list's commas may be spaces, where the move then reads as one legal "
                     "move")
    for verb in forms.unordered:
        lines.append(f"{verb}: the list's items in any order, where it then reads as one legal "
                     "move")
    for verb, (_, what) in forms.optional.items():
        lines.append(f"{verb}: {what} may be left out where only one fits")
    lines.append("a close miss is refused with one suggestion (did you mean ...?)")
    return lines


def _key(word: str) -> str:
    """A card name or typed words without case, spaces, underscores or apostrophes."""
    return "".join(ch for ch in word.lower() if ch.isalnum())


def _singular(key: str) -> tuple[str, ...]:
    """``key`` and what it is without a plural ending (``coins`` -> ``coin``)."""
    out = [key]
    if key.endswith("es"):
        out.append(key[:-2])
    if key.endswith("s"):
        out.append(key[:-1])
    return tuple(out)


def _name_keys(name: str, *, whole: bool = True) -> set[str]:
    """The keys a card name reads by, the whole name's (``whole``) or each word's: as
    written, and with a possessive's ``s`` left out, as a player types it without the
    apostrophe (``pharaoh mask`` for the pharaoh's mask, key ``pharaohs_mask``).

    >>> sorted(_name_keys("pharaohs_mask")), sorted(_name_keys("pharaohs_mask", whole=False))
    (['pharaohmask', 'pharaohsmask'], ['mask', 'pharaoh', 'pharaohs'])
    """
    parts = [_key(part) for part in name.split("_")]
    bare = [part[:-1] if part.endswith("s") and i < len(parts) - 1 else part
            for i, part in enumerate(parts)]
    if whole:
        return {"".join(parts), "".join(bare)}
    return set(parts) | set(bare)


def _card(words: Sequence[str], cards: Sequence[str], text: str) -> tuple[str, int] | None:
    """The card named by the first words of ``words`` (up to three, longest first) and how
    many words name it; ``None`` when they name none; ``InvalidMoveError`` when one word
    names part of several cards."""
    full = {key: name for name in cards for key in _name_keys(name)}
    for span in (3, 2, 1):
        if len(words) < span:
            continue
        for key in _singular(_key("".join(words[:span]))):
            if key in full:
                return full[key], span
    parts: dict[str, set[str]] = {}
    for name in cards:
        for part in _name_keys(name, whole=False):
            parts.setdefault(part, set()).add(name)
    for key in _singular(_key(words[0])):
        named = sorted(parts.get(key, ()), key=cards.index)
        if len(named) == 1:
            return named[0], 1
        if named:
            raise InvalidMoveError(f"move {text!r}: {words[0]!r} could be "
                                   f"{', '.join(named[:-1])} or {named[-1]}; write the "
                                   f"whole name")
    return None


def normalise(text: str, forms: Forms) -> str:
    """``text`` in the canonical words of ``forms``' engine, as far as its forms tell
    (lower case, card names canonical, fillers dropped, word orders and counts made
    canonical); ``InvalidMoveError`` for a word that could name several cards."""
    words = text.lower().split()
    phrase = forms.phrases.get(" ".join(words))
    if phrase is not None:
        return phrase
    if not words:
        return ""
    verb, rest = forms.aliases.get(words[0], words[0]), words[1:]
    drop = forms.fillers.get(verb, ())
    rest = [w for w in rest if w not in drop]
    if forms.cards:  # (cards listed as a player lists them: "coin, map and talisman")
        rest = [w for w in rest if w != "and" and _key(w)]
        named: list[str] = []
        i = 0
        while i < len(rest):
            hit = _card(rest[i:], forms.cards, text) if not rest[i].isdecimal() else None
            if hit is None:
                named.append(rest[i])
                i += 1
            else:
                named.append(hit[0])
                i += hit[1]
        rest = named
    if verb in forms.swap and len(rest) == 2 and rest[0].isdecimal() and not rest[1].isdecimal():
        rest = [rest[1], rest[0]]
    if verb in forms.counted:
        counted: list[str] = []
        for i, word in enumerate(rest):
            if word.isdecimal() and rest[i + 1:i + 2] in (["card"], ["cards"]):
                # (was "unknown card '4'" of 'discard 4 cards', a sandstorm's count)
                many = int(word) if len(word) <= 3 else MAX_COPIES + 1
                raise InvalidMoveError(f"move {text!r}: say which cards ({verb} "
                                       f"{' '.join(['CARD'] * min(max(many, 1), 5))}"
                                       f"{' ...' if many > 5 else ''})")
            if word.isdecimal() and i + 1 < len(rest) and rest[i + 1] in forms.cards:
                copies = int(word) if len(word) <= 3 else MAX_COPIES + 1
                # (it said only "'99' copies of a card", leaving the player to guess what
                # was wrong with that)
                if copies < 1:
                    raise InvalidMoveError(f"move {text!r}: {word!r} copies of a card are "
                                           f"none: a count is 1 or more")
                if copies > MAX_COPIES:
                    raise InvalidMoveError(f"move {text!r}: {word[:12]!r} copies of a card "
                                           f"are more than the game has (a count is 1 to "
                                           f"{MAX_COPIES})")
                counted.extend([rest[i + 1]] * (copies - 1))
            else:
                counted.append(word)
        rest = counted
    return " ".join([verb, *rest])


def spaced(text: str) -> str:
    """Move text with case and spacing aside: how typed text is matched to a legal move's
    text (``12: a1, A2`` is ``12:a1,a2``)."""
    out = " ".join(text.lower().split())
    for mark in (",", ":", "+"):
        out = out.replace(f" {mark}", mark).replace(f"{mark} ", mark)
    return out


def suggest(word: str, choices: Sequence[str]) -> str | None:
    """The one choice ``word`` is a close miss of (difflib), or ``None``: none is close,
    or two are equally close (a suggestion is never a guess between two)."""
    scored = sorted(((difflib.SequenceMatcher(None, word.lower(), c.lower()).ratio(), c)
                     for c in choices), reverse=True)
    if not scored or scored[0][0] < 0.6 or len(scored) > 1 and scored[1][0] == scored[0][0]:
        return None
    return scored[0][1]


def did_you_mean(word: str, choices: Sequence[str]) -> str:
    """``"; did you mean `X`?"`` for the :func:`suggest` ion of ``word``, else ``""``."""
    close = suggest(word, choices)
    return f"; did you mean `{close}`?" if close is not None else ""


def _same_numbers(typed: str, texts: Sequence[str]) -> list[str]:
    """``texts`` but those that change a number ``typed`` has (``sell 2 pot shards and 1
    talisman`` was asked 'did you mean `sell pot_shard 1`?', its 2 lost; ``loot 2``, `loot
    1`): a text with numbers other than typed's, when typed has any (a text without any,
    ``run`` for ``run 3``, changes none)."""
    def numbers(text: str) -> list[str]:
        return sorted(w for w in text.split() if w.isdecimal())

    said = numbers(typed)
    return [t for t in texts if not said or not numbers(t) or numbers(t) == said]


def read(text: str, parse_text: Callable[[str], T], forms: Forms,
         options: Callable[[], Sequence[T]],
         offers: Callable[[], Sequence[str]] | None = None) -> T:
    """The move ``text`` names, read by ``parse_text`` as typed, else in ``forms``'
    canonical words, else matched to a legal move (``options()``) case and spacing aside;
    ``InvalidMoveError`` with the reader's message and one suggestion when none of these
    reads it. No legality check of a move read (the caller's).

    The message is the canonical words' when ``forms`` changed their order or counts
    (``sell 2 cions``: "unknown card 'cions'", not the count's '2'); the suggestion is one of ``offers()``,
    the moves as the player's screen writes them (default: the legal moves' texts; an
    Archaeology turn offers whole trades, not the engine's ``take`` steps), read again
    with a misspelt verb or card name put right (``sel 2 coins``, ``trade talsman for
    coin``), else the closest by difflib."""
    try:
        return parse_text(text)
    except InvalidMoveError as exc:
        refused = exc
    if len(text) > 2000:  # no forms for a text longer than any move: the reader's message
        raise refused
    canonical = normalise(text, forms)
    if canonical != text:
        try:
            return parse_text(canonical)
        except InvalidMoveError as exc:
            # (its word where the forms put it, 'cions' of 'sell 2 cions' where the typed
            # order blamed the '2', the '2' of 'loot deck 2' where the typed filler hid it;
            # not when they dropped every word after the verb: 'explore chamber' is refused
            # as typed, not as a bare 'explore')
            if not exc.unknown_verb and len(canonical.split()) >= min(len(text.split()), 2):
                said = exc.said.replace(repr(canonical), repr(text.strip()))
                refused = InvalidMoveError(said, unknown_verb=exc.unknown_verb,
                                           cards=exc.cards, listed=exc.listed)
    legal = list(options())
    by_text: dict[str, list[T]] = {}
    for move in legal:
        by_text.setdefault(spaced(str(move)), []).append(move)
    for typed in dict.fromkeys((spaced(canonical), spaced(text))):
        found = by_text.get(typed, [])
        if len(found) == 1:
            return found[0]
    alone = [m for m in legal if spaced(str(m)).split(" ")[0] == spaced(canonical)]
    if len(alone) == 1:  # (a verb alone: 'loot' when one deck is left, 'tent' of one use)
        return alone[0]
    loosely = _loosely(canonical, text, legal, forms)
    if len(loosely) == 1:
        return loosely[0]
    if len(loosely) > 1:  # a word left out that the position does not tell: never a guess
        said = " or ".join(f"`{m}`" for m in loosely[:4]) + (" or more" if len(loosely) > 4
                                                              else "")
        raise InvalidMoveError(f"{refused.said}; it could be {said}: say which",
                               unknown_verb=refused.unknown_verb, cards=refused.cards,
                               listed=refused.listed)
    if forms.lists:
        # (a list typed with spaces that is no legal move, `47:a1 b1 c1` on a wall or
        # `keep 1 99`: read with its commas, so the caller's refusal says which rule it
        # breaks, where the reader blamed the spaces the notation allows)
        try:
            return parse_text(_commas(canonical))
        except InvalidMoveError:
            pass
    texts = list(offers()) if offers is not None else [str(m) for m in legal]
    # (a verb alone that several legal moves begin with is a question the reader's message
    # asks, 'rest': "$2 or a sand token? rest money or rest sand": no suggestion picks one
    # of them, as it did by spelling alone, "did you mean `rest sand`?")
    close = None if len(alone) > 1 else _closest(text, forms, parse_text, texts)
    raise InvalidMoveError(refused.said, unknown_verb=refused.unknown_verb,
                           suggestion=close, cards=refused.cards, listed=refused.listed)


def spoken(text: str, forms: Forms, names: Mapping[str, str] | None = None) -> str:
    """Move text with its card names as a player writes them, which reads back as the same
    move: ``sell pot shard 1`` for the engine's ``sell pot_shard 1`` (a suggestion on a
    screen whose every other line says "pot shard"); as printed where ``names`` (the card
    data's, ``games.table.card_names``) has the card and that reads back the same
    (``pharaoh's mask``, where it said "pharaohs mask").

    >>> forms = Forms(cards=("pot_shard", "coin", "pharaohs_mask"))
    >>> spoken("trade coin for pot_shard pharaohs_mask", forms)
    'trade coin for pot shard pharaohs mask'
    >>> spoken("sell pharaohs_mask 1", forms, {"pharaohs_mask": "pharaoh's mask"})
    "sell pharaoh's mask 1"
    >>> spoken("pharaohs_mask", forms, {"pharaohs_mask": "pharaoh's mask"})
    "pharaoh's mask"
    """
    cards = set(forms.cards)

    def said(printed: Mapping[str, str]) -> str:
        return " ".join(printed.get(word, word.replace("_", " ")) if word in cards else word
                        for word in text.split(" "))

    out = said(names or {})
    try:  # (after a word that is no verb: a card name alone, a setup's, reads back too)
        if names and normalise(f"- {out}", forms) != normalise(f"- {text}", forms):
            return said({})
    except InvalidMoveError:  # (a printed name one word of which several cards share)
        return said({})
    return out


def _loose(text: str, forms: Forms, leave_out: bool = False) -> str:
    """Move text as ``forms``' loose readings key it: spacing aside, a list's commas as
    spaces (``lists``), a set's items in one order (``unordered``), and, with
    ``leave_out``, the verb's optional word gone."""
    out = spaced(text)
    if forms.lists:
        out = out.replace(",", " ")
    words = out.split()
    if words and words[0] in forms.unordered:  # (the legal move's order is not the typed)
        words = words[:1] + sorted(words[1:])
    if leave_out and words and words[0] in forms.optional:
        place = forms.optional[words[0]][0]
        words = words[:place] + words[place + 1:]
    return " ".join(words)


def _commas(text: str) -> str:
    """Move text with a list's spaces as commas (``lists``): each word joins the one before
    it with a comma, but the leading verb's first item and a ``+`` part (``keep 1 99`` is
    ``keep 1,99``; ``47:a1 b1 +30:c3`` is ``47:a1,b1 +30:c3``)."""
    words = spaced(text).split(" ")
    out = words[0]
    for i, word in enumerate(words[1:]):
        verb = i == 0 and ":" not in words[0]
        out += (" " if verb or word.startswith("+") else ",") + word
    return out


def _loosely(canonical: str, text: str, legal: Sequence[T], forms: Forms) -> list[T]:
    """The legal moves ``text`` reads as by ``forms``' loose readings (``lists``,
    ``unordered``, ``optional``): the text as written matched against each move, then
    against each move with its optional word left out."""
    if not forms.lists and not forms.unordered and not forms.optional:
        return []
    typed = {_loose(canonical, forms), _loose(text, forms)}
    for leave_out in (False, True):
        found = list(dict.fromkeys(m for m in legal
                                   if _loose(str(m), forms, leave_out) in typed))
        if found:
            return found
    return []


def _closest(text: str, forms: Forms, parse_text: Callable[[str], object],
             texts: Sequence[str]) -> str | None:
    """``read``'s one suggestion for ``text`` among ``texts``: the text again with its
    verb, then its card names, each put right where one of ``texts``' verbs or a card is
    a close miss of it, when that reads as one of ``texts``; else the closest of them;
    ``None``: none is close."""
    verbs = list(dict.fromkeys(t.split()[0] for t in texts if t.split()))
    tries = _respellings(text, forms, verbs)
    texts = _same_numbers(tries[0], texts)  # (no suggestion changes a number typed)
    offered = {spaced(t): t for t in texts}
    for attempt in tries:
        try:
            found = offered.get(spaced(str(parse_text(attempt))))
        except InvalidMoveError:
            continue
        if found is not None:
            return found
    close = suggest(tries[0], texts)
    verb, _, said = spaced(tries[0]).partition(" ")
    if close is None or spaced(close).partition(" ")[0] != verb or " " not in close:
        return close
    # the verb right, the suggestion is of the words after it: one only where they are a
    # close miss of those words among the verb's moves. By the whole text's spelling the
    # verb alone or words naming none of them picked one of several, as alike as it
    # ('rst' -> `rest sand`, not `rest money`; 'explore the large chamber' at the Temple,
    # three chambers of 5 cards -> `explore A`)
    after = [spaced(t).partition(" ")[2] for t in texts if spaced(t).partition(" ")[0] == verb]
    return close if suggest(said, after) == spaced(close).partition(" ")[2] else None


def _respellings(text: str, forms: Forms, verbs: Sequence[str]) -> list[str]:
    """``text`` in canonical words with its verb put right where one of ``verbs`` is a
    close miss of it, then with its card names put right too (each by spelling alone)."""
    words = text.lower().split()
    verbs = list(verbs) + [a for a in forms.aliases if a not in verbs]  # ("by" of "buy")
    if words and words[0] not in verbs:
        words[0] = suggest(words[0], verbs) or words[0]
    canonical = normalise(" ".join(words), forms)
    tries = [canonical]
    if forms.cards:
        names = {_key(name): name for name in forms.cards}
        respelt = [w if w.isdecimal() or w in forms.cards or i == 0
                   else names.get(_key(suggest(w, list(names)) or ""), w)
                   for i, w in enumerate(canonical.split())]
        tries.append(normalise(" ".join(respelt), forms))
    return list(dict.fromkeys(tries))


def respelt(text: str, forms: Forms, parse_text: Callable[[str], object],
            verbs: Sequence[str]) -> str | None:
    """The move text ``text`` is a misspelling of by spelling alone, its verb (one of
    ``verbs``) and card names put right, when that reads as a move of the game; ``None``
    otherwise. No position is asked: the suggestion for a move of a seat whose hand is
    hidden (``track``), which one guessed hand's legal moves would tell of, and mislead.

    >>> from games.archaeology.moves import FORMS, parse_text
    >>> respelt("sel brokn_cup 1", FORMS, parse_text, ["sell", "trade", "end"])
    'sell broken_cup 1'
    """
    for attempt in _respellings(text, forms, verbs):
        try:
            return str(parse_text(attempt))
        except InvalidMoveError:
            continue
    return None
