"""A catalogue of every card in a content pack: filter, pick one, read all it says.

The book promises that every hero and every card can be inspected. :func:`card_facts` turns a
card into labelled facts in plain words (used by the widget and by checked notebook cells);
:class:`CardBrowser` lists the pack's cards by type and shows the facts of the one picked,
with which premade heroes meet its requirements.

>>> from doria_nb.content import starter_pack
>>> facts = dict(card_facts(starter_pack().item("longsword")))
>>> facts["Attack"]
'melee 3D+5, damage 2'
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets

from doria_nb.engine.cards import CardType, ContentPack, ItemCard

ALL = "all cards"
STANDARD = "standard items"
FILTERS: tuple[str, ...] = (ALL, STANDARD, *(kind.value for kind in CardType))


def card_facts(card: ItemCard) -> list[tuple[str, str]]:
    """The card's printed values as ``(label, text)`` pairs, only those it has."""
    facts: list[tuple[str, str]] = [("Type", card.type.value)]
    if card.standard:
        facts.append(("Deck", "Standard Item (not in the loot decks)"))
    elif card.copies > 1:
        facts.append(("Copies", f"{card.copies} in the loot decks"))
    if card.zone is not None:
        facts.append(("Zone", card.zone.value))
    if card.is_equipment:
        facts.append(("AP", f"{card.ap} to use or repair"))
    if card.requirements:
        facts.append(("Requirements", str(card.requirements)))
    if card.enchanted:
        facts.append(("Enchanted", "yes"))
    if card.set:
        facts.append(("Set", card.set))
    if card.category:
        facts.append(("Category", card.category))
    if card.range is not None:
        facts.append(("Range", str(card.range)))
    if card.pp:
        facts.append(("Psi Points", str(card.pp)))
    for attack in card.attacks:
        facts.append(("Attack", str(attack)))
    if card.defense is not None:
        facts.append(("Defense", str(card.defense)))
    if card.psi_resistance is not None:
        facts.append(("Psi Resistance", str(card.psi_resistance)))
    if card.bonuses:
        shown = ", ".join(
            f"{name.replace('_', ' ')} {value:+d}"
            for name, value in (
                ("melee", card.bonuses.melee),
                ("ranged", card.bonuses.ranged),
                ("magic", card.bonuses.magic),
                ("defense", card.bonuses.defense),
                ("psi_resistance", card.bonuses.psi_resistance),
                ("HP", card.bonuses.hp),
                ("IP", card.bonuses.ip),
                ("PP", card.bonuses.pp),
            )
            if value
        )
        facts.append(("Bonuses", shown))
    if card.armor:
        facts.append(("Armor Rating", f"AR {card.armor}"))
    if card.vulnerable:
        facts.append(("Vulnerable to", ", ".join(e.value for e in card.vulnerable)))
    if card.elements:
        facts.append(("Enchantments", ", ".join(e.value for e in card.elements)))
    if card.check is not None:
        facts.append(("Check", str(card.check)))
    if card.trap is not None:
        trap = card.trap
        parts = [f"{trap.kind.value} trap"]
        if trap.check is not None:
            parts.append(f"avoid or disarm with {trap.check}")
        if trap.damage:
            parts.append(f"damage {trap.damage}")
        if trap.poison:
            parts.append(f"{trap.poison} poison")
        if trap.places is not None:
            parts.append(f"places {trap.places.value.replace('_', ' ')}")
        if trap.xp:
            parts.append(f"{trap.xp} XP")
        facts.append(("Trap", "; ".join(parts)))
    if card.effect is not None:
        facts.append(("Effect", card.effect.name.replace("_", " ")))
    facts.append(("Gold", f"{card.gold}" if card.gold else "none"))
    if card.text:
        facts.append(("Text", card.text))
    return facts


def who_can_equip(card: ItemCard, pack: ContentPack) -> list[tuple[str, str]]:
    """For each premade hero: ``(name, "yes")`` or ``(name, the reason it cannot)``."""
    answers = []
    for hero in pack.heroes:
        reason = card.requirements.explain(
            f"Equipping the {card.name}", f"the {hero.name}", hero.attributes
        )
        answers.append((hero.name, reason or "yes"))
    return answers


def cards_for(pack: ContentPack, choice: str) -> list[ItemCard]:
    """The pack's cards under the filter ``choice`` (one of :data:`FILTERS`), by name."""
    if choice not in FILTERS:
        raise ValueError(f"Unknown filter {choice!r}; choose one of {', '.join(FILTERS)}.")
    if choice == ALL:
        chosen: Sequence[ItemCard] = pack.items
    elif choice == STANDARD:
        chosen = [card for card in pack.items if card.standard]
    else:
        chosen = [card for card in pack.items if card.type.value == choice and not card.standard]
    return sorted(chosen, key=lambda card: card.name)


class CardBrowser(widgets.VBox):
    """Every card of a pack: a filter, a keyboard-friendly list, and the chosen card's facts."""

    def __init__(
        self, pack: ContentPack | None = None, *, card: str | None = None, **kwargs: object
    ) -> None:
        if pack is None:
            from doria_nb.content import starter_pack

            pack = starter_pack()
        self.pack = pack
        self.filter = widgets.Dropdown(options=list(FILTERS), value=ALL, description="Show")
        self.cards = widgets.Select(rows=12, layout=widgets.Layout(width="18em"))
        self.details = widgets.HTML()
        self.count = widgets.HTML()
        for widget, css in (
            (self.filter, "doria-card-filter"),
            (self.cards, "doria-card-list"),
            (self.details, "doria-card-details"),
            (self.count, "doria-card-count"),
        ):
            widget.add_class(css)
        self.filter.observe(lambda _: self._refill(), names="value")
        self.cards.observe(lambda _: self._show(), names="value")
        super().__init__(
            [widgets.HBox([self.filter, self.count]), widgets.HBox([self.cards, self.details])],
            **kwargs,
        )
        self.add_class("doria-card-browser")
        self._refill()
        if card is not None:
            self.cards.value = pack.item(card).id

    def _refill(self) -> None:
        shown = cards_for(self.pack, self.filter.value)
        self.count.value = f"<span>{len(shown)} cards</span>"
        self.cards.options = [(card.name, card.id) for card in shown]
        self.cards.value = shown[0].id if shown else None
        self._show()

    def _show(self) -> None:
        if self.cards.value is None:
            self.details.value = "<p>No card of this kind in the pack.</p>"
            return
        card = self.pack.item(self.cards.value)
        rows = "".join(
            f"<tr><th style='text-align:left;padding-right:1em'>{html.escape(label)}</th>"
            f"<td>{html.escape(text)}</td></tr>"
            for label, text in card_facts(card)
        )
        heroes = ""
        if card.is_equipment:
            items = "".join(
                f"<li>{'✔' if answer == 'yes' else '✖'} {html.escape(name)}"
                f"{'' if answer == 'yes' else ': ' + html.escape(answer)}</li>"
                for name, answer in who_can_equip(card, self.pack)
            )
            heroes = f"<p><b>Which premade heroes may equip it?</b></p><ul>{items}</ul>"
        self.details.value = (
            f"<h4 style='margin:0'>{html.escape(card.name)}</h4><table>{rows}</table>{heroes}"
        )

    @property
    def selected(self) -> ItemCard | None:
        return None if self.cards.value is None else self.pack.item(self.cards.value)
