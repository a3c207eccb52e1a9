"""Forge & Fury: the attribute duel with secret simultaneous picks. Rules doc: RULES.md
beside this file.

The game: its options and card collections, decks (Brasa's split of one deck), the deal and
the round's comparison; it reaches the rest downward (``rules.py`` the state, ``notation.py``
the action notation, ``scene.py`` what a seat sees).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, ClassVar

from ...kernel.about import Playthrough
from ...kernel.errors import DeckError
from ...kernel.game import Deck, Game, State
from ...kernel.rng import Rng, derive_seed
from . import notation, scene
from .actions import Pick
from .cards import CardDB, load_card_files, load_cards
from .options import BRASA_SOURCE, DECK_SIZES, ForgeFuryOptions
from .rules import OPENING_HAND, OTHER_COLOURS, ForgeFuryState

_WORTH: dict[str, tuple[list[float], list[tuple[float, float, float]]]] = {}


class ForgeFury(Game):
    """Forge & Fury: the attribute duel with secret simultaneous picks."""

    name = "forge-fury"
    title = "Forge & Fury"
    aliases = ("fnf", "forge", "forge_fury", "forge-and-fury", "forja-e-furia")
    summary = "attribute duel: name a colour, pick a card in secret, higher number wins"
    Options = ForgeFuryOptions
    options: ForgeFuryOptions
    state_class = ForgeFuryState
    scene_module = scene
    notation_module = notation
    rules_example = "mode=brasa,minigame=odd_even,card_files=bundled;my_cards.csv"
    example_options: ClassVar[list[dict[str, Any]]] = [
        {"mode": "brasa"},
        {"mode": "brasa", "minigame": "odd_even", "private_decklists": True},
        {"mode": "chama", "tie_by_number": True},
    ]
    choice_words: ClassVar[dict[str, str]] = {
        "mode.brasa": "Brasa (25 cards)",
        "mode.chama": "Chama (50 cards)",
        "mode.forja": "Forja (100 cards)",
        "mode.colecao": "Coleção (151 cards)",
        "minigame.rps": "rock-paper-scissors",
        "minigame.odd_even": "odd or even",
    }
    playthroughs = (
        # each example option set, then every mode
        Playthrough("brasa", {"mode": "brasa"}, seeds=3),
        Playthrough("brasa_odd_even_private",
                    {"mode": "brasa", "minigame": "odd_even", "private_decklists": True}, seeds=2),
        Playthrough("chama_tie_by_number", {"mode": "chama", "tie_by_number": True}, seeds=1),
        Playthrough("chama", {"mode": "chama"}, seeds=1),
        Playthrough("forja", {"mode": "forja"}, seeds=1),
        Playthrough("colecao", {"mode": "colecao"}, seeds=1),
    )

    def __init__(self, options: Any = None, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        files = self.options.card_files
        self.cards: CardDB = load_card_files(files) if files else load_cards(self.options.card_file)
        self.values = [c.values for c in self.cards.cards]
        self.rarity = [c.rarity for c in self.cards.cards]
        self.pick_actions = [Pick(c.id, c.label) for c in self.cards.cards]
        self.ids_by_label = {c.label: c.id for c in self.cards.cards}

    def card_id(self, text: str) -> int:
        """A card's id from a deck entry (labels take the fast path); ``LookupError``."""
        card_id = self.ids_by_label.get(text)
        return card_id if card_id is not None else self.cards.find(text).id

    @property
    def deck_size(self) -> int:
        """Cards in a deck brought to the match (Brasa: the one deck that is split)."""
        return BRASA_SOURCE if self.options.mode == "brasa" else DECK_SIZES[self.options.mode]

    # -- decks ----------------------------------------------------------------------------
    def validate_deck(self, deck: Deck) -> list[str]:
        problems = []
        first_seen: dict[int, int] = {}
        for i, text in enumerate(deck, start=1):
            try:
                card_id = self.card_id(text)
            except LookupError as exc:
                problems.append(f"card {i}: {exc}")
                continue
            if card_id in first_seen:
                problems.append(
                    f"card {i}: {self.cards[card_id].label} is already card "
                    f"{first_seen[card_id]} (golden rule: one card per name and number)"
                )
            first_seen.setdefault(card_id, i)
        if len(deck) != self.deck_size:
            mode = self.options.mode
            problems.append(f"{mode} needs a deck of {self.deck_size} cards; this one has {len(deck)}")
        return problems

    def deck_ids(self, deck: Deck, owner: str) -> list[int]:
        ids = [self.ids_by_label.get(text) for text in deck]  # the fast path: exact labels
        if None in ids or len(set(ids)) != len(ids) or len(ids) != self.deck_size:
            problems = self.validate_deck(deck)
            if problems:
                raise DeckError(f"{owner}: " + "; ".join(problems))
            ids = [self.card_id(text) for text in deck]
        return ids  # type: ignore[return-value]

    def sample_decks(self, rng: Rng) -> list[Deck]:
        if self.deck_size > len(self.cards):
            raise DeckError(f"the card pool has {len(self.cards)} cards, a deck needs {self.deck_size}")
        count = 1 if self.options.mode == "brasa" else 2
        return [
            [self.cards[i].label for i in rng.sample(range(len(self.cards)), self.deck_size)]
            for _ in range(count)
        ]

    def card_data_hash(self) -> str:
        return self.cards.hash

    def split_brasa(self, deck: list[int], rng: Rng) -> list[list[int]]:
        """Super rares, rares and normals divided as evenly as possible (seeded).

        Rulebook: "divida igualmente as cartas super raras, raras e normais. Assim a partida
        fica equilibrada." Each rarity is dealt alternately; where a rarity's count is odd,
        the seat that gets its extra card is drawn by the seed (RULES-NOTES), so neither seat
        is favoured. With an even deck the odd rarities come in pairs, and the alternation
        gives the second odd rarity's extra card to the other seat: 25 cards each.
        """
        ordered: list[int] = []
        for rarity in (2, 1, 0):
            group = [c for c in deck if self.rarity[c] == rarity]
            rng.shuffle(group)
            ordered += group
        first = rng.below(2)  # the seat dealt first: it gets the extra super rare, if any
        return [ordered[first::2], ordered[1 - first::2]]

    # -- states ---------------------------------------------------------------------------
    def new_state(self, seed: int = 0, decks: Sequence[Deck] | None = None) -> ForgeFuryState:
        if decks is None:
            decks = self.sample_decks(Rng(derive_seed(seed, 1)))
        brasa = self.options.mode == "brasa"
        if len(decks) != (1 if brasa else 2):
            wanted = "one 50-card deck to split" if brasa else "a deck per player"
            raise DeckError(f"{self.options.mode} needs {wanted}, got {len(decks)} deck(s)")
        rng = Rng(seed)
        if brasa:
            lists = self.split_brasa(self.deck_ids(list(decks[0]), "the Brasa deck"), rng)
        else:
            lists = [self.deck_ids(list(d), f"player {p}'s deck") for p, d in enumerate(decks)]
        state = ForgeFuryState(self, rng, (tuple(lists[0]), tuple(lists[1])))
        for p in (0, 1):
            rng.shuffle(state.decks[p])
            for _ in range(OPENING_HAND):
                state.draw(p, state.decks[p])
        state.start_minigame("start", 0)
        return state

    def heuristic(self, state: State[Any], player: int) -> float:
        assert isinstance(state, ForgeFuryState)
        return float(state.score(player) - state.score(1 - player))

    def potential(self, state: State[Any], player: int) -> float:
        """The score difference plus what the cards still to come are worth, in the same
        points: two per round times each card's ``card_worth``. Every card is played sooner
        or later, so a round given away with a weak card against a strong one gains in the
        rounds to come what it loses now. Each player's cards to come (deck, hand, face-down
        pick) are their deck list less their cards in the piles: public, unless the deck
        lists are private; then each of the rival's is priced at the mean worth, a half (a
        random card against a random card), and only their number is read."""
        assert isinstance(state, ForgeFuryState)
        worth = self.card_worth()

        def to_come(p: int) -> list[int]:
            pick = state.picks[p]
            return [*state.decks[p], *state.hands[p], *([] if pick is None else [pick])]

        mine = sum(worth[c] for c in to_come(player))
        rivals = to_come(1 - player)
        theirs = 0.5 * len(rivals) if self.options.private_decklists else sum(worth[c] for c in rivals)
        return self.heuristic(state, player) + 2.0 * (mine - theirs)

    def card_worth(self) -> list[float]:
        """Each card's chance to win a round against a random card of the collection in a
        random colour (ties count half): the mean of its ``colour_worth``."""
        return self._worth()[0]

    def colour_worth(self) -> list[tuple[float, float, float]]:
        """Each card's chance, in each colour, to win a round against a random card of the
        collection (ties count half)."""
        return self._worth()[1]

    def _worth(self) -> tuple[list[float], list[tuple[float, float, float]]]:
        """``card_worth`` and ``colour_worth``, counted once per card collection (the search's
        evaluations read them at every leaf). A card's rounds won are whole halves, exact in a
        float, so the mean over the colours is the same number however it is summed."""
        known = _WORTH.get(self.cards.hash)
        if known is not None:
            return known
        size = len(self.cards)
        mean, per_colour = [], []
        for a in range(size):
            wins = [0.0, 0.0, 0.0]
            for colour in range(3):
                for b in range(size):
                    winner = self.compare(a, b, colour)[1]
                    wins[colour] += 0.5 if winner is None else (winner == 0)
            mean.append((wins[0] + wins[1] + wins[2]) / (3 * size))
            per_colour.append((wins[0] / size, wins[1] / size, wins[2] / size))
        _WORTH[self.cards.hash] = mean, per_colour
        return mean, per_colour

    def compare(self, a: int, b: int, colour: int) -> tuple[str, int | None]:
        """The rulebook's round comparison: (deciding step, winner 0 = ``a`` / 1 = ``b``)."""
        va, vb = self.values[a], self.values[b]
        if va[colour] != vb[colour]:
            return "colour", int(vb[colour] > va[colour])
        i, j = OTHER_COLOURS[colour]
        oa, ob = max(va[i], va[j]), max(vb[i], vb[j])
        if oa != ob:
            return "other colours", int(ob > oa)
        if self.rarity[a] != self.rarity[b]:
            return "rarity", int(self.rarity[b] > self.rarity[a])
        return "tie", None

    # -- cards, as the declared state names them -----------------------------------------
    def card_count(self) -> int:
        return len(self.cards)

    def card_key(self, card: int) -> str:
        return self.cards[card].label

    def fill_hidden(self, pool: int | None, count: int, seen: Collection[int], rng: Rng) -> list[int]:
        """A private deck list's cards not in view: any cards of the collections not seen
        (a deck holds one copy of a card)."""
        shown = set(seen)
        return rng.sample([c for c in range(len(self.cards)) if c not in shown], count)
