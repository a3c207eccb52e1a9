"""Positions for Conflictus rule tests: real games from a seed, with cards fetched from the mons
by name (the test's stand-in for a lucky draw) and actions given as notation.

The mons are the frozen copies the playthroughs use (``tests/playthroughs/data``), not the
shipped ones: rebalancing a preconstructed mons must not take away a card a rule test fetches."""

from __future__ import annotations

from pathlib import Path

from tcgkit.games.conflictus import Conflictus, ConflictusState
from tcgkit.games.conflictus.actions import Keep
from tcgkit.kernel.decks import read_deck
from tcgkit.kernel.state import derived

FROZEN = Path(__file__).resolve().parents[2] / "playthroughs" / "data"
DECKS = {path.stem.removeprefix("conflictus_"): read_deck(path).cards
         for path in sorted(FROZEN.glob("conflictus_*.txt"))}


def start(players: int = 2, decks: tuple[str, ...] = (), seed: int = 0, keep: bool = True,
          **options: object) -> ConflictusState:
    """A game with player 0 first; every player keeps their opening hand unless ``keep`` is off."""
    game = Conflictus(players=players, first_player=options.pop("first_player", 0), **options)
    names = decks or ("crepusculo",) * players
    state = game.new_state(seed, [DECKS[name] for name in names])
    while keep and state.pending is not None and state.pending.kind == "mulligan":
        state.apply(Keep(), state.to_move)
    return state


def fetch(state: ConflictusState, player: int, name: str, to: str = "hand") -> int:
    """Move a card called ``name`` from ``player``'s mons to their hand (or field, as a free source);
    one the deal put in their hand already stays there, or comes from there to another zone."""
    for c in reversed(state.mons[player]):
        if state.card(c).name == name:
            state.mons[player].remove(c)
            getattr(state, to)[player].append(c)
            state.legal = None
            return c
    for c in state.hand[player]:  # drawn already: the one in hand
        if state.card(c).name == name:
            if to != "hand":
                state.hand[player].remove(c)
                getattr(state, to)[player].append(c)
                state.legal = None
            return c
    raise LookupError(f"no {name} left in player {player}'s mons")


def sources(state: ConflictusState, player: int, luz: int = 0, sombra: int = 0) -> None:
    for _ in range(luz):
        fetch(state, player, "Fonte de Luz", "field")
    for _ in range(sombra):
        fetch(state, player, "Fonte de Sombra", "field")


def act(state: ConflictusState, text: str) -> None:
    state.apply(state.parse_action(text, state.to_move), state.to_move)


def texts(state: ConflictusState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def pass_until(state: ConflictusState, kind: str, limit: int = 200) -> None:
    """Everyone passes (and declares nothing) until a decision of ``kind`` is asked."""
    for _ in range(limit):
        if state.pending is None or state.pending.kind == kind:
            return
        act(state, "done" if state.pending.kind in ("declare", "blockers") else "pass")
    raise AssertionError(f"no {kind} decision came")


def next_rodada(state: ConflictusState, limit: int = 400) -> None:
    """Everyone passes and declares nothing until the next rodada's Main phase."""
    start_round = state.round
    for _ in range(limit):
        if state.round > start_round and state.phase == "main":
            return
        act(state, "done" if state.pending.kind in ("declare", "blockers") else "pass")
    raise AssertionError("the rodada did not end")


def to_phase(state: ConflictusState, phase: str, limit: int = 200) -> None:
    """Pass (declaring nothing) until the phase is ``phase``."""
    for _ in range(limit):
        if state.phase == phase:
            return
        act(state, "done" if state.pending.kind in ("declare", "blockers") else "pass")
    raise AssertionError(f"the {phase} phase did not come")


def label(state: ConflictusState, c: int) -> str:
    return state.label(c)


def first_problem(state: ConflictusState) -> str | None:
    """What ``check_invariants`` finds wrong first: conservation, then the game's own checks."""
    problems = derived(state).problems(state)
    return problems[0] if problems else None


def duel_with_extra_cards(path: Path, text: str, mine: tuple[str, ...], seed: int = 0) -> ConflictusState:
    """Two players, P0 first, with the shipped cards and those of card file ``text`` (written
    to ``path``): P0's mons is four of each of ``mine`` and Neutral warriors, P1's Neutral
    warriors; both fill up with Light sources, and both keep."""
    from tcgkit.games.conflictus.cards import shipped_files

    path.write_text(text, encoding="utf-8")
    game = Conflictus(players=2, first_player=0, card_files=(shipped_files()[0].ref, path))
    fillers = ["Mercenário Errante", "Batedor das Dunas", "Golem de Pedra", "Gigante das Colinas",
               "Quimera Ancestral", "Titã Errante", "Andarilho das Areias", "Duelista Veterano"]
    theirs = [n for n in fillers for _ in range(4)] + ["Fonte de Luz"] * 18
    cards = [n for n in mine for _ in range(4)]
    cards += [n for n in fillers if n not in mine for _ in range(4)][:32 - len(cards)]
    state = game.new_state(seed, [cards + ["Fonte de Luz"] * 18, theirs])
    while state.pending is not None and state.pending.kind == "mulligan":
        state.apply(Keep(), state.to_move)
    return state
