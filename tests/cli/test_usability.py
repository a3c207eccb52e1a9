"""Issue 11 points 11 and 12: the command tells its version, its help lists every AI and
each game's moves, readable option types, decks by name in any case, no silently ignored
flags, --workers within the cores."""

from __future__ import annotations

import os
import re

from tests.games.ff_tcg.rules_helpers import label, position

from tcgkit import __version__
from tcgkit._version import build
from tcgkit.kernel.registry import load_game


def test_version(run):
    """The version and the build: pure Python, or how many modules are compiled (the
    compiled build's CI step runs this test too)."""
    result = run("--version")
    assert result.exit_code == 0 and result.stdout.strip() == f"tcgkit {__version__} ({build()})"


def test_play_help_lists_every_agent_and_each_games_moves(run):
    text = " ".join(run("play", "--help").stdout.split())
    for agent in ("random", "greedy", "easy", "normal", "hard", "perfect", "mixed"):
        assert agent in text
    for move in ("Geezard@4", "pick Mist Wyrm #012", "play Fighter#3"):
        assert move in text


def test_option_types_read_as_words(run):
    result = run("options", "ff-tcg", "--no-color")
    assert "Ellipsis" not in result.stdout and "list of str" in result.stdout
    assert "villains_to_defeat " in result.stdout  # the name whole, not cut


def test_a_named_deck_is_found_in_any_case_and_a_wrong_name_lists_them(run):
    found = run("play", "ff-tcg", "--deck", "Warriors", "--hotseat", "--seed", "1", input="")
    assert found.exit_code == 1, found.output  # the piped moves end first: exit 1
    wrong = run("play", "ff-tcg", "--deck", "Wariors", "--hotseat", input="")
    assert wrong.exit_code == 2 and "black_magic, warriors" in wrong.stderr


def test_an_empty_position_and_a_hand_that_does_not_apply_are_errors(run):
    empty = run("play", "tt", "--position", "", input="")
    assert empty.exit_code == 2 and "--position is empty" in empty.stderr
    hand = run("play", "forge-fury", "--hand", "auto", input="")
    assert hand.exit_code == 2 and "--hand" in hand.stderr


def test_workers_are_capped_at_the_cores(run):
    too_many = (os.cpu_count() or 1) + 3
    result = run("sim", "tt", "--games", "2", "--agents", "random,random",
                 "--workers", str(too_many))
    assert result.exit_code == 0, result.output
    assert f"--workers {too_many} is more than" in result.stderr


def test_messages_speak_to_the_player(run):
    result = run("play", "tt", "--seed", "5", "--hand", "auto", "--no-color",
                 input="Squall@4\nquit\n")
    assert "Squall is not in your hand" in result.stdout
    assert "player 0" not in result.stdout
    assert "You (Blue) moves" not in result.stdout and "You (Blue) plays" not in result.stdout


def test_ff_tcg_a_fight_result_comes_before_its_skull_and_the_count_is_shown_once(run):
    state = position(load_game("ff-tcg"), {}, {"hand": ["Bull"]}, active=1)  # player 0 has no character
    card = label(state, "Bull", "hand", 1)
    out = run("play", "ff-tcg", "--position", state.to_notation(), "--hotseat", "--no-color",
              input=f"play {card} attack\nquit\n").stdout
    lines = out.splitlines()
    won = lines.index(f"{card} wins unopposed.")
    assert lines[won + 1] == f"{card} goes to the skull pile."
    assert "skulls against" not in out and not re.search(r"Skull pile \(\d", out)
    assert re.search(rf"^\s*Skull pile\s+{re.escape(card)} P\d\s*$", out, re.M)  # its card
    assert out.count("skulls 1 of 7") == 1  # the count once, in the seats' line


def test_ff_tcg_help_and_hint_say_what_an_ability_does():
    """Help and hint read what a move does from the mover's scene (``Move.text``): the
    ability's printed text, or in English with ``--lang en``."""
    from rich.console import Console

    from tcgkit.games.ff_tcg.english import ability_text
    from tcgkit.kernel.registry import load_game
    from tcgkit.kernel.rng import Rng
    from tcgkit.terminal.console import Prompter
    from tcgkit.terminal.match import Match
    from tcgkit.terminal.play_loop import PlayLoop
    from tcgkit.terminal.seats import Seats

    game = load_game("ff-tcg")
    for seed in range(40):
        match, rng = Match.new(game, seed, None), Rng(seed)
        while not match.state.is_terminal and len(match.actions) < 400:
            uses = [a for a in match.state.legal_actions() if str(a).startswith("use ")]
            if uses:
                break
            legal = match.state.legal_actions()
            match.play(legal[rng.below(len(legal))], match.state.to_move)
        if uses:
            break
    assert uses, "no ability to use in 40 seeded games"
    card = match.state.card(uses[0].card)
    mover = match.state.to_move
    move = next(m for m in match.state.scene(mover).moves if m.notation == str(uses[0]))
    what = " ".join(card.text.split())
    english = ability_text(card.abilities[uses[0].ability])
    assert move.text is not None and move.text.value == english
    assert move.text.translations == ({"pt": what} if what else {})
    for lang, said in (("pt", what or english), ("en", english), (None, english)):
        console = Console(record=True, width=200)
        loop = PlayLoop(match, (0, 1), {}, Seats.numbered(2), console, Prompter(console), lang=lang)
        loop.list_moves(mover)
        assert f"{uses[0]}: {said}" in console.export_text()


def test_a_card_name_without_its_id_is_enough_when_one_card_fits():
    from tcgkit.kernel import loose
    from tcgkit.kernel.registry import load_game

    state = load_game("ff-tcg").new_state(3)
    legal = state.legal_actions()
    first = str(legal[0])  # e.g. "discard Bull#6"
    verb, _, card = first.partition(" ")
    name = card.split("#")[0]
    same_name = [a for a in legal if str(a).split("#")[0] == f"{verb} {name}"]
    reading, _ = loose.read(state, f"{verb} {name.upper()}", state.to_move)
    assert reading.fits == same_name
    assert loose.read(state, first, state.to_move)[0].fits == [legal[0]]


def test_the_triple_triad_board_fits_the_terminal_and_abbreviates_names_cleanly():
    from rich.console import Console

    from tcgkit.games.triple_triad import TripleTriad
    from tcgkit.terminal.render import Renderer, abbreviate
    from tcgkit.terminal.seats import Seats

    game = TripleTriad({"open": True, "elemental": True})
    longest = max(game.cards.cards, key=lambda c: len(c.name))
    state = game.new_state(3, [[longest.name] * 5, ["Geezard"] * 5])
    while state.to_move != 0:
        state.apply(state.legal_actions()[0], state.to_move)
    state.apply(state.legal_actions()[0], state.to_move)  # the longest name on the board
    for width in (80, 50, 40):
        console = Console(width=width, record=True, color_system=None)
        console.print(Renderer(game, Seats.versus(0, "greedy")).table(state.scene(0)))
        text = console.export_text()
        assert all(len(line) <= width for line in text.splitlines())
        board = [line for line in text.splitlines() if line.startswith("│")]
        assert not any("…" in line for line in board)  # abbreviated, never cut
        assert any(longest.name in line for line in board) == (width >= 80)
    assert abbreviate("Glacial Eye", 9) == "Glac. Eye"
    assert abbreviate("Geezard", 9) == "Geezard"


def test_no_color_is_plain_text_on_a_terminal_too(monkeypatch):
    """``--no-color`` on a real terminal: no escape at all, bold included (a terminal is forced
    here as a pty would be; on a pipe the output is plain anyway)."""
    from tcgkit.terminal.console import make_console

    monkeypatch.setenv("FORCE_COLOR", "1")
    for no_color, plain in ((True, True), (False, False)):
        console = make_console(no_color)
        with console.capture() as captured:
            console.print("[bold]You (Blue)[/bold] to move")
        assert ("\x1b[" not in captured.get()) is plain, captured.get()


def test_on_a_terminal_a_long_line_wraps_between_its_words(monkeypatch):
    """A hint's reason is longer than a 100-column screen: on a terminal the console wraps it
    between words (the terminal itself cut "scored" as "scor / ed"); piped, it stays one line
    for a transcript. The play loop counts the lines it keeps for the news the same way."""
    from rich.text import Text

    from tcgkit.terminal.console import make_console

    sentence = ("  Why: of 50 games the search played out from what you see, it tried this move most, "
                "in 14, and scored 46% with it.")
    monkeypatch.setenv("FORCE_COLOR", "1")  # a terminal, as a pty is
    monkeypatch.setenv("COLUMNS", "100")
    console = make_console()
    assert console.is_terminal and not console.soft_wrap and console.width == 100
    with console.capture() as captured:
        console.print(sentence, markup=False)
    lines = captured.get().splitlines()
    assert len(lines) == 2 and lines[1].startswith("scored") and len(Text(sentence).wrap(console, 100)) == 2
    monkeypatch.delenv("FORCE_COLOR")
    piped = make_console()
    assert not piped.is_terminal and piped.soft_wrap
