"""Batch play: many seeded games between named agents, locally or on a process pool.

Game ``i`` of a batch is fully determined by ``(game, options, agents, seed, i)``:

- the game's own seed is ``derive_seed(seed, i)``, and the game draws the decks from it
  (``game.new_state(derive_seed(seed, i), None)``), unless the batch gives each agent its
  deck (``decks``): a deck then goes with its agent from seat to seat;
- seats rotate (``lineup_for``): player ``p`` of game ``i`` is ``agents[(i + p) % len(agents)]``,
  so with two agents the first one is player 0 in even games and player 1 in odd games;
  with three or more players and agents, every other block of ``len(agents)`` games also
  reverses the order of the agents round the table (so that with three agents the six
  games ``6k .. 6k + 5`` are the six seatings);
- the agent in seat ``p`` draws from its own ``Rng(derive_seed(seed, i, p + 1))``.

Agents are made afresh for every game and see only ``state.view(player)`` and
``state.legal_actions()``. Hence the results are the same for any number of workers and
any chunking: a parallel run only decides which process plays which game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence, Sized
from dataclasses import asdict, dataclass, field
from typing import Any

from ..agents import agent_key, make_agent
from ..games import load_game
from ..kernel import card_files
from ..kernel.card_files import CardFile
from ..kernel.errors import TcgkitError
from ..kernel.game import Deck, Game
from ..kernel.limits import Tally, play
from ..kernel.rng import Rng, derive_seed
from .backends import Backend, make_backend
from .cards import card_facts, starting_cards

MAX_ACTIONS = 100_000
"""A game still going after this many actions is reported as an engine bug."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game of a batch."""

    index: int
    seed: int  # the game's own seed: derive_seed(batch seed, index)
    seats: tuple[str, ...]  # agent name per player
    winner: int | None  # the winning player, None on a draw
    winner_agent: str | None
    scores: tuple[float, ...]
    first: int | None  # the player who moved first (in the final game of a Sudden Death run)
    reason: str
    actions: int
    lineup: tuple[int, ...] = ()  # index into the batch's agent list, per player
    measures: dict[str, float] = field(default_factory=dict)  # numeric outcome details: rounds...
    ranks: tuple[int, ...] = ()  # each player's place, 0 best (``Outcome.ranks``)
    eliminated: tuple[int, ...] = ()  # players knocked out, first out first
    # Per player (deck, drawn, played) card names, when the batch records them (sim.cards).
    cards: tuple[tuple[tuple[str, ...], ...], ...] = ()

    def places(self) -> tuple[int, ...]:
        """Each player's place, 0 best: the recorded ranks, or for a result made without
        them the winner first and everyone else second (all first on a draw)."""
        if self.ranks:
            return self.ranks
        return tuple(0 if self.winner in (None, p) else 1 for p in range(len(self.seats)))

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        for key in ("seats", "scores", "lineup", "ranks", "eliminated"):
            data[key] = list(data[key])
        data["cards"] = [[list(names) for names in facts] for facts in self.cards]
        return data


class SimError(TcgkitError):
    """A batch that cannot run: a bad agent list, an agent returning an illegal action..."""


def lineup_for(index: int, players: int, agents: int) -> tuple[int, ...]:
    """The agent slot of each player in game ``index``: seats rotate by one each game.

    With three or more players and agents, the agents also sit the other way round the
    table in every other block of ``agents`` games: who sits after whom matters when more
    than two play, and three agents then take all six seatings in six games (more agents
    take ``2 * agents`` of them; each agent still sits in every seat equally often).
    """
    if players < 3 or agents < 3 or (index // agents) % 2 == 0:
        return tuple((index + p) % agents for p in range(players))
    return tuple((index - p) % agents for p in range(players))


def play_game(game: Game, agents: Sequence[str], seed: int, index: int,
              decks: Sequence[Deck] | None = None, facts: bool = False) -> GameResult:
    """Play game ``index`` of the batch seeded ``seed`` (see the module docstring);
    ``facts`` also records which cards each player had, drew and played."""
    players = game.num_players
    lineup = lineup_for(index, players, len(agents))
    seats = tuple(agents[slot] for slot in lineup)
    game_seed = derive_seed(seed, index)
    if decks is not None and len(decks) > 1:  # a deck goes with its agent; one is shared
        decks = [decks[slot] for slot in lineup]
    state = game.new_state(game_seed, decks)
    start = starting_cards(state) if facts else None
    seated = [make_agent(name, game) for name in seats]
    rngs = [Rng(derive_seed(seed, index, p + 1)) for p in range(players)]
    count = 0
    tally = Tally()
    while not state.is_terminal:
        player = state.to_move
        assert player is not None
        legal = state.legal_actions()
        action = seated[player].act(state.view(player), legal, rngs[player])
        try:
            play(state, action, player, tally)
        except TcgkitError as exc:
            raise SimError(
                f"game {index} (seed {game_seed}): agent {seats[player]!r} as player "
                f"{player} chose {action}: {exc}"
            ) from exc
        count += 1
        if count >= MAX_ACTIONS:
            raise SimError(f"game {index} (seed {game_seed}) did not end in {MAX_ACTIONS} actions")
    outcome = state.outcome
    assert outcome is not None
    winner = outcome.winner
    first = outcome.details.get("first")
    return GameResult(
        index=index,
        seed=game_seed,
        seats=seats,
        winner=winner,
        winner_agent=None if winner is None else seats[winner],
        scores=tuple(outcome.scores),
        first=first if isinstance(first, int) else None,
        reason=outcome.reason,
        actions=count,
        lineup=lineup,
        measures={
            key: value for key, value in outcome.details.items()
            if key != "first" and isinstance(value, int | float) and not isinstance(value, bool)
        },
        ranks=tuple(outcome.ranks),
        eliminated=tuple(outcome.eliminated),
        cards=() if start is None else card_facts(state, start),
    )


# One game object per (name, options) per process: card data loads once per worker.
_GAMES: dict[tuple[str, str], Game] = {}


def _game(game_name: str, options: dict[str, Any]) -> Game:
    key = (game_name, repr(sorted(options.items())))
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = load_game(game_name, dict(options))
    return game


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play any game of a batch (picklable, small)."""

    game: str
    options: dict[str, Any]
    agents: tuple[str, ...]
    seed: int
    decks: tuple[Deck, ...] | None = None
    facts: bool = False  # record per-card facts (deck, drawn, played) in each result
    card_files: tuple[CardFile, ...] = ()  # the files the options name by hash, for any process

    def play(self, indices: Sequence[int]) -> list[GameResult]:
        return play_job_games(self, indices)


def play_job_games(job: Job, indices: Iterable[int]) -> list[GameResult]:
    """Play the games ``indices`` of ``job`` here (what a backend's worker runs)."""
    for card_file in job.card_files:  # a worker in another process knows them from here
        card_files.add(card_file)
    game = _game(job.game, job.options)
    return [play_game(game, job.agents, job.seed, i, job.decks, job.facts) for i in indices]


def chunk_size(games: int, workers: int) -> int:
    """Small enough for a smooth progress bar and load balance, big enough to amortize IPC."""
    return max(1, min(500, games // (workers * 16) or 1))


def chunks_of(indices: Iterable[int], size: int) -> Iterator[list[int]]:
    """``indices`` in lists of ``size``, made as they are taken (a run of any length)."""
    chunk: list[int] = []
    for index in indices:
        chunk.append(index)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def check_agents(game: Game, agents: Sequence[str]) -> None:
    if not agents:
        raise SimError("no agents given")
    for name in agents:
        try:
            make_agent(name, game)
        except ValueError as exc:
            raise SimError(str(exc)) from None


def check_decks(game: Game, agents: Sequence[str], decks: Sequence[Deck]) -> None:
    shared = len(decks) == 1 and len(game.sample_decks(Rng(0))) == 1  # Brasa's one deck
    if not shared and (len(decks) != len(agents) or len(agents) != game.num_players):
        raise SimError(f"give one deck per agent ({len(agents)} agents, {len(decks)} decks), "
                       f"and {game.num_players} agents for {game.name}")
    for i, deck in enumerate(decks):
        problems = game.validate_deck(list(deck))
        if problems:
            raise SimError(f"the deck of agent {agents[i]!r} is not legal: {'; '.join(problems)}")


def prepare(
    game_name: str, options: dict[str, Any] | None, agents: Sequence[str], seed: int,
    decks: Sequence[Deck] | None = None, facts: bool = False,
) -> Job:
    """The batch's ``Job``, checked: raises ``UnknownGame``, ``OptionsError`` or ``SimError``
    when the game, its options, an agent or a deck is bad."""
    options = dict(options or {})
    names = tuple(agent_key(a) for a in agents)
    game = _game(game_name, options)  # raises UnknownGame / OptionsError early
    check_agents(game, names)
    if decks is not None:
        check_decks(game, names, decks)
    return Job(game.name, options, names, seed, None if decks is None else tuple(decks), facts,
               card_files.referenced(game.options_json()))


def iter_results(
    job: Job, indices: Iterable[int], backend: Backend | None = None, count: int | None = None,
) -> Iterator[GameResult]:
    """Play games ``indices`` of ``job`` on ``backend`` (default: here); results in
    completion order. ``indices`` may be an iterator (``count`` says how many, for the chunk
    size): it is taken as the games are handed out, and nothing is kept, so a caller that
    streams the results stays flat in memory however many games there are."""
    backend = backend or make_backend("local", 1)
    if count is None:
        count = len(indices) if isinstance(indices, Sized) else 0
    if backend.workers == 1 and backend.name == "local":
        chunks: Iterable[list[int]] = ([i] for i in indices)
    else:
        chunks = chunks_of(indices, chunk_size(count, backend.workers))
    for chunk in backend.run(job, chunks):
        yield from chunk


def run_games(
    game_name: str,
    options: dict[str, Any] | None,
    agents: Sequence[str],
    games: int,
    seed: int,
    workers: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
    decks: Sequence[Deck] | None = None,
    backend: Backend | None = None,
    facts: bool = False,
) -> list[GameResult]:
    """Play ``games`` games of ``game_name`` between ``agents``; results in index order.

    ``decks``, one per agent, fixes each agent's deck (checked here) instead of drawing
    decks by the seed. The games run on ``backend``, by default a local pool of
    ``workers`` processes (this process alone for one). ``on_result`` is called in this
    process once per finished game (in completion order), e.g. to advance a progress bar.
    Raises ``UnknownGame``, ``OptionsError`` or ``SimError`` before any game is played
    when the input is bad.
    """
    if games < 0:
        raise SimError(f"the number of games must be at least 0, got {games}")
    if workers < 1:
        raise SimError(f"workers must be at least 1, got {workers}")
    job = prepare(game_name, options, agents, seed, decks, facts)
    if backend is None:
        backend = make_backend("local", 1 if games <= 1 else workers)
    out: list[GameResult | None] = [None] * games
    for result in iter_results(job, range(games), backend):
        out[result.index] = result
        if on_result is not None:
            on_result(result)
    return [r for r in out if r is not None]
