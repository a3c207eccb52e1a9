"""The terminal's own words (headings, seat names, prompts, help, results) in English; their
translations are the catalogues in ``cli/locale`` (``kernel/words.py``). ``--lang`` picks the
language of these and of the game's sentences; card text shows in that language when the card
data holds it (Final Fantasy TCG's English), else as printed.
"""

from __future__ import annotations

from pathlib import Path

from ..kernel.scene import Catalogue, messages
from ..kernel.words import Words

FOLDER = Path(__file__).parent / "locale"

TERMINAL: Catalogue = messages({
    "kernel.rules": "Rules: {rules}",
    # seats
    "term.you": "You",
    "term.player": "Player {number}",
    "term.rival": "Rival ({name})",
    "term.seat": "{name} ({colour})",
    "term.colour.Blue": "Blue",
    "term.colour.Red": "Red",
    "term.colour.Green": "Green",
    "term.colour.Yellow": "Yellow",
    # the table
    "term.out": "(out)",
    "term.yours": "Your {area}{colour}",
    "term.theirs": "{player}'s {area}",
    "term.hidden": "{title}: {count} {count:card|cards} (hidden)",
    "term.cards": "{count} {count:card|cards}",
    "term.card": "card",
    "term.player_column": "player",
    "term.empty": "(empty)",
    "term.face_down": "face down",
    "term.last": "last",
    "term.below": "below",
    "term.stack": "On the stack (top last): ",
    # the end
    "term.result.draw": "Result: a draw, {scores} ({reason}).",
    "term.result.win": ("Result: {player} wins, {scores} ({reason}).",
                        "Result: {player} win, {scores} ({reason})."),
    "term.places": "Places: {places}.",
    "term.scores": "The scores {scores} are seat by seat: {each}.",
    "term.eliminated": "Out, first out first: {players}.",
    "term.trade": ("Trade: {player} gets {card} from {giver}.", "Trade: {player} get {card} from {giver}."),
    # the turn loop
    "term.first_help": "Type a move like {example}, or one of: {commands}.",
    "term.ask": "{player} > ",
    "term.not_a_move": "Not a move: {error}{fits}. Type 'help' for the moves.",
    "term.or": " or ",
    "term.legal": "Legal moves: ",
    "term.commands": "Commands: {commands}",
    "term.hint": "Hint ({agent}): {move}",
    "term.hint_why": "Hint ({agent}): {move}: {why}",
    "term.hint_tie": ("  why: a one-move look-ahead from what you see finds no difference between "
                      "the {moves} legal moves; the seed drew this one"),
    "term.hint_reason": ("  why: of the {moves} legal moves it leaves the game's estimate of your "
                         "position highest ({before} now, {after} after it), by a one-move look-ahead "
                         "from what you see"),
    "term.no_undo_trading": "Cannot undo: this match trades cards, so every move stands.",
    "term.no_undo": "Cannot undo: {reason}.",
    "term.nothing_to_undo": "Nothing to undo.",
    "term.took_back": "Took back {count} {count:action|actions}.",
    "term.to_move": "{player} to move",
    "term.pass_to": "Pass to {player}, press Enter ",
    "term.since": "Since your last turn:",
    "term.not_hidden": ("The output is not a terminal, so it cannot be cleared between turns: every hand "
                        "shown stays readable in it."),
    "term.input_ended": "Input ended.",
    "term.quit": "You quit.",
    "term.interrupted": "Interrupted.",
    "term.saved": "{what} The game is saved in {path}; continue it with '{command}'.",
    "term.not_saved": "{what} The game was not saved (use --save FILE next time).",
    "term.unfinished": "Unfinished after {count} {count:action|actions}; {player} to move.",
    "term.unfinished_nobody": "Unfinished after {count} {count:action|actions}; nobody to move.",
})


def terminal_words(lang: str | None) -> Words:
    """The terminal's words in ``lang`` (English for ``None``)."""
    return Words(TERMINAL, lang or "en", (FOLDER,))

