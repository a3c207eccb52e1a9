"""The turn loop of ``tcgkit play``: humans type moves, agents answer, the record is saved.

Humans see only ``state.view(player)``; agents get that view, the legal actions and their
own generator, seeded from the match seed and the move number (so an undone move is
answered the same way again). Legal moves come only from ``state.legal_actions()``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from rich.console import Console
from rich.rule import Rule

from ..agents import Agent
from ..agents.assist import HINT_AGENT, advice
from ..kernel import loose
from ..kernel.actions import Action
from ..kernel.errors import TcgkitError
from ..kernel.rng import Rng, derive_seed
from .console import Prompter
from .match import Match
from .moves_help import help_lines
from .reading import Reading
from .render import Renderer
from .seats import Seats
from .words import means_yes

AGENT_STREAM = 13  # sub-streams of the match seed: the agents' choices, the hints
HINT_STREAM = 14
FORFEIT_STREAM = 15  # the AI's pick when a trading match is walked away from
COMMANDS = "help, hint, card NAME, rules, undo, board, quit"
CLEAR_ALL = "\x1b[H\x1b[2J\x1b[3J"  # home, clear the screen, and clear the scrollback (3J)
Ending = Literal["over", "quit", "eof", "interrupted"]


def agent_choice(match: Match, player: int, agent: Agent) -> Action:
    """What ``agent`` plays for ``player`` now: from the view, the legal actions and a
    generator seeded by the AI's own seed (or, when the player chose the deal's seed, a
    stream derived from it) and the move number (the same after an undo)."""
    state = match.state
    rng = Rng(derive_seed(agent_base(match), AGENT_STREAM, player, len(match.actions)))
    return agent.act(state.view(player), state.legal_actions(), rng)


def agent_base(match: Match) -> int:
    """The seed the AI's streams come from: its own, or the deal's when the player chose it."""
    return match.seed if match.agent_seed is None else match.agent_seed


@dataclass
class PlayLoop:
    match: Match
    humans: tuple[int, ...]
    agents: dict[int, Agent]
    seats: Seats
    console: Console
    prompter: Prompter
    save_path: Path | None = None
    hotseat: bool = False
    game_name: str = ""
    lang: str | None = None  # the words' language and the card text's (``render.py``)
    trading: bool = False  # the match changes a collection: no move is taken back
    shown: tuple[int, int] | None = None  # (viewer, actions) of the board last drawn
    seen: dict[int, int] = field(default_factory=dict)  # hotseat: each person's event cursor

    # -- the loop ---------------------------------------------------------------------
    def __post_init__(self) -> None:
        self.renderer = Renderer(self.match.game, self.seats, self.lang)
        self.t = self.renderer.t
        self.reading = Reading(self.renderer, self.console.width)

    def run(self) -> Ending:
        try:
            return self._run()
        except KeyboardInterrupt:
            self.console.print()
            self.say_saved(self.t("term.interrupted"))
            return "interrupted"

    def _run(self) -> Ending:
        if self.hotseat and not self.console.is_terminal:
            self.console.print(self.t("term.not_hidden"), markup=False)
        if not self.match.actions:
            self.news(0)
        self.save()
        hinted = False
        while not self.match.state.is_terminal:
            state = self.match.state
            mover = state.to_move
            assert mover is not None
            if mover in self.agents:
                self.agent_turn(mover)
                continue
            self.show_for(mover)
            if not hinted:
                example = state.legal_actions()[0]
                self.console.print(self.t("term.first_help", example=str(example), commands=COMMANDS),
                                   markup=False)
                hinted = True
            text = self.prompter.ask(self.t("term.ask", player=self.renderer.label(mover)))
            if text is None:
                self.say_saved(self.t("term.input_ended"))
                return "eof"
            what = self.command(text, mover)
            if what == "quit" and self.trading:
                return "quit"  # ``play`` settles what walking away costs
            if what == "quit":
                self.say_saved(self.t("term.quit"))
                return "quit"
            if what == "eof":  # at the question whether to walk away
                self.say_saved(self.t("term.input_ended"))
                return "eof"
        self.finish()
        return "over"

    def command(self, text: str, mover: int) -> str | None:
        word = text.strip().lower()
        if not word:
            return None
        if word in ("quit", "exit", "q"):
            return self.walk_away() if self.trading else "quit"
        if word in ("help", "?", "moves"):
            self.list_moves(mover)
        elif word == "hint":
            self.hint(mover)
        elif word == "undo":
            self.undo(mover)
        elif word == "board":
            self.shown = None
        elif word == "rules" or word.split(" ", 1)[0] == "card":  # ``reading.py``
            viewer = mover if self.hotseat else self.viewer()
            said = self.reading.rules() if word == "rules" else \
                self.reading.card(self.match.state, viewer, text.strip()[4:])
            for line in said:
                self.console.print(line, markup=False, soft_wrap=True)
        else:
            self.human_move(text, mover)
        return None

    def walk_away(self) -> str | None:
        """In a trading match, quitting loses it (RULES.md of the game, "Walking away"): ask.
        A winner choosing the cards of the trade (Triple Triad's ``take``) loses nothing."""
        pending = self.match.state.pending
        if pending is not None and pending.kind == "take":
            return "quit"
        answer = self.prompter.ask(self.t("term.walk_away"))
        if answer is None:
            return "eof"
        return "quit" if means_yes(answer, self.t("term.yes_answers")) else None

    # -- moves --------------------------------------------------------------------------
    def human_move(self, text: str, mover: int) -> None:
        state = self.match.state
        try:
            action = state.parse_action(text, mover)
            since = self.match.play(action, mover)
        except TcgkitError as error:
            reading, labels = loose.read(state, text, mover)  # names begun, cards in any order
            if len(reading.fits) != 1:
                why = reading.ambiguity(text, labels) if reading.fits else str(error)
                name = None if reading.fits else loose.unknown_name(state, text, mover)
                if name is not None and "no card" not in why:  # the card they do not have
                    why += self.t("term.no_such_card", name=name)
                self.console.print(self.t("term.not_a_move", error=why, fits=""), markup=False)
                return
            since = self.match.play(reading.fits[0], mover)
        self.news(since)
        self.seen[mover] = self.match.state.event_count()  # their own move: seen as it was played
        self.save()

    def agent_turn(self, player: int) -> None:
        since = self.match.play(agent_choice(self.match, player, self.agents[player]), player)
        self.news(since)
        self.save()

    def notes(self, mover: int) -> dict[str, str]:
        """What each legal move does, as the mover's scene says: its card text or its note."""
        scene = self.match.state.scene(mover, self.match.state.event_count())
        out = {}
        for move in scene.moves:
            if move.text is not None:
                out[move.notation] = str(self.renderer.field_text(move.text))
            elif move.note is not None:
                out[move.notation] = self.renderer.say(move.note)
        return out

    def list_moves(self, mover: int) -> None:
        """The moves grouped (a march's creatures as one set) and wrapped (``moves_help.py``)."""
        for line in help_lines(self.match.state, mover, self.renderer, self.console.width):
            self.console.print(line, markup=False, soft_wrap=True)
        self.console.print(self.t("term.commands", commands=COMMANDS), markup=False)

    def hint(self, mover: int) -> None:
        """The greedy AI's move, what it does, and why it was chosen (``agents/assist.py``:
        from the mover's view only, never the hidden cards)."""
        seed = derive_seed(self.match.seed, HINT_STREAM, len(self.match.actions))
        found = advice(self.match.state, mover, seed)
        what = self.notes(mover).get(str(found.action), "")
        line = self.t("term.hint_why", agent=HINT_AGENT, move=str(found.action), why=what) if what \
            else self.t("term.hint", agent=HINT_AGENT, move=str(found.action))
        self.console.print(line, markup=False)
        legal = self.match.state.legal_actions()
        if found.tie:
            self.console.print(self.t("term.hint_tie", moves=len(legal)), markup=False)
        else:
            self.console.print(self.t("term.hint_reason", moves=len(legal), before=f"{found.before:g}",
                                      after=f"{found.after:g}"), markup=False)

    def undo(self, mover: int) -> None:
        if self.trading:
            self.console.print(self.t("term.no_undo_trading"), markup=False)
            return
        count = self.match.undo_for(mover, own_only=self.hotseat)
        if isinstance(count, str):
            self.console.print(self.t("term.no_undo", reason=count), markup=False)
            return
        if not count:
            self.console.print(self.t("term.nothing_to_undo"), markup=False)
            return
        self.console.print(self.t("term.took_back", count=count), markup=False)
        self.shown = (mover, -1)  # redraw; in hotseat, hand over first if the mover changed
        self.save()

    # -- what the players see -------------------------------------------------------------
    def viewer(self) -> int | None:
        return None if self.hotseat else self.humans[0]

    def news(self, since: int) -> None:
        state, viewer = self.match.state, self.viewer()
        for line in self.renderer.news(state.scene(viewer, since)):
            self.console.print(line, markup=False)

    def draw(self, viewer: int | None) -> None:
        """The table as ``viewer`` sees it (a spectator: ``None``)."""
        state = self.match.state
        self.console.print(self.renderer.table(state.scene(viewer, state.event_count())))

    def show_for(self, mover: int) -> None:
        key = (mover, len(self.match.actions))
        if self.shown == key:
            return
        if self.hotseat and (self.shown is None or self.shown[0] != mover):
            self.hand_over(mover)  # the first turn too: the first hand is not for everyone
        self.shown = key
        self.draw(mover)
        self.seen[mover] = self.match.state.event_count()

    def hand_over(self, mover: int) -> None:
        """Between hotseat turns, hide the last player's secrets (the screen and the
        scrollback) before the next one looks; then tell them what they may see of every
        event since their last turn."""
        state = self.match.state
        if state.view(mover)["zones"] == state.view(None)["zones"]:
            return  # nothing is secret (Open): no need to look away
        if self.console.is_terminal:
            self.console.file.write(CLEAR_ALL)
            self.console.file.flush()
        self.console.print(Rule(self.t("term.to_move", player=self.renderer.label(mover))))
        prompt = self.t("term.pass_to", player=self.renderer.label(mover))
        if self.prompter.interactive:
            self.prompter.ask(prompt)
        else:  # moves piped in: nobody to wait for, but the transcript shows the hand-over
            self.console.print(prompt.rstrip(), markup=False)
        if mover in self.seen:
            lines = self.renderer.news(state.scene(mover, self.seen[mover]))
            if lines:
                self.console.print(self.t("term.since"), markup=False)
            for line in lines:
                self.console.print(f"  {line}", markup=False)

    def finish(self) -> None:
        state = self.match.state
        self.draw(self.viewer())
        assert state.outcome is not None
        for line in self.renderer.outcome(state.outcome.to_json()):
            self.console.print(line, markup=False)

    # -- saving -------------------------------------------------------------------------
    def save(self) -> None:
        if self.save_path is not None:
            self.match.save(self.save_path)

    def say_saved(self, what: str) -> None:
        if self.save_path is not None:
            command = f"tcgkit play {self.game_name} --resume {self.save_path}"
            self.console.print(self.t("term.saved", what=what, path=str(self.save_path), command=command),
                               markup=False)
        else:
            self.console.print(self.t("term.not_saved", what=what), markup=False)
