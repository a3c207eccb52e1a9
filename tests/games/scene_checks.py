"""Checks of a scene every front end relies on (issue 36), shared by the games' scene tests:
each legal move clicks things the table draws, or says what it does; every face is drawn by a
template the scene lists; a whole game's English log carries no bracketed Portuguese gloss and
no Chinese."""

from __future__ import annotations

import re
from collections import Counter as Tally

from tcgkit.kernel import refs
from tcgkit.kernel.game import Game, State
from tcgkit.kernel.rng import Rng
from tcgkit.kernel.scene import Scene
from tcgkit.terminal.render import Renderer
from tcgkit.terminal.seats import Seats

GLOSS = re.compile(r"\((caveiras|mão|Sorte|Mundo|virar|escondidas?|ferido|morto|fontes|relíquias|amuletos|"
                   r"personagens|itens|cidades|descarte|baralho|combate|virada|Impedimento|Compra|Principal|"
                   r"Ataque|Sacrifício|Análise de dano|to the Mortis|Exterminatus)\)")
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def drawn(scene: Scene) -> set[str]:
    """Every ref the table draws: card faces in areas and on the stack, cells, the seats."""
    out = {str(face.ref) for area in scene.areas for face in area.items if face is not None and face.ref}
    out |= {str(ref) for area in scene.areas for ref in area.refs}
    out |= {str(item.face.ref) for item in scene.stack if item.face.ref}
    return out | {str(refs.player(seat.player)) for seat in scene.seats}


def unclickable(scene: Scene) -> list[str]:
    """The moves a table could not offer by clicks alone: a move whose refs are not all drawn
    and that has no note, or one of several moves naming the same refs without a note."""
    shown = drawn(scene)
    alike = Tally(tuple(map(str, m.refs)) for m in scene.moves)
    return [m.notation for m in scene.moves
            if m.note is None and (not m.refs or any(str(r) not in shown for r in m.refs)
                                   or alike[tuple(map(str, m.refs))] > 1)]


def undrawn_kinds(scene: Scene) -> set[str]:
    """The kinds of the face up cards the scene lists no template for."""
    kinds = {t.kind for t in scene.templates}
    faces = [f for area in scene.areas for f in area.items if f is not None and f.up]
    return {f.kind or "(none)" for f in faces if f.kind not in kinds}


def play_through(game: Game, seed: int, each_step) -> State:
    """A random game from ``seed``, ``each_step(state, scene)`` with the mover's scene (the
    events since the step before) before every action."""
    state, rng, since = game.new_state(seed), Rng(seed + 7), 0
    while not state.is_terminal:
        each_step(state, state.scene(state.to_move, since))
        since = state.event_count()
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    return state


def english_log(game: Game, state: State) -> list[str]:
    renderer = Renderer(game, Seats.numbered(game.num_players))
    lines = []
    for viewer in (*range(game.num_players), None):
        scene = state.scene(viewer, 0)
        lines += renderer.lines(scene.log)
        lines += [renderer.say(m.note) for m in scene.moves if m.note]
        renderer.table(scene)  # the labels too, as the terminal says them
    return lines
