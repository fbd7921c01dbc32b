"""A character: attributes, Character Mat, current and maximum values, improvement.

The Character Sheet's numbers (*Calculated Values*, *Character Mat & Character Sheet
Anatomy*): HP, IP and PP are calculated from the attributes, rounded down; the Equipment
Modifiers of the cards on the Body are added; *Armor Encumbrance* takes one IP for each point
of Armor Rating on the Body above STR. Hit and Psi Points also have a current value that
damage, spells and healing move; whenever a maximum changes (higher attributes, a new card),
the current value moves with it (*Character Improvement*; ruling H7).

Every change goes through a ``can_...``/do pair: the do form raises the specific
:class:`~doria_nb.engine.errors.DoriaError` with the reason the ``can_`` form gives and leaves
the character exactly as it was; when it succeeds it appends an event to the character's log.

>>> from doria_nb.engine.attributes import Attributes
>>> adventurer = Character("Adventurer", Attributes(STR=9, CON=9, AGI=8, PER=8, WIS=8, PSI=8))
>>> adventurer.maximum
DerivedValues(hp=9, ip=8, pp=8)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from doria_nb.engine.attributes import Attribute, Attributes, DerivedValues, check_creation
from doria_nb.engine.cards import (
    DEFAULT_DODGE,
    DEFAULT_PSI_RESISTANCE,
    AttackKind,
    Bonuses,
    EffectSpec,
    HeroBonus,
    HeroTemplate,
    ItemCard,
    SkillSpec,
)
from doria_nb.engine.dice import Dice
from doria_nb.engine.errors import HeroCreationError, ProgressionError, UseError
from doria_nb.engine.events import Event, EventLog
from doria_nb.engine.kept import Kept
from doria_nb.engine.mat import (
    Area,
    Destination,
    Held,
    Location,
    Mat,
    MatChange,
    Moved,
    Purpose,
    RepairOption,
    Slot,
)
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.progression import (
    EFFICIENCY,
    EXTRA_ATTACK_DIE,
    EXTRA_DAMAGE,
    EXTRA_DEFENSE_DIE,
    EXTRA_INITIATIVE_DIE,
    RANGE_MULTIPLIER,
    REGENERATION,
    check_bonus_choice,
)
from doria_nb.engine.sections import Section
from doria_nb.engine.verdict import Verdict

INITIATIVE_DICE = 2
"""Initiative is rolled with 2D (*Phase C: Roll for Initiative*)."""


# -- events -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ItemsMoved(Event):
    """Cards changed place on (or onto, or off) a character's mat."""

    character: str
    moved: tuple[Moved, ...]
    ap: int

    def describe(self) -> str:
        parts = []
        for m in self.moved:
            src = str(m.source) if m.source else "outside"
            dst = str(m.dest) if m.dest else "off the mat"
            parts.append(f"{m.held.card.name}: {src} → {dst}")
        return f"{self.character}: " + "; ".join(parts) + f" ({self.ap} AP)"


@dataclass(frozen=True, slots=True)
class ItemsRepaired(Event):
    character: str
    cards: tuple[str, ...]
    ap: int

    def describe(self) -> str:
        return f"{self.character} repairs {', '.join(self.cards)} ({self.ap} AP)"


@dataclass(frozen=True, slots=True)
class ItemDamaged(Event):
    character: str
    card: str

    def describe(self) -> str:
        return f"{self.character}'s {self.card} is damaged"


@dataclass(frozen=True, slots=True)
class ValuesChanged(Event):
    """Maximum HP/IP/PP changed (attributes or equipment), and current HP/PP with them."""

    character: str
    before: DerivedValues
    after: DerivedValues
    hp: tuple[int, int]
    pp: tuple[int, int]

    def describe(self) -> str:
        return (
            f"{self.character}: maximum HP {self.before.hp}→{self.after.hp}, IP {self.before.ip}→"
            f"{self.after.ip}, PP {self.before.pp}→{self.after.pp}; current HP "
            f"{self.hp[0]}→{self.hp[1]}, PP {self.pp[0]}→{self.pp[1]}"
        )


@dataclass(frozen=True, slots=True)
class AttributePointsGained(Event):
    character: str
    points: int

    def describe(self) -> str:
        return f"{self.character} gains {self.points} Attribute Point{'s' * (self.points != 1)}"


@dataclass(frozen=True, slots=True)
class AttributesRaised(Event):
    character: str
    before: Attributes
    after: Attributes

    def describe(self) -> str:
        raised = [
            f"{name} {getattr(self.before, name)}→{getattr(self.after, name)}"
            for name in ("STR", "CON", "AGI", "PER", "WIS", "PSI")
            if getattr(self.before, name) != getattr(self.after, name)
        ]
        return f"{self.character} raises {', '.join(raised) or 'nothing'}"


@dataclass(frozen=True, slots=True)
class HeroBonusChosen(Event):
    character: str
    bonus: str

    def describe(self) -> str:
        return f"{self.character} takes the hero bonus {self.bonus}"


@dataclass(frozen=True, slots=True)
class PointsChanged(Event):
    """Current HP or PP changed (damage, healing, regeneration, spending)."""

    character: str
    hp: tuple[int, int]
    pp: tuple[int, int]
    reason: str = ""

    def describe(self) -> str:
        changes = [
            f"{name} {old}→{new}"
            for name, (old, new) in (("HP", self.hp), ("PP", self.pp))
            if old != new
        ]
        why = f" ({self.reason})" if self.reason else ""
        return f"{self.character}: {', '.join(changes) or 'no change'}{why}"


# -- the sheet ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sheet:
    """A snapshot of the Character Sheet: every number a player writes down.

    ``base`` are the calculated values, ``modifiers`` the Equipment Modifiers, ``encumbrance``
    the IP lost to armor, ``maximum`` the final values; ``hp`` and ``pp`` the current ones.
    """

    name: str
    attributes: Attributes
    base: DerivedValues
    modifiers: DerivedValues
    encumbrance: int
    maximum: DerivedValues
    hp: int
    pp: int
    bonuses: Bonuses
    armor_total: int
    level: int
    hero_bonuses: tuple[str, ...]
    saved_points: int

    @property
    def ip(self) -> int:
        return self.maximum.ip

    def describe(self) -> str:
        b, m, f = self.base, self.modifiers, self.maximum
        enc = f", encumbrance -{self.encumbrance} IP" if self.encumbrance else ""
        return (
            f"{self.name}: {self.attributes}. Calculated HP {b.hp}, IP {b.ip}, PP {b.pp}; "
            f"equipment {m.hp:+d}/{m.ip:+d}/{m.pp:+d}{enc}; final HP {f.hp}, IP {f.ip}, "
            f"PP {f.pp}; now HP {self.hp}/{f.hp}, PP {self.pp}/{f.pp}."
        )


@dataclass(frozen=True, slots=True)
class DefenseOption:
    """A roll a character may defend with: a card on the Body or a skill (``source`` None)."""

    name: str
    dice: Dice
    source: Location | None = None


# -- the character ------------------------------------------------------------------------------


_MAXIMA: Kept[tuple[Attributes, Mat], DerivedValues] = Kept(256)
""":meth:`Character._maximum_of` by attributes and mat (both frozen values)."""


class Character:
    """A hero in play. Mutable; every change is checked first and logged as an event."""

    def __init__(
        self,
        name: str,
        attributes: Attributes,
        *,
        mat: Mat | None = None,
        template: HeroTemplate | None = None,
        level: int = 1,
        hero_bonuses: Iterable[HeroBonus] = (),
        saved_points: int = 0,
        dodge: SkillSpec = DEFAULT_DODGE,
        psi_resistance: SkillSpec = DEFAULT_PSI_RESISTANCE,
        log: EventLog | None = None,
    ) -> None:
        if not isinstance(attributes, Attributes):
            raise HeroCreationError(f"A character needs Attributes, not {attributes!r}.")
        self.name = name
        self.template = template
        self.attributes = attributes
        self.mat = mat if mat is not None else Mat()
        self.level = level
        self.hero_bonuses: tuple[HeroBonus, ...] = tuple(hero_bonuses)
        self.saved_points = saved_points
        self.dodge = dodge
        self.psi_resistance = psi_resistance
        self.log = log
        maximum = self.maximum
        self.hp = maximum.hp
        self.pp = maximum.pp

    # -- creation ---------------------------------------------------------------------------

    @classmethod
    def from_template(
        cls,
        template: HeroTemplate,
        *,
        name: str | None = None,
        dodge: SkillSpec = DEFAULT_DODGE,
        psi_resistance: SkillSpec = DEFAULT_PSI_RESISTANCE,
        log: EventLog | None = None,
    ) -> Character:
        """A premade hero with its Standard Items in the Backpack, to be arranged at setup
        (*Preparing Characters*)."""
        mat = Mat().with_backpack(*template.standard_items)
        return cls(
            name or template.name,
            template.attributes,
            mat=mat,
            template=template,
            dodge=dodge,
            psi_resistance=psi_resistance,
            log=log,
        )

    @classmethod
    def custom(
        cls,
        name: str,
        attributes: Attributes | Mapping[str, int],
        *,
        options: RulesOptions | None = None,
        **kwargs: object,
    ) -> Character:
        """A hero made under *Optional Rule: Create Heroes*: exactly 50 points, each attribute
        from 1 to 13. Raises :class:`HeroCreationError` naming every problem.

        A game passes its ``options``: custom heroes exist only when *Create Heroes* is on.
        Without ``options`` (a hero built outside a game, as in the book's HeroBuilder) the
        optional rule is taken to be on.
        """
        if options is not None and not options.create_heroes:
            raise HeroCreationError(
                f"{name} would be a custom hero, but the optional rule Create Heroes is off; "
                "switch it on or choose one of the premade heroes."
            )
        check_creation(attributes).enforce(HeroCreationError)
        if not isinstance(attributes, Attributes):
            attributes = Attributes.of(attributes)
        return cls(name, attributes, **kwargs)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        return (
            f"<Character {self.name}: {self.attributes}, HP {self.hp}/{self.maximum.hp}, "
            f"IP {self.ip}, PP {self.pp}/{self.maximum.pp}>"
        )

    @property
    def who(self) -> str:
        """How messages name the character: 'the Mage' for a premade hero, else its name."""
        if self.template is not None and self.name == self.template.name:
            return f"the {self.name}"
        return self.name

    def _emit(self, event: Event) -> None:
        if self.log is not None:
            self.log.append(event)

    # -- calculated values ------------------------------------------------------------------

    @staticmethod
    def _maximum_of(attributes: Attributes, mat: Mat) -> DerivedValues:
        """The final values of ``attributes`` with ``mat`` (see :attr:`maximum`), kept for
        the last few pairs: they are read whenever HP, IP or PP are, and a hero's attributes
        and mat seldom change (tests/unit/test_character.py compares them with values worked
        out anew)."""
        try:
            found = _MAXIMA.get((attributes, mat))
        except TypeError:  # an unhashable value in place of a frozen one: no keeping
            return Character._maximum_plain(attributes, mat)
        if found is None:
            found = _MAXIMA.put((attributes, mat), Character._maximum_plain(attributes, mat))
        return found

    @staticmethod
    def _maximum_plain(attributes: Attributes, mat: Mat) -> DerivedValues:
        encumbrance = DerivedValues(ip=mat.encumbrance(attributes.STR))
        return attributes.derived() + mat.bonuses.modifiers - encumbrance

    @property
    def base(self) -> DerivedValues:
        """*Calculated Values*: (STR+CON)÷2, (AGI+PER)÷2, (WIS+PSI)÷2, rounded down."""
        return self.attributes.derived()

    @property
    def modifiers(self) -> DerivedValues:
        """Equipment Modifiers of the cards on the Body (damaged ones too)."""
        return self.mat.bonuses.modifiers

    @property
    def encumbrance(self) -> int:
        """IP lost to *Armor Encumbrance*."""
        return self.mat.encumbrance(self.attributes.STR)

    @property
    def maximum(self) -> DerivedValues:
        """The final values: calculated + Equipment Modifiers - encumbrance (on IP)."""
        return self._maximum_of(self.attributes, self.mat)

    @property
    def ip(self) -> int:
        """Initiative Points (may be negative when overloaded)."""
        return self.maximum.ip

    @property
    def bonuses(self) -> Bonuses:
        """Passive bonuses of the Body (melee, ranged, magic, defense, psi resistance, ...)."""
        return self.mat.bonuses

    def sheet(self) -> Sheet:
        return Sheet(
            name=self.name,
            attributes=self.attributes,
            base=self.base,
            modifiers=self.modifiers,
            encumbrance=self.encumbrance,
            maximum=self.maximum,
            hp=self.hp,
            pp=self.pp,
            bonuses=self.bonuses,
            armor_total=self.mat.armor_total,
            level=self.level,
            hero_bonuses=tuple(b.id for b in self.hero_bonuses),
            saved_points=self.saved_points,
        )

    def _commit(self, *, attributes: Attributes | None = None, mat: Mat | None = None) -> None:
        """Take new attributes or a new mat; current HP and PP move with their maximum."""
        attributes = attributes if attributes is not None else self.attributes
        mat = mat if mat is not None else self.mat
        before = self.maximum
        after = self._maximum_of(attributes, mat)
        old_hp, old_pp = self.hp, self.pp
        self.attributes, self.mat = attributes, mat
        self.hp += after.hp - before.hp
        self.pp += after.pp - before.pp
        if after != before:
            rule = Section.CALCULATED_VALUES
            self._emit(
                ValuesChanged(rule, self.name, before, after, (old_hp, self.hp), (old_pp, self.pp))
            )

    # -- hero bonuses as effects ------------------------------------------------------------

    def effects(self, name: str) -> tuple[EffectSpec, ...]:
        """The effects named ``name`` among the chosen hero bonuses."""
        return tuple(b.effect for b in self.hero_bonuses if b.effect.name == name)

    def has_effect(self, name: str) -> bool:
        return bool(self.effects(name))

    @property
    def ap_saving(self) -> int:
        """AP saved on every item action by *Efficiency* (3)."""
        return sum(int(e.get("ap", 0)) for e in self.effects(EFFICIENCY))  # type: ignore[arg-type]

    def _item_ap(self, ap: int) -> int:
        return max(ap - self.ap_saving, 0) if ap > 0 else 0

    # -- the mat ----------------------------------------------------------------------------

    def _apply(self, change: MatChange) -> MatChange:
        ap = self._item_ap(change.ap)
        change = MatChange(change.before, change.after, ap, change.moved, change.rule)
        self._commit(mat=change.after)
        self._emit(ItemsMoved(change.rule, self.name, change.moved, ap))
        return change

    def can_equip(
        self,
        source: Location,
        slot: Slot | Area = Area.BODY,
        *,
        replaced_to: Destination | None = None,
    ) -> Verdict:
        """Whether the card at ``source`` may be equipped (*Equip Items*; *Requirements of
        Equipment Cards*)."""
        return self.mat.can_equip(
            source, slot, attributes=self.attributes, who=self.who, replaced_to=replaced_to
        )

    def equip(
        self,
        source: Location,
        slot: Slot | Area = Area.BODY,
        *,
        replaced_to: Destination | None = None,
    ) -> MatChange:
        """Equip the card at ``source``; returns the change with its AP (4 from the Belt, 10
        from the Backpack, less with Efficiency)."""
        return self._apply(
            self.mat.equip(
                source, slot, attributes=self.attributes, who=self.who, replaced_to=replaced_to
            )
        )

    def can_unequip(self, slot: Slot, to: Area = Area.BELT) -> Verdict:
        return self.mat.can_unequip(slot, to)

    def unequip(self, slot: Slot, to: Area = Area.BELT) -> MatChange:
        """Put the card in ``slot`` down into the Belt or Backpack (free)."""
        return self._apply(self.mat.unequip(slot, to))

    def can_move(
        self, source: Location, dest: Destination, *, replaced_to: Destination | None = None
    ) -> Verdict:
        return self.mat.can_move(
            source, dest, attributes=self.attributes, who=self.who, replaced_to=replaced_to
        )

    def move(
        self, source: Location, dest: Destination, *, replaced_to: Destination | None = None
    ) -> MatChange:
        """Move a card anywhere on the mat (equip, put down, take out of the Backpack)."""
        return self._apply(
            self.mat.move(
                source, dest, attributes=self.attributes, who=self.who, replaced_to=replaced_to
            )
        )

    def can_receive(
        self, card: ItemCard | Held, dest: Destination, *, replaced_to: Destination | None = None
    ) -> Verdict:
        return self.mat.can_receive(
            card, dest, attributes=self.attributes, who=self.who, replaced_to=replaced_to
        )

    def receive_where_it_fits(self, card: ItemCard | Held) -> None:
        """A card found or thrown goes on the Body if a slot is free and it fits, else into the
        Belt, else the Backpack (cards received in Phase D may be equipped at once, for free);
        a card that fits nowhere stays where it was."""
        for dest in (Area.BODY, Area.BELT, Area.BACKPACK):
            if self.can_receive(card, dest):
                self.receive(card, dest)
                return

    def receive(
        self, card: ItemCard | Held, dest: Destination, *, replaced_to: Destination | None = None
    ) -> MatChange:
        """Place a card thrown to (or bought by) this character, at no AP cost; only the card it
        replaces may move (*Throw Items*)."""
        return self._apply(
            self.mat.receive(
                card, dest, attributes=self.attributes, who=self.who, replaced_to=replaced_to
            )
        )

    def can_give(self, source: Location) -> Verdict:
        return self.mat.can_give(source)

    def give(self, source: Location) -> tuple[Held, MatChange]:
        """Take a card off the mat (to throw, sell or discard it); AP as *Throw Items*."""
        change = self._apply(self.mat.give(source))
        return change.moved[0].held, change

    # -- using ------------------------------------------------------------------------------

    def can_use(
        self, source: Location, purpose: Purpose = Purpose.ATTACK, kind: AttackKind | None = None
    ) -> Verdict:
        return self.mat.can_use(
            source, purpose, attributes=self.attributes, who=self.who, kind=kind
        )

    def use_cost(self, source: Location, purpose: Purpose = Purpose.ATTACK) -> int:
        """AP to use the card at ``source`` (card AP, +4 from the Belt, -3 with Efficiency)."""
        self.can_use(source, purpose).enforce(UseError)
        return self._item_ap(self.mat.use_cost(source, purpose))

    def attack_dice(self, source: Location, kind: AttackKind) -> Dice:
        """The attack roll of the card at ``source``: its dice + the bonuses of that kind on the
        Body + 1D per matching extra-die hero bonus."""
        self.can_use(source, Purpose.ATTACK, kind).enforce(UseError)
        attack = self.mat.at(source).card.attack(kind)
        assert attack is not None
        extra = sum(1 for e in self.effects(EXTRA_ATTACK_DIE) if e.get("kind") == kind.value)
        return (attack.dice + self.bonuses.attack(kind)).with_dice(extra)

    def attack_damage(self, source: Location, kind: AttackKind) -> int:
        """Damage of the card's attack + the Damage Bonus."""
        self.can_use(source, Purpose.ATTACK, kind).enforce(UseError)
        attack = self.mat.at(source).card.attack(kind)
        assert attack is not None
        extra = sum(int(e.get("amount", 0)) for e in self.effects(EXTRA_DAMAGE))  # type: ignore[arg-type]
        return attack.damage + extra

    def attack_range(self, source: Location, kind: AttackKind) -> int:
        """Range of the card's attack, doubled by Rangex2 (range 0 becomes 1)."""
        self.can_use(source, Purpose.ATTACK, kind).enforce(UseError)
        card = self.mat.at(source).card
        attack = card.attack(kind)
        assert attack is not None
        base = attack.range if attack.range is not None else (card.range or 0)
        for effect in self.effects(RANGE_MULTIPLIER):
            base = max(base * int(effect.get("factor", 1)), 1)  # type: ignore[arg-type]
        return base

    def can_use_skill(self, skill: SkillSpec) -> Verdict:
        """Dodge and Psi Resistance need their minimum attributes (*Create Heroes*, Warning)."""
        reason = skill.requirements.explain(f"Using {skill.name}", self.who, self.attributes)
        return Verdict.no(reason) if reason else Verdict.yes()

    def _skill_option(self, skill: SkillSpec, bonus: int) -> DefenseOption:
        extra = len(self.effects(EXTRA_DEFENSE_DIE))
        return DefenseOption(skill.name, (skill.dice + bonus).with_dice(extra))

    def defense_options(self) -> tuple[DefenseOption, ...]:
        """Rolls to parry a melee or ranged attack: undamaged cards on the Body with a defense,
        and Dodge if its minimum is met; each + defense bonuses + Defense Bonus die."""
        extra = len(self.effects(EXTRA_DEFENSE_DIE))
        bonus = self.bonuses.defense
        options = [
            DefenseOption(self.mat.at(loc).card.name, (card_dice + bonus).with_dice(extra), loc)
            for loc in self.mat.usable(Purpose.DEFENSE, attributes=self.attributes)
            for card_dice in [self.mat.at(loc).card.defense]
            if card_dice is not None
        ]
        if self.can_use_skill(self.dodge):
            options.append(self._skill_option(self.dodge, bonus))
        return tuple(options)

    def psi_resistance_options(self) -> tuple[DefenseOption, ...]:
        """Rolls to resist a magic attack: undamaged cards on the Body with psi resistance, and
        the Psi Resistance skill if its minimum is met."""
        extra = len(self.effects(EXTRA_DEFENSE_DIE))
        bonus = self.bonuses.psi_resistance
        options = [
            DefenseOption(self.mat.at(loc).card.name, (card_dice + bonus).with_dice(extra), loc)
            for loc in self.mat.usable(Purpose.PSI_RESISTANCE, attributes=self.attributes)
            for card_dice in [self.mat.at(loc).card.psi_resistance]
            if card_dice is not None
        ]
        if self.can_use_skill(self.psi_resistance):
            options.append(self._skill_option(self.psi_resistance, bonus))
        return tuple(options)

    # -- damage and repair ------------------------------------------------------------------

    def damage_item(self, location: Location) -> MatChange:
        """Place a Damaged marker (a fumble, or armor that absorbed a hit)."""
        change = self.mat.damage(location)
        self._commit(mat=change.after)
        self._emit(ItemDamaged(change.rule, self.name, change.moved[0].held.card.name))
        return change

    def repair_options(self) -> tuple[RepairOption, ...]:
        """Every repair possible now, with AP after Efficiency."""
        return tuple(
            RepairOption(o.locations, self._item_ap(o.ap), o.set_name)
            for o in self.mat.repair_options()
        )

    def can_repair(self, locations: Location | Iterable[Location]) -> Verdict:
        return self.mat.can_repair(locations)

    def repair(self, locations: Location | Iterable[Location]) -> MatChange:
        """Repair one card, or damaged parts of one armor set together (*Repairing
        Equipment*)."""
        change = self.mat.repair(locations)
        ap = self._item_ap(change.ap)
        self._commit(mat=change.after)
        names = tuple(m.held.card.name for m in change.moved)
        self._emit(ItemsRepaired(change.rule, self.name, names, ap))
        return MatChange(change.before, change.after, ap, change.moved, change.rule)

    # -- current values ---------------------------------------------------------------------

    def change_points(self, *, hp: int = 0, pp: int = 0, reason: str = "") -> None:
        """Lose (negative) or regain (positive) current HP and PP; regaining stops at the
        maximum, losing has no floor here (death at -20 is the game's to judge)."""
        for name, value in (("hp", hp), ("pp", pp)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise ProgressionError(
                    f"{name.upper()} change must be a whole number, not {value!r}."
                )
        maximum = self.maximum
        old = (self.hp, self.pp)
        new_hp = self.hp + hp if hp <= 0 else max(min(self.hp + hp, maximum.hp), self.hp)
        new_pp = self.pp + pp if pp <= 0 else max(min(self.pp + pp, maximum.pp), self.pp)
        self.hp, self.pp = new_hp, new_pp
        self._emit(
            PointsChanged(Section.HP_IP_PP, self.name, (old[0], new_hp), (old[1], new_pp), reason)
        )

    def regeneration(self) -> tuple[int, int]:
        """The (HP, PP) the character's *Regeneration* bonuses give in Phase H ((0, 0)
        without one)."""
        effects = self.effects(REGENERATION)
        hp = sum(int(e.get("hp", 0)) for e in effects)  # type: ignore[arg-type]
        pp = sum(int(e.get("pp", 0)) for e in effects)  # type: ignore[arg-type]
        return hp, pp

    def regenerate(self) -> None:
        """*Regeneration*: 1 HP and 1 PP in Phase H, up to the maximum."""
        hp, pp = self.regeneration()
        if hp or pp:
            self.change_points(hp=hp, pp=pp, reason="Regeneration")

    def initiative_dice(self, *, solo: bool = False) -> Dice:
        """The initiative roll: 2D + IP. One die fewer with negative HP, PP or IP (never fewer
        than one); 1D more with the Initiative Bonus. Negative HP or PP (the lower of the two)
        is also subtracted, except in a solo game (*Hit Points, Initiative Points and Psi
        Points*; *Special Rules for 1 or 2 Players*)."""
        penalty = self.hp < 0 or self.pp < 0 or self.ip < 0
        count = INITIATIVE_DICE - int(penalty) + len(self.effects(EXTRA_INITIATIVE_DIE))
        modifier = self.ip
        worst = min(self.hp, self.pp)
        if worst < 0 and not solo:
            modifier += worst
        return Dice(max(count, 1), modifier)

    # -- improvement ------------------------------------------------------------------------

    def gain_points(self, points: int) -> None:
        """Receive Attribute Points from the Group XP track; they may be saved."""
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            raise ProgressionError(f"Attribute Points come in whole numbers, not {points!r}.")
        self.saved_points += points
        self._emit(AttributePointsGained(Section.CHARACTER_IMPROVEMENT, self.name, points))

    def can_raise(self, points: Mapping[str, int] | Mapping[Attribute, int]) -> Verdict:
        """Whether these Attribute Points can be spent now (from the saved points)."""
        try:
            after = self.attributes.raised(points)
        except ValueError as error:
            return Verdict.no(str(error))
        spent = after.total - self.attributes.total
        if spent == 0:
            return Verdict.no("Name at least one attribute to raise.")
        if spent > self.saved_points:
            return Verdict.no(
                f"Raising {spent} attribute level{'s' if spent > 1 else ''} needs {spent} "
                f"Attribute Point{'s' if spent > 1 else ''}; {self.who} has "
                f"{self.saved_points} saved."
            )
        return Verdict.yes()

    def raise_attributes(self, points: Mapping[str, int] | Mapping[Attribute, int]) -> Sheet:
        """Spend saved Attribute Points (Phase H); maximum and current values are recalculated
        and rise together (*Character Improvement*). Returns the new sheet."""
        self.can_raise(points).enforce(ProgressionError)
        before = self.attributes
        after = before.raised(points)
        self.saved_points -= after.total - before.total
        self._commit(attributes=after)
        self._emit(AttributesRaised(Section.CHARACTER_IMPROVEMENT, self.name, before, after))
        return self.sheet()

    def can_choose_bonus(self, bonus: HeroBonus) -> Verdict:
        return check_bonus_choice(self.hero_bonuses, self.level, bonus)

    def choose_bonus(self, bonus: HeroBonus) -> None:
        """Tick a hero bonus: one per hero level above 1, each at most once."""
        self.can_choose_bonus(bonus).enforce(ProgressionError)
        self.hero_bonuses = (*self.hero_bonuses, bonus)
        self._emit(HeroBonusChosen(Section.HERO_AND_MONSTER_LEVEL, self.name, bonus.id))

    def set_level(self, level: int) -> None:
        """Set the hero level (it only goes up)."""
        if not isinstance(level, int) or isinstance(level, bool) or level < self.level:
            raise ProgressionError(
                f"The hero level only rises: {self.who} is level {self.level}, not {level!r}."
            )
        self.level = level

    @property
    def bonuses_to_choose(self) -> int:
        return max(self.level - 1 - len(self.hero_bonuses), 0)


__all__ = [
    "AttributePointsGained",
    "AttributesRaised",
    "Character",
    "DefenseOption",
    "HeroBonusChosen",
    "ItemDamaged",
    "ItemsMoved",
    "ItemsRepaired",
    "PointsChanged",
    "Sheet",
    "ValuesChanged",
]
