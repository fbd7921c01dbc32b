"""What an attack would be, before a die is rolled: the exact odds a player sees at the table.

:func:`attack_preview` reads a hero's :class:`~doria_nb.engine.table.actions.Attack` in the
game as it stands and works out what the game would roll — the card's dice with every bonus
the rules add on this board (the optional rules'
:func:`~doria_nb.engine.optional_rules.attack_bonus`,
spells and potions still in effect), the monster's defense with +1D across a Blue Solid Line,
the damage with the element the default policy would wake — and the exact odds of each
outcome and of the HP the monster loses (:func:`~doria_nb.engine.combat.odds.hero_attack_odds`).
It is the same arithmetic :func:`~doria_nb.engine.combat.board.hero_attack_on_board` rolls, so
the preview and the roll cannot disagree (a test compares them over many seeded attacks).

What the odds cannot know is said in :attr:`AttackPreview.caveats`: a Fate Point spent on a
miss, other monsters and friends an area attack also strikes.

>>> from doria_nb.engine.game.game import Game
>>> from doria_nb.engine.game.arrange import free_square_next_to, give_turn, place_monster
>>> game = Game.new(heroes=["warrior", "mage"], seed=4)
>>> give_turn(game, "W", 30)
>>> orc = place_monster(game, "orc", free_square_next_to(game, "W"))
>>> preview = attack_preview(game.state, Attack("W", "hand 1", orc))
>>> preview.defense, 0 < preview.odds.p_hit < 1
(Dice(count=2, modifier=5), True)
"""

from __future__ import annotations

from dataclasses import dataclass

from doria_nb.engine.cards import Element
from doria_nb.engine.combat.board_area import area_shape
from doria_nb.engine.combat.board_check import attack_check
from doria_nb.engine.combat.hero_attack import enchant_choice
from doria_nb.engine.combat.odds import AttackOdds, hero_attack_odds
from doria_nb.engine.combat.weapons import AttackOption
from doria_nb.engine.decisions import NONE, default_policy
from doria_nb.engine.dice import Dice
from doria_nb.engine.game.hero_checks import attack_option, verify
from doria_nb.engine.optional_rules import attack_bonus
from doria_nb.engine.table.actions import Attack
from doria_nb.engine.table.state import GameState

__all__ = ["AttackPreview", "attack_preview"]


@dataclass(frozen=True, slots=True)
class AttackPreview:
    """An attack before its roll: what it rolls against what, the damage, and the odds."""

    action: Attack
    option: AttackOption
    target: str
    dice: Dice
    defense: Dice
    damage: int
    element: Element | None
    hindered: bool
    odds: AttackOdds
    notes: tuple[str, ...] = ()
    caveats: tuple[str, ...] = ()

    def explain(self) -> str:
        """The attack in one paragraph: dice, defense, damage, P(hit), what is assumed."""
        odds = self.odds
        words = [
            f"{self.option.name}: {self.option.kind} {self.dice} against the {self.target}'s "
            f"{self.defense}{' (+1D across a Blue Solid Line)' if self.hindered else ''}, "
            f"damage {self.damage}{f' ({self.element})' if self.element else ''}, "
            f"{self.option.ap} AP.",
            f"P(hit) {odds.p_hit:.1%}, P(fumble) {odds.p_fumble:.1%}, expected HP lost "
            f"{odds.expected_damage:.2f}.",
        ]
        words += list(self.notes)
        words += list(self.caveats)
        return " ".join(words)


def attack_preview(state: GameState, action: Attack) -> AttackPreview:
    """The preview of ``action`` now; an attack the rules refuse raises the game's
    :class:`~doria_nb.engine.table.records.IllegalAction` with the reason."""
    verify(state, action)
    seat = state.heroes[action.who]
    option = attack_option(state, seat, action.location)
    foe = state.monsters[action.target].foe
    board = state.board()
    card_attack = seat.character.mat.at(option.location).card.attack(option.kind)
    area = card_attack.area if card_attack is not None else None
    shape = area_shape(area) if area else None
    reach = shape.size if shape is not None and shape.kind == "around" else option.range
    check = attack_check(board, action.who, action.target, reach, kind=option.kind)
    bonus = attack_bonus(board, action.who, action.target, state.options, kind=option.kind)
    from doria_nb.engine.effects_play import attack_bonus_for

    extra = attack_bonus_for(state, action.who)
    if extra is not None:
        bonus = bonus + extra
    element = option.element
    if option.elements:
        woken = default_policy(enchant_choice(seat.character, foe, option))
        if woken != NONE:
            element = Element(woken)
    dice = bonus.on(option.dice)
    damage = option.damage + bonus.damage
    odds = hero_attack_odds(
        dice,
        damage,
        foe,
        kind=option.kind,
        element=element,
        hindered=check.hindered,
        options=state.options,
    )
    label = board.figure(action.target).label
    notes = tuple(step.text for step in bonus.steps)
    caveats = []
    if area:
        caveats.append(
            f"The {option.name} strikes an area ({area}): the odds are those of the {label}; "
            "others struck roll their own defense."
        )
    if state.fate is not None:
        caveats.append("A Fate Point spent on a miss is not in these odds.")
    return AttackPreview(
        action,
        option,
        label,
        dice,
        foe.defense_against(option.kind).with_dice(1 if check.hindered else 0),
        damage,
        element,
        check.hindered,
        odds,
        notes,
        tuple(caveats),
    )
