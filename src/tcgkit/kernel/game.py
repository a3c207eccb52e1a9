"""The Game and State contracts every game implements (the OpenSpiel shape).

A ``Game`` is immutable: its validated options and card database. A ``State`` is one
position: mutable, cheap to clone, fully determined by options + seed + decks + actions.
"""

from __future__ import annotations

import json
from abc import ABC, ABCMeta, abstractmethod
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from . import rules_text
from .about import Playthrough
from .actions import Action, Decision
from .card_files import read_paths
from .collecting import CollectionRules
from .deck_rule import DeckRule
from .declared_scene import SceneSpec, declared_scene
from .determinize import determinize, rebuild_by_player, redeal_hidden
from .errors import IllegalAction, NotationError, OptionsError, TcgkitError
from .events import Event, redact
from .limits import Limits
from .notation import parse_legal
from .rng import Rng
from .scene import CardTable, Catalogue, Scene, Sentence, plain_scene, say
from .state import compile_spec, derived

Deck = list[str]
"""A deck as the kernel sees it: card identifiers (names) in the game's own spelling."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    ``winner`` is the single winner, or ``None`` on a draw (or a shared first place).
    ``ranks`` gives each player's place, 0 best, equal places for ties, counted as in
    sports: a player's rank is how many players did strictly better (``(1, 0, 1, 3)``).
    ``eliminated`` lists the players knocked out, first out first (empty in games without
    elimination; ``from_elimination`` derives the ranks from it).
    """

    winner: int | None
    scores: tuple[float, ...]
    reason: str
    ranks: tuple[int, ...]
    details: dict[str, Any] = field(default_factory=dict)
    eliminated: tuple[int, ...] = ()

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def returns(self) -> tuple[float, ...]:
        """Each player's return for search, by place: see ``rank_returns`` (two players:
        +1 for the winner, -1 for the loser, 0 each on a draw)."""
        return rank_returns(self.ranks)

    def to_json(self) -> dict[str, Any]:
        data = {
            "winner": self.winner,
            "scores": list(self.scores),
            "reason": self.reason,
            "ranks": list(self.ranks),
            "details": self.details,
        }
        if self.eliminated:  # absent without elimination: views of such games stay as they were
            data["eliminated"] = list(self.eliminated)
        return data

    @staticmethod
    def from_scores(scores: Sequence[float], reason: str, **details: Any) -> Outcome:
        """Rank players by score, higher is better; a tie for first is a draw."""
        ranks = tuple(sum(other > s for other in scores) for s in scores)
        firsts = [p for p, r in enumerate(ranks) if r == 0]
        winner = firsts[0] if len(firsts) == 1 else None
        return Outcome(winner, tuple(scores), reason, ranks, details)

    @staticmethod
    def from_elimination(
        players: int, eliminated: Sequence[int | Sequence[int]], reason: str,
        scores: Sequence[float] | None = None, **details: Any,
    ) -> Outcome:
        """The outcome of an elimination game: ``eliminated`` in the order players went out,
        an entry being a player or a group that went out at once (they share a place).

        The players still in are ahead of everyone out; among themselves they rank by
        ``scores`` (higher is better) when given, else they share first place. The last
        player out is next, the first player out last. ``scores`` defaults to how many
        players went out before each one (the survivors: everyone out).
        """
        groups = [(entry,) if isinstance(entry, int) else tuple(entry) for entry in eliminated]
        order = [p for group in groups for p in group]
        if len(set(order)) != len(order) or not all(0 <= p < players for p in order):
            raise ValueError(f"eliminated {order}: each of players 0..{players - 1} at most once")
        survivors = [p for p in range(players) if p not in order]
        if scores is not None and len(scores) != players:
            raise ValueError(f"{len(scores)} scores for {players} players")
        ranks = [0] * players
        for p in survivors:
            ranks[p] = 0 if scores is None else sum(scores[q] > scores[p] for q in survivors)
        ahead = len(survivors)
        for group in reversed(groups):  # the last out is the best placed of those out
            for p in group:
                ranks[p] = ahead
            ahead += len(group)
        outlasted = [sum(r > ranks[p] for r in ranks) for p in range(players)]
        firsts = [p for p in range(players) if ranks[p] == 0]
        return Outcome(
            firsts[0] if len(firsts) == 1 else None,
            tuple(float(s) for s in (outlasted if scores is None else scores)),
            reason, tuple(ranks), details, tuple(order),
        )


@lru_cache(maxsize=4096)
def rank_returns(ranks: tuple[int, ...]) -> tuple[float, ...]:
    """Each player's return from the places, zero-sum and in [-1, 1].

    Place ``k`` (0 best) of ``n`` is worth ``1 - 2 k / (n - 1)``, from +1 for first down to
    -1 for last, in equal steps; players tied on a rank share the mean of the places they
    occupy (two tied at rank 1 of four: the mean of places 1 and 2, i.e. 0). With two
    players this is +1 for the winner, -1 for the loser and 0 each on a draw; with three,
    +1, 0, -1. A single player gets 0.
    """
    n = len(ranks)
    if n < 2:
        return (0.0,) * n
    tied = Counter(ranks)
    step = 2.0 / (n - 1)
    # Places r .. r + c - 1 have the mean value 1 - step * (r + (c - 1) / 2).
    return tuple(1.0 - step * (r + (tied[r] - 1) / 2) for r in ranks)


GameT = TypeVar("GameT", bound="Game")


class StateMeta(ABCMeta):
    """Makes a state class's ``__slots__`` from its ``SPEC`` (declared once: a state is cloned
    often, and kept small) and compiles the declaration (``kernel/state.py``)."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any],
                **kwargs: Any) -> StateMeta:
        spec = namespace.get("SPEC")
        if spec is not None and "__slots__" not in namespace:
            inherited = {slot for base in bases for klass in base.__mro__
                         for slot in getattr(klass, "__slots__", ())}
            namespace["__slots__"] = tuple(s for s in spec.slots() if s not in inherited)
        cls = super().__new__(mcs, name, bases, namespace, **kwargs)
        compile_spec(cls)
        return cls


class State(ABC, Generic[GameT], metaclass=StateMeta):
    """One position of a game, typed by its game (``State[TripleTriad]``).

    A game's state class declares ``SPEC`` (``kernel/state.py``): its zones, fields and log.
    The kernel derives from it the slots, ``clone``, ``to_json`` (and ``Game.state_from_json``),
    ``view``, the events, the conservation check and the hidden-card dealing; the class writes
    the rules (``legal_actions``, ``apply_unchecked``, ``outcome``...). ``decisions`` is the
    stack of pending choices (the top is asked now), ``log`` what happened, ``version`` the
    actions applied.
    """

    __slots__ = ()
    SPEC: ClassVar[Any] = None

    game: GameT
    decisions: list[Decision]
    log: list[tuple[Any, ...]]
    """What happened: one entry per event, as the declaration's ``log`` types them."""
    version: int
    """How many actions were applied since the start: each ``apply_unchecked`` adds one;
    ``clone`` and JSON keep it. A server tags what it sends with it."""

    # -- whose decision ---------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The one player who must decide now, or ``None`` when the game is over."""
        return self.decisions[-1].player if self.decisions else None

    @property
    def pending(self) -> Decision | None:
        return self.decisions[-1] if self.decisions else None

    @property
    def is_terminal(self) -> bool:
        return not self.decisions

    def decision_for(self, viewer: int | None) -> Decision | None:
        """The pending decision as ``viewer`` may know it: kind, player and secrecy for
        everyone; the default action (what a turn timer takes) for the decider only. What it
        asks, in words, is the scene's (``scene(viewer).pending.prompt``)."""
        pending = self.pending
        if pending is None or viewer != pending.player:
            return pending
        return replace(pending, default=self.default_action(pending))

    @abstractmethod
    def default_action(self, decision: Decision) -> Action:
        """The legal action a turn timer takes for the pending ``decision``: chosen from
        what its player may see only, so taking it reveals nothing."""

    def refusal(self, player: int) -> str | None:
        """Why ``player`` may not act now (the game is over, or another player decides),
        or ``None``. Only public facts: every game's ``illegal_reason`` asks this first."""
        pending = self.pending
        if pending is None:
            return "the game is over"
        if player != pending.player:
            return f"it is player {pending.player}'s decision ({pending.kind}), not player {player}'s"
        return None

    # -- moves --------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action ``to_move`` may take now; empty only when the game is over."""

    def illegal_reason(self, action: Action, player: int) -> str | None:
        """Why ``player`` may not take ``action`` now, or ``None`` when it is legal. The
        text depends only on what ``player`` may see.

        Games override this with precise reasons; the default compares with the legal list.
        """
        refused = self.refusal(player)
        if refused is not None:
            return refused
        if action not in self.legal_actions():
            return f"{action} is not a legal action now"
        return None

    def apply(self, action: Action, player: int) -> None:
        """Check, then play ``action`` for ``player``. An illegal action (or a player who
        is not ``to_move``) raises ``IllegalAction`` and changes nothing."""
        reason = self.illegal_reason(action, player)
        if reason is not None:
            raise IllegalAction(reason)
        self.apply_unchecked(action)

    def end_as_draw(self, reason: str) -> None:
        """End the game now as a draw for ``reason`` (the decision limits, ``limits.py``):
        nothing left to decide, ``outcome`` a draw naming the reason. Each game implements
        it on its own record of the result."""
        raise NotImplementedError(f"{self.game.name} cannot end a game as a draw")

    @abstractmethod
    def apply_unchecked(self, action: Action) -> None:
        """Play ``action`` for ``to_move`` without checking it (search over legal actions
        only). Adds one to ``version``."""

    def parse_action(self, text: str, player: int) -> Action:
        """Read an action's notation as ``player`` wrote it (names resolve against what that
        player may see); ``NotationError`` says what is wrong in words that reveal nothing
        hidden from ``player``. The game's notation module reads it, or the kernel matches it
        against the legal actions (``Game.parse_action``)."""
        action: Action = self.game.parse_action(self, text, player)
        return action

    def clone(self) -> State[GameT]:
        """A copy to play on (search): generated from the declaration, as fast as by hand."""
        made: State[GameT] = derived(self).clone(self)
        return made

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """Winner, scores and why the game ended; ``None`` while it goes on."""

    # -- what players may know ------------------------------------------------------------
    def info(self, viewer: int | None) -> dict[str, Any]:
        """What ``viewer`` may know beyond the declared zones and fields: values worked out
        from them that a front end should not have to work out again (few games need any)."""
        return {}

    def view(self, player: int | None) -> dict[str, Any]:
        """All that ``player`` may know, and nothing more; ``None`` is a spectator. Derived
        from the declaration: each zone as its owner and count, with its cards where the viewer
        sees them (``null`` an empty cell, ``false`` a card face down); each field the viewer
        may see (``seen`` lists those shown entry by entry, to their own player only); the
        decision stack; the outcome."""
        view: dict[str, Any] = derived(self).view(self, player)
        return view

    @property
    def events(self) -> list[Event]:
        """Every event so far, unredacted: one per entry of the declared log."""
        return derived(self).events(self, 0)

    def scene(self, viewer: int | None, since: int = 0) -> Scene:
        """What ``viewer`` sees now as a ``Scene`` (``Game.scene`` of its view, its legal
        actions when it is to move, the events since ``since``, and its default)."""
        view = self.view(viewer)
        mine = viewer is not None and self.to_move == viewer
        decision = self.decision_for(viewer)
        default = None if decision is None else decision.default
        return self.game.scene(view, self.legal_actions() if mine else [], self.events_since(since, viewer),
                               default)

    def event_count(self) -> int:
        """How many events happened so far: the cursor to give ``events_since`` next time."""
        return len(self.log)

    def events_from(self, index: int) -> list[Event]:
        """The events from number ``index`` on, unredacted (only the tail is built)."""
        return derived(self).events(self, index)

    def events_since(self, index: int = 0, viewer: int | None = None) -> list[dict[str, Any]]:
        """The events from number ``index`` on, as ``viewer`` may see them. A client keeps
        ``event_count()`` as its cursor and asks again from there."""
        if index < 0:
            raise ValueError(f"event cursor {index} is negative")
        return redact(self.events_from(index), viewer)

    # -- serialization ----------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The full state (hidden parts included) as keyed JSON-ready data, from the declaration."""
        data: dict[str, Any] = derived(self).to_json(self)
        return data

    def to_notation(self) -> str:
        """The full state as the game's position notation: compact JSON, unless the game has a
        one-line form of its own (Triple Triad: ``Game.format_state``)."""
        text: str = self.game.format_state(self)
        return text

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` when a card is lost, duplicated or misplaced (the declared
        conservation), or the game's own ``problems`` find something wrong."""
        problems = derived(self).problems(self)
        if problems:
            raise AssertionError("; ".join(problems))

    def problems(self) -> list[str]:
        """What the game itself finds wrong with this position, beyond conservation (empty
        normally): real checks, since a state read from outside is refused on the first one."""
        return []

    def record(self, kind: str, **data: Any) -> None:
        """Append a log entry of ``kind``, its fields given by name (for rules that log from
        many places; the hot paths append the tuple themselves)."""
        entry = derived(self).entries[kind]
        self.log.append((kind, *[data[name] for name in entry.names]))

    def after_load(self) -> None:
        """Make the ``derived`` attributes again (tables of the deal) after the declared ones
        were read or dealt: ``state_from_json`` and ``determinize`` call it."""

    def __repr__(self) -> str:
        return f"{type(self.game).__name__}.state_from_notation({self.to_notation()!r})"


class SceneModule(Protocol):
    """What a game's ``scene.py`` gives its ``Game`` (``Game.scene_module``): its message
    catalogue and either the scene builder, ``scene(game, view, actions, events, default)``, or
    the declared scene ``SCENE`` (a ``SceneSpec``, ``kernel/declared_scene.py``); where it has
    them, ``STYLES`` (terminal styles), ``card_table`` and ``rules_summary`` (each a function of
    the game), ``HOW_TO_PLAY`` and ``GLOSSARY``. What it leaves out is the kernel's default: no
    styles, no card table, the non-default options."""

    MESSAGES: Catalogue


@cache
def checked_scene(game_class: type[Game]) -> SceneSpec | None:
    """The game's declared scene checked once against its state's declaration (a zone or field
    it names that the state lacks is a ``ValueError``), or ``None`` for a scene written by hand."""
    spec = getattr(game_class.scene_module, "SCENE", None)
    if spec is None or hasattr(game_class.scene_module, "scene"):
        return None
    checked: SceneSpec = spec.check(game_class.state_class.SPEC)
    return checked


class NotationModule(Protocol):
    """What a game's ``notation.py`` gives its ``Game`` (``Game.notation_module``)."""

    def parse_action(self, state: Any, text: str, player: int) -> Action: ...


class NoOptions(BaseModel):
    """The options of a game that has none of its own (the kernel keeps ``players``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Game(ABC):
    """A game with fixed options and card data; makes and reads states."""

    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    summary: ClassVar[str] = ""
    """One line for ``tcgkit games``."""
    Options: ClassVar[type[BaseModel]] = NoOptions
    state_class: ClassVar[type[State[Any]]]
    """The game's state class: ``state_from_json``, ``determinize`` and ``redeal_hidden`` are
    derived from its declaration."""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    example_options: ClassVar[list[dict[str, Any]]] = [{}]
    """Representative option sets: the conformance suite plays each of them."""
    choice_words: ClassVar[dict[str, str]] = {}
    """The lobby's words of each fixed option value, ``FIELD.VALUE`` (``about.py``)."""
    playthroughs: ClassVar[tuple[Playthrough, ...]] = ()
    """The seeded games recorded as test data (``about.py``, ``scripts/playthroughs.py``)."""
    scene_module: SceneModule | None = None
    """The game's ``scene.py``: ``scene``, ``messages``, ``styles``, ``card_table`` and
    ``rules_summary`` read it; without one, every zone and event is shown as it is."""
    notation_module: NotationModule | None = None
    """The game's ``notation.py``: ``parse_action`` reads it; without one, a typed move is
    matched against the legal actions' notation."""
    play_events: ClassVar[dict[str, str]] = {"place": "card", "pick": "value", "play": "card"}
    """The events that put a card of their ``player`` into play, each with the field naming
    that card: what a designer's per-card "played" counts (``sim``)."""

    def played_card(self, event: dict[str, Any]) -> Any:
        """The card an event (``{"kind": ..., **data}``) puts into play for its player, or
        ``None``: by ``play_events``; a game whose event kind covers other things too narrows
        it here."""
        field = self.play_events.get(event["kind"])
        return None if field is None else event.get(field)

    def __init__(self, options: BaseModel | dict[str, Any] | None = None, **kwargs: Any) -> None:
        if isinstance(options, BaseModel):
            # Validated as a dict, so overrides are checked like any other option.
            options = options.model_dump()
        # A pathlib.Path value is a card file to read; the options keep its content hash.
        values = {key: read_paths(value) for key, value in {**(options or {}), **kwargs}.items()}
        self.players = self._check_players(values.pop("players", self.min_players))
        self.limits = Limits.take(self.name, values)
        try:
            self.options = self.Options.model_validate(values)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in err['loc']) or 'options'}: "
                f"{err['msg'].removeprefix('Value error, ')}"
                for err in exc.errors()
            )
            raise OptionsError(f"{self.name} options: {problems}") from None
        checked_scene(type(self))  # a declared scene naming what the state lacks fails here

    def _check_players(self, players: Any) -> int:
        """The ``players`` option, kept by the kernel beside the game's own ``Options``."""
        low, high = self.min_players, self.max_players
        allowed = f"exactly {low}" if low == high else f"{low} to {high}"
        if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
            raise OptionsError(
                f"{self.name} options: players: {self.title} is played by {allowed} players, "
                f"got {players!r}"
            )
        return players

    @property
    def num_players(self) -> int:
        """The players of this match: the ``players`` option (``min_players`` by default)."""
        return self.players

    @classmethod
    def variable_players(cls) -> bool:
        """Whether the number of players is an option of this game (``min_players`` <
        ``max_players``): only then is ``players`` part of the options' dump, so the views,
        records and state files of fixed-count games stay as they were."""
        return cls.min_players < cls.max_players

    def options_dump(self) -> dict[str, Any]:
        """The options as JSON-ready data, ``players`` included when the game varies it."""
        data = self.options.model_dump(mode="json")
        if self.variable_players():
            data["players"] = self.players
        return {**data, **self.limits.dump()}

    @abstractmethod
    def new_state(self, seed: int = 0, decks: Sequence[Deck] | None = None) -> State[Any]:
        """A game at its start. ``decks=None`` draws decks from the card pool by the seed."""

    def deck_rule(self) -> DeckRule | None:
        """The game's deck rule (``kernel/deck_rule.py``: a size, copies per card, a card's own
        limit), which ``validate_deck`` applies; ``None`` for a game that checks decks itself."""
        return None

    def validate_deck(self, deck: Deck) -> list[str]:
        """The problems with a deck (empty when it is legal), each naming the card: by default
        those of ``deck_rule``; a game with more to check overrides this and calls it."""
        rule = self.deck_rule()
        if rule is None:
            raise NotImplementedError(f"{self.name} declares no deck rule and checks no deck")
        return rule.problems(deck)

    @abstractmethod
    def sample_decks(self, rng: Rng) -> list[Deck]:
        """Legal decks drawn from the card pool, as ``new_state`` takes them: one per
        player, or the one shared deck of a game that deals both players from it."""

    def state_from_json(self, data: dict[str, Any]) -> State[Any]:
        """A state from ``State.to_json``'s form, every value checked against the declaration:
        anything wrong is one ``NotationError`` naming the field, and nothing half-read."""
        state: State[Any] = derived(self.state_class).from_json(self, data)
        return state

    def parse_action(self, state: Any, text: str, player: int) -> Action:
        """``state.parse_action``: the game's notation read against ``state`` for ``player``;
        without a notation module, ``text`` matched against the legal actions' notation
        (``kernel/notation.py``)."""
        if self.notation_module is None:
            return parse_legal(state, text, player)
        return self.notation_module.parse_action(state, text, player)

    def format_state(self, state: Any) -> str:
        """``state.to_notation``: compact JSON, unless the game has a one-line form of its own."""
        return json.dumps(state.to_json(), separators=(",", ":"))

    def state_from_notation(self, text: str) -> State[Any]:
        """A state from ``State.to_notation`` (JSON, unless the game has a form of its own)."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError) as exc:
            problem = exc.msg if isinstance(exc, json.JSONDecodeError) else "nested too deeply"
            raise NotationError(f"position: not JSON ({problem})") from None
        return self.state_from_json(data)

    @abstractmethod
    def card_data_hash(self) -> str:
        """A short hash of the card data, recorded in replays."""

    def determinize(self, view: dict[str, Any], rng: Rng) -> State[Any]:
        """A full state consistent with everything in ``view`` (hidden parts sampled), derived
        from the declaration (``kernel/determinize.py``)."""
        made: State[Any] = determinize(self, view, rng)
        return made

    def redeal_hidden(self, state: State[Any], viewer: int | None, rng: Rng) -> State[Any]:
        """A copy of ``state`` with everything ``viewer`` cannot see drawn anew (hidden
        hands, deck orders, face-down cards, hidden fields, the generator), the rest untouched.
        The conformance suite checks that ``viewer``'s view, events and scene are the same."""
        new: State[Any] = redeal_hidden(state, viewer, rng)
        return new

    # -- cards, as the declaration names them ----------------------------------------------
    def card_count(self) -> int:
        """How many cards the card table holds (catalogue games)."""
        raise NotImplementedError(f"{self.name} does not say how many cards it has")

    def card_key(self, card: int) -> str | int:
        """The key of a card of the table in JSON and views (a catalogue game's name or label)."""
        raise NotImplementedError(f"{self.name} does not name its cards")

    def card_names(self) -> list[str]:
        """The name of each card of the table, by index (instance games' keys are ``Name#id``)."""
        raise NotImplementedError(f"{self.name} does not name its cards")

    def fill_hidden(self, pool: int | None, count: int, seen: Collection[int], rng: Rng) -> list[int]:
        """``count`` cards of the table, in a random order, for hidden slots of ``pool`` when
        its deck list is not known whole (``seen``: the pool's cards in view). Instance games:
        names for the ids a private list never showed (``seen``: the names given, counted)."""
        raise ValueError(f"{self.title}: a deck list is unknown and the game draws no cards for it")

    def rebuild_decklists(self, state: State[Any], unknown: list[int]) -> None:
        """After a deal, the deck lists of the players in ``unknown`` (those the viewer did
        not know) made consistent with where the cards now lie: by default each is every card
        of that player's pool."""
        rebuild_by_player(state, unknown)

    def heuristic(self, state: State[Any], player: int) -> float:
        """How good ``state`` looks for ``player`` (higher is better); used by greedy play."""
        outcome = state.outcome
        return outcome.scores[player] if outcome else 0.0

    def potential(self, state: State[Any], player: int) -> float:
        """A learner's shaping potential for ``player`` (the research environments' ``shaping``
        rewards its gains); the heuristic unless a game knows better. Read only what
        ``player`` may see, or what follows from it."""
        return self.heuristic(state, player)

    # -- what front ends ask of a game -----------------------------------------------------
    presets: ClassVar[dict[str, dict[str, Any]]] = {}
    """Named option sets (``--rules ffviii``), with ``preset_help`` saying what each is."""
    preset_help: ClassVar[dict[str, str]] = {}
    rules_example: ClassVar[str] = ""
    """An example of the ``--rules`` text, shown by ``tcgkit options``."""
    collects_cards: ClassVar[bool] = False
    """Hands are chosen from the player's collection (Triple Triad), not dealt or built: the
    game's ``collection()`` gives its rules. Read from the class, so a lobby or a command can
    ask it without making a game."""

    def collection(self) -> CollectionRules | None:
        """The game's collection rules (``kernel/collecting.py``): the free cards, a match's hand
        from what a player owns, what a match moves between collections; ``None`` (the default)
        for a game whose players own no cards."""
        return None

    @classmethod
    def parse_rules(cls, text: str) -> dict[str, Any]:
        """The ``--rules`` text (``a,b=value``) as option values (``kernel/rules_text.py``)."""
        return rules_text.parse_rules(cls.Options, text)

    @classmethod
    def game_for_position(cls, text: str) -> Game:
        """The game a pasted position was played under: a state JSON's ``options``."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            raise NotationError("position: not JSON") from None
        if not isinstance(data, dict) or not isinstance(data.get("options"), dict):
            raise NotationError(f"position: a {cls.title} state JSON with its 'options'")
        try:
            return cls(data["options"])
        except TcgkitError as exc:
            raise NotationError(f"position: {exc}") from None

    @classmethod
    def named_decks(cls) -> dict[str, list[str]]:
        """The preconstructed decks, by name (``--deck warriors``)."""
        return {}

    def scene(self, view: dict[str, Any], actions: Sequence[Action], events: Sequence[dict[str, Any]],
              default: Action | None = None) -> Scene:
        """What a seat sees as a ``Scene``, from its ``view``, its legal ``actions`` (when it is
        to move), the ``events`` it may see and the decision's ``default`` (for its decider):
        never from the state. A game's ``scene.py`` builds it; without one, every zone and
        event is shown as it is."""
        if self.scene_module is None:
            return plain_scene(self.name, view, actions, events, default, self.num_players)
        declared = checked_scene(type(self))
        if declared is not None:
            return declared_scene(self, declared, view, actions, events, default)
        written: Any = self.scene_module
        made: Scene = written.scene(self, view, actions, events, default)
        return made

    def messages(self) -> Catalogue:
        """The English of the message ids the game's scenes use."""
        return {} if self.scene_module is None else self.scene_module.MESSAGES

    def styles(self) -> dict[str, str]:
        """Terminal styles (Rich) for the style tokens of the game's scenes (``faction:luz``);
        a token without one is drawn plain."""
        return dict(getattr(self.scene_module, "STYLES", {}))

    def translated_names(self, lang: str) -> dict[str, str]:
        """Each card's name in ``lang`` where the card data holds one (``{"Ember Imp": "餘燼小鬼"}``),
        so a front end names a card in a sentence as its face does; none by default."""
        return {}

    def how_to_play(self) -> tuple[str, ...]:
        """The message ids of the game's rules in brief (``rules`` at the table), in order."""
        return tuple(getattr(self.scene_module, "HOW_TO_PLAY", ()))

    def glossary(self) -> dict[str, tuple[str, ...]]:
        """The game's terms: each one's message id and the English words that call it up on a
        card (``card`` at the table lists the terms its text uses)."""
        return dict(getattr(self.scene_module, "GLOSSARY", {}))

    def card_table(self) -> CardTable | None:
        """The card table ``tcgkit cards`` shows, or ``None`` for a game without one."""
        table = getattr(self.scene_module, "card_table", None)
        made: CardTable | None = None if table is None else table(self)
        return made

    def rules_summary(self) -> list[Sentence]:
        """The options in a sentence or two (the play and replay headers)."""
        summary = getattr(self.scene_module, "rules_summary", None)
        if summary is not None:
            return list(summary(self))
        rules = rules_text.non_default(self.options, self.players, self.min_players)
        return [say("kernel.rules", rules=rules)]

    def options_json(self) -> dict[str, Any]:
        """The options as JSON data (records, state files); see ``options_dump``."""
        data: dict[str, Any] = json.loads(self.options.model_dump_json())
        if self.variable_players():
            data["players"] = self.players
        return {**data, **self.limits.dump()}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options!r})"
