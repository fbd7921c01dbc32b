"""The play table continues a campaign from its sheet: a campaign scenario on the table saves
and loads with its campaign start (*Campaign Mode*)."""

from __future__ import annotations

from doria_nb.engine.campaign import CampaignSheet
from doria_nb.engine.game import start_game
from doria_nb.engine.game.bots import bot_action
from doria_nb.ui.play_table.model import TableModel


def test_a_campaign_scenario_on_the_play_table_saves_and_loads(sheet: CampaignSheet) -> None:
    table = TableModel(start_game(sheet, 9))
    for _ in range(12):
        table.game.apply(bot_action(table.game))
    again = TableModel.load(table.save())
    assert again.game.state.campaign == table.game.state.campaign
    assert again.game.events == table.game.events
    assert again.game.state.group_xp.cost == 12
