"""Monster Collection: a position, declared once (``SPEC``), and the rules that change it.

The board is a kernel grid (``board.py``) holding one terrain card per cell. The HQ (本陣) and
the proxies (代理地形) lie face down in it, hidden from both players (R57, U1): the kernel's
``face_down`` and ``slot_pool`` say so per cell, so views show ``false`` there and a re-deal
deals exactly those cells from their owner's unseen cards. A replaced proxy stays hidden in
its owner's discard pile (R56): ``unseen_discards`` lists those places of each pile, and the
discard zone's ``down`` reads it. Creatures stand in parties, one per player per cell,
front first (``parties``); equipment hangs on its creature (``gear``). Both fields hold cards,
so conservation counts them. ``battle.py`` fights a battle; ``legal.py`` lists the legal
actions. The phases, R-numbers and U-defaults are in RULES.md.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...kernel import refs
from ...kernel import values as v
from ...kernel.actions import Action, Decision
from ...kernel.effects import STOP, Activation, who_players
from ...kernel.game import Outcome, State
from ...kernel.resolution import FRAME, RESOLUTION, AutoForced, Frame, Machine, Resolution, WindowRule
from ...kernel.rng import Rng
from ...kernel.state import (
    EMPTY,
    HIDDEN,
    OWNER,
    PUBLIC,
    Entry,
    Field,
    Instances,
    Layout,
    StateSpec,
    Visibility,
    Zone,
    decision,
)
from . import battle, legal
from .actions import (
    END_MAIN,
    END_SUMMON,
    PASS,
    REFILL,
    Cast,
    Discard,
    End,
    Equip,
    Exchange,
    Lose,
    March,
    Next,
    Pass,
    Place,
    Proxy,
    Refill,
    Strike,
    Summon,
    Unequip,
)
from .board import CELLS, GRID, HQ, territory
from .records import Battle, Result

if TYPE_CHECKING:
    from .game import MonsterCollection

PHASES = ("setup", "adjust1", "main", "summon", "adjust2", "battle", "over")
PROMPTS = {
    "adjust": "hand adjustment: discard what you do not want (down to the limit first), then refill",
    "main": "main phase: place terrain, march, exchange equipment, or end the main phase",
    "summon": "normal summon: summon to your HQ, equip, unequip, exchange, or end the phase",
    "instant": "instant-summon timing: instant-summon into this battle, or pass",
    "formation": (
        "formation: choose your party's next creature, front to back "
        "(the marching side may exchange equipment)"
    ),
    "overflow": "your party is over the terrain's limit: discard a creature",
    "normal": "normal timing: cast a battle spell, use an item or an ability, or attack with your party",
    "respond": "counter (対抗): answer what is on the stack with a counter, or pass",
    "answer": "counter (対抗) the attack: answer it with a counter, or pass",
}
HELD = ""  # the tag of a frame whose card came from hand (a spell, an item, a ritual): the stack holds it
ABILITY = "ability"  # a creature's or a terrain's ability: its card stays where it is



def on_stack(res: Resolution) -> list[int]:
    """The spells, items and rituals cast and not yet resolved: their cards lie in the
    resolution (an ability's card stays on the battlefield)."""
    return [f.source for f in res.stack if f.tag == HELD] + [f.source for f in res.frames if f.tag == HELD]


def terrain_seen(state: MonsterCollectionState, owner: int | None, cell: int) -> Visibility:
    """A face-down terrain is hidden from both (R57; the HQ likewise, U1), or its HQ shown to
    its owner when ``hq_visible_to_owner``."""
    if not state.down[cell]:
        return PUBLIC
    return OWNER if cell in HQ and state.game.options.hq_visible_to_owner else HIDDEN


def unseen_discards(state: MonsterCollectionState, owner: int | None) -> list[int]:
    """The places of ``owner``'s discard pile where a replaced proxy lies face down, unknown to
    both (R56); every other discarded card is face up."""
    assert owner is not None  # a pile per player
    places: list[int] = state.unseen_discards[owner]
    return places


def terrain_pool(state: MonsterCollectionState, cell: int) -> int | None:
    """Whose card lies on ``cell``: its placer's (a proxy is the placer's deck top; the HQ its
    owner's), a public fact."""
    return state.placer[cell]


CARD, CARDS, ID, PLAYER, CELL = v.Card(), v.ListOf(v.Card()), v.Id(), v.Player(), v.Int(0, CELLS - 1)
TEXT, COUNT = v.Text(), v.Int(0)
BY = (("player", PLAYER),)
PLAYS = (("player", PLAYER), ("card", CARD))
AT = (("player", PLAYER), ("cell", CELL))
# A frame's source is a card in view (a spell cast from hand, a creature in the battle, a terrain
# face up): written by its key, so a world determinized from a view gives the stack's cards the
# names the view shows (a bare id would be dealt whatever name the deck list still holds).
_FRAME = replace(FRAME, fields={**FRAME.kinds, "source": CARD})
FRAMES = v.ListOf(_FRAME)
STACK = replace(RESOLUTION, fields={**RESOLUTION.kinds, "frames": FRAMES, "stack": FRAMES}, held=on_stack)


class MonsterCollectionState(State["MonsterCollection"]):
    """One position. Per player: ``deck`` (its top is its end), ``hand``, ``discard``; the
    ``terrain`` grid (one card or ``EMPTY`` per cell) with each cell's ``placer`` and whether it
    lies face ``down``; ``parties[cell][player]`` front first; ``gear[creature]``."""

    SPEC = StateSpec(
        zones=(
            Zone("deck", Layout.PILE, seen=HIDDEN),
            Zone("hand", Layout.ROW, seen=OWNER),
            Zone("discard", Layout.PILE, down=unseen_discards),
            Zone(
                "terrain", Layout.GRID, shared=True, grid=GRID, face_down=terrain_seen, slot_pool=terrain_pool
            ),
        ),
        fields=(
            Field("placer", v.ListOf(v.Opt(PLAYER), CELLS)),
            Field("down", v.ListOf(v.Bool(), CELLS)),
            Field("unseen_discards", v.PerPlayer(v.ListOf(v.Int(0)))),
            Field(
                "parties",
                v.ListOf(v.PerPlayer(CARDS), CELLS),
                holds=True,
                pool=lambda state, c: state.owner(c),
            ),
            Field(
                "gear",
                v.MapOf(ID, CARDS, ("creature", "equipment"), in_order=True),
                holds=True,
                pool=lambda state, c: state.owner(c),
            ),
            Field("acted", v.SetOf(ID)),
            Field("summoner", v.PerPlayer(v.Bool())),
            Field("turn", v.Int(0)),
            Field("active", PLAYER),
            Field("first", PLAYER),
            Field("phase", v.Text(PHASES)),
            Field("proxy_used", v.Bool()),
            Field("hand_terrain", v.Bool()),
            Field("battle_marched", v.Bool()),
            Field("hq_closed", v.SetOf(CELL)),
            Field("handed", v.SetOf(TEXT)),
            Field("overflow", v.Opt(CELL)),
            Field("judgement", v.Opt(v.Int(0))),
            Field("battle", v.Opt(v.Rec(Battle))),
            Field("result", v.Opt(v.Rec(Result))),
            Field(
                "res", STACK, holds=True, pool=lambda state, c: state.owner(c)
            ),
        ),
        log=(
            Entry("hq", AT),
            Entry("draw", PLAYS, secret=("card",)),
            Entry("mulligan", (("player", PLAYER), ("cards", CARDS))),
            Entry("first_roll", (("rolls", v.ListOf(v.Int(1, 6))),)),
            Entry("first", BY),
            Entry("turn", (("player", PLAYER), ("turn", v.Int(1)))),
            Entry("phase", (("player", PLAYER), ("phase", v.Text(PHASES)))),
            Entry("discard", PLAYS),
            Entry("place", (*PLAYS, ("cell", CELL))),
            Entry("proxy", AT),
            Entry("replaced", (("player", PLAYER), ("card", CARD), ("cell", CELL))),
            Entry("proxy_replaced", AT),
            Entry("march", (("player", PLAYER), ("cards", CARDS), ("cell", CELL))),
            Entry("controls", AT),
            Entry("summon", (*PLAYS, ("cell", CELL))),
            Entry("instant", (*PLAYS, ("cell", CELL))),
            Entry("hero_cost", (("player", PLAYER), ("cards", CARDS))),
            Entry("equip", (*PLAYS, ("creature", CARD))),
            Entry("unequip", PLAYS),
            Entry("exchange", (*PLAYS, ("source", CARD), ("target", CARD))),
            Entry("battle", (("player", PLAYER), ("cell", CELL), ("defender", PLAYER))),
            Entry("timing", (("player", PLAYER), ("step", v.Text(("instant", "formation"))))),
            Entry("formation", (("player", PLAYER), ("cards", CARDS))),
            Entry(
                "initiative",
                (("player", PLAYER), ("die", v.Int(1, 6)), ("bonus", v.Int()), ("total", v.Int())),
            ),
            Entry("simultaneous", ()),
            Entry("goes_first", BY),
            Entry(
                "strike",
                (
                    ("player", PLAYER),
                    ("attack", v.Int()),
                    ("bonus", v.Int()),
                    ("total", v.Int()),
                    ("order", v.Text(("first", "second", "simultaneous"))),
                ),
            ),
            Entry("dies", (("card", CARD), ("defence", v.Int()), ("damage", v.Int()), ("left", v.Int()))),
            Entry("holds", (("card", CARD), ("defence", v.Int()), ("damage", v.Int()))),
            Entry("takes", AT),
            Entry("march_fails", AT),
            Entry("returns", (("player", PLAYER), ("card", CARD), ("cell", CELL))),
            Entry("wiped_out", (("cell", CELL),)),
            Entry("lost", PLAYS),
            Entry("cast", (*PLAYS, ("target", CARD))),
            Entry("use", (*PLAYS, ("target", v.Opt(CARD)))),
            Entry("perform", (*PLAYS, ("target", v.Opt(CARD)))),
            Entry("declares", (*PLAYS, ("cell", CELL))),
            Entry("attacks", BY),
            Entry("summoner", BY),
            Entry("unacted", (("card", CARD),)),
            Entry("destroyed", (("card", CARD),)),
            Entry("passes", BY),
            Entry("fizzles", (("card", CARD), ("why", v.Text(("slots", "target", "cost", "creature"))))),
            Entry("countered", (("card", CARD),)),
            Entry("roll", (("sides", v.Int(1)), ("value", v.Int(1)))),
            Entry(
                "spell_hit", (("card", CARD), ("defence", v.Int()), ("damage", v.Int()), ("dies", v.Bool()))
            ),
            Entry("boost", (("card", CARD), ("stat", v.Text(("attack", "defence"))), ("amount", v.Int()))),
            Entry("untap", BY),
            Entry("judgement_set", (("turn", v.Int(1)),)),
            Entry("judgement_cancelled", ()),
            Entry("judgement", (("counts", v.ListOf(COUNT)),)),
            Entry("game_over", (("winner", v.Opt(PLAYER)), ("reason", TEXT))),
        ),
        cards=Instances(size=lambda game: game.options.deck_size),
        caches={"legal": None},
    )
    game: "MonsterCollection"  # noqa: UP037 - quoted: the compiled build reads it at run time
    kind: list[int]
    deck: list[list[int]]
    hand: list[list[int]]
    discard: list[list[int]]
    terrain: list[int]
    placer: list[int | None]
    down: list[bool]
    unseen_discards: list[list[int]]
    parties: list[list[list[int]]]
    gear: dict[int, list[int]]
    acted: set[int]
    summoner: list[bool]
    turn: int
    active: int
    first: int
    phase: str
    proxy_used: bool
    hand_terrain: bool
    battle_marched: bool
    hq_closed: set[int]
    handed: set[str]
    overflow: int | None
    judgement: int | None
    battle: Battle | None
    result: Result | None
    res: Resolution
    legal: list[Action] | None

    def __init__(self, game: MonsterCollection, kinds: list[int], rng: Rng) -> None:
        size = game.options.deck_size
        self.game, self.kind, self.rng = game, kinds, rng
        self.decisions, self.log, self.version = [], [], 0
        self.deck = [list(range(p * size, (p + 1) * size)) for p in (0, 1)]
        self.hand, self.discard = [[], []], [[], []]
        self.terrain = [EMPTY] * CELLS
        self.placer, self.down = [None] * CELLS, [False] * CELLS
        self.unseen_discards = [[], []]
        self.parties = [[[], []] for _ in range(CELLS)]
        self.gear, self.acted, self.summoner = {}, set(), [False, False]
        self.turn, self.active, self.first, self.phase = 0, 0, 0, "setup"
        self.proxy_used = self.hand_terrain = self.battle_marched = False
        self.hq_closed, self.overflow, self.judgement = set(), None, None
        self.handed = set()
        self.battle, self.result, self.legal = None, None, None
        self.res = Resolution()

    # -- cards -----------------------------------------------------------------------------
    def card(self, c: int) -> Any:
        return self.game.cards[self.kind[c]]

    def owner(self, c: int) -> int:
        return c // self.game.options.deck_size

    def name(self, c: int) -> str:
        return f"{self.game.names[self.kind[c]]}#{c}"

    def stat(self, c: int, stat: str) -> int:
        """A creature's attack, defence or initiative with its equipment (and in a battle, its
        spells' changes)."""
        value: int = getattr(self.card(c), stat)
        for e in self.gear.get(c, ()):
            value += getattr(self.card(e), stat)
        fight = self.battle
        if fight is not None and fight.boosts:
            value += fight.boosts.get(f"{stat}:{c}", 0)
        return value

    def free_slots(self, c: int) -> int:
        return self.card(c).item_slots - sum(self.card(e).slots for e in self.gear.get(c, ()))

    # -- the board -------------------------------------------------------------------------
    def limit(self, cell: int) -> int:
        """The terrain's 上限値: HQ 10 (R39), proxy 8 (R58), else printed."""
        opts = self.game.options
        if cell in HQ:
            return opts.hq_limit
        if self.down[cell]:
            return opts.proxy_limit
        limit: int = self.card(self.terrain[cell]).limit
        return limit

    def level_total(self, cell: int, p: int) -> int:
        return sum(self.card(c).level for c in self.parties[cell][p])

    def controller(self, cell: int) -> int | None:
        """支配 (R41, R42): whoever has creatures there; nobody on a creature-less terrain."""
        mine, theirs = self.parties[cell]
        if mine and not theirs:
            return 0
        if theirs and not mine:
            return 1
        return None

    def where(self, c: int) -> int:
        """The cell a creature stands on (``EMPTY`` when it is on none)."""
        p = self.owner(c)
        for cell in range(CELLS):
            if c in self.parties[cell][p]:
                return cell
        return EMPTY

    def creatures(self, p: int) -> list[tuple[int, int]]:
        """(cell, creature) of every creature of ``p`` on the battlefield."""
        return [(cell, c) for cell in range(CELLS) for c in self.parties[cell][p]]

    # -- moving cards ----------------------------------------------------------------------
    def draw(self, p: int, count: int = 1) -> bool:
        """Draw ``count`` cards (card text's ``draw`` too); False when the deck ran out first."""
        for _ in range(count):
            if not self.deck[p]:
                return False
            c = self.deck[p].pop()
            self.hand[p].append(c)
            self.log.append(("draw", p, c))
        return True

    def refill(self, p: int) -> None:
        """Draw to the hand limit; an empty deck gives what it has (R28, U4)."""
        while len(self.hand[p]) < self.game.options.hand_limit and self.draw(p):
            pass

    def to_discard(self, c: int) -> None:
        self.discard[self.owner(c)].append(c)

    def kill(self, c: int) -> None:
        """A creature leaves the battlefield for its owner's discard pile, its equipment too."""
        cell, p = self.where(c), self.owner(c)
        self.parties[cell][p].remove(c)
        for e in self.gear.pop(c, []):
            self.to_discard(e)
        self.acted.discard(c)
        self.to_discard(c)

    def pay_hero(self, p: int, c: int) -> None:
        """英雄點 (R95): discard that many cards from the deck's top, face up."""
        paid = [self.deck[p].pop() for _ in range(self.card(c).hero_points)]
        if paid:
            self.discard[p].extend(paid)
            self.log.append(("hero_cost", p, paid))

    def hero_blocked(self, p: int, c: int) -> bool:
        """A hero that cannot be summoned now: too few deck cards for its points (U17), or one of
        its name already on the battlefield (R94; ``hero_unique=side``: on its owner's side)."""
        card = self.card(c)
        if not card.hero:
            return False
        if len(self.deck[p]) < card.hero_points:
            return True
        sides = (p,) if self.game.options.hero_unique == "side" else (0, 1)
        return any(self.kind[o] == self.kind[c] for q in sides for _, o in self.creatures(q))

    # -- the host of card text (cards.REGISTRY's primitives) ---------------------------------
    def decide(self, player: int, kind: str) -> None:
        self.decisions.append(decision(player, kind))

    def card_refs(self, act: Activation, ref: str) -> list[int]:
        return [act.source] if ref == "self" else act.cards()

    def player_ref(self, act: Activation, who: str) -> list[int]:
        return who_players(who, act, 2)

    def mill(self, player: int, count: int) -> None:
        for _ in range(min(count, len(self.deck[player]))):
            self.discard[player].append(self.deck[player].pop())

    def destroy(self, card: int) -> None:
        """A creature on the battlefield to its owner's discard pile, its equipment too."""
        if self.where(card) != EMPTY:
            self.kill(card)
            self.log.append(("destroyed", card))

    def summoner_acted(self, player: int) -> bool:
        return self.summoner[player]

    def summoner_acts(self, player: int) -> None:
        """召喚術師: the player's acted flag, set by card text only (U13)."""
        self.summoner[player] = True
        self.log.append(("summoner", player))

    def untap(self, card: int) -> None:
        if card in self.acted:
            self.acted.discard(card)
            self.log.append(("unacted", card))

    def acted_creatures(self, player: int) -> list[int]:
        return [c for _, c in self.creatures(player) if c in self.acted]

    def field_creatures(self, player: int, max_level: int) -> list[int]:
        return [c for _, c in self.creatures(player) if self.card(c).level <= max_level]

    def creature_card(self, card: int) -> Any:
        return self.card(card)

    def roll(self, sides: int) -> int:
        value = 1 + self.rng.below(sides)
        self.log.append(("roll", sides, value))
        return value

    def stat_of(self, card: int, stat: str) -> int:
        return self.stat(card, stat)

    def hand_size(self, player: int) -> int:
        return len(self.hand[player])

    def add_modifier(self, card: int, stat: str, amount: int, until: str) -> None:
        """A spell's stat change, until the battle ends (the only duration of MC1's text)."""
        fight = self.battle
        if fight is None or self.where(card) != fight.cell:
            return
        key = f"{stat}:{card}"
        fight.boosts[key] = fight.boosts.get(key, 0) + amount
        self.log.append(("boost", card, stat, amount))

    def spell_damage(self, card: int, amount: int, source: int) -> None:
        """A spell's damage: the creature dies when it reaches its defence now (A1: nothing
        stays, unless ``damage_accumulates``)."""
        fight = self.battle
        if fight is None or self.where(card) != fight.cell:
            return
        defence, taken = self.stat(card, "defence"), fight.damage.get(card, 0)
        dies = amount + taken >= defence
        self.log.append(("spell_hit", card, defence, amount, dies))
        if dies:
            self.kill(card)
        elif self.game.options.damage_accumulates:
            fight.damage[card] = taken + amount

    def counter(self, card: int) -> None:
        for frame in self.res.stack:
            if frame.source == card:
                self.res.stack.remove(frame)
                if frame.tag == HELD:  # a creature whose ability is countered stays where it is
                    self.to_discard(card)
                self.log.append(("countered", card))
                return

    def battle_targets(self, act: Activation, enemy: bool) -> list[int]:
        fight = self.battle
        if fight is None:
            return []
        return list(self.parties[fight.cell][1 - act.player if enemy else act.player])

    def spells(self, act: Activation) -> list[int]:
        return [f.source for f in self.res.stack if f.player != act.player]

    def free_spell_slots(self, p: int, element: str | None) -> int:
        """Spell slots of ``element`` that ``p``'s creatures in the battle have left (MC14)."""
        fight = self.battle
        if fight is None:
            return 0
        total = sum(
            self.card(c).spell_slots for c in self.parties[fight.cell][p] if self.card(c).element == element
        )
        return total - fight.spent.get(f"{p}:{element}", 0)

    def free_item_slots(self, p: int) -> int:
        """Item slots that ``p``'s creatures in the battle have free of equipment and not yet spent
        on consumable items this battle (U18)."""
        fight = self.battle
        if fight is None:
            return 0
        total = sum(self.free_slots(c) for c in self.parties[fight.cell][p])
        return total - fight.spent.get(f"{p}:item", 0)

    def can_answer(self, p: int, attack: bool = False) -> bool:
        """Whether ``p`` may have a counter to cast in the battle, on public facts alone (U20): a
        card in hand and a creature in the battle with spell slots; after an attack, also a
        counter that answers attacks in their deck list (deck lists are public)."""
        fight = self.battle
        if fight is None or not self.hand[p]:
            return False
        if not any(self.card(c).spell_slots for c in self.parties[fight.cell][p]):
            return False
        if not attack:
            return True
        size = self.game.options.deck_size
        return any(self.card(c).answers == "attack" for c in range(p * size, (p + 1) * size))

    def info(self, viewer: int | None) -> dict[str, Any]:
        """The spells on the stack by name (they are public), bottom first."""
        return {"stack": [[self.name(f.source), f.player] for f in self.res.stack]}

    # -- the game's end ----------------------------------------------------------------------
    def finish(self, winner: int | None, reason: str) -> None:
        self.result = Result(winner, reason)
        self.phase = "over"
        self.battle = None
        self.overflow = None
        self.decisions = []
        self.legal = []
        for c in on_stack(self.res):  # a spell left waiting goes to its owner's discard pile
            self.to_discard(c)
        self.res = Resolution()
        self.log.append(("game_over", winner, reason))

    def end_as_draw(self, reason: str) -> None:
        self.finish(None, reason)

    @property
    def outcome(self) -> Outcome | None:
        result = self.result
        if result is None:
            return None
        w = result.winner
        scores = (0.5, 0.5) if w is None else (1.0 - w, float(w))
        return Outcome.from_scores(scores, result.reason, first=self.first, turns=self.turn)

    # -- the turn ----------------------------------------------------------------------------
    def start_turn(self, player: int) -> None:
        self.turn += 1
        self.active = player
        self.proxy_used = self.hand_terrain = self.battle_marched = False
        self.hq_closed = set()
        self.log.append(("turn", player, self.turn))
        # R25, R30, R33: the first player's first turn leaves out 1) and 2)
        self.enter("summon" if self.turn == 1 else "adjust1")

    def enter(self, phase: str) -> None:
        self.phase = phase
        self.handed = set()  # the repetition rule's record is per phase
        self.log.append(("phase", self.active, phase))

    def end_turn(self) -> None:
        """5) 回合結束宣言 (R97-R99): acted creatures and both summoners untap; then the
        deck-out judgement (R6-R10, U5) and the turn limit (U6); then the opponent's turn."""
        self.acted.clear()
        self.summoner = [False, False]
        self.log.append(("untap", self.active))
        decks = (len(self.deck[0]), len(self.deck[1]))
        if self.judgement is not None and any(decks):
            self.judgement = None  # a deck gained cards: the judgement is off (U5)
            self.log.append(("judgement_cancelled",))
        if self.judgement == self.turn:
            counts = [sum(len(self.parties[c][p]) for c in range(CELLS) if territory(c) != p) for p in (0, 1)]
            self.log.append(("judgement", counts))
            winner = None if counts[0] == counts[1] else int(counts[1] > counts[0])
            self.finish(winner, "deck-out judgement" if winner is not None else "deck-out judgement: equal")
            return
        if self.judgement is None and not any(decks):
            self.judgement = self.turn + 1
            self.log.append(("judgement_set", self.judgement))
        if self.turn >= self.game.options.turn_limit:
            self.finish(None, "turn limit")
            return
        self.start_turn(1 - self.active)

    def has_ended(self) -> bool:
        """The game has ended. A call, not ``self.result is not None`` inline: inside ``advance``'s
        loop the type checker holds ``result`` to be ``None`` (the loop's condition), and the
        compiled build trusts that and refuses the ``Result`` a window that closed just set."""
        return self.result is not None

    def advance(self) -> None:
        """Run what happens by itself until a player must decide, and ask them."""
        while self.result is None:
            res = self.res
            if res.frames or res.stack or res.windows:
                MACHINE.advance(self)  # a spell on the stack: its window, then its resolution
                if self.decisions or self.has_ended():
                    return
                continue
            if self.overflow is not None:
                cell = self.overflow
                over = [
                    p for p in (self.active, 1 - self.active) if self.level_total(cell, p) > self.limit(cell)
                ]
                if over:
                    self.decisions = [decision(over[0], "overflow")]
                    return
                self.overflow = None
                continue
            if self.battle is not None:
                if battle.step(self):
                    return
                continue
            phase = self.phase
            if phase in ("adjust1", "adjust2"):
                self.decisions = [decision(self.active, "adjust")]
            elif phase == "main":
                self.decisions = [decision(self.active, "main")]
            elif phase == "summon":
                self.decisions = [decision(self.active, "summon")]
            else:  # pragma: no cover - every phase above asks or moves on
                raise AssertionError(f"no decision in phase {phase}")
            return

    # -- actions -----------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        made = self.legal
        if made is None:
            made = self.legal = legal.compute(self)
        return made[:]

    def illegal_reason(self, action: Action, player: int) -> str | None:
        refused = self.refusal(player)
        if refused is not None:
            return refused
        if action in self.legal_actions():
            return None
        return f"{action} is not legal now ({PROMPTS[self.decisions[-1].kind].partition(':')[0]})"

    def apply_unchecked(self, action: Action) -> None:
        self.legal = None
        self.version += 1
        HANDLERS[type(action)](self, action)
        self.advance()

    def default_action(self, decision: Decision) -> Action:
        """Refill, end the phase, pass; else the first choice (the decider's own cards)."""
        fixed: dict[str, Action] = {
            "main": END_MAIN, "summon": END_SUMMON, "instant": PASS, "respond": PASS, "answer": PASS
        }
        actions = self.legal_actions()
        wanted = REFILL if decision.kind == "adjust" else fixed.get(decision.kind)
        return wanted if wanted in actions else actions[0]

    def problems(self) -> list[str]:
        out = []
        for cell in range(CELLS):
            if (self.terrain[cell] == EMPTY) != (self.placer[cell] is None):
                out.append(f"cell {cell}: a terrain and its placer go together")
            elif self.terrain[cell] != EMPTY and self.owner(self.terrain[cell]) != self.placer[cell]:
                out.append(f"cell {cell}: the terrain's card is not its placer's")
            if self.terrain[cell] == EMPTY and any(self.parties[cell]):
                out.append(f"cell {cell}: creatures stand on empty ground (R68)")
            for p in (0, 1):
                if any(self.owner(c) != p or not self.card(c).creature for c in self.parties[cell][p]):
                    out.append(f"cell {cell}: player {p}'s party holds a card that is not their creature")
        for p, places in enumerate(self.unseen_discards):
            if places != sorted(set(places)) or (places and places[-1] >= len(self.discard[p])):
                out.append(f"unseen_discards[{p}]: places in player {p}'s discard pile, each once, in order")
        for c, items in self.gear.items():
            if not items or self.where(c) == EMPTY or any(self.card(e).kind != "equipment" for e in items):
                out.append(f"gear of card #{c}: equipment on a creature on the battlefield only")
        if self.result is None and not self.decisions:
            out.append("the game goes on but nobody decides")
        return out


# -- handlers ---------------------------------------------------------------------------------
def _discard(state: MonsterCollectionState, action: Discard) -> None:
    p = state.active
    state.hand[p].remove(action.card)
    state.to_discard(action.card)
    state.log.append(("discard", p, action.card))


def _refill(state: MonsterCollectionState, action: Refill) -> None:
    state.refill(state.active)
    if state.phase == "adjust1":
        state.enter("main")
    else:
        state.end_turn()


def _lay(state: MonsterCollectionState, cell: int, card: int, down: bool) -> None:
    """A terrain onto ``cell``; the terrain there goes to its owner's discard pile (R55), a
    proxy face down, its content never shown, not even to its owner (R56, U8); creatures stay,
    and a party over the new limit must shrink (U7)."""
    old = state.terrain[cell]
    if old != EMPTY:
        owner = state.owner(old)
        if state.down[cell]:
            state.unseen_discards[owner].append(len(state.discard[owner]))
            state.log.append(("proxy_replaced", owner, cell))
        else:
            state.log.append(("replaced", owner, old, cell))
        state.to_discard(old)
    state.terrain[cell], state.placer[cell], state.down[cell] = card, state.active, down
    if any(state.parties[cell]):
        state.overflow = cell


def _place(state: MonsterCollectionState, action: Place) -> None:
    """R50-R52: revealed, and its hand-type ability (手牌型特殊能力) declared with it or never;
    the ability resolves right after the placement (U21)."""
    p = state.active
    state.hand[p].remove(action.card)
    state.hand_terrain = True
    state.log.append(("place", p, action.card, action.cell))
    _lay(state, action.cell, action.card, False)
    if action.declare:
        state.log.append(("declares", p, action.card, action.cell))
        state.decisions.pop()  # asked again once the ability has resolved
        MACHINE.start_frame(state, p, action.card, 0, (), ABILITY)


def _proxy(state: MonsterCollectionState, action: Proxy) -> None:
    p = state.active
    state.proxy_used = True
    state.log.append(("proxy", p, action.cell))
    _lay(state, action.cell, state.deck[p].pop(), True)


def _march(state: MonsterCollectionState, action: March) -> None:
    p, cell = state.active, action.cell
    origins = {}
    for c in action.cards:
        origin = state.where(c)
        origins[c] = origin
        state.parties[origin][p].remove(c)
        state.parties[cell][p].append(c)
        state.acted.add(c)  # R73: 已行動
    state.log.append(("march", p, list(action.cards), cell))
    terrain = state.terrain[cell]
    if not state.down[cell] and state.card(terrain).timing == "march" and state.card(terrain).steps:
        state.decisions.pop()  # R77: the terrain's effect on a march there, before any battle
        MACHINE.start_frame(state, p, terrain, 0, (), ABILITY)
    if state.parties[cell][1 - p]:
        state.battle_marched = True  # R79
        state.battle = Battle(cell, p, origins, set(), "instant", p, 0, {}, {}, {}, set(), set())
        state.phase = "battle"
        state.log.append(("battle", p, cell, 1 - p))
        state.log.append(("timing", p, "instant"))
        return
    state.log.append(("controls", p, cell))
    if cell == HQ[1 - p]:
        state.finish(p, "HQ fall")  # R5: an empty enemy HQ marched into (U16)


def _exchange(state: MonsterCollectionState, action: Exchange) -> None:
    """R83: the swap or the hand-over; the arrangements before and after it are recorded for
    the repetition rule."""
    p, cell = state.decisions[-1].player, state.where(action.source)
    state.handed.add(legal.arrangement(state, cell, p, state.gear))
    for creature, items in legal.exchanged(state, action).items():
        if items:
            state.gear[creature] = items
        else:
            del state.gear[creature]
    state.handed.add(legal.arrangement(state, cell, p, state.gear))
    state.log.append(("exchange", p, action.equipment, action.source, action.target))
    if action.back >= 0:
        state.log.append(("exchange", p, action.back, action.target, action.source))


def _end(state: MonsterCollectionState, action: End) -> None:
    state.enter("summon" if action.phase == "main" else "adjust2")


def _summon(state: MonsterCollectionState, action: Summon) -> None:
    p = state.decisions[-1].player
    c = action.card
    state.pay_hero(p, c)
    state.hand[p].remove(c)
    if action.instant:
        fight = state.battle
        assert fight is not None
        cell = fight.cell
        if p == fight.attacker:  # U12: the attacker's instant summons count as marched
            state.acted.add(c)
            fight.summoned.add(c)
        state.parties[cell][p].append(c)
        state.log.append(("instant", p, c, cell))
    else:
        state.parties[HQ[p]][p].append(c)
        state.log.append(("summon", p, c, HQ[p]))


def _equip(state: MonsterCollectionState, action: Equip) -> None:
    p = state.decisions[-1].player
    state.hand[p].remove(action.equipment)
    state.gear.setdefault(action.creature, []).append(action.equipment)
    state.log.append(("equip", p, action.equipment, action.creature))


def _unequip(state: MonsterCollectionState, action: Unequip) -> None:
    p = state.decisions[-1].player
    holder = next(c for c, items in state.gear.items() if action.equipment in items)
    state.gear[holder].remove(action.equipment)
    if not state.gear[holder]:
        del state.gear[holder]
    state.to_discard(action.equipment)
    state.log.append(("unequip", p, action.equipment))


def _lose(state: MonsterCollectionState, action: Lose) -> None:
    p = state.decisions[-1].player
    state.kill(action.card)
    state.log.append(("lost", p, action.card))


def _cast(state: MonsterCollectionState, action: Cast) -> None:
    """A battle spell, a consumable item or a creature's ability on the stack; the other player
    may answer it (U20), unless public facts leave them nothing to answer with (``can_answer``).
    A ritual, in the main phase, resolves at once: no battle, so no spell slots to counter with."""
    top = state.decisions[-1]
    p, c = top.player, action.card
    card = state.card(c)
    targets = () if action.target < 0 else (refs.card(action.target),)
    tag = ABILITY if card.creature else HELD
    if card.creature:
        fight = state.battle
        assert fight is not None
        fight.used.add(c)  # once a battle
        if card.completes:
            fight.completed.add(c)  # 行動完了: it will not attack
    else:
        state.hand[p].remove(c)
    target = None if action.target < 0 else action.target
    if card.spell:
        state.log.append(("cast", p, c, action.target))
    else:
        state.log.append(("perform" if card.kind == "ritual" else "use", p, c, target))
    frame = Frame(p, c, 0, targets, 0, tag)
    if top.kind in ("respond", "answer"):
        MACHINE.acted(state)  # priority moves on to the other player (keep=False)
        state.res.stack.append(frame)
        return
    state.decisions.pop()
    if card.kind == "ritual":
        MACHINE.start(state, frame)
        return
    state.res.stack.append(frame)
    if state.can_answer(1 - p):
        MACHINE.open_window(state, "respond", (1 - p, p))
    else:
        MACHINE.start(state, state.res.stack.pop())


def _strike(state: MonsterCollectionState, action: Strike) -> None:
    """The side's attack; a window follows it when the other side may hold a counter that answers
    attacks (対抗:攻撃限定, U20), and the attack lands when it closes."""
    fight = state.battle
    assert fight is not None
    if state.can_answer(1 - fight.side, attack=True):
        state.decisions.pop()
        state.log.append(("attacks", fight.side))
        MACHINE.open_window(state, "answer", (1 - fight.side, fight.side))
    else:
        battle.attack(state)


def _pass(state: MonsterCollectionState, action: Pass) -> None:
    if state.decisions[-1].kind in ("respond", "answer"):
        state.log.append(("passes", state.decisions[-1].player))
        MACHINE.pass_priority(state)
    else:
        battle.pass_timing(state, action)


def recheck(state: MonsterCollectionState, act: Activation) -> Any:
    """On resolution (U20, tocage): the ability's source and target must still be there, its
    condition hold, and its costs (spell slots, item slots, card costs) still be payable, else
    it does nothing; then the costs are paid."""
    card = state.card(act.source)
    ability = card.ability
    fight = state.battle
    if card.creature and (fight is None or state.where(act.source) != fight.cell):
        state.log.append(("fizzles", act.source, "creature"))
        return STOP
    if ability.target is not None and (not act.cards() or act.cards()[0] not in ability.target(state, act)):
        state.log.append(("fizzles", act.source, "target"))
        return STOP
    condition = ability.condition if ability.timing != "march" else None  # a march rule's is per marcher
    if (condition is not None and not condition.holds(state, act)) or not ability.can_pay(state, act):
        state.log.append(("fizzles", act.source, "cost"))
        return STOP
    if card.kind in ("spell", "item"):
        assert fight is not None
        if card.spell:
            key, free = f"{act.player}:{card.element}", state.free_spell_slots(act.player, card.element)
        else:
            key, free = f"{act.player}:item", state.free_item_slots(act.player)
        if free < card.slots:
            state.log.append(("fizzles", act.source, "slots"))
            return STOP
        fight.spent[key] = fight.spent.get(key, 0) + card.slots
    return None


def frame_steps(state: MonsterCollectionState, frame: Frame) -> tuple[Any, ...]:
    card = state.card(frame.source)
    return (recheck, *card.costs, *card.steps)


def frame_done(state: MonsterCollectionState, frame: Frame) -> None:
    if frame.tag == HELD:  # a spell, a consumable item, a ritual: used up
        state.to_discard(frame.source)


HANDLERS: dict[type, Any] = {
    Discard: _discard,
    Refill: _refill,
    Place: _place,
    Proxy: _proxy,
    March: _march,
    Exchange: _exchange,
    End: _end,
    Summon: _summon,
    Equip: _equip,
    Unequip: _unequip,
    Lose: _lose,
    Pass: _pass,
    Next: battle.next_in_line,
    Cast: _cast,
    Strike: _strike,
}

def _answers_hidden(state: MonsterCollectionState, decision: Decision) -> bool:
    """Whether a counter window's holder could answer on facts only they see (U20): then even a
    lone ``pass`` is asked, else the window passes them by."""
    attack = decision.kind == "answer" and not state.res.stack
    return state.can_answer(decision.player, attack=attack)


def _passed_by(state: MonsterCollectionState, action: Action) -> None:
    """U20: a holder with nothing to answer with, on public facts, passes without being asked."""
    state.legal = None
    MACHINE.pass_priority(state)


MACHINE: Machine[MonsterCollectionState] = Machine(
    steps={},
    frame_steps=frame_steps,
    activation=lambda s, f: Activation(f.player, f.source, f.ability, f.target, f.targets),
    start_trigger=lambda s, t: False,  # no card of MC1 triggers
    frame_done=frame_done,
    windows={
        "respond": WindowRule(on_close=lambda s, w: None, keep=False),
        "answer": WindowRule(on_close=lambda s, w: battle.attack(s), keep=False),
    },
    auto=AutoForced(
        frozenset({"respond", "answer"}), legal=MonsterCollectionState.legal_actions, play=_passed_by,
        private=_answers_hidden,
    ),
)
