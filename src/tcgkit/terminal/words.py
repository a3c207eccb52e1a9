"""The terminal's own words (headings, seat names, prompts, help, results) in English; their
translations are the catalogues in ``terminal/locale`` (``kernel/words.py``). ``--lang`` picks the
language of these and of the game's sentences; card text shows in that language when the card
data holds it (a face's ``translations``: the printed Portuguese of Final Fantasy TCG and
Conflictus, whose English is the default), else as the data holds it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType

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
    # the reasons of the results a match server gives (server/client_words.py: the same English)
    "term.reason.time": "the loser ran out of time",
    "term.reason.claimed": "the loser left the match and the others claimed the win",
    "term.places": "Places: {places}.",
    "term.scores": "The scores {scores} are seat by seat: {each}.",
    "term.eliminated": "Out, first out first: {players}.",
    "term.trade": ("Trade: {player} gets {card} from {giver}.", "Trade: {player} get {card} from {giver}."),
    # the turn loop
    "term.first_help": "Type a move like {example}, or one of: {commands}.",
    "term.ask": "{player} > ",
    "term.not_a_move": "Not a move: {error}{fits}. Type 'help' for the moves.",
    "term.legal": "Legal moves: ",
    "term.up_to": "choose up to {count} of {cards}",
    "term.no_such_card": "; no card you can see is named '{name}'",
    # reading cards and rules (``reading.py``)
    "term.rules_title": "{game}: the rules in brief",
    "term.glossary": "Words of the game:",
    "term.card_usage": "Name a card: card NAME (e.g. card {example}).",
    "term.card_seen": "{card} ({where}: a card you can see)",
    "term.card_listed": "{card} (from the game's card list: you see no card of that name)",
    "term.card_unknown": "No card of this game is named '{name}' (a hidden card is never shown).",
    "term.card_ambiguous": "'{name}' could be {cards}: type more of the name.",
    "term.commands": "Commands: {commands}",
    "term.hint": "Hint ({agent}): {move}",
    "term.hint_why": "Hint ({agent}): {move} — {why}",  # a move may hold ": " (a march)
    "term.hint_chance": "  Your chance to win: {before}% now, {after}% after this move.",
    "term.hint_alone": "  Why: it is the only legal move.",
    "term.hint_tie": ("  Why: from what you see, the {moves} best moves the search weighed all give "
                      "the same chance; it tried this one most."),
    "term.hint_reason": ("  Why: of {iterations} games the search played out from what you see, it "
                         "tried this move most, in {visits}, and scored {chance}% with it."),
    "term.hint_others": "  Next best: {others}.",
    "term.hint_other": "{move} ({chance}%, tried {visits} {visits:time|times})",
    "term.hint_does": "  It does: {effects}",
    "term.replay_why": ("Why {agent} chose it: its chance to win {before}% before, {after}% after; "
                        "it weighed {options}."),
    "term.no_undo_trading": "Cannot undo: this match trades cards, so every move stands.",
    "term.no_undo": "Cannot undo: {reason}.",
    "term.nothing_to_undo": "Nothing to undo.",
    "term.took_back": "Took back {count} {count:action|actions}.",
    "term.to_move": "{player} to move",
    "term.pass_to": "Pass to {player}, press Enter ",
    "term.since": "Since your last turn:",
    "term.taken": ("{player}: {move} (the only move, taken for them).",
                   "{player}: {move} (the only move, taken for you)."),
    "term.auto_passed": "{player}: {move}, nothing else to do (auto-pass; 'autopass off' to be asked).",
    "term.autopass_on": "Auto-pass on: when all you can do is pass, you pass without being asked.",
    "term.autopass_off": "Auto-pass off: you are asked even when all you can do is pass.",
    "term.more_log": "({count} earlier {count:line|lines}: type 'log' for the whole game)",
    "term.not_hidden": ("The output is not a terminal, so it cannot be cleared between turns: every hand "
                        "shown stays readable in it."),
    "term.input_ended": "Input ended.",
    "term.quit": "You quit.",
    "term.interrupted": "Interrupted.",
    "term.saved": "{what} The game is saved in {path}; continue it with '{command}'.",
    "term.not_saved": "{what} The game was not saved (use --save FILE next time).",
    "term.unfinished": "Unfinished after {count} {count:action|actions}; {player} to move.",
    "term.unfinished_nobody": "Unfinished after {count} {count:action|actions}; nobody to move.",
    "term.replay_at": "Move {at} of {last}, as {viewer} saw it.",
    "term.replay_spectator": "a spectator",
    "term.made_by.clock": "The server made this move: the player ran out of time.",
    "term.made_by.stand_in": "An AI made this move, standing in for an absent player.",
    "term.made_by.auto": "The terminal made this move: it was the only one.",
    # starting, resuming and leaving a match
    "term.save_engine": ("This save is from engine {engine}; every action replays the same under "
                         "engine {version}, so the game continues."),
    "term.record_kept": ("{path} is a replay record: it stays as it was (add --save FILE to keep "
                         "this game as it goes on)."),
    "term.seed_again": "Seed {seed}: play the same deal again with {command}",
    "term.walk_away": ("Quitting a trading match loses it: you pay the trade as its loser. "
                       "Walk away? (yes/no) > "),
    # the answers that mean yes to ``term.walk_away``, separated by commas
    "term.yes_answers": "y, yes",
    "term.walked_away": "You lose the match by walking away; {player} wins.",
    "term.walked_away_takes": "You lose the match by walking away; {player} wins and takes {cards}.",
    "term.won_picks": "You won: the cards left to take are chosen for you.",
    # a Triple Triad hand from the collection, and the trade
    "term.collection": "Your collection ({count} {count:card|cards})",
    "term.choose_hand": ("Choose your hand: {count} cards separated by commas (names, numbers or "
                         "name prefixes), or 'auto' for your strongest > "),
    "term.random_hand": "Random: your hand is dealt from your collection: {cards}",
    "term.no_hand": "Input ended before a hand was chosen; no game was played.",
    "term.trade_untrusted": "The trade leaves your collection alone: {why}.",
    "term.trade_not_held": "Your collection does not hold this game's hand; the trade leaves it alone.",
    "term.collection_changed": "Your collection: {changes} (now {count} {count:card|cards}).",
})


def terminal_words(lang: str | None) -> Words:
    """The terminal's words in ``lang`` (English for ``None``)."""
    return Words(TERMINAL, lang or "en", (FOLDER,))



class Voice:
    """The terminal's own sentences in one language, printed to its console (the steps of
    ``play`` before and after the turn loop, which has a renderer of its own)."""

    def __init__(self, console: Console, lang: str | None = None) -> None:
        self.console = console
        self.words = terminal_words(lang)

    def t(self, key: str, **args: Any) -> str:
        """The sentence ``key`` with its places filled, in this language."""
        return self.words.format(self.words[key].text, args)

    def say(self, key: str, **args: Any) -> None:
        self.console.print(self.t(key, **args), markup=False)

    def show(self, renderable: RenderableType) -> None:
        self.console.print(renderable)


def means_yes(answer: str, yes_answers: str) -> bool:
    """Whether ``answer`` is one of ``yes_answers`` (the language's ``term.yes_answers``, a
    list separated by commas); English's ``y`` and ``yes`` always count."""
    words = {word.strip().lower() for word in f"{yes_answers},y,yes".split(",")}
    return answer.strip().lower() in words - {""}
