"""Final Fantasy TCG: the game (cards, decks, setup) and its states.

The state's data and card moves are ``host.Board``; the rules are functions of the state by
subject: ``legal.py`` (the legal actions), ``turn.py`` (draw, play phase, abilities, end of
turn), ``combat.py`` (attacks, fights, the end), ``machine.py`` (what runs by itself, and
which rule plays each action). ``FFTcgState`` adds the kernel's ``State`` contract: setup,
checked moves, outcome, views, text.
Hot paths work on instance ids and flat lists; views and events are built when asked for.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from ...kernel.actions import Action, Decision
from ...kernel.decks import read_deck
from ...kernel.effects import Condition, Predicate
from ...kernel.errors import DeckError, IllegalAction
from ...kernel.events import Event
from ...kernel.game import Deck, Game, Outcome, State
from ...kernel.instances import by_id, instance_ids
from ...kernel.rng import Rng, derive_seed
from ...kernel.zones import Visibility, Zone
from .cards import Card, CardDB, cards_from, default_cards
from .host import NO_FIGHT, WINDOWS, Board, shuffle
from .legal import compute_legal, usage
from .machine import ASK_KINDS, HANDLERS, build_machine
from .options import FFTcgOptions
from .records import ABILITY_KEY, Result
from .tables import Shared, Tables
from .turn import start_turn

CUT_TIES = 20  # ties in a row at the cut before the seed decides (a deck of equal Sorte)
DECK_MIX = {"villain": 2, "character": 12, "monster": 22, "item": 8, "action": 10, "city": 4}


class FFTcg(Game):
    """Final Fantasy TCG (the Brazilian fan game): characters defend against monsters."""

    name = "ff-tcg"
    title = "Final Fantasy TCG"
    aliases = ("fftcg", "ff", "ff_tcg", "final-fantasy-tcg")
    summary = "Final Fantasy fan TCG: characters hold off monsters; 7 skulls or a beaten villain lose"
    Options = FFTcgOptions
    options: FFTcgOptions
    example_options: ClassVar[list[dict[str, Any]]] = [
        {},
        {"deckout_policy": "lose", "luck_card_to": "deck_bottom", "character_unique_key": "name",
         "skulls_to_lose": 4, "deck_size": 40},
        {"private_decklists": True, "deckout_policy": "skip", "villains_to_defeat": 2, "first_player": 1,
         "turn_limit": 30},
        {"post_reveal_window": True},
        {"world_attacks_alone": True},
    ]

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
        self.statics = tuple(  # static abilities act through their modify_stat effects
            tuple((a.index, compiled(a.condition), tuple((s.params.stat, s.params.to, s.params.amount)
                                                         for s in steps))
                  for a in c.abilities if a.timing == "static"
                  for steps in [tuple(s for s in a.effects if s.primitive.name == "modify_stat")] if steps)
            for c in cards)
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

    # -- decks ----------------------------------------------------------------------------
    def validate_deck(self, deck: Deck) -> list[str]:
        opts = self.options
        problems: list[str] = []
        counts: Counter[str] = Counter()
        first: dict[str, int] = {}
        for i, text in enumerate(deck, start=1):
            card = self.db.find(text)
            if card is None:
                problems.append(f"card {i}: no card named {text!r}")
                continue
            counts[card.name] += 1
            first.setdefault(card.name, i)
            limit = 1 if card.type == "villain" else opts.max_copies
            if counts[card.name] == limit + 1:
                what = "a villain may appear once" if card.type == "villain" else f"at most {limit} copies"
                problems.append(f"card {i}: one {card.name} too many ({what}; the first is card "
                                f"{first[card.name]})")
        if len(deck) != opts.deck_size:
            problems.append(f"a deck holds exactly {opts.deck_size} cards; this one has {len(deck)}")
        return problems

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
        opts = self.options
        size = opts.deck_size
        left = {c.index: (1 if c.type == "villain" else opts.max_copies) for c in self.db.cards}
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

    def state_from_json(self, data: dict[str, Any]) -> FFTcgState:
        from .state_json import state_from_json

        return state_from_json(self, data)

    def state_from_notation(self, text: str) -> FFTcgState:
        from .state_json import state_from_notation

        return state_from_notation(self, text)

    def determinize(self, view: dict[str, Any], rng: Rng) -> FFTcgState:
        from .hidden import determinize

        return determinize(self, view, rng)

    def redeal_hidden(self, state: State, viewer: int | None, rng: Rng) -> FFTcgState:
        from .hidden import redeal_hidden

        assert isinstance(state, FFTcgState)
        return redeal_hidden(state, viewer, rng)

    def heuristic(self, state: State, player: int) -> float:
        """Skulls weigh most, then characters (unwounded ones more), the villain, the board, the hand."""
        assert isinstance(state, FFTcgState)
        outcome = state.outcome
        if outcome is not None:
            return 0.0 if outcome.winner is None else (1000.0 if outcome.winner == player else -1000.0)
        return state.worth(player) - state.worth(1 - player)


class FFTcgState(Board):
    """A Final Fantasy TCG position under the kernel's ``State`` contract."""

    __slots__ = ()

    # -- setup ------------------------------------------------------------------------------
    def setup(self) -> None:
        """FF2: shuffle; the cut shows each deck's bottom card, higher Sorte starts; ties cut
        again; then both decks are shuffled once more. Then five cards each (FF1)."""
        rng, deck, luck = self.rng, self.deck, self.game.cards
        for p in (0, 1):
            shuffle(rng, deck[p])
        first = self.game.options.first_player
        ties = 0
        while first is None:
            shown = (deck[0][0], deck[1][0])
            values = [luck[self.t.kind[c]].luck for c in shown]
            self.log.append(("cut", shown))
            if values[0] != values[1]:
                first = int(values[1] > values[0])
            else:
                ties += 1
                if ties >= CUT_TIES:
                    first = rng.below(2)
            for p in (0, 1):
                shuffle(rng, deck[p])
        self.first = self.active = first
        self.log.append(("first", first))
        for p in (0, 1):
            self.draw(p, self.game.options.hand_size)
        start_turn(self)
        self.game.machine.advance(self)

    # -- moves --------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        legal = self.legal
        if legal is None:
            legal = self.legal = compute_legal(self)
        return legal[:]

    def apply(self, action: Action, player: int) -> None:
        """Check, then play ``action``; the common legal case is found by identity."""
        decisions = self.decisions
        if not decisions or decisions[-1].player != player:
            raise IllegalAction(self.refusal(player) or f"'{action}' is not legal now")
        legal = self.legal
        if legal is None:
            legal = compute_legal(self)
        for candidate in legal:
            if candidate is action:  # ``apply_unchecked``, written out
                self.legal = None
                self.version += 1
                HANDLERS[type(action)](self, action)
                self.game.machine.advance(self)
                return
        if action in legal:
            self.apply_unchecked(action)
            return
        raise IllegalAction(self.illegal_reason(action, player) or f"'{action}' is not legal now")

    def apply_unchecked(self, action: Action) -> None:
        self.legal = None
        self.version += 1
        HANDLERS[type(action)](self, action)
        self.game.machine.advance(self)

    def illegal_reason(self, action: Action, player: int) -> str | None:
        from .reasons import illegal_reason

        return illegal_reason(self, action, player)

    def parse_action(self, text: str, player: int) -> Action:
        from .notation import parse_action

        return parse_action(self, text, player)

    def decision_prompt(self, decision: Decision) -> str:
        from .reasons import WHAT

        return WHAT[decision.kind]

    def default_action(self, decision: Decision) -> Action:
        from .reasons import default_action

        return default_action(self, decision)

    # -- results ------------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        winner, reason = self.result
        scores = (0.5, 0.5) if winner is None else ((1.0, 0.0) if winner == 0 else (0.0, 1.0))
        ranks = (0, 0) if winner is None else ((0, 1) if winner == 0 else (1, 0))
        return Outcome(winner, scores, reason, ranks, {
            "turns": self.turn, "skulls": [len(self.skulls[0]), len(self.skulls[1])],
            "villains_defeated": list(self.defeated),
        })

    def end_as_draw(self, reason: str) -> None:
        """The kernel's decision limits: a draw."""
        self.decisions.clear()
        self.res.clear()
        self.legal = []
        self.result = Result(None, reason)

    def worth(self, p: int) -> float:
        """The heuristic's material count for player ``p``, with the attack under way judged
        by power alone (a luck card is worth about the same to both sides)."""
        cards, kind = self.game.cards, self.t.kind
        value = 4.0 * len(self.skulls[p]) + 0.3 * len(self.hand[p]) + 0.2 * len(self.hidden[p])
        for c in self.chars[p]:
            value += (1.5 if c in self.wounded else 3.0) + 0.2 * cards[kind[c]].power
        value += 0.5 * len(self.items[p])
        for c in self.world[p] + self.city_mons[1 - p]:
            value += 0.6 + 0.1 * cards[kind[c]].power
        value -= 30.0 * self.defeated[p]
        if self.attackers and self.mside == p:
            value += self.attack_outlook()
        return value

    def attack_outlook(self) -> float:
        """What the monster side may expect from the monsters still attacking."""
        bonuses = self.all_static_bonuses()
        power, defense = bonuses["power"], bonuses["defense"]

        def total(card: int) -> int:
            return self.stat(card, "power", power) + self.stat(card, "defense", defense)

        defenders = self.chars[self.cside]
        if self.fight_char == -1:  # a villain against all characters: a defeat loses the game
            return 4.0 if total(self.fight_mons[0]) >= sum(map(total, defenders)) + 1 else -30.0
        if not defenders:
            return 4.0 * len(self.attackers)
        best = max(defenders, key=total)
        groups: dict[int, list[int]] = {}
        for m in self.attackers:
            groups.setdefault(self.assigned.get(m, best), []).append(m)
        value = 0.0
        for character, monsters in groups.items():
            if character not in defenders or sum(map(total, monsters)) >= total(character):
                value += 4.0 + (3.0 if character in self.wounded else 1.5)
            else:
                value -= 0.8 * len(monsters)
        return value

    # -- views ----------------------------------------------------------------------------
    def zones(self) -> list[Zone]:
        label = self.t.label
        out = []
        for p in (0, 1):
            for name, attr, seen in ZONE_VIEWS:
                out.append(Zone(f"{name}{p}", p, seen, [label[c] for c in getattr(self, attr)[p]]))
        out.append(Zone("combat", None, Visibility.PUBLIC, [label[c] for c in self.attackers]))
        out.append(Zone("luck", None, Visibility.PUBLIC, [label[c] for c in self.luck]))
        return out

    def info(self, viewer: int | None) -> dict[str, Any]:
        from .notation import info

        return info(self, viewer)

    @property
    def events(self) -> list[Event]:  # type: ignore[override]
        from .notation import events_of

        return events_of(self)

    def event_count(self) -> int:
        return len(self.log)  # one event per log entry

    def events_from(self, index: int) -> list[Event]:
        from .notation import events_of

        return events_of(self, index)

    # -- text ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        from .state_json import state_to_json

        return state_to_json(self)

    def to_notation(self) -> str:
        from .state_json import state_to_notation

        return state_to_notation(self)

    def clone(self) -> FFTcgState:
        new = super().clone()
        assert isinstance(new, FFTcgState)
        return new

    def check_invariants(self) -> None:
        problems = self.problems()
        if problems:
            raise AssertionError(problems[0])

    def problems(self) -> list[str]:
        """What is wrong with this position (nothing, normally): every card in exactly one
        zone, the side tables on cards in play, the decisions in step with the resolution and
        the fight. Real checks (a loaded state is refused on the first one), not asserts."""
        size, opts, res = self.t.size, self.game.options, self.res
        out: list[str] = []
        seen: list[int] = []
        for name in self.ZONES:
            zone = getattr(self, name)
            for p in (0, 1):
                seen += zone[p]
                low = (1 - p if name == "city_mons" else p) * size  # ids low..low+size-1 are one side's
                if zone[p] and (min(zone[p]) < low or max(zone[p]) >= low + size):
                    out.append(f"a card of another player in {name}[{p}]")
        seen += self.attackers + self.luck
        if len(seen) != 2 * size or len(set(seen)) != 2 * size:
            out.append("a card is lost or duplicated")
            return out
        chars = self.chars[0] + self.chars[1]
        if max(len(self.hidden[0]), len(self.hidden[1])) > opts.max_hidden:
            out.append("too many hidden cards")
        if max(len(self.chars[0]), len(self.chars[1])) > opts.max_characters:
            out.append("too many characters")
        for item in self.items[0] + self.items[1]:
            if self.on.get(item) not in self.chars[item // size]:
                out.append(f"item {item} is on no character of its own")
        for p in (0, 1):
            for m in self.city_mons[p]:
                if self.on.get(m) not in self.cities[p]:
                    out.append(f"monster {m} is on no city of player {p}")
        if set(self.on) - set(self.items[0] + self.items[1] + self.city_mons[0] + self.city_mons[1]):
            out.append("on: a card that is neither an item nor a monster on a city")
        if not self.wounded <= set(chars):
            out.append("a wounded card is not a character in play")
        if not set(self.assigned) <= set(self.attackers):
            out.append("an assigned monster is not attacking")
        if self.fight_char >= 0 and self.game.ctype[self.t.kind[self.fight_char]] != "character":
            out.append("fight_char is not a character")
        asks = [d for d in self.decisions if d.kind in ASK_KINDS]
        if [(a.player, a.kind) for a in res.asks] != [(d.player, d.kind) for d in asks]:
            out.append("asks and decisions out of step")
        others = [d for d in self.decisions if d.kind not in ASK_KINDS]
        in_window = bool(others) and others[-1].kind in WINDOWS
        window = res.windows[-1] if res.windows else None
        if len(res.windows) > 1 or in_window != (window is not None) or (window is not None and (
                (others[-1].player, others[-1].kind) != (window.holder, window.kind)
                or window.order != (self.cside, self.mside) or self.fight_char == NO_FIGHT)):
            out.append("the effect window and the decisions are out of step")
        if others and others[-1].kind == "assign" and not set(self.attackers) - set(self.assigned):
            out.append("an assign decision with every attacker assigned")
        if (self.result is None) == (not self.decisions):
            out.append("a game goes on while a player must decide, and only then")
        if self.result is not None and (res.busy or res.asks or res.windows or res.stack):
            out.append("a finished game with effects still pending")
        return out


ZONE_VIEWS = (
    ("deck", "deck", Visibility.HIDDEN), ("hand", "hand", Visibility.OWNER),
    ("hidden", "hidden", Visibility.OWNER), ("characters", "chars", Visibility.PUBLIC),
    ("items", "items", Visibility.PUBLIC), ("world", "world", Visibility.PUBLIC),
    ("cities", "cities", Visibility.PUBLIC), ("city_monsters", "city_mons", Visibility.PUBLIC),
    ("skulls", "skulls", Visibility.PUBLIC), ("discard", "discard", Visibility.PUBLIC),
    ("resolving", "resolving", Visibility.PUBLIC),
)

def compiled(condition: Condition | None) -> Predicate | None:
    return None if condition is None else condition.compile()


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
    from importlib import resources

    folder = Path(str(resources.files(__package__) / "data" / "decks"))
    return sorted(folder.glob("*.txt")) if folder.is_dir() else []


def starter_decks() -> list[tuple[str, Deck]]:
    """The preconstructed decks in ``data/decks/*.txt``, sorted by file name: (name, cards)."""
    return [(path.stem, read_deck(path).cards) for path in starter_deck_paths()]
