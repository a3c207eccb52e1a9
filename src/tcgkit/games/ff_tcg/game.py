"""Final Fantasy TCG (the Brazilian fan game): characters defend against monsters; seven
skulls or a beaten villain lose. Rules doc: RULES.md beside this file.

The game: its options and cards (their text compiled once into the tables the hot paths
read), decks, the deal, and what front ends ask of it; it reaches the rest downward
(``rules.py`` the declared state, ``notation.py`` the action notation, ``scene.py`` what a
seat sees, ``english.py`` the card text in English).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

from ...kernel.about import Playthrough
from ...kernel.deck_rule import DeckCard, DeckRule
from ...kernel.decks import read_deck
from ...kernel.effects import Condition, ModifyStat, Predicate
from ...kernel.errors import DeckError
from ...kernel.game import Deck, Game, State
from ...kernel.instances import by_id, instance_ids
from ...kernel.rng import Rng, derive_seed
from . import notation, scene
from .cards import Card, CardDB, cards_from, default_cards
from .legal import usage
from .machine import build_machine
from .options import FFTcgOptions
from .records import ABILITY_KEY
from .rules import FFTcgState
from .tables import Shared, Tables

DECK_MIX = {"villain": 2, "character": 12, "monster": 22, "item": 8, "action": 10, "city": 4}


class FFTcg(Game):
    """Final Fantasy TCG (the Brazilian fan game): characters defend against monsters."""

    name = "ff-tcg"
    title = "Final Fantasy TCG"
    aliases = ("fftcg", "ff", "ff_tcg", "final-fantasy-tcg")
    summary = "Final Fantasy fan TCG: characters hold off monsters; 7 skulls or a beaten villain lose"
    Options = FFTcgOptions
    options: FFTcgOptions
    state_class = FFTcgState
    scene_module = scene
    notation_module = notation
    play_events: ClassVar[dict[str, str]] = {"play": "card", "hide": "card"}
    """A card played face up, or an action card played face down (``hide``, turned later)."""
    rules_example = "turn_limit=100,villains_to_defeat=2,card_files=my_set.toml"
    example_options: ClassVar[list[dict[str, Any]]] = [
        {},
        {"deckout_policy": "lose", "luck_card_to": "deck_bottom", "character_unique_key": "name",
         "skulls_to_lose": 4, "deck_size": 40},
        {"private_decklists": True, "deckout_policy": "skip", "villains_to_defeat": 2, "first_player": 1,
         "turn_limit": 30},
        {"post_reveal_window": True},
        {"world_attacks_alone": True},
    ]
    choice_words: ClassVar[dict[str, str]] = {
        "character_unique_key.name_job": "name and job",
        "character_unique_key.name": "name",
        "deckout_policy.reshuffle_discard": "shuffle the discard pile into a new deck",
        "deckout_policy.lose": "lose",
        "deckout_policy.skip": "skip the draw",
        "luck_card_to.discard": "the discard pile",
        "luck_card_to.deck_bottom": "the bottom of the deck",
    }
    playthroughs = (
        # on a frozen copy of the first card set, so that a change to the shipped cards is no
        # change of the engine: each example option set, then the starter decks
        Playthrough("default", {"card_files": ("ff1.toml",)}, seeds=2),
        Playthrough("lose_deck_bottom_name_4_skulls",
                    {"card_files": ("ff1.toml",), "deckout_policy": "lose", "luck_card_to": "deck_bottom",
                     "character_unique_key": "name", "skulls_to_lose": 4, "deck_size": 40}, seeds=3),
        Playthrough("private_skip_2_villains_turn_limit",
                    {"card_files": ("ff1.toml",), "private_decklists": True, "deckout_policy": "skip",
                     "villains_to_defeat": 2, "first_player": 1, "turn_limit": 30}, seeds=3),
        Playthrough("post_reveal_window", {"card_files": ("ff1.toml",), "post_reveal_window": True}, seeds=1),
        Playthrough("world_attacks_alone", {"card_files": ("ff1.toml",), "world_attacks_alone": True},
                    seeds=1),
        Playthrough("starter_decks", {"card_files": ("ff1.toml",)}, seeds=2,
                    decks=("black_magic.txt", "warriors.txt")),
    )

    def __init__(self, options: Any = None, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        files = self.options.card_files
        self.db: CardDB = cards_from(tuple(files)) if files else default_cards()
        cards = self.cards = self.db.cards  # by index: a tuple is the fastest lookup
        self.ctype = tuple(c.type for c in cards)
        self.tjn = tuple((c.type, c.name, c.job) for c in cards)
        self.subtype = tuple(c.subtype for c in cards)
        by_name = self.options.character_unique_key == "name"
        self.unique_key = tuple(c.name if by_name else (c.name, c.job) for c in cards)
        self.steps = tuple(tuple(a.costs + a.effects for a in c.abilities) for c in cards)
        self.step_fns = tuple(tuple(tuple(s.compile() for s in steps) for steps in by_ability)
                              for by_ability in self.steps)
        self.timed: tuple[dict[str, tuple[int, ...]], ...] = tuple(
            {timing: tuple(a.index for a in c.abilities if a.timing == timing)
             for timing in {a.timing for a in c.abilities}} for c in cards)
        self.turn_ability = tuple(
            next((a for a in c.abilities if a.timing == "turn"), None) if c.type == "action" else None
            for c in cards)
        # Card text compiled to plain functions (``Condition.compile``): the hot paths' view.
        self.usage = tuple(tuple(usage(a) for a in c.abilities) for c in cards)
        self.plan = tuple((c.type, compiled(c.play), c.world, compiled(c.world_requirement)) for c in cards)
        self.attack_test = tuple(compiled(c.attack) for c in cards)
        self.attack_in_play_phase = tuple(before_combat(c.attack) for c in cards)
        # A monster (or villain) joining an attack meets its Avistar, Jogar and Mundo
        # requirements as it joins ("se cumprirem os requerimentos do Mundo e Jogar").
        self.join_tests = tuple(tuple(test for test in (compiled(c.attack), compiled(c.play),
                                                        compiled(c.world_requirement)) if test is not None)
                                for c in cards)
        self.statics = tuple(static_abilities(c) for c in cards)
        self.by_timing = {  # timing -> card index -> the usage of its abilities of that timing
            timing: tuple(tuple(self.usage[c.index][a.index] for a in c.abilities if a.timing == timing)
                          for c in cards)
            for timing in ("activated", "combat")}
        self.turn_usage = tuple(None if a is None else self.usage[a_card.index][a.index]
                                for a_card, a in zip(cards, self.turn_ability, strict=True))
        if any(len(c.abilities) >= ABILITY_KEY for c in cards):
            raise DeckError(f"a card may have at most {ABILITY_KEY - 1} abilities")
        self.auto_forced = self.options.auto_forced
        self.machine = build_machine(self.auto_forced)  # the kernel's resolution engine, FF's rules
        self.private = tuple(private_reads(c) for c in cards)
        self.any_private = frozenset(what for reads in self.private for what in reads)
        self.names = tuple(c.name for c in cards)
        self.name_list = list(self.names)  # ``card_names``: the declared state's card keys
        self.shared = Shared(self)  # what the tables of every deal share
        self._matching: dict[tuple[str | None, str | None, str | None], tuple[bool, ...]] = {}
        self._decks: dict[tuple[str, ...], tuple[int, ...]] = {}  # deck lists already validated

    def matching(self, type: str | None, name: str | None, job: str | None) -> tuple[bool, ...]:
        """Whether each card (by index) has this type, name and job (``None``: any), made once."""
        key = (type, name, job)
        table = self._matching.get(key)
        if table is None:
            table = self._matching[key] = tuple(
                (type is None or t == type) and (name is None or n == name) and (job is None or j == job)
                for t, n, j in self.tjn)
        return table

    def tables(self, decklists: tuple[tuple[int, ...], ...]) -> Tables:
        """The tables of a deal: ``decklists[p]`` lists the card index of each of player p's
        ids in id order (built per deal, cheaply: ``Shared`` keeps what deals share)."""
        return Tables(self, decklists)

    def copy_limit(self, card: Card) -> int:
        """How many copies of ``card`` a deck may hold (a villain: one)."""
        return 1 if card.type == "villain" else self.options.max_copies

    # -- decks ----------------------------------------------------------------------------
    def deck_rule(self) -> DeckRule:
        return DeckRule(self.options.deck_size, self.deck_card, self.options.max_copies)

    def deck_card(self, text: str) -> Any:
        """The card a deck's line names, as the deck rule counts it (a villain: once)."""
        card = self.db.find(text)
        if card is not None and card.type == "villain":
            return DeckCard(card.name, 1, "a villain may appear once")
        return card

    def deck_indices(self, deck: Deck, owner: str) -> tuple[int, ...]:
        key = tuple(deck)
        indices = self._decks.get(key)
        if indices is None:
            problems = self.validate_deck(list(deck))
            if problems:
                raise DeckError(f"{owner}: " + "; ".join(problems))
            if len(self._decks) > 256:
                self._decks.clear()
            indices = self._decks[key] = tuple(self.db.find(text).index for text in deck)  # type: ignore[union-attr]
        return indices

    def sample_decks(self, rng: Rng) -> list[Deck]:
        return [self.sample_deck(rng), self.sample_deck(rng)]

    def sample_deck(self, rng: Rng) -> Deck:
        """A random legal deck: about 12 characters, 22 monsters, two villains, some of the rest."""
        size = self.options.deck_size
        left = {c.index: self.copy_limit(c) for c in self.db.cards}
        deck: list[int] = []

        def take(pool: list[int], count: int) -> None:
            while count > 0:
                pool = [c for c in pool if left[c] > 0]
                if not pool:
                    return
                card = rng.choice(pool)
                left[card] -= 1
                deck.append(card)
                count -= 1

        for kind, share in DECK_MIX.items():
            take([c.index for c in self.db.cards if c.type == kind], share * size // 60)
        take([c.index for c in self.db.cards if c.type != "villain"], size - len(deck))
        if len(deck) < size:
            raise DeckError(f"the card pool cannot fill a legal deck of {size} cards "
                            f"({len(deck)} at most); load more cards or lower deck_size")
        rng.shuffle(deck)
        return [self.db[c].name for c in deck]

    def card_data_hash(self) -> str:
        return self.db.hash

    @classmethod
    def named_decks(cls) -> dict[str, list[str]]:
        return dict(starter_decks())

    # -- states ---------------------------------------------------------------------------
    def new_state(self, seed: int = 0, decks: Sequence[Deck] | None = None) -> FFTcgState:
        if decks is None:
            decks = self.sample_decks(Rng(derive_seed(seed, 1)))
        if len(decks) != 2:
            raise DeckError(f"Final Fantasy TCG needs a deck per player, got {len(decks)}")
        lists = tuple(self.deck_indices(d, f"player {p}'s deck") for p, d in enumerate(decks))
        # Instance ids by the seed (kernel/instances.py): an id says nothing of the deck file's
        # order. The deck starts in file order, so the shuffles deal the same cards as ever.
        size = self.options.deck_size
        ids = [instance_ids(seed, p, size, p * size) for p in (0, 1)]
        kinds = tuple(by_id(lists[p], ids[p], p * size) for p in (0, 1))
        state = FFTcgState(self, Tables(self, kinds, (lists, ids)), Rng(seed))
        state.deck = ids
        state.setup()
        return state

    def heuristic(self, state: State[Any], player: int) -> float:
        """Skulls weigh most, then characters (unwounded ones more), the villain, the board, the hand."""
        assert isinstance(state, FFTcgState)
        outcome = state.outcome
        if outcome is not None:
            return 0.0 if outcome.winner is None else (1000.0 if outcome.winner == player else -1000.0)
        return state.worth(player) - state.worth(1 - player)

    # -- cards, as the declared state names them -----------------------------------------
    def card_names(self) -> list[str]:
        return self.name_list

    def fill_hidden(self, pool: int | None, count: int, seen: Collection[int], rng: Rng) -> list[int]:
        """Names for the cards of a private deck list never seen, in a random order: within the
        copy limits, less the cards seen, when the card pool allows (a real deck always does);
        else repeated."""
        named = seen if isinstance(seen, Counter) else Counter(seen)
        left = [c.index for c in self.db.cards for _ in range(max(0, self.copy_limit(c) - named[c.index]))]
        rng.shuffle(left)
        while len(left) < count:  # a pool too small for the deck rules: repeat cards
            left.append(rng.below(len(self.db)))
        return left[:count]


def compiled(condition: Condition | None) -> Predicate | None:
    return None if condition is None else condition.compile()


Static = tuple[int, Predicate | None, tuple[tuple[str, str, int], ...]]
"""A static ability: its index, its condition, the changes it makes (stat, to, amount)."""


def static_abilities(card: Card) -> tuple[Static, ...]:
    """A card's static abilities as (index, condition, changes): they act through their
    ``modify_stat`` effects, each a change (stat, to, amount)."""
    out = []
    for ability in card.abilities:
        if ability.timing != "static":
            continue
        changes = []
        for step in ability.effects:
            if step.primitive.name == "modify_stat":
                params = step.params
                assert isinstance(params, ModifyStat)
                changes.append((params.stat, params.to, params.amount))
        if changes:
            out.append((ability.index, compiled(ability.condition), tuple(changes)))
    return tuple(out)


def before_combat(condition: Condition | None) -> bool | None:
    """What an attack requirement made of ``attacking_with`` checks only says in the play phase,
    when nothing attacks yet: a constant (so its plays are made once); ``None`` for the others."""
    if condition is None:
        return True
    if condition.op == "check":
        assert condition.check is not None
        return False if condition.check.primitive.name == "attacking_with" else None
    parts = [before_combat(part) for part in condition.parts]
    if None in parts:
        return None
    if condition.op == "not":
        return not parts[0]
    return all(parts) if condition.op == "all" else any(parts)


def private_reads(card: Card) -> frozenset[str]:
    """The timings (and "attack": the requirements checked as it joins an attack) of ``card``'s
    texts that look at its owner's hand or face-down cards (a place there, or Avistar, which
    sees them too): whether they can be used may not decide a forced move, or the skip would tell."""
    def reads(item: Any) -> bool:
        if item is None:
            return False
        if isinstance(item, Condition):
            return reads(item.check) or any(reads(part) for part in item.parts)
        return item.primitive.name == "sees" or getattr(item.params, "place", None) in ("hand", "hidden")

    found = {a.timing for a in card.abilities if reads(a.condition) or reads(a.target)}
    joins = reads(card.attack) or reads(card.play) or reads(card.world_requirement)
    return frozenset(found | ({"attack"} if joins else set()))


def starter_deck_paths() -> list[Path]:
    folder = Path(str(resources.files(__package__) / "data" / "decks"))
    return sorted(folder.glob("*.txt")) if folder.is_dir() else []


def starter_decks() -> list[tuple[str, Deck]]:
    """The preconstructed decks in ``data/decks/*.txt``, sorted by file name: (name, cards)."""
    return [(path.stem, read_deck(path).cards) for path in starter_deck_paths()]
