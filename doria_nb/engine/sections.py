"""Rulebook section titles, the names every event and explanation cites.

Citing a section through this enum instead of a free string means a typo fails at import
time, and the tests can check every title against the rulebook's table of contents.
"""

from __future__ import annotations

from enum import StrEnum


class Section(StrEnum):
    """A section of the Dungeons of Doria rulebook, by its exact title."""

    COMPARATIVE_ROLLS = "Comparative Rolls and Target Numbers"
    CRITICALS_AND_FUMBLES = "Critical Rolls and Fumbles"
    ADDITIONAL_COMBAT_RULES = "Additional Combat Rules"
    UNCONSCIOUSNESS = "Unconsciousness"
    OPTIONAL_RULES = "Optional Rules"

    # Heroes, equipment and character improvement
    HEROES = "The Heroes & Heroines of Doria"
    PREPARING_CHARACTERS = "Preparing Characters"
    BASE_ATTRIBUTES = "Base Attributes"
    CALCULATED_VALUES = "Calculated Values"
    EQUIPPING_CARDS = "Equipping Cards and Definition of Symbols"
    REQUIREMENTS = "Requirements of Equipment Cards"
    ARMOR_ENCUMBRANCE = "Armor Encumbrance"
    CARD_PROPERTIES = "Additional Card Properties"
    PHASE_C = "Phase C: Roll for Initiative"
    PHASE_H = "Phase H: Level Up"
    PHASE_I = "Phase I: Buy or Remove Shop Items"
    THROW_ITEMS = "Throw Items (0 - 10 AP)"
    ATTACK_OR_USE_ITEMS = "Attack or Use Items (AP on card)"
    REPAIR_EQUIPMENT = "Repair Equipment (AP on card)"
    EQUIP_ITEMS = "Equip Items (4 - 10 AP)"
    TRAPS_AND_SECRET_DOORS = "Traps and Secret Doors"
    DEFENSE = "Defense"
    GETTING_HIT = "Getting Hit and Armor Rating"
    REPAIRING_EQUIPMENT = "Repairing Equipment"
    PSI_RESISTANCE = "Psi Resistance"
    HP_IP_PP = "Hit Points, Initiative Points and Psi Points"
    CHARACTER_IMPROVEMENT = "Character Improvement"
    HERO_AND_MONSTER_LEVEL = "Hero and Monster Level"
    CAMPAIGNS = "Campaigns"
    CAMPAIGN_MODE = "Campaign Mode"
    XP_IN_CAMPAIGNS = "XP in Campaigns"
    CAMPAIGN_SHEET = "Campaign Sheet Anatomy"
    CAMPAIGN_LOOT = "Optional Rule: Campaign Loot"
    MONSTER_LEVEL_IN_CAMPAIGNS = "Monster level in campaigns"
    ESCAPING_A_CAMPAIGN_SCENARIO = "Escaping a campaign scenario"
    DEATH_IN_CAMPAIGNS = "Death of a character in campaigns"
    CREATE_YOUR_OWN_CAMPAIGNS = "Create your own campaigns"
    SMALL_GROUPS = "Special Rules for 1 or 2 Players"
    PLAYER_COUNT = "Player Count"

    # The dungeon: geometry and Line of Sight
    ADJACENT = "Adjacent"
    RANGE_AND_LINE_OF_SIGHT = "Range and Line of Sight"
    ADDITIONAL_SYMBOLS = "Additional Symbols on Room Tiles or Markers"
    ARROWS_ROOM_F3 = "Arrows (Room F-3)"
    WALLS = "Walls"
    DIFFICULT_TERRAIN = "Difficult Terrain"
    DUNGEON_MARKERS = "Dungeon Markers"

    # The dungeon: exploration and movement
    ACTION_PHASE = "Action Phase"
    WALKING = "Walking (1 AP per square)"
    OCCUPIED_SQUARES = "Occupied squares"
    JUMPING = "Jumping (5 AP)"
    SWAP_PLACES = "Swap Places (5 AP)"
    REVEAL_A_ROOM_TILE = "Reveal a Room Tile (0 AP)"
    SEARCH_TREASURES = "Search Treasures (1 AP or 5 AP)"
    CARRY_CHARACTERS = "Carry Characters (2 - 10 AP)"
    REVEALING_A_ROOM_TILE = "Revealing a Room Tile"
    OPEN_ROOM_TILES = "Special Feature: Open Room Tiles"
    NO_CONNECTION = "No connection to the dungeon"
    TREASURE_ICON = "Treasure Icon on a Room Tile"
    SECRET_DOORS = "Secret Doors"
    DEAD_ENDS = "Dead Ends"
    MONSTER_ICONS = "Monster Icons on a Room Tile"
    MONSTER_ICON_COLORS = "Monster icon colors"
    STARTING_POSITIONS = "Starting Positions"
    COMPASS = "Compass"

    # Movement: the AP rule of the action phase
    PHASE_D = "Phase D: Action Phase"

    # Monster activation: who acts first and whom it attacks
    MONSTER_ORDER = "Monster Order"
    TARGET_OF_A_MONSTER = "Target of a Monster"
    FASTEST_WAY = "Fastest Way to the Target"
    MONSTERS_AND_OBSTACLES = "Monsters and Obstacles/Holes"
    MONSTER_SWAP = "Optional Rule: Monster Swap"
    MONSTER_AP = "Optional Rule: Monster AP"
    MONSTER_ACTIVATION = "Monster Activation"

    # Spawning: monsters coming onto the board
    MULTIPLE_MONSTERS = "Multiple monsters per monster icon"
    MONSTER_MODIFIERS = "Monster modifiers"
    CURRENT_INITIATIVE = "Current initiative for monsters"
    PHASE_E = "Phase E: Poison"
    PHASE_F = "Phase F: Special Actions"
    PHASE_G = "Phase G: Doom Counter"

    # Health and defeated monsters
    NEGATIVE_HP_PP = "Negative Hit Points or Psi Points"
    NEGATIVE_IP = "Negative Initiative Points"
    DEATH_OF_A_CHARACTER = "Death of a Character"
    REVIVE_CHARACTER = "Revive Character (5+ AP)"
    OTHER_ITEMS = "Take, Use or Repair Other Items (5 AP)"
    DEFEATED_MONSTERS = "Defeated Monsters"
    STOP_LOOT = "Optional Rule: Stop Loot"

    # Psi
    PSI_SPELLS = "Psi Spells"
    TARGET_NUMBERS = "Target numbers"
    CRITICAL_SUCCESSES_PSI = "Critical successes when using Psi"
    MONSTER_PSI_ATTACKS = "Monster Psi attacks"
    ENCHANTED_WEAPONS = "Enchanted Weapons"

    # Combat
    ATTACK = "Attack"
    LEVEL_CARD_ANATOMY = "Level Card Anatomy"
    ARMOR_VULNERABILITY = "Armor vulnerability"
    CRITICAL_HITS = "Critical hits"
    FUMBLES_IN_COMBAT = "Fumbles in combat"
    CRITICAL_FAIL = "Optional Rule: Critical Fail"
    BELT_WEAPONS = "Using weapons and spells from the Belt or Backpack"
    DAMAGED_EQUIPMENT = "Damaged equipment"

    # The game: setup, the round and its end
    GAME_OVERVIEW = "Game Overview"
    END_OF_THE_GAME = "End of the Game"
    GENERAL_SETUP = "General Setup"
    TABLE_SETUP = "Table Setup"
    PHASES_OVERVIEW = "Phases Overview"
    PHASE_A = "Phase A: Round Marker +1"
    PHASE_B = "Phase B: New Shop Items"
    TRAP_SHOP = "Optional Rule: Trap Shop"
    WAIT = "Wait"
    THROW_ITEMS_OPTION = "Optional Rule: Throw Items"
    DOOR_EVENTS = "Optional Rule: Door Events"
    DICE_ROLLING = "Dice Rolling"
    NO_FUMBLES = "No Fumbles"
    FUMBLING_INITIATIVE = "Fumbling Initiative"
    CRITICAL_TRAP_ROLLS = "Critical Trap Rolls"
    MONSTER_DIFFICULTY = "Monster Difficulty"
    DOMINANCE = "Dominance"
    FATE_POINTS = "Fate Points"
    EASIER_OVERALL_GAME = "Easier Overall Game"
    LIMIT_MODIFIERS = "Limit Modifiers"
    CLOSE_QUARTERS_COMBAT = "Close Quarters Combat"
    COMBAT_MODIFIERS = "Combat Modifiers"
    FAQ = "FAQ"
