"""The play table's side panels, each a small ipywidgets box over the :class:`TableModel`:

* :class:`QuestionPanel` — the question waiting, its options (the default pre-selected), Answer;
* :class:`ActionPanel` — every kind of input of the acting hero: pick a kind, pick an offer
  (or type a number of AP), Do it; an attack shows its exact odds first;
* :class:`ShopPanel` — Phase I: the three slots, the pooled payment from every hero's cards,
  who receives each card and where, Buy / Discard / Trap Shop / Done / Let the bots shop.

Each panel has ``box`` (the widget), ``refresh(model)`` (draw the model as it is) and calls
``act(callable)`` — the view's guard, which runs an intent of the model, shows its message and
redraws everything — when a button is pressed. Every control carries a stable CSS class
(:data:`CSS`) for browser tests and styling; every control is a plain, keyboard-usable widget.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from doria_nb.engine.health import MAX_ACTION_POINTS
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.places import location_key
from doria_nb.ui.play_table.model import TableModel
from doria_nb.ui.play_table.offers import HERO_KINDS, KINDS, Offer

__all__ = ["CSS", "ActionPanel", "QuestionPanel", "ShopPanel"]

CSS = {
    "question": "doria-play-question",
    "question_text": "doria-play-question-text",
    "question_options": "doria-play-question-options",
    "answer": "doria-play-answer",
    "actions": "doria-play-actions",
    "kind": "doria-play-kind",
    "offers": "doria-play-offers",
    "amount": "doria-play-amount",
    "do": "doria-play-do",
    "detail": "doria-play-detail",
    "jump": "doria-play-jump",
    "shop": "doria-play-shop",
    "shop_slots": "doria-play-shop-slots",
    "payment": "doria-play-payment",
    "buy": "doria-play-buy",
    "discard": "doria-play-discard",
    "done": "doria-play-done",
    "bots_shop": "doria-play-bots-shop",
    "shop_text": "doria-play-shop-text",
    "join": "doria-play-join",
    "receiver": "doria-play-receiver",
    "place": "doria-play-place",
}

Act = Callable[[Callable[[], str]], None]

_FULL = widgets.Layout(width="100%")


def _classed(widget: widgets.Widget, key: str) -> widgets.Widget:
    widget.add_class(CSS[key])
    return widget


class QuestionPanel:
    """The question waiting for a person (hidden when none)."""

    def __init__(self, act_: Act, on_choose: Callable[[str], None]) -> None:
        self.text = _classed(widgets.HTML(), "question_text")
        self.options = _classed(
            widgets.RadioButtons(options=[], layout=_FULL, style={"description_width": "0"}),
            "question_options",
        )
        self.answer = _classed(
            widgets.Button(description="Answer", icon="check", button_style="primary"),
            "answer",
        )
        self.box = _classed(widgets.VBox([self.text, self.options, self.answer]), "question")
        self._model: TableModel | None = None
        self._on_choose = on_choose
        self._quiet = False
        self.answer.on_click(lambda _: act_(self._answer))
        self.options.observe(self._changed, "value")

    def _changed(self, change: dict[str, Any]) -> None:
        if not self._quiet and change["new"] is not None:
            self._on_choose(str(change["new"]))

    def _answer(self) -> str:
        assert self._model is not None
        return self._model.answer(str(self.options.value))

    def refresh(self, model: TableModel) -> None:
        self._model = model
        waiting = model.waiting
        if waiting.kind != "question" or waiting.choice is None:
            self.box.layout.display = "none"
            return
        choice = waiting.choice
        who = model.game.state.heroes[waiting.answerer].name if waiting.answerer else "The players"
        self.text.value = (
            f"<p><b>{escape(who)} decide{'s' if waiting.answerer else ''}:</b> "
            f"{escape(choice.question)}<br><small>Rulebook: <i>{escape(str(choice.rule))}</i>. "
            "The default answer is selected; press Answer to keep it.</small></p>"
        )
        options = [
            (f"{n}. {o.label}{'  (default)' if o.key == waiting.default else ''}", o.key)
            for n, o in enumerate(choice.options, start=1)
        ]
        self._quiet = True
        if list(self.options.options) != options:
            self.options.options = options
        self.options.value = model.chosen_answer
        self._quiet = False
        self.box.layout.display = ""


class ActionPanel:
    """The acting hero's inputs, by kind (hidden when no person hero may act)."""

    def __init__(self, act_: Act, on_offer: Callable[[Offer | None], None]) -> None:
        self.kind = _classed(widgets.Dropdown(options=[], description="What", layout=_FULL), "kind")
        self.offers = _classed(
            widgets.Select(options=[], rows=8, description="Which", layout=_FULL), "offers"
        )
        self.amount = _classed(
            widgets.BoundedIntText(value=1, min=1, max=MAX_ACTION_POINTS, description="AP"),
            "amount",
        )
        self.do = _classed(
            widgets.Button(description="Do it", icon="play", button_style="success"), "do"
        )
        self.jump = _classed(
            widgets.Dropdown(
                options=[("any jump", -1), ("no jumps", 0)]
                + [(f"{n} square{'s' * (n > 1)} (TN {10 * n})", n) for n in range(1, 5)],
                value=-1,
                description="Longest jump",
                style={"description_width": "initial"},
            ),
            "jump",
        )
        self.detail = _classed(widgets.HTML(), "detail")
        self.box = _classed(
            widgets.VBox([self.kind, self.offers, self.amount, self.jump, self.do, self.detail]),
            "actions",
        )
        self._model: TableModel | None = None
        self._offers: list[Offer] = []
        self._on_offer = on_offer
        self._quiet = False
        self.kind.observe(lambda _: self._kind_changed(), "value")
        self.offers.observe(lambda _: self._offer_changed(), "value")
        self.do.on_click(lambda _: act_(self._do))
        self.jump.observe(lambda change: self._jump(act_, change["new"]), "value")

    def _jump(self, act_: Act, value: int) -> None:
        if not self._quiet and self._model is not None:
            model = self._model
            act_(lambda: model.set_max_jump(None if value < 0 else int(value)))

    @property
    def chosen(self) -> Offer | None:
        index = self.offers.index
        if index is None or not (0 <= index < len(self._offers)):
            return None
        return self._offers[index]

    def _action(self) -> act.Action | None:
        offer = self.chosen
        if offer is None:
            return None
        action = offer.action
        if isinstance(action, act.Wait):
            return act.Wait(action.who, int(self.amount.value))
        if isinstance(action, act.Revive):
            return act.Revive(action.who, action.target, int(self.amount.value))
        return action

    def _do(self) -> str:
        assert self._model is not None
        action = self._action()
        if action is None:
            return self._model._refuse("Pick what to do in the list first.")
        return self._model.take(action)

    def choose(self, kind: str, action: act.Action | None = None) -> None:
        """Show the offers of ``kind`` (and pick ``action`` among them, if it is there)."""
        if kind in [v for _, v in self.kind.options]:
            self.kind.value = kind
        if action is not None:
            for i, offer in enumerate(self._offers):
                if offer.action == action:
                    self.offers.index = i

    def _kind_changed(self) -> None:
        if self._quiet or self._model is None:
            return
        self._fill(str(self.kind.value) if self.kind.value else "")

    def _fill(self, kind: str) -> None:
        assert self._model is not None
        self._offers = self._model.offers(kind) if kind else []
        self._quiet = True
        self.offers.options = [(o.label, i) for i, o in enumerate(self._offers)]
        self.offers.index = 0 if self._offers else None
        self._quiet = False
        self._offer_changed()

    def _offer_changed(self) -> None:
        if self._quiet or self._model is None:
            return
        offer = self.chosen
        self.amount.layout.display = (
            "" if offer is not None and isinstance(offer.action, (act.Wait, act.Revive)) else "none"
        )
        model = self._model
        if offer is not None and isinstance(offer.action, act.Wait):
            seat = model.game.state.heroes[offer.action.who]
            self.amount.max = max(seat.ap, 1)
            self.amount.value = min(max(offer.action.ap, 1), self.amount.max)
        if offer is not None and isinstance(offer.action, act.Revive):
            others = [o for o in self._offers if isinstance(o.action, act.Revive)]
            self.amount.min = min(o.action.ap for o in others)  # type: ignore[attr-defined]
            self.amount.max = max(o.action.ap for o in others)  # type: ignore[attr-defined]
            self.amount.value = offer.action.ap
        detail = ""
        if offer is not None:
            detail = offer.detail
            if isinstance(offer.action, act.Attack):
                preview = model.preview(offer.action)
                if preview is not None:
                    detail = preview.explain()
        self.detail.value = f"<small>{escape(detail)}</small>" if detail else ""
        self._on_offer(offer)

    def refresh(self, model: TableModel) -> None:
        self._model = model
        who = model.acting
        if who is None:
            self.box.layout.display = "none"
            return
        self.box.layout.display = ""
        self._quiet = True
        self.jump.value = -1 if model.max_jump is None else model.max_jump
        self._quiet = False
        counts = []
        for kind in HERO_KINDS:
            found = model.offers(kind)
            if found:
                counts.append((f"{KINDS[kind].title} ({len(found)})", kind))
        previous = self.kind.value
        self._quiet = True
        self.kind.options = counts
        keys = [k for _, k in counts]
        self.kind.value = previous if previous in keys else (keys[0] if keys else None)
        self._quiet = False
        self._fill(str(self.kind.value) if self.kind.value else "")


def _gold(card: Any, damaged: bool) -> int:
    return max(int(card.gold or 0) - (1 if damaged else 0), 0)


class ShopPanel:
    """Phase I at the table (hidden in every other phase)."""

    def __init__(self, act_: Act) -> None:
        self.text = _classed(widgets.HTML(), "shop_text")
        self.slots = _classed(
            widgets.SelectMultiple(options=[], rows=3, description="Shop", layout=_FULL),
            "shop_slots",
        )
        self.payment = _classed(
            widgets.SelectMultiple(options=[], rows=6, description="Pay with", layout=_FULL),
            "payment",
        )
        self.receiver = _classed(widgets.Dropdown(options=[], description="Receives"), "receiver")
        self.place = widgets.Dropdown(
            options=[
                ("where it fits best", ""),
                ("Body", "body"),
                ("Belt", "belt"),
                ("Backpack", "backpack"),
            ],
            description="Place",
        )
        self.place.add_class(CSS["place"])
        self.buy = _classed(widgets.Button(description="Buy", icon="shopping-cart"), "buy")
        self.discard = _classed(widgets.Button(description="Discard", icon="trash"), "discard")
        self.clear_trap = widgets.Button(description="Trap: Doom step", icon="bolt")
        self.done = _classed(
            widgets.Button(description="Done", icon="check", button_style="primary"), "done"
        )
        self.bots = _classed(widgets.Button(description="Let the bots shop"), "bots_shop")
        self.joiner = widgets.Dropdown(options=[], description="New hero")
        self.join = _classed(widgets.Button(description="Join", icon="user-plus"), "join")
        self.box = _classed(
            widgets.VBox(
                [
                    self.text,
                    self.slots,
                    self.payment,
                    widgets.HBox([self.receiver, self.place]),
                    widgets.HBox([self.buy, self.discard, self.clear_trap]),
                    widgets.HBox([self.done, self.bots]),
                    widgets.HBox([self.joiner, self.join]),
                ]
            ),
            "shop",
        )
        self._model: TableModel | None = None
        self.buy.on_click(lambda _: act_(self._buy))
        self.discard.on_click(lambda _: act_(self._discard))
        self.clear_trap.on_click(lambda _: act_(self._clear_trap))
        self.done.on_click(lambda _: act_(lambda: self._model.take(act.EndPhase(""))))  # type: ignore[union-attr]
        self.bots.on_click(lambda _: act_(lambda: self._model.play_bots_now()))  # type: ignore[union-attr]
        self.join.on_click(
            lambda _: act_(lambda: self._model.take(act.Join("", str(self.joiner.value or ""))))  # type: ignore[union-attr]
        )
        self.slots.observe(lambda _: self._summary(), "value")
        self.payment.observe(lambda _: self._summary(), "value")

    def buy_action(self) -> act.Buy:
        """The purchase the controls describe."""
        slots = tuple(int(s) for s in self.slots.value)
        receiver = str(self.receiver.value or "")
        return act.Buy(
            "",
            slots,
            tuple(str(p) for p in self.payment.value),
            tuple(receiver for _ in slots) if receiver else (),
            tuple(str(self.place.value) for _ in slots) if receiver else (),
        )

    def _buy(self) -> str:
        assert self._model is not None
        return self._model.take(self.buy_action())

    def _discard(self) -> str:
        assert self._model is not None
        return self._model.take(act.Discard("", tuple(int(s) for s in self.slots.value)))

    def _clear_trap(self) -> str:
        assert self._model is not None
        slots = tuple(int(s) for s in self.slots.value)
        if len(slots) != 1:
            return self._model._refuse("Pick the one trap slot to clear.")
        return self._model.take(act.ClearTrap("", slots[0]))

    def _summary(self) -> None:
        model = self._model
        if model is None or model.game.state.shop is None:
            return
        shop = model.game.state.shop
        price = sum(
            int(shop.slots[int(s)].gold or 0) for s in self.slots.value if shop.slots[int(s)]
        )
        paid = 0
        for key in self.payment.value:
            letter, _, place = str(key).partition(":")
            from doria_nb.engine.table.places import parse_location

            held = model.game.state.heroes[letter].character.mat.at(parse_location(place))
            paid += _gold(held.card, held.damaged)
        verdict = model.game.can(self.buy_action()) if self.slots.value else None
        why = "" if verdict is None or verdict else f" — {escape(verdict.reason)}"
        self.text.value = (
            "<p><b>Phase I: the dimension shop.</b> Pick shop cards and the cards that pay for "
            f"them (gold for gold, no change given). Price {price} gold, paid {paid} gold"
            f"{why}</p>"
        )

    def refresh(self, model: TableModel) -> None:
        self._model = model
        if model.waiting.kind != "shop":
            self.box.layout.display = "none"
            return
        self.box.layout.display = ""
        state = model.game.state
        self.slots.options = [
            (f"{i + 1}. {card.name} ({card.gold or 0} gold, {card.type})", i)
            for i, card in enumerate(state.shop.slots)
            if card is not None
        ]
        payments = []
        for letter, seat in state.heroes.items():
            for location, held in seat.character.mat.locations():
                gold = _gold(held.card, held.damaged)
                if gold:
                    payments.append(
                        (
                            f"{seat.name}: {held.card.name} ({gold} gold, "
                            f"{location_key(location)})",
                            f"{letter}:{location_key(location)}",
                        )
                    )
        self.payment.options = payments
        self.receiver.options = [("nobody (traps only)", "")] + [
            (seat.name, letter)
            for letter, seat in state.heroes.items()
            if not state.unconscious(letter)
        ]
        self.clear_trap.layout.display = "" if model.game.setup.options.trap_shop else "none"
        joining = [(o.label, o.action.hero) for o in model.offers("join")]  # type: ignore[attr-defined]
        self.joiner.options = joining
        self.join.disabled = not joining
        self._summary()
