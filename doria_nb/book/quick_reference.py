"""The *Quick Rules Overview* as one page: each line in our words, linked to the chapter section
that explains it and to the engine call that decides it (chapter 20).

A :class:`Line` names its chapter by number and heading, and its engine calls by dotted path
(``module.function`` or ``module.Class.method``); ``tests/notebooks/test_quick_reference.py``
checks that every heading exists in its chapter and every call in the engine, so a renamed
function or heading cannot leave a dead link behind.

>>> LINES[0].topic
'Game mode'
>>> anchor("Walking (1 AP per square)")
'Walking-%281-AP-per-square%29'
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from doria_nb.book.chapters import CHAPTERS

__all__ = ["COVERS", "GROUPS", "LINES", "Line", "anchor", "engine_call", "markdown"]


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the overview: its ``group`` (the overview's heading), ``topic``, ``text``,
    the ``sections`` (chapter number, heading) that explain it and the ``calls`` that decide it."""

    group: str
    topic: str
    text: str
    sections: tuple[tuple[int, str], ...]
    calls: tuple[str, ...]


def anchor(heading: str) -> str:
    """The link target JupyterLab gives a Markdown heading: spaces become ``-``; characters a
    Markdown link cannot hold are percent-encoded."""
    text = heading.strip().replace(" ", "-")
    for char, code in (("(", "%28"), (")", "%29"), ("*", "")):
        text = text.replace(char, code)
    return text


def engine_call(dotted: str) -> object:
    """The function, class or property a dotted path names: the longest importable module,
    then attributes (``AttributeError`` or ``ModuleNotFoundError`` when it does not exist).

    >>> engine_call("doria_nb.engine.health.roll_initiative").__name__
    'roll_initiative'
    """
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for name in parts[cut:]:
            target = getattr(target, name)
        return target
    raise ModuleNotFoundError(f"Nothing called {dotted!r} can be imported.")


def _L(group: str, topic: str, text: str, sections: list, calls: list) -> Line:
    return Line(group, topic, text, tuple(sections), tuple(calls))


E = "doria_nb.engine."
LINES: tuple[Line, ...] = (
    _L("Before the game", "Game mode",
       "Single Scenario (one evening, fast growth) or Campaign (several sessions, slow growth); "
       "a Random Dungeon uses Door Events, Room Events and the Boss Monster deck. Nearly all "
       "rules are shared.",
       [(1, "Selecting a Game Mode")], [E + "progression.GroupXP.cost"]),
    _L("Before the game", "Scenario",
       "Pick it for the mode, prepare its Room Tile deck, read its rules, its end conditions and "
       "its story aloud.",
       [(1, "End of the Game")], [E + "scenario.Scenario.check_end"]),
    _L("Before the game", "Table setup",
       "Initiative Board with Doom Counter, Round Marker, XP Marker and Initiative Markers; Loot "
       "Cards in 3 stacks, the Monster deck shuffled, the Monster Level 1 deck, figures and "
       "markers at hand.",
       [(1, "General Setup and Table Setup")], [E + "game.setup.new_state"]),
    _L("Before the game", "Characters",
       "One hero per player: Character Mat and Card, the 6 attributes copied to a sheet, the "
       "calculated values worked out, Standard Items plus 4 random Loot Cards; equip or trade.",
       [(3, "Preparing Characters"), (3, "Calculated Values")],
       [E + "starting.deal_premade", E + "game.setup.outfit"]),
    _L("The round", "Phase A",
       "The Round Marker moves up one space.",
       [(5, "The nine phases")], [E + "game.round_phases.phase_a"]),
    _L("The round", "Phase B",
       "The shop is filled up to 3 cards.",
       [(5, "The shop and the optional *Trap Shop*")], [E + "shop.refill_shop"]),
    _L("The round", "Phase C",
       "Initiative: 2D + IP for each character, every marker (monsters too) on the Initiative "
       "Board. Each fumble or unconscious character moves the Doom Counter one step.",
       [(5, "The nine phases"), (13, "Unconsciousness")],
       [E + "phases.initiative.initiative_phase", E + "health.roll_initiative"]),
    _L("The round", "Phase D",
       "The actions: standard actions, exploring, monsters acting, combat (all below).",
       [(5, "Phase D: who acts, and what it costs")], [E + "game.hero_turn.carry_out"]),
    _L("The round", "Phase E",
       "Poisoned characters roll CON + WIS + 2D against 28 + twice the Monster Level.",
       [(5, "The other phases in numbers")], [E + "phases.poison.poison_check"]),
    _L("The round", "Phase F",
       "Special actions: modifiers, traps, Zombies, the rest.",
       [(5, "The other phases in numbers"), (8, "Monster modifiers")],
       [E + "game.round_phases.phase_f", E + "spawning.zombies.raise_zombies"]),
    _L("The round", "Phase G",
       "Doom Counter: one step per Room Tile with a character on it, one more if no door was "
       "opened; some squares bring extra monster activations.",
       [(5, "The other phases in numbers"),
        (8, "Phase G: Doom Counter — the refill at the entrance")],
       [E + "doom.count_doom_steps", E + "doom.DoomCounter.move"]),
    _L("The round", "Phase H",
       "Level up (below); unconscious characters and the Hero Bonus regenerate.",
       [(14, "From Group XP to Attribute Points"), (13, "Unconsciousness")],
       [E + "level_up.level_up_phase", E + "level_up.regeneration_points"]),
    _L("The round", "Phase I",
       "Buy shop items, or remove them.",
       [(5, "The shop and the optional *Trap Shop*")], [E + "shop.purchase"]),
    _L("Growing", "Level up",
       "In a Single Scenario, [PlayerCount] Group XP become 1 Attribute Point per character in "
       "Phase H; maximum HP, IP and PP go up with it. A Hero Bonus comes in set rounds (or after "
       "set campaign scenarios).",
       [(14, "From Group XP to Attribute Points"), (14, "Hero levels")],
       [E + "progression.GroupXP.redeem", E + "progression.hero_level_in_round"]),
    _L("Standard actions", "Moving",
       "Walking 1 AP a square; Jumping 5 AP; Swap Places 5 AP; Reveal a Room Tile 0 AP.",
       [(6, "Walking (1 AP per square)"), (6, "Jumping (5 AP)"), (6, "Swap Places (5 AP)"),
        (6, "Reveal a Room Tile (0 AP)")],
       [E + "movement.reach.reachable", E + "movement.jumps.jump_check"]),
    _L("Standard actions", "Carrying and reviving",
       "Carry a character 2–10 AP; revive one 5 AP or more.",
       [(6, "Carry Characters (2 - 10 AP)"), (13, "Getting back up")],
       [E + "game.hero_moves.pick_up", E + "health.care.revive"]),
    _L("Standard actions", "Items",
       "Search Treasures 1 or 5 AP; Throw Items 0–10 AP; attack or use an item for the AP on its "
       "card; repair for the AP on the card; take, use or repair other items 5 AP; equip 4–10 AP; "
       "or wait.",
       [(5, "The other actions of Phase D"), (4, "What moving a card costs"),
        (4, "Damaged items and their repair")],
       [E + "game.hero_items.search", E + "game.hero_items.throw", E + "mat.move_cost",
        E + "health.repair.plan_repair"]),
    _L("Exploring", "New Room Tiles",
       "Opening a door draws the next Room Tile: a tile with doors is laid door to the opened "
       "door, a tile with only open sides any way round with an open side there; draw more until "
       "no side is left open. Then Loot Tokens as the scenario says.",
       [(7, "Revealing a Room Tile"), (7, "Special Feature: Open Room Tiles")],
       [E + "exploration.Exploration.begin", E + "exploration.Exploration.options"]),
    _L("Exploring", "Monster icons",
       "White icons always; green with 4–6 characters, yellow with 5–6, red with 6 only.",
       [(7, "Monster icon colors"), (8, "Monster Icons on a Room Tile")],
       [E + "tiles.active_monster_colors"]),
    _L("Monsters", "Monster order",
       "Higher on the Initiative Board (characters first on a tie), letter A to D, closer to a "
       "character, more modifiers, then the players decide.",
       [(9, "Monster Order")], [E + "monster_ai.order.monster_order"]),
    _L("Monsters", "Target",
       "As many targets as possible, then the closer character, the weaker attribute (STR "
       "against melee, AGI ranged, WIS spells), less active armor, then the players decide.",
       [(9, "Target of a Monster")], [E + "monster_ai.target.choose_target"]),
    _L("Monsters", "Route",
       "The shortest way, along walls, to the farthest square of its range.",
       [(9, "Fastest Way to the Target")], [E + "monster_ai.route.approach"]),
    _L("Combat", "Attack and defense",
       "Both roll; the higher total wins, a tie goes to the attacker. 10 or more above the "
       "defender is a critical hit: +1 damage. A fumble always fails and damages the item.",
       [(11, "Attack"), (11, "Critical hits"), (2, "Fumbles")],
       [E + "checks.comparative_roll", E + "checks.criticals"]),
    _L("Combat", "Psi Resistance",
       "A resistance roll that Psi Points can raise.",
       [(12, "Psi Resistance")], [E + "psi.points.ward_cost"]),
    _L("Combat", "Armor",
       "One armor per hit, freely chosen: it is damaged and takes its AR off the damage; the rest "
       "comes off HP. Monster armor is never damaged; elements can bypass some armor.",
       [(11, "Getting Hit and Armor Rating"), (11, "Armor vulnerability")],
       [E + "combat.damage.character_damage", E + "combat.damage.monster_damage"]),
    _L("Combat", "Unconscious",
       "Below 0 HP or PP: one initiative die fewer and the negative value subtracted; fewer than "
       "1 AP means unconscious.",
       [(13, "Hit Points, Initiative Points and Psi Points"), (13, "Unconsciousness")],
       [E + "health.initiative_dice", E + "health.roll_initiative"]),
    _L("Combat", "Range and Line of Sight",
       "Range is counted in straight steps, not diagonally; a target is visible if any line "
       "joins a point of the attacker's square to a point of the target's; figures never block.",
       [(10, "Range: counted like walking"), (10, "Line of Sight")],
       [E + "dungeon.Dungeon.range", E + "dungeon.Dungeon.line_of_sight"]),
    _L("Campaigns", "Campaign Mode",
       "3 × [PlayerCount] Group XP per Attribute Point; each red or orange Doom square crossed is "
       "a Monster Point, every 10 raise the Monster Level for good (at most one level more within "
       "a scenario); keep a set number of Loot Cards between scenarios.",
       [(15, "XP in Campaigns"), (15, "Monster Points on the Doom Counter"),
        (15, "A campaign played by the bots")],
       [E + "progression.GroupXP.cost", E + "doom.DoomMove.monster_points",
        E + "game.start_game", E + "campaign.after_scenario"]),
)  # fmt: skip

GROUPS: tuple[str, ...] = tuple(dict.fromkeys(line.group for line in LINES))
"""The page's headings, in order."""

COVERS: dict[str, tuple[str, ...]] = {
    "Select Game Mode": ("Game mode",),
    "Select Scenario": ("Scenario",),
    "Table Setup": ("Table setup",),
    "Create Character(s)": ("Characters",),
    "Game Phases": tuple(f"Phase {p}" for p in "ABCDEFGHI"),
    "Level Up": ("Level up",),
    "Standard Actions": ("Moving", "Carrying and reviving", "Items"),
    "Exploration": ("New Room Tiles", "Monster icons"),
    "Monster Activation": ("Monster order", "Target", "Route"),
    "Combat": ("Attack and defense", "Psi Resistance", "Armor", "Unconscious",
               "Range and Line of Sight"),
    "Campaign Mode": ("Campaign Mode",),
}  # fmt: skip
"""Each heading of the rulebook's *Quick Rules Overview* and the lines of this page for it."""


_FIRST_TOPIC: dict[str, str] = {topics[0]: heading for heading, topics in COVERS.items()}
"""The first line of each overview heading cites that heading (how the book names a section)."""


def _link(number: int, heading: str) -> str:
    chapter = next(c for c in CHAPTERS if c.number == number)
    label = heading.replace("*", "")
    return f"[{number} · {label}]({chapter.filename}#{anchor(heading)})"


def markdown(group: str) -> str:
    """The lines of one heading as a Markdown table: topic, rule, chapter links, engine calls."""
    rows = ["| | The rule | Read | Decided by |", "|---|---|---|---|"]
    for line in LINES:
        if line.group != group:
            continue
        links = "<br>".join(_link(n, h) for n, h in line.sections)
        calls = "<br>".join(f"`{call.removeprefix('doria_nb.engine.')}`" for call in line.calls)
        cited = _FIRST_TOPIC.get(line.topic)
        topic = f"**{line.topic}**" + (f" (*{cited}*)" if cited else "")
        rows.append(f"| {topic} | {line.text} | {links} | {calls} |")
    return "\n".join(rows)
