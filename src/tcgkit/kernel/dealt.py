"""The deal a small card game gets by default (``DealtGame``): numbered copies of the cards of
each player's deck, the decks checked by the deck rule, shuffled by the seed, a hand drawn.

A game declares its deck (``deck_size``, ``copies``), its opening hand (``starting_hand``) and
its cards: ``load_pool``, records each with an ``id`` and a ``name``, or for cards of text (the
effect runtime's TOML) ``card_file``, ``card_schema`` (the pydantic row, with ``id``, ``name``
and ``abilities``) and ``registry``, read into ``TextCard`` records (a bad row is a
``CardDataError`` naming the file and the card; the game's ``check_card`` adds its own rule).
The kernel gives the deck rule, the decks drawn by the seed, the deal, the card hooks
(``card_data_hash``, ``card_count``, ``card_key``) and the card table.

The state declares ``INSTANCE_FIELDS`` (``decklists="owned"``) and mixes in ``DealtState``: the
public instance table (``cards``, ``owners``, ``owned``), ``card(id)``, ``plays`` (the targets a
card's first ability may be played at) and the host of card text's defaults (``ZoneHost``). The
deal makes a blank state of empty zones and the instance table, draws the hands, then calls the
state's ``begin``: the rest of the position and the first step.

Instance ids are a permutation drawn by the seed, so an id tells nothing of a deck's order; the
ids, then each deck's order, are drawn from the state's generator.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel

from . import refs
from . import values as v
from .deck_rule import DeckRule
from .effects import Ability, Activation, Bound, EffectRegistry, LoadedCard, load_card_tables
from .errors import CardDataError, DeckError
from .game import Deck, Game, State
from .host import ZoneHost, zone_attrs
from .rng import Rng, derive_seed
from .scene import CardTable, Column, Shown
from .state import StateField, derived


@dataclass(frozen=True, slots=True)
class TextCard:
    """A card of a TOML file of card text: ``row`` its validated row (the game's own fields),
    its compiled abilities, and per ability the ``steps`` a ``Machine`` frame runs: the cost
    check on resolution, the costs, the effects."""

    index: int
    id: str
    name: str
    row: Any
    abilities: tuple[Ability, ...]
    steps: tuple[tuple[Bound, ...], ...]

    @property
    def ability(self) -> Ability:
        """The first ability: the one used when the card is played."""
        return self.abilities[0]


def load_text_cards(path: Path, schema: type[BaseModel], registry: EffectRegistry,
                    check: Any = None) -> tuple[TextCard, ...]:
    """The cards of ``path`` as ``TextCard`` records; ``check(loaded)`` says what else is wrong
    with a row (``None``: nothing), raised as a ``CardDataError`` naming the file and the card."""
    cards = []
    for index, loaded in enumerate(load_card_tables(path, schema, registry)):
        problem = None if check is None else check(loaded)
        if problem:
            raise CardDataError(f"{loaded.source}: {problem}")
        row: Any = loaded.row
        steps = tuple((a.cost_check(), *(s.compile() for s in a.costs + a.effects)) for a in loaded.abilities)
        cards.append(TextCard(index, row.id, row.name, row, loaded.abilities, steps))
    return tuple(cards)


INSTANCE_FIELDS = (
    StateField("cards", v.TupleOf(v.Text())),
    StateField("owners", v.TupleOf(v.Player())),
    StateField("owned", v.PerPlayer(v.TupleOf(v.Card()))),
)
"""The public instance table of a dealt game: per instance id its card's id and its owner, and
per player their instances (the deck list hidden cards are dealt from: ``decklists="owned"``)."""


class DealtState(ZoneHost):
    """The state of a ``DealtGame`` (a mixin before ``State``): the instance table and the host
    of card text's defaults (``ZoneHost``)."""

    __slots__ = ()
    cards: tuple[str, ...]
    owners: tuple[int, ...]
    owned: list[tuple[int, ...]]

    def card(self, instance: int) -> Any:
        """The card record of an instance."""
        return self.game.by_id[self.cards[instance]]

    def plays(self, player: int, instance: int) -> list[refs.Ref | None]:
        """What the card's first ability may be played at from the player's hand: each target,
        ``[None]`` for an ability without one, ``[]`` when its costs cannot be paid (judged with
        the card already out of the hand)."""
        ability = self.card(instance).ability
        act = Activation(player, instance, 0)
        hand = self.zone("hand")[player]
        hand.remove(instance)
        payable = ability.can_pay(self, act)
        hand.append(instance)
        hand.sort()
        if not payable:
            return []
        if ability.target is None:
            return [None]
        kind = refs.Kind(ability.target_kind)
        return [refs.make(kind, t) for t in ability.target(self, act)]

    def begin(self) -> None:
        """The rest of the position (the fields beside the zones and the instance table) and the
        game's first step: ``DealtGame.new_state`` calls it once every player's hand is drawn."""

    def problems(self) -> list[str]:
        """The instance table's own check; a game adds its own to this."""
        if any(self.owners[c] != p for p, cards in enumerate(self.owned) for c in cards):
            return ["the deck lists and the owners disagree"]
        return []


class DealtGame(Game):
    """A game dealt from decks of its card pool (see the module). ``by_id`` and ``by_name``
    (lower case, and the ids) find a card record."""

    deck_size: ClassVar[int]
    copies: ClassVar[int | None] = None
    """At most this many copies of a card in a deck (``None``: any number)."""
    starting_hand: ClassVar[int] = 0
    deck_zone: ClassVar[str] = "deck"
    """The declared zone the decks are dealt into (per player; the top is the end)."""
    card_file: ClassVar[Path | None] = None
    card_schema: ClassVar[type[BaseModel]]
    registry: ClassVar[EffectRegistry]

    def __init__(self, options: Any = None, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        self.pool: tuple[Any, ...] = tuple(self.load_pool())
        self.by_id = {card.id: card for card in self.pool}
        self.by_name = {card.name.lower(): card for card in self.pool} | self.by_id
        zones = {z.name: z for z in self.state_class.SPEC.zones if not z.shared and not z.single}
        if self.deck_zone not in zones:
            raise ValueError(f"{self.name}: no zone {self.deck_zone!r} per player to deal the decks into "
                             f"(the state has {', '.join(zones)})")
        self.deck_attr = zones[self.deck_zone].attr

    def load_pool(self) -> Sequence[Any]:
        """The game's card records, each with an ``id`` and a ``name`` (read once per game): by
        default the ``TextCard``s of the declared ``card_file``."""
        if self.card_file is None:
            raise NotImplementedError(f"{self.name} declares no card_file and loads no cards")
        return load_text_cards(self.card_file, self.card_schema, self.registry, self.check_card)

    def check_card(self, loaded: LoadedCard) -> str | None:
        """What the game's own rules find wrong with a card of its file (``None``: nothing)."""
        return None

    def deck_rule(self) -> DeckRule:
        return DeckRule(self.deck_size, lambda text: self.by_name.get(text.lower()), self.copies)

    def sample_decks(self, rng: Rng) -> list[Deck]:
        """Per player, ``deck_size`` cards drawn from ``copies`` of each card of the pool."""
        decks = []
        for _ in range(self.num_players):
            pool = [card.name for card in self.pool for _ in range(self.copies or 1)]
            rng.shuffle(pool)
            decks.append(pool[:self.deck_size])
        return decks

    def new_state(self, seed: int = 0, decks: Sequence[Deck] | None = None) -> State[Any]:
        if decks is None:
            decks = self.sample_decks(Rng(derive_seed(seed, 1)))
        if len(decks) != self.num_players:
            raise DeckError(f"{self.name}: one deck per player ({self.num_players}), got {len(decks)}")
        for p, deck in enumerate(decks):
            problems = self.validate_deck(list(deck))
            if problems:
                raise DeckError(f"player {p}'s deck: " + "; ".join(problems))
        rng = Rng(seed)
        ids = list(range(sum(len(d) for d in decks)))
        rng.shuffle(ids)  # instance ids by the seed: an id tells nothing of deck order
        cards, owners = [""] * len(ids), [0] * len(ids)
        at = 0
        for p, deck in enumerate(decks):
            for text in deck:
                cards[ids[at]], owners[ids[at]] = self.by_name[text.lower()].id, p
                at += 1
        state: Any = derived(self.state_class).blank(self, rng)
        for attr in zone_attrs(self.state_class).values():
            setattr(state, attr, [[] for _ in decks])
        state.cards, state.owners = tuple(cards), tuple(owners)
        state.owned = [tuple(i for i, o in enumerate(owners) if o == p) for p in range(len(decks))]
        piles = getattr(state, self.deck_attr)
        for p in range(self.num_players):
            piles[p] = sorted(i for i in ids if owners[i] == p)
            rng.shuffle(piles[p])
            state.draw(p, self.starting_hand)
        state.begin()
        dealt: State[Any] = state
        return dealt

    def card_data_hash(self) -> str:
        return f"{self.name}-" + "-".join(card.id for card in self.pool)

    def card_count(self) -> int:
        return self.deck_size * self.num_players

    def card_key(self, card: int) -> int:
        return card  # instances are numbered, and which card each is, is public

    def card_table(self) -> CardTable | None:
        """The scene module's, else the pool's text cards: the name, the row's own fields,
        the first ability's own fields (a card's speed), and the text."""
        table = super().card_table()
        if table is not None or not self.pool or not isinstance(self.pool[0], TextCard):
            return table
        rows: list[dict[str, Any]] = []
        for card in self.pool:
            own = card.row.model_dump(exclude={"id", "name", "abilities"})
            if card.ability.fields is not None:
                own |= card.ability.fields.model_dump()
            shown = {k: ("yes" if val else "") if isinstance(val, bool) else val for k, val in own.items()}
            text = " ".join(a.text for a in card.abilities if a.text)
            rows.append({"id": card.id, "name": card.name, **shown, "text": text})
        keys = [k for k in rows[0] if k != "id"]
        return CardTable(title=f"{self.title}: cards ({len(rows)})", rows=rows,
                         columns=[Column(key=k, label=k) for k in keys])


def text_fields(game: DealtGame, view: dict[str, Any], card: int) -> list[Shown]:
    """A declared scene's face of a text card (``SceneSpec(fields=text_fields)``): its
    abilities' text, read from the view's public instance table (``cards``)."""
    text = " ".join(a.text for a in game.by_id[view["cards"][card]].abilities if a.text)
    return [Shown(key="text", label="text", value=text)] if text else []


__all__ = ["INSTANCE_FIELDS", "DealtGame", "DealtState", "TextCard", "load_text_cards", "text_fields"]
