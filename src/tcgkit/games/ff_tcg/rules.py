"""Final Fantasy TCG: a position, declared once (``SPEC``), and the rules that run it.

The card moves and effect queries are ``host.Board``; the rules are functions of the state by
subject: ``legal.py`` (the legal actions), ``turn.py`` (draw, play phase, abilities, end of
turn), ``combat.py`` (attacks, fights, the end), ``machine.py`` (what runs by itself, and which
rule plays each action). ``FFTcgState`` declares the position for the kernel, which derives
clone, JSON, views, events and the hidden-card dealing from it, and keeps the ``State``
contract: setup, checked moves, the outcome, and the checks beyond conservation a position
read from outside must pass. Hot paths work on instance ids and flat lists.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ...kernel import values as v
from ...kernel.actions import Action, Decision
from ...kernel.effects import ModifierList, Modifiers
from ...kernel.errors import IllegalAction
from ...kernel.game import Outcome
from ...kernel.refs import Kind
from ...kernel.resolution import RESOLUTION, Resolution
from ...kernel.rng import Rng
from ...kernel.state import (
    HIDDEN,
    OWNER,
    Entry,
    Instances,
    StateField,
    StateSpec,
    Visibility,
    Zone,
    ZoneLayout,
    derived,
    known_field,
    sees,
)
from .combat import fight_totals
from .host import DECISION_KINDS, NO_FIGHT, VILLAIN_FIGHT, WINDOWS, Board
from .legal import compute_legal
from .machine import ASK_KINDS, HANDLERS, STEP_RUN, WINDOW_RULES
from .reasons import default_action, illegal_reason
from .records import ABILITY_KEY, DURATIONS, STATS, Marks, Nothing, OrWord, Result
from .tables import PLAY_ZONES
from .turn import start_turn

if TYPE_CHECKING:
    from .game import FFTcg
    from .tables import Tables

CUT_TIES = 20  # ties in a row at the cut before the seed decides (a deck of equal Sorte)
PLAYER, CARD, ID = v.Player(), v.Card(), v.Id()
OR_NONE = OrWord(CARD, ((-1, None),))  # a play's place, an ability's target: -1 when none
MODES = ("", "world", "attack", "city", "on")
MOVED_TO = ("hand", "discard", "deck_top", "deck_bottom")


def deck_seen(state: FFTcgState) -> Visibility:
    """A deck is face down, but a player searching it sees it while they choose (it is
    shuffled as soon as they have)."""
    decisions = state.decisions
    return OWNER if decisions and decisions[-1].kind == "search" else HIDDEN


def searched(state: FFTcgState, owner: int | None, slot: int) -> Visibility:
    """Only the searcher's own deck is open to them; the other stays face down to its owner."""
    return OWNER if state.decisions[-1].player == owner else HIDDEN


def decklists_private(game: FFTcg) -> bool:
    return game.options.private_decklists


LOG = (
    Entry("cut", (("shown", v.TupleOf(CARD, 2)),), shows=True),  # shown, then shuffled back
    Entry("first", (("player", PLAYER),)),
    Entry("turn", (("turn", v.Int(0)), ("player", PLAYER))),
    Entry("draw", (("player", PLAYER), ("card", CARD)), secret=("card",)),
    Entry("hide", (("player", PLAYER), ("card", CARD)), secret=("card",)),
    Entry("search", (("player", PLAYER), ("card", CARD)), secret=("card",)),
    Entry("search_failed", (("player", PLAYER), ("card", Nothing())), event="search"),
    Entry("reshuffle", (("player", PLAYER), ("cards", v.Int(0)))),
    Entry("mill", (("player", PLAYER), ("card", CARD)), shows=True),  # shown, perhaps shuffled back
    Entry("discard", (("player", PLAYER), ("card", CARD))),
    Entry("play", (("player", PLAYER), ("card", CARD), ("mode", v.Text(MODES)), ("on", OR_NONE))),
    Entry("turn_up", (("player", PLAYER), ("card", CARD), ("target", OR_NONE))),
    Entry("use", (("player", PLAYER), ("card", CARD), ("ability", v.Int(0, ABILITY_KEY - 1)),
                  ("target", OR_NONE))),
    Entry("trigger", (("player", PLAYER), ("card", CARD), ("ability", v.Int(0, ABILITY_KEY - 1)))),
    Entry("target", (("player", PLAYER), ("card", CARD), ("target", CARD))),
    Entry("combat", (("attacker", PLAYER),)),
    Entry("attack", (("player", PLAYER), ("card", CARD))),
    Entry("clear", (("player", PLAYER), ("city", CARD))),
    Entry("unopposed", (("player", PLAYER), ("winners", v.TupleOf(CARD)))),
    Entry("assign", (("monster", CARD), ("character", CARD))),
    Entry("fight", (("character_side", PLAYER), ("character", OrWord(CARD, ((VILLAIN_FIGHT, "all"),))),
                    ("monsters", v.TupleOf(CARD)))),
    Entry("luck", (("player", PLAYER), ("card", CARD)), shows=True),  # shown, perhaps put back
    Entry("fight_result", (("characters_total", v.Opt(v.Int())), ("monsters_total", v.Opt(v.Int())),
                           ("winner", v.Text(("monsters", "characters")))), shows=True),  # the luck cards
    *(Entry(kind, (("card", CARD),)) for kind in ("skull", "wound", "heal", "die", "destroy", "sacrifice",
                                                 "unskull")),
    Entry("move", (("card", CARD), ("zone", v.Text(MOVED_TO)))),
    Entry("villain_defeated", (("player", PLAYER), ("card", CARD))),
    Entry("cancelled"),
    Entry("end", (("winner", v.Opt(PLAYER)), ("reason", v.Text()))),
)
"""What happened: a tuple ``(kind, *values)`` per entry; an event per entry, the cards by their
keys (``Name#id``). What a player draws, hides or takes from a search only they see."""


class FFTcgState(Board):
    """A Final Fantasy TCG position under the kernel's ``State`` contract."""

    SPEC = StateSpec(
        zones=(
            Zone("deck", ZoneLayout.PILE, seen=deck_seen, face_down=searched),
            Zone("hand", ZoneLayout.ROW, seen=OWNER),
            Zone("hidden", ZoneLayout.ROW, seen=OWNER),  # escondidas: face down, not even their ids shown
            Zone("characters", ZoneLayout.ROW, attr="chars"),
            Zone("items", ZoneLayout.ROW),  # each on a character (``on``)
            Zone("world", ZoneLayout.ROW),
            Zone("cities", ZoneLayout.ROW),
            Zone("city_monsters", ZoneLayout.ROW, attr="city_mons", pool=lambda owner: 1 - (owner or 0)),
            Zone("skulls", ZoneLayout.PILE),
            Zone("discard", ZoneLayout.PILE),
            Zone("resolving", ZoneLayout.ROW),
            Zone("combat", ZoneLayout.ROW, attr="attackers", shared=True),
            Zone("luck", ZoneLayout.ROW, shared=True),
        ),
        fields=(
            StateField("turn", v.Int(0)),
            StateField("active", PLAYER),
            StateField("first", PLAYER),
            StateField("played", v.Bool()),
            StateField("mside", PLAYER),
            StateField("cside", PLAYER),
            StateField("clear_city", OrWord(ID, ((-1, None),))),
            StateField("assigned", v.MapOf(ID, ID, ("monster", "character"), in_order=True)),
            StateField("fight_char", OrWord(ID, ((NO_FIGHT, None), (VILLAIN_FIGHT, "all")))),
            StateField("fight_mons", v.ListOf(ID)),
            StateField("extra", v.PerPlayer(v.Int(0, 60))),
            StateField("res", RESOLUTION),
            StateField("defeated", v.PerPlayer(v.Int(0, 60))),
            StateField("result", v.Opt(v.Rec(Result, {"winner": v.Opt(PLAYER), "reason": v.Text()}))),
            StateField("on", v.MapOf(ID, ID, ("card", "under"), in_order=True)),
            StateField("left_on", v.MapOf(ID, ID, ("card", "under"), in_order=True)),
            StateField("wounded", v.SetOf(ID)),
            StateField("mods", ModifierList(STATS, DURATIONS)),
            StateField("used", Marks()),
            known_field(),  # a card shown, then put in a hand or on a deck: see Board.move_card
        ),
        log=LOG,
        cards=Instances(size=lambda game: game.options.deck_size, private=decklists_private),
        caches={"legal": None},
        derived=("t",),
        knowledge="known",
    )

    def __init__(self, game: FFTcg, tables: Tables, rng: Rng) -> None:
        self.game, self.t, self.kind, self.rng = game, tables, tables.kind, rng
        size = tables.size
        self.deck = [list(range(size)), list(range(size, 2 * size))]
        self.hand, self.hidden, self.chars, self.items = [[], []], [[], []], [[], []], [[], []]
        self.world, self.cities, self.city_mons, self.skulls = [[], []], [[], []], [[], []], [[], []]
        self.discard, self.resolving = [[], []], [[], []]
        self.attackers, self.luck = [], []
        self.on, self.left_on, self.wounded, self.known = {}, {}, set(), [set(), set()]
        self.mods = Modifiers()
        self.used = set()
        self.turn, self.active, self.first, self.played = 0, 0, 0, False
        self.mside, self.cside, self.clear_city = 0, 1, -1
        self.assigned = {}
        self.fight_char, self.fight_mons, self.extra = NO_FIGHT, [], [0, 0]
        self.res = Resolution()
        self.defeated, self.result = [0, 0], None
        self.decisions, self.log, self.legal, self.version = [], [], None, 0

    def after_load(self) -> None:
        """The deal's tables again, from the card of each id (a state read or dealt anew)."""
        size, kind = self.game.options.deck_size, self.kind
        self.t = self.game.tables((tuple(kind[:size]), tuple(kind[size:])))
        self.kind = self.t.kind

    # -- setup ------------------------------------------------------------------------------
    def setup(self) -> None:
        """FF2: shuffle; the cut shows each deck's bottom card, higher Sorte starts; ties cut
        again; then both decks are shuffled once more. Then five cards each (FF1)."""
        rng, deck, luck = self.rng, self.deck, self.game.cards
        for p in (0, 1):
            rng.shuffle(deck[p])
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
                rng.shuffle(deck[p])
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
        return illegal_reason(self, action, player)

    def default_action(self, decision: Decision) -> Action:
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
            "first": self.first, "turns": self.turn, "skulls": [len(self.skulls[0]), len(self.skulls[1])],
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
        defenders = self.chars[self.cside]
        # a table, not a closure: the compiled build cannot close over a state's method
        total = {card: self.stat(card, "power", power) + self.stat(card, "defense", defense)
                 for card in (*defenders, *self.attackers, *self.fight_mons[:1])}
        if self.fight_char == -1:  # a villain against all characters: a defeat loses the game
            return 4.0 if total[self.fight_mons[0]] >= sum(total[c] for c in defenders) + 1 else -30.0
        if not defenders:
            return 4.0 * len(self.attackers)
        best = max(defenders, key=total.__getitem__)
        groups: dict[int, list[int]] = {}
        for m in self.attackers:
            groups.setdefault(self.assigned.get(m, best), []).append(m)
        value = 0.0
        for character, monsters in groups.items():
            if character not in defenders or sum(total[m] for m in monsters) >= total[character]:
                value += 4.0 + (3.0 if character in self.wounded else 1.5)
            else:
                value -= 0.8 * len(monsters)
        return value

    # -- what a view adds -----------------------------------------------------------------
    def info(self, viewer: int | None) -> dict[str, Any]:
        """The fight's power on each side before the luck reveal (printed power, modifiers and
        the static texts in play, as the rules total them): (characters, monsters)."""
        if self.fight_char == NO_FIGHT:
            return {"fight_power": None}
        return {"fight_power": fight_totals(self, self.fighters(self.cside), self.fight_mons)}

    # -- the checks beyond conservation --------------------------------------------------------
    def problems(self) -> list[str]:
        """What is wrong with this position beyond the declared types and conservation
        (nothing, normally): whose cards lie where, the decks' copy limits, the side tables on
        cards in play, the effects being resolved, the decisions in step with them and with the
        fight. Real checks (a position read from outside is refused on the first one)."""
        return [*self.card_problems(), *self.table_problems(), *resolution_problems(self),
                *self.decision_problems()]

    def card_problems(self) -> list[str]:
        """Each card in a zone its owner's cards may be in, of a type the zone holds, within
        the copy limits of a deck."""
        size, ctype, kind, game = self.t.size, self.game.ctype, self.kind, self.game
        out = []
        for zone in self.SPEC.zones:
            for _, owner, cards in derived(self).zone_lists(self, zone):
                pool = zone.pool_of(owner)
                stray = [c for c in cards if pool is not None and c // size != pool]
                if stray:
                    whose = stray[0] // size
                    out.append(f"zones.{zone.name}[{owner}]: card #{stray[0]} is player {whose}'s, "
                               f"not player {pool}'s")
        names = {zone.attr: zone.name for zone in self.SPEC.zones}
        for attr, types in PLAY_ZONES:
            zone = getattr(self, attr)
            for c in zone if attr == "attackers" else zone[0] + zone[1]:
                found = ctype[kind[c]]
                if found not in types:
                    article = "an" if found[0] in "aeiou" else "a"
                    out.append(f"zones.{names[attr]}: {self.t.label[c]} is {article} {found}; the zone holds "
                               f"{' and '.join(types)} cards")
        for p in (0, 1):
            counts = Counter(kind[p * size:(p + 1) * size])
            for index, count in counts.items():
                card = game.cards[index]
                limit = game.copy_limit(card)
                if count > limit:
                    out.append(f"player {p}'s cards hold {count} {card.name} (at most {limit})")
        return out

    def table_problems(self) -> list[str]:
        size, opts = self.t.size, self.game.options
        out = []
        if self.turn > opts.turn_limit + 1:
            out.append(f"turn: should be at most {opts.turn_limit + 1}, not {self.turn}")
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
        if not self.wounded <= set(self.chars[0] + self.chars[1]):
            out.append("a wounded card is not a character in play")
        if not set(self.assigned) <= set(self.attackers):
            out.append("an assigned monster is not attacking")
        if self.fight_char >= 0 and self.game.ctype[self.t.kind[self.fight_char]] != "character":
            out.append("fight_char is not a character")
        for i, key in enumerate(sorted(self.used)):
            card, ability = divmod(key, ABILITY_KEY)
            if ability >= len(self.card(card).abilities):
                out.append(f"used[{i}].ability: {self.t.label[card]} has no ability {ability}")
        return out

    def decision_problems(self) -> list[str]:
        res, out = self.res, []
        for i, d in enumerate(self.decisions):
            if d.kind not in DECISION_KINDS or d.secret:
                out.append(f"decisions[{i}].kind: no {'secret ' * d.secret}{d.kind!r} decision in this game")
        if out:
            return out
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


def resolution_problems(s: FFTcgState) -> list[str]:
    """What only this game knows of the kernel's resolution record: its cards, abilities,
    steps, ask and window kinds, the steps of its turn."""
    res, count, steps, kind = s.res, 2 * s.t.size, s.game.steps, s.t.kind

    def ability(where: str, player: int, source: int, index: int) -> str | None:
        if player not in (0, 1):
            return f"{where}.player: should be a player 0..1, not {player}"
        if not 0 <= source < count:
            return f"{where}.source: should be a card id 0..{count - 1}, not {source}"
        if not 0 <= index < len(steps[kind[source]]):
            return f"{where}.ability: {s.t.label[source]} has no ability {index}"
        return None

    out = []
    for i, frame in enumerate(res.frames):
        where = f"res.frames[{i}]"
        problem = ability(where, frame.player, frame.source, frame.ability)
        if problem is None and not 0 <= frame.at <= len(steps[kind[frame.source]][frame.ability]):
            problem = f"{where}.at: the ability has no step {frame.at}"
        elif problem is None and frame.tag not in ("", "turned"):
            problem = f"{where}.tag: should be '' or 'turned', not {v.excerpt(frame.tag)}"
        elif problem is None and (len(frame.targets) > 1 or any(
                t.kind is not Kind.CARD or not 0 <= t.id < count for t in frame.targets)):
            problem = f"{where}.targets: an ability names one card at most"
        if problem:
            out.append(problem)
    for i, trigger in enumerate(res.triggers):
        problem = ability(f"res.triggers[{i}]", trigger.player, trigger.source, trigger.ability)
        if problem:
            out.append(problem)
    for i, ask in enumerate(res.asks):
        where = f"res.asks[{i}]"
        if ask.player not in (0, 1) or ask.kind not in ASK_KINDS or not 1 <= ask.count <= 60:
            out.append(f"{where}: a player 0..1 asked to {' or '.join(sorted(ASK_KINDS))} 1..60 cards")
        elif len(ask.detail) != 2:
            out.append(f"{where}.detail: should be [type, name]")
        elif ask.kind != "discard" and not res.frames:
            out.append(f"{where}: an effect's choice with no effect being resolved")
    for i, window in enumerate(res.windows):
        if window.kind not in WINDOW_RULES or not set(window.order) <= {0, 1}:
            kinds = ", ".join(WINDOW_RULES)
            out.append(f"res.windows[{i}]: should be a fight's effect window ({kinds}) of players 0..1")
    if res.stack:
        out.append("res.stack: Final Fantasy TCG resolves abilities at once: no stack")
    if res.step and res.step not in STEP_RUN:
        out.append(f"res.step: should be one of {', '.join(STEP_RUN)}, not {v.excerpt(res.step)}")
    return out


def visible(state: FFTcgState, card: int, viewer: int | None) -> bool:
    """Whether ``viewer`` sees ``card`` now, as the declared zones say (a face-down card in a
    zone they see is not seen)."""
    found, attr = state.locate(card)
    for zone in state.SPEC.zones:
        if zone.attr != attr:
            continue
        lists = getattr(state, attr)
        owner = None if zone.shared else next(p for p, cards in enumerate(lists) if cards is found)
        if not sees(zone.visibility(state), owner, viewer):
            return False
        slot = zone.face_down
        return slot is None or sees(slot(state, owner, found.index(card)), owner, viewer)
    raise AssertionError(f"card {card} lies in {attr}, which the declaration does not name")
