"""The deck files a command names, read for a game: a file or a preconstructed deck's name,
checked by the game (``Game.validate_deck``), its problems on the file's line numbers; the decks of
a new match with those not named drawn by the seed as the game itself would draw them."""

from __future__ import annotations

from pathlib import Path

from ..kernel.decks import DeckFile, read_deck
from ..kernel.errors import DeckError
from ..kernel.game import Deck, Game
from ..kernel.rng import Rng, derive_seed
from .errors import RUNTIME, CliError, usage_error

DECK_STREAM = 1
"""The seed's sub-stream games draw their decks from: ``new_state(seed, None)`` uses
``sample_decks(Rng(derive_seed(seed, 1)))``, so a missing deck is the one it would draw."""


def mode_name(game: Game) -> str:
    """``chama`` for a game with modes, else the game's name."""
    mode = getattr(game.options, "mode", None)
    return str(mode) if mode is not None else game.name


def read_deck_file(path: Path) -> DeckFile:
    """A deck file, or a one-line runtime error naming it (unreadable, not UTF-8)."""
    try:
        return read_deck(path)
    except DeckError as exc:
        raise CliError(str(exc), RUNTIME) from None


def deck_problems(game: Game, deck: DeckFile) -> list[str]:
    """The game's problems with the deck, card numbers turned into line numbers."""
    return deck.locate(game.validate_deck(list(deck.cards)))


def legal_deck(game: Game, path: Path) -> Deck:
    """The cards of a deck file the game accepts, or a usage error listing every problem.

    A game's preconstructed decks can be named instead of a file (``--deck warriors``)."""
    named = type(game).named_decks()
    if named and not path.exists():
        by_name = {name.lower(): cards for name, cards in named.items()}
        if str(path).lower() in by_name:
            return list(by_name[str(path).lower()])
        if not path.suffix and len(path.parts) == 1:  # a name, not a file
            raise usage_error(
                f"no deck file or preconstructed deck named {str(path)[:40]!r}; the "
                f"preconstructed decks: {', '.join(sorted(named))}"
            )
    deck = read_deck_file(path)
    problems = deck_problems(game, deck)
    if problems:  # one problem quoted: a file named by mistake is not echoed line by line
        more = len(problems) - 1
        rest = f" (and {more} more; 'tcgkit deck check' lists them)" if more else ""
        raise usage_error(f"{path}: not a legal {mode_name(game)} deck: {problems[0]}{rest}")
    return list(deck.cards)


def match_decks(
    game: Game, seed: int, seat: int, deck: Path | None, opponent_deck: Path | None
) -> list[Deck] | None:
    """The decks of a new match: ``--deck`` for ``seat``, ``--opponent-deck`` for the other
    player, each missing one drawn by the seed as the game itself would draw it. A game
    that deals one deck to both (Forge & Fury's Brasa) takes only ``--deck``. ``None`` when
    no file is given: the game draws every deck from the seed."""
    if deck is None and opponent_deck is None:
        return None
    drawn = game.sample_decks(Rng(derive_seed(seed, DECK_STREAM)))
    if len(drawn) == 1:
        if opponent_deck is not None:
            raise usage_error(
                f"{mode_name(game)} splits one deck between the players: give it with --deck "
                "and drop --opponent-deck"
            )
        assert deck is not None
        return [legal_deck(game, deck)]
    decks = [list(d) for d in drawn]
    if deck is not None:
        decks[seat] = legal_deck(game, deck)
    if opponent_deck is not None:
        decks[1 - seat] = legal_deck(game, opponent_deck)
    return decks
