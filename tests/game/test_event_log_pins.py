"""Seeded bot games keep exactly the save files they had before the speed work (issue 16).

The hashes below were computed from the code before any cache was added (recomputed after
the rulings re-read against the text, the campaigns and the robustness work were merged):
every speed-up must leave each game's whole save text (inputs, dice and event log) byte for
byte the same. A change that is meant to change games (a rule, a bot, the save format)
recomputes them, on the code before the speed work it is compared with, by running this
file: ``uv run python tests/game/test_event_log_pins.py``.
"""

from __future__ import annotations

import hashlib

import pytest

from doria_nb.engine.game.game import Game
from doria_nb.engine.game.simulate import play_out

PARTY = ("warrior", "mage", "ranger", "priestess")

PINNED = {
    0: "e1b5bc524bece223e8fe3cd23da3e82f658f27c842c9b1a436080664f024bd0f",
    1: "f176040a831108dc6be2ec113d340f1dfbdc6ab01cefaa9eceff69889400f671",
    2: "439f709da5f5ad5554f77a5ee1e1000fd475efd0d8c82cb2081c5612ab2af14d",
    3: "2f5511665884b4c37ee6b68d20acf62bc7e18fe0503226f23927b36912b27ffa",
    4: "c246ef8d8be5f50bc23c62a3abc3b1a60fae447f4a119be3d9b3d2fc27fa36db",
    5: "2cde2051dc61d5d6430f5cb0d04a2400c638b02e1cb62fe7b436b66949ec12ec",
}


def _digest(seed: int) -> str:
    """The sha256 of the save text of the bot game of ``seed`` (played to its end)."""
    game = play_out(Game.new("the_flooded_archive", PARTY, seed, snapshots=False))
    assert game.over
    return hashlib.sha256(game.save().encode()).hexdigest()


@pytest.mark.parametrize("seed", sorted(PINNED))
def test_bot_game_save_text_is_unchanged(seed: int) -> None:
    assert _digest(seed) == PINNED[seed]


def test_games_in_one_process_do_not_change_each_other() -> None:
    """Caches shared between dungeons (or games) must not leak: the same seed played after
    other games gives the same text as played first."""
    first = play_out(Game.new("the_flooded_archive", PARTY, 3, snapshots=False)).save()
    play_out(Game.new("the_flooded_archive", PARTY, 4, snapshots=False))
    again = play_out(Game.new("the_flooded_archive", PARTY, 3, snapshots=False)).save()
    assert again == first


if __name__ == "__main__":  # prints the table above, for the code checked out
    for pinned_seed in sorted(PINNED):
        print(f'    {pinned_seed}: "{_digest(pinned_seed)}",')
