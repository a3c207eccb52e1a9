"""The checks of what a player may not see. Each re-deals what one viewer cannot see
(``Game.redeal_hidden``) and asks whether anything that viewer is told changed: their view,
their events, their scene, the answer to anything they type, a decision's default.

A re-dealt copy keeps the log, so its old events cannot differ; the events and public fields a
step *makes* are compared by playing the same next action on the state and on its re-dealt
copy (``events_and_public_fields_after_a_redealt_step``)."""

from __future__ import annotations

import copy
import json
import re
from typing import Any, cast

from ..kernel.errors import NotationError
from ..kernel.game import Game, State
from ..kernel.rng import Rng
from ..kernel.state import derived
from .play import Failure, Skipped, expect, play_random, players, positions, spread, walk

WHOLE_LOGS = 60
"""Steps of a game, spread over it, at which a re-dealt state's whole event log is compared
(an old event may name a card whose identity a later re-deal changes); every step compares
the events since the step before. The whole log at every step would cost the square of the
game: a 1,200-step Final Fantasy TCG game took most of the suite's time."""


def views_and_events_hide_what_a_viewer_cannot_see(game: Game) -> None:
    """Re-deal everything a viewer cannot see: their view and events stay the same."""
    rng = Rng(42)
    changed = 0
    for seed in range(3):
        since, whole_every = 0, spread(game, seed, WHOLE_LOGS)
        for step, (state, action) in enumerate(walk(game, seed)):
            start = 0 if step % whole_every == 0 or action is None else since
            for viewer in players(game):
                view = state.view(viewer)
                json.dumps(view)
                other = game.redeal_hidden(state, viewer, rng)
                other.check_invariants()
                same(view, other.view(viewer),
                     f"seed {seed} step {step}: the view of {viewer} changes with a re-deal")
                expect(other.events_since(start, viewer) == state.events_since(start, viewer),
                       f"seed {seed} step {step}: the events seen by {viewer} change with a re-deal")
                if not changed:  # once is enough: a state's notation holds its whole log
                    changed += other.to_notation() != state.to_notation()
            since = state.event_count()
    expect(changed > 0, "the re-deal never changed anything: the check proved nothing")


def same(mine: Any, theirs: Any, what: str) -> None:
    """A ``Failure`` saying ``what`` and where the two differ, unless they are equal."""
    if mine != theirs:
        raise Failure(f"{what}: {difference(mine, theirs)}")


def difference(mine: Any, theirs: Any, where: str = "") -> str:
    """The first place two JSON values differ, as ``where: mine / theirs``."""
    if isinstance(mine, dict) and isinstance(theirs, dict):
        for key in sorted(set(mine) | set(theirs), key=str):
            if mine.get(key) != theirs.get(key):
                return difference(mine.get(key), theirs.get(key), f"{where}.{key}")
    if isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs):
        for i, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            if a != b:
                return difference(a, b, f"{where}[{i}]")
    shown = [json.dumps(value, default=str)[:200] for value in (mine, theirs)]
    return f"{where or 'the value'}: {shown[0]} / {shown[1]}"


def seen_cards(view: dict[str, Any]) -> dict[str, Any]:
    """What a view shows of the cards themselves: the zones, and the fields shown to their
    owner only (``seen``): where a step may show the viewer a card it did not see before."""
    return {"zones": view["zones"], **{name: view.get(name) for name in view.get("seen", [])}}


def redeal_cards(game: Game, state: State[Any], viewer: int | None, rng: Rng) -> State[Any]:
    """``redeal_hidden`` of the cards alone: the generator and the hidden fields a game samples
    (a sealed sign, a die to come) are put back as they were, so that a step that rolls or
    reveals a sealed choice rolls and reveals the same on both copies."""
    other = game.redeal_hidden(state, viewer, rng)
    cast(Any, other).rng = cast(Any, state).rng.clone()
    for f in derived(state).spec.fields:
        if f.sample is not None and not f.holds:
            setattr(other, f.name, copy.deepcopy(getattr(state, f.name)))
    if derived(other).problems(other):
        return game.redeal_hidden(state, viewer, rng)  # the field named cards the re-deal moved
    return other


STEPS = 60
"""Steps of one game the re-dealt step check plays twice, about (a 900-step game: spread out)."""


def events_and_public_fields_after_a_redealt_step(game: Game) -> None:
    """Play the next action on a state and on a copy with what a viewer cannot see re-dealt:
    unless the step showed that viewer a card (their zones or their own fields differ) or the
    rules went on to another decision (a search asked only when the deck holds a match), the
    events it made (but the secret parts shown to that viewer alone) and the whole view must be
    the same. A log entry naming a hidden card (a missing ``secret``), an event naming a
    target's card, a public field computed from a hidden card all differ here; a copied log
    never could."""
    rng = Rng(44)
    compared = 0
    for seed in range(2):
        every = spread(game, seed, STEPS)
        for step, (state, action) in enumerate(walk(game, seed)):
            if action is None:
                break
            if step % every and step >= STEPS:  # the opening step by step, then spread out
                continue
            mover = state.to_move
            assert mover is not None
            count = state.event_count()
            after = state.clone()
            after.apply(action, mover)
            for viewer in players(game):
                other = redeal_cards(game, state, viewer, rng)
                if other.illegal_reason(action, mover) is not None:
                    continue  # the mover's action names a card the re-deal moved: not comparable
                other.apply(action, mover)
                mine, theirs = after.view(viewer), other.view(viewer)
                if seen_cards(mine) != seen_cards(theirs) or mine["decisions"] != theirs["decisions"]:
                    continue  # the step showed the viewer a card, or the rules asked what a hidden
                    # card allows (a search only when the deck holds a match): that is theirs to show
                where = f"seed {seed} step {step} ({action} by {mover})"
                events, redealt = told(after, count, viewer), told(other, count, viewer)
                same(events, redealt, f"{where}: the events seen by {viewer} depend on cards they cannot see")
                same(mine, theirs, f"{where}: the view of {viewer} depends on cards they cannot see")
                compared += 1
    expect(compared > 0, "no step could be played on a re-dealt copy: the check proved nothing")


def told(state: State[Any], since: int, viewer: int | None) -> list[dict[str, Any]]:
    """The events from ``since`` on as ``viewer`` sees them, less the secret parts shown to
    that viewer alone (their own draw, in the order they drew: theirs to know, and a re-deal
    may deal the same hand in another order), and without the entries the rules show to
    everyone (``Entry.shows``)."""
    out = []
    entries = derived(state).entries
    for entry, event in zip(state.log[since:], state.events_from(since), strict=True):
        if entries[entry[0]].shows:
            continue
        if event.visible_to is not None and viewer in event.visible_to:
            out.append({"kind": event.kind, **(event.redacted or {})})
        else:
            seen = event.for_viewer(viewer)
            if seen is not None:
                out.append(seen)
    return out


SCENE_STEPS = 300
"""Steps of a game at which the scene check looks, at most (a 900-step game: every third)."""


def scenes_show_nothing_hidden_and_every_sentence_reads(game: Game) -> None:
    """A scene (a view, the viewer's legal actions, the events since the scene looked at
    before) is the same after a re-deal, is JSON the exported schema accepts, and a game with a scene of its
    own has English for every sentence (log, status, prompt, each move's note)."""
    from ..terminal.render import Renderer
    from ..terminal.seats import Seats

    renderer = Renderer(game, Seats.numbered(game.num_players))
    worded = game.scene_module is not None or type(game).scene is not Game.scene
    rng = Rng(43)
    told: set[str] = set()
    since = 0

    def check(state: State[Any]) -> None:
        for viewer in players(game):
            scene = state.scene(viewer, since)
            shown = scene.to_json()
            other = game.redeal_hidden(state, viewer, rng)
            same(shown, other.scene(viewer, since).to_json(),
                 f"step {state.version}: the scene of {viewer} changes with a re-deal")
            asked = [scene.pending.prompt] if scene.pending is not None else []
            for sentence in [*scene.log, *scene.status, *asked, *(m.note for m in scene.moves if m.note)]:
                told.add(sentence.id)
                if worded:
                    unread = renderer.say(sentence).startswith(f"{sentence.id}:")
                    expect(not unread, f"no English for {sentence.id} {sentence.args}")

    state = game.new_state(0)
    steps = sum(1 for _ in walk(game, 0))  # one game: a scene per viewer per step is slow
    every = max(1, -(-steps // SCENE_STEPS))
    for step, (state, action) in enumerate(walk(game, 0)):
        if step % every == 0 or action is None:  # each scene's log from the last one looked at,
            check(state)  # so every event is read
            since = state.event_count()
    schema_problems(game, state)
    expect(told, "no scene said anything: the check proved nothing")


def schema_problems(game: Game, state: State[Any]) -> None:
    try:
        import jsonschema  # type: ignore[import-untyped]
    except ImportError:  # the schema check needs the testing extra; say so rather than pass
        raise Failure("the scene schema check needs jsonschema: pip install 'tcgkit[testing]'") from None
    from ..kernel.scene import scene_schema

    schema = scene_schema()
    for viewer in players(game):
        try:
            jsonschema.validate(state.scene(viewer).to_json(), schema)
        except jsonschema.ValidationError as error:
            raise Failure(f"the final scene of {viewer} breaks the scene schema: {error.message}") from None


def determinized_states_give_the_same_view(game: Game) -> None:
    """A state sampled from a player's view shows that player the same view (and the same
    legal actions, on their turn)."""
    rng = Rng(7)

    def check(state: State[Any]) -> None:
        for viewer in range(game.num_players):
            view = state.view(viewer)
            sampled = game.determinize(view, rng)
            sampled.check_invariants()
            same(view, sampled.view(viewer),
                 f"step {state.version}: a state sampled from {viewer}'s view shows them another")
            expect(state.to_move != viewer or sampled.legal_actions() == state.legal_actions(),
                   f"step {state.version}: a state sampled from {viewer}'s view offers other actions")

    play_random(game, 13, each_step=check)


def a_sealed_choice_looks_the_same_whatever_was_chosen(game: Game) -> None:
    """After a secret decision, every other player's view and events are the same for every
    legal choice, until the rules reveal it."""
    secret = []
    play_random(game, 0, each_step=lambda s: secret.append(s.pending is not None and s.pending.secret))
    if not any(secret):
        raise Skipped("no secret decision in a random game: nothing is sealed")
    compared = 0

    def check(state: State[Any]) -> None:
        nonlocal compared
        decision = state.pending
        if decision is None or not decision.secret:
            return
        outcomes = set()
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action, decision.player)
            if after.pending is not None and after.pending.secret:
                others = [v for v in players(game) if v != decision.player]
                outcomes.add(json.dumps([(after.view(v), after.events_since(0, v)) for v in others]))
        expect(len(outcomes) <= 1, f"a sealed {decision.kind} shows through")
        compared += len(outcomes) > 1

    for seed in range(2):
        play_random(game, seed, each_step=check)
    if not compared:
        raise Skipped("each secret decision is followed by an open one: no two choices were compared sealed")


# -- what a player is told for what they type ------------------------------------------------
def answer(state: State[Any], text: str, player: int) -> str:
    """What ``player`` is told on typing ``text``: the notation error, the refusal, or that
    the action is legal. Any other error is a ``Failure`` (a crash on a typed line)."""
    try:
        action = state.parse_action(text, player)
    except NotationError as exc:
        return f"notation: {exc}"
    except Exception as exc:
        raise Failure(f"typing {text!r} as player {player} crashed: {type(exc).__name__}: {exc}") from exc
    try:
        reason = state.illegal_reason(action, player)
    except Exception as exc:
        raise Failure(f"refusing {text!r} ({action!r}) to player {player} crashed: "
                      f"{type(exc).__name__}: {exc}") from exc
    return "legal" if reason is None else f"illegal: {reason}"


def leaks(game: Game, seed: int, every: int, inputs: list[str]) -> list[str]:
    """Inputs whose answer to some player changes when what that player cannot see is
    re-dealt: each such answer tells the player something hidden."""
    rng = Rng(seed * 31 + 1)
    found = []
    for state in positions(game, seed, every):
        for player in range(game.num_players):
            other = game.redeal_hidden(state, player, rng)
            for text in inputs:
                mine, theirs = answer(state, text, player), answer(other, text, player)
                if mine != theirs:
                    found.append(f"{text!r} to player {player}: {mine!r} / {theirs!r}")
    return found


CARD_NAME = re.compile(r"[^#>]+?(?=#\d)")


def mutations(text: str) -> list[str]:
    """Near misses of a notation: another name on the same id, other numbers, cut short."""
    verb, _, rest = text.partition(" ")
    out = [f"{verb} {CARD_NAME.sub(' Nothing', rest)}", text.upper(), text[: len(text) // 2], text + " extra"]
    out.append(re.sub(r"\d+", lambda m: str(int(m.group()) + 1), text))
    out.append(re.sub(r"\d+", lambda m: str(int(m.group()) * 3 + 7), text))
    words = text.split()
    if len(words) > 1:
        out.append(" ".join(words[1:]))
        out.append(f"{words[0]} {words[-1]}")
    return out


def notations(game: Game, seed: int) -> list[str]:
    """Every notation any player could type in a random game from ``seed``."""
    seen: dict[str, None] = {}
    for state in positions(game, seed):
        for action in state.legal_actions():
            seen[str(action)] = None
    return list(seen)


def typed_inputs(game: Game, seed: int) -> list[str]:
    """Notations seen in a random game (so hidden cards' ids and names come up), their
    mutations, ids under a wrong name, and garbage."""
    texts = notations(game, seed)
    rng = Rng(seed)
    texts = [texts[rng.below(len(texts))] for _ in range(min(len(texts), 120))]
    mutated = [m for text in texts[:40] for m in mutations(text)]
    ids = [f"{verb} Nothing#{n}" for verb in ("play", "pick", "take", "hide") for n in range(0, 260, 3)]
    garbage = ["", " ", "#", "@", "@@4", "take", "pick", "play #", "\x00", "é#1", "9" * 40]
    return list(dict.fromkeys(texts + mutated + ids + garbage))


POSITIONS = 150
"""Positions of one game the typed-input check asks every input at, at most."""


def what_a_player_is_told_does_not_depend_on_what_they_cannot_see(game: Game) -> None:
    """Every notation of a random game, near misses of them and garbage get the same answer
    (notation error, refusal or "legal") after a re-deal of what the typist cannot see."""
    for seed in range(2):
        found = leaks(game, seed, spread(game, seed, POSITIONS), typed_inputs(game, seed))
        expect(not found, f"{len(found)} answers show hidden cards, e.g. {found[:3]}")


def random_text_gets_the_same_answer_after_a_redeal(game: Game) -> None:
    """Random text (any characters) gets the same answer after a re-deal."""
    rng = Rng(5)
    alphabet = " #@>,:-0123456789abcdefghijklmnopqrstuvwxyzABCXYZé字\x00\t"
    for seed in range(25):
        steps = rng.below(60)
        state = next(s for i, s in enumerate(positions(game, seed)) if i == steps or s.is_terminal)
        texts = ["".join(rng.choice(alphabet) for _ in range(rng.below(40))) for _ in range(4)]
        for player in range(game.num_players):
            other = game.redeal_hidden(state, player, Rng(seed))
            for text in texts:
                mine, theirs = answer(state, text, player), answer(other, text, player)
                expect(mine == theirs, f"{text!r} to player {player}: {mine!r} / {theirs!r}")


# -- the game's own vocabulary, in every slot of every notation ------------------------------
SLOT = re.compile(r"[^\s@#>,:;()\[\]=+]+")
"""A slot of a notation: a word between its separators (``Bull#6``: ``Bull``, ``6``)."""
VOCABULARY_POSITIONS = 8
"""Positions of one game the vocabulary check asks its inputs at."""
VOCABULARY_ASKS = 20_000
"""Answers per player the vocabulary check may ask beyond one per input."""


def vocabulary(game: Game, texts: list[str]) -> list[str]:
    """Every word the action index knows (card names and keys, the action modules' words),
    every word of the notations ``texts`` (verbs, ``at``), and each number a card id, a cell
    or a seat can take."""
    from ..envs.index import ActionIndex

    index = ActionIndex(game)
    words = [w for w in index.domains["word"].places or {} if w]
    said = [m.group() for text in texts for m in SLOT.finditer(text) if not m.group().isdigit()]
    numbers = [str(n) for n in range(-1, max(index.cards, index.cells, index.players) + 1)]
    return list(dict.fromkeys(words + said + numbers))


def shapes(texts: list[str]) -> list[str]:
    """One notation of each shape (its words with digits as ``0``), so a game with many
    actions of one form is tried once per form."""
    seen: dict[str, str] = {}
    for text in texts:
        seen.setdefault(SLOT.sub(lambda m: "0" if m.group().isdigit() else "w", text), text)
    return list(seen.values())


def vocabulary_inputs(game: Game, seed: int) -> list[str]:
    """Each shape of notation seen in a random game with each slot replaced by each word of
    the game's vocabulary."""
    texts = notations(game, seed)
    words = vocabulary(game, texts)
    out: dict[str, None] = {}
    for text in shapes(texts):
        for slot in SLOT.finditer(text):
            for word in words:
                out[text[: slot.start()] + word + text[slot.end():]] = None
    return list(out)


def refusals_name_no_hidden_card_for_the_games_own_words(game: Game) -> None:
    """Every word of the game's vocabulary (its action index's card names, keys and words, the
    words of its notation, and each card id) typed in every slot of every form of notation gets
    the same answer after a re-deal of what the typist cannot see, and never crashes. A game
    of many cards and forms
    has tens of thousands of such inputs: each is asked by every player at as many of
    ``VOCABULARY_POSITIONS`` positions of a game as ``VOCABULARY_ASKS`` allows (one at least,
    each position in turn)."""
    seed = 1
    inputs = vocabulary_inputs(game, seed)
    states = [s.clone() for s in positions(game, seed, spread(game, seed, VOCABULARY_POSITIONS))]
    times = max(1, min(len(states), VOCABULARY_ASKS // len(inputs)))
    rng = Rng(seed * 31 + 1)
    found = []
    # Asked position by position: a reading of what a player sees is kept for a few states
    # only (``loose.RECENT_STATES``), and asking round the positions read it for every input.
    asks = sorted(((k % len(states), text) for i, text in enumerate(inputs) for k in range(i, i + times)),
                  key=lambda ask: ask[0])
    for player in range(game.num_players):
        others = [game.redeal_hidden(state, player, rng) for state in states]
        for k, text in asks:
            state, other = states[k], others[k]
            mine, theirs = answer(state, text, player), answer(other, text, player)
            if mine != theirs:
                found.append(f"{text!r} to {player} at step {state.version}: {mine!r} / {theirs!r}")
    expect(not found, lambda: f"{len(found)} of {len(inputs)} inputs from the game's words get answers that "
                              f"show hidden cards, e.g. {found[:3]}")


# -- every action the action index can encode ------------------------------------------------
INDEX_POSITIONS = 6
"""Positions of one game at which every encodable action is asked."""
PER_FIELD = 400
"""Values of one field tried in a class entered in steps (its domain, at most this many)."""


def domain_values(domain: Any) -> list[Any]:
    """Every value of an action index domain (``envs/index.py``), in its order."""
    if domain.places is not None:
        return list(domain.places)
    if domain.name == "bool":
        return [False, True]
    return list(range(domain.low, domain.low + domain.size))


def blank(hint: Any) -> Any:
    """A value for a label an action needs but the index leaves out (``str``: ``""``; a
    ``tuple[str, str]``: two of them; a ``tuple[str, ...]``: four)."""
    text = hint if isinstance(hint, str) else getattr(hint, "__name__", str(hint))
    if text.startswith("tuple["):
        parts = [part.strip() for part in text[6:-1].split(",")]
        return tuple(blank(parts[0]) for _ in range(4)) if parts[-1] == "..." else tuple(map(blank, parts))
    return {"str": "", "int": 0, "bool": False}.get(text, ())


def encodable_actions(game: Game, index: Any, legal: list[Any]) -> list[Any]:
    """Actions the action index can encode, built class by class: every combination of a
    class of at most ``FLAT_LIMIT`` actions; for a larger class, each legal action (or the
    first value of each field) with one field at a time set to each value of its domain, a
    list field to none or one of each."""
    import dataclasses
    import itertools

    out: dict[Any, None] = {}
    for cls, entry in index.classes.items():
        names = [f.name for f in entry.fields]
        sample = next((a for a in legal if type(a) is cls), None)  # labels to lend
        filler = {f.name: blank(f.type) if sample is None else getattr(sample, f.name)
                  for f in dataclasses.fields(cls) if f.name not in names and f.default is dataclasses.MISSING
                  and f.default_factory is dataclasses.MISSING}
        values = [[(), *((x,) for x in domain_values(f.domain)[:PER_FIELD])] if f.many
                  else domain_values(f.domain)[:PER_FIELD] for f in entry.fields]
        if entry.flat:
            combos: list[tuple[Any, ...]] = list(itertools.product(*values))
        else:
            bases = [tuple(getattr(a, n) for n in names) for a in legal if type(a) is cls]
            bases = bases or [tuple(v[0] for v in values)]
            combos = [base[:i] + (value,) + base[i + 1:] for base in bases[:3]
                      for i, field_values in enumerate(values) for value in field_values]
        for combo in combos:
            try:
                out[cls(**dict(zip(names, combo, strict=True)), **filler)] = None
            except (TypeError, ValueError):
                continue  # a class that refuses to be built so (its own checks): never offered
    return list(out)


def encodable_actions_are_refused_exactly_when_not_legal(game: Game) -> None:
    """At positions of random games, every action the action index can encode is refused
    (``illegal_reason``) exactly when it is not among the legal actions, and asking never
    crashes."""
    from ..envs.index import ActionIndex

    index = ActionIndex(game)
    asked = 0
    for seed in range(2):
        for state in positions(game, seed, spread(game, seed, INDEX_POSITIONS // 2)):
            mover = state.to_move
            if mover is None:
                continue
            legal = state.legal_actions()
            legal_set = set(legal)
            for action in encodable_actions(game, index, legal):
                try:
                    reason = state.illegal_reason(action, mover)
                except Exception as exc:
                    raise Failure(f"step {state.version}: asking whether {action!r} is legal crashed: "
                                  f"{type(exc).__name__}: {exc}") from exc
                if action in legal_set:
                    expect(reason is None, f"step {state.version}: the legal {action} is refused: {reason}")
                else:
                    expect(reason, f"step {state.version}: {action!r} is not legal, yet not refused")
                asked += 1
    expect(asked > 0, "no action was asked: the check proved nothing")
