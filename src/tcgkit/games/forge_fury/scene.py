"""Forge & Fury as a seat sees it: each player's deck, hand (its colour values), pick (sealed
until both have picked), recovery and conquest piles, the named colour, the mini-game, and a
sentence per event.

Built from a view and the public card table. Seats are named, not coloured: the game's
colours are green, red and blue, and a player called "Red" would read like one of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...kernel import refs
from ...kernel.actions import Action
from ...kernel.card_files import label as card_label
from ...kernel.scene import (
    Area,
    AreaLayout,
    CardTable,
    Catalogue,
    Change,
    Column,
    Events,
    Face,
    Message,
    Role,
    Scene,
    SceneCounter,
    Seat,
    Sentence,
    Shown,
    Template,
    messages,
    moves_of,
    pending_of,
    say,
)
from ...kernel.words import terms
from .actions import SIGNS, Call, ChooseColour, Show, Throw
from .cards import COLOURS, Card
from .glossary import GLOSSARY as GLOSSARY  # for the Game (``Game.glossary``)
from .glossary import HOW_TO_PLAY as HOW_TO_PLAY
from .glossary import WORDS as GLOSSARY_WORDS
from .options import BRASA_SOURCE, DECK_SIZES

if TYPE_CHECKING:
    from .game import ForgeFury

RARITY_NAMES = ("normal", "rare", "super rare")
MINIGAMES = {"rps": "rock-paper-scissors", "odd_even": "odd-or-even"}
DOING = {
    "colour": "name the colour", "pick": "pick a card in secret",
    "rps": "throw rock, paper or scissors in secret", "call": "call odd or even",
    "show": "show 0..5 fingers in secret",
}
STYLES = {"colour:green": "bold green", "colour:red": "bold red", "colour:blue": "bold blue",
          "named": "reverse",
          "rarity:rare": "cyan", "rarity:super rare": "bold magenta"}

MESSAGES: Catalogue = messages({
    "fnf.round": Message("Round {round} of {total}", joins=" | "),
    "fnf.sudden_round": Message("Sudden-death round", joins=" | "),
    "fnf.over": Message("Over after {rounds} rounds", joins=" | "),
    "fnf.colour": "Colour: {colour}, named by {player}",
    "fnf.colour_pending": ("Colour: not named yet; {player} names it",
                           "Colour: not named yet; {player} name it"),
    "fnf.minigame": "Mini-game: {kind} for {purpose}",
    "fnf.minigame_ties": "{ties} {ties:tie|ties} so far",
    "fnf.calls_first": "{player} calls first",
    "fnf.calls": "{player} calls {call}",
    "fnf.sign_waiting": Message("{player}: not yet", first=". ", joins=", "),
    "fnf.sign_sealed": Message("{player}: sealed", first=". ", joins=", "),
    "fnf.sign_own": Message("{player}: {sign} (sealed)", first=". ", joins=", "),
    "fnf.doing": "{player} to {doing}",
    "fnf.last_won": "Last won by {player}: {recovered} (recovered) and {conquered} (conquered)",
    "fnf.draws": ("{player} draws {cards}", "{player} draw {cards}"),
    "fnf.draws_hidden": ("{player} draws {count} {count:card|cards}",
                         "{player} draw {count} {count:card|cards}"),
    "fnf.draws.also": Message("{player} draws {cards}", "{player} draw {cards}", joins="; "),
    "fnf.draws_hidden.also": Message("{player} draws {count} {count:card|cards}",
                                     "{player} draw {count} {count:card|cards}", joins="; "),
    "fnf.picked": "{player} picked {card} in secret",
    "fnf.picked_hidden": "{player} picked in secret",
    "fnf.threw": "{player} threw {sign} in secret",
    "fnf.threw_hidden": "{player} threw in secret",
    "fnf.showed": "{player} showed {sign} {sign:finger|fingers} in secret",
    "fnf.showed_hidden": "{player} showed in secret",
    "fnf.call": ("{player} calls {call}", "{player} call {call}"),
    "fnf.named": ("{player} names {colour}", "{player} name {colour}"),
    "fnf.rps": "Rock-paper-scissors: {first} {first_sign}, {second} {second_sign}",
    "fnf.odd_even": "Odd-or-even: {first} {first_sign}, {second} {second_sign}: {total} is {parity}",
    "fnf.minigame_tie": Message("a tie, throw again", joins=": "),
    "fnf.minigame_tie_streak": Message("a tie again; after {ties} ties in a row the seed decides",
                                       joins=": "),
    "fnf.minigame_first": Message("{player} wins and names the first colour",
                                  "{player} win and name the first colour",
                                  joins=": "),
    "fnf.minigame_round": Message("{player} wins the mini-game", "{player} win the mini-game", joins=": "),
    "fnf.reveal_tie": "Reveal on {colour}: {first} ties {second} at {value}: the mini-game decides",
    "fnf.reveal": "Reveal on {colour}: {winner} ({winner_value}) beats {loser} ({loser_value})",
    "fnf.reveal_level": "Reveal on {colour}: {winner} ties {loser} at {value}",
    "fnf.reveal.other": Message("on the highest other colour {winner} ({winner_colour} {winner_value}) beats "
                                "{loser} ({loser_colour} {loser_value})", joins="; "),
    "fnf.reveal.rarity": Message("on rarity {winner} ({winner_rarity}) beats {loser} ({loser_rarity})",
                                 joins="; "),
    "fnf.reveal.number": Message("on the card number {winner} beats {loser}", joins="; "),
    "fnf.move.colour": "name {colour} the colour of the round",
    "fnf.move.rps": "throw {sign}",
    "fnf.move.call": "call {call}",
    "fnf.move.show": "show {fingers} {fingers:finger|fingers}",
    "fnf.round_won": ("{player} wins the round", "{player} win the round"),
    "fnf.sudden_death": "Still level after every tie-break: one sudden-death round, each player draws from "
                        "their own recovery pile; {player} names the colour",
    "fnf.end": ("The end: {player} wins ({reason})", "The end: {player} win ({reason})"),
    "fnf.end_draw": "The end: a draw ({reason})",
    "fnf.deck": "deck", "fnf.hand": "hand", "fnf.pick": "pick", "fnf.recovery": "recovery",
    "fnf.conquest": "conquest",
    "fnf.rules": "Mode: {mode} ({deck}); mini-game: {minigame}{extra}",
})
# What a pending decision asks (the scene's prompt), in the words of its status line:
MESSAGES.update(messages({f"fnf.prompt.{kind}": doing for kind, doing in DOING.items()}))
MESSAGES.update(terms(
    "fnf", "score", "green", "red", "blue", "rarity", *RARITY_NAMES, "rock", "paper",
    "scissors", "odd", "even", *MINIGAMES.values(), "who names the first colour", "the tied round",
    "all cards are played",
    "won the sudden-death round", "tie broken by the strength of the conquests",
    "tie broken by super-rare cards conquered", "tie broken by rare cards conquered",
    "a draw: every tie-break is equal"))


def values(card: Card, named: int | None = None) -> list[Shown]:
    return [Shown(key=colour, label=colour + ("*" if i == named else ""), value=card.values[i],
                  style=[f"colour:{colour}"] + (["named"] if i == named else []))
            for i, colour in enumerate(COLOURS)]


CARD = "fnf-card"
TEMPLATES = [Template(kind=CARD, art="rarity",
                      places={"green": "stats", "red": "stats", "blue": "stats", "rarity": "badge"})]
"""A card: its green, red and blue values a row at the foot (each in its colour, the named
one marked), its rarity a badge, its art drawn from the rarity."""


def face(game: ForgeFury, key: str, named: int | None = None) -> Face:
    card = game.cards[game.card_id(key)]
    rarity = RARITY_NAMES[card.rarity]
    shown = Shown(key="rarity", label="rarity", value=rarity, style=[f"rarity:{rarity}"])
    return Face(ref=refs.card(card.id), name=card.label, kind=CARD, fields=[*values(card, named), shown],
                style=[f"rarity:{rarity}"])


SIDE: tuple[tuple[str, AreaLayout, Role], ...] = (
    ("deck", "pile", "pile"), ("pick", "row", "play"), ("recovery", "pile", "pile"),
    ("conquest", "pile", "pile"))


def scene(game: ForgeFury, view: dict[str, Any], actions: Sequence[Action], events: Events,
          default: Action | None) -> Scene:
    zones, viewer = view["zones"], view["viewer"]
    named = None if view["colour"] is None else COLOURS.index(view["colour"])
    order = [p for p in (0, 1) if p != viewer] + ([viewer] if viewer is not None else [])

    def faces(keys: list[str] | None) -> list[Face | None]:
        return [] if keys is None else [face(game, key, named) for key in keys]

    areas = []
    for p in order:
        for zone, layout, role in SIDE:
            shown = zones[f"{zone}{p}"]
            keys = shown.get("cards")
            sealed = zone == "pick" and keys is None
            sealed_face: list[Face | None] = [Face(up=False, kind=CARD)] if sealed and shown["count"] else []
            items = sealed_face or faces(keys)
            areas.append(Area(key=f"{zone}{p}", label=zone, owner=p, layout=layout, items=items, role=role,
                              count=shown["count"], hidden=keys is None and not sealed, group=f"side{p}"))
    for p in order:
        hand = zones[f"hand{p}"]
        keys = hand.get("cards")
        areas.append(Area(key=f"hand{p}", label="hand", owner=p, layout="row", count=hand["count"],
                          hidden=keys is None, items=faces(keys), role="hand"))
    seats = []
    for p in (0, 1):
        score = zones[f"recovery{p}"]["count"] + zones[f"conquest{p}"]["count"]
        seats.append(Seat(player=p, to_move=view["to_move"] == p,
                          counters=[SceneCounter(key="score", label="score", value=score)]))
    prompt = say(f"fnf.prompt.{view['decision']}")
    return Scene(game=game.name, viewer=viewer, seats=seats, areas=areas, status=status(game, view),
                 log=log(game, events), pending=pending_of(view, prompt, default),
                 moves=moves_of(actions, note),
                 outcome=view["outcome"], named_seats=True, sides_table=True, templates=TEMPLATES,
                 changes=changes(game, view, events))


def note(action: Action) -> Sentence | None:
    """What a move without a card does, in words a menu shows (a pick points at its card)."""
    if isinstance(action, ChooseColour):
        return say("fnf.move.colour", colour=COLOURS[action.colour])
    if isinstance(action, Throw):
        return say("fnf.move.rps", sign=SIGNS[action.sign])
    if isinstance(action, Call):
        return say("fnf.move.call", call="odd" if action.odd else "even")
    if isinstance(action, Show):
        return say("fnf.move.show", fingers=action.fingers)
    return None


def changes(game: ForgeFury, view: dict[str, Any], events: Events) -> list[Change]:
    """What the events did to the cards and the score: cards drawn (from the deck, or from the
    recovery pile for the sudden-death round), picked, revealed, and won (the winner's own
    pick to its recovery pile, the rival's to its conquest pile, two points)."""
    out: list[Change] = []
    revealed: list[str | None] | None = None

    def ref(key: str | None) -> refs.Ref | None:
        return None if key is None else refs.card(game.card_id(key))

    for event in events:
        kind, player = event["kind"], event.get("player")
        if kind == "draw":
            out.append(Change(kind="drawn", card=ref(event.get("card")), player=player,
                              source=f"deck{player}", target=f"hand{player}"))
        elif kind == "sudden_death":  # the draws just before came from the recovery piles
            drawn = len(out)
            while drawn and out[drawn - 1].kind == "drawn":
                drawn -= 1
            out[drawn:] = [c.model_copy(update={"source": f"recovery{c.player}"}) for c in out[drawn:]]
        elif kind == "pick":
            out.append(Change(kind="played", card=ref(event.get("value")), player=player,
                              source=f"hand{player}", target=f"pick{player}"))
        elif kind == "reveal":
            revealed = event["cards"]
            out += [Change(kind="revealed", card=ref(key), player=p, target=f"pick{p}")
                    for p, key in enumerate(event["cards"])]
        elif kind == "round":
            winner = event["winner"]
            if revealed is None:  # revealed in an earlier step: the cards just won top the piles
                zones = view["zones"]
                revealed = [None, None]
                revealed[winner] = (zones[f"recovery{winner}"].get("cards") or [None])[-1]
                revealed[1 - winner] = (zones[f"conquest{winner}"].get("cards") or [None])[-1]
            out += [Change(kind="moved", card=ref(revealed[winner]), player=winner, source=f"pick{winner}",
                           target=f"recovery{winner}"),
                    Change(kind="moved", card=ref(revealed[1 - winner]), player=winner,
                           source=f"pick{1 - winner}", target=f"conquest{winner}"),
                    Change(kind="counter", player=winner, amount=2, key="score")]
            revealed = None
    return out


def status(game: ForgeFury, view: dict[str, Any]) -> list[Sentence]:
    zones = view["zones"]
    left = max(sum(zones[f"{zone}{p}"]["count"] for zone in ("deck", "hand", "pick")) for p in (0, 1))
    total = view["rounds"] + left
    if view["sudden"]:
        out = [say("fnf.sudden_round")]
    elif view["outcome"] is not None:
        out = [say("fnf.over", rounds=view["rounds"])]
    else:
        out = [say("fnf.round", round=min(view["rounds"] + 1, total), total=total)]
    chooser = refs.player(view["chooser"])
    if view["colour"] is not None:
        out.append(say("fnf.colour", colour=view["colour"], player=chooser))
    elif view["decision"] == "colour":
        out.append(say("fnf.colour_pending", player=chooser))
    kind = view["decision"]
    if kind in ("rps", "show", "call"):
        out += minigame(game, view)
    for p in (0, 1):
        recovery = zones[f"recovery{p}"].get("cards") or []
        conquest = zones[f"conquest{p}"].get("cards") or []
        if recovery and conquest:
            out.append(say("fnf.last_won", player=refs.player(p), recovered=recovery[-1],
                           conquered=conquest[-1]))
    if view["to_move"] is not None:
        out.append(say("fnf.doing", player=refs.player(view["to_move"]), doing=DOING.get(kind, kind)))
    return out


def minigame(game: ForgeFury, view: dict[str, Any]) -> list[Sentence]:
    kind = game.options.minigame
    purpose = "who names the first colour" if view["purpose"] == "start" else "the tied round"
    out = [say("fnf.minigame", kind=MINIGAMES[kind], purpose=purpose)]
    if view["ties"]:
        out.append(say("fnf.minigame_ties", ties=view["ties"]))
    if kind == "odd_even":
        caller = refs.player(view["caller"])
        call = view["call"]
        out.append(say("fnf.calls_first", player=caller) if call is None
                   else say("fnf.calls", player=caller, call="odd" if call else "even"))
    asked = {d["player"] for d in view["decisions"] if d["kind"] in ("rps", "show")}
    for p in (0, 1):
        who = refs.player(p)
        if p in asked:
            out.append(say("fnf.sign_waiting", player=who))
        elif p == view["viewer"] and view["signs"][p] is not None:
            out.append(say("fnf.sign_own", player=who, sign=view["signs"][p]))
        else:
            out.append(say("fnf.sign_sealed", player=who))
    return out


def log(game: ForgeFury, events: Events) -> list[Sentence]:
    """A sentence per event; a player's draws in a row make one."""
    rps = game.options.minigame == "rps"
    out: list[Sentence] = []
    draws: dict[int, list[str | None]] = {}

    def close_draws() -> None:  # the players' draws in a row on one line
        for n, (player, cards) in enumerate(draws.items()):
            who, also = refs.player(player), ".also" if n else ""
            out.append(say("fnf.draws" + also, player=who, cards=list(cards)) if all(cards)
                       else say("fnf.draws_hidden" + also, player=who, count=len(cards)))
        draws.clear()

    for event in events:
        kind = event["kind"]
        if kind == "draw":
            draws.setdefault(event["player"], []).append(event.get("card"))
            continue
        close_draws()
        player = event.get("player")
        who = refs.player(player) if isinstance(player, int) else None
        if kind == "pick":
            value = event.get("value")
            out.append(say("fnf.picked", player=who, card=value) if value
                       else say("fnf.picked_hidden", player=who))
        elif kind == "sign":
            value = event.get("value")
            if rps:
                out.append(say("fnf.threw", player=who, sign=value) if value is not None
                           else say("fnf.threw_hidden", player=who))
            else:
                out.append(say("fnf.showed", player=who, sign=value) if value is not None
                           else say("fnf.showed_hidden", player=who))
        elif kind == "call":
            out.append(say("fnf.call", player=who, call="odd" if event["odd"] else "even"))
        elif kind == "colour":
            out.append(say("fnf.named", player=who, colour=event["colour"]))
        elif kind == "minigame":
            out += minigame_result(game, event)
        elif kind == "reveal":
            out += reveal(game, event)
        elif kind == "round":
            out.append(say("fnf.round_won", player=refs.player(event["winner"])))
        elif kind == "sudden_death":
            out.append(say("fnf.sudden_death", player=refs.player(event["chooser"])))
        elif kind == "end":
            winner = event["winner"]
            out.append(say("fnf.end_draw", reason=event["reason"]) if winner is None
                       else say("fnf.end", player=refs.player(winner), reason=event["reason"]))
    close_draws()
    return out


def minigame_result(game: ForgeFury, event: dict[str, Any]) -> list[Sentence]:
    signs, winner = event["signs"], event["winner"]
    first, second = refs.player(0), refs.player(1)
    if game.options.minigame == "rps":
        out = [say("fnf.rps", first=first, first_sign=signs[0], second=second, second_sign=signs[1])]
    else:
        total = int(signs[0]) + int(signs[1])
        out = [say("fnf.odd_even", first=first, first_sign=signs[0], second=second, second_sign=signs[1],
                   total=total, parity="odd" if total % 2 else "even")]
    if winner is None:
        return [*out, say("fnf.minigame_tie")]
    if game.options.minigame == "rps" and signs[0] == signs[1]:
        out.append(say("fnf.minigame_tie_streak", ties=game.options.minigame_ties))
    return [*out, say("fnf.minigame_first" if event["purpose"] == "start" else "fnf.minigame_round",
                      player=refs.player(winner))]


def best_other(card: Card, colour: int) -> int:
    return max((i for i in range(3) if i != colour), key=lambda i: card.values[i])


def reveal(game: ForgeFury, event: dict[str, Any]) -> list[Sentence]:
    """The two cards shown, their values in the named colour, and the tie-break that parted
    them: the highest other colour, rarity, or the card number."""
    colour, step, winner = event["colour"], event["step"], event["winner"]
    keys = event["cards"]
    cards = [game.cards[game.card_id(key)] for key in keys]
    c = COLOURS.index(colour)
    if winner is None:
        return [say("fnf.reveal_tie", colour=colour, first=keys[0], second=keys[1], value=cards[0].values[c])]
    w, lo = cards[winner], cards[1 - winner]
    names = {"winner": keys[winner], "loser": keys[1 - winner]}
    if step == "colour":
        return [say("fnf.reveal", colour=colour, winner_value=w.values[c], loser_value=lo.values[c], **names)]
    out = [say("fnf.reveal_level", colour=colour, value=w.values[c], **names)]
    if step == "other colours":
        best = [best_other(card, c) for card in (w, lo)]
        out.append(say("fnf.reveal.other", winner_colour=COLOURS[best[0]], winner_value=w.values[best[0]],
                       loser_colour=COLOURS[best[1]], loser_value=lo.values[best[1]], **names))
    elif step == "rarity":
        out.append(say("fnf.reveal.rarity", winner_rarity=RARITY_NAMES[w.rarity],
                       loser_rarity=RARITY_NAMES[lo.rarity], **names))
    else:
        out.append(say("fnf.reveal.number", **names))
    return out


def card_table(game: ForgeFury) -> CardTable:
    columns = [Column(key="label", label="card"), *(Column(key=c, label=c, justify="right") for c in COLOURS),
               Column(key="rarity_shown", label="rarity")]
    rows: list[dict[str, Any]] = [
        {"number": c.number, "name": c.name, "label": c.label, "green": c.values[0], "red": c.values[1],
         "blue": c.values[2], "rarity": c.rarity_name, "rarity_shown": RARITY_NAMES[c.rarity]}
        for c in game.cards.cards]
    return CardTable(title=f"{game.title} cards ({len(game.cards)})", columns=columns, rows=rows,
                     styles=[[f"rarity:{RARITY_NAMES[c.rarity]}"] for c in game.cards.cards])


def rules_summary(game: ForgeFury) -> list[Sentence]:
    options = game.options
    if options.mode == "brasa":
        deck = f"one {BRASA_SOURCE}-card deck split, {DECK_SIZES['brasa']} each"
    else:
        deck = f"{DECK_SIZES[options.mode]} cards each"
    extra = []
    if options.tie_by_number:
        extra.append("round ties by the higher card number")
    if options.minigame_ties != type(options).model_fields["minigame_ties"].default:
        extra.append(f"the seed decides after {options.minigame_ties} mini-game ties")
    if options.private_decklists:
        extra.append("private deck lists")
    if options.card_file:
        extra.append(f"cards from {card_label(options.card_file)}")
    if options.card_files:
        extra.append(f"cards from {', '.join(map(card_label, options.card_files))}")
    return [say("fnf.rules", mode=options.mode, deck=deck, minigame=MINIGAMES[options.minigame],
                extra="".join(f"; {e}" for e in extra))]


MESSAGES.update(GLOSSARY_WORDS)  # the rules in brief and the words of the cards (``glossary.py``)
