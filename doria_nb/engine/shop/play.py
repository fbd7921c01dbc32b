"""The dimension shop in a game: Phase B's refill and Phase I's inputs (buy, discard, clear a
trap, done), checked in full and carried out with :mod:`doria_nb.engine.shop.rules`.

Payments are written ``"letter:place"`` (``"W:backpack 0"``): any card on any hero's mat,
unconscious heroes included (*Phase I*: they may add gold but receive nothing).
"""

from __future__ import annotations

from collections.abc import Callable

from doria_nb.engine.decisions import Choice
from doria_nb.engine.sections import Section
from doria_nb.engine.shop.policy import shop_policy
from doria_nb.engine.shop.records import Payment, ShopError
from doria_nb.engine.shop.rules import (
    can_discard_from_shop,
    can_hand_over,
    can_purchase,
    can_remove_trap,
    collect_payment,
    discard_from_shop,
    end_phase_i,
    hand_over,
    purchase,
    refill_shop,
    remove_trap_with_doom,
    trap_to_trigger,
)
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.events import (
    ShopBought,
    ShopDiscarded,
    ShopRefilled,
    ShopTrapCleared,
)
from doria_nb.engine.table.places import location_key, parse_destination, parse_location
from doria_nb.engine.table.records import IllegalAction, Phase
from doria_nb.engine.table.state import GameState

__all__ = ["carry_out_shop", "refill", "shop_actions", "shop_bot_action", "verify_shop"]

Asker = Callable[[Choice], str]


def refill(state: GameState) -> None:
    """Phase B: fill the empty shop slots from the loot deck."""
    result = refill_shop(state.shop, state.loot, state.chance)
    state.shop, state.loot = result.shop, result.deck
    state.log.append(
        ShopRefilled(
            Section.PHASE_B,
            result.explain(),
            drawn=tuple((slot, card.id) for slot, card in result.drawn),
            reshuffled=result.reshuffled,
        )
    )


def _characters(state: GameState) -> dict[str, object]:
    return {letter: seat.character for letter, seat in state.heroes.items()}


def _payments(state: GameState, keys: tuple[str, ...]) -> tuple[Payment, ...]:
    found = []
    for key in keys:
        letter, _, place = key.partition(":") if isinstance(key, str) else ("", "", "")
        if letter not in state.heroes or not place:
            raise IllegalAction(
                f"A payment is written 'letter:place' (e.g. 'W:backpack 0'), not {key!r}."
            )
        location = parse_location(place)
        held = state.heroes[letter].character.mat.get(location)
        if held is None:
            raise IllegalAction(f"{state.heroes[letter].name} has no card at {place!r}.")
        found.append(Payment(letter, location, held))
    return tuple(found)


def _hand_overs(state: GameState, action: act.Buy) -> list[tuple[object, str, object]]:
    cards = [state.shop.slots[i] for i in action.slots]
    goods = [c for c in cards if c is not None and c.type.value != "trap"]
    if len(action.receivers) != len(goods):
        raise IllegalAction(
            f"Name one receiving hero per card bought ({len(goods)}), not {len(action.receivers)}."
        )
    places = action.places or ("",) * len(goods)
    if len(places) != len(goods):
        raise IllegalAction("Name one place per card bought, or none at all.")
    out = []
    for card, who, place in zip(goods, action.receivers, places, strict=True):
        if who not in state.heroes:
            raise IllegalAction(f"There is no hero {who!r} to receive the {card.name}.")
        out.append((card, who, parse_destination(place) if place else None))
    return out


def verify_shop(state: GameState, action: act.Action) -> None:
    """Raise :class:`IllegalAction` unless ``action`` may be taken in the shop now."""
    if state.phase is not Phase.I:
        raise IllegalAction(
            f"The shop is open only in Phase I; the game is in {state.phase.title}."
        )
    try:
        _verify(state, action)
    except ShopError as error:
        raise IllegalAction(str(error)) from None


def _verify(state: GameState, action: act.Action) -> None:
    if isinstance(action, act.EndPhase):
        verdict = end_phase_i(state.shop, state.options)
    elif isinstance(action, act.Discard):
        verdict = can_discard_from_shop(state.shop, action.slots)
    elif isinstance(action, act.ClearTrap):
        verdict = can_remove_trap(state.shop, action.slot, state.options)
        if (
            verdict
            and action.who
            and (action.who not in state.heroes or state.unconscious(action.who))
        ):
            raise IllegalAction(f"A trap is set off on a conscious hero, not {action.who!r}.")
    elif isinstance(action, act.Buy):
        payments = _payments(state, action.payments)
        verdict = can_purchase(
            state.shop,
            action.slots,
            payments,
            heroes=_characters(state),  # type: ignore[arg-type]
        )
        if verdict:
            paid = {(p.owner, p.location) for p in payments}
            for card, who, dest in _hand_overs(state, action):
                seat = state.heroes[who]
                ok = can_hand_over(
                    card,
                    seat.character,
                    dest,
                    unconscious=state.unconscious(who),  # type: ignore[arg-type]
                    kept_unconscious=seat.kept_unconscious,
                )
                if not ok and not any(owner == who for owner, _ in paid):
                    verdict = ok
                    break
    else:
        raise IllegalAction(f"{action} is not possible in the shop.")
    if not verdict:
        raise IllegalAction(verdict.reason)


def carry_out_shop(state: GameState, action: act.Action, asker: Asker) -> None:
    """Do a verified shop action."""
    if isinstance(action, act.EndPhase):
        state.shop_closed = True
    elif isinstance(action, act.Discard):
        state.shop, cards = discard_from_shop(state.shop, action.slots)
        state.loot = state.loot.discard(cards)
        state.log.append(
            ShopDiscarded(
                Section.PHASE_I,
                f"Discarded from the shop: {', '.join(c.name for c in cards)}",
                cards=tuple(c.id for c in cards),
            )
        )
    elif isinstance(action, act.ClearTrap):
        _clear_trap(state, action, asker)
    elif isinstance(action, act.Buy):
        _buy(state, action)


def _buy(state: GameState, action: act.Buy) -> None:
    payments = _payments(state, action.payments)
    heroes = _characters(state)
    deal = purchase(state.shop, action.slots, payments, heroes=heroes)  # type: ignore[arg-type]
    handovers = _hand_overs(state, action)
    collect_payment(payments, heroes)  # type: ignore[arg-type]
    state.shop = deal.shop
    state.loot = state.loot.discard(deal.to_discard)
    for card, who, dest in handovers:
        seat = state.heroes[who]
        hand_over(
            card,
            seat.character,
            dest,
            unconscious=state.unconscious(who),  # type: ignore[arg-type]
            kept_unconscious=seat.kept_unconscious,
        )
    state.log.append(
        ShopBought(
            Section.PHASE_I,
            deal.explain(),
            cards=tuple(c.id for c in (*deal.traps_paid, *deal.bought)),
            price=deal.price,
        )
    )


def _clear_trap(state: GameState, action: act.ClearTrap, asker: Asker) -> None:
    if action.who:
        state.shop, card = trap_to_trigger(state.shop, action.slot, state.options)
        state.log.append(
            ShopTrapCleared(
                Section.TRAP_SHOP,
                f"The {card.name} is set off on {action.who}.",
                trap=card.id,
                on=action.who,
            )
        )
        from doria_nb.engine.traps.play import play_trap

        play_trap(state, action.who, card, asker)
        return
    removal = remove_trap_with_doom(state.shop, action.slot, state.options)
    state.shop = removal.shop
    state.loot = state.loot.discard([removal.card])
    state.log.append(
        ShopTrapCleared(
            Section.TRAP_SHOP,
            removal.explain(),
            trap=removal.card.id,
            doom_steps=removal.doom_steps,
        )
    )
    from doria_nb.engine.doom.play import run_doom_move

    run_doom_move(state, state.doom.move(removal.doom_steps), asker)


def shop_actions(state: GameState) -> list[act.Action]:
    """The shop's actions the default policy would consider, plus discards and done (a full
    list of every purchase would run into the thousands)."""
    found: list[act.Action] = []
    plan = _plan(state)
    if plan is not None and plan.wanted:
        found.append(_buy_from_plan(plan))
    for i, card in enumerate(state.shop.slots):
        if card is not None and can_discard_from_shop(state.shop, (i,)):
            found.append(act.Discard("", (i,)))
        if card is not None and can_remove_trap(state.shop, i, state.options):
            found.append(act.ClearTrap("", i))
    if end_phase_i(state.shop, state.options):
        found.append(act.EndPhase(""))
    return found


def _plan(state: GameState) -> object:
    unconscious = [letter for letter in state.heroes if state.unconscious(letter)]
    return shop_policy(
        state.shop,
        _characters(state),
        unconscious=unconscious,
        options=state.options,  # type: ignore[arg-type]
    )


def _buy_from_plan(plan: object) -> act.Buy:
    payments = tuple(f"{p.owner}:{location_key(p.location)}" for p in plan.payment)  # type: ignore[attr-defined]
    receivers = tuple(h.receiver for h in plan.hand_overs)  # type: ignore[attr-defined]
    places = tuple(str(h.dest).lower() for h in plan.hand_overs)  # type: ignore[attr-defined]
    return act.Buy("", tuple(plan.wanted), payments, receivers, places)  # type: ignore[attr-defined]


def shop_bot_action(state: GameState) -> act.Action:
    """The default policy's next shop input: its purchase, then its discards and Trap Shop
    removals, then done."""
    plan = _plan(state)
    if plan is not None:
        if plan.wanted:  # type: ignore[attr-defined]
            return _buy_from_plan(plan)
        if plan.discard:  # type: ignore[attr-defined]
            return act.Discard("", tuple(plan.discard))  # type: ignore[attr-defined]
        if plan.doom:  # type: ignore[attr-defined]
            return act.ClearTrap("", plan.doom[0])  # type: ignore[attr-defined]
    return act.EndPhase("")
