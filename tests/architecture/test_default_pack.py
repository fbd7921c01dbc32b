"""The engine's default pack is supplied from above, never imported by the engine (issue 17).

``doria_nb/__init__.py`` names the book's starter pack as the engine's default
(:mod:`doria_nb.engine.packs`); these tests check that a game started or loaded without a pack
plays that pack, however the engine was reached, that the content is loaded only when a game
needs it, and that the engine with no default refuses in words and changes nothing.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from doria_nb import Game, Wait, starter_pack
from doria_nb.engine import packs
from doria_nb.engine.packs import NoDefaultPack, default_pack, pack_or_default
from doria_nb.engine.table.records import SaveFileError


def test_the_default_pack_is_the_books_starter_pack() -> None:
    assert default_pack() is starter_pack()
    assert pack_or_default(None) is starter_pack()
    assert Game.new("the_flooded_archive", seed=3).pack is starter_pack()


def test_a_given_pack_is_used_as_it_is() -> None:
    pack = starter_pack()
    assert pack_or_default(pack) is pack


def test_a_starter_save_loads_without_naming_its_pack() -> None:
    game = Game.new("the_flooded_archive", ("warrior", "mage"), seed=5)
    game.apply(Wait(game.turn[0], 1))
    loaded = Game.load(game.save())
    assert loaded.pack is starter_pack()
    assert loaded.events == game.events


def test_a_save_of_another_pack_is_refused_by_its_name() -> None:
    text = Game.new("the_flooded_archive", ("warrior",), seed=5).save()
    edited = text.replace('"id": "starter"', '"id": "homebrew"', 1)
    assert edited != text
    with pytest.raises(SaveFileError, match="'homebrew'"):
        Game.load(edited)


def test_the_engine_reached_by_its_deepest_module_has_the_default() -> None:
    """Python runs ``doria_nb/__init__.py`` before any module of the package, so even the
    deepest import finds the default; and no card is loaded until a game needs one."""
    code = (
        "import sys\n"
        "from doria_nb.engine.game.game import Game\n"
        "assert not [m for m in sys.modules if m.startswith('doria_nb.content')]\n"
        "print(Game.new('the_flooded_archive', seed=1).pack.id)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["starter"]


def test_without_a_default_the_engine_asks_for_a_pack_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Game.new("the_flooded_archive", ("warrior", "mage"), seed=2)
    text, events = game.save(), tuple(game.events)
    monkeypatch.setattr(packs, "_default", None)
    with pytest.raises(NoDefaultPack, match="pass pack="):
        Game.new("the_flooded_archive", seed=2)
    with pytest.raises(NoDefaultPack, match="pass pack="):
        Game.load(text)
    assert Game.load(text, pack=starter_pack()).events == events
    assert game.events == events


def test_a_default_that_is_not_a_function_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(packs, "_default", packs._default)
    with pytest.raises(TypeError, match="function"):
        packs.use_default_pack(starter_pack())  # type: ignore[arg-type]
    assert default_pack() is starter_pack()
