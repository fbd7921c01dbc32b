"""The game's own events, next to the dice (``DiceRolled``) and the characters' events.

Every change a game makes is one of these, citing the rule that made it: the log is the
game's story (narration, the round stepper), and a replay must reproduce it exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from doria_nb.engine.combat.board_records import BoardAttack
from doria_nb.engine.combat.records import Direction
from doria_nb.engine.events import Event
from doria_nb.engine.geometry import Square
from doria_nb.engine.movement.jumps import JumpResult
from doria_nb.engine.sections import Section

if TYPE_CHECKING:  # both concepts sit above the table and write these events
    from doria_nb.engine.cards import ItemCard
    from doria_nb.engine.doom.counter import DoomMove
    from doria_nb.engine.level_up.rules import LevelUp
    from doria_nb.engine.traps.armor import TrapArmor

__all__ = [
    "ActionTaken",
    "ArmorTookDamage",
    "AttackMade",
    "CampaignScenarioBegan",
    "DoomCounterMoved",
    "DoorEventDrawn",
    "EffectApplied",
    "EffectWoreOff",
    "EscapeDeclared",
    "EscapeFailed",
    "ExplosionStruck",
    "ExtraActivationGiven",
    "FatePointSpent",
    "GameOver",
    "Happened",
    "HeroJoined",
    "HeroLeft",
    "HeroesEntered",
    "InitiativeRolled",
    "Jumped",
    "LevelUpDone",
    "LevelUpIgnored",
    "LevelUpRoundBegan",
    "LootDrawn",
    "MonsterActed",
    "MonsterDefeated",
    "MonsterLevelRose",
    "MonsterRegenerated",
    "MonsterSpawned",
    "OpenSidesLeft",
    "PhaseBegan",
    "PoisonGiven",
    "PoisonHurt",
    "RoomDoorOpened",
    "ScenarioRuleApplied",
    "SecretDoorOpened",
    "ShopBought",
    "ShopDiscarded",
    "ShopRefilled",
    "ShopTrapCleared",
    "TileDrawn",
    "TilePlaced",
    "TileSetAside",
    "TrapActed",
    "TrapRewarded",
    "TrapSprung",
    "TreasuresPlaced",
    "ZombieRaised",
    "ZombiesRose",
]


@dataclass(frozen=True, slots=True)
class PhaseBegan(Event):
    """A phase of round ``round`` begins."""

    round: int
    phase: str

    def describe(self) -> str:
        return f"Round {self.round}: {self.rule}"


@dataclass(frozen=True, slots=True)
class ActionTaken(Event):
    """A hero (or a monster) starts an action: its Initiative Marker moves from ``ap[0]`` to
    ``ap[1]`` (*Phase D: Action Phase*)."""

    who: str
    action: str
    ap: tuple[int, int]

    def describe(self) -> str:
        return f"{self.action} ({self.ap[0]} → {self.ap[1]} AP)"


@dataclass(frozen=True, slots=True)
class MonsterActed(ActionTaken):
    """A monster's activation (*Monster Activation*): the :class:`ActionTaken` the log always
    had, with the monster AI's whole record beside it for views that show it step by step —
    ``activation`` (a :class:`~doria_nb.engine.monster_ai.Activation`: the board before and
    after, the target and route traces, the movement, the attack), the ties the players
    settled (``settled``: ``(("target", "M"), ...)``) and the options each of those ties had
    (``tied``). The record takes no part in comparing events: the words say what happened."""

    activation: Any = field(default=None, compare=False, repr=False)
    settled: tuple[tuple[str, str], ...] = field(default=(), compare=False, repr=False)
    tied: tuple[tuple[str, tuple[str, ...]], ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Happened(Event):
    """Anything else the rules made happen, in words (a tile laid, a monster defeated)."""

    text: str
    who: str = ""

    def describe(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class MonsterSpawned(Happened):
    """Monsters came onto the board (*Monster Icons*): the card ``monster`` (its id) with the
    ``modifiers`` drawn with it (ids), as the figures ``letters`` on ``squares`` (one each;
    none when the box had no figure left).

    A :class:`Happened` with its words unchanged, so narrators that print ``text`` go on as
    before, while a program reads the fields instead of parsing the words. ``who`` is empty:
    no one figure did it (letters are in ``letters``)."""

    monster: str = ""
    modifiers: tuple[str, ...] = ()
    letters: tuple[str, ...] = ()
    squares: tuple[Square, ...] = ()


@dataclass(frozen=True, slots=True)
class MonsterDefeated(Happened):
    """The monster figure ``who`` (its letter), of the card ``monster`` (its id), was defeated
    and left the board (*Defeated Monsters*); the words are those of :class:`Happened`."""

    monster: str = ""


@dataclass(frozen=True, slots=True)
class AttackMade(Happened):
    """The figure ``who`` (its letter) made an attack on ``target`` (*Attack*): ``struck``
    are the letters of every defender, the target first, ``hit`` whether each was hit and
    ``hp_lost`` the Hit Points each lost. ``attack`` is the whole record (a
    :class:`~doria_nb.engine.combat.BoardAttack`: the range check, the rolls, each
    resolution) for views that show it; it takes no part in comparing events. The words are
    those of :class:`Happened`: the range check, then each defender's resolution."""

    target: str = ""
    struck: tuple[str, ...] = ()
    hit: tuple[bool, ...] = ()
    hp_lost: tuple[int, ...] = ()
    attack: BoardAttack | None = field(default=None, compare=False, repr=False)

    @classmethod
    def of(cls, attack: BoardAttack) -> AttackMade:
        """The event of ``attack``, made by the figure ``attack.attacker``."""
        lost = []
        for res in attack.resolutions:
            if res.direction is Direction.HERO_ATTACKS:
                lost.append(res.foe_before.hp - res.foe_after.hp)
            else:
                lost.append(res.hp[0] - res.hp[1])
        return cls(
            rule=Section.ATTACK,
            text=attack.explain(),
            who=attack.attacker,
            target=attack.target,
            struck=attack.struck,
            hit=tuple(h.hit for h in attack.hits),
            hp_lost=tuple(lost),
            attack=attack,
        )


@dataclass(frozen=True, slots=True)
class Jumped(Happened):
    """The hero ``who`` (its letter) jumped (*Jumping (5 AP)*): ``squares`` the squares the
    jump covers, ``target_number`` its TN, ``made`` whether the check succeeded, ``damage``
    the fall damage taken (and ``carried_damage`` that of a carried unconscious hero)."""

    squares: int = 0
    target_number: int = 0
    made: bool = True
    damage: int = 0
    carried_damage: int = 0

    @classmethod
    def of(cls, who: str, jump: JumpResult) -> Jumped:
        """The event of the jump ``jump`` by the figure ``who``."""
        return cls(
            rule=Section.JUMPING,
            text=jump.explain(),
            who=who,
            squares=jump.step.squares,
            target_number=jump.step.target_number or 0,
            made=jump.success,
            damage=jump.damage,
            carried_damage=jump.carried_damage,
        )


@dataclass(frozen=True, slots=True)
class DoomCounterMoved(Happened):
    """The Doom Counter moved in Phase G (*Phase G: Doom Counter*): from square ``start`` to
    ``end`` (``None`` is the red monster head before the first square), over ``squares``;
    ``move`` is the whole record, with what each square set off. The words are those of
    :class:`Happened`."""

    start: int | None = None
    end: int | None = None
    squares: tuple[int, ...] = ()
    move: DoomMove | None = None

    @classmethod
    def of(cls, move: DoomMove) -> DoomCounterMoved:
        """The event of ``move``."""
        return cls(
            rule=Section.PHASE_G,
            text=move.explain(),
            start=move.before.square,
            end=move.end.square,
            squares=move.squares,
            move=move,
        )


@dataclass(frozen=True, slots=True)
class LevelUpDone(Happened):
    """Phase H done for the hero ``who`` (its letter) (*Phase H: Level Up*): whether it was
    ``unconscious`` and ``stays_unconscious`` for the next round, the Hit and Psi Points it
    regained (``hp``, ``pp``: Regeneration and an unconscious hero's recovery together);
    ``result`` is the whole record. The words are those of :class:`Happened`."""

    unconscious: bool = False
    stays_unconscious: bool = False
    hp: int = 0
    pp: int = 0
    result: LevelUp | None = None

    @classmethod
    def of(cls, who: str, result: LevelUp) -> LevelUpDone:
        """The event of ``result``, Phase H for the figure ``who``."""
        healed = [h for h in (result.regeneration, result.recovery) if h is not None]
        return cls(
            rule=Section.PHASE_H,
            text=result.explain(),
            who=who,
            unconscious=result.unconscious,
            stays_unconscious=result.stays_unconscious,
            hp=sum(after - before for before, after in (h.hp for h in healed)),
            pp=sum(after - before for before, after in (h.pp for h in healed)),
            result=result,
        )


# -- the round's other happenings, typed (issue 17): each a Happened with its words unchanged --


@dataclass(frozen=True, slots=True)
class HeroesEntered(Happened):
    """The heroes stepped onto the start positions (*Starting Positions*): ``order`` their
    letters on the positions I, II, ... in turn."""

    order: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class InitiativeRolled(Happened):
    """Phase C's rolls (*Phase C: Roll for Initiative*): ``ap`` the Action Points of each hero
    who acts this round (``(letter, AP)`` in rolling order), ``out_this_round`` the letters of
    the heroes who do not (fallen or kept unconscious)."""

    ap: tuple[tuple[str, int], ...] = ()
    out_this_round: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PoisonHurt(Happened):
    """Poison hurt the figure ``who`` in Phase E (*Phase E: Poison*): ``hp`` the Hit Points it
    lost (0 when a hero's check kept them)."""

    hp: int = 0


@dataclass(frozen=True, slots=True)
class PoisonGiven(Happened):
    """A Venomous monster ``source`` (its letter) gave the hero ``who`` ``markers`` Poison
    Markers with a hit (*Monster modifiers*)."""

    source: str = ""
    markers: int = 0


@dataclass(frozen=True, slots=True)
class MonsterRegenerated(Happened):
    """The Regenerating monster ``who`` healed ``hp`` Hit Points in Phase F."""

    hp: int = 0


@dataclass(frozen=True, slots=True)
class ZombieRaised(Happened):
    """The Necromancer ``who`` raised a Zombie in Phase F (the Zombie's own arrival is a
    :class:`MonsterSpawned`)."""


@dataclass(frozen=True, slots=True)
class ZombiesRose(Happened):
    """Phase F's Zombies multiplied (*Zombies*): ``raised`` the pairs (Zombie, the figure it
    raised), ``extra_activations`` the letters of those that act instead, in order."""

    raised: tuple[tuple[str, str], ...] = ()
    extra_activations: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ExplosionStruck(Happened):
    """An Exploding monster's blast struck the hero ``who`` (*Monster modifiers*): ``hit``
    whether it hit, ``hp_lost`` the Hit Points lost."""

    hit: bool = False
    hp_lost: int = 0


@dataclass(frozen=True, slots=True)
class ExtraActivationGiven(Happened):
    """The monster ``who`` gets an Extra Activation (*Multiple monsters per monster icon*)."""


@dataclass(frozen=True, slots=True)
class MonsterLevelRose(Happened):
    """The Monster Level rose to ``level`` (*Hero and Monster Level*)."""

    level: int = 0


@dataclass(frozen=True, slots=True)
class LootDrawn(Happened):
    """Loot Cards drawn (*Search Treasures*, *Defeated Monsters*): ``cards`` their ids, in the
    order drawn."""

    cards: tuple[str, ...] = ()

    @classmethod
    def of(cls, rule: Section, name: str, cards: Sequence[ItemCard], who: str = "") -> LootDrawn:
        """``name`` (who draws, in words) drew ``cards``."""
        text = f"{name} draws {', '.join(c.name for c in cards)}"
        return cls(rule, text, who, cards=tuple(c.id for c in cards))


@dataclass(frozen=True, slots=True)
class ArmorTookDamage(Happened):
    """One armor took a trap's or a door event's ``damage`` (ruling TR7): ``armor`` its name,
    ``absorbed`` the points it kept off; the armor is damaged."""

    armor: str = ""
    damage: int = 0
    absorbed: int = 0

    @classmethod
    def of(cls, taken: TrapArmor, wearer: str, who: str = "") -> ArmorTookDamage:
        """The event of ``taken``, worn by ``wearer`` (as the words name it)."""
        return cls(
            Section.GETTING_HIT,
            taken.explain(wearer),
            who,
            armor=taken.name,
            damage=taken.damage,
            absorbed=taken.absorbed,
        )


@dataclass(frozen=True, slots=True)
class TrapSprung(Happened):
    """The trap ``trap`` (its card id) was set off by ``who`` (*Traps and Secret Doors*):
    ``victims`` the letters it strikes."""

    trap: str = ""
    victims: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TrapActed(Happened):
    """A lasting trap ``trap`` (its card id) acted in Phase F."""

    trap: str = ""


@dataclass(frozen=True, slots=True)
class TrapRewarded(Happened):
    """A trap's card went to ``who`` as gold and ``xp`` to the group (*Traps and Secret
    Doors*); ``trap`` is its card id."""

    trap: str = ""
    xp: int = 0


@dataclass(frozen=True, slots=True)
class SecretDoorOpened(Happened):
    """A Secret Door opened at ``square`` for the hero ``who`` (*Secret Doors*)."""

    square: Square | None = None


@dataclass(frozen=True, slots=True)
class RoomDoorOpened(Happened):
    """The door at ``door``, on the tile ``tile`` (its id), is opened onto the empty table: an
    exploration begins (*Revealing a Room Tile*)."""

    door: Square | None = None
    tile: str = ""


@dataclass(frozen=True, slots=True)
class TileDrawn(Happened):
    """The room tile ``tile`` (its id) is drawn with ``placements`` legal placements
    (*Revealing a Room Tile*)."""

    tile: str = ""
    placements: int = 0


@dataclass(frozen=True, slots=True)
class TilePlaced(Happened):
    """The drawn tile ``tile`` (its id) is laid with its origin at ``origin``, turned
    ``rotation`` degrees clockwise (*Revealing a Room Tile*)."""

    tile: str = ""
    origin: Square | None = None
    rotation: int = 0


@dataclass(frozen=True, slots=True)
class TileSetAside(Happened):
    """The drawn tile ``tile`` (its id) fits nowhere and goes under the deck (ruling E6)."""

    tile: str = ""


@dataclass(frozen=True, slots=True)
class TreasuresPlaced(Happened):
    """Treasure markers go on ``squares``, the treasure icons of the tile just laid
    (*Treasure Icon on a Room Tile*)."""

    squares: tuple[Square, ...] = ()


@dataclass(frozen=True, slots=True)
class OpenSidesLeft(Happened):
    """After a tile is laid, ``open_sides`` connected open sides still face the empty table and
    the next tile is drawn for them; none: the exploration is complete (*Special Feature: Open
    Room Tiles*)."""

    open_sides: int = 0


@dataclass(frozen=True, slots=True)
class LevelUpRoundBegan(Happened):
    """Round ``round`` began, one whose Phase H levels the heroes up (*Phase A: Round Marker
    +1*; *Phase H: Level Up*)."""

    round: int = 0


@dataclass(frozen=True, slots=True)
class ScenarioRuleApplied(Happened):
    """A scenario's special rule, carried out by its ``hook`` and read aloud (its text, then
    the figures it changed, ``letters``, if any)."""

    hook: str = ""
    letters: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DoorEventDrawn(Happened):
    """The hero ``who`` drew the Door Event ``card`` (its id) and it played out (*Door
    Events*)."""

    card: str = ""


@dataclass(frozen=True, slots=True)
class ShopRefilled(Happened):
    """Phase B filled the shop (*Phase B: New Shop Items*): ``drawn`` the pairs (slot, card
    id), ``reshuffled`` whether the loot deck was shuffled anew."""

    drawn: tuple[tuple[int, str], ...] = ()
    reshuffled: bool = False


@dataclass(frozen=True, slots=True)
class ShopBought(Happened):
    """The heroes bought ``cards`` (ids: the traps first, which go to the discard pile, then the
    items handed over) in Phase I for ``price`` gold (*Phase I: Buy or Remove Shop Items*)."""

    cards: tuple[str, ...] = ()
    price: int = 0


@dataclass(frozen=True, slots=True)
class ShopDiscarded(Happened):
    """The heroes discarded ``cards`` (ids) from the shop in Phase I."""

    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ShopTrapCleared(Happened):
    """A trap left the shop (*Optional Rule: Trap Shop*): ``trap`` its card id, set off on the
    hero ``on`` (its letter), or, ``on`` empty, taken out by ``doom_steps`` Doom Counter
    steps."""

    trap: str = ""
    on: str = ""
    doom_steps: int = 0


@dataclass(frozen=True, slots=True)
class EffectApplied(Happened):
    """A potion's or spell's effect (:mod:`doria_nb.engine.effects_ops`) of the card ``card``
    (its name) took hold on the hero ``who``."""

    card: str = ""


@dataclass(frozen=True, slots=True)
class EffectWoreOff(Happened):
    """The lasting effect of the card ``card`` (its name) on the hero ``who`` ended."""

    card: str = ""


@dataclass(frozen=True, slots=True)
class FatePointSpent(Happened):
    """The hero ``who`` spent a Fate Point to roll ``what`` again (*Fate Points*)."""

    what: str = ""


@dataclass(frozen=True, slots=True)
class HeroJoined(Happened):
    """The hero ``who`` (of the template ``hero``) joined the game (ruling GM7)."""

    hero: str = ""


@dataclass(frozen=True, slots=True)
class HeroLeft(Happened):
    """The hero ``who`` left the game with its items (*Player Count*)."""


@dataclass(frozen=True, slots=True)
class CampaignScenarioBegan(Happened):
    """A campaign scenario began (*Campaign Mode*): its ``number``, the Monster Level
    ``level`` from ``monster_points``, and the ``group_xp`` carried over."""

    number: int = 0
    level: int = 0
    monster_points: int = 0
    group_xp: int = 0


@dataclass(frozen=True, slots=True)
class LevelUpIgnored(Happened):
    """A Level Up the Doom Counter set off was ignored in a campaign scenario: the monsters stay
    at ``level`` (*Monster level in campaigns*)."""

    level: int = 0


@dataclass(frozen=True, slots=True)
class EscapeDeclared(Happened):
    """The group declared its escape in round ``round`` (*Escaping a campaign scenario*)."""

    round: int = 0


@dataclass(frozen=True, slots=True)
class EscapeFailed(Happened):
    """A declared escape failed at the end of round ``round``; the declaration lapsed."""

    round: int = 0


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ended."""

    won: bool
    reason: str

    def describe(self) -> str:
        return f"{'Victory' if self.won else 'Defeat'}: {self.reason}"
