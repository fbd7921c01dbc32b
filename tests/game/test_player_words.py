"""Texts a player reads carry no markdown: the engine's words are shown as they are.

A new user met literal asterisks in the round stepper, such as "(*Reveal a Room Tile (0
AP)*)" (issue #13, item 5): the engine wrote rulebook section names in markdown emphasis, and
the log, the refusals and the questions show text verbatim. Sections are cited in plain
parentheses instead. This test plays bot games with and without the optional rules and reads
every event, every question and the refusal of every action the bots consider.
"""

from __future__ import annotations

import random
import re

import pytest

from doria_nb.engine.game.bots import bot_action
from doria_nb.engine.game.game import Game
from doria_nb.engine.options import RulesOptions

EMPHASIS = re.compile(r"\*[A-Z][^*\n]*\*")
"""Markdown emphasis around a capitalised phrase: ``*Dead Ends*``."""

ALL_ON = RulesOptions(
    no_fumbles=False,
    dice_rolling=True,
    critical_fail=True,
    monster_swap=True,
    monster_ap=True,
    trap_shop=True,
    critical_trap_rolls=True,
    door_events=True,
    close_quarters_combat=True,
    dominance="surround",
)


@pytest.mark.parametrize(
    ("seed", "options"),
    [(3, None), (11, None), (5, ALL_ON), (8, ALL_ON)],
    ids=["plain-3", "plain-11", "optional-5", "optional-8"],
)
def test_no_markdown_in_what_a_player_reads(seed: int, options: RulesOptions | None) -> None:
    game = Game.new(
        "the_flooded_archive",
        ("warrior", "mage", "ranger"),
        seed,
        options=options,
        snapshots=False,
    )
    chance = random.Random(seed)
    texts: list[str] = []
    while not game.over and len(game.inputs) < 600:
        if game.pending is not None:
            choice = game.pending.choice
            texts += [choice.prompt, *(option.label for option in choice.options)]
            game.decide(choice.keys[0])
            continue
        legal = game.legal_actions()
        for action in chance.sample(legal, min(5, len(legal))):
            verdict = game.can(action)
            texts.append(str(verdict))
        game.apply(bot_action(game))
    texts += [event.describe() for event in game.state.log]
    found = sorted({m.group(0) for text in texts for m in EMPHASIS.finditer(text)})
    assert found == [], f"markdown emphasis in player texts: {found}"
