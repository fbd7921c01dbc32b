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
from doria_nb.engine.game.option_sets import option_set
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


WIDE_PARTY = ("warrior", "shield_maiden", "ranger", "huntress", "mage", "priestess")
SOLO = ("scoundrel",)
DUO = ("adventurer", "priestess")

WIDER: dict[tuple[str, str, tuple[str, ...], int], str] = {
    (
        "the_flooded_archive",
        "all",
        WIDE_PARTY,
        7,
    ): "e4544c46fa48a13de522fe80cf858e28a90cb3170a5457574700943f0c4888df",
    (
        "the_flooded_archive",
        "all:group",
        SOLO,
        8,
    ): "6480520236129169ada37801d76696969e3ee0797295a0c778cfab77962c6cd7",
    (
        "the_rat_kings_warren",
        "all",
        DUO,
        9,
    ): "fa39d951107abe0c5454ff502278c46e4715e3c40d8275f9a14f3a4c8408f8f6",
    (
        "the_rat_kings_warren",
        "none",
        WIDE_PARTY,
        10,
    ): "f04d8a6dd105f7da7ba583e2b3659dbad5139ab267594f4d874e4e62771720af",
    (
        "the_sunken_chapel",
        "all:group",
        WIDE_PARTY,
        11,
    ): "56f2197538d50966524a707f978f23bbcf406faf523bd74eba1116d1a9bb4ae4",
    (
        "the_sunken_chapel",
        "none",
        SOLO,
        12,
    ): "7ddc3f18107d00f57839ea9f8d701c03618ec20c335fd22885918eae9e110d17",
    (
        "the_silver_mine",
        "all",
        WIDE_PARTY,
        13,
    ): "d1ccc976ced4a66002ad85fb10ea56e86750c5596b44df5217954d41870e3b40",
    (
        "the_silver_mine",
        "all:group",
        DUO,
        14,
    ): "8083d75a86b0e1fc9b7fed8ef704a0d224b821e36a97d26e71af378164fcdebe",
}
"""Games beyond the starter scenario's four heroes: every scenario, every optional rule at once
(in both variants) or none, one, two and six heroes — so a cache that only the optional rules,
a big party or another scenario reaches is pinned too."""


def _digest(
    seed: int,
    scenario: str = "the_flooded_archive",
    options: str = "none",
    party: tuple[str, ...] = PARTY,
) -> str:
    """The sha256 of the save text of the bot game of ``seed`` (played to its end)."""
    return _digests(seed, scenario, options, party)[0]


def _digests(
    seed: int,
    scenario: str = "the_flooded_archive",
    options: str = "none",
    party: tuple[str, ...] = PARTY,
) -> tuple[str, str]:
    """The sha256 of the save text of the bot game of ``seed`` and that of its event log's
    words: each event's rule, ``who`` and ``describe()``, one line each."""
    game = play_out(Game.new(scenario, party, seed, options=option_set(options), snapshots=False))
    assert game.over
    words = "\n".join(
        f"{event.rule.name}\t{getattr(event, 'who', '-')}\t{event.describe()!r}"
        for event in game.events
    )
    return (
        hashlib.sha256(game.save().encode()).hexdigest(),
        hashlib.sha256(words.encode()).hexdigest(),
    )


WORDS = {
    0: "2a979e15c39c06895bdaa97a1a25eddbb823cd3f08c0cf55942b373c1dd8ae54",
    1: "e3d5e8135d90be0b3dcc4c58ce0ab57f0fecd9a337e5730b952ea3f5dfb57f98",
    2: "53a2e8b3f96824869c1b34d459f8c5118314548479a72c666cee29f32ac2bdcc",
    3: "986e0d189b1681ef08af3451eafcf0a471517c5d347bfcdc9db5507f38cf2547",
    4: "ea703b47bf517023d8eb0dd6d5ee718548880225c8063830c24803285fa6d52a",
    5: "74be1048aa88de76c325bf707873ca5dc00a64a38c5798f78628e1b5caca5d2d",
}
"""The words of the event log of each pinned game (the save file keeps only the number of
events, so a change of words would pass the save pins): typing an event must leave them."""


@pytest.mark.parametrize("seed", sorted(PINNED))
def test_bot_game_save_text_and_event_words_are_unchanged(seed: int) -> None:
    assert _digests(seed) == (PINNED[seed], WORDS[seed])


@pytest.mark.parametrize("game", sorted(WIDER), ids=lambda g: f"{g[0]}-{g[1]}-{len(g[2])}")
def test_wider_bot_game_save_text_is_unchanged(game: tuple[str, str, tuple[str, ...], int]) -> None:
    scenario, options, party, seed = game
    assert _digest(seed, scenario, options, party) == WIDER[game]


def test_games_in_one_process_do_not_change_each_other() -> None:
    """Caches shared between dungeons (or games) must not leak: the same seed played after
    other games gives the same text as played first."""
    first = play_out(Game.new("the_flooded_archive", PARTY, 3, snapshots=False)).save()
    play_out(Game.new("the_flooded_archive", PARTY, 4, snapshots=False))
    again = play_out(Game.new("the_flooded_archive", PARTY, 3, snapshots=False)).save()
    assert again == first


if __name__ == "__main__":  # prints the table above, for the code checked out
    for pinned_seed in sorted(PINNED):
        save_digest, words_digest = _digests(pinned_seed)
        print(f'    {pinned_seed}: "{save_digest}",  # words "{words_digest}"')
    for scenario, options, party, seed in WIDER:
        party_name = {WIDE_PARTY: "WIDE_PARTY", SOLO: "SOLO", DUO: "DUO"}[party]
        print(
            f'    ("{scenario}", "{options}", {party_name}, {seed}): '
            f'"{_digest(seed, scenario, options, party)}",'
        )
