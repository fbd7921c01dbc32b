"""Seeded bot games keep exactly the save files they had before the speed work (issue 16).

The hashes below were computed from the code before any cache was added (commit d82960c):
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
    0: "11594538245bbe1f00f029f6bb83f4972cca6ebc5e7b62104e8824254eb13c33",
    1: "d6add217a948d254891272bc8bcf45e0e6e981b1719a185e669daaba0cc300b4",
    2: "4163e200e1b1ff657f29cbd3bd304efed857f5337854fe1208bd4676b05a6d2a",
    3: "d6980aefa19c631ed86f470dbcbcef3018a790fbaa8473ec48a3d27e66eb26b4",
    4: "741e252a20008212aab56369d1314e4a466a2ef6839e112b9402c1674bdb6595",
    5: "0390e36bc1fa8b31d11a7601a5f38a45008466beaf230f63a6226397d0ed537c",
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
