"""*Campaign Mode* set-up, the game's half: a :class:`Game` started from a Campaign Sheet.

The campaign's own rules (:mod:`doria_nb.engine.campaign`: the sheet, the record a campaign
game carries, the heroes carried over) sit below the game and never build one; this module is
where a sheet becomes a game, so the campaign package does not import the game back.

>>> from doria_nb.content import starter_pack
>>> from doria_nb.engine.campaign import CampaignSheet
>>> sheet = CampaignSheet.begin("c", "The Drowned Crown", ["warrior", "mage"],
...                             first_scenario="the_flooded_archive")
>>> game = start_game(sheet, seed=1, pack=starter_pack())
>>> game.state.campaign is not None, [s.name for s in game.state.heroes.values()]
(True, ['Warrior', 'Mage'])
"""

from __future__ import annotations

from collections.abc import Sequence

from doria_nb.engine.campaign.errors import CampaignError
from doria_nb.engine.campaign.sheet import CampaignSheet
from doria_nb.engine.campaign.sheet_json import check_against_pack
from doria_nb.engine.campaign.start import campaign_start
from doria_nb.engine.cards import ContentPack
from doria_nb.engine.game.game import Game
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.packs import pack_or_default
from doria_nb.engine.scenario import Scenario

__all__ = ["start_game"]


def start_game(
    sheet: CampaignSheet,
    seed: int = 0,
    *,
    scenario: str | Scenario | None = None,
    pack: ContentPack | None = None,
    ask: Sequence[str] = (),
    snapshots: bool = True,
    options: RulesOptions | None = None,
) -> Game:
    """A game of the sheet's next scenario (or ``scenario``), its heroes carried over, with
    the sheet's optional rules (or ``options``)."""
    pack = pack_or_default(pack)
    scenario = scenario if scenario is not None else sheet.next_scenario
    if scenario is None:
        raise CampaignError(f"The campaign {sheet.name} is over: there is no next scenario.")
    check_against_pack(sheet, pack)
    start = campaign_start(sheet)
    return Game.new(
        scenario,
        start.hero_ids,
        seed,
        options=options if options is not None else sheet.options,
        pack=pack,
        ask=ask,
        snapshots=snapshots,
        campaign=start,
    )
