"""The legal actions of a moment, listed (python-chess's legal moves).

Each candidate is built from what the board offers and kept only if the same check that
guards :meth:`Game.apply` lets it through, so the list and the rules cannot disagree.

Some actions have too many legal forms to list (a ``Wait`` of any number of AP up to what is
left, a purchase of any set of shop slots paid with any cards), so :meth:`Game.legal_actions`
returns a :class:`LegalActions` view: iterating it yields the *representatives* below, and
``action in view`` asks the game itself (:meth:`Game.can`), so membership covers every legal
form, listed or not.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, overload

from doria_nb.engine.cards import CardType, Marker
from doria_nb.engine.combat.weapons import attack_options
from doria_nb.engine.game.hero_turn import actors, attack_refusal, hero_reach, verify
from doria_nb.engine.health.care import revive_limits
from doria_nb.engine.mat import Area
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.places import location_key
from doria_nb.engine.table.records import GameError, IllegalAction, Phase
from doria_nb.engine.table.state import GameState

if TYPE_CHECKING:
    from doria_nb.engine.game.game import Game

__all__ = ["LegalActions", "hero_actions", "legal_actions"]


class LegalActions(Sequence[act.Action]):
    """The legal actions of one position of a game.

    ``action in legal`` is ``game.can(action).ok``: true for every legal action, listed or
    not (``Wait("R", 3)`` though only waits of 1 AP and of all AP left are listed).

    Iterating (and ``len``, indexing) gives the representatives, each legal when listed:

    * every square a hero can move to, one ``Move`` each (shortest path, any jump);
    * every door next to a hero, treasure search (quick and careful), attack of a monster
      with each ready weapon or attack spell, potion, spell on each hero, revive (at the
      fewest AP), pick-up, put-down, disarm, repair, take, clear rubble, and a move of each
      card off the Body to ``"body"``;
    * ``Wait`` of 1 AP and of all the AP left;
    * in Phase I the default policy's purchase, each single-slot discard, each Trap Shop
      removal by a Doom step, and ending the phase; ``Leave`` and ``Join`` when allowed.

    The view belongs to the position it was made in: once the game has changed, ``in``
    refuses to answer (ask ``game.legal_actions()`` again) instead of answering for a
    position the listed representatives are not of.

    >>> from doria_nb import Game, Wait
    >>> game = Game.new("the_flooded_archive", seed=7)
    >>> legal = game.legal_actions()
    >>> who = game.turn[0]
    >>> Wait(who, 3) in legal, Wait(who, 3) in list(legal)
    (True, False)
    """

    __slots__ = ("_game", "_inputs", "_listed", "_pending", "_state")

    def __init__(self, game: Game, listed: Sequence[act.Action]) -> None:
        self._game = game
        self._listed = tuple(listed)
        self._state = game.state
        self._inputs = len(game.inputs)
        self._pending = game.pending

    def _current(self) -> bool:
        game = self._game
        return (
            game.state is self._state
            and len(game.inputs) == self._inputs
            and game.pending is self._pending
        )

    def __contains__(self, action: object) -> bool:
        if not self._current():
            raise GameError(
                "These legal actions are of an earlier position of the game; "
                "ask game.legal_actions() again."
            )
        return self._game.can(action).ok

    def __iter__(self) -> Iterator[act.Action]:
        return iter(self._listed)

    def __len__(self) -> int:
        return len(self._listed)

    @overload
    def __getitem__(self, index: int) -> act.Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[act.Action, ...]: ...

    def __getitem__(self, index: int | slice) -> act.Action | tuple[act.Action, ...]:
        return self._listed[index]

    def __repr__(self) -> str:
        return f"<LegalActions: {len(self._listed)} listed of round {self._game.round}>"


def legal_actions(state: GameState) -> list[act.Action]:
    found: list[act.Action] = []
    if state.phase is Phase.I:
        from doria_nb.engine.shop.play import shop_actions

        found += shop_actions(state)
    for who in actors(state):
        found += hero_actions(state, who)
    return found + _party_actions(state)


def _party_actions(state: GameState) -> list[act.Action]:
    """Heroes leaving (any time, for the end of the round) and joining (Phase I); in a
    campaign scenario, the group declaring its escape (any time, for the end of the round)."""
    from doria_nb.engine.game.party import verify_party

    candidates: list[act.Action] = [act.Leave(letter) for letter in state.heroes]
    if state.phase is Phase.I:
        candidates += [act.Join("", hero.id) for hero in state.pack.heroes]
    kept = []
    for action in candidates:
        try:
            verify_party(state, action)
        except IllegalAction:
            continue
        kept.append(action)
    from doria_nb.engine.campaign.escape import verify_declaration

    try:
        verify_declaration(state)
    except IllegalAction:
        return kept
    return [*kept, act.DeclareEscape("")]


def _keep(state: GameState, candidates: list[act.Action]) -> list[act.Action]:
    kept = []
    for action in candidates:
        try:
            verify(state, action)
        except IllegalAction:
            continue
        kept.append(action)
    return kept


def hero_actions(state: GameState, who: str) -> list[act.Action]:
    """Every legal action of hero ``who`` now."""
    seat = state.heroes[who]
    fig = state.situation.figure(who)
    reach = hero_reach(state, who)
    held = "immobilized" in fig.flags  # a hero held by a trap cannot move (FAQ)
    found: list[act.Action] = [
        act.Move(who, sq) for sq in sorted(reach.squares) if sq != fig.square and not held
    ]
    candidates: list[act.Action] = []
    dungeon = state.situation.dungeon
    for door in dungeon.doors():
        if door.opened or abs(door.square.x - fig.square.x) + abs(door.square.y - fig.square.y) > 1:
            continue
        candidates.append(act.OpenDoor(who, door.square))
    if fig.square in dungeon.treasures:
        candidates += [act.Search(who), act.Search(who, careful=True)]
    for attack in attack_options(seat.character):
        for letter in state.monsters:
            if not attack_refusal(state, seat, attack, letter):
                candidates.append(act.Attack(who, location_key(attack.location), letter))
    candidates.append(act.Wait(who, 1))
    if seat.ap > 1:
        candidates.append(act.Wait(who, seat.ap))
    for location, placed in seat.character.mat.locations():
        key = location_key(location)
        if placed.card.type is CardType.POTION:
            candidates.append(act.Drink(who, key))
        if location.area is not Area.BODY:
            candidates.append(act.Equip(who, key, "body"))
        if placed.card.check is not None and placed.card.effect is not None:
            candidates += [act.Cast(who, key, other) for other in state.heroes]
    for other in state.heroes.values():
        if other.letter == who:
            continue
        if state.unconscious(other.letter):
            limits = revive_limits(seat.ap)
            if limits is not None:
                candidates.append(act.Revive(who, other.letter, limits[0]))
            candidates.append(act.PickUp(who, other.letter))
    candidates += [act.Disarm(who, i) for i in range(len(state.active_traps))]
    if state.situation.carrying(who) is not None:
        candidates.append(act.PutDown(who))
    for option in seat.character.repair_options():
        candidates.append(act.Repair(who, tuple(location_key(loc) for loc in option.locations)))
    for other in state.heroes.values():
        there = state.situation.figure(other.letter).square
        if other.letter == who or abs(there.x - fig.square.x) + abs(there.y - fig.square.y) > 1:
            continue
        for location, _ in other.character.mat.locations():
            key = location_key(location)
            candidates.append(act.Take(who, other.letter, key))
            if location.area is not Area.BODY:
                candidates.append(act.Equip(who, key, "body", other.letter))
        for option in other.character.repair_options():
            keys = tuple(location_key(loc) for loc in option.locations)
            candidates.append(act.Repair(who, keys, other.letter))
    for square in dungeon.neighbors(fig.square):
        if dungeon.marker(square) is Marker.RUBBLE:
            candidates.append(act.ClearRubble(who, square))
    return found + _keep(state, candidates)
