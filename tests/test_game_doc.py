"""``docs/game.md``'s first example (the one-import tour) runs as written."""

from __future__ import annotations

import re
from pathlib import Path

GAME_DOC = Path(__file__).resolve().parents[1] / "docs" / "game.md"


def test_the_one_import_tour_runs() -> None:
    text = GAME_DOC.read_text(encoding="utf-8")
    block = re.search(r"```python\n(.*?)```", text, re.S)
    assert block is not None
    code = block.group(1)
    assert code.startswith("from doria_nb import ")
    assert "doria_nb.engine" not in code  # one import line, no deep imports
    namespace: dict[str, object] = {}
    exec(compile(code, str(GAME_DOC), "exec"), namespace)
    from doria_nb import Game, Wait

    game = namespace["game"]
    assert isinstance(game, Game)
    assert len(game.inputs) == 2
    added = namespace["added"]
    assert isinstance(added, tuple) and added
    first = Game.new("the_flooded_archive", seed=7, options=game.setup.options)
    assert first.turn == ("W",)  # what the text says
    assert Wait("W", 3) in first.legal_actions()
    assert Wait("W", 3) not in list(first.legal_actions())
