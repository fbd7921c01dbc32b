"""A typed Python user's game, written only against ``import doria_nb``.

``tests/api/test_typed_surface.py`` runs mypy (strict) on this file: every name it uses must be
exported with a real type, so a mistake here (a wrong field, a missing export, an ``Any``
leaking from ``Game``) fails the test. The same test also plays it.
"""

from __future__ import annotations

from doria_nb import (
    Action,
    Event,
    Game,
    IllegalAction,
    LegalActions,
    Move,
    Phase,
    RulesOptions,
    Square,
    Verdict,
    Wait,
    bot_action,
    comparative,
    starter_pack,
)


def play(seed: int = 7, inputs: int = 40) -> Game:
    """A few inputs of a game: a hand-made wait, then the default bots' choices."""
    game = Game.new(
        "the_flooded_archive",
        ["warrior", "mage", "ranger", "priestess"],
        seed=seed,
        options=RulesOptions(),
        pack=starter_pack(),
    )
    hero: str = game.turn[0]
    legal: LegalActions = game.legal_actions()
    wait = Wait(hero, 1)
    assert wait in legal
    first: Action = legal[0]
    verdict: Verdict = game.can(first)
    assert verdict.ok
    added: tuple[Event, ...] = game.apply(wait)
    assert added == game.events[-len(added) :]
    try:
        game.apply(Move(hero, Square(-50, -50)))
    except IllegalAction as refusal:
        assert str(refusal)
    phase: Phase = game.phase
    assert phase.value
    square: Square = game.situation.figure(hero).square
    assert isinstance(square, Square)
    for _ in range(inputs):
        if game.over or game.pending is not None:
            break
        game.apply(bot_action(game))
    odds: float = comparative("2D", "2D").p_success
    assert 0 < odds < 1
    return game


if __name__ == "__main__":
    print(play())
