"""Why an action is not legal now, in words a player understands.

Only cards the player may see are described: an action naming a card they cannot see is
answered with the card as they wrote it, never with what the card really is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel.actions import Action, Decision
from ...kernel.effects import Ability, Activation
from .actions import (
    DONE,
    END,
    TO_ATTACK,
    TO_CHARACTER,
    TO_CITY,
    TO_WORLD,
    Assign,
    Done,
    End,
    Hide,
    Pick,
    Play,
    Turn,
    Use,
)
from .legal import ability_targets
from .records import ABILITY_KEY

if TYPE_CHECKING:
    from .rules import FFTcgState

WHAT = {
    "play": "play a card, hide one, turn a hidden card, use an ability or end the play phase",
    "reconcile": "discard down to the hand size (discard CARD)",
    "declare": "declare attackers (attack CARD), clear a city (clear CITY) or finish (done)",
    "assign": "assign each attacking monster to a character (assign MONSTER -> CHARACTER)",
    "fight": "choose the next fight (fight CHARACTER)",
    "window": "use effects for the fight (turn, use) or finish (done)",
    "post_reveal": "use effects for the fight now that the luck is shown (turn, use) or finish (done)",
    "skull": "choose the monster for the skull pile (skull CARD)",
    "wound": "choose the character the villain wounds (wound CARD) or decline (done)",
    "discard": "discard a card (discard CARD)",
    "sacrifice": "sacrifice a card (sacrifice CARD)",
    "search": "take a card from the deck (search CARD)",
    "target": "choose a target (target CARD)",
}
ACCEPTS: dict[str, tuple[type[Action], ...]] = {
    "play": (Play, Hide, Turn, Use, End), "window": (Turn, Use, Done), "post_reveal": (Turn, Use, Done),
    "declare": (Pick, Done), "assign": (Assign,), "wound": (Pick, Done),
}
PASSES: dict[str, Action] = {"play": END, "declare": DONE, "window": DONE, "post_reveal": DONE,
                             "wound": DONE}
VERBS = {"reconcile": "discard", "declare": "attack|clear", "fight": "fight", "skull": "skull",
         "wound": "wound", "discard": "discard", "sacrifice": "sacrifice", "search": "search",
         "target": "target"}


def default_action(state: FFTcgState, decision: Decision) -> Action:
    """What a turn timer takes: pass where passing is allowed (end the play phase, finish a
    declaration or an effect window), else the first choice, in an order that follows what
    the decider sees (their hand, the cards in play, the deck they are searching)."""
    if decision.kind in PASSES:
        return PASSES[decision.kind]
    return state.legal_actions()[0]


def illegal_reason(state: FFTcgState, action: Action, player: int) -> str | None:
    refused = state.refusal(player)
    if refused is not None:
        return refused
    if action in state.legal_actions():
        return None
    decision = state.decisions[-1]
    p, kind = decision.player, decision.kind
    must = f"player {p} must {WHAT[kind]}"
    accepted = ACCEPTS.get(kind, (Pick,))
    if not isinstance(action, accepted) or (
            isinstance(action, Pick) and action.verb not in VERBS.get(kind, "attack|clear").split("|")):
        return f"{must}, not '{action}'"
    detail = None
    if isinstance(action, Play | Hide):
        detail = play_reason(state, p, action)
    elif isinstance(action, Turn):
        detail = turn_reason(state, p, action)
    elif isinstance(action, Use):
        detail = use_reason(state, p, action)
    elif isinstance(action, Assign):
        detail = assign_reason(state, action)
    elif isinstance(action, Pick) and action.verb == "attack":
        detail = join_reason(state, p, action)
    return f"'{action}' is not legal: {detail or 'not one of the choices now'} ({must})"


def play_reason(state: FFTcgState, p: int, action: Play | Hide) -> str | None:
    opts = state.game.options
    if state.played:
        return "one card is played per turn, and this turn's is played"
    c = action.card
    if c not in state.hand[p]:
        return f"{action.label} is not in your hand"
    if isinstance(action, Hide):
        full = len(state.hidden[p]) >= opts.max_hidden
        return f"the hidden zone is full ({opts.max_hidden} cards)" if full else None
    info = state.card(c)
    if info.play is not None and not info.play.holds(state, Activation(p, c)):
        return f"{action.label}'s play requirement (Jogar) does not hold"
    mode = action.mode
    if info.type == "action":
        return "actions are played face down: hide CARD, then turn it"
    if info.type == "monster":
        if mode == TO_WORLD:
            if not info.world:
                return f"{action.label} has no Mundo: it cannot go to the World"
            return f"{action.label}'s World requirement does not hold"
        if mode == TO_CITY:
            return f"{action.where_label} is not one of your opponent's cities"
        if mode != TO_ATTACK:
            return "say where the monster goes: world, attack, or city CITY"
        return f"{action.label}'s attack requirement (Avistar) does not hold now"
    if info.type == "item":
        if mode != TO_CHARACTER:
            return "an item goes on one of your characters: play ITEM on CHARACTER"
        if action.where not in state.chars[p]:
            return f"{action.where_label} is not one of your characters in play"
        return f"{action.where_label} already carries an item of subtype {info.subtype}"
    if mode:
        return f"a {info.type} has one place: write 'play {action.label}'"
    if info.type == "character":
        if len(state.chars[p]) >= opts.max_characters:
            return f"you have {opts.max_characters} characters in play already"
        what = "name" if opts.character_unique_key == "name" else "name and job"
        return f"a character with the same {what} is in play"
    if info.type == "villain":
        return "you have a villain in play already (one at a time)"
    return None


def turn_reason(state: FFTcgState, p: int, action: Turn) -> str | None:
    if action.card not in state.hidden[p]:
        return f"{action.label} is not one of your hidden cards"
    ability = state.game.turn_ability[state.t.kind[action.card]]
    if ability is None:
        return f"{action.label} has no Virar: only actions are turned"
    return ability_reason(state, p, action.card, ability, action.target, action.target_label)


def use_reason(state: FFTcgState, p: int, action: Use) -> str | None:
    c = action.card
    if c >= 2 * state.t.size or c // state.t.size != p or not state.in_play(c):
        return f"{action.label} is not one of your cards in play"
    abilities = state.card(c).abilities
    if not 0 <= action.ability < len(abilities):
        return f"{action.label} has no ability {action.ability} (it has {len(abilities)})"
    ability = abilities[action.ability]
    timings = ("activated",) if state.decisions[-1].kind == "play" else ("activated", "combat")
    if ability.timing not in timings:
        return (f"ability {action.ability} of {action.label} is a '{ability.timing}' ability, not "
                f"{' or '.join(repr(t) for t in timings)}")
    if not state.ability_active(c):
        return f"{action.label} has a monster on it: its abilities are off"
    return ability_reason(state, p, c, ability, action.target, action.target_label)


def ability_reason(state: FFTcgState, p: int, card: int, ability: Ability, target: int, label: str) -> str:
    if ability.once_per_turn and card * ABILITY_KEY + ability.index in state.used:
        return "its text was used this turn already (once per turn)"
    targets = ability_targets(state, p, card, ability)
    if not targets:
        return "its condition or cost cannot be met now"
    if targets == [-1]:
        return "it takes no target"
    if target < 0:
        return "it needs a target: add -> TARGET"
    return f"{label} is not a valid target"


def join_reason(state: FFTcgState, p: int, action: Pick) -> str | None:
    c = action.card
    if c >= 2 * state.t.size or c not in state.world[p] + state.city_mons[1 - p]:
        return f"{action.label} is not one of your monsters in the World or on a rival city"
    info, act = state.card(c), Activation(p, c)
    if not state.attackers and not state.game.options.world_attacks_alone and info.type != "villain":
        return "no monster was played to attack this turn: nothing may join"
    for what, condition in (("attack requirement (Avistar)", info.attack),
                            ("play requirement (Jogar)", info.play),
                            ("World requirement (Mundo)", info.world_requirement)):
        if condition is not None and not condition.holds(state, act):
            return f"{action.label}'s {what} does not hold now"
    return None


def assign_reason(state: FFTcgState, action: Assign) -> str | None:
    if action.monster not in state.attackers:
        return f"{action.label} is not attacking"
    if action.monster in state.assigned:
        return f"{action.label} is assigned already"
    if action.character not in state.chars[state.cside]:
        return f"{action.character_label} is not one of the defending characters"
    first = next(m for m in state.attackers if m not in state.assigned)
    return f"the attackers are assigned in order: {state.t.label[first]} first"
