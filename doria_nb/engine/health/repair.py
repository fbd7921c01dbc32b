"""Repair costs, one's own and a companion's, as explained records.

*Repair Equipment* and *Repairing Equipment*: a damaged card is repaired for the AP printed on
it (+4 from the Belt, +10 from the Backpack, ruling H14); damaged parts of one armor set on the
Body or in the Belt are repaired together for the highest AP among them (+4 once if any lies in
the Belt). *Take, Use or Repair Other Items*: repairing a companion's gear costs 5 AP more and
the cards stay with their owner. The Efficiency hero bonus saves 3 AP once per action
(ruling H15) and makes the companion's surcharge 2 (ruling H26).

The mat already knows which cards may be repaired together (:meth:`Mat.can_repair`); this
module prices the action for whoever does it and says how the price came about.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from doria_nb.engine.character import Character
from doria_nb.engine.errors import HealthError, RepairError
from doria_nb.engine.health.care import other_item_ap
from doria_nb.engine.mat import Location
from doria_nb.engine.sections import Section

__all__ = ["RepairCost", "plan_repair", "repair"]


@dataclass(frozen=True, slots=True)
class RepairCost:
    """What one repair action costs the character who does it, and why."""

    repairer: str
    owner: str
    cards: tuple[str, ...]
    card_ap: int
    """The AP of the cards: the card's own, or the highest of a set's parts, with the reach
    cost of the Belt or Backpack."""
    saving: int
    """AP saved by Efficiency (never more than the card AP)."""
    surcharge: int
    """AP for reaching into a companion's gear (0 for one's own)."""
    set_name: str | None = None

    @property
    def ap(self) -> int:
        return self.card_ap - self.saving + self.surcharge

    @property
    def rule(self) -> Section:
        return Section.REPAIRING_EQUIPMENT if self.set_name else Section.REPAIR_EQUIPMENT

    def explain(self) -> str:
        what = (
            f"the {self.set_name} set ({', '.join(self.cards)})"
            if self.set_name
            else f"the {self.cards[0]}"
        )
        whose = f" of {self.owner}" if self.owner != self.repairer else ""
        terms = [f"{self.card_ap} ({'highest part' if self.set_name else 'card'})"]
        if self.saving:
            terms.append(f"- {self.saving} (Efficiency)")
        if self.surcharge:
            terms.append(f"+ {self.surcharge} (another character's item)")
        arithmetic = " ".join(terms)
        if len(terms) > 1:
            arithmetic += f" = {self.ap}"
        return f"{self.repairer} repairs {what}{whose}: {arithmetic} AP."


def _locations(locations: Location | Iterable[Location]) -> tuple[Location, ...]:
    if isinstance(locations, Location):
        return (locations,)
    if isinstance(locations, str | bytes) or not isinstance(locations, Iterable):
        raise HealthError(f"Name the cards to repair by their places, not {locations!r}.")
    locs = tuple(locations)
    if not all(isinstance(loc, Location) for loc in locs):
        raise HealthError(f"Name the cards to repair by their places, not {locs!r}.")
    return locs


def plan_repair(
    owner: Character,
    locations: Location | Iterable[Location],
    *,
    repairer: Character | None = None,
) -> RepairCost:
    """Price repairing the cards at ``locations`` of ``owner`` by ``repairer`` (the owner by
    default); raises :class:`RepairError` with the reason when they cannot be repaired in one
    action. Changes nothing."""
    if not isinstance(owner, Character):
        raise HealthError(f"Whose cards? A character, not {owner!r}.")
    repairer = repairer if repairer is not None else owner
    if not isinstance(repairer, Character):
        raise HealthError(f"Who repairs? A character, not {repairer!r}.")
    locs = _locations(locations)
    owner.can_repair(locs).enforce(RepairError)
    card_ap = owner.mat.set_repair_cost(locs)
    cards = tuple(owner.mat.at(loc).card for loc in locs)
    set_name = cards[0].set if len(cards) > 1 else None
    saving = min(repairer.ap_saving, card_ap)
    surcharge = 0 if repairer is owner else other_item_ap(repairer)
    return RepairCost(
        repairer.who,
        owner.who,
        tuple(card.name for card in cards),
        card_ap,
        saving,
        surcharge,
        set_name,
    )


def repair(
    owner: Character,
    locations: Location | Iterable[Location],
    *,
    repairer: Character | None = None,
) -> RepairCost:
    """Repair the cards (they stay with ``owner``) and return what it cost ``repairer``.

    The owner's log records the repair (with the AP of the owner's own action; the
    returned record is the price the repairer pays)."""
    cost = plan_repair(owner, locations, repairer=repairer)
    owner.repair(_locations(locations))
    return cost
