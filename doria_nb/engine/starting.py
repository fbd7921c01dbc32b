"""Starting equipment: Standard Items and loot draws before the first round.

*Preparing Characters*: a premade hero (*The Heroes & Heroines of Doria*) comes with its
Standard Items (and may take more) and draws Loot Cards until it holds 6 cards; with two
characters the hands fill to 8, alone to 10 (*Special Rules for 1 or 2 Players*). Traps and
Standard Items may be discarded and replaced by new draws; traps that are kept pay their gold
and XP to the group in the first Phase H. *Optional Rule: Create Heroes*: a custom hero may
start with at most that many cards, Standard Items swapped in freely.

Draws come from a :class:`LootPile` shuffled by a :class:`~doria_nb.engine.chance.Chance`, so a
seed fixes every hand.

>>> from doria_nb.engine.chance import Chance
>>> hand_size(1), hand_size(2), hand_size(4)
(10, 8, 6)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from doria_nb.engine.cards import CardType, ContentPack, HeroTemplate, ItemCard
from doria_nb.engine.chance import Chance
from doria_nb.engine.character import Character
from doria_nb.engine.errors import StartingEquipmentError
from doria_nb.engine.events import Event, EventLog
from doria_nb.engine.mat import Area, Location
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.verdict import Verdict

HAND_SIZE = 6
"""Cards a character starts with (*Preparing Characters*)."""
HAND_SIZE_TWO = 8
"""With two characters: 2 more (*Special Rules for 1 or 2 Players*)."""
HAND_SIZE_SOLO = 10
"""With one character: 4 more."""


def hand_size(character_count: int) -> int:
    """Cards each character fills up to: 10 alone, 8 with two characters, else 6."""
    if not isinstance(character_count, int) or not 1 <= character_count <= 6:
        raise StartingEquipmentError(f"A game has 1 to 6 characters, not {character_count!r}.")
    if character_count == 1:
        return HAND_SIZE_SOLO
    if character_count == 2:
        return HAND_SIZE_TWO
    return HAND_SIZE


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """A card drawn from a pile: ``drawer`` names who drew it, in words (a character, "the
    shop"), ``card`` is its id."""

    drawer: str
    card: str

    def describe(self) -> str:
        return f"{self.drawer} draws {self.card}"


class LootPile:
    """The loot cards shuffled into one face-down pile, with its discard pile.

    The three loot decks of *General Setup* are one shuffled deck split in three; drawing from
    any of them draws a random unseen card, so one pile models them for setup.
    """

    def __init__(
        self, cards: Iterable[ItemCard], chance: Chance | None, log: EventLog | None = None
    ) -> None:
        self._cards = list(cards)
        if chance is not None:
            chance.shuffle(self._cards)
        self.discards: list[ItemCard] = []
        self.log = log

    @classmethod
    def in_order(cls, cards: Iterable[ItemCard], log: EventLog | None = None) -> LootPile:
        """A pile that deals ``cards`` in the order given, unshuffled: for worked examples,
        tests and disputes ("the next card drawn is a Log Trap")."""
        return cls(reversed(list(cards)), None, log)

    @classmethod
    def of(cls, pack: ContentPack, chance: Chance, log: EventLog | None = None) -> LootPile:
        """The pack's loot deck (copies included), shuffled."""
        return cls(pack.loot_deck(), chance, log)

    def __len__(self) -> int:
        return len(self._cards)

    def draw(self, who: str = "") -> ItemCard:
        if not self._cards:
            raise StartingEquipmentError("The loot pile is empty; no card can be drawn.")
        card = self._cards.pop()
        if self.log is not None:
            self.log.append(CardDrawn(Section.PREPARING_CHARACTERS, who, card.id))
        return card

    def discard(self, card: ItemCard) -> None:
        self.discards.append(card)


def is_replaceable(card: ItemCard) -> bool:
    """Traps and Standard Items may be discarded at setup and replaced by a new draw. Events
    drawn at setup count as traps (ruling H19): they are not played and may be
    replaced."""
    return card.type in (CardType.TRAP, CardType.EVENT) or card.standard


@dataclass(frozen=True, slots=True)
class StartingHand:
    """One character's cards before the first round.

    ``kept_traps`` are traps the player kept: they are not played; their gold and XP are
    rewarded to the group in the first Phase H (:func:`first_phase_h_rewards`).
    """

    who: str
    cards: tuple[ItemCard, ...]
    size: int
    custom: bool = False

    @property
    def traps(self) -> tuple[ItemCard, ...]:
        return tuple(card for card in self.cards if card.type is CardType.TRAP)

    @property
    def replaceable(self) -> tuple[int, ...]:
        """Positions of the cards that may be discarded and replaced."""
        return tuple(i for i, card in enumerate(self.cards) if is_replaceable(card))

    def can_replace(self, positions: Iterable[int]) -> Verdict:
        positions = tuple(positions)
        if len(set(positions)) != len(positions):
            return Verdict.no("A card is named twice.")
        for i in positions:
            if not isinstance(i, int) or not 0 <= i < len(self.cards):
                return Verdict.no(f"There is no card at position {i!r} of {self.who}'s hand.")
            card = self.cards[i]
            if not is_replaceable(card):
                return Verdict.no(
                    f"The {card.name} is neither a trap nor a Standard Item: it may be discarded "
                    "or traded, but no card is drawn for it."
                )
        return Verdict.yes()

    def replace(self, positions: Iterable[int], pile: LootPile) -> StartingHand:
        """Discard the cards at ``positions`` (traps, events, Standard Items) and draw as many
        new Loot Cards (*Preparing Characters*)."""
        positions = tuple(positions)
        self.can_replace(positions).enforce(StartingEquipmentError)
        if len(pile) < len(positions):
            raise StartingEquipmentError("The loot pile has too few cards to refill the hand.")
        kept = [card for i, card in enumerate(self.cards) if i not in positions]
        for i in positions:
            if not self.cards[i].standard:
                pile.discard(self.cards[i])
        drawn = [pile.draw(self.who) for _ in positions]
        return StartingHand(self.who, (*kept, *drawn), self.size, self.custom)

    def discard(self, positions: Iterable[int], pile: LootPile | None = None) -> StartingHand:
        """Simply discard cards (no refill): not every character must keep all its cards."""
        positions = tuple(positions)
        for i in positions:
            if not isinstance(i, int) or not 0 <= i < len(self.cards):
                raise StartingEquipmentError(f"There is no card at position {i!r}.")
        if pile is not None:
            for i in positions:
                if not self.cards[i].standard:
                    pile.discard(self.cards[i])
        kept = tuple(card for i, card in enumerate(self.cards) if i not in positions)
        return StartingHand(self.who, kept, self.size, self.custom)

    def with_cards(self, cards: Sequence[ItemCard]) -> StartingHand:
        """This hand holding ``cards`` (after trading); custom heroes keep their limit."""
        hand = StartingHand(self.who, tuple(cards), self.size, self.custom)
        hand.check_limit().enforce(StartingEquipmentError)
        return hand

    def check_limit(self) -> Verdict:
        """A custom hero starts with at most :attr:`size` cards (ruling H20)."""
        if self.custom and len(self.cards) > self.size:
            return Verdict.no(
                f"{self.who} may start with at most {self.size} cards (Create Heroes), "
                f"not {len(self.cards)}."
            )
        return Verdict.yes()


def deal_premade(
    template: HeroTemplate,
    pile: LootPile,
    character_count: int,
    *,
    extra_standard: Sequence[ItemCard] = (),
    who: str | None = None,
) -> StartingHand:
    """A premade hero's hand: its Standard Items (and any ``extra_standard`` chosen), then Loot
    Cards drawn until the hand holds :func:`hand_size` cards."""
    who = who or template.name
    size = hand_size(character_count)
    cards = [*template.standard_items, *extra_standard]
    for card in extra_standard:
        if not card.standard:
            raise StartingEquipmentError(f"The {card.name} is not a Standard Item.")
    if len(cards) > size:
        raise StartingEquipmentError(
            f"{who} would hold {len(cards)} Standard Items; a hand fills to {size} cards."
        )
    cards += [pile.draw(who) for _ in range(size - len(cards))]
    return StartingHand(who, tuple(cards), size)


def deal_custom(
    who: str,
    pile: LootPile,
    character_count: int,
    *,
    standard: Sequence[ItemCard] = (),
    options: RulesOptions | None = None,
) -> StartingHand:
    """A custom hero's hand: the ``standard`` items chosen, then Loot Cards up to the limit:
    the small groups' refill size, 8 or 10 (ruling H20), or 6 whatever the group under the
    named reading ``custom_heroes_six_cards`` in ``options``."""
    size = hand_size(character_count)
    if options is not None and options.reads("custom_heroes_six_cards"):
        size = HAND_SIZE
    for card in standard:
        if not card.standard:
            raise StartingEquipmentError(f"The {card.name} is not a Standard Item.")
    if len(standard) > size:
        raise StartingEquipmentError(
            f"{who} may start with at most {size} cards (Create Heroes), not {len(standard)}."
        )
    cards = [*standard, *(pile.draw(who) for _ in range(size - len(standard)))]
    return StartingHand(who, tuple(cards), size, custom=True)


def default_replacements(hand: StartingHand) -> tuple[int, ...]:
    """The default policy: replace every trap and event, keep the Standard Items."""
    return tuple(
        i for i, card in enumerate(hand.cards) if card.type in (CardType.TRAP, CardType.EVENT)
    )


def settle(hand: StartingHand, pile: LootPile, *, rounds: int = 20) -> StartingHand:
    """Apply :func:`default_replacements` until no trap or event is left (or ``rounds`` draws
    have not cleared them, e.g. a pile full of traps)."""
    for _ in range(rounds):
        positions = default_replacements(hand)
        if not positions or len(pile) < len(positions):
            break
        hand = hand.replace(positions, pile)
    return hand


@dataclass(frozen=True, slots=True)
class SetupRewards:
    """What kept traps give the group in the first Phase H."""

    gold_cards: tuple[ItemCard, ...]
    xp: int

    @property
    def gold(self) -> int:
        return sum(card.gold for card in self.gold_cards)


def first_phase_h_rewards(hands: Iterable[StartingHand]) -> SetupRewards:
    """The gold and XP of every trap kept at setup (*Preparing Characters*)."""
    traps = tuple(card for hand in hands for card in hand.traps)
    xp = sum(card.trap.xp for card in traps if card.trap is not None)
    return SetupRewards(traps, xp)


def check_campaign_group(hands: Sequence[StartingHand]) -> Verdict:
    """*Campaigns*: each character may start with up to 6 cards in any mix, as long as the
    group holds no more than 6 per character on average."""
    total = sum(len(hand.cards) for hand in hands)
    limit = HAND_SIZE * len(hands)
    if total > limit:
        return Verdict.no(
            f"The group holds {total} starting cards; a campaign allows {HAND_SIZE} per "
            f"character, {limit} for {len(hands)}."
        )
    return Verdict.yes()


# -- arranging the cards before the first round -------------------------------------------


def _attack_worth(character: Character, location: Location) -> int:
    card = character.mat.at(location).card
    return sum(a.damage * 10 + a.dice.count * 6 + a.dice.modifier for a in card.attacks)


def outfit(character: Character) -> None:
    """Arrange a hero's cards before the first round, free of AP: weapons and spells with the
    strongest attacks first, then armor by AR, then everything else that fits on the Body;
    potions and one-handed items go to the Belt while it has room; the rest stays in the
    Backpack. (The players arrange freely at setup; this is the default policy.)"""

    def ranked() -> list[Location]:
        places = [loc for loc, _ in character.mat.locations() if loc.area is not Area.BODY]
        return sorted(
            places,
            key=lambda loc: (
                -_attack_worth(character, loc),
                -character.mat.at(loc).card.armor,
                character.mat.at(loc).card.id,
            ),
        )

    for _ in range(len(character.mat)):
        for location in ranked():
            if character.can_equip(location, Area.BODY):
                character.equip(location, Area.BODY)
                break
        else:
            break
    for _ in range(len(character.mat)):
        for location in ranked():
            card = character.mat.at(location).card
            usable = card.type in (CardType.POTION, CardType.PSI)
            if (
                location.area is Area.BACKPACK
                and usable
                and character.can_move(location, Area.BELT)
            ):
                character.move(location, Area.BELT)
                break
        else:
            break
