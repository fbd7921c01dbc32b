"""The optional Door Event deck (*Optional Rule: Door Events*).

With the optional rule on, a Door Event card is drawn whenever a character opens a door and
so reveals a Room Tile; the card is resolved first, then the tile is revealed. A quarter of the
printed deck says *No Event*; a group that wants more events takes some of those out
(:meth:`DoorEventDeck.shuffled` with ``leave_out_no_event``).

A card is data: a :class:`DoorEventCard` with one :class:`DoorEffect` of a small closed set of
kinds (:class:`DoorEffectKind`). :func:`resolve_door_event` rolls the opener's check if the card
has one and returns a :class:`DoorEventOutcome` — the numbers and an explanation — without
changing anything: the game applies the outcome (HP, Poison Markers, the Initiative Marker, the
Doom Counter, the extra monster at the opened door, the Loot Cards). The cards live in the
content pack (``door_events.toml``); :class:`DoorEventDeck` is the immutable draw and discard
pile.

>>> from doria_nb.engine.attributes import Attributes, Attribute
>>> from doria_nb.engine.cards import CheckSpec
>>> from doria_nb.engine.character import Character
>>> from doria_nb.engine.chance import ScriptedChance
>>> card = DoorEventCard(
...     "falling_mortar", "Falling Mortar", "Old mortar rains down.",
...     DoorEffect(DoorEffectKind.DAMAGE, 2, CheckSpec((Attribute.AGI, Attribute.PER), 24, 2)),
... )
>>> scoundrel = Character("Scoundrel", Attributes(STR=8, CON=8, AGI=11, PER=9, WIS=7, PSI=7))
>>> outcome = resolve_door_event(card, scoundrel, ScriptedChance([3, 2]), monster_level=1)
>>> outcome.damage
2
>>> print(outcome.explain())
Falling Mortar (Scoundrel): AGI 11 + PER 9 + 2D (3+2) = 25 < TN 26: failure, no critical failure. \
Scoundrel takes 2 damage.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from doria_nb.engine.cards import CheckSpec
from doria_nb.engine.chance import Chance
from doria_nb.engine.character import Character
from doria_nb.engine.checks import CHECK_DICE, CheckResult, evaluate_check
from doria_nb.engine.errors import CardError
from doria_nb.engine.events import EventLog
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.starting import CardDrawn

if TYPE_CHECKING:
    from doria_nb.engine.cards import ContentPack

__all__ = [
    "DOOR_EVENTS",
    "DoorEffect",
    "DoorEffectKind",
    "DoorEventCard",
    "DoorEventDeck",
    "DoorEventError",
    "DoorEventOutcome",
    "resolve_door_event",
]

DOOR_EVENTS = Section.DOOR_EVENTS
"""The section every door event cites."""


class DoorEventError(CardError):
    """A door event card, deck or resolution request that is not well formed. ``field`` names
    the offending field for the content loader."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class DoorEffectKind(StrEnum):
    """What a door event does (``docs/content-format.md``, ``[[door_event]]``)."""

    NONE = "none"
    """No Event: nothing happens."""
    DAMAGE = "damage"
    """The opener takes ``amount`` damage (unless the check succeeds)."""
    POISON = "poison"
    """The opener gets ``amount`` Poison Markers (unless the check succeeds)."""
    DOOM = "doom"
    """The Doom Counter moves ``amount`` squares on (unless the check succeeds)."""
    MONSTER = "monster"
    """``amount`` extra monsters are drawn and placed at the opened door (unless the check
    succeeds)."""
    LOOT = "loot"
    """The opener draws ``amount`` Loot Cards; traps among them go off."""
    HEAL = "heal"
    """The opener regains up to ``amount`` HP (never above the maximum)."""
    AP = "ap"
    """The opener's Initiative Marker moves by ``amount`` (negative: down; a loss may be
    avoided by the check)."""
    PP = "pp"
    """The opener gains (up to the maximum) or loses ``amount`` PP (a loss may be avoided by
    the check)."""


_AVOIDABLE = frozenset(
    {DoorEffectKind.DAMAGE, DoorEffectKind.POISON, DoorEffectKind.DOOM, DoorEffectKind.MONSTER}
)
_SIGNED = frozenset({DoorEffectKind.AP, DoorEffectKind.PP})


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True, repr=False)
class DoorEffect:
    """A door event's effect: its ``kind``, ``amount`` and an optional ``check`` with which the
    opener avoids a harmful effect (ruling DE2).

    >>> DoorEffect(DoorEffectKind.HEAL, -2)
    Traceback (most recent call last):
    ...
    doria_nb.engine.door_events.DoorEventError: A 'heal' door event needs an amount of at \
least 1, not -2.
    """

    kind: DoorEffectKind
    amount: int = 0
    check: CheckSpec | None = None

    def __post_init__(self) -> None:
        try:
            kind = DoorEffectKind(self.kind)
        except ValueError:
            choices = ", ".join(f"'{k.value}'" for k in DoorEffectKind)
            raise DoorEventError(
                f"A door event's kind is one of {choices}, not {self.kind!r}.", "kind"
            ) from None
        object.__setattr__(self, "kind", kind)
        amount = self.amount
        if not _whole(amount):
            raise DoorEventError(
                f"A door event's amount is a whole number, not {amount!r}.", "amount"
            )
        if kind is DoorEffectKind.NONE:
            if amount != 0 or self.check is not None:
                raise DoorEventError(
                    "A 'none' door event (No Event) has no amount and no check.",
                    "amount" if amount else "check",
                )
            return
        if kind in _SIGNED:
            if amount == 0:
                raise DoorEventError(
                    f"A '{kind}' door event needs an amount other than 0 (negative to lose).",
                    "amount",
                )
        elif amount < 1:
            raise DoorEventError(
                f"A '{kind}' door event needs an amount of at least 1, not {amount}.", "amount"
            )
        if self.check is not None:
            if not isinstance(self.check, CheckSpec):
                raise DoorEventError(f"A check is a CheckSpec, not {self.check!r}.", "check")
            if not self.harmful:
                raise DoorEventError(
                    f"A '{kind}' door event that helps the opener has no check: a check lets "
                    "the opener avoid a harmful effect.",
                    "check",
                )

    def __repr__(self) -> str:
        parts = [f"DoorEffectKind.{self.kind.name}"]
        if self.amount or self.check is not None:
            parts.append(str(self.amount))
        if self.check is not None:
            parts.append(repr(self.check))
        return f"DoorEffect({', '.join(parts)})"

    @property
    def harmful(self) -> bool:
        """Whether the effect hurts the heroes (only those may carry a check)."""
        return self.kind in _AVOIDABLE or (self.kind in _SIGNED and self.amount < 0)

    def describe(self) -> str:
        """The effect in words, e.g. ``'2 damage unless AGI+PER+2D against 24+[2xML]'``."""
        n = self.amount
        text = {
            DoorEffectKind.NONE: "no event",
            DoorEffectKind.DAMAGE: f"{n} damage",
            DoorEffectKind.POISON: f"{_count(n, 'Poison Marker')}",
            DoorEffectKind.DOOM: f"the Doom Counter moves {_count(n, 'square')} on",
            DoorEffectKind.MONSTER: f"{_count(n, 'extra monster')} at the opened door",
            DoorEffectKind.LOOT: f"draw {_count(n, 'Loot Card')}",
            DoorEffectKind.HEAL: f"regain up to {n} HP",
            DoorEffectKind.AP: f"{n:+d} AP",
            DoorEffectKind.PP: f"{n:+d} PP",
        }[self.kind]
        if self.check is not None:
            text += f" unless {self.check}"
        return text


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


@dataclass(frozen=True, slots=True)
class DoorEventCard:
    """One Door Event card: id, name, our own rules text, its effect and how many copies the
    deck holds."""

    id: str
    name: str
    text: str
    effect: DoorEffect
    copies: int = 1

    def __post_init__(self) -> None:
        for name in ("id", "name"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value:
                raise DoorEventError(f"A door event card needs its {name}, not {value!r}.", name)
        if not isinstance(self.text, str):
            raise DoorEventError(f"A card's text is text, not {self.text!r}.", "text")
        if not isinstance(self.effect, DoorEffect):
            raise DoorEventError(f"A card's effect is a DoorEffect, not {self.effect!r}.", "effect")
        if not _whole(self.copies) or self.copies < 1:
            raise DoorEventError(f"copies is a whole number ≥ 1, not {self.copies!r}.", "copies")

    @property
    def no_event(self) -> bool:
        """A *No Event* card."""
        return self.effect.kind is DoorEffectKind.NONE

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class DoorEventOutcome:
    """What a resolved door event does; the game applies it.

    ``check`` is the opener's check (``None`` when the card has none). When the check
    succeeded, every harmful number is 0 (:attr:`avoided`). ``heal`` and a positive
    ``pp_change`` are what the opener can actually regain (never above the maximum);
    ``damage``, ``poison``, ``doom_steps``, ``monsters`` and ``loot_cards`` are counts for the
    game to carry out.
    """

    card: DoorEventCard
    who: str
    check: CheckResult | None = None
    damage: int = 0
    poison: int = 0
    heal: int = 0
    ap_change: int = 0
    pp_change: int = 0
    doom_steps: int = 0
    monsters: int = 0
    loot_cards: int = 0

    @property
    def rule(self) -> Section:
        return DOOR_EVENTS

    @property
    def avoided(self) -> bool:
        """The opener's check succeeded, so the harmful effect does not happen."""
        return self.check is not None and self.check.success

    @property
    def nothing(self) -> bool:
        """Nothing changes (No Event, an avoided effect, healing at full HP...)."""
        numbers = (self.damage, self.poison, self.heal, self.ap_change, self.pp_change)
        more = (self.doom_steps, self.monsters, self.loot_cards)
        return not any(numbers) and not any(more)

    def explain(self) -> str:
        """The card, the check's arithmetic and what happens, in one paragraph."""
        who = self.who or "The opener"
        parts = [f"{self.card.name} ({self.who})" if self.who else self.card.name]
        head = parts[0] + ":"
        if self.check is not None:
            head += f" {self.check.explain()}"
        sentences: list[str] = []
        kind = self.card.effect.kind
        if kind is DoorEffectKind.NONE:
            sentences.append("No event; the door opens as usual.")
        elif self.avoided:
            effect = self.card.effect.describe().split(" unless ")[0]
            sentences.append(f"{_the(who)} escapes it: no {effect}.")
        if self.damage:
            sentences.append(f"{_the(who)} takes {self.damage} damage.")
        if self.poison:
            sentences.append(f"{_the(who)} gets {_count(self.poison, 'Poison Marker')}.")
        if self.doom_steps:
            sentences.append(f"The Doom Counter moves {_count(self.doom_steps, 'square')} on.")
        if self.monsters:
            what = (
                "An extra monster is"
                if self.monsters == 1
                else f"{self.monsters} extra monsters are"
            )
            sentences.append(f"{what} drawn and placed at the opened door.")
        if self.loot_cards:
            sentences.append(
                f"{_the(who)} draws {_count(self.loot_cards, 'Loot Card')} (a trap among them "
                "goes off)."
            )
        if kind is DoorEffectKind.HEAL:
            wasted = self.card.effect.amount - self.heal
            text = f"{_the(who)} regains {self.heal} HP"
            sentences.append(text + (f" ({wasted} wasted at the maximum)." if wasted else "."))
        if self.ap_change:
            way = "up" if self.ap_change > 0 else "down"
            sentences.append(f"{_the(who)}'s Initiative Marker moves {abs(self.ap_change)} {way}.")
        if kind is DoorEffectKind.PP and not self.avoided:
            if self.pp_change < 0:
                sentences.append(f"{_the(who)} loses {-self.pp_change} PP.")
            else:
                wasted = self.card.effect.amount - self.pp_change
                text = f"{_the(who)} regains {self.pp_change} PP"
                sentences.append(text + (f" ({wasted} wasted at the maximum)." if wasted else "."))
        return " ".join([head, *sentences])


def _the(who: str) -> str:
    return who[0].upper() + who[1:] if who else who


def resolve_door_event(
    card: DoorEventCard,
    opener: Character,
    chance: Chance,
    *,
    monster_level: int,
    options: RulesOptions | None = None,
) -> DoorEventOutcome:
    """Resolve ``card`` for the character who opened the door (*Optional Rule: Door Events*).

    A check rolls the opener's two attributes + 2D against ``tn + per_level x Monster Level``;
    success avoids the effect, and criticals change nothing (ruling DE3). Every argument is
    checked before a die is rolled, so a refused request leaves ``chance`` untouched.
    """
    if not isinstance(card, DoorEventCard):
        raise DoorEventError(f"Resolve a DoorEventCard, not {card!r}.")
    if not isinstance(opener, Character):
        raise DoorEventError(f"The character who opened the door is a Character, not {opener!r}.")
    if not isinstance(chance, Chance):
        raise DoorEventError(f"A door event needs a Chance for its check, not {chance!r}.")
    if not _whole(monster_level) or monster_level < 1:
        raise DoorEventError(f"The Monster Level is a whole number ≥ 1, not {monster_level!r}.")
    if options is not None and not isinstance(options, RulesOptions):
        raise DoorEventError(f"The optional rules are a RulesOptions, not {options!r}.")
    effect = card.effect
    who = opener.who
    check: CheckResult | None = None
    if effect.check is not None:
        spec = effect.check
        roll = chance.roll(CHECK_DICE, who=who, purpose=f"door event {card.name}", rule=DOOR_EVENTS)
        bonuses = {a.value: opener.attributes[a] for a in spec.attributes}
        check = evaluate_check(roll, spec.target(monster_level), bonuses, options=options)
        if check.success:
            return DoorEventOutcome(card, who, check)
    n = effect.amount
    kind = effect.kind
    maximum = opener.maximum
    numbers: dict[str, int] = {}
    if kind is DoorEffectKind.DAMAGE:
        numbers["damage"] = n
    elif kind is DoorEffectKind.POISON:
        numbers["poison"] = n
    elif kind is DoorEffectKind.DOOM:
        numbers["doom_steps"] = n
    elif kind is DoorEffectKind.MONSTER:
        numbers["monsters"] = n
    elif kind is DoorEffectKind.LOOT:
        numbers["loot_cards"] = n
    elif kind is DoorEffectKind.HEAL:
        numbers["heal"] = max(0, min(n, maximum.hp - opener.hp))
    elif kind is DoorEffectKind.AP:
        numbers["ap_change"] = n
    elif kind is DoorEffectKind.PP:
        numbers["pp_change"] = n if n < 0 else max(0, min(n, maximum.pp - opener.pp))
    return DoorEventOutcome(card, who, check, **numbers)


def _cards(cards: object, what: str) -> tuple[DoorEventCard, ...]:
    if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
        raise DoorEventError(f"The {what} is a list of Door Event cards, not {cards!r}.")
    out = tuple(cards)
    for card in out:
        if not isinstance(card, DoorEventCard):
            raise DoorEventError(f"The {what} holds Door Event cards only, not {card!r}.")
    return out


@dataclass(frozen=True, slots=True)
class DoorEventDeck:
    """The Door Event cards: ``draw_pile`` (top card first) and ``discard_pile``.

    Immutable like the loot deck: a draw returns the card and a new deck. When the draw pile is
    empty, the discard pile is shuffled into a new one (as for the loot deck, ruling H29; here
    ruling DE4).
    """

    draw_pile: tuple[DoorEventCard, ...] = ()
    discard_pile: tuple[DoorEventCard, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "draw_pile", _cards(self.draw_pile, "draw pile"))
        object.__setattr__(self, "discard_pile", _cards(self.discard_pile, "discard pile"))

    @classmethod
    def shuffled(
        cls, pack: ContentPack, chance: Chance, *, leave_out_no_event: int = 0
    ) -> DoorEventDeck:
        """The pack's Door Event deck (copies included) without ``leave_out_no_event`` of its
        No Event cards (the rule lets a group remove as many as it likes), shuffled."""
        cards = list(pack.door_event_deck())
        no_event = sum(1 for card in cards if card.no_event)
        if not _whole(leave_out_no_event) or not 0 <= leave_out_no_event <= no_event:
            raise DoorEventError(
                f"The deck holds {no_event} No Event cards; leave out 0 to {no_event}, not "
                f"{leave_out_no_event!r}."
            )
        for _ in range(leave_out_no_event):
            last = max(i for i, card in enumerate(cards) if card.no_event)
            del cards[last]
        if not isinstance(chance, Chance):
            raise DoorEventError(f"Shuffling needs a Chance, not {chance!r}.")
        chance.shuffle(cards)
        return cls(tuple(cards))

    @classmethod
    def stacked(cls, cards: Iterable[DoorEventCard]) -> DoorEventDeck:
        """A deck that deals ``cards`` in this order (examples, tests, disputes)."""
        return cls(_cards(cards, "draw pile"))

    def __len__(self) -> int:
        return len(self.draw_pile)

    def draw(
        self, chance: Chance, *, who: str = "", log: EventLog | None = None
    ) -> tuple[DoorEventCard | None, DoorEventDeck, bool]:
        """The top card, the deck without it and whether the discard pile was shuffled in
        first. ``None`` when both piles are empty (no event, ruling DE4)."""
        if not isinstance(chance, Chance):
            raise DoorEventError(f"Drawing needs a Chance to shuffle with, not {chance!r}.")
        pile, discard, reshuffled = self.draw_pile, self.discard_pile, False
        if not pile and discard:
            cards = list(discard)
            chance.shuffle(cards)
            pile, discard, reshuffled = tuple(cards), (), True
        if not pile:
            return None, self, False
        card = pile[0]
        if log is not None:
            log.append(CardDrawn(DOOR_EVENTS, who, card.id))
        return card, DoorEventDeck(pile[1:], discard), reshuffled

    def discard(self, card: DoorEventCard) -> DoorEventDeck:
        """The deck with a resolved ``card`` on the discard pile."""
        (card,) = _cards((card,), "discarded card")
        return DoorEventDeck(self.draw_pile, (*self.discard_pile, card))

    def describe(self) -> str:
        return (
            f"Door Event deck: {len(self.draw_pile)} to draw, {len(self.discard_pile)} on the "
            "discard pile."
        )
