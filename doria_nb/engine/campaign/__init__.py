"""Campaigns (*Campaigns* and its sections): several scenarios played one after another by
the same heroes, with a Campaign Sheet carried between them.

* :mod:`.sheet` — the Campaign Sheet as frozen data; :mod:`.sheet_json` — as a JSON file,
  read with the same distrust as save files;
* :mod:`.created` — heroes the players created (*Optional Rule: Create Heroes*) on a sheet;
* :mod:`.start` — *Campaign Mode* set-up: what a game started from the sheet carries (heroes
  carried over, kept cards in hand, Group XP left over, the campaign's Monster Level); the game
  itself is started by :func:`doria_nb.engine.game.start_game`, above the campaign;
* :mod:`.play` — what the running game does differently (Monster Points from the Doom
  Counter, one Level Up per scenario, no hero bonus within a scenario);
* :mod:`.monster_points` — *Monster level in campaigns* as pure rules;
* :mod:`.escape` — *Escaping a campaign scenario*;
* :mod:`.finish` — the sheet after a scenario: rewards, levels, deaths, replays;
* :mod:`.keeping` — the cards kept between scenarios and *Optional Rule: Campaign Loot*;
* :mod:`.book` — a Campaign Book: its scenarios and their links (*Create your own
  campaigns*; files: :mod:`doria_nb.content.campaigns`).
"""

from doria_nb.engine.campaign.book import CampaignBook, CampaignBookError, CampaignEntry
from doria_nb.engine.campaign.created import CreatedHero
from doria_nb.engine.campaign.errors import CampaignError, CampaignSheetError
from doria_nb.engine.campaign.escape import can_escape, escape
from doria_nb.engine.campaign.finish import after_scenario, new_character, outcome_of
from doria_nb.engine.campaign.keeping import check_kept, default_keep, slots_needed
from doria_nb.engine.campaign.monster_points import (
    DEATH_CONTINUE_POINTS,
    POINTS_PER_LEVEL,
    hero_level_point,
    level_up_allowed,
    main_level,
)
from doria_nb.engine.campaign.play import CampaignPlay, in_campaign
from doria_nb.engine.campaign.sheet import CampaignSheet, HeroRecord, Outcome, ScenarioRecord
from doria_nb.engine.campaign.sheet_json import dump as dump_sheet
from doria_nb.engine.campaign.sheet_json import load as load_sheet
from doria_nb.engine.campaign.start import CampaignStart, campaign_start

__all__ = [
    "DEATH_CONTINUE_POINTS",
    "POINTS_PER_LEVEL",
    "CampaignBook",
    "CampaignBookError",
    "CampaignEntry",
    "CampaignError",
    "CampaignPlay",
    "CampaignSheet",
    "CampaignSheetError",
    "CampaignStart",
    "CreatedHero",
    "HeroRecord",
    "Outcome",
    "ScenarioRecord",
    "after_scenario",
    "campaign_start",
    "can_escape",
    "check_kept",
    "default_keep",
    "dump_sheet",
    "escape",
    "hero_level_point",
    "in_campaign",
    "level_up_allowed",
    "load_sheet",
    "main_level",
    "new_character",
    "outcome_of",
    "slots_needed",
]
