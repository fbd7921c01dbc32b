"""The board part of the combat resolver: load a situation, pick who attacks whom on it, and let
the board decide what the rules decide there (*Range and Line of Sight*, *Difficult Terrain*).

:class:`ResolverBoard` is a mixin of :class:`~doria_nb.ui.combat_resolver.CombatResolver`. Its
part is an :class:`ipywidgets.Accordion`, collapsed at first: a text area for a situation (the
text format of ``docs/situation-format.md``, or a ``doria1:`` code), Load and Clear board, and
two lists of the situation's figures, the attacker and the defender (a hero and a monster; who
attacks sets the direction of the attack).

With a board loaded, the hero list follows the hero figure's name when it names a hero of the
pack (otherwise the hero stays), and the monster list follows the monster figure's card
(:func:`~doria_nb.engine.monster_ai.records.card_for`). The engine's
:func:`~doria_nb.engine.combat.board_check.attack_check` runs with the attack chosen (or the
monster's own attack): its sentence is shown, *hindered* is the board's (a Blue Solid Line on
the Line of Sight) and cannot be ticked by hand, and an attack the board forbids (out of range,
no Line of Sight, an unconscious defender, ...) cannot be rolled. Clear board returns to free
picking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.combat import Foe
from doria_nb.engine.combat.board_check import AttackCheck, attack_check
from doria_nb.engine.errors import CombatError, DoriaError, MonsterAIError
from doria_nb.engine.monster_ai.records import card_for
from doria_nb.engine.situation import CODE_PREFIX, Figure, Situation
from doria_nb.engine.situation.figure import base_name
from doria_nb.ui.combat_resolver_controls import HERO, MONSTER
from doria_nb.ui.combat_resolver_parts import CSS_CLASSES, equipped_hero, guard
from doria_nb.ui.odds_text import escape_html
from doria_nb.ui.pasted import read_pasted_situation

if TYPE_CHECKING:
    from doria_nb.engine.character import Character
    from doria_nb.engine.combat import AttackOption

__all__ = ["ResolverBoard", "pack_hero_id", "read_situation"]

BOARD_TITLE = "Board: load a situation"


def read_situation(text: str, pack: ContentPack | None = None) -> Situation:
    """The situation in ``text``: a ``doria1:`` code or the text format (a
    :class:`~doria_nb.engine.errors.SituationError` in the engine's words if it is neither;
    an over-long paste is refused before it is read, :mod:`doria_nb.ui.pasted`)."""
    return read_pasted_situation(text, pack)


def pack_hero_id(name: str, pack: ContentPack) -> str | None:
    """The id of the pack's hero a figure called ``name`` is (by name or id, ignoring case and
    a trailing number: ``"Warrior 2"`` is the Warrior), or None."""
    wanted = base_name(name)
    for hero in pack.heroes:
        if wanted in (hero.name.casefold(), hero.id.casefold()):
            return hero.id
    return None


def _other_kind(situation: Situation, figure: Figure) -> tuple[Figure, ...]:
    return situation.monsters if figure.is_hero else situation.heroes


def _fighters(
    situation: Situation, attacker: str | None, defender: str | None, monster_first: bool
) -> tuple[Figure, Figure]:
    """The attacker and defender figures (letters or names; the first fitting ones when not
    given): a hero and a monster, or a :class:`CombatError` saying why not."""
    if not situation.heroes or not situation.monsters:
        raise CombatError(
            "The situation needs a hero and a monster to fight: it has "
            f"{len(situation.heroes)} hero(es) and {len(situation.monsters)} monster(s)."
        )
    a = situation.figure(attacker) if attacker is not None else None
    d = situation.figure(defender) if defender is not None else None
    if a is None:
        if d is not None:
            a = _other_kind(situation, d)[0]
        else:
            a = (situation.monsters if monster_first else situation.heroes)[0]
    if d is None:
        d = _other_kind(situation, a)[0]
    if a.kind == d.kind:
        both = "heroes" if a.is_hero else "monsters"
        raise CombatError(
            f"{a.label} and {d.label} are both {both}: pick a hero and a monster (heroes attack "
            "monsters and monsters attack characters)."
        )
    return a, d


class ResolverBoard:
    """The board part of the resolver (a mixin; see the module docstring). It uses the
    resolver's controls, fighters and ``_discard`` / ``_say``."""

    pack: ContentPack
    character: Character
    foe: Foe
    _syncing: bool
    hero_select: widgets.Dropdown
    monster_select: widgets.Dropdown
    level_select: widgets.Dropdown
    direction: widgets.ToggleButtons
    hindered_box: widgets.Checkbox
    monster_attacks: bool
    error: str

    def _build_board(self) -> None:
        """Make the board's controls (no situation loaded)."""
        self.situation: Situation | None = None
        """The situation loaded (None: free picking)."""
        self.board_check: AttackCheck | None = None
        """The engine's answer whether the attack set up may be made on the board (None when
        no board is loaded, or there is nothing to attack with)."""
        self._free_hindered = self.hindered_box.value
        self.board_text = widgets.Textarea(
            placeholder=f"A situation (map: ... figures: ...) or a {CODE_PREFIX} code",
            layout=widgets.Layout(width="100%", height="12em"),
        )
        self.load_button = widgets.Button(
            description="Load", tooltip="Read the situation and put its fighters in the fight"
        )
        self.clear_board_button = widgets.Button(
            description="Clear board",
            tooltip="Forget the situation: pick the fighters and hindered freely again",
            disabled=True,
        )
        self.attacker_select = widgets.Dropdown(description="Attacker", disabled=True)
        self.defender_select = widgets.Dropdown(description="Defender", disabled=True)
        self.board_html = widgets.HTML()
        self.board_part = widgets.Accordion(
            children=[
                widgets.VBox(
                    [
                        self.board_text,
                        widgets.HBox([self.load_button, self.clear_board_button]),
                        widgets.HBox([self.attacker_select, self.defender_select]),
                        self.board_html,
                    ]
                )
            ],
            selected_index=None,
        )
        self.board_part.set_title(0, BOARD_TITLE)
        for part, name in (
            (self.board_part, "board"),
            (self.board_text, "board_text"),
            (self.load_button, "load"),
            (self.clear_board_button, "clear_board"),
            (self.attacker_select, "attacker"),
            (self.defender_select, "defender"),
            (self.board_html, "board_check"),
        ):
            part.add_class(CSS_CLASSES[name])

    def _connect_board(self) -> None:
        shown = guard(lambda text: self._say(text, problem=True))
        self.load_button.on_click(shown(lambda _b: self.load_situation(self.board_text.value)))
        self.clear_board_button.on_click(shown(lambda _b: self.clear_board()))

        def letters(_change: dict[str, Any]) -> None:
            if not self._syncing:
                self._letters_changed()

        self.attacker_select.observe(shown(letters), names="value")
        self.defender_select.observe(shown(letters), names="value")

    # -- the Python API --------------------------------------------------------------------

    def load_situation(
        self, text: str, attacker: str | None = None, defender: str | None = None
    ) -> bool:
        """Load a situation (text or ``doria1:`` code) with ``attacker`` and ``defender`` (letters
        or names; by default the first hero and monster, the attack's direction kept). Returns
        False, shows the engine's message and changes nothing if it cannot be loaded."""
        try:
            situation = read_situation(str(text), self.pack)
            a, d = _fighters(situation, attacker, defender, self.monster_attacks)
        except DoriaError as error:
            self._say(str(error), problem=True)
            return False
        if self.situation is None:
            self._free_hindered = self.hindered_box.value
        self.situation = situation
        self._syncing = True
        try:
            self.board_text.value = str(text)
            self.attacker_select.options = [(f.label, f.letter) for f in situation.figures]
            self.attacker_select.value = a.letter
            self._fill_defenders(d.letter)
        finally:
            self._syncing = False
        self.attacker_select.disabled = self.defender_select.disabled = False
        self.clear_board_button.disabled = False
        self._board_changed("Board loaded")
        return True

    def clear_board(self) -> None:
        """Forget the situation: the fighters, the direction and *hindered* are picked freely
        again (*hindered* as it was before the board)."""
        if self.situation is None:
            self._say("No board is loaded.")
            return
        self.situation, self.board_check = None, None
        self._syncing = True
        try:
            self.attacker_select.options = []
            self.defender_select.options = []
            self.hindered_box.value = self._free_hindered
        finally:
            self._syncing = False
        self.attacker_select.disabled = self.defender_select.disabled = True
        self.clear_board_button.disabled = True
        self.board_html.value = ""
        self._discard("The board is cleared: pick freely; ")

    # -- inside ----------------------------------------------------------------------------

    def _fill_defenders(self, keep: str | None) -> None:
        assert self.situation is not None
        attacker = self.situation.figure(self.attacker_select.value)
        others = _other_kind(self.situation, attacker)
        self.defender_select.options = [(f.label, f.letter) for f in others]
        letters = [f.letter for f in others]
        self.defender_select.value = keep if keep in letters else letters[0]

    def _letters_changed(self) -> None:
        if self.situation is None:
            return
        self._syncing = True
        try:
            self._fill_defenders(self.defender_select.value)
        finally:
            self._syncing = False
        self._board_changed("New fighters on the board")

    def _board_figures(self) -> tuple[Figure, Figure]:
        """The attacker and defender figures chosen."""
        assert self.situation is not None
        situation = self.situation
        return (
            situation.figure(self.attacker_select.value),
            situation.figure(self.defender_select.value),
        )

    def _board_changed(self, why: str) -> None:
        """The fighters follow the figures chosen; then the odds and the board's answer."""
        attacker, defender = self._board_figures()
        hero, monster = (attacker, defender) if attacker.is_hero else (defender, attacker)
        notes = []
        self._syncing = True
        try:
            self.direction.value = HERO if attacker.is_hero else MONSTER
            hero_id = pack_hero_id(hero.name, self.pack)
            if hero_id is None:
                notes.append(f"{hero.label} is no hero of the pack: the hero picked fights.")
            elif hero_id != self.hero_select.value:
                self.hero_select.value = hero_id
                self.character = equipped_hero(self.pack, hero_id)
            try:
                card_id = card_for(monster.name, self.pack).id
            except MonsterAIError:
                notes.append(f"{monster.label} is no monster card: the monster picked fights.")
            else:
                if card_id != self.monster_select.value:
                    self.monster_select.value = card_id
                    self.foe = Foe.of(self.pack.monster(card_id), self.level_select.value)
        finally:
            self._syncing = False
        self._discard(f"{why}: ")
        check = self.board_check
        said = " ".join([check.explain() if check is not None else self.error, *notes])
        if check is not None and not check:
            self._say(f"{why}: {said} Roll is refused.", problem=True)
        else:
            self._say(f"{why}: {said} Read the odds, then press Roll.")

    def _sync_board(self) -> None:
        """Ask the board whether the attack set up may be made; *hindered* follows it."""
        board = self.situation is not None
        self.hindered_box.disabled = board
        self.direction.disabled = board
        if not board:
            self.board_check = None
            return
        assert self.situation is not None
        reach: AttackOption | Foe | None = (
            self.foe if self.monster_attacks else self._attack_option()
        )
        if reach is None:
            self.board_check = None
            self.board_html.value = ""
            return
        attacker, defender = self._board_figures()
        check = attack_check(self.situation, attacker.letter, defender.letter, reach)
        self.board_check = check
        self._syncing = True
        try:
            self.hindered_box.value = check.hindered
        finally:
            self._syncing = False
        mark, css = ("", "") if check else ("⚠ ", " doria-problem")
        self.board_html.value = (
            f'<p class="doria-combat-board-body{css}">{mark}{escape_html(check.explain())}</p>'
        )

    def _board_error(self) -> str:
        """Why the board forbids the attack set up (empty when it allows it or is not loaded)."""
        check = self.board_check
        return "" if check is None or check else f"On the board: {check.explain()}"
