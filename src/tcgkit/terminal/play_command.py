"""``tcgkit play GAME``: set up a match (hands, seats, opponent, save file), run it, and
settle a trade against the AI in the player's collection."""

from __future__ import annotations

import contextlib
import hmac
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, cast

import typer

from .._version import __version__
from ..agents import Agent, make_agent
from ..agents.explain import Explained, Explaining, explains
from ..kernel.collecting import CollectionError, CollectionRules, Owned, collection_rules
from ..kernel.errors import ReplayError
from ..kernel.game import Deck, Game
from ..kernel.registry import GameEntry, find_game, load_game
from ..kernel.rng import Rng, derive_seed
from .card_paths import CARD_FILE_HELP, give_all
from .console import Prompter, make_console
from .deck_files import match_decks
from .errors import CliError, reports_errors, usage_error
from .files import not_replacing
from .game_support import (
    LANG_HELP,
    check_language,
    game_from_position,
    non_default_options,
    rules_line,
    rules_of,
    with_mode,
)
from .match import Match
from .play_loop import FORFEIT_STREAM, PlayLoop, agent_base, agent_choice
from .profile import Profile, load_profile, profile_lock
from .render import Renderer
from .saves import read_save
from .seats import Seats
from .server_play import play_on_server
from .words import Voice

PLAY_HELP = """Play a game in the terminal against an AI, or --hotseat for two people.

Type moves in the game's notation (Triple Triad: Geezard@4 puts Geezard on cell 4, cells
0..8 row by row from the top left; 'take Geezard' picks a card in a trade). Commands: help
(the legal moves), hint (the greedy agent's choice), undo (your last move and the reply),
board, log, autopass, quit. Moves may be piped on standard input; the end of the input stops the game.

Triple Triad: your hand comes from your collection (see 'tcgkit collection'): choose 5 cards when asked,
or give them with --hand; with --rules random they are dealt from it by the seed. The AI
gets a card of the same level for each of yours. A trade against the AI changes your
collection; --hotseat (five cards dealt by the seed, five of the same levels against them)
and --position games leave it alone. Walking away from a trading match loses it (quit,
confirmed, or the end of the input when it is not saved): you pay the trade as its loser.

Forge & Fury: moves are 'colour red', 'pick Mist Wyrm #012' (in secret; the start of a
name in your hand is enough: 'pick mist'), 'rps rock', 'call odd', 'show 3'. --mode
brasa|chama|forja|colecao picks the mode (any game with modes). Decks are drawn by the seed,
or --deck FILE is yours (Brasa: the one 50-card deck both play from) and --opponent-deck
FILE the other player's; 'tcgkit deck build' makes one and 'tcgkit deck check' checks one.
Try --vs mixed, the AI made for its secret picks.

Final Fantasy TCG: moves are 'play Fighter#3', 'play Asp#7 attack', 'hide Fire#21',
'turn Fire#21 -> Goblin#70', 'assign Asp#7 -> Fighter#63', 'use Red Mage#8 0', 'done',
'end'; a card is Name#id, the id telling copies apart. --deck NAME|FILE as above.

Conflictus Aeternus: moves are 'source Fonte de Luz#3', 'play Fhaonna#12 pay L2', 'attack
set#12 P1', 'block set#12 with set#40', 'pass', 'done' ('help' lists them). Two to four
players: --players N; --seat human,greedy,normal,random says who sits in each seat, turn
order, people ('human') and AIs mixed. With two or more people at the terminal the screen
is cleared (or pushed out of sight) between them and the next person is asked to take the
seat before their hand is shown. --players N alone seats you (--as) against N-1 --vs AIs;
with --hotseat, N people.

The AI (--vs): random, greedy (the default), easy, normal, hard (information-set search
that samples what it cannot see, never peeks; ismcts = normal; in Forge & Fury they read
the round instead), perfect (Triple Triad: the exact solver) and mixed (Forge & Fury:
secret picks from an equilibrium).

--save FILE writes the replay record after every move; --resume FILE continues a saved game
and keeps saving to it. A --position game is saved with its starting position.

--server URL plays on a match server ('tcgkit serve'), on the same screen: a new match
against --vs LEVEL, or --vs open for another account, who joins with --join ID (the id is
printed); --join ID also brings you back to your seat after you left or the server restarted.
--user NAME logs in (the password from TCGKIT_PASSWORD, or asked); a guest otherwise.
--rated makes the new match rated (docs/ratings.md): every seat an account's, so --vs open
and --user NAME.

Card files: --rules card_file=PATH (card_files=A;B) plays with your own cards. Records, saves
and positions name a card file by its content hash (sha256:...), never by its path; a file
named once on this machine is kept in the profile's data folder, and --card-file PATH gives
one that a save or position names but this machine has not seen.
"""


def _check_flags(
    *, resume: Path | None, position: str | None, hotseat: bool, rules: str | None,
    trade: str | None, seed: int | None, hand: str | None, save: Path | None,
    vs: str | None, seat: int | None, mode: str | None = None, decks: bool = False,
    players: int | None = None, seats: str | None = None,
) -> None:
    if (resume or position) and players is not None:
        raise usage_error(
            f"{'--resume' if resume else '--position'} carries its own number of players; "
            "drop --players"
        )
    if seats is not None and (hotseat or vs or seat is not None or hand):
        raise usage_error(
            "--seat says who sits in every seat; drop --hotseat, --vs, --as and --hand"
        )
    if resume and (rules or trade or seed is not None or position or hand):
        raise usage_error(
            "--resume continues a saved game with its own rules, seed and hands; "
            "drop --rules, --trade, --seed, --position and --hand"
        )
    if position is not None and not position.strip():
        raise usage_error("--position is empty; paste a position notation (or drop --position)")
    if position and (rules or trade or hand):
        raise usage_error(
            "--position carries its own rules and hands; drop --rules, --trade and --hand"
        )
    if (resume or position) and (mode or decks):
        raise usage_error(
            f"{'--resume' if resume else '--position'} carries its own mode and decks; "
            "drop --mode, --deck and --opponent-deck"
        )
    if hotseat and (vs or hand or seat is not None):
        raise usage_error(
            "--hotseat seats two people and deals both hands; drop --vs, --hand and --as"
        )


HUMAN = "human"


def _play_on_server(game: str, server: str | None, join: str | None, user: str | None, *,
                    rules: str | None, vs: str | None, players: int | None, hand: str | None,
                    rated: bool, no_color: bool, others: list[Any]) -> None:
    if server is None:
        raise usage_error("--join, --user and --rated play on a server: give its --server URL")
    if rated and join is not None:
        raise usage_error("--rated makes a new match; a match you --join is rated or not as it was made")
    if rated and (vs != "open" or user is None):
        raise usage_error("--rated seats accounts only: give --vs open and your --user NAME")
    if any(other is not None for other in others):
        raise usage_error("--server plays with --rules, --vs, --players, --hand, --join and --user "
                          "only; the server deals, seeds and keeps the game")
    console = make_console(no_color)
    play_on_server(server, game, rules=rules, vs=vs, players=players, join=join, user=user,
                   hand=hand, rated=rated, console=console, prompter=Prompter(console))


def _seat_list(game: Game, text: str) -> list[str]:
    """``--seat human,greedy,...``: one entry per player in turn order, each ``human`` or an
    agent's name; at least one person."""
    names = [name.strip().lower() for name in text.split(",")]
    if len(names) != game.num_players:
        raise usage_error(
            f"--seat {text[:60]!r} names {len(names)} seats; this {game.title} game has "
            f"{game.num_players} players (one name each, e.g. "
            f"{','.join([HUMAN] + ['greedy'] * (game.num_players - 1))}; --players sets how many)"
        )
    for index, name in enumerate(names):
        if not name:
            raise usage_error(f"--seat: seat {index} is empty; give 'human' or an AI's name")
        if name != HUMAN:
            _make(name, game)
    if HUMAN not in names:
        raise usage_error(
            "--seat seats no person ('human'); to watch AIs play each other use 'tcgkit sim'"
        )
    return names


def _make(name: str, game: Game) -> Agent:
    try:
        return make_agent(name, game)
    except ValueError as exc:
        raise usage_error(str(exc)) from None


def _seating(
    game: Game, *, seats: str | None, hotseat: bool, human: int, vs: str | None
) -> list[str]:
    """Who sits in each seat: ``human`` or an AI's name."""
    if seats is not None:
        return _seat_list(game, seats)
    if hotseat:
        return [HUMAN] * game.num_players
    names = [vs or "greedy"] * game.num_players
    names[human] = HUMAN
    _make(vs or "greedy", game)  # an unknown --vs fails before a hand is asked for
    return names


def _check_seat(game: Game, human: int) -> None:
    if not 0 <= human < game.num_players:
        raise usage_error(f"--as {human}: {game.name} has seats 0..{game.num_players - 1}")


def _opponents(game: Game, seating: list[str]) -> dict[int, Agent]:
    return {p: _make(name, game) for p, name in enumerate(seating) if name != HUMAN}


def _explained(match: Match, agents: dict[int, Agent]) -> dict[int, Agent]:
    """``--explain``: each AI keeps why it chose its moves in the match's record."""
    silent = sorted({agent.name for agent in agents.values() if not explains(agent)})
    if silent:
        raise usage_error(f"--explain: the AI {', '.join(silent)} does not explain its moves; "
                          "a search AI does (--vs easy, normal or hard)")
    return {seat: Explained(cast(Explaining, agent), lambda why: match.explained(why.to_json()))
            for seat, agent in agents.items()}


def _seats(seating: list[str]) -> Seats:
    """The names the board and the events use: ``You`` when one person plays, ``Player N``
    for each person when several share the terminal, the AI's name for an AI."""
    people = seating.count(HUMAN)
    if people == 1 and len(seating) == 2:
        human = seating.index(HUMAN)
        return Seats.versus(human, seating[1 - human])
    return Seats(tuple(
        ("You" if people == 1 else f"Player {p}") if name == HUMAN else name
        for p, name in enumerate(seating)
    ))


def _ask_hand(
    game: Game, rules: CollectionRules, collection: Owned, prompter: Prompter, voice: Voice,
) -> list[str] | None:
    table = rules.table(collection, voice.t("term.collection", count=len(collection)))
    voice.show(Renderer(game, Seats.versus(0, "AI"), voice.words.lang).card_table(table))
    while True:
        text = prompter.ask(voice.t("term.choose_hand", count=rules.hand_size))
        if text is None:
            return None
        try:
            return rules.choose(collection, text)
        except CollectionError as exc:
            voice.console.print(str(exc), markup=False)


def _decks_from_collection(
    game: Game, seat: int, seed: int, hand: str | None, prompter: Prompter, voice: Voice,
) -> list[Deck] | None:
    """The human's hand from their collection, the AI's made against it by the game's rules."""
    rules = collection_rules(game)
    if not rules.standard:
        raise usage_error(
            "your collection holds the standard cards; play a card_file game with --hotseat"
        )
    profile = load_profile()
    collection = profile.free_cards(game) if rules.trades else profile.collection(game)
    held = len(profile.collection(game)) - len(collection)
    if len(collection) < rules.hand_size:
        raise CliError(
            f"your collection has {len(collection)} cards{' free' if held else ''} and a hand needs "
            f"{rules.hand_size}; " + (f"{held} are held by trading matches in progress (finish them "
                                      "with --resume)" if held else
                                      "'tcgkit collection --reset' starts again from the starter "
                                      "collection")
        )
    if rules.dealt:
        if hand:
            raise usage_error(
                "with the Random rule your hand is dealt from your collection; drop --hand"
            )
        mine = _chosen(lambda: rules.deal(collection, seed))
        voice.say("term.random_hand", cards=", ".join(mine))
    elif hand:
        if held:
            try:
                rules.choose(collection, hand)
            except CollectionError:
                with contextlib.suppress(CollectionError):
                    rules.choose(profile.collection(game), hand)
                    raise CliError(
                        "that hand needs cards held by another trading match in progress "
                        "(finish it with --resume first, or choose other cards)") from None
        mine = _chosen(lambda: rules.choose(collection, hand))
    else:
        chosen = _ask_hand(game, rules, collection, prompter, voice)
        if chosen is None:
            voice.say("term.no_hand")
            return None
        mine = chosen
    decks = [mine, rules.opponent_hand(mine, seed)]
    return decks if seat == 0 else decks[::-1]


def _chosen(choose: Callable[[], list[str]]) -> list[str]:
    try:
        return choose()
    except CollectionError as exc:
        raise usage_error(str(exc)) from None


def _resumed_match(entry: GameEntry, path: Path, voice: Voice) -> tuple[Match, bool, bool]:
    """The saved match, whether this profile signed it (only then may it trade), and whether
    the file is a save (a plain replay record is never written over)."""
    key = load_profile().key()
    saved = read_save(path, key)
    record = saved.record
    if find_game(record.game).name != entry.name:
        raise usage_error(f"{path} is a {record.game} game, not {entry.name}")
    try:
        match = Match.from_record(record)
    except ReplayError as exc:
        raise CliError(f"{path}: {exc}") from None
    if record.engine != __version__:
        voice.say("term.save_engine", engine=record.engine, version=__version__)
    match.match_id, match.agent_seed, match.key = saved.match_id, saved.agent_seed, key
    return match, saved.signed, bool(saved.match_id)


def _load_game(
    entry: GameEntry, rules: str | None, trade: str | None, mode: str | None = None,
    players: int | None = None,
) -> Game:
    options = rules_of(entry.cls, rules)
    if trade:
        options["trade"] = trade
    if players is not None:
        given = options.get("players")
        if given is not None and given != players:
            raise usage_error(f"--players {players} and the rule players={given} disagree; give one")
        options["players"] = players
    return load_game(entry.name, with_mode(entry.cls, options, mode))


def _new_match(
    game: Game, *, seed: int | None, hand: str | None, seat: int, hotseat: bool,
    prompter: Prompter, voice: Voice, deck: Path | None = None,
    opponent_deck: Path | None = None,
) -> Match | None:
    collects_cards = type(game).collects_cards
    if hand and not collects_cards:
        raise usage_error(
            f"--hand chooses a Triple Triad hand from your collection; {game.name} deals "
            "from decks (use --deck)"
        )
    if collects_cards and (deck or opponent_deck):
        raise usage_error(
            f"{game.name} hands come from your collection (--hand), not deck files; "
            "drop --deck and --opponent-deck"
        )
    agent_seed = None
    if seed is None:  # shown when the game is over, not before: it tells the hidden cards
        seed = secrets.randbelow(2**31)
        agent_seed = secrets.randbelow(2**62)  # the AI's own stream, never shown
    decks = None
    if not collects_cards:
        decks = match_decks(game, seed, seat, deck, opponent_deck)
    elif hotseat:
        decks = collection_rules(game).hotseat_decks(seed)
    else:
        decks = _decks_from_collection(game, seat, seed, hand, prompter, voice)
        if decks is None:
            return None
    match = Match.new(game, seed, decks)
    match.agent_seed = agent_seed
    return match


def _trades(match: Match, agents: dict[int, Agent], position: bool) -> bool:
    """Whether the match may change the player's collection when it ends."""
    rules = match.game.collection()
    return (bool(agents) and not position and rules is not None and rules.trades
            and match.record.decks is not None)


def _digest(profile: Profile, match: Match, seat: int, seating: list[str]) -> str:
    """What the profile keeps of a trading match: its seed, hands, seat and opponents, as a
    keyed digest (the file shows no hand and no seed)."""
    return profile.match_digest(match.game.name, match.seed, match.record.decks, seat, seating)


def _promise_trade(match: Match, seat: int, seating: list[str]) -> None:
    """Keep the profile's own digest of the match before it starts; this also checks the
    profile can be written, so a won trade is never played for and then lost."""
    hand = match.record.decks[seat] if match.record.decks else []
    with profile_lock():
        profile = load_profile()
        game = match.game
        held = profile.free_cards(game).missing(hand)
        if held:
            raise CliError(
                f"{', '.join(held)}: held by another trading match in progress (finish it with "
                "--resume first, or choose other cards)"
            )
        try:
            profile.pending[match.match_id] = {"game": game.name, "hand": hand,
                                               "digest": _digest(profile, match, seat, seating)}
            profile.save()
        except CliError as exc:
            raise CliError(
                f"{exc}; the trade of this match could not be kept, so it was not started "
                "(make the folder writable, or play with --trade none)"
            ) from None


def _same_match(copy: dict[str, Any], profile: Profile, match: Match, seat: int, seating: list[str]) -> bool:
    """Whether ``match`` is the one the profile's pending ``copy`` was made for (a copy
    written before the digest held the seed and hands themselves)."""
    if "digest" in copy:
        return hmac.compare_digest(str(copy["digest"]), _digest(profile, match, seat, seating))
    return copy == {"game": match.game.name, "seed": match.seed, "decks": match.record.decks, "seat": seat}


def _untrusted(match: Match, seat: int, signed: bool, profile: Profile, seating: list[str]) -> str | None:
    """Why this finished match may not change the collection, or ``None`` when it may: the
    save must be this profile's, its match still pending with the same seed, hands, seat
    and opponents, and the AI's hand the one the seed matched to the player's."""
    if match.match_id in profile.settled:
        return "this match's trade was already applied to your collection"
    copy = profile.pending.get(match.match_id)
    if not signed or copy is None:
        return "this save was not written by your profile for a match it is waiting for"
    decks = match.record.decks
    if not _same_match(copy, profile, match, seat, seating):
        return "this save's seed, hands, seat or opponent are not the ones its match started with"
    assert decks is not None
    if decks[1 - seat] != collection_rules(match.game).opponent_hand(decks[seat], match.seed):
        return "the AI's hand is not the one the seed dealt"
    return None


def _check_resumed_trade(match: Match, seat: int, seating: list[str]) -> None:
    """A trading match goes on only against the opponent and in the seat it began with: a
    trade won against ``perfect`` is not to be played out against ``random``."""
    profile = load_profile()
    if match.match_id in profile.settled and not match.state.is_terminal:
        raise usage_error("this trading match was walked away from and lost, and its trade is "
                          "settled: it cannot go on")
    copy = profile.pending.get(match.match_id)
    if copy is not None and not _same_match(copy, profile, match, seat, seating):
        raise usage_error(
            "this trading match began against another opponent or in another seat; resume it "
            "with the --vs and --as it started with"
        )


def _walk_away(match: Match, seat: int, agents: dict[int, Agent], voice: Voice, signed: bool,
               seating: list[str], save: Path | None) -> bool:
    """The player left a trading match before its end, for good: they lost it and pay the
    trade as its loser (the game's RULES.md, "Walking away"). A match already decided, with
    only the winner's picks left, is finished instead (the player's picks by the game's
    default choice, the AI's by the AI): then True is returned, and the trade is settled as
    for any finished match."""
    state = match.state
    pending = state.pending
    if pending is not None and pending.kind == "take":
        if pending.player == seat:
            voice.say("term.won_picks")
        while (pending := match.state.pending) is not None:
            mover = pending.player
            match.play(match.state.default_action(pending) if mover == seat
                       else agent_choice(match, mover, agents[mover]), mover)
        if save is not None:
            match.save(save)
        return True
    winner = 1 - seat
    agent, rng = agents[winner], Rng(derive_seed(agent_base(match), FORFEIT_STREAM))
    moved = collection_rules(match.game).walk_away(
        state, seat, lambda at: agent.act(at.view(winner), at.legal_actions(), rng))
    names = [name for name, _, _ in moved]
    if names:
        voice.say("term.walked_away_takes", player=seating[winner], cards=", ".join(names))
    else:
        voice.say("term.walked_away", player=seating[winner])
    if match.record.decks is not None:
        with profile_lock():
            _settle_locked(match, match.record.decks, seat, voice, signed, seating, moved)
    return False


def _settle_trade(match: Match, seat: int, voice: Voice, signed: bool, seating: list[str]) -> None:
    """Move the traded cards into or out of the player's collection, exactly once."""
    outcome = match.state.outcome
    rules = match.game.collection()
    decks = match.record.decks  # None for a game begun from a position: no trade settles
    if decks is None or rules is None:
        return
    transfers = rules.transfers(outcome.to_json()) if outcome else []
    with profile_lock():
        _settle_locked(match, decks, seat, voice, signed, seating, transfers)


def _settle_locked(match: Match, decks: list[Deck], seat: int, voice: Voice, signed: bool,
                   seating: list[str], transfers: list[Any]) -> None:
    profile = load_profile()
    why = _untrusted(match, seat, signed, profile, seating)
    if why is not None:
        if transfers:
            voice.say("term.trade_untrusted", why=why)
        return
    profile.pending.pop(match.match_id)
    profile.settled.append(match.match_id)
    if not transfers:
        profile.save()
        return
    game, rules = match.game, collection_rules(match.game)
    mine = profile.collection(game)
    if mine.missing(decks[seat]):
        voice.say("term.trade_not_held")
        return
    collections = [rules.owned(deck) for deck in decks]
    collections[seat] = mine
    try:
        after = rules.settle(collections, transfers)[seat]
    except CollectionError as exc:
        raise CliError(f"the trade could not be applied to your collection: {exc}") from None
    profile.set_collection(game, after)
    profile.save()  # the collection and the ledger of settled matches in one write
    in_order = rules.owned(dict.fromkeys([*mine.counts, *after.counts], 1)).counts  # card-number order
    changes = [
        f"{'+' if after.count(name) > mine.count(name) else '-'}{name}"
        for name in in_order for _ in range(abs(after.count(name) - mine.count(name)))
    ]
    voice.say("term.collection_changed", changes=", ".join(changes), count=len(after))


def _show_seed(name: str, match: Match, voice: Voice) -> None:
    """The seed, once the game is over (before, it would tell the hidden cards), with the
    command that deals the same game again."""
    command = f"tcgkit play {name} --seed {match.seed}"
    rules = non_default_options(match.game)
    game = match.game
    if game.num_players != game.min_players:  # non_default_options puts players=N first
        command += f" --players {game.num_players}"
        rules = rules.partition(", ")[2] or "defaults"
    if rules != "defaults":
        command += f" --rules '{rules.replace(', ', ',')}'"
    voice.say("term.seed_again", seed=match.seed, command=command)


def _option(text: str, *names: str) -> Any:
    return typer.Option(*names, help=text)


@reports_errors
def play(
    game: Annotated[str, typer.Argument(help="The game, e.g. triple-triad (see 'tcgkit games').")],
    rules: Annotated[str | None, _option(
        "Rules and presets, e.g. same,plus,combo or ffviii,elemental (see 'tcgkit options')."
    )] = None,
    trade: Annotated[str | None, _option("Trade rule: none, one, difference, direct, all.")] = None,
    vs: Annotated[str | None, _option(
        "The AI opponent: random, greedy (default), easy, normal, hard; Triple Triad: perfect; "
        "Forge & Fury: mixed."
    )] = None,
    seed: Annotated[int | None, _option(
        "Seed for the deal, the AI and the coin; random if not given."
    )] = None,
    position: Annotated[str | None, _option("Start from a pasted position notation.")] = None,
    hotseat: Annotated[bool, _option(
        "People in every seat at one terminal (two, or --players N).", "--hotseat"
    )] = False,
    players: Annotated[int | None, _option(
        "Players in the match, for games of more than two (Conflictus Aeternus: 2-4).", "--players"
    )] = None,
    seats: Annotated[str | None, _option(
        "Who sits in each seat, in turn order: 'human' or an AI, e.g. human,greedy,normal,random "
        "(one per player; two or more people hand the terminal over between turns).", "--seat"
    )] = None,
    save: Annotated[Path | None, _option("Write the replay record here after every move.")] = None,
    resume: Annotated[Path | None, _option("Continue the game saved in this record.")] = None,
    no_color: Annotated[bool, _option("Plain text, no colour.", "--no-color")] = False,
    seat: Annotated[int | None, _option(
        "Your seat: 0 or 1 (default 0); 0..N-1 with --players N.", "--as"
    )] = None,
    hand: Annotated[str | None, _option(
        "Your 5 cards, e.g. 'Geezard,Funguar,Bite Bug,Red Bat,Blobra', or auto."
    )] = None,
    mode: Annotated[str | None, _option(
        "The game's mode, for games with modes (Forge & Fury: brasa, chama, forja, colecao)."
    )] = None,
    deck: Annotated[Path | None, _option(
        "Your deck file (in --hotseat Player 0's), or a preconstructed deck's name "
        "(ff-tcg: warriors, black_magic); drawn by the seed if not given."
    )] = None,
    opponent_deck: Annotated[Path | None, _option(
        "The other player's deck file or preconstructed deck; drawn by the seed if not given."
    )] = None,
    lang: Annotated[str | None, _option(LANG_HELP, "--lang")] = None,
    card_file: Annotated[list[Path] | None, _option(CARD_FILE_HELP, "--card-file")] = None,
    server: Annotated[str | None, _option(
        "Play on the match server at this URL (e.g. http://127.0.0.1:8000; see 'tcgkit serve'): "
        "a new match against --vs LEVEL, or --vs open for another account.", "--server")] = None,
    join: Annotated[str | None, _option("With --server: take a seat in this match (or come back to "
                                        "yours).", "--join")] = None,
    user: Annotated[str | None, _option("With --server: log in as this account (the password from "
                                        "TCGKIT_PASSWORD, or asked); a guest otherwise.", "--user")] = None,
    rated: Annotated[bool, _option("With --server, --vs open and --user: a rated match (every seat an "
                                   "account's).", "--rated")] = False,
    force: Annotated[bool, _option("Let --save replace a file that exists.", "--force")] = False,
    explain: Annotated[bool, _option(
        "Keep in the --save record why the AI chose each of its moves (a search AI: easy, normal, "
        "hard; shown by 'tcgkit replay --step' once the game is over).", "--explain")] = False,
    auto_pass: Annotated[bool | None, typer.Option(
        "--auto-pass/--no-auto-pass", help="Pass for you when all you can do is pass (default: on against "
        "AIs, off with people at the terminal; 'autopass' switches it in the game).")] = None,
) -> None:
    if server is not None or join is not None or user is not None or rated:
        _play_on_server(game, server, join, user, rules=rules, vs=vs, players=players, hand=hand,
                        rated=rated, no_color=no_color,
                        others=[resume, position, hotseat or None, seats, save, deck, opponent_deck, seed,
                                seat, trade, mode, card_file, force or None, explain or None])
        return
    if explain and save is None:
        raise usage_error("--explain keeps the AI's reasons in the saved record: give --save FILE too")
    if save is not None and save != resume:
        refused = not_replacing(save, force, "--save")
        if refused:
            raise usage_error(refused)
    give_all(card_file)
    _check_flags(
        resume=resume, position=position, hotseat=hotseat, rules=rules, trade=trade, seed=seed,
        hand=hand, save=save, vs=vs, seat=seat, mode=mode,
        decks=deck is not None or opponent_deck is not None, players=players, seats=seats,
    )
    check_language(lang)  # the words, and the card text where the card data holds it
    console = make_console(no_color)
    voice = Voice(console, lang)
    prompter = Prompter(console)
    entry = find_game(game)
    human = seat or 0
    signed = True
    if resume:
        match, signed, a_save = _resumed_match(entry, resume, voice)
        if save is None and a_save:
            save = resume  # a save goes on in its own file
        elif save is None:
            voice.say("term.record_kept", path=str(resume))
    elif position:
        game_obj, state = game_from_position(entry.name, position)
        match = Match.from_position(game_obj, state, seed if seed is not None else 0)
    else:
        game_obj = _load_game(entry, rules, trade, mode, players)
        _check_seat(game_obj, human)
        seating = _seating(game_obj, seats=seats, hotseat=hotseat, human=human, vs=vs)
        human = seating.index(HUMAN)
        console.print(f"{game_obj.title}. {rules_line(game_obj, lang)}", markup=False)
        people = [p for p, name in enumerate(seating) if name == HUMAN]
        new = _new_match(
            game_obj, seed=seed, hand=hand, seat=people[0], hotseat=len(people) > 1,
            prompter=prompter, voice=voice, deck=deck, opponent_deck=opponent_deck,
        )
        if new is None:
            return
        match = new
    if resume or position:
        _check_seat(match.game, human)
        seating = _seating(match.game, seats=seats, hotseat=hotseat, human=human, vs=vs)
        human = seating.index(HUMAN)
        console.print(f"{match.game.title}. {rules_line(match.game, lang)}", markup=False)
    agents = _opponents(match.game, seating)
    if explain:
        agents = _explained(match, agents)
    humans = tuple(p for p in range(match.game.num_players) if p not in agents)
    trading = _trades(match, agents, bool(position))
    if trading and not resume:
        _promise_trade(match, human, seating)
    elif trading:
        _check_resumed_trade(match, human, seating)
    if save is not None and match.key is None:
        match.key = load_profile().key()
    loop = PlayLoop(
        match, humans, agents, _seats(seating), console, prompter, save_path=save,
        hotseat=len(humans) > 1, game_name=entry.name, lang=lang, trading=trading, auto_pass=auto_pass,
    )
    ending = loop.run()
    walked_away = trading and ending != "over" and (ending == "quit" or save is None)
    if walked_away and _walk_away(match, human, agents, voice, signed, seating, save):
        ending = "over"
    if ending == "over" and trading:
        _settle_trade(match, human, voice, signed, seating)
    if ending == "over" and not resume and not position:
        _show_seed(entry.name, match, voice)
    if ending == "interrupted":
        raise typer.Exit(130)
    if ending == "eof" and not prompter.interactive:  # piped moves ran out before the end
        raise typer.Exit(1)
