"""The setup part of the combat resolver's view: who fights, the attack or the defense,
*hindered* and the optional rules, as plain ipywidgets drawn from the model.

:meth:`SetupPart.render` refills the lists from the model as it is now (an item damaged by a
fumble leaves the attack list; a monster's magic attack turns the defense list into psi
resistance); the view turns a change of a control into the model's intent.
"""

from __future__ import annotations

import ipywidgets as widgets

from doria_nb.engine.options import RulesOptions
from doria_nb.ui.combat_resolver.css import CSS_CLASSES, classed_by_name
from doria_nb.ui.combat_resolver.model import LEVELS, ResolverModel

__all__ = ["HERO", "MONSTER", "SetupPart"]

HERO, MONSTER = "hero", "monster"
"""The values of the direction buttons: the hero attacks, or the monster does."""
_WIDE = {"description_width": "initial"}


def _auto() -> widgets.Layout:
    """A layout as wide as its content (one per control: layouts are widgets)."""
    return widgets.Layout(width="auto")


class SetupPart:
    """The setup controls, preset from ``model``."""

    WIDGETS = (
        "hero_select",
        "monster_select",
        "level_select",
        "direction",
        "attack_select",
        "element_select",
        "defense_select",
        "hindered_box",
        "no_fumbles_box",
        "dice_rolling_box",
        "critical_fail_box",
    )
    """The names of the part's controls (the view shows them under the same names)."""

    def __init__(self, model: ResolverModel) -> None:
        self.hero_select = widgets.Dropdown(
            options=model.hero_choices(), value=model.hero_id, description="Hero"
        )
        self.monster_select = widgets.Dropdown(
            options=model.monster_choices(), value=model.monster_id, description="Monster"
        )
        self.level_select = widgets.Dropdown(
            options=list(LEVELS), value=model.level, description="Monster Level", style=_WIDE
        )
        self.direction = widgets.ToggleButtons(
            options=[("Hero attacks monster", HERO), ("Monster attacks hero", MONSTER)],
            value=MONSTER if model.monster_attacks else HERO,
            description="Attack",
            style={"button_width": "auto"},
        )
        self.attack_select = widgets.Dropdown(
            description="Attack with", style=_WIDE, layout=widgets.Layout(width="34em")
        )
        self.element_select = widgets.Dropdown(description="Element", style=_WIDE)
        self.defense_select = widgets.Dropdown(
            description="Defend with", style=_WIDE, layout=widgets.Layout(width="24em")
        )
        self.hindered_box = widgets.Checkbox(
            value=model.hindered,
            description="Hindered: the attack crosses a Blue Solid Line (+1D to the defender)",
            indent=False,
            layout=widgets.Layout(width="auto"),
        )
        rules = model.rules
        self.no_fumbles_box = widgets.Checkbox(
            value=rules.no_fumbles, description="No Fumbles", indent=False, layout=_auto()
        )
        self.dice_rolling_box = widgets.Checkbox(
            value=rules.dice_rolling, description="Dice Rolling", indent=False, layout=_auto()
        )
        self.critical_fail_box = widgets.Checkbox(
            value=rules.critical_fail, description="Critical Fail", indent=False, layout=_auto()
        )
        classed_by_name(self)
        self.direction.add_class(CSS_CLASSES["direction"])

    def children(self) -> list[widgets.Widget]:
        """The rows of the part, top to bottom."""
        return [
            widgets.HBox([self.hero_select, self.monster_select, self.level_select]),
            self.direction,
            widgets.HBox([self.attack_select, self.element_select, self.defense_select]),
            self.hindered_box,
            widgets.HBox(
                [
                    widgets.Label("Optional rules:"),
                    self.no_fumbles_box,
                    self.dice_rolling_box,
                    self.critical_fail_box,
                ]
            ),
        ]

    def rules(self) -> RulesOptions:
        """The optional rules ticked."""
        return RulesOptions(
            no_fumbles=self.no_fumbles_box.value,
            dice_rolling=self.dice_rolling_box.value,
            critical_fail=self.critical_fail_box.value,
        )

    def render(self, model: ResolverModel) -> None:
        """Show the model's setup: the picks, and the lists as the fighters are now."""
        self.hero_select.value = model.hero_id
        self.monster_select.value = model.monster_id
        self.level_select.value = model.level
        self.direction.value = MONSTER if model.monster_attacks else HERO
        self.attack_select.options = [(o.label, i) for i, o in enumerate(model.attack_options())]
        self.attack_select.value = model.attack_index
        self.element_select.options = model.element_choices()
        self.element_select.value = model.element
        choice = model.defense_choice()
        self.defense_select.options = [(o.label, o.key) for o in choice.options] if choice else []
        self.defense_select.value = model.defense
        self.hindered_box.value = model.hindered
        self.no_fumbles_box.value = model.rules.no_fumbles
        self.dice_rolling_box.value = model.rules.dice_rolling
        self.critical_fail_box.value = model.rules.critical_fail
        hero = not model.monster_attacks
        option = model.attack_option()
        elements = option.elements if option else ()
        self.attack_select.layout.display = None if hero else "none"
        self.element_select.layout.display = None if hero and elements else "none"
        self.defense_select.layout.display = None if not hero else "none"
        board = model.situation is not None
        self.hindered_box.disabled = self.direction.disabled = board
