"""The book's table of contents: every chapter, the rulebook sections it covers, its state.

The welcome chapter renders this list, and a test checks it against the notebooks in
``chapters/``: a chapter marked ready must exist, and every notebook must be listed.

>>> CHAPTERS[2].filename
'02_dice.ipynb'
>>> [c.number for c in ready_chapters()][:2]
[0, 1]
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Chapter:
    """One notebook of the book."""

    number: int
    slug: str
    title: str
    sections: tuple[str, ...]
    ready: bool = False

    @property
    def filename(self) -> str:
        return f"{self.number:02d}_{self.slug}.ipynb"


def _chapter(number: int, slug: str, title: str, *sections: str, ready: bool = False) -> Chapter:
    return Chapter(number, slug, title, sections, ready)


CHAPTERS: tuple[Chapter, ...] = (
    _chapter(0, "welcome", "Welcome", "How to use this book", ready=True),
    _chapter(
        1,
        "overview",
        "The game at a glance",
        "Game Overview",
        "Selecting a Game Mode",
        "End of the Game",
        "General Setup",
        "Table Setup",
        ready=True,
    ),
    _chapter(
        2,
        "dice",
        "Dice: comparative rolls, target numbers, criticals and fumbles",
        "Comparative Rolls and Target Numbers",
        "Critical Rolls and Fumbles",
        ready=True,
    ),
    _chapter(
        3,
        "heroes",
        "Heroes and their attributes",
        "The Heroes & Heroines of Doria",
        "Preparing Characters",
        "Create Heroes",
        "Base Attributes",
        "Calculated Values",
        "Character Mat & Character Sheet Anatomy",
        ready=True,
    ),
    _chapter(
        4,
        "equipment",
        "Equipment cards",
        "Equipping Cards and Definition of Symbols",
        "Equipment Card Anatomy",
        "Requirements of Equipment Cards",
        "Armor Encumbrance",
        "Additional Card Properties",
        ready=True,
    ),
    _chapter(
        5,
        "phases",
        "The round, phase by phase, and the other actions",
        "Phases Overview",
        "Phase A–I",
        "Action Phase",
        ready=True,
    ),
    _chapter(
        6,
        "movement",
        "Moving through the dungeon",
        "Adjacent",
        "Walking (1 AP per square)",
        "Jumping (5 AP)",
        "Swap Places (5 AP)",
        "Carry Characters (2 - 10 AP)",
        "Reveal a Room Tile (0 AP)",
        ready=True,
    ),
    _chapter(
        7,
        "exploration",
        "Exploring the dungeon",
        "Revealing a Room Tile",
        "Special Feature: Open Room Tiles",
        "Treasure Icon on a Room Tile",
        "Secret Doors",
        "Dead Ends",
        "Additional Symbols on Room Tiles or Markers",
        ready=True,
    ),
    _chapter(
        8,
        "monster_spawning",
        "Monsters appear",
        "Monster Icons on a Room Tile",
        "Multiple monsters per monster icon",
        "Monster modifiers",
        "Current initiative for monsters",
        ready=True,
    ),
    _chapter(
        9,
        "monster_activation",
        "How monsters act",
        "Monster Order",
        "Target of a Monster",
        "Fastest Way to the Target",
        "Monsters and Obstacles/Holes",
        ready=True,
    ),
    _chapter(
        10,
        "sight",
        "Range and line of sight",
        "Adjacent",
        "Range and Line of Sight",
        ready=True,
    ),
    _chapter(
        11,
        "combat",
        "Attack, defense and damage",
        "Attack",
        "Level Card Anatomy",
        "Defense",
        "Getting Hit and Armor Rating",
        "Additional Combat Rules",
        "Repairing Equipment",
        "Defeated Monsters",
        ready=True,
    ),
    _chapter(12, "psi", "Psi", "Psi Spells", "Psi Resistance", "Enchanted Weapons", ready=True),
    _chapter(
        13,
        "health",
        "Health",
        "Hit Points, Initiative Points and Psi Points",
        "Unconsciousness",
        "Death of a Character",
        ready=True,
    ),
    _chapter(
        14,
        "improvement",
        "Getting better",
        "Character Improvement",
        "Hero and Monster Level",
        ready=True,
    ),
    _chapter(
        15,
        "campaigns",
        "Campaigns",
        "Campaigns",
        "Monster level in campaigns",
        "Escaping a campaign scenario",
        "Death of a character in campaigns",
        "Create your own campaigns",
        ready=True,
    ),
    _chapter(
        16,
        "small_groups",
        "Playing with one or two",
        "Special Rules for 1 or 2 Players",
        "Player Count",
        ready=True,
    ),
    _chapter(17, "optional_rules", "Optional rules", "Optional Rules", ready=True),
    _chapter(18, "faq", "The FAQ as runnable disputes", "FAQ", ready=True),
    _chapter(
        19,
        "play",
        "Play a whole scenario",
        "Phases Overview",
        "Action Phase",
        "a full scenario on the board",
        ready=True,
    ),
    _chapter(20, "quick_reference", "Quick reference", "Quick Rules Overview", ready=True),
    _chapter(
        21,
        "balance",
        "Balance: parties and optional rules, measured",
        "a balance study of bot-played games by party and by optional rule",
        ready=True,
    ),
)


def ready_chapters() -> list[Chapter]:
    """The chapters that can be read now."""
    return [chapter for chapter in CHAPTERS if chapter.ready]


def contents_text() -> str:
    """The table of contents as plain text (deterministic, for checked notebook cells)."""
    lines = []
    for chapter in CHAPTERS:
        state = "ready" if chapter.ready else "planned"
        lines.append(f"{chapter.number:>2}  {chapter.title}  [{state}]")
    return "\n".join(lines)


def contents_markdown() -> str:
    """The table of contents as a Markdown table, linking the chapters that are ready."""
    rows = ["| # | Chapter | Rulebook sections |", "|---|---|---|"]
    for chapter in CHAPTERS:
        title = chapter.title
        title = f"[{title}]({chapter.filename})" if chapter.ready else f"{title} *(planned)*"
        rows.append(f"| {chapter.number} | {title} | {', '.join(chapter.sections)} |")
    return "\n".join(rows)


WELCOME_CONTENTS_INTRO = (
    "## Chapters\n\n"
    "This table is written into the welcome chapter from the book's own list "
    "(`doria_nb.book.chapters`), so it can be read before any cell runs; chapters not written "
    "yet are marked *planned*."
)
"""The heading and sentence above the table of contents in ``00_welcome.ipynb``."""


def welcome_contents_cell() -> str:
    """The Markdown of the welcome chapter's contents cell: heading, one sentence, and
    :func:`contents_markdown` (a test checks that the notebook holds exactly this)."""
    return f"{WELCOME_CONTENTS_INTRO}\n\n{contents_markdown()}"
