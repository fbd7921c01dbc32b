"""The hero builder: start from a premade hero or spread 50 points, draw the starting loot.

A composed ipywidgets view (a :class:`ipywidgets.VBox`) around a
:class:`~doria_nb.ui.character_sheet.CharacterSheet`:

* a drop-down of the eight premade heroes and "Custom hero"; choosing a premade loads its
  attributes, and changing any attribute afterwards makes the hero a custom one;
* six sliders for STR … PSI (1 to 13), a live "points used: N / 50", the calculated values with
  their formulas and whether Dodge and Psi Resistance can be used;
* the engine's *Create Heroes* check (exactly 50 points, each attribute 1 to 13) shown in
  words, with "Create hero" disabled until the allocation is valid;
* a seed and "Draw starting loot": the starting hand is dealt through
  :mod:`doria_nb.engine.starting` with ``Chance.seeded(seed)`` (*Preparing Characters*:
  Standard Items, then Loot Cards up to 6; traps and events drawn are discarded and replaced by
  default); the view lists what was discarded and what was drawn instead;
* the created hero in the embedded sheet, in setup mode: cards are arranged at no AP cost.

*Create Heroes* lets a player draw and exchange cards before distributing the points, so
drawing works whatever the allocation; the hero is built as soon as it is valid.

>>> builder = HeroBuilder()
>>> builder.attributes = {"STR": 13, "CON": 13, "AGI": 9, "PER": 5, "WIS": 5, "PSI": 5}
>>> builder.errors, builder.create_button.disabled
([], False)
>>> builder.attributes = {"STR": 13, "CON": 13, "AGI": 9, "PER": 5, "WIS": 5, "PSI": 3}
>>> builder.errors
['A custom hero distributes exactly 50 points, each attribute from 1 to 13: the points add up \
to 48: 2 more to distribute.']
>>> builder.create_button.disabled
True
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Iterable, Mapping
from typing import Any

import ipywidgets as widgets

from doria_nb.engine.attributes import (
    CREATION_MAX,
    CREATION_MIN,
    CREATION_POINTS,
    Attribute,
    Attributes,
    check_creation,
)
from doria_nb.engine.cards import CardType, ContentPack, HeroTemplate, ItemCard
from doria_nb.engine.chance import Chance
from doria_nb.engine.character import Character
from doria_nb.engine.errors import DoriaError, HeroCreationError
from doria_nb.engine.mat import Mat
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.starting import (
    LootPile,
    StartingHand,
    deal_custom,
    deal_premade,
    default_replacements,
    first_phase_h_rewards,
    hand_size,
)
from doria_nb.ui.character_sheet import CharacterSheet
from doria_nb.ui.character_sheet.texts import DERIVED, formula_text, skill_text

CUSTOM = "custom"
"""The drop-down value of a custom hero (*Optional Rule: Create Heroes*)."""

DEFAULT_CUSTOM = {"STR": 9, "CON": 9, "AGI": 8, "PER": 8, "WIS": 8, "PSI": 8}
"""The allocation a custom hero starts from: 50 points spread evenly."""

CUSTOM_NAME = "Custom Hero"

MAX_REFILL_ROUNDS = 20
"""How often traps drawn as refills are replaced again before giving up."""

CSS_CLASSES = {
    "root": "doria-hero-builder",
    "hero": "doria-hero-select",
    "name": "doria-name-input",
    "attr": "doria-attr",
    "points": "doria-points",
    "derived": "doria-builder-derived",
    "error": "doria-builder-error",
    "standard": "doria-standard-select",
    "count": "doria-count-select",
    "create": "doria-create-button",
    "seed": "doria-seed-input",
    "draw": "doria-draw-button",
    "replace": "doria-replace-traps",
    "draw_log": "doria-draw-log",
    "status": "doria-builder-status",
    "sheet": "doria-builder-sheet",
}
"""The stable CSS classes of the builder's parts; each attribute slider also carries
``doria-attr-STR`` … ``doria-attr-PSI``."""


def _escape(text: object) -> str:
    return html.escape(str(text), quote=True)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _card_words(card: ItemCard) -> str:
    if card.type in (CardType.TRAP, CardType.EVENT):
        return f"{card.name} ({card.type})"
    if card.standard:
        return f"{card.name} (Standard Item)"
    return card.name


class HeroBuilder(widgets.VBox):
    """Build a hero: premade or 50 points, starting loot from a seed, then equip it.

    Constructor: ``hero`` (``"custom"`` or a premade's id such as ``"mage"``), ``attributes``
    (a custom allocation), ``name``, ``seed``, ``character_count`` (characters in the game:
    6 cards with three or more, 8 with two, 10 alone), ``standard`` (ids of extra Standard
    Items to take), ``replace_traps`` and ``pack`` (the starter pack by default).

    Python-side API: :attr:`attributes` (settable), :attr:`hero` (settable), :attr:`name`,
    :attr:`points`, :attr:`errors`, :meth:`create` (returns the
    :class:`~doria_nb.engine.character.Character`), :meth:`draw` (returns the
    :class:`~doria_nb.engine.starting.StartingHand`), :attr:`hand`, :attr:`refills`,
    :attr:`character`, :attr:`sheet`, and the parts (``hero_select``, ``sliders``,
    ``create_button``, ``seed_input``, ``draw_button`` ...).
    """

    def __init__(
        self,
        hero: str = CUSTOM,
        *,
        attributes: Mapping[str, int] | Attributes | None = None,
        name: str | None = None,
        seed: int = 0,
        character_count: int = 4,
        standard: Iterable[str] = (),
        replace_traps: bool = True,
        pack: ContentPack | None = None,
        **kwargs: Any,
    ) -> None:
        if pack is None:
            from doria_nb.content.loader import starter_pack

            pack = starter_pack()
        self.pack = pack
        self.options = RulesOptions(create_heroes=True)
        """The builder plays under the optional rule *Create Heroes*, which custom heroes need."""
        hand_size(character_count)  # raises StartingEquipmentError when out of range
        self._syncing = False
        self._note = ""
        self.hand: StartingHand | None = None
        """The starting hand drawn last (``None`` before a draw)."""
        self.refills: list[tuple[tuple[ItemCard, ...], tuple[ItemCard, ...]]] = []
        """Each replacement of the last draw: (cards discarded, cards drawn instead)."""
        self.hand_seed: int | None = None
        self.character: Character | None = None
        """The hero built last (by :meth:`create` or :meth:`draw`)."""
        self._built_from: tuple[str, tuple[tuple[str, int], ...], str] | None = None

        options = [("Custom hero (spread 50 points)", CUSTOM)]
        options += [(f"{t.name} (premade)", t.id) for t in pack.heroes]
        self.hero_select = widgets.Dropdown(options=options, value=CUSTOM, description="Start from")
        self.name_input = widgets.Text(
            value=CUSTOM_NAME, description="Name", continuous_update=False
        )
        self.sliders: dict[str, widgets.IntSlider] = {}
        for attribute in Attribute:
            slider = widgets.IntSlider(
                value=DEFAULT_CUSTOM[attribute.value],
                min=CREATION_MIN,
                max=CREATION_MAX,
                step=1,
                description=attribute.value,
                tooltip=attribute.full_name,
                continuous_update=True,
            )
            slider.add_class(CSS_CLASSES["attr"])
            slider.add_class(f"{CSS_CLASSES['attr']}-{attribute.value}")
            self.sliders[attribute.value] = slider
        self.points_html = widgets.HTML()
        self.derived_html = widgets.HTML()
        self.error_html = widgets.HTML()
        self.standard_select = widgets.SelectMultiple(
            options=[(card.name, card.id) for card in pack.standard_items],
            value=(),
            description="Extra Standard Items",
            tooltip="Standard Items to take along (a premade hero always has its own two)",
            rows=min(6, max(len(pack.standard_items), 1)),
            style={"description_width": "initial"},
        )
        self.count_select = widgets.Dropdown(
            options=[
                ("3–6 characters: 6 cards", 4),
                ("2 characters: 8 cards", 2),
                ("1 character (solo): 10 cards", 1),
            ],
            value=4 if character_count >= 3 else character_count,
            description="Game of",
        )
        self.create_button = widgets.Button(
            description="Create hero",
            button_style="primary",
            tooltip="Build the hero with these attributes (and the starting hand, if drawn)",
        )
        self.seed_input = widgets.IntText(value=seed, description="Seed")
        self.draw_button = widgets.Button(
            description="Draw starting loot",
            tooltip="Deal the starting hand from the shuffled loot deck, fixed by the seed",
        )
        self.replace_box = widgets.Checkbox(
            value=replace_traps,
            description="Replace traps and events",
            tooltip="Discard traps and events drawn and draw new cards for them",
            indent=False,
            layout=widgets.Layout(width="auto"),
        )
        self.draw_log_html = widgets.HTML()
        self.status_html = widgets.HTML()
        self.sheet = CharacterSheet(None, setup=True)
        """The embedded :class:`CharacterSheet` (setup mode: arranging cards costs no AP)."""

        for part, css in (
            (self.hero_select, "hero"),
            (self.name_input, "name"),
            (self.points_html, "points"),
            (self.derived_html, "derived"),
            (self.error_html, "error"),
            (self.standard_select, "standard"),
            (self.count_select, "count"),
            (self.create_button, "create"),
            (self.seed_input, "seed"),
            (self.draw_button, "draw"),
            (self.replace_box, "replace"),
            (self.draw_log_html, "draw_log"),
            (self.status_html, "status"),
            (self.sheet, "sheet"),
        ):
            part.add_class(CSS_CLASSES[css])

        heading = widgets.HTML(
            "<strong>Build a hero</strong>: start from a premade hero, or spread exactly "
            f"{CREATION_POINTS} points over the six attributes, each from {CREATION_MIN} to "
            f"{CREATION_MAX} (<em>Create Heroes</em>)."
        )
        super().__init__(
            [
                heading,
                widgets.HBox([self.hero_select, self.name_input]),
                widgets.VBox(list(self.sliders.values())),
                self.points_html,
                self.derived_html,
                self.error_html,
                widgets.HBox([self.standard_select, self.count_select]),
                self.create_button,
                widgets.HBox([self.seed_input, self.draw_button, self.replace_box]),
                self.draw_log_html,
                self.status_html,
                self.sheet,
            ],
            **kwargs,
        )
        self.add_class(CSS_CLASSES["root"])

        self.standard_select.value = tuple(self._standard_ids(standard))
        self.hero_select.observe(self._on_hero, names="value")
        self.name_input.observe(self._on_input, names="value")
        for slider in self.sliders.values():
            slider.observe(self._on_attribute, names="value")
        self.standard_select.observe(self._on_input, names="value")
        self.count_select.observe(self._on_input, names="value")
        self.create_button.on_click(self._on_create_click)
        self.draw_button.on_click(self._on_draw_click)

        if hero != CUSTOM:
            self.hero = hero
        if attributes is not None:
            self.attributes = attributes
        if name is not None:
            self.name_input.value = name
        self.refresh()

    # -- reading the inputs ---------------------------------------------------------------------

    def _standard_ids(self, ids: Iterable[str]) -> list[str]:
        chosen = []
        for card_id in ids:
            card = self.pack.item(card_id)
            if not card.standard:
                raise DoriaError(f"The {card.name} is not a Standard Item.")
            chosen.append(card.id)
        return chosen

    @property
    def hero(self) -> str:
        """``"custom"`` or the id of the premade hero the builder starts from."""
        return self.hero_select.value

    @hero.setter
    def hero(self, value: str) -> None:
        wanted = str(value).strip()
        for template in self.pack.heroes:
            if wanted.lower() in (template.id, template.name.lower()):
                wanted = template.id
                break
        else:
            if wanted.lower() != CUSTOM:
                self.pack.hero(wanted)  # raises UnknownContentError with a suggestion
            wanted = CUSTOM
        self.hero_select.value = wanted

    @property
    def template(self) -> HeroTemplate | None:
        """The premade hero chosen, or ``None`` for a custom hero."""
        return None if self.hero == CUSTOM else self.pack.hero(self.hero)

    @property
    def name(self) -> str:
        return self.name_input.value.strip()

    @property
    def attributes(self) -> dict[str, int]:
        """The six attribute values set in the view, e.g. ``{"STR": 9, ...}``."""
        return {key: slider.value for key, slider in self.sliders.items()}

    @attributes.setter
    def attributes(self, values: Mapping[str, int] | Attributes) -> None:
        if isinstance(values, Attributes):
            values = values.as_dict()
        read = {str(key).upper(): value for key, value in values.items()}
        unknown = sorted(set(read) - set(self.sliders))
        if unknown:
            names = ", ".join(self.sliders)
            raise DoriaError(f"{', '.join(unknown)}: not an attribute; use {names}.")
        for key, value in read.items():
            if not isinstance(value, int) or isinstance(value, bool):
                raise DoriaError(f"{key} must be a whole number, not {value!r}.")
            if not CREATION_MIN <= value <= CREATION_MAX:
                raise HeroCreationError(
                    f"{key} {value} is outside {CREATION_MIN} to {CREATION_MAX}, the range of "
                    "an attribute at creation (Create Heroes)."
                )
        self._syncing = True
        try:
            for key, value in read.items():
                self.sliders[key].value = value
        finally:
            self._syncing = False
        self._on_attribute({})

    @property
    def points(self) -> int:
        """Points spent on the six attributes."""
        return sum(self.attributes.values())

    @property
    def character_count(self) -> int:
        return self.count_select.value

    @property
    def seed(self) -> int:
        return self.seed_input.value

    @property
    def errors(self) -> list[str]:
        """What stops the hero from being created, in the engine's words (empty when valid)."""
        errors = []
        if not self.name:
            errors.append("Give the hero a name.")
        if self.template is None:
            verdict = check_creation(self.attributes)
            if not verdict:
                errors.append(verdict.reason)
        return errors

    def created_hero(self) -> Any:
        """The custom hero in the view as a
        :class:`~doria_nb.engine.campaign.created.CreatedHero` for a Campaign Sheet: its name,
        its 50 points and the extra Standard Items chosen. Refused in words for a premade hero
        (it goes on a sheet by its id) or an allocation *Create Heroes* does not allow."""
        from doria_nb.engine.campaign.created import CreatedHero

        if self.template is not None:
            raise HeroCreationError(
                f"The {self.template.name} is a premade hero: choose it by name for a campaign; "
                "a created hero is a custom one."
            )
        errors = self.errors
        if errors:
            raise HeroCreationError(" ".join(errors))
        return CreatedHero(self.name, self.attributes, tuple(self.standard_select.value))

    # -- reacting -------------------------------------------------------------------------------

    def _on_hero(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        template = self.template
        old = change.get("old")
        self._syncing = True
        try:
            if template is not None:
                for key, value in template.attributes.as_dict().items():
                    self.sliders[key].value = value
                self.name_input.value = template.name
            elif self.name in {t.name for t in self.pack.heroes}:
                self.name_input.value = CUSTOM_NAME
        finally:
            self._syncing = False
        if old != change.get("new"):
            self._forget_hand()
        self.refresh()

    def _on_attribute(self, _change: dict[str, Any]) -> None:
        if self._syncing:
            return
        template = self.template
        if template is not None and self.attributes != template.attributes.as_dict():
            # A premade hero with other attributes is a custom hero (Create Heroes).
            self._syncing = True
            try:
                self.hero_select.value = CUSTOM
                if self.name == template.name:
                    self.name_input.value = CUSTOM_NAME
            finally:
                self._syncing = False
            self._forget_hand(f"The attributes differ from the {template.name}'s now: ")
        self.refresh()

    def _on_input(self, _change: dict[str, Any]) -> None:
        if not self._syncing:
            self.refresh()

    def _forget_hand(self, why: str = "") -> None:
        if self.hand is not None:
            self.hand, self.refills, self.hand_seed = None, [], None
            self._note = (
                f"{_capital(why)}the starting hand drawn for the last hero was put back; draw "
                "again."
            )
            self._status(self._note, warn=True)
            self.draw_log_html.value = ""

    def refresh(self) -> None:
        """Recompute points, calculated values and errors from the inputs."""
        values = self.attributes
        total = sum(values.values())
        if total == CREATION_POINTS:
            mark = "✔"
            rest = "all points spent"
        elif total < CREATION_POINTS:
            mark = "✖"
            rest = f"{CREATION_POINTS - total} left to spend"
        else:
            mark = "✖"
            rest = f"{total - CREATION_POINTS} too many"
        self.points_html.value = (
            f'<div class="doria-points-body" aria-live="polite">{mark} Points used: '
            f"<strong>{total} / {CREATION_POINTS}</strong> ({rest})</div>"
        )
        attributes = Attributes(**values)
        rows = "".join(
            f"<li><strong>{abbreviation}</strong> ({_escape(full)}): "
            f"<code>{_escape(formula_text(attributes, key))}</code></li>"
            for key, abbreviation, full, _, _ in DERIVED
        )
        skills = "".join(
            f"<li>{_escape(skill_text(skill, attributes))}</li>"
            for skill in (self.pack.dodge, self.pack.psi_resistance)
        )
        self.derived_html.value = (
            '<div class="doria-derived-body"><p>Calculated values (before equipment):</p>'
            f"<ul>{rows}</ul><p>Skills:</p><ul>{skills}</ul></div>"
        )
        errors = self.errors
        self._show_errors(errors)
        self.create_button.disabled = bool(errors)
        if self.character is not None and self._stale():
            note = f"{_escape(self._note)} " if self._note else ""
            self._status(
                f"{note}The sheet below shows {_escape(self.character.name)} as created; "
                "press <em>Create hero</em> to apply the new choices.",
                warn=True,
                escaped=True,
            )
        self._note = ""

    def _show_errors(self, errors: list[str], heading: str = "Cannot create this hero") -> None:
        if not errors:
            self.error_html.value = ""
            return
        lines = "".join(f"<li>{_escape(error)}</li>" for error in errors)
        self.error_html.value = (
            f'<div class="doria-builder-error-body" role="alert"><strong>⚠ {heading}:'
            f"</strong><ul>{lines}</ul></div>"
        )

    def _status(self, text: str, *, warn: bool = False, escaped: bool = False) -> None:
        body = text if escaped else _escape(text)
        mark = "⚠ " if warn else ""
        self.status_html.value = (
            f'<div class="doria-builder-status-body" role="status">{mark}{body}</div>'
        )

    def _fingerprint(self) -> tuple[str, tuple[tuple[str, int], ...], str]:
        return (self.hero, tuple(sorted(self.attributes.items())), self.name)

    def _stale(self) -> bool:
        return self._built_from is not None and self._built_from != self._fingerprint()

    # -- creating -------------------------------------------------------------------------------

    def _hand_cards(self) -> tuple[ItemCard, ...]:
        """The cards the new hero starts with: the drawn hand, or the Standard Items."""
        if self.hand is not None:
            return self.hand.cards
        standard = [self.pack.item(card_id) for card_id in self.standard_select.value]
        template = self.template
        if template is not None:
            return (*template.standard_items, *standard)
        return tuple(standard)

    def create(self) -> Character:
        """Build the hero and show it in the sheet; raises :class:`HeroCreationError` (with
        the message shown in the view) when the allocation or the name is not valid."""
        errors = self.errors
        if errors:
            self._show_errors(errors)
            raise HeroCreationError(" ".join(errors))
        cards = self._hand_cards()
        carried = tuple(card for card in cards if card.is_equipment)
        left_out = [card for card in cards if not card.is_equipment]
        mat = Mat().with_backpack(*carried)
        template = self.template
        pack = self.pack
        if template is not None:
            character = Character(
                self.name,
                template.attributes,
                mat=mat,
                template=template,
                dodge=pack.dodge,
                psi_resistance=pack.psi_resistance,
            )
        else:
            character = Character.custom(
                self.name,
                self.attributes,
                options=self.options,
                mat=mat,
                dodge=pack.dodge,
                psi_resistance=pack.psi_resistance,
            )
        self.character = character
        self._built_from = self._fingerprint()
        self.sheet.character = character
        where = "its starting hand" if self.hand is not None else "its Standard Items"
        note = (
            f" Kept {', '.join(_card_words(c) for c in left_out)}: not placed on the mat."
            if left_out
            else ""
        )
        maximum = character.maximum
        self._status(
            f"Created {character.name}: HP {maximum.hp}, IP {maximum.ip}, PP {maximum.pp}. "
            f"{len(carried)} card{'s' if len(carried) != 1 else ''} of {where} "
            f"{'are' if len(carried) != 1 else 'is'} in the Backpack: select a card to equip "
            f"it; at setup this costs no AP (Preparing Characters).{note}"
        )
        return character

    def _on_create_click(self, _button: widgets.Button) -> None:
        with contextlib.suppress(DoriaError):  # the message is already in the view
            self.create()

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, seed: int | None = None, *, replace_traps: bool | None = None) -> StartingHand:
        """Deal the starting hand with ``Chance.seeded(seed)`` (the seed field when ``None``):
        a premade hero's Standard Items (+ the extra ones chosen) and Loot Cards up to the hand
        size; a custom hero's chosen Standard Items and Loot Cards up to the limit. Traps and
        events drawn are discarded and replaced (unless ``replace_traps`` is false). If the
        allocation is valid, the hero is (re)built with the hand; returns the hand."""
        if seed is not None:
            self.seed_input.value = int(seed)
        if replace_traps is not None:
            self.replace_box.value = bool(replace_traps)
        seed = self.seed
        pile = LootPile.of(self.pack, Chance.seeded(seed))
        extra = [self.pack.item(card_id) for card_id in self.standard_select.value]
        template = self.template
        try:
            if template is not None:
                hand = deal_premade(
                    template, pile, self.character_count, extra_standard=extra, who=self.name
                )
            else:
                hand = deal_custom(
                    self.name or CUSTOM_NAME,
                    pile,
                    self.character_count,
                    standard=extra,
                    options=self.options,
                )
        except DoriaError as error:
            self._show_errors([str(error)], "Cannot draw this hand")
            raise
        refills: list[tuple[tuple[ItemCard, ...], tuple[ItemCard, ...]]] = []
        if self.replace_box.value:
            for _ in range(MAX_REFILL_ROUNDS):
                positions = default_replacements(hand)
                if not positions or len(pile) < len(positions):
                    break
                discarded = tuple(hand.cards[i] for i in positions)
                hand = hand.replace(positions, pile)
                refills.append((discarded, hand.cards[len(hand.cards) - len(positions) :]))
        self.hand, self.refills, self.hand_seed = hand, refills, seed
        self.draw_log_html.value = self._draw_log(hand, refills, seed)
        errors = self.errors
        if errors:
            self._show_errors(errors)
            self._status(
                "The starting hand is drawn (Create Heroes allows drawing first). Finish the "
                "allocation and press Create hero.",
                warn=True,
            )
        else:
            self.create()
        return hand

    def _on_draw_click(self, _button: widgets.Button) -> None:
        with contextlib.suppress(DoriaError):  # the message is already in the view
            self.draw()

    def _draw_log(
        self,
        hand: StartingHand,
        refills: list[tuple[tuple[ItemCard, ...], tuple[ItemCard, ...]]],
        seed: int,
    ) -> str:
        cards = "".join(f"<li>{_escape(_card_words(card))}</li>" for card in hand.cards)
        rule = (
            "custom heroes start with at most this many cards"
            if hand.custom
            else "Standard Items first, then Loot Cards"
        )
        parts = [
            f"<p><strong>Starting hand</strong> (seed {seed}, {len(hand.cards)} of "
            f"{hand.size} cards; {rule}):</p><ol>{cards}</ol>"
        ]
        if refills:
            lines = "".join(
                f"<li>discarded {_escape(', '.join(_card_words(c) for c in out))} → drew "
                f"{_escape(', '.join(_card_words(c) for c in drawn))}</li>"
                for out, drawn in refills
            )
            parts.append(f"<p>Traps and events discarded and refilled:</p><ul>{lines}</ul>")
        else:
            parts.append("<p>No trap or event to discard.</p>")
        if hand.traps:
            rewards = first_phase_h_rewards([hand])
            parts.append(
                f"<p>Kept traps pay {rewards.gold} gold and {rewards.xp} XP to the group in the "
                "first Phase H.</p>"
            )
        return f'<div class="doria-draw-log-body">{"".join(parts)}</div>'


__all__ = ["CSS_CLASSES", "CUSTOM", "HeroBuilder"]
