"""Conflictus Aeternus: the game (cards, mons lists, the resolution machine) and its states.

The state is split by subject: ``host.py`` (zones, stats, what card text may ask), ``legal.py``
(legal actions and costs), ``turn.py`` (mulligans, the rodada's phases, what actions do). This
module puts them together: elimination, outcome, views, clones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from ...kernel.actions import Action, Decision
from ...kernel.decks import read_deck
from ...kernel.effects import STOP, Ability, Activation, Modifiers
from ...kernel.errors import DeckError
from ...kernel.events import Event
from ...kernel.game import Deck, Game, Outcome, State
from ...kernel.replacements import Replacements
from ...kernel.resolution import AutoForced, Frame, Machine, Resolution, Trigger, WindowRule
from ...kernel.rng import Rng, derive_seed
from ...kernel.zones import Visibility, Zone
from .actions import (
    Attack,
    Block,
    Cast,
    Discard,
    Done,
    Keep,
    Mulligan,
    Offer,
    Pass,
    Play,
    Sacrifice,
    Search,
    Source,
)
from .cards import CardDB, cards_from, default_cards
from .effects import EVENT_TIMINGS
from .host import SETS_EQUIPMENT, SETS_OWNER, SETS_SOURCES, SETS_WARRIORS
from .legal import WINDOWS
from .options import ConflictusOptions
from .turn import Turn

DECK_MIX = {"fonte": 18, "guerreiro": 18, "amuleto": 7, "reliquia": 3, "equipamento": 4}  # of 50


class Conflictus(Game):
    """Conflictus Aeternus: two to four players, last one with a mons wins."""

    name = "conflictus"
    title = "Conflictus Aeternus"
    aliases = ("ca", "conflictus-aeternus", "conflictus_aeternus")
    summary = "2-4 player TCG: warriors in sets, amulets, relics; empty your opponents' mons"
    Options = ConflictusOptions
    options: ConflictusOptions
    min_players = 2
    max_players = 4
    example_options: ClassVar[list[dict[str, Any]]] = [
        {"players": 2},
        {"players": 3, "mulligan": "turn_order"},
        {"players": 4, "attack": "left"},
    ]

    def __init__(self, options: Any = None, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        files = self.options.card_files
        self.db: CardDB = cards_from(files) if files else default_cards()
        cards = self.cards = self.db.cards
        self.amulet_ability = tuple(next((a.index for a in c.abilities if a.timing == "amulet"), -1)
                                    for c in cards)
        self.statics = tuple(
            tuple((p.stat, p.to, p.amount, None if a.condition is None else a.condition.compile())
                  for a in c.abilities if a.timing == "static"
                  for s in a.effects if s.primitive.name == "modify_stat" for p in [_any(s.params)])
            for c in cards)
        self.frame_steps = tuple(tuple(_steps(a) for a in c.abilities) for c in cards)
        self.conditions = tuple(tuple(None if a.condition is None else a.condition.compile()
                                      for a in c.abilities) for c in cards)
        self.payable = tuple(tuple(a.payable() for a in c.abilities) for c in cards)
        self.watchers = {timing: frozenset(c.index for c in cards
                                           if any(a.timing == timing for a in c.abilities))
                         for timing in EVENT_TIMINGS}
        self.machine: Machine[Any] = make_machine()

    # -- mons ----------------------------------------------------------------------------------
    def validate_deck(self, deck: Deck) -> list[str]:
        opts = self.options
        problems: list[str] = []
        counts: Counter[str] = Counter()
        factions = set()
        for i, text in enumerate(deck, start=1):
            card = self.db.find(text)
            if card is None:
                problems.append(f"card {i}: no card named {text!r}")
                continue
            counts[card.name] += 1
            if card.faction != "neutra":
                factions.add(card.faction)
            if counts[card.name] == opts.max_copies + 1 and card.klass != "fonte":
                problems.append(f"card {i}: one {card.name} too many (at most {opts.max_copies} copies)")
        if len(factions) > 1 and not opts.allow_dual_faction:
            problems.append("the mons mixes Light and Shadow cards (allow_dual_faction is off)")
        if len(deck) != opts.deck_size:
            problems.append(f"a mons holds exactly {opts.deck_size} cards; this one has {len(deck)}")
        return problems

    def sample_decks(self, rng: Rng) -> list[Deck]:
        return [self.sample_deck(rng) for _ in range(self.num_players)]

    def sample_deck(self, rng: Rng) -> Deck:
        """A random legal mons: one faction (or both) with Neutral cards, about 18 sources."""
        size = self.options.deck_size
        faction = rng.choice(["luz", "sombra"])
        pool = [c for c in self.cards if c.faction in (faction, "neutra") and c.klass != "fonte"]
        deck: list[str] = []
        left = {c.name: self.options.max_copies for c in pool}
        for klass, share in DECK_MIX.items():
            choices = [c for c in pool if c.klass == klass]  # no sources: they fill up the rest
            for _ in range(share * size // 50):
                open_ = [c for c in choices if left[c.name] > 0]
                if not open_:
                    break
                card = rng.choice(open_)
                left[card.name] -= 1
                deck.append(card.name)
        source = next(c.name for c in self.cards if c.klass == "fonte" and c.faction == faction)
        deck += [source] * (size - len(deck))
        return deck

    def card_data_hash(self) -> str:
        return self.db.hash

    # -- states ----------------------------------------------------------------------------------
    def new_state(self, seed: int = 0, decks: Sequence[Deck] | None = None) -> ConflictusState:
        n = self.num_players
        if decks is None:
            decks = self.sample_decks(Rng(derive_seed(seed, 1)))
        if len(decks) != n:
            raise DeckError(f"Conflictus Aeternus with {n} players needs {n} mons, got {len(decks)}")
        kinds: list[int] = []
        id_rng = Rng(derive_seed(seed, 2))
        for p, deck in enumerate(decks):
            problems = self.validate_deck(list(deck))
            if problems:
                raise DeckError(f"player {p}'s mons: " + "; ".join(problems))
            mine = [self.db.find(text).index for text in deck]  # type: ignore[union-attr]
            id_rng.shuffle(mine)  # which id is which card: drawn, so ids tell nothing of the list order
            kinds += mine
        state = ConflictusState(self, kinds, Rng(seed))
        state.setup()
        state.advance()
        return state

    def state_from_json(self, data: dict[str, Any]) -> ConflictusState:
        from .notation import state_from_json

        return state_from_json(self, data)

    def state_from_notation(self, text: str) -> ConflictusState:
        from .notation import state_from_notation

        return state_from_notation(self, text)

    def determinize(self, view: dict[str, Any], rng: Rng) -> ConflictusState:
        from .hidden import determinize

        return determinize(self, view, rng)

    def redeal_hidden(self, state: State, viewer: int | None, rng: Rng) -> ConflictusState:
        from .hidden import redeal_hidden

        assert isinstance(state, ConflictusState)
        return redeal_hidden(state, viewer, rng)

    def heuristic(self, state: State, player: int) -> float:
        """Mons left weighs most (it is the life), then warriors' power on the board, sources, hand."""
        assert isinstance(state, ConflictusState)
        outcome = state.outcome
        if outcome is not None:
            return 1000.0 * outcome.returns()[player]
        mine = state.worth(player)
        others = [state.worth(q) for q in state.living() if q != player]
        return mine - (max(others) if others else 0.0)


class ConflictusState(Turn, State["Conflictus"]):
    __slots__ = (
        "game", "n", "kind", "rng", "mons", "hand", "mortis", "exterminatus", "field", "relics", "amulets",
        "stack", "used", "sets", "entered", "added", "damage", "mods", "shields", "drops", "used_abilities",
        "attackers", "blocks", "round", "active", "first", "phase", "mulled", "kept", "choices",
        "out", "dying", "eliminated", "result", "res", "decisions", "events", "legal", "version",
    )
    def __init__(self, game: Conflictus, kinds: list[int], rng: Rng) -> None:
        n = self.n = game.num_players
        size = game.options.deck_size
        self.game, self.kind, self.rng = game, kinds, rng
        self.mons: list[list[int]] = [list(range(p * size, (p + 1) * size)) for p in range(n)]
        for name in self.ZONES[1:]:
            setattr(self, name, [[] for _ in range(n)])
        self.used: set[int] = set()
        self.sets: dict[int, list[Any]] = {}
        self.entered: dict[int, int] = {}
        self.added: dict[int, int] = {}
        self.damage: dict[int, int] = {}
        self.mods = Modifiers()
        self.shields = Replacements()
        self.drops = [[0, 0, 0] for _ in range(n)]
        self.used_abilities: set[int] = set()
        self.attackers: dict[int, tuple[int, int]] = {}
        self.blocks: dict[int, tuple[int, int]] = {}
        self.round, self.active, self.first, self.phase = 0, 0, 0, "mulligan"
        self.mulled: list[int] = [0] * n
        self.kept: set[int] = set()
        self.choices: dict[int, bool] = {}
        self.out: set[int] = set()
        self.dying: list[int] = []
        self.eliminated: list[list[int]] = []
        self.result: tuple[int | None, str] | None = None
        self.res = Resolution()
        self.decisions: list[Decision] = []
        self.events: list[Event] = []
        self.version = 0
        self.legal: list[Action] | None = None

    def advance(self) -> None:
        """The kernel's driver, then the players who went out while it stopped on an ask: it
        returns on a pending ask before it flushes (``flush_out``), and a player out has no
        decisions (with two players the game ends at once, leaving no choice pending)."""
        machine = self.game.machine
        machine.advance(self)
        while self.dying and self.result is None:
            self.flush_out()
            machine.advance(self)

    # -- elimination ------------------------------------------------------------------------
    def flush_out(self) -> bool:
        """Players who had to draw or tombar and could not are out, together: their cards in play
        leave the game (to their Exterminatus), their decisions lapse. Last one standing wins."""
        if not self.dying:
            return False
        group = sorted(self.dying)
        self.dying = []
        self.eliminated.append(group)
        self.out.update(group)
        for p in group:
            for c in [*self.field[p], *self.relics[p], *self.amulets[p], *self.stack[p]]:
                self.remove(c)
                self.exterminatus[p].append(c)
            for sid in [sid for sid, rec in self.sets.items() if rec[SETS_OWNER] == p]:
                rec = self.sets.pop(sid)
                self.exterminatus[p].extend(rec[SETS_SOURCES] + rec[SETS_WARRIORS] + rec[SETS_EQUIPMENT])
            self.res.stack = [f for f in self.res.stack if f.player != p]
            self.res.triggers = [t for t in self.res.triggers if t.player != p]
            self.res.frames = [f for f in self.res.frames if f.player != p]
            self.log("out", player=p)
        living = self.living()
        if len(living) <= 1:
            self.finish(living[0] if living else None, "last player standing" if living else
                        "the last players went out together")
            self.res.asks.clear()  # no choice is left pending (the driver clears the decisions)
            return True
        if self.active in self.out:  # the rodada of a player who is out ends at once
            res = self.res
            for part in (res.frames, res.stack, res.triggers, res.asks, res.windows):
                part.clear()
            res.step = "rodada"
            self.decisions.clear()
            self.attackers, self.blocks = {}, {}
            self.mods.expire("end_of_round")
            self.shields.expire("end_of_round")
            self.damage.clear()
            for p in range(self.n):
                self.mortis[p] += [c for c in self.stack[p]]
                self.stack[p] = []
            return True
        self.attackers = {s: a for s, a in self.attackers.items() if a[1] not in self.out}
        self.lapse_decisions()
        return True

    def lapse_decisions(self) -> None:
        """Decisions of players now out: their asks end (the effect that asked goes on without
        them) and so do their declarations; a window's turn stays, for the driver to pass it on."""
        res, out = self.res, self.out
        res.asks[:] = [a for a in res.asks if a.player not in out]  # each with its decision, below
        blockers = any(d.kind == "blockers" for d in self.decisions)
        self.decisions[:] = [d for d in self.decisions if d.player not in out or d.kind in WINDOWS]
        if blockers and not any(d.kind == "blockers" for d in self.decisions):
            res.step = "block_window"

    # -- moves ---------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        legal = self.legal
        if legal is None:
            legal = self.legal = self.compute_legal()
        return legal[:]

    def apply_unchecked(self, action: Action) -> None:
        self.legal = None
        self.version += 1
        HANDLERS[type(action)](self, action)
        self.advance()

    def illegal_reason(self, action: Action, player: int) -> str | None:
        refused = self.refusal(player)
        if refused is not None:
            return refused
        if action in (self.legal if self.legal is not None else self.legal_actions()):
            return None
        from .notation import illegal_reason

        return illegal_reason(self, action)

    def parse_action(self, text: str, player: int) -> Action:
        from .notation import parse_action

        return parse_action(self, text, player)

    def decision_prompt(self, decision: Decision) -> str:
        from .notation import PROMPTS

        return PROMPTS[decision.kind]

    def default_action(self, decision: Decision) -> Action:
        """Keep, finish a declaration or pass priority; else the first choice (one's own hand
        or deck, as the decider sees it)."""
        from .actions import Done, Keep, Pass

        fixed = {"mulligan": Keep(), "declare": Done(), "blockers": Done()}
        if decision.kind in fixed:
            return fixed[decision.kind]
        return Pass() if decision.kind in WINDOWS else self.legal_actions()[0]

    # -- results ----------------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        return Outcome.from_elimination(self.n, self.eliminated, self.result[1], rodadas=self.round,
                                        mons=[len(m) for m in self.mons])

    def end_as_draw(self, reason: str) -> None:
        """The kernel's decision limits: the players still in share a draw."""
        self.decisions.clear()
        self.legal = []
        self.finish(None, reason)

    def worth(self, p: int) -> float:
        value = 1.0 * len(self.mons[p]) + 0.4 * len(self.hand[p]) + 0.6 * len(self.field[p])
        for rec in self.sets.values():
            if rec[SETS_OWNER] == p:
                value += 0.5 * len(rec[SETS_SOURCES]) + 0.3 * len(rec[SETS_EQUIPMENT])
                if rec[SETS_WARRIORS]:
                    top = rec[SETS_WARRIORS][-1]
                    value += 1.0 + 0.5 * self.stat(top, "attack") + 0.3 * self.stat(top, "defense") \
                        + 1.0 * self.stat(top, "tombo") + 0.3 * (len(rec[SETS_WARRIORS]) - 1)
        return value + 0.8 * len(self.relics[p])

    # -- views -------------------------------------------------------------------------------
    def zones(self) -> list[Zone]:
        label = self.label
        out = []
        for p in range(self.n):
            for name, seen in ZONE_VIEWS:
                out.append(Zone(f"{name}{p}", p, seen, [label(c) for c in getattr(self, name)[p]]))
        return out

    def info(self, viewer: int | None) -> dict[str, Any]:
        from .notation import info

        return info(self, viewer)

    # -- text --------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        from .notation import state_to_json

        return state_to_json(self)

    def to_notation(self) -> str:
        from .notation import state_to_notation

        return state_to_notation(self)

    def clone(self) -> ConflictusState:
        new = object.__new__(ConflictusState)
        new.game, new.n, new.kind, new.rng = self.game, self.n, self.kind, Rng(self.rng.state)
        for name in self.ZONES:
            setattr(new, name, [z[:] for z in getattr(self, name)])
        new.used, new.used_abilities = set(self.used), set(self.used_abilities)
        new.sets = {sid: [r[0], r[1][:], r[2][:], r[3][:]] for sid, r in self.sets.items()}
        new.entered, new.added, new.damage = dict(self.entered), dict(self.added), dict(self.damage)
        new.mods, new.drops = self.mods.copy(), [d[:] for d in self.drops]
        new.shields = self.shields.copy()
        new.attackers, new.blocks = dict(self.attackers), dict(self.blocks)
        new.round, new.active, new.first, new.phase = self.round, self.active, self.first, self.phase
        new.mulled, new.kept, new.choices = self.mulled[:], set(self.kept), dict(self.choices)
        new.out, new.dying, new.eliminated = set(self.out), self.dying[:], [g[:] for g in self.eliminated]
        new.result, new.res = self.result, self.res.copy()
        new.decisions, new.events, new.legal = self.decisions[:], self.events[:], self.legal
        new.version = self.version
        return new

    def check_invariants(self) -> None:
        """Raises ``AssertionError`` explicitly: positions are read through it, and
        ``python -O`` drops ``assert`` statements."""
        problem = self.first_problem()
        if problem:
            raise AssertionError(problem)

    def first_problem(self) -> str | None:
        size = self.game.options.deck_size

        def foreign(cards: list[int], owner: int) -> bool:  # player p owns ids p*size .. p*size+size-1
            return bool(cards) and (min(cards) < owner * size or max(cards) >= (owner + 1) * size)

        seen: list[int] = []
        for name in self.ZONES:
            for p, zone in enumerate(getattr(self, name)):
                if foreign(zone, p):
                    return f"a card of another player in {name}{p}"
                seen += zone
        for sid, rec in self.sets.items():
            cards = rec[SETS_SOURCES] + rec[SETS_WARRIORS] + rec[SETS_EQUIPMENT]
            if foreign(cards, rec[SETS_OWNER]):
                return f"set#{sid} holds another player's card"
            if not (rec[SETS_WARRIORS] or rec[SETS_EQUIPMENT]):
                return f"set#{sid} has neither warriors nor equipment"
            seen += cards
        if len(seen) != self.n * size or len(set(seen)) != len(seen):
            return "a card is lost or duplicated"
        if not self.used <= {c for z in self.field for c in z}:
            return "a used source is not on a field"
        if len(self.res.asks) != sum(d.kind in ASKS for d in self.decisions):
            return "asks and decisions out of step"
        return None


ASKS = ("discard", "search", "pay")
ZONE_VIEWS = (
    ("mons", Visibility.HIDDEN), ("hand", Visibility.OWNER), ("mortis", Visibility.PUBLIC),
    ("exterminatus", Visibility.PUBLIC), ("field", Visibility.PUBLIC), ("relics", Visibility.PUBLIC),
    ("amulets", Visibility.PUBLIC), ("stack", Visibility.PUBLIC),
)
HANDLERS: dict[type, Any] = {
    Pass: ConflictusState.do_pass, Done: ConflictusState.do_done, Keep: ConflictusState.do_keep,
    Mulligan: ConflictusState.do_mulligan, Source: ConflictusState.do_source, Play: ConflictusState.do_play,
    Cast: ConflictusState.do_cast, Attack: ConflictusState.do_attack, Block: ConflictusState.do_block,
    Sacrifice: ConflictusState.do_sacrifice, Discard: ConflictusState.do_discard,
    Search: ConflictusState.do_search, Offer: ConflictusState.do_offer,
}
STEPS = {
    "mulligan_round": "step_mulligan_round", "rodada": "step_rodada", "main": "step_main",
    "declare": "step_declare", "attack_window": "step_attack_window", "blockers": "step_blockers",
    "block_window": "step_block_window", "damage": "step_damage", "sacrifice": "step_sacrifice",
    "sacrifice_window": "step_sacrifice_window", "end": "step_end",
}


def _any(value: Any) -> Any:
    return value


def _steps(ability: Ability) -> tuple[Any, ...]:
    """An ability's compiled effects; with a condition, first a step that ends it (``STOP``) when
    the condition no longer holds on resolution."""
    effects = tuple(s.compile() for s in ability.effects)
    if ability.condition is None:
        return effects
    holds = ability.condition.compile()

    def check(state: Any, act: Activation) -> Any:
        if holds(state, act):
            return None
        state.log("no_effect", card=state.label(act.source), player=act.player)
        return STOP

    return (check, *effects)


def _frame_steps(state: ConflictusState, frame: Frame) -> tuple[Any, ...]:
    return state.game.frame_steps[state.kind[frame.source]][frame.ability]


def _activation(state: ConflictusState, frame: Frame) -> Activation:
    targets = frame.targets
    return Activation(frame.player, frame.source, frame.ability, targets[0] if targets else None, targets)


def _start_trigger(state: ConflictusState, trigger: Trigger) -> bool:
    targets = trigger.subjects[:1]  # the attacked or tombando player, the entering warrior
    frame = Frame(trigger.player, trigger.source, trigger.ability, targets, 0, "trigger")
    state.game.machine.start(state, frame)
    state.log("trigger", card=state.label(trigger.source), player=trigger.player)
    return True


def _private(state: ConflictusState, decision: Decision) -> bool:
    """Whether a lone legal action hides a choice that depends on the hand: a window's holder with
    cards in hand (in Main, or with a free source to pay an amulet) is always asked."""
    p = decision.player
    if decision.kind not in WINDOWS or not state.hand[p]:
        return False
    return decision.kind == "main" or any(c not in state.used for c in state.field[p])


def _auto_play(state: ConflictusState, action: Action) -> None:
    state.legal = None
    HANDLERS[type(action)](state, action)


def _keep(state: ConflictusState, legal: list[Action]) -> None:
    state.legal = legal


def make_machine() -> Machine[ConflictusState]:
    close = WindowRule(lambda state, window: state.window_closed(window))
    return Machine(
        steps={name: getattr(ConflictusState, method) for name, method in STEPS.items()},
        frame_steps=_frame_steps,
        activation=_activation,
        start_trigger=_start_trigger,
        frame_done=lambda state, frame: state.frame_done(frame),
        windows={kind: close for kind in WINDOWS},
        trigger_order="fifo",
        is_out=lambda state, player: player in state.out,
        interrupt=lambda state: state.flush_out(),
        auto=AutoForced(frozenset({*WINDOWS, "declare", "blockers"}), lambda state: state.compute_legal(),
                        _auto_play, _private, _keep),
    )


def starter_deck_paths() -> list[Path]:
    from .cards import data_path

    folder = data_path("decks")
    return sorted(folder.glob("*.txt")) if folder.is_dir() else []


def starter_decks() -> list[tuple[str, Deck]]:
    """The preconstructed mons in ``data/decks/*.txt``, sorted by file name: (name, cards)."""
    return [(path.stem, read_deck(path).cards) for path in starter_deck_paths()]
