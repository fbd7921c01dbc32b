"""Zombies multiplying in *Phase F: Special Actions*.

Every monster whose card multiplies (the Zombie) raises one more of its kind on the nearest
free square next to it, the Zombies taking turns in *Monster Order*; only the Zombies in play
when the phase begins multiply. When the box has no figure left, or no free square is left
for the new one (ruling P11), that Zombie gets an Extra Activation instead (*Multiple monsters
per monster icon*: "every Zombie that cannot multiply will be activated"); the caller plays
those out with
:func:`~doria_nb.engine.monster_ai.activation.activate`.

>>> from doria_nb.engine.situation import Situation
>>> s = Situation.from_text('''
... map:
...   #D#####
...   #z...M#
...   #######
... figures:
...   z = monster Zombie
...   M = hero Mage STR 4
... ''')
>>> rising = raise_zombies(s)
>>> rising.raised, rising.situation.figure("a").square
((('z', 'a'),), Square(x=2, y=1))
"""

from __future__ import annotations

from dataclasses import dataclass

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai.order import monster_order
from doria_nb.engine.monster_ai.records import card_for
from doria_nb.engine.monster_ai.trace import Decision, Trace
from doria_nb.engine.monsters import stats_at_level
from doria_nb.engine.packs import pack_or_default
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation
from doria_nb.engine.situation.figure import Figure
from doria_nb.engine.spawning.board import free_letters, trace_labels
from doria_nb.engine.spawning.draw import same_kind
from doria_nb.engine.spawning.placement import NoFreeSquare, place_near
from doria_nb.engine.spawning.records import ExtraActivation

__all__ = ["ZombieRising", "raise_zombies"]


@dataclass(frozen=True, slots=True)
class ZombieRising:
    """What Phase F's Zombies did: the new ``situation``, the pairs (Zombie, the one it
    raised), the ``extra_activations`` to play out in this order, and a ``trace``."""

    situation: Situation
    raised: tuple[tuple[str, str], ...]
    extra_activations: tuple[ExtraActivation, ...]
    trace: Trace

    def explain(self) -> str:
        return self.trace.explain()


def raise_zombies(
    situation: Situation, *, pack: ContentPack | None = None, level: int = 1
) -> ZombieRising:
    """Let every multiplying monster of ``situation`` raise one more (*Phase F*)."""
    pack = pack_or_default(pack)
    risers = [m for m in situation.monsters if card_for(m.name, pack).multiplies]
    steps: list[Decision] = []
    if not risers:
        steps.append(
            Decision(Section.PHASE_F, "no Zombies", (), (), "No monster in play multiplies.")
        )
        return ZombieRising(situation, (), (), Trace("Phase F: do Zombies rise?", tuple(steps), ()))
    order = monster_order(situation, pack=pack, level=level, among=[m.letter for m in risers])
    current = situation
    raised: list[tuple[str, str]] = []
    extra: list[ExtraActivation] = []
    for letter in (k for group in order.ranking for k in group):
        zombie = current.figure(letter)
        card = card_for(zombie.name, pack)
        in_play = sum(1 for f in current.monsters if same_kind(f, card))
        cannot = f"{zombie.label} cannot multiply and is activated instead"
        square: Square | None = None
        if in_play >= card.figures:
            criterion = "no figure left"
            reason = f"All {card.figures} {card.name} figures are in play: {cannot}."
        else:
            try:
                (square,) = place_near(
                    current,
                    [zombie.square],
                    1,
                    attack=card.attack,
                    flight=card.flight,
                    what=f"{zombie.label}'s square",
                    first_rule=Section.PHASE_F,
                    steps=steps,
                )
            except NoFreeSquare:
                criterion = "no free square"
                reason = (
                    f"No free square is left where a new {card.name} could stand: {cannot} "
                    "(ruling P11)."
                )
        if square is None:
            steps.append(Decision(Section.PHASE_F, criterion, (letter,), (letter,), reason))
            extra.append(ExtraActivation(letter, (), reason))
            continue
        new_letter = free_letters(current, card.name)[0]
        ap = stats_at_level(card, level).ap
        current = current.with_figure(Figure.monster(card.name, new_letter, square, AP=ap, MOD=0))
        raised.append((letter, new_letter))
        steps.append(
            Decision(
                Section.PHASE_F,
                "a Zombie rises",
                (letter,),
                (letter,),
                f"{zombie.label} raises {card.name} ({new_letter}) at ({square.x}, {square.y}).",
            )
        )
    labels = {**order.labels, **trace_labels(current, steps)}
    labels.update({f.letter: f.label for f in current.figures})
    trace = Trace(
        "Phase F: do Zombies rise?", tuple(steps), tuple(k for _, k in raised), (), labels
    )
    return ZombieRising(current, tuple(raised), tuple(extra), trace)
