"""The table's own controls: who plays each hero, quick answers, and the save files.

:class:`SeatsPanel` has, per hero, a person/bot toggle and a "quick answers" box (fight
questions answered by the defaults), changeable between turns. :class:`FilesPanel` saves the
game to a file in the notebook's folder (or offers it as a download) and loads one back — a
file from the computer (upload) or from the folder — through the game's own save format, which
refuses a damaged, edited or foreign file in words.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from html import escape
from pathlib import Path

import ipywidgets as widgets

from doria_nb.ui.pasted import MAX_SAVE_TEXT, refuse_big, refuse_long
from doria_nb.ui.play_table.model import TableModel
from doria_nb.ui.play_table.seats import SeatKind

__all__ = ["FILES_CSS", "FilesPanel", "SeatsPanel"]

FILES_CSS = {
    "seats": "doria-play-seats",
    "seat": "doria-play-seat",
    "quick": "doria-play-quick",
    "files": "doria-play-files",
    "file_name": "doria-play-file-name",
    "save": "doria-play-save",
    "load": "doria-play-load",
    "upload": "doria-play-upload",
    "download": "doria-play-download",
}

Act = Callable[[Callable[[], str]], None]


class SeatsPanel:
    """A person/bot toggle and a quick-answers box per hero."""

    def __init__(self, act_: Act) -> None:
        self.box = widgets.VBox()
        self.box.add_class(FILES_CSS["seats"])
        self._act = act_
        self._letters: tuple[str, ...] = ()
        self._rows: dict[str, tuple[widgets.ToggleButtons, widgets.Checkbox]] = {}
        self._model: TableModel | None = None
        self._quiet = False

    def refresh(self, model: TableModel) -> None:
        self._model = model
        letters = model.seats.letters
        if letters != self._letters:
            self._build(model)
        self._quiet = True
        for letter, (toggle, quick) in self._rows.items():
            toggle.value = str(model.seats.kind(letter))
            quick.value = letter in model.seats.quick
        self._quiet = False

    def _build(self, model: TableModel) -> None:
        rows = []
        self._rows = {}
        for letter in model.seats.letters:
            name = model.game.state.heroes[letter].name
            toggle = widgets.ToggleButtons(
                options=[("person", str(SeatKind.PERSON)), ("bot", str(SeatKind.BOT))],
                description=f"{name} ({letter})",
                style={"description_width": "9em", "button_width": "5em"},
            )
            toggle.add_class(FILES_CSS["seat"])
            toggle.add_class(f"doria-play-seat-{letter}")
            quick = widgets.Checkbox(description="quick answers in fights", indent=False)
            quick.add_class(FILES_CSS["quick"])
            toggle.observe(lambda change, x=letter: self._seat(x, change["new"]), "value")
            quick.observe(lambda change, x=letter: self._quick(x, change["new"]), "value")
            self._rows[letter] = (toggle, quick)
            rows.append(widgets.HBox([toggle, quick]))
        self.box.children = rows
        self._letters = model.seats.letters

    def _seat(self, letter: str, kind: str) -> None:
        if not self._quiet and self._model is not None:
            self._act(lambda: self._model.set_seat(letter, kind))  # type: ignore[union-attr]

    def _quick(self, letter: str, on: bool) -> None:
        if not self._quiet and self._model is not None:
            self._act(lambda: self._model.set_quick(letter, on))  # type: ignore[union-attr]


class FilesPanel:
    """Save and load (see the module text). ``replace(model)`` puts a loaded table in place."""

    def __init__(self, act_: Act, replace: Callable[[TableModel], None]) -> None:
        self.name = widgets.Text(value="doria-game.json", description="File")
        self.save = widgets.Button(description="Save", icon="save")
        self.load = widgets.Button(description="Load", icon="folder-open")
        self.upload = widgets.FileUpload(accept=".json", multiple=False, description="Load a file")
        self.download = widgets.HTML()
        for key in ("save", "load", "upload", "download"):
            getattr(self, key).add_class(FILES_CSS[key])
        self.name.add_class(FILES_CSS["file_name"])
        self.box = widgets.VBox(
            [widgets.HBox([self.name, self.save, self.load]), self.upload, self.download]
        )
        self.box.add_class(FILES_CSS["files"])
        self._model: TableModel | None = None
        self._replace = replace
        self.save.on_click(lambda _: act_(self._save))
        self.load.on_click(lambda _: act_(self._load_path))
        self.upload.observe(lambda _: act_(self._load_upload), "value")

    def refresh(self, model: TableModel) -> None:
        self._model = model

    def _path(self) -> Path:
        name = self.name.value.strip() or "doria-game.json"
        return Path(name).expanduser()

    def _save(self) -> str:
        assert self._model is not None
        text = self._model.save()
        path = self._path()
        path.write_text(text, encoding="utf-8")
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        self.download.value = (
            f'<a download="{escape(path.name)}" href="data:application/json;base64,{data}">'
            f"⬇ Download {escape(path.name)}</a>"
        )
        return self._model._say(
            f"✔ Saved after {len(self._model.game.inputs)} inputs to {path} (and as a download)."
        )

    def _load_text(self, text: str, where: str) -> str:
        refuse_long(text, f"{where} (a saved game)", MAX_SAVE_TEXT)
        model = TableModel.load(text, pack=self._model.game.pack if self._model else None)
        self._replace(model)
        return model._say(f"✔ Loaded {where}: {model.game!r}. {model.waiting.describe(model.game)}")

    def _load_path(self) -> str:
        path = self._path()
        if not path.is_file():
            assert self._model is not None
            return self._model._refuse(f"There is no file {path} here.")
        refuse_big(path.stat().st_size, str(path))  # before a byte of it is read
        return self._load_text(path.read_text(encoding="utf-8"), str(path))

    def _load_upload(self) -> str:
        assert self._model is not None
        files = self.upload.value
        if not files:
            return self._model.message
        item = files[0]
        content = item["content"] if isinstance(item, dict) else item.content
        name = item["name"] if isinstance(item, dict) else item.name
        refuse_big(len(content), str(name))  # before it is decoded
        try:
            text = bytes(content).decode("utf-8")
        except UnicodeDecodeError:
            return self._model._refuse(f"{name} is not a text file, so not a saved game.")
        return self._load_text(text, name)
