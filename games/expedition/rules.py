"""The New Expedition's setup as data of the Archaeology engine's ``Rules``: the treasures
in play by table size and variant, thieves and sandstorms, tents, the monument.

>>> import cards_data
>>> data = cards_data.load("expedition")
>>> rules = rules_for(data, 2, "temple", ())
>>> rules.counts[rules.cards.index["broken_tablet"]], rules.thieves, rules.sandstorms
(0, 4, 4)
>>> rules_for(data, 3, "mine", ("long-expedition", "fierce-weather")).thieves
7
"""

from __future__ import annotations

from typing import Iterable

from cards_data import players_words
from cards_data.expedition import ExpeditionData
from games.archaeology.rules import Rules
from games.errors import InvalidStateError
from games.protocol import derived

from .moves import CARDS, Move

__all__ = ["rules_for", "VARIANTS", "LONG", "FIERCE", "BEGINNERS"]

LONG, FIERCE, BEGINNERS = "long-expedition", "fierce-weather", "beginners-luck"
#: The rulebook's variants, as ``--variant`` names.
VARIANTS = (LONG, FIERCE, BEGINNERS)


def _build(data: ExpeditionData, players: int, monument_key: str, variants: tuple[str, ...]
           ) -> Rules:
    long = LONG in variants
    if long and players not in data.long_expedition.players:
        allowed = " or ".join(map(str, data.long_expedition.players))
        if not allowed:  # (a card file seating neither of its tables, e.g. 4 to 5 players)
            tables = players_words(data.players_min, data.players_max)
            raise InvalidStateError(f"the Long Expedition is for none of the tables the card "
                                    f"data seats ({tables})")
        raise InvalidStateError(f"the Long Expedition is for {allowed} players, not {players}")
    in_play = {t.key for t in data.treasures_for(players, long_expedition=long)}
    counts = [data.treasures[key].count if key in in_play else 0
              for key in CARDS.treasure_names]
    fierce = FIERCE in variants
    storms = data.sandstorm_cards if fierce else data.sandstorms_for(players)
    monument = data.monument(monument_key)
    return Rules(data, players, game_id="expedition", cards=CARDS, move_type=Move,
                 counts=counts + [data.thieves_for(players, long_expedition=long), storms],
                 chambers=[(c.size, c.maps) for c in monument.chambers],
                 chamber_by_size=False, monument=monument, special=monument.special,
                 params=monument.params, explore_once=True, storm_offset=1,
                 tents=2 if fierce else 1, variants=variants, announce=BEGINNERS in variants)


def rules_for(data: ExpeditionData, players: int, monument: str,
              variants: Iterable[str] = ()) -> Rules:
    """The (cached) ``Rules`` of ``data`` at ``players`` seats with this monument (a key of
    the card data) and variants (names of :data:`VARIANTS`)."""
    return derived(data, _build, players, monument, tuple(sorted(variants)))
