"""Silver & Gold: Pyramids at the table, in a player's words (``games.table``): the cards in
front of a seat drawn in text with their crossed boxes, its score card, the expedition
card and its pattern, the display, and each event, decision and result.

>>> import cards_data
>>> from games.pyramids import make_deal, state_from_deal
>>> data = cards_data.load("pyramids")
>>> state = state_from_deal(make_deal(players=1, seed=3, data=data), data)
>>> describe_decision(state, 0)
'keep 2 of the 4 cards you were dealt; the others go back into the deck'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from grids import render_grid
from grids.polyomino import SHAPES
from games.table import ordinal, plural, possessive, seat_name, shape_rows, side_by_side

from .moves import Cross, Keep, Pass, Reveal, Take, describe, returned_words

if TYPE_CHECKING:
    from .moves import Move
    from .rules import Rules
    from .state import PyramidsState as State

__all__ = ["describe_position", "describe_event", "describe_decision", "describe_result",
           "describe_scoring", "card_drawings", "LEGEND", "replacing", "moot_decision"]

LEGEND = ("legend: E entrance, # wall, T tomb, r/g gems, t torch, s skull, p potion, "
          "x red cross, * crossed")


def card_drawings(state: State, cards: Sequence[tuple[int, int]]) -> list[str]:
    """Pyramid cards (``(order, crossed mask)``) drawn side by side, ``*`` a crossed box."""
    if not cards:
        return []
    data = state.rules.data
    blocks = []
    for order, mask in cards:
        card = data.card(order)
        grid = tuple("*" if mask >> i & 1 else ch for i, ch in enumerate("".join(card.grid)))
        blocks.append([f"card {order} ({card.colour})"] + render_grid(grid).splitlines())
    return ["  " + line for line in side_by_side(blocks)]


def _score_card(state: State, seat: int) -> str:
    s = state.seats[seat]
    parts = state.breakdown(seat)
    torches = [str(r + 1) for r, lit in enumerate(s.torches) if lit]
    lit = (f"round{'s' if len(torches) > 1 else ''} {', '.join(torches)}" if torches
           else "no round")
    # (by colour: the pyramid points come at a colour's 2nd, 4th and 6th card, and the
    # numbers alone, "(33, 11, 3, 43)", made the player look each colour up)
    colours = state.rules.colours
    by_colour = "; ".join(
        f"{c} {', '.join(str(o) for o in s.completed if colours[o] == c)}"
        for c in state.rules.data.colours if any(colours[o] == c for o in s.completed))
    return (f"red gems {s.red}, green gems {s.green}, torches in {lit}, "
            f"skull track {s.skulls}, "
            f"{plural(len(s.completed), 'card')} completed"
            + (f" ({by_colour})" if s.completed else "")
            + (f", pyramid points {', '.join(f'{p} ({c})' for c, p in s.pyramid)}"
               if s.pyramid else "")
            + f"; score now {parts['total']} (cards {parts['cards']}, torches "
              f"{parts['torches']}, pyramid {parts['pyramid']}, gems {parts['gems']}, "
              f"skulls {parts['skulls']})")


def describe_position(state: State, seat: int, *, names: Sequence[str] | None = None) -> list[str]:
    """What ``seat`` sees: the round and expedition card (its pattern drawn), its score
    card, the cards this decision is about (the dealt cards at the keep, the display at a
    take, else its two cards with their crossed boxes), the display and the deck, and the
    other seats' score cards and cards (face up at the table)."""
    me = seat_name(seat, seat, names)
    players = "solo" if state.num_players == 1 else f"{state.num_players} players"
    lines = [f"Silver & Gold: Pyramids, {players}, round {min(state.round + 1, state.rounds)} "
             f"of {state.rounds}"]
    if state.shape is not None:
        lines.append(f"expedition card {state.step} of {state.steps_per_round}: "
                     f"{state.shape}, the pattern (any rotation or mirror):")
        # (its boxes drawn as the legend draws a crossed box: "#" is a wall on the cards)
        lines.extend("    " + row for row in shape_rows(SHAPES[state.shape], mark="*"))
    s = state.seats[seat]
    lines.append(f"{possessive(me)} score card: {_score_card(state, seat)}")
    if state.phase == "keep":
        lines.append(f"dealt to {me}:")
        lines.extend(card_drawings(state, [(o, 0) for o in s.dealt]))
    else:
        held = [(o, m) for o, m in zip(s.hand, s.masks) if o is not None]
        lines.append(f"{possessive(me)} cards:" if held else f"{possessive(me)} cards: none")
        lines.extend(card_drawings(state, held))
    lines.extend(_waiting(state, seat, names))
    if state.phase == "take":
        lines.append("the display:")
        lines.extend(card_drawings(state, [(o, 0) for o in sorted(state.display)]))
    elif state.phase != "keep":
        lines.append(f"the display: cards {', '.join(map(str, sorted(state.display))) or 'none'}")
    lines.append(f"the deck: {plural(len(state.deck), 'card')}")
    if state.num_players > 1:
        lines.append(_pyramid_points_left(state))
    for p in range(state.num_players):
        if p != seat:
            lines.append(f"{seat_name(p, seat, names)}: {_score_card(state, p)}")
            # (face up at the table; a seat's keep or crossing this step is in
            # ``state.pending`` until the step resolves, so nothing here shows it early)
            theirs = [(o, m) for o, m in zip(state.seats[p].hand, state.seats[p].masks)
                      if o is not None]
            if theirs:
                lines.append(f"{possessive(seat_name(p, seat, names))} cards:")
                lines.extend(card_drawings(state, theirs))
    return lines + [LEGEND]


def _pyramid_points_left(state: State) -> str:
    """The pyramid points boxes no seat has crossed or blacked out yet, per colour: at the
    table every score card shows them, and the screen said only what each seat had won."""
    data = state.rules.data
    left = "; ".join(f"{c} {', '.join(map(str, data.pyramid_points[state.tiers[c]:])) or 'none'}"
                     for c in data.colours)
    milestones = ", ".join(map(ordinal, data.pyramid_milestones))
    return f"pyramid points still to win (at a colour's {milestones} completed card): {left}"


def _waiting(state: State, seat: int, names: Sequence[str] | None) -> list[str]:
    """``seat``'s own keep or crossing of a step every seat chooses at once, when it has
    chosen and another seat has not: the move is entered and waits (the board shows it
    only once the step resolves, so without this line ``show`` told nothing of it)."""
    mine = state.pending[seat] if state.phase in ("keep", "cross") else None
    if mine is None:
        return []
    waiting = [seat_name(p, seat, names) for p in range(state.num_players)
               if state.pending[p] is None]
    return [f"{_chosen(state, mine, seat_name(seat, seat, names))} (entered: played when "
            f"{' and '.join(waiting)} {'has' if len(waiting) == 1 else 'have'} chosen too)"]


def replacing(state: State) -> list[int]:
    """At a take, the completed cards the seat to move replaces in this action, in the
    order it replaces them (its replacements are one action, the lower order number
    first: the engine's ``replacement_order``); else none."""
    if state.phase != "take" or not state.takes:
        return []
    seat = state.takes[0][1]
    mine = []
    for order, who, _ in state.takes:
        if who != seat:
            break
        mine.append(order)
    return mine


def moot_decision(state: State) -> str | None:
    """Why the replacement the seat to act owes changes nothing, or ``None``: after the last
    expedition card of the last round the game is over once the replacements are made,
    and "you do not earn any points for uncompleted pyramid cards" (the tie-break counts
    completed ones only). The rules still take the replacement (action 3 comes before the
    end of the round), so the engine asks for it; ``digsite play`` and ``digsite track``
    take the first choice (``legal_moves()[0]``, as the best-score solvers do there)
    without asking.

    >>> import cards_data
    >>> from games.pyramids import make_deal, state_from_deal
    >>> data = cards_data.load("pyramids")
    >>> moot_decision(state_from_deal(make_deal(players=1, seed=6, data=data), data)) is None
    True
    """
    if state.phase != "take" or state.round < state.rounds - 1 \
            or state.step < state.steps_per_round:
        return None
    return ("the game ends with this expedition card, and a card not completed scores "
            "nothing, so the replacement changes nothing")


def describe_decision(state: State, seat: int) -> str:
    """What the decision of ``seat`` (the seat to act) asks of it."""
    if state.phase == "keep":
        dealt = len(state.seats[seat].dealt)
        return (f"keep {state.rules.data.keep} of the {plural(dealt, 'card')} you were dealt; "
                + returned_words(dealt - state.rules.data.keep))
    if state.phase == "take":
        mine = replacing(state)
        card = f"card {mine[0]}" if mine else "a card"
        then = (f"; then card {mine[1]}, before the display is refilled" if len(mine) > 1
                else "")
        return (f"you completed {card}: replace it with a card of the display or the top "
                f"card of the deck{then}")
    if state.phase == "cross":
        if not any(o is not None for o in state.seats[seat].hand):
            return "no card is in front of you: pass"
        return (f"cross boxes for the expedition card {state.shape}: its pattern on one of your "
                "cards, touching the boxes crossed on that card (or holding the entrance of an "
                "empty card), or any 1 box instead; each red cross crossed forces one more box")
    return "wait"


def describe_event(state: State, move: Move, seat: int, *, names: Sequence[str] | None = None
                   ) -> str | None:
    """``move`` (about to be played in ``state``) as ``seat`` sees it: the other seats'
    keeps and crossings are secret until all have chosen."""
    if isinstance(move, Reveal):
        round_ = state.round + 1
        return (f"round {round_}, expedition card {state.step + 1} of "
                f"{state.steps_per_round}: {move.shape}")
    actor = state.to_move
    who = seat_name(actor, seat, names)
    if isinstance(move, (Keep, Cross, Pass)) and state.num_players > 1 \
            and actor == state.num_players - 1:
        # the last choice: every seat's is shown as the step resolves
        told = [f"{who} chose" if actor != seat else _chosen(state, move, who)]
        chosen = list(state.pending[:actor]) + [move]
        # (the reader's own choice was told as it was made, or just before this: said
        # again here, "you: card 12 ..." read twice in a row)
        told.append("all have chosen: " + "; ".join(
            _chosen(state, m, seat_name(p, seat, names)) for p, m in enumerate(chosen)
            if m is not None and p != seat))
        return ", ".join(told[:1]) + "; " + told[1] + _claims(state, move, seat, names)
    if actor != seat and isinstance(move, (Keep, Cross, Pass)):
        # (said so, not "chose, unseen": at a tracked table the person has just typed it)
        return f"{who} chose (told when every seat has chosen)"
    if isinstance(move, (Keep, Cross)):
        return _chosen(state, move, who) + _claims(state, move, seat, names)
    if isinstance(move, Take):
        source = (f"{_drawn(state, move)}the top card of the deck" if move.card == 0
                  else f"card {move.card} from the display")
        return f"{who} took {source}" + ("; the display is refilled" if _refills(state, move)
                                         else "")
    if isinstance(move, Pass):
        return f"{who} passed"


def preceding_event(state: State, move: Move, seat: int, *,
                    names: Sequence[str] | None = None) -> str | None:
    """The end of a round, told before the next round's first expedition card (``move``, a
    ``Reveal``), as the rulebook ends one: no line said a round had ended, only "round 2,
    expedition card 1 of 7". ``None`` before any other move.

    >>> import cards_data
    >>> from games.pyramids import make_deal, state_from_deal
    >>> data = cards_data.load("pyramids")
    >>> state = state_from_deal(make_deal(players=1, seed=1, data=data), data)
    >>> state.round, state.step = 1, 0
    >>> preceding_event(state, Reveal("I3"), 0)
    'round 1 ended: its 8th expedition card is not used; the 8 are shuffled for round 2'
    """
    if not isinstance(move, Reveal) or state.step or not state.round:
        return None
    deck = len(state.rules.data.expedition_deck)
    unused = deck - state.steps_per_round
    left = (f"its {ordinal(deck)} expedition card is" if unused == 1
            else f"{unused} of its {deck} expedition cards are")
    return (f"round {state.round} ended: {left} not used; the {deck} are "
            f"shuffled for round {state.round + 1}")


def _claims(state: State, move: Move, seat: int, names: Sequence[str] | None) -> str:
    """The pyramid points ``move`` wins, said as the rules have them announced (a 2nd, 4th
    or 6th card of a colour completed): the score card showed them, no event said them."""
    if not isinstance(move, Cross):
        return ""
    after = state.clone()
    after.apply(move)
    said = []
    for p in range(state.num_players):
        for colour, points in after.seats[p].pyramid[len(state.seats[p].pyramid):]:
            who = seat_name(p, seat, names)
            said.append(f"{who} {'take' if who == 'you' else 'takes'} "
                        f"{plural(points, 'pyramid point')} for {colour}")
    return "".join(f"; {s}" for s in said)


def _drawn(state: State, move: Take) -> str:
    """"card N, " for the card a take from the deck draws, face up in front of its taker
    from then on (it said "took the top card of the deck", where a take from the display
    names the card); "" where the deck is empty."""
    after = state.clone()
    after.apply(move)
    actor = state.to_move
    new = [o for o, was in zip(after.seats[actor].hand, state.seats[actor].hand)
           if o is not None and o != was]
    return f"card {new[0]}, " if new else ""


def _refills(state: State, move: Take) -> bool:
    """Whether ``move``, a take, ends its seat's action and the display is refilled then
    (from the deck, at the end of each seat's action: not between a seat's two
    replacements)."""
    after = state.clone()
    after.apply(move)
    return len(after.display) > len(state.display) - (move.card != 0)


def _completed(state: State, move: Cross) -> list[int]:
    """The cards ``move`` completes (its crossings, red crosses' too, that reach a tomb),
    in order."""
    data = state.rules.data
    crossed = {move.card: move.cells}
    for card, c in move.extras:
        crossed[card] = crossed.get(card, 0) | 1 << c
    return sorted(card for card, cells in crossed.items() if cells >> data.card(card).tomb & 1)


def _chosen(state: State, move: Move, who: str) -> str:
    """A seat's keep, crossing or pass in words, with the cards its crossing completes."""
    if isinstance(move, Keep):
        return f"{who} kept cards {' and '.join(map(str, move.cards))}"
    if isinstance(move, Pass):
        return f"{who} passed"
    assert isinstance(move, Cross)
    done = _completed(state, move)
    if not done:
        return f"{who}: {describe(state, move)}"
    cards = " and ".join(map(str, done))
    each = plural(state.rules.data.card_points, "point") + (" each" if len(done) > 1 else "")
    return (f"{who}: {describe(state, move)} (completes card{'s' if len(done) > 1 else ''} "
            f"{cards}: {each})")


def describe_scoring(state: State, move: Move) -> str | None:
    """What ``move`` (about to be played in ``state``) scores at once that its words
    (``describe``) leave out, in a player's words: the cards a crossing completes, with
    their points and the pyramid points that wins the seat where the step resolves with
    it; ``None`` for a move that completes nothing. The review's text says it beside a
    move (it read "better was card 15: cross the single box E5 (+10 points)", the box
    being card 15's tomb).

    >>> import cards_data
    >>> from games.pyramids import make_deal, parse_move, state_from_deal
    >>> data = cards_data.load("pyramids")
    >>> state = state_from_deal(make_deal(players=1, seed=3, data=data), data)
    >>> describe_scoring(state, parse_move(state, "keep 12,18")) is None
    True
    """
    if not isinstance(move, Cross):
        return None
    done = _completed(state, move)
    if not done:
        return None
    points = state.rules.data.card_points * len(done)
    said = (f"completing card{'s' if len(done) > 1 else ''} "
            f"{' and '.join(map(str, done))} for {plural(points, 'point')}")
    seat = state.to_move
    after = state.clone()
    after.apply(move)
    won = after.seats[seat].pyramid[len(state.seats[seat].pyramid):]
    return said + "".join(f" and {plural(p, 'pyramid point')} for {colour}"
                          for colour, p in won)


def describe_result(state: State, *, names: Sequence[str] | None = None,
                    viewer: int | None = None) -> list[str]:
    """Every seat's final score with its terms, and the winner (most points; a tie goes
    to the lowest order number among the completed cards)."""
    lines = []
    for p in range(state.num_players):
        parts = state.breakdown(p)
        lines.append(f"{seat_name(p, viewer, names)}: {plural(parts['total'], 'point')} (cards "
                     f"{parts['cards']}, torches {parts['torches']}, pyramid {parts['pyramid']}, "
                     f"gems {parts['gems']}, skulls {parts['skulls']})")
    if state.num_players == 1:
        return lines + ["the expedition is over (solo: the score is the result)"]
    winners = state.winners()
    scores = state.returns()
    tied = [p for p in range(state.num_players) if scores[p] == max(scores)]
    who = " and ".join(seat_name(p, viewer, names) for p in winners)
    why = ("the most points" if len(tied) == 1 else
           "tied on points, with the lowest order number among the completed cards"
           if len(winners) == 1 else "tied: a shared win")
    return lines + [f"{who} {'win' if who == 'you' or len(winners) > 1 else 'wins'}: {why}"]
