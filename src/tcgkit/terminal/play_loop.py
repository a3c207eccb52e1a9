"""The turn loop of ``tcgkit play``: humans type moves, agents answer, the record is saved.

Humans see only ``state.view(player)``; agents get that view, the legal actions and their
own generator, seeded from the match seed and the move number (so an undone move is
answered the same way again). Legal moves come only from ``state.legal_actions()``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from rich.cells import cell_len
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from ..agents import Agent
from ..agents.assist import HINT_AGENT, advice
from ..kernel import loose
from ..kernel.actions import Action
from ..kernel.errors import TcgkitError
from ..kernel.refs import Kind, Ref
from ..kernel.rng import Rng, derive_seed
from .console import Prompter
from .match import Match
from .moves_help import help_lines
from .reading import Reading
from .render import Renderer
from .screen import ROWS, Screen
from .seats import Seats
from .words import means_yes

AGENT_STREAM = 13  # sub-streams of the match seed: the agents' choices, the hints
HINT_STREAM = 14
HINT_OTHERS = 3  # alternatives a hint names after its move
FORFEIT_STREAM = 15  # the AI's pick when a trading match is walked away from
COMMANDS = "help, hint, card NAME, rules, undo, board, log, autopass, quit"
PASSES = ("pass", "done")
"""The moves that leave a priority window to the others: a lone one is taken for the player only
while auto-pass is on (in hotseat, off: the others at the terminal would see who had nothing)."""
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
    auto_pass: bool | None = None  # pass for a player who can do nothing but pass (None: unless hotseat)
    take_lone: bool | None = None  # take a lone move for the player (None: at a keyboard, or when
    # auto-pass was asked for; moves piped in say every move, so a script keeps in step)
    held: list[str] = field(default_factory=list)  # the events since the last redraw, told under it

    # -- the loop ---------------------------------------------------------------------
    def __post_init__(self) -> None:
        self.renderer = Renderer(self.match.game, self.seats, self.lang)
        self.screen = Screen(self.renderer)
        self.t = self.renderer.t
        if self.take_lone is None:
            self.take_lone = self.prompter.interactive or self.auto_pass is True
        if self.auto_pass is None:
            self.auto_pass = not self.hotseat
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
            if self.take_forced(mover):
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
            state = self.match.state  # the full table: every area, each card's every field
            self.console.print(self.renderer.table(state.scene(mover, state.event_count())))
        elif word == "log":
            self.whole_log()
        elif word.split()[0] == "autopass" and word.split()[1:] in ([], ["on"], ["off"]):
            self.auto_pass = word.split()[1:] != ["off"] if word != "autopass" else not self.auto_pass
            self.console.print(self.t("term.autopass_on" if self.auto_pass else "term.autopass_off"),
                               markup=False)
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

    def forced(self, mover: int) -> Action | None:
        """The move to take for ``mover`` without asking: the only legal one, when the decision
        keeps no secret (its choice would tell nothing the others may not know), and, when it is
        a pass (``PASSES``), while auto-pass is on."""
        state = self.match.state
        legal = state.legal_actions()
        if len(legal) != 1 or not self.take_lone:
            return None
        decisions = state.view(mover)["decisions"]
        if decisions and decisions[-1]["secret"]:
            return None
        if str(legal[0]).split()[0] in PASSES and not self.auto_pass:
            return None
        return legal[0]

    def take_forced(self, mover: int) -> bool:
        """Play the forced move for ``mover`` as their own (the record holds it as typed, marked
        ``auto`` in its ``made_by``) and say so above the events it leads to."""
        action = self.forced(mover)
        if action is None:
            return False
        key = "term.auto_passed" if str(action).split()[0] in PASSES else "term.taken"
        self.held.append(self.t(key, player=Ref(Kind.PLAYER, mover), move=str(action)))
        since = self.match.play(action, mover, made_by="auto")
        self.news(since)
        if not self.hotseat:
            self.seen[mover] = self.match.state.event_count()
        self.save()
        return True

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
        """The search AI's move, the mover's chance to win before and after it, the other moves
        it weighed and what the move does (``agents/assist.py``: from the mover's view only,
        never the hidden cards)."""
        seed = derive_seed(self.match.seed, HINT_STREAM, len(self.match.actions))
        found = advice(self.match.state, mover, seed)
        why = found.explanation
        what = self.notes(mover).get(str(found.action), "")
        line = self.t("term.hint_why", agent=HINT_AGENT, move=str(found.action), why=what) if what \
            else self.t("term.hint", agent=HINT_AGENT, move=str(found.action))
        say = self.console.print
        say(line, markup=False)
        chances = {"before": f"{found.before:.0f}", "after": f"{found.after:.0f}"}
        say(self.t("term.hint_chance", **chances), markup=False)
        if len(self.match.state.legal_actions()) == 1:
            say(self.t("term.hint_alone"), markup=False)
        elif found.tie:
            say(self.t("term.hint_tie", moves=len(why.options)), markup=False)
        else:
            chosen = why.options[0]
            say(self.t("term.hint_reason", iterations=why.iterations, visits=chosen.visits,
                       chance=f"{chosen.chance:.0f}"), markup=False)
        others = [self.t("term.hint_other", move=o.action, chance=f"{o.chance:.0f}", visits=o.visits)
                  for o in why.options[1:HINT_OTHERS + 1]]
        if others:
            say(self.t("term.hint_others", others="; ".join(others)), markup=False)
        scene = self.match.state.scene(mover, self.match.state.event_count())
        does = self.renderer.news(scene.model_copy(update={"log": list(found.effects)}))
        if does:
            say(self.t("term.hint_does", effects=" ".join(does)), markup=False)

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
        while self.match.state.to_move == mover and self.forced(mover) is not None:
            more = self.match.undo_for(mover, own_only=self.hotseat)  # a move taken for them: it
            if isinstance(more, str) or not more:  # would be taken again, so the one before goes too
                break
            count += more
        self.held.clear()
        self.console.print(self.t("term.took_back", count=count), markup=False)
        self.shown = (mover, -1)  # redraw; in hotseat, hand over first if the mover changed
        self.save()

    # -- what the players see -------------------------------------------------------------
    def viewer(self) -> int | None:
        return None if self.hotseat else self.humans[0]

    def news(self, since: int) -> None:
        """Keep what happened since ``since`` to tell under the next redraw."""
        state, viewer = self.match.state, self.viewer()
        self.held += self.renderer.news(state.scene(viewer, since))

    def whole_log(self) -> None:
        state = self.match.state
        for line in self.renderer.news(state.scene(self.viewer(), 0)):
            self.console.print(line, markup=False)

    def draw(self, viewer: int | None, below: int = 3) -> None:
        """The screen as ``viewer`` sees it (a spectator: ``None``), then the events since the
        last one, as many as the screen leaves room for above ``below`` lines (the prompt, the
        first help) (``log`` tells them all)."""
        state = self.match.state
        scene = state.scene(viewer, state.event_count())
        rows = max(ROWS, self.console.height if self.console.is_terminal else 0)
        for tight in (False, True):  # tight: a line an area, when the screen would not fit
            self.screen.tight = tight
            with self.console.capture() as captured:
                for part in self.screen.parts(scene):
                    self.console.print(part, soft_wrap=False)  # folded here, so its lines are counted
            drawn = captured.get()
            if drawn.count("\n") <= rows - 4:
                break
        self.console.file.write(drawn)
        self.tell(max(rows - drawn.count("\n") - below, 1))

    def tell(self, room: int | None = None) -> None:
        """The held events: the last ``room`` lines of them (a line first says how many more
        ``log`` shows)."""
        lines, self.held = self.held, []
        width = max(self.console.width, 1)
        if self.console.soft_wrap:  # as the terminal folds it
            tall = [max(1, -(-cell_len(line) // width)) for line in lines]
        else:  # as the console wraps it, between words
            tall = [max(1, len(Text(line).wrap(self.console, width))) for line in lines]
        if room is not None and sum(tall) > room:
            keep = 0
            while keep < len(lines) and sum(tall[len(lines) - keep - 1:]) <= room - 1:
                keep += 1
            self.console.print(self.t("term.more_log", count=len(lines) - keep), markup=False)
            lines = lines[len(lines) - keep:]
        for line in lines:
            self.console.print(line, markup=False)

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
            self.held.clear()  # told here as this player may see it
            lines = self.renderer.news(state.scene(mover, self.seen[mover]))
            if lines:
                self.console.print(self.t("term.since"), markup=False)
            for line in lines:
                self.console.print(f"  {line}", markup=False)

    def finish(self) -> None:
        state = self.match.state
        assert state.outcome is not None
        result = self.renderer.outcome(state.outcome.to_json())
        self.draw(self.viewer(), below=len(result) + 2)  # and the seed to play it again
        for line in result:
            self.console.print(line, markup=False)

    # -- saving -------------------------------------------------------------------------
    def save(self) -> None:
        if self.save_path is not None:
            self.match.save(self.save_path)

    def say_saved(self, what: str) -> None:
        self.tell()
        if self.save_path is not None:
            command = f"tcgkit play {self.game_name} --resume {self.save_path}"
            self.console.print(self.t("term.saved", what=what, path=str(self.save_path), command=command),
                               markup=False)
        else:
            self.console.print(self.t("term.not_saved", what=what), markup=False)
