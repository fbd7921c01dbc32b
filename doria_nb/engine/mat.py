"""The Character Mat: the Body zones, the Belt and the Backpack, and moving cards between them.

*Character Mat & Character Sheet Anatomy*: cards on the **Body** are equipped (only in a zone
that matches the card, and only if the character meets its requirements); the **Belt** holds a
few cards that are not equipped but quick to reach; the **Backpack** holds any number.

A :class:`Mat` is a frozen value. Every request comes in two forms: ``can_...`` answers with a
:class:`~doria_nb.engine.verdict.Verdict` and changes nothing; the doing form returns a
:class:`MatChange` (the new mat, the Action Point cost and what moved) or raises the matching
error with the same reason. Costs follow *Equip Items*, *Throw Items*, *Attack or Use Items*,
*Additional Combat Rules* (Using weapons and spells from the Belt or Backpack) and *Repairing
Equipment*; hero bonuses such as Efficiency are applied by
:class:`~doria_nb.engine.character.Character`.

>>> from doria_nb.engine.attributes import Attributes, Requirements
>>> from doria_nb.engine.cards import CardType, ItemCard, Zone
>>> hood = ItemCard(id="padded_hood", name="Padded Hood", type=CardType.ARMOR,
...                 zone=Zone.HEAD, ap=6, armor=3, requirements=Requirements(STR=3))
>>> mage = Attributes(STR=4, CON=6, AGI=7, PER=11, WIS=11, PSI=11)
>>> change = Mat().with_backpack(hood).equip(Location.backpack(0), Slot.HEAD, attributes=mage)
>>> change.ap, change.after.armor_total
(10, 3)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from doria_nb.engine.attributes import Attributes
from doria_nb.engine.cards import AttackKind, Bonuses, CardType, Element, ItemCard, Zone
from doria_nb.engine.errors import EquipError, RepairError
from doria_nb.engine.kept import Kept
from doria_nb.engine.sections import Section
from doria_nb.engine.verdict import Verdict

BELT_COST = 4
"""AP to reach into the Belt: to equip, throw or use an item from it."""
BACKPACK_COST = 10
"""AP to take an item out of the Backpack."""
BELT_SPACES = 3
"""Cards the Belt holds (ruling H9 in docs/rulings.md: the rulebook gives no number)."""


class Area(StrEnum):
    """The three areas of the Character Mat."""

    BODY = "Body"
    BELT = "Belt"
    BACKPACK = "Backpack"


class Slot(StrEnum):
    """A place on the Body for one card. A two-handed card fills both hands."""

    HAND_1 = "hand 1"
    HAND_2 = "hand 2"
    HEAD = "head"
    ARMS = "arms"
    TORSO = "torso"
    LEGS = "legs"
    FEET = "feet"
    ACCESSORY = "accessory"


HANDS = (Slot.HAND_1, Slot.HAND_2)
_SLOT_ORDER = {slot: i for i, slot in enumerate(Slot)}

ZONE_SLOTS: dict[Zone, tuple[Slot, ...]] = {
    Zone.ONE_HAND: HANDS,
    Zone.TWO_HANDS: HANDS,
    Zone.HEAD: (Slot.HEAD,),
    Zone.ARMS: (Slot.ARMS,),
    Zone.TORSO: (Slot.TORSO,),
    Zone.LEGS: (Slot.LEGS,),
    Zone.FEET: (Slot.FEET,),
    Zone.ACCESSORY: (Slot.ACCESSORY,),
    Zone.BODY: (Slot.ACCESSORY, *HANDS, Slot.FEET, Slot.LEGS, Slot.ARMS, Slot.HEAD, Slot.TORSO),
}
"""The Body slots a card of each zone may be placed in, in the order a free one is picked."""


class Purpose(StrEnum):
    """What an item is used for; it decides where it may be used from."""

    ATTACK = "attack"
    DEFENSE = "defense"
    PSI_RESISTANCE = "psi resistance"
    USE = "use"
    """A potion, a Target-Number spell or another effect of the card."""


@dataclass(frozen=True, slots=True)
class Held:
    """A card on the mat and whether it carries a Damaged marker.

    A damaged card loses its primary function (attack, defense, psi resistance, Armor Rating,
    its use) but keeps its passive bonuses and penalties (*Additional Combat Rules*, Damaged
    equipment), and is worth 1 gold less.
    """

    card: ItemCard
    damaged: bool = False

    def __repr__(self) -> str:
        flag = ", damaged=True" if self.damaged else ""
        return f"Held({self.card.id!r}{flag})"

    def __str__(self) -> str:
        return f"{self.card.name} (damaged)" if self.damaged else self.card.name

    @property
    def active_armor(self) -> int:
        """Armor Rating that can still absorb damage: none while damaged."""
        return 0 if self.damaged else self.card.armor

    @property
    def sale_value(self) -> int:
        return self.card.sale_value(damaged=self.damaged)


@dataclass(frozen=True, slots=True)
class Location:
    """Where a card lies: a Body slot, or a position in the Belt or the Backpack."""

    area: Area
    slot: Slot | None = None
    index: int | None = None

    def __post_init__(self) -> None:
        if self.area is Area.BODY:
            if not isinstance(self.slot, Slot) or self.index is not None:
                raise EquipError("A place on the Body is named by its slot, e.g. Slot.HEAD.")
        elif self.slot is not None or not isinstance(self.index, int) or self.index < 0:
            raise EquipError(f"A place in the {self.area} is named by its position (0, 1, ...).")

    # A location is a value: the usual ones are built once and shared (a mat lists its
    # cards' locations many times a turn), the rest are built and checked as they come.

    @classmethod
    def body(cls, slot: Slot | str) -> Location:
        found = _SHARED_LOCATIONS.get((Area.BODY, slot)) if cls is Location else None
        return found if found is not None else cls(Area.BODY, slot=Slot(slot))

    @classmethod
    def belt(cls, index: int) -> Location:
        exact = cls is Location and type(index) is int
        found = _SHARED_LOCATIONS.get((Area.BELT, index)) if exact else None
        return found if found is not None else cls(Area.BELT, index=index)

    @classmethod
    def backpack(cls, index: int) -> Location:
        exact = cls is Location and type(index) is int
        found = _SHARED_LOCATIONS.get((Area.BACKPACK, index)) if exact else None
        return found if found is not None else cls(Area.BACKPACK, index=index)

    def __repr__(self) -> str:
        if self.slot is not None:
            return f"Location.body(Slot.{self.slot.name})"
        return f"Location.{self.area.value.lower()}({self.index})"

    def __str__(self) -> str:
        if self.slot is not None:
            return f"the {self.slot} (Body)"
        return f"the {self.area}, place {self.index + 1}"  # type: ignore[operator]


_SHARED_LOCATIONS: dict[tuple[Area, object], Location] = {
    **{(Area.BODY, slot): Location(Area.BODY, slot=slot) for slot in Slot},
    **{(Area.BELT, i): Location(Area.BELT, index=i) for i in range(BELT_SPACES)},
    **{(Area.BACKPACK, i): Location(Area.BACKPACK, index=i) for i in range(32)},
}
"""Every Body slot, Belt place and the first Backpack places, built once (keyed by exact
slot or whole-number index; anything else is built and checked)."""

Destination = Slot | Area


@dataclass(frozen=True, slots=True)
class Moved:
    """One card that changed place; ``None`` stands for off the mat (thrown, bought)."""

    held: Held
    source: Location | None
    dest: Location | None


@dataclass(frozen=True, slots=True)
class MatChange:
    """The result of a legal request: the mat after it, its AP cost and what moved."""

    before: Mat
    after: Mat
    ap: int
    moved: tuple[Moved, ...]
    rule: Section


@dataclass(frozen=True, slots=True)
class RepairOption:
    """Cards that can be repaired in one action, and its AP cost (before hero bonuses)."""

    locations: tuple[Location, ...]
    ap: int
    set_name: str | None = None

    def describe(self, mat: Mat) -> str:
        names = ", ".join(mat.at(loc).card.name for loc in self.locations)
        head = f"the {self.set_name} set ({names})" if self.set_name else names
        return f"Repair {head}: {self.ap} AP"


def _article(held: Held | ItemCard) -> str:
    card = held.card if isinstance(held, Held) else held
    return f"the {card.name}"


def move_cost(source: Area | None, dest: Area) -> int:
    """AP to move a card from ``source`` to ``dest`` on the same mat (``None``: received).

    Taking a card out of the Belt onto the Body costs 4, out of the Backpack 10 (*Equip Items*,
    *Additional Combat Rules*); putting cards down (Body to Belt or Backpack, Belt to
    Backpack) is free (*Throw Items*: "Downgrading ... at no cost"); a card received from
    another character or bought in Phase I is placed at no cost.
    """
    if source is None or source is Area.BODY:
        return 0
    if source is Area.BELT:
        return BELT_COST if dest is Area.BODY else 0
    return BACKPACK_COST


def reach_cost(area: Area) -> int:
    """AP to reach a card to throw it (*Throw Items*): Body 0, Belt 4, Backpack 10."""
    return {Area.BODY: 0, Area.BELT: BELT_COST, Area.BACKPACK: BACKPACK_COST}[area]


_BONUSES: Kept[tuple[Hashable, ...], Any] = Kept(256)
_USABLE: Kept[tuple[Hashable, ...], Any] = Kept(1024)
_VERDICTS: Kept[tuple[Hashable, ...], Any] = Kept(1024)
_ACTIVE_ARMOR: Kept[tuple[Hashable, ...], Any] = Kept(256)
"""Answers of :class:`Mat` kept for the last few mats: a mat never changes, and its bonuses,
its active armor, its usable cards and whether a card may move or be received depend only
on it and on the question (with the character's attributes). Bots, the shop policy, the
monster AI's board and every defense ask them many times over for the same mat
(tests/unit/test_mat.py compares them with answers worked out anew)."""


def _kept(
    memory: Kept[tuple[Hashable, ...], Any], key: tuple[Hashable, ...], work: Any, *args: Any
) -> Any:
    """``work(*args)``, kept in ``memory`` under ``key`` (worked out each time if something
    in ``key`` cannot be hashed)."""
    try:
        found = memory.get(key)
    except TypeError:  # an unhashable value in place of a frozen one: no keeping
        return work(*args)
    if found is None:
        found = memory.put(key, work(*args))
    return found


@dataclass(frozen=True, slots=True)
class Mat:
    """The cards of one character: Body slots, Belt (at most :data:`BELT_SPACES`) and Backpack.

    A two-handed card is kept at :attr:`Slot.HAND_1` and fills :attr:`Slot.HAND_2` too.
    """

    body: tuple[tuple[Slot, Held], ...] = ()
    belt: tuple[Held, ...] = ()
    backpack: tuple[Held, ...] = ()
    _hash: int | None = field(default=None, init=False, repr=False, compare=False, hash=False)
    """The mat's hash, worked out the first time it is asked (see :meth:`__hash__`)."""

    def __hash__(self) -> int:
        """The hash a frozen dataclass gives (of body, Belt and Backpack), kept: a mat is the
        key of many kept answers and hashes every card it holds (tests/unit/test_mat.py
        compares the two)."""
        found = self._hash
        if found is None:
            found = hash((self.body, self.belt, self.backpack))
            object.__setattr__(self, "_hash", found)
        return found

    def __getstate__(self) -> list[object]:
        """A copied or pickled mat carries its cards, not its kept hash (another process
        hashes text differently)."""
        return [self.body, self.belt, self.backpack]

    def __setstate__(self, state: list[object]) -> None:
        for name, value in zip(("body", "belt", "backpack"), state, strict=True):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_hash", None)

    def __post_init__(self) -> None:
        slots = [slot for slot, _ in self.body]
        if len(set(slots)) != len(slots):
            raise EquipError("Two cards cannot lie in the same Body slot.")
        for slot, held in self.body:
            if slot not in ZONE_SLOTS.get(held.card.zone, ()):  # type: ignore[arg-type]
                raise EquipError(f"The {held.card.name} does not fit the {slot}.")
            if held.card.two_handed and (slot is not Slot.HAND_1 or Slot.HAND_2 in slots):
                raise EquipError(f"The {held.card.name} needs both hands free.")
        if len(self.belt) > BELT_SPACES:
            raise EquipError(f"The Belt holds {BELT_SPACES} cards, not {len(self.belt)}.")
        ordered = tuple(sorted(self.body, key=lambda pair: _SLOT_ORDER[pair[0]]))
        if ordered != self.body:
            object.__setattr__(self, "body", ordered)

    # -- building ---------------------------------------------------------------------------

    def with_body(self, slot: Slot, card: ItemCard, *, damaged: bool = False) -> Mat:
        """This mat with ``card`` placed in ``slot`` (no legality check: for setting up)."""
        return Mat(((slot, Held(card, damaged)), *self.body), self.belt, self.backpack)

    def with_belt(self, *cards: ItemCard, damaged: bool = False) -> Mat:
        return Mat(self.body, self.belt + tuple(Held(c, damaged) for c in cards), self.backpack)

    def with_backpack(self, *cards: ItemCard, damaged: bool = False) -> Mat:
        return Mat(self.body, self.belt, self.backpack + tuple(Held(c, damaged) for c in cards))

    # -- reading ----------------------------------------------------------------------------

    def _kept(self, location: Location) -> Location:
        """The location a card is kept at: hand 2 of a two-handed card is hand 1."""
        if location.area is Area.BODY:
            found = self.occupant(location.slot)  # type: ignore[arg-type]
            if found is not None and found[0] is not location.slot:
                return Location.body(found[0])
        return location

    def get(self, location: Location) -> Held | None:
        if location.area is Area.BODY:
            found = self.occupant(location.slot)  # type: ignore[arg-type]
            return found[1] if found else None
        row = self.belt if location.area is Area.BELT else self.backpack
        assert location.index is not None
        return row[location.index] if location.index < len(row) else None

    def at(self, location: Location) -> Held:
        held = self.get(location)
        if held is None:
            raise EquipError(f"There is no card in {location}.")
        return held

    def occupant(self, slot: Slot) -> tuple[Slot, Held] | None:
        """The card filling ``slot`` and the slot it is kept at (a two-hander fills both)."""
        body = dict(self.body)
        if slot in body:
            return slot, body[slot]
        if slot is Slot.HAND_2 and Slot.HAND_1 in body and body[Slot.HAND_1].card.two_handed:
            return Slot.HAND_1, body[Slot.HAND_1]
        return None

    def is_free(self, slot: Slot) -> bool:
        return self.occupant(slot) is None

    def locations(self) -> Iterator[tuple[Location, Held]]:
        """Every card with its location: Body first, then Belt, then Backpack."""
        for slot, held in self.body:
            yield Location.body(slot), held
        for i, held in enumerate(self.belt):
            yield Location.belt(i), held
        for i, held in enumerate(self.backpack):
            yield Location.backpack(i), held

    def find(self, card_id: str) -> Location | None:
        """The first location of a card with this id."""
        return next((loc for loc, held in self.locations() if held.card.id == card_id), None)

    @property
    def cards(self) -> tuple[ItemCard, ...]:
        return tuple(held.card for _, held in self.locations())

    @property
    def equipped(self) -> tuple[Held, ...]:
        """The cards on the Body (the only ones that count as equipped)."""
        return tuple(held for _, held in self.body)

    @property
    def belt_room(self) -> int:
        return BELT_SPACES - len(self.belt)

    def __len__(self) -> int:
        return len(self.body) + len(self.belt) + len(self.backpack)

    # -- values of the Body -----------------------------------------------------------------

    @property
    def armor_total(self) -> int:
        """AR of all armor on the Body, damaged included (*Armor Encumbrance*)."""
        return sum(held.card.armor for held in self.equipped)

    @property
    def active_armor(self) -> int:
        """AR of the undamaged armor on the Body (*Target of a Monster*: less active armor)."""
        return _kept(_ACTIVE_ARMOR, (self,), self._active_armor)

    def _active_armor(self) -> int:
        return sum(held.active_armor for held in self.equipped)

    def encumbrance(self, strength: int) -> int:
        """IP lost to armor: each point of :attr:`armor_total` above ``strength``."""
        return max(self.armor_total - strength, 0)

    @property
    def bonuses(self) -> Bonuses:
        """The passive bonuses of every card on the Body, damaged ones included; Belt and
        Backpack count for nothing."""
        return _kept(_BONUSES, (self,), self._bonuses)

    def _bonuses(self) -> Bonuses:
        total = Bonuses()
        for held in self.equipped:
            total = total + held.card.bonuses
        return total

    def armor_options(self, element: Element | None = None) -> tuple[tuple[Location, Held], ...]:
        """Armor that can absorb a hit: undamaged, AR above 0, on the Body, and not vulnerable
        to the attack's ``element`` (*Getting Hit and Armor Rating*)."""
        return tuple(
            (Location.body(slot), held)
            for slot, held in self.body
            if held.active_armor > 0 and (element is None or element not in held.card.vulnerable)
        )

    # -- moving cards -----------------------------------------------------------------------

    def _free_body_slot(self, card: ItemCard) -> Slot | None:
        fitting = ZONE_SLOTS.get(card.zone, ()) if card.zone else ()
        free = [slot for slot in fitting if self.is_free(slot)]
        if card.two_handed:
            return Slot.HAND_1 if all(self.is_free(s) for s in HANDS) else None
        return free[0] if free else None

    def _remove(self, location: Location) -> tuple[Mat, Held]:
        location = self._kept(location)
        held = self.at(location)
        if location.area is Area.BODY:
            body = tuple(pair for pair in self.body if pair[0] is not location.slot)
            return Mat(body, self.belt, self.backpack), held
        assert location.index is not None
        if location.area is Area.BELT:
            belt = self.belt[: location.index] + self.belt[location.index + 1 :]
            return Mat(self.body, belt, self.backpack), held
        pack = self.backpack[: location.index] + self.backpack[location.index + 1 :]
        return Mat(self.body, self.belt, pack), held

    def _put(self, held: Held, dest: Slot | Area) -> tuple[Mat, Location]:
        if isinstance(dest, Slot):
            return Mat(((dest, held), *self.body), self.belt, self.backpack), Location.body(dest)
        if dest is Area.BELT:
            return Mat(self.body, (*self.belt, held), self.backpack), Location.belt(len(self.belt))
        place = Location.backpack(len(self.backpack))
        return Mat(self.body, self.belt, (*self.backpack, held)), place

    def _fit_verdict(self, held: Held, slot: Slot, attributes: Attributes, who: str) -> Verdict:
        card = held.card
        if not card.is_equipment:
            return Verdict.no(
                f"The {card.name} is a {card.type} card; only equipment is placed on the Body."
            )
        if slot not in ZONE_SLOTS[card.zone]:  # type: ignore[index]
            where = "anywhere on the Body" if card.zone is Zone.BODY else f"in {card.zone}"
            return Verdict.no(f"The {card.name} is equipped {where}, not in the {slot}.")
        reason = card.requirements.explain(f"Equipping {_article(card)}", who, attributes)
        return Verdict.no(reason) if reason else Verdict.yes()

    def _plan(
        self,
        held: Held,
        source: Location | None,
        dest: Destination,
        attributes: Attributes,
        who: str,
        replaced_to: Destination | None,
        rule: Section,
    ) -> MatChange | Verdict:
        """Work out a move, or say why it is illegal. Never changes ``self``."""
        card = held.card
        for where in (dest, replaced_to):
            if where is not None and not isinstance(where, Slot | Area):
                return Verdict.no(
                    f"Say where the {card.name} goes as a Body slot or an area (Belt, "
                    f"Backpack, Body), not {where!r}."
                )
        if source is not None:
            if self.get(source) is None:
                return Verdict.no(f"There is no card in {source}.")
            source = self._kept(source)
        base = self._remove(source)[0] if source is not None else self
        source_area = source.area if source is not None else None
        if dest is Area.BODY:
            slot = base._free_body_slot(card)
            if slot is None:
                fitting = ZONE_SLOTS.get(card.zone, ()) if card.zone else ()
                if not fitting:
                    return self._fit_verdict(held, Slot.HEAD, attributes, who)
                if len(fitting) > 1 and not card.two_handed:
                    return Verdict.no(
                        f"No place on the Body is free for the {card.name}; name the slot "
                        "whose card it replaces."
                    )
                slot = fitting[0]
            dest = slot
        if isinstance(dest, Slot):
            if card.two_handed and dest in HANDS:
                dest = Slot.HAND_1
            verdict = self._fit_verdict(held, dest, attributes, who)
            if not verdict:
                return verdict
            if source is not None and source.area is Area.BODY and source.slot is dest:
                return Verdict.no(f"The {card.name} is already in the {dest}.")
            targets = HANDS if card.two_handed else (dest,)
            displaced: list[tuple[Slot, Held]] = []
            for target in targets:
                found = base.occupant(target)
                if found is not None and found not in displaced:
                    displaced.append(found)
            after = base
            for at_slot, _ in displaced:
                after = after._remove(Location.body(at_slot))[0]
            after, placed = after._put(held, dest)
            moved = [Moved(held, source, placed)]
            for at_slot, other in displaced:
                outcome = after._place_replaced(other, replaced_to, attributes, who)
                if isinstance(outcome, Verdict):
                    return outcome
                after, where = outcome
                moved.append(Moved(other, Location.body(at_slot), where))
            ap = move_cost(source_area, Area.BODY)
            return MatChange(self, after, ap, tuple(moved), rule)
        if source is not None and source.area is dest:
            return Verdict.no(f"The {card.name} is already in the {dest}.")
        if dest is Area.BELT and base.belt_room <= 0:
            return Verdict.no(
                f"The Belt holds {BELT_SPACES} cards and is full; put the {card.name} in the "
                "Backpack or free a place first."
            )
        after, placed = base._put(held, dest)
        ap = move_cost(source_area, dest)
        return MatChange(self, after, ap, (Moved(held, source, placed),), rule)

    def _place_replaced(
        self, held: Held, replaced_to: Destination | None, attributes: Attributes, who: str
    ) -> tuple[Mat, Location] | Verdict:
        if replaced_to is None:
            replaced_to = Area.BELT if self.belt_room > 0 else Area.BACKPACK
        if replaced_to is Area.BODY:
            slot = self._free_body_slot(held.card)
            if slot is None:
                return Verdict.no(f"No other place on the Body is free for the {held.card.name}.")
            replaced_to = slot
        if isinstance(replaced_to, Slot):
            verdict = self._fit_verdict(held, replaced_to, attributes, who)
            if not verdict:
                return verdict
            if not self.is_free(replaced_to) or (
                held.card.two_handed and not all(self.is_free(s) for s in HANDS)
            ):
                return Verdict.no(
                    f"The {replaced_to} is taken; the replaced {held.card.name} cannot go there."
                )
            return self._put(held, Slot.HAND_1 if held.card.two_handed else replaced_to)
        if replaced_to is Area.BELT and self.belt_room <= 0:
            return Verdict.no(
                f"The Belt is full: the replaced {held.card.name} must go to the Backpack."
            )
        return self._put(held, replaced_to)

    def can_move(
        self,
        source: Location,
        dest: Destination,
        *,
        attributes: Attributes,
        who: str = "the character",
        replaced_to: Destination | None = None,
    ) -> Verdict:
        """Whether the card at ``source`` may move to ``dest`` (a Body slot, the Belt, the
        Backpack, or ``Area.BODY`` for the first fitting slot). A card it replaces on the Body
        goes to ``replaced_to`` (default: the Belt if it has room, else the Backpack)."""
        key = (self, "move", source, dest, attributes, who, replaced_to)
        return _kept(_VERDICTS, key, self._can_move, source, dest, attributes, who, replaced_to)

    def _can_move(
        self,
        source: Location,
        dest: Destination,
        attributes: Attributes,
        who: str,
        replaced_to: Destination | None,
    ) -> Verdict:
        held = self.get(source)
        if held is None:
            return Verdict.no(f"There is no card in {source}.")
        plan = self._plan(held, source, dest, attributes, who, replaced_to, _rule(source, dest))
        return plan if isinstance(plan, Verdict) else Verdict.yes()

    def move(
        self,
        source: Location,
        dest: Destination,
        *,
        attributes: Attributes,
        who: str = "the character",
        replaced_to: Destination | None = None,
    ) -> MatChange:
        """Move the card at ``source`` to ``dest``; raises :class:`EquipError` if illegal."""
        held = self.get(source)
        if held is None:
            raise EquipError(f"There is no card in {source}.")
        plan = self._plan(held, source, dest, attributes, who, replaced_to, _rule(source, dest))
        if isinstance(plan, Verdict):
            raise EquipError(plan.reason)
        return plan

    def can_equip(
        self,
        source: Location,
        slot: Slot | Area = Area.BODY,
        *,
        attributes: Attributes,
        who: str = "the character",
        replaced_to: Destination | None = None,
    ) -> Verdict:
        """Whether the card at ``source`` may be equipped in ``slot`` (*Equip Items*)."""
        if isinstance(slot, Area) and slot is not Area.BODY:
            return Verdict.no("Cards are equipped on the Body; choose a Body slot.")
        return self.can_move(source, slot, attributes=attributes, who=who, replaced_to=replaced_to)

    def equip(
        self,
        source: Location,
        slot: Slot | Area = Area.BODY,
        *,
        attributes: Attributes,
        who: str = "the character",
        replaced_to: Destination | None = None,
    ) -> MatChange:
        """Equip the card at ``source``: 4 AP from the Belt, 10 from the Backpack, 0 from
        elsewhere on the Body."""
        self.can_equip(
            source, slot, attributes=attributes, who=who, replaced_to=replaced_to
        ).enforce(EquipError)
        return self.move(source, slot, attributes=attributes, who=who, replaced_to=replaced_to)

    def can_unequip(self, slot: Slot, to: Area = Area.BELT) -> Verdict:
        """Whether the card in ``slot`` may be put down in the Belt or Backpack (free)."""
        found = self.occupant(slot)
        if found is None:
            return Verdict.no(f"Nothing is equipped in the {slot}.")
        if to is Area.BODY:
            return Verdict.no("Unequipping puts a card in the Belt or the Backpack.")
        return self.can_move(Location.body(found[0]), to, attributes=_ANY)

    def unequip(self, slot: Slot, to: Area = Area.BELT) -> MatChange:
        self.can_unequip(slot, to).enforce(EquipError)
        found = self.occupant(slot)
        assert found is not None
        return self.move(Location.body(found[0]), to, attributes=_ANY)

    def can_receive(
        self,
        held: Held | ItemCard,
        dest: Destination,
        *,
        attributes: Attributes,
        who: str = "the character",
        replaced_to: Destination | None = None,
    ) -> Verdict:
        """Whether a card thrown to this character (or bought in Phase I) may be placed at
        ``dest``, at no AP cost. Only the card it replaces may move, and only to another free
        Body slot, the Belt or the Backpack (*Throw Items*, Caution)."""
        held = held if isinstance(held, Held) else Held(held)
        key = (self, "receive", held, dest, attributes, who, replaced_to)
        return _kept(_VERDICTS, key, self._can_receive, held, dest, attributes, who, replaced_to)

    def _can_receive(
        self,
        held: Held,
        dest: Destination,
        attributes: Attributes,
        who: str,
        replaced_to: Destination | None,
    ) -> Verdict:
        plan = self._plan(held, None, dest, attributes, who, replaced_to, Section.THROW_ITEMS)
        return plan if isinstance(plan, Verdict) else Verdict.yes()

    def receive(
        self,
        held: Held | ItemCard,
        dest: Destination,
        *,
        attributes: Attributes,
        who: str = "the character",
        replaced_to: Destination | None = None,
    ) -> MatChange:
        held = held if isinstance(held, Held) else Held(held)
        plan = self._plan(held, None, dest, attributes, who, replaced_to, Section.THROW_ITEMS)
        if isinstance(plan, Verdict):
            raise EquipError(plan.reason)
        return plan

    def can_give(self, source: Location) -> Verdict:
        """Whether the card at ``source`` can be taken off the mat (thrown, sold, discarded)."""
        if self.get(source) is None:
            return Verdict.no(f"There is no card in {source}.")
        return Verdict.yes()

    def give(self, source: Location) -> MatChange:
        """Take the card at ``source`` off the mat; the AP are those of *Throw Items* (Body 0,
        Belt 4, Backpack 10)."""
        self.can_give(source).enforce(EquipError)
        after, held = self._remove(source)
        moved = (Moved(held, source, None),)
        return MatChange(self, after, reach_cost(source.area), moved, Section.THROW_ITEMS)

    # -- using cards ------------------------------------------------------------------------

    def can_use(
        self,
        source: Location,
        purpose: Purpose,
        *,
        attributes: Attributes,
        who: str = "the character",
        kind: AttackKind | None = None,
    ) -> Verdict:
        """Whether the card at ``source`` can be used for ``purpose`` from where it lies.

        Weapons, spells and potions are used from the Body, or from the Belt if one-handed
        (+4 AP); never from the Backpack; defense and psi resistance only from the Body.
        """
        held = self.get(source)
        if held is None:
            return Verdict.no(f"There is no card in {source}.")
        card = held.card
        if not card.is_equipment:
            return Verdict.no(f"The {card.name} is a {card.type} card and cannot be used.")
        if purpose is Purpose.ATTACK:
            if not card.attacks or (kind is not None and card.attack(kind) is None):
                what = f"{kind} attack" if kind else "attack"
                return Verdict.no(f"The {card.name} has no {what}.")
        elif purpose is Purpose.DEFENSE and card.defense is None:
            return Verdict.no(f"The {card.name} gives no defense roll.")
        elif purpose is Purpose.PSI_RESISTANCE and card.psi_resistance is None:
            return Verdict.no(f"The {card.name} gives no psi resistance roll.")
        elif purpose is Purpose.USE and card.type is CardType.ARMOR:
            return Verdict.no(f"The {card.name} is armor; it protects while worn.")
        if held.damaged:
            return Verdict.no(f"The {card.name} is damaged: repair it before using it.")
        if source.area is Area.BACKPACK:
            return Verdict.no(
                f"The {card.name} is in the Backpack: take it out first ({BACKPACK_COST} AP)."
            )
        if purpose in (Purpose.DEFENSE, Purpose.PSI_RESISTANCE) and source.area is not Area.BODY:
            return Verdict.no(f"The {card.name} defends only when equipped on the Body.")
        if source.area is Area.BELT and card.two_handed:
            return Verdict.no(
                f"The {card.name} needs two hands and is never used from the Belt: take it into "
                f"the hands first ({BELT_COST} AP)."
            )
        reason = card.requirements.explain(f"Using {_article(card)}", who, attributes)
        return Verdict.no(reason) if reason else Verdict.yes()

    def use_cost(self, source: Location, purpose: Purpose = Purpose.ATTACK) -> int:
        """AP to use the card at ``source``: the card's AP, +4 from the Belt; defending costs
        nothing."""
        card = self.at(source).card
        if purpose in (Purpose.DEFENSE, Purpose.PSI_RESISTANCE):
            return 0
        return card.ap + (BELT_COST if source.area is Area.BELT else 0)

    def usable(
        self, purpose: Purpose, *, attributes: Attributes, kind: AttackKind | None = None
    ) -> tuple[Location, ...]:
        """Every location whose card can be used for ``purpose`` now."""
        return _kept(
            _USABLE, (self, purpose, attributes, kind), self._usable, purpose, attributes, kind
        )

    def _usable(
        self, purpose: Purpose, attributes: Attributes, kind: AttackKind | None
    ) -> tuple[Location, ...]:
        return tuple(
            loc
            for loc, _ in self.locations()
            if self.can_use(loc, purpose, attributes=attributes, kind=kind)
        )

    # -- damage and repair ------------------------------------------------------------------

    def _set_damaged(self, location: Location, damaged: bool) -> Mat:
        location = self._kept(location)
        held = self.at(location)
        new = Held(held.card, damaged)
        if location.area is Area.BODY:
            body = tuple((s, new if s is location.slot else h) for s, h in self.body)
            return Mat(body, self.belt, self.backpack)
        assert location.index is not None
        if location.area is Area.BELT:
            belt = (*self.belt[: location.index], new, *self.belt[location.index + 1 :])
            return Mat(self.body, belt, self.backpack)
        i = location.index
        return Mat(self.body, self.belt, (*self.backpack[:i], new, *self.backpack[i + 1 :]))

    def damage(self, location: Location) -> MatChange:
        """Place a Damaged marker on the card at ``location``."""
        held = self.at(location)
        if held.damaged:
            raise RepairError(f"The {held.card.name} is already damaged.")
        after = self._set_damaged(location, True)
        return MatChange(self, after, 0, (Moved(held, location, location),), Section.GETTING_HIT)

    def repair_cost(self, location: Location) -> int:
        """AP to repair one card: the AP on the card, +4 in the Belt, +10 in the Backpack
        (ruling H14)."""
        held = self.at(location)
        return held.card.ap + reach_cost(location.area)

    def repair_options(self) -> tuple[RepairOption, ...]:
        """Every repair action possible now: each damaged card alone, and each armor set with
        two or more damaged parts on the Body or in the Belt, repaired together at the highest
        AP of those parts (+4 once if any lies in the Belt). Backpack cards are repaired one at
        a time (*Repairing Equipment*)."""
        options = [
            RepairOption((loc,), self.repair_cost(loc))
            for loc, held in self.locations()
            if held.damaged
        ]
        by_set: dict[str, list[tuple[Location, Held]]] = {}
        for loc, held in self.locations():
            card = held.card
            if held.damaged and card.is_armor and card.set and loc.area is not Area.BACKPACK:
                by_set.setdefault(card.set, []).append((loc, held))
        for name, parts in by_set.items():
            if len(parts) >= 2:
                ap = max(held.card.ap for _, held in parts)
                if any(loc.area is Area.BELT for loc, _ in parts):
                    ap += BELT_COST
                options.append(RepairOption(tuple(loc for loc, _ in parts), ap, name))
        return tuple(options)

    def can_repair(self, locations: Location | Iterable[Location]) -> Verdict:
        """Whether these cards can be repaired in one action: one damaged card, or damaged
        parts of one armor set on the Body or in the Belt."""
        locs = (locations,) if isinstance(locations, Location) else tuple(locations)
        if not locs:
            return Verdict.no("Name the card or cards to repair.")
        if len(set(locs)) != len(locs):
            return Verdict.no("A card is named twice.")
        for loc in locs:
            held = self.get(loc)
            if held is None:
                return Verdict.no(f"There is no card in {loc}.")
            if not held.damaged:
                return Verdict.no(f"The {held.card.name} is not damaged.")
        if len(locs) == 1:
            return Verdict.yes()
        cards = [self.at(loc).card for loc in locs]
        if any(loc.area is Area.BACKPACK for loc in locs):
            return Verdict.no(
                "Armor in the Backpack is repaired separately, even if it is part of a set."
            )
        sets = {card.set for card in cards}
        if not all(card.is_armor for card in cards) or None in sets or len(sets) != 1:
            return Verdict.no(
                "Only parts of one armor set are repaired together; repair the others one by one."
            )
        return Verdict.yes()

    def set_repair_cost(self, locations: Iterable[Location]) -> int:
        locs = tuple(locations)
        self.can_repair(locs).enforce(RepairError)
        if len(locs) == 1:
            return self.repair_cost(locs[0])
        ap = max(self.at(loc).card.ap for loc in locs)
        return ap + (BELT_COST if any(loc.area is Area.BELT for loc in locs) else 0)

    def repair(self, locations: Location | Iterable[Location]) -> MatChange:
        """Remove the Damaged markers of these cards (*Repair Equipment*)."""
        locs = (locations,) if isinstance(locations, Location) else tuple(locations)
        self.can_repair(locs).enforce(RepairError)
        ap = self.set_repair_cost(locs)
        after = self
        moved = []
        for loc in locs:
            moved.append(Moved(self.at(loc), loc, loc))
            after = after._set_damaged(loc, False)
        return MatChange(self, after, ap, tuple(moved), Section.REPAIR_EQUIPMENT)

    def describe(self) -> str:
        """A short text listing of the mat."""
        body = ", ".join(f"{slot}: {held}" for slot, held in self.body) or "nothing"
        belt = ", ".join(str(h) for h in self.belt) or "nothing"
        pack = ", ".join(str(h) for h in self.backpack) or "nothing"
        return f"Body: {body}. Belt: {belt}. Backpack: {pack}."


_ANY = Attributes(STR=99, CON=99, AGI=99, PER=99, WIS=99, PSI=99)
"""Attributes that meet every requirement: putting cards down never checks requirements."""


def _rule(source: Location | None, dest: Destination) -> Section:
    if isinstance(dest, Slot) or dest is Area.BODY:
        return Section.EQUIP_ITEMS
    if source is not None and source.area is Area.BACKPACK:
        return Section.ADDITIONAL_COMBAT_RULES
    return Section.THROW_ITEMS
