"""Bringing drawn monsters into play, shared by spawning on icons and the Phase G refill.

A :class:`Spawner` holds one spawn as it goes: it draws a monster with its modifiers
(*Monster modifiers*), places as many figures as the box still holds (the figure limit of
*Multiple monsters per monster icon*), turns every figure the box lacks into an Extra
Activation of a monster of that kind, chosen by *Monster Order*, and finally writes the
:class:`~.records.SpawnResult`. :func:`check_spawn_args` checks every argument before
the first card is drawn.

Two optional rules act here: *Limit Modifiers* (a monster takes at most Monster Level
modifiers; the rest wait, out of the deck, for the next monster, carried from one spawn to the
next by :attr:`~.records.SpawnResult.waiting_modifiers`) and *Monster Difficulty* (the
numbers of a new monster, see :mod:`doria_nb.engine.optional_rules.monsters`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.chance import Chance
from doria_nb.engine.errors import MonsterAIError, MonsterError
from doria_nb.engine.geometry import Square, reading_order
from doria_nb.engine.monster_ai.monster_deck import MonsterDeck, MonsterDraw, draw_monster
from doria_nb.engine.monster_ai.order import monster_order
from doria_nb.engine.monster_ai.trace import Decision, Trace
from doria_nb.engine.monsters import (
    MonsterCard,
    MonsterModifier,
    apply_modifiers,
    stats_at_level,
)
from doria_nb.engine.optional_rules.monsters import limit_modifiers, monster_difficulty_stats
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Figure, Situation
from doria_nb.engine.situation.figure import base_name
from doria_nb.engine.spawning.board import (
    check_count,
    check_situation,
    free_letters,
    plural,
    trace_labels,
)
from doria_nb.engine.spawning.placement import place_near
from doria_nb.engine.spawning.records import ExtraActivation, Spawned, SpawnResult
from doria_nb.engine.tiles import icon_player_count

__all__ = ["Spawner", "check_spawn_args", "same_kind"]

_MULTIPLE = Section.MULTIPLE_MONSTERS
_MODIFIERS = Section.MONSTER_MODIFIERS
_CURRENT = Section.CURRENT_INITIATIVE


def same_kind(figure: Figure, card: MonsterCard) -> bool:
    """Whether the monster ``figure`` is a figure of ``card`` (by name or id, ignoring case
    and a trailing number: ``Orc 2`` is an Orc)."""
    name = base_name(figure.name)
    return figure.is_monster and name in (card.name.casefold(), card.id.casefold())


def check_spawn_args(
    situation: object,
    deck: object,
    chance: object,
    pack: object,
    level: object,
    player_count: object,
    current_initiative: object,
    options: object = None,
    waiting: object = (),
) -> Situation:
    """Check every argument before anything is drawn, so bad input changes nothing."""
    checked = check_situation(situation)
    if options is not None and not isinstance(options, RulesOptions):
        raise MonsterError(f"The optional rules must be RulesOptions, not {options!r}.")
    if not isinstance(waiting, tuple) or not all(isinstance(m, MonsterModifier) for m in waiting):
        raise MonsterError(
            "The modifiers waiting for the next monster (Limit Modifiers) are a tuple of "
            f"monster modifiers, not {waiting!r}."
        )
    if not isinstance(deck, MonsterDeck):
        raise MonsterError(f"Monsters are drawn from a MonsterDeck, not {deck!r}.")
    if not isinstance(chance, Chance):
        raise MonsterError(f"A spawn needs a Chance to shuffle with, not {chance!r}.")
    if not isinstance(pack, ContentPack):
        raise MonsterError(f"A spawn needs the content pack of its monsters, not {pack!r}.")
    check_count(
        level, MonsterError, f"The Monster Level must be a whole number from 1 up, not {level!r}."
    )
    icon_player_count(player_count)  # type: ignore[arg-type]
    if current_initiative is not None and (
        not isinstance(current_initiative, int) or isinstance(current_initiative, bool)
    ):
        raise MonsterAIError(
            "The current initiative is the place on the Initiative Board of the character "
            f"acting now (a whole number), or None outside a round, not {current_initiative!r}."
        )
    return checked


class Spawner:
    """The running state of one spawn: the situation and deck so far, and what happened."""

    def __init__(
        self,
        situation: Situation,
        deck: MonsterDeck,
        chance: Chance,
        pack: ContentPack,
        level: int,
        options: RulesOptions | None = None,
        waiting: tuple[MonsterModifier, ...] = (),
    ) -> None:
        self.situation = situation
        self.deck = deck
        self.chance = chance
        self.pack = pack
        self.level = level
        self.options = options or RulesOptions()
        self.waiting = waiting
        self.steps: list[Decision] = []
        self.spawned: list[Spawned] = []
        self.extras: list[ExtraActivation] = []
        self.summary: list[str] = []

    def draw(self, where: str) -> MonsterDraw:
        """Draw until a monster card comes (*Monster modifiers*), with a step saying so."""
        draw, self.deck = draw_monster(self.deck, self.chance)
        drawn = (*(m.name for m in draw.modifiers), draw.card.name)
        if draw.modifiers:
            mods = ", ".join(m.name for m in draw.modifiers)
            note = (
                f"{mods} {'is a modifier' if len(draw.modifiers) == 1 else 'are modifiers'}: "
                f"cards are drawn until a monster card comes, the {draw.card.name}, which gets "
                f"{'it' if len(draw.modifiers) == 1 else 'them all'}."
            )
        else:
            note = f"The {draw.card.name} is a monster card."
        if draw.reshuffled:
            note += " The draw pile ran out: the discard pile became a new one (ruling P1)."
        self.steps.append(
            Decision(_MODIFIERS, f"draw a monster for {where}", drawn, (draw.card.name,), note)
        )
        if self.options.limit_modifiers:
            draw = self._limit(draw)
        return draw

    def _limit(self, draw: MonsterDraw) -> MonsterDraw:
        """*Limit Modifiers*: the monster takes at most Monster Level modifiers, those waiting
        first; the rest are set aside (out of the discard pile) for the next monster."""
        before = (*self.waiting, *draw.modifiers)
        kept, waiting = limit_modifiers(self.waiting, draw.modifiers, self.level, self.options)
        discard = list(self.deck.discard_pile)
        for mod in reversed(waiting):
            if mod in draw.modifiers:
                # The last copy in the discard pile is the one just drawn.
                index = len(discard) - 1 - discard[::-1].index(mod)
                del discard[index]
        discard.extend(m for m in self.waiting if m in kept)
        self.deck = MonsterDeck(self.deck.draw_pile, tuple(discard))
        if before:
            names = ", ".join(m.name for m in kept) or "none"
            rest = ", ".join(m.name for m in waiting)
            note = (
                f"Monster Level {self.level}: the {draw.card.name} takes at most "
                f"{plural(self.level, 'modifier')}, the longest-waiting first: {names}."
                + (f" {rest} wait{'s' * (len(waiting) == 1)} for the next monster." if rest else "")
            )
            self.steps.append(
                Decision(
                    Section.LIMIT_MODIFIERS,
                    "modifiers up to the Monster Level",
                    tuple(m.name for m in before),
                    tuple(m.name for m in kept),
                    note,
                )
            )
        self.waiting = waiting
        return replace(draw, modifiers=kept)

    def bring(
        self,
        draw: MonsterDraw,
        anchors: Sequence[Square],
        *,
        icon: Square | None,
        what: str,
        first_rule: Section,
        near_rule: Section,
    ) -> None:
        """Place the figures of ``draw`` near ``anchors``; figures the box lacks become Extra
        Activations of monsters of the same kind."""
        card, mods = draw.card, draw.modifiers
        bonus = sum(m.count - 1 for m in mods)
        wanted = card.per_icon + bonus
        kind = [f for f in self.situation.monsters if same_kind(f, card)]
        left = max(card.figures - len(kind), 0)
        placed = min(wanted, left)
        parts = [f"{card.per_icon} per card"]
        parts += [f"{m.name} +{m.count - 1}" for m in mods if m.count > 1]
        note = (
            f"{plural(wanted, card.name)} to place ({', '.join(parts)}, ruling P5); the box "
            f"holds {plural(card.figures, 'figure')}, {len(kind)} on the board: "
            f"{left or 'none'} left."
        )
        self.steps.append(
            Decision(_MULTIPLE, "figures left in the box", (card.name,), (card.name,), note)
        )
        squares: tuple[Square, ...] = ()
        letters: tuple[str, ...] = ()
        if placed:
            squares = place_near(
                self.situation,
                anchors,
                placed,
                attack=card.attack,
                flight=card.flight,
                what=what,
                first_rule=first_rule,
                near_rule=near_rule,
                steps=self.steps,
            )
            letters = free_letters(self.situation, card.name)[:placed]
            if len(letters) < placed:
                raise MonsterAIError(
                    "Every figure letter is in use: the situation cannot take another figure."
                )
            stats = monster_difficulty_stats(
                apply_modifiers(stats_at_level(card, self.level), mods), self.options
            )
            for letter, square in zip(letters, squares, strict=True):
                figure = Figure.monster(card.name, letter, square, AP=stats.ap, MOD=len(mods))
                self.situation = self.situation.with_figure(figure)
                self.summary.append(f"{figure.label} at {square}")
        self.spawned.append(Spawned(icon, card, mods, letters, squares))
        for missing in range(wanted - placed):
            inherit = tuple(m for m in mods if m.count == 1) if missing == 0 and not placed else ()
            self.extra_activation(draw, inherit, what)

    def extra_activation(
        self, draw: MonsterDraw, inherit: tuple[MonsterModifier, ...], what: str
    ) -> None:
        """Give a monster of ``draw``'s kind an Extra Activation, chosen by *Monster Order*."""
        card = draw.card
        kind = [f.letter for f in self.situation.monsters if same_kind(f, card)]
        order = monster_order(self.situation, pack=self.pack, level=self.level, among=kind)
        self.steps.extend(order.steps)
        first = [self.situation.figure(letter) for letter in order.result]
        chosen = min(first, key=lambda f: reading_order(f.square))
        if len(first) > 1:
            note = (
                f"{', '.join(f.label for f in first)} are tied: the players choose. Unless "
                f"they choose otherwise, {chosen.label}, first in reading order, is taken."
            )
        else:
            note = f"{chosen.label} comes first in the monster order."
        self.steps.append(
            Decision(
                _MULTIPLE,
                f"which {card.name} gets the Extra Activation",
                tuple(kind),
                tuple(f.letter for f in first),
                note,
            )
        )
        if inherit:
            values = dict(chosen.values)
            values["MOD"] = values.get("MOD", 0) + len(inherit)
            gain = sum(m.ap for m in inherit)
            if gain:
                base = values.get("AP", stats_at_level(card, self.level).ap)
                values["AP"] = max(base + gain, 1)
            self.situation = self.situation.with_figure(
                replace(chosen, values=tuple(values.items()))
            )
        names = ", ".join(m.name for m in inherit)
        reason = (
            f"A {draw.name} should come into play at {what}, but all {card.figures} "
            f"{card.name} figures are on the board: {chosen.label} acts at once"
            + (f" and takes over {names}." if inherit else ".")
        )
        self.extras.append(ExtraActivation(chosen.letter, inherit, reason))
        self.summary.append(f"Extra Activation for {chosen.label}")

    def result(self, question: str, current_initiative: int | None) -> SpawnResult:
        """The spawn so far as a :class:`SpawnResult` answering ``question``; new monsters
        above ``current_initiative`` act now (*Current initiative for monsters*)."""
        acts_now: tuple[str, ...] = ()
        new = tuple(letter for spawned in self.spawned for letter in spawned.letters)
        if current_initiative is not None and new:
            figures = [self.situation.figure(letter) for letter in new]
            acts_now = tuple(
                f.letter for f in figures if f.ap is not None and f.ap > current_initiative
            )
            shown = ", ".join(f"{f.label} at {f.ap}" for f in figures)
            self.steps.append(
                Decision(
                    _CURRENT,
                    "revealed above the current initiative",
                    new,
                    acts_now,
                    f"{shown}; the current character is at {current_initiative}. A new monster "
                    "higher on the Initiative Board acts at once.",
                )
            )
        labels = trace_labels(self.situation, self.steps)
        summary = "; ".join(self.summary) or "no monster"
        trace = Trace(question, tuple(self.steps), (summary,), labels=labels)
        return SpawnResult(
            self.situation,
            self.deck,
            tuple(self.spawned),
            tuple(self.extras),
            trace,
            acts_now,
            self.waiting,
        )
