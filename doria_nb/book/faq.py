"""The rulebook's FAQ as runnable disputes: each entry's situation built with the engine, the
engine's answer, and whether that answer is the one the FAQ gives.

A :class:`Dispute` names its FAQ entry by a few of the FAQ's own words (``key``), so a test can
check that every question of the FAQ has one; :meth:`Dispute.run` builds the situation afresh
and returns a :class:`Ruling`: the board, the engine's answer in words, and ``holds``, which
is computed from the engine's results (never typed in). Chapter 18 shows every dispute;
``tests/rulebook/test_faq.py`` runs them all.

>>> [d.key for d in DISPUTES][:2]
['conflicting rules', 'Female Zombie']
>>> DISPUTES[1].run().holds
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from doria_nb.content import starter_pack
from doria_nb.engine.cards import ContentPack, Element
from doria_nb.engine.combat.foe import Foe
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.exploration import Exploration, dead_end_sites, place_dead_end_door
from doria_nb.engine.game.arrange import free_square_next_to, give_turn, place_monster
from doria_nb.engine.game.game import Game
from doria_nb.engine.geometry import Rotation, Square
from doria_nb.engine.monster_ai.zombies import raise_zombies
from doria_nb.engine.monsters import attack_element, stats_at_level
from doria_nb.engine.situation import Situation
from doria_nb.engine.table import actions as act

__all__ = ["DISPUTES", "Dispute", "Ruling", "dispute"]


@dataclass(frozen=True, slots=True)
class Ruling:
    """What the engine said: the ``board`` (or other setting) it judged, its ``answer`` in
    words, ``holds``: whether that answer is the FAQ's, and ``differs``: a detail where the
    engine follows a ruling of ours rather than the FAQ's wording (empty when none)."""

    board: str
    answer: str
    holds: bool
    differs: str = ""

    def __str__(self) -> str:
        verdict = "the engine agrees with the FAQ" if self.holds else "THE ENGINE DISAGREES"
        board = f"{self.board}\n" if self.board else ""
        note = f"\nWhere the engine reads it differently: {self.differs}" if self.differs else ""
        return f"{board}{self.answer}\n=> {verdict}.{note}"


@dataclass(frozen=True, slots=True)
class Dispute:
    """One FAQ entry: ``key`` (a few of its words), the question and the FAQ's answer in our
    words, and ``build``, which makes the situation and asks the engine."""

    key: str
    question: str
    rule: str
    build: Callable[[ContentPack], Ruling]

    def run(self, pack: ContentPack | None = None) -> Ruling:
        """Build the situation and ask the engine (the starter pack unless one is given)."""
        return self.build(pack or starter_pack())


# -- the entries ------------------------------------------------------------------------------


def _precedence(pack: ContentPack) -> Ruling:
    card, fire = pack.monster("dark_mage"), pack.modifier("fire_creature")
    foe = Foe.of(card, 1, (fire,))
    answer = attack_element(stats_at_level(card, 1), (fire,), "the Dark Mage")
    assert answer is not None
    text = f"{answer.explain()}\nThe monster in play: {foe.stats}"
    board = f"Drawn: the {fire.name} modifier ({fire.text}), then the {card.name}."
    return Ruling(board, text, foe.stats.element is Element.AIR)


def _with_figures(pack: ContentPack, monster_id: str, extra: int) -> ContentPack:
    """The pack with ``extra`` more figures of one monster in the box."""
    monsters = tuple(
        dataclasses.replace(m, figures=m.figures + extra) if m.id == monster_id else m
        for m in pack.monsters
    )
    return dataclasses.replace(pack, monsters=monsters)


ZOMBIE_ROOM = """
# Four Zombies in Phase F
map:
  #D########
  #........#
  #........#
  #.......M#
  ##########
figures:
  a = monster Zombie at 1,1
  b = monster Zombie at 3,1
  c = monster Zombie at 5,1
  d = monster Zombie at 7,1
  M = hero Mage STR 4
"""


def _female_zombie(pack: ContentPack) -> Ruling:
    deck = {card.id for card in pack.monster_deck()}
    room = Situation.from_text(ZOMBIE_ROOM, pack)
    box = pack.monster("zombie").figures
    plain = raise_zombies(room, pack=pack)
    more = raise_zombies(room, pack=_with_figures(pack, "zombie", 1))
    lines = [
        f"The Female Zombie is in the monster deck: {'female_zombie' in deck}.",
        f"With the {box} Zombie figures of the box, {len(plain.raised)} Zombie rises and "
        f"{len(plain.extra_activations)} are activated instead.",
        f"With her figure used as a Zombie ({box + 1} figures), {len(more.raised)} rise and "
        f"{len(more.extra_activations)} are activated instead.",
    ]
    holds = "female_zombie" not in deck and len(more.raised) == len(plain.raised) + 1
    return Ruling(str(room), "\n".join(lines), holds)


def _e8_dead_end(pack: ContentPack) -> Dungeon:
    """A-3 on A-1's top door, A-6 on its left door, E-8 on its right door: no unopened door
    is left anywhere, and E-8's larger room with its open sides has no way in."""

    def reveal(dungeon: Dungeon, door: Square, tile: str, origin: Square, turn: Rotation):
        exploration = Exploration.begin(dungeon, door).draw(pack.tile(tile))
        (placement,) = [
            p for p in exploration.options() if (p.origin, p.rotation) == (origin, turn)
        ]
        return exploration.place(placement).dungeon

    dungeon = Dungeon.start(pack.tile("A-1"))
    dungeon = reveal(dungeon, Square(4, 0), "A-3", Square(1, -7), Rotation.R0)
    dungeon = reveal(dungeon, Square(0, 4), "A-6", Square(-5, 2), Rotation.R180)
    return reveal(dungeon, Square(8, 4), "E-8", Square(9, 0), Rotation.R0)


def _secret_door_e8(pack: ContentPack) -> Ruling:
    dungeon = _e8_dead_end(pack)
    sites = dead_end_sites(dungeon)
    joined = place_dead_end_door(dungeon, Square(12, 4))
    sides = sorted(e.side.name for e in joined.exits)
    lines = [
        f"No unopened door is left: {dungeon.unexplored_doors() == ()}. Where the Secret Door "
        f"may go: {', '.join(str(s) for s in sites)}.",
        joined.log()[0],
        f"E-8's open sides now need Room Tiles: {', '.join(sides)}.",
    ]
    holds = sites == (Square(12, 4),) and joined.dungeon.passable(Square(12, 4)) and bool(sides)
    return Ruling(str(dungeon), "\n".join(lines), holds)


def _held_by_a_trap(pack: ContentPack) -> Ruling:
    game = Game.new("the_flooded_archive", ["warrior", "mage"], seed=1, pack=pack)
    give_turn(game, "W", 19)
    orc = place_monster(game, "orc", free_square_next_to(game, "W"))
    game.state.set_flag("W", "immobilized", True)
    step = act.Move("W", free_square_next_to(game, "W"))
    attacks = [a for a in game.legal_actions() if isinstance(a, act.Attack) and a.target == orc]
    equips = [a for a in game.legal_actions() if isinstance(a, act.Equip)]
    walk, hit = game.can(step), game.can(attacks[0]) if attacks else None
    gear = game.can(equips[0]) if equips else None
    lines = [
        f"The Warrior, held by a trap, tries to step to {step.to}: "
        + ("allowed." if walk.ok else f"refused: {walk.reason}"),
        f"He attacks the Orc next to him: {'allowed' if hit and hit.ok else 'refused'}.",
        f"He handles his items ({equips[0] if equips else 'nothing to move'}): "
        f"{'allowed' if gear and gear.ok else 'refused'}.",
    ]
    holds = not walk.ok and hit is not None and hit.ok and gear is not None and gear.ok
    return Ruling(str(game.situation), "\n".join(lines), holds)


HELD_AND_BURIED = """
# A held character and a buried one
map:
  #D#######
  #o.....M#
  #.......#
  #q......#
  #########
markers: rubble 7,3
figures:
  o = monster Orc AP 9
  q = monster Orc AP 20
  M = hero Mage STR 4 immobilized
  W = hero Warrior STR 15 buried at 7,3
"""


def _monster_attacks_held(pack: ContentPack) -> Ruling:
    room = Situation.from_text(HELD_AND_BURIED, pack)
    held = room.activate("o")
    buried = room.activate("q")
    dug = buried.after.dungeon.marker(Square(7, 3)) is None
    lines = [
        f"The Orc (o), at the held Mage: {held.summary()}",
        f"The Orc (q), at the buried Warrior: {buried.summary()} The Rubble is cleared before "
        f"anything else (10 AP): {dug}; AP left: {buried.ap_left}, yet no attack now.",
    ]
    later = buried.after.activate("q")
    lines.append(
        f"In its next activation: {later.summary()}"
        if later.attack is not None
        else "In its next activation it still does not attack."
    )
    holds = (
        held.attack is not None
        and held.attack.defender == "M"
        and dug
        and buried.attack is None
        and later.attack is not None
        and later.attack.defender == "W"
    )
    return Ruling(str(room), "\n".join(lines), holds)


LIGHTNING = """
# The Dark Mage's lightning
map:
  #D###########
  #q..........#
  #...........#
  #...........#
  #...........#
  #...........#
  #..J.T.Y.Z..#
  #...........#
  #....F.....E#
  #############
figures:
  q = monster Dark Mage
  T = hero Warrior STR 15 AGI 10 WIS 6
  J = hero Mage STR 4 AGI 7 WIS 9
  Y = hero Huntress STR 7 AGI 10 WIS 5
  Z = hero Adventurer STR 9 AGI 9 WIS 7
  F = hero Priestess STR 6 AGI 8 WIS 10
  E = hero Scoundrel STR 6 AGI 11 WIS 6
"""


def _lightning(pack: ContentPack) -> Ruling:
    room = Situation.from_text(LIGHTNING, pack)
    activation = room.activate("q")
    if activation.pending is not None:  # where it stands is the players' choice
        activation = room.activate("q", square=activation.pending.options[0])
    struck = set(activation.attack.struck) if activation.attack else set()
    where = {f.letter: f.square for f in room.heroes}
    forked = room.dungeon.range(where["F"], where["Y"]) > 2
    lines = [
        activation.summary(),
        "Priestess (F) and Huntress (Y) are 4 apart, each within 2 of the Warrior (T): the "
        f"bolt forks at him: {forked and {'F', 'Y'} <= struck}. The Scoundrel (E), 3 or more "
        f"from everyone, is struck: {'E' in struck}.",
    ]
    return Ruling(str(room), "\n".join(lines), struck == {"T", "J", "Y", "Z", "F"} and forked)


DISPUTES: tuple[Dispute, ...] = (
    Dispute(
        "conflicting rules",
        "Two texts disagree. Which one wins?",
        "The scenario's description first, then equipment (Loot Cards), then the abilities on "
        "the Monster Level Cards (unless a modifier says otherwise), then monster modifiers, "
        "and the standard rules last. The Dark Mage's level card gives its lightning the air "
        "element; a Fire Creature modifier would make it fire. The level card wins.",
        _precedence,
    ),
    Dispute(
        "Female Zombie",
        "Does the Female Zombie count as one more ordinary Zombie?",
        "No: like the two Dragons she is for special scenarios and the Boss Monster deck, so she "
        "is not in the monster deck. A group that uses her figure as a Zombie anyway has one "
        "figure more in the box, so one more Zombie can rise in Phase F.",
        _female_zombie,
    ),
    Dispute(
        "E-8",
        "A dead end asks for a Secret Door, and the tile to take it is E-8. Where does it go?",
        "On E-8's middle square, joining its small room to its large one; the large room's "
        "open sides then call for more Room Tiles.",
        _secret_door_e8,
    ),
    Dispute(
        "do not allow movement",
        "A trap holds a character in place. What may it still do?",
        "Everything but moving: it may attack, use and repair items, whatever the trap "
        "looks like (one rule for all traps that hold).",
        _held_by_a_trap,
    ),
    Dispute(
        "monsters will always be able to attack",
        "May monsters attack a character who is held in a trap (a Water Pit, say)?",
        "Yes, as usual. Only a character buried under Rubble cannot be seen: the monster first "
        "clears the Rubble away, and attacks in a later activation.",
        _monster_attacks_held,
    ),
    Dispute(
        "Dark Mage",
        "How does the Dark Mage's lightning travel?",
        "It hits as many characters as it can: from its first target (within range 6 of the "
        "Dark Mage) it leaps to every character within range 2 of one already struck, "
        "branching as often as needed; it is not a single chain.",
        _lightning,
    ),
)


def dispute(key: str) -> Dispute:
    """The dispute of the FAQ entry named by ``key`` (a few of its words)."""
    for entry in DISPUTES:
        if entry.key.lower() == key.lower():
            return entry
    known = ", ".join(repr(d.key) for d in DISPUTES)
    raise KeyError(f"No FAQ dispute is called {key!r}; there are {known}.")
