"""``tcgkit balance``: the search finds the known answer of a synthetic game, stops by its
intervals, checks on fresh seeds; targets and fields are checked; the real games' card values
change through an edited copy of the card file, never the shipped one."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator, Sequence
from importlib import resources

import pytest
from typer.testing import CliRunner

from tcgkit import load_game
from tcgkit.cli.app import app
from tcgkit.sim.balance import BalanceError, Rebalancer, Settings, ValueChange, parse_targets
from tcgkit.sim.balance.changes import CardValues, edit_toml
from tcgkit.sim.balance.search import CHECK_SEED_OFFSET
from tcgkit.sim.runner import GameResult
from tcgkit.sim.stats import wilson

PER_POINT = 0.12  # the synthetic game: each point of attack played moves the win chance this much


class Duel:
    """A synthetic two-deck game whose answer is known: the first entrant wins with chance
    0.5 + PER_POINT * (its played attack - the other's), drawn from the game's own seed, so the
    same game index of two candidates differs only by the change (as in the real runner)."""

    def __init__(self, decks: dict[str, list[str]], attack: dict[str, int], played: set[str]) -> None:
        self.decks, self.attack, self.played = decks, attack, played
        self.games: list[tuple[tuple[str, str] | None, int]] = []

    def value(self, card: str, field: str) -> int | None:
        return self.attack.get(card) if field == "attack" else None

    def deck_problems(self, cards: Sequence[str]) -> list[str]:
        return []

    def _strength(self, deck: str, changes) -> int:
        moved = {c.card: c.delta for c in changes if isinstance(c, ValueChange)}
        return sum(self.attack[c] + moved.get(c, 0) for c in set(self.decks[deck]) if c in self.played)

    def play(self, changes, batch, seed, indices, facts) -> Iterator[GameResult]:
        assert batch is not None
        edge = self._strength(batch[0], changes) - self._strength(batch[1], changes)
        for i in indices:
            self.games.append((batch, seed))
            u = random.Random(f"{seed}/{batch}/{i}").random()
            lineup = (i % 2, 1 - i % 2)  # entrant 0 sits first in even games
            winner_entrant = 0 if u < 0.5 + PER_POINT * edge else 1
            winner = lineup.index(winner_entrant)
            cards = tuple((tuple(sorted(set(self.decks[batch[e]]))), tuple(sorted(set(self.decks[batch[e]]))),
                           tuple(sorted(set(self.decks[batch[e]]) & self.played))) for e in lineup)
            yield GameResult(i, 0, ("greedy", "greedy"), winner, "greedy", (0, 0), 0, "x", 1, lineup,
                             cards=cards if facts else ())


def duel(knight: int) -> Duel:
    return Duel({"red": ["Knight", "Knight", "Page"], "blue": ["Squire", "Squire"]},
                {"Knight": knight, "Page": 3, "Squire": 4}, played={"Knight", "Squire"})


SETTINGS = Settings(seed=3, step=40, max_games=400, check_games=400, candidates=4, max_changes=3)


def run(world: Duel, target: str = "red:blue=45..55", **settings):
    targets = parse_targets([target], list(world.decks))
    return Rebalancer(world, targets, Settings(**{**SETTINGS.__dict__, **settings})).run()


def test_the_search_finds_the_one_step_that_evens_the_decks():
    world = duel(knight=5)  # red wins 62% of its games; its Knight at 4 evens them
    outcome = run(world)
    assert outcome.confirmed and outcome.proposal is not None
    assert [c.label for c in outcome.proposal.changes] == ["Knight attack 5 -> 4"]
    target = outcome.targets[0]
    assert outcome.shipped.tallies.count(target).rate == pytest.approx(0.62, abs=0.06)
    after = outcome.check_after.tallies.count(target)
    assert target.low <= after.rate <= target.high and after.games == 400
    # checked on fresh seeds, beside the shipped cards on those seeds
    assert {seed for _, seed in world.games} == {3, 3 + CHECK_SEED_OFFSET}
    assert outcome.check_before.tallies.count(target).rate == pytest.approx(0.62, abs=0.06)


def test_two_steps_grow_from_the_nearer_first_step():
    outcome = run(duel(knight=6))  # 74%: the Knight must lose two points
    assert outcome.confirmed
    assert [c.label for c in outcome.proposal.changes] == ["Knight attack 6 -> 4"]
    # the first round kept the nearer of its steps: the Knight's, not the unplayed Page's
    assert any(e.changes == (ValueChange("Knight", "attack", 6, -1),) for e in outcome.tried)


def test_a_candidate_clearly_out_stops_early():
    outcome = run(duel(knight=7), max_changes=1)  # 86%; a step leaves 74% or more, far out of range
    assert outcome.tried and all(e.verdict == "out" for e in outcome.tried)
    assert all(e.decided_after == SETTINGS.step for e in outcome.tried)  # stopped at the first look
    assert not outcome.confirmed


def test_nothing_to_do_when_the_decks_are_even():
    outcome = run(duel(knight=4))
    assert outcome.stopped == "the shipped cards are in range already" and outcome.proposal is None
    assert not outcome.tried


def test_a_batch_the_change_leaves_alone_is_not_played_again():
    world = Duel({"red": ["Knight"], "blue": ["Squire"], "green": ["Elf"]},
                 {"Knight": 5, "Squire": 4, "Elf": 4}, played={"Knight", "Squire", "Elf"})
    outcome = run(world, "pairs=45..55")
    assert outcome.confirmed and [c.label for c in outcome.proposal.changes] == ["Knight attack 5 -> 4"]
    search_games = [batch for batch, seed in world.games if seed == 3]
    first = outcome.tried[0]
    # blue against green came from the shipped cards' games: played once, for them alone
    assert first.played == first.tallies.games(("red", "blue")) + first.tallies.games(("red", "green"))
    assert search_games.count(("blue", "green")) == SETTINGS.max_games


@pytest.mark.parametrize(("texts", "message"), [
    ([], "at least one --target"),
    (["first"], "WHAT=RANGE"),
    (["first=55..45"], "low end below its high end"),
    (["first=50+-60"], "within 0-100%"),
    (["first=abc"], "not a range"),
    (["red:nope=40..60"], "no preconstructed deck 'nope'"),
    (["red:red=40..60"], "against itself"),
    (["pairs=40..60", "blue:red=45..55"], "two targets for"),
    (["wins=40..60"], "no target 'wins'"),
])
def test_bad_targets_are_refused_with_what_is_wrong(texts, message):
    with pytest.raises(BalanceError, match=message):
        parse_targets(texts, ["red", "blue"])


def test_targets_read_every_form():
    first, pair = parse_targets(["first=50±2", "Red:blue=40-60"], ["red", "blue"])
    assert (first.low, first.high, first.pair) == (pytest.approx(0.48), pytest.approx(0.52), None)
    assert pair.pair == ("red", "blue") and pair.label == "red vs blue in 40-60%"
    assert len(parse_targets(["pairs=45..55"], ["a", "b", "c", "d"])) == 6


def test_bad_settings_are_refused():
    with pytest.raises(BalanceError, match="even number"):
        run(duel(5), step=3)
    with pytest.raises(BalanceError, match="no card of the decks has a number 'speed'"):
        run(duel(5), fields=("speed",))


def test_a_card_value_changes_through_an_edited_copy_of_the_card_file(tmp_path):
    shipped = resources.files("tcgkit.games.monster_collection").joinpath("data", "mc1.toml")
    before = hashlib.sha256(shipped.read_bytes()).hexdigest()
    values = CardValues("monster-collection", {}, tmp_path)
    assert values.value("Sea Serpent", "attack") == 5
    options = values.options_for([ValueChange("Sea Serpent", "attack", 5, -1)])
    assert options["card_files"][0].startswith("sha256:")
    game = load_game("monster-collection", options)
    assert game.db.find("Sea Serpent").attack == 4
    assert load_game("monster-collection").db.find("Sea Serpent").attack == 5
    assert hashlib.sha256(shipped.read_bytes()).hexdigest() == before  # never edited in place
    with pytest.raises(BalanceError, match="Sea Serpent level 4 -> -1: .*greater than or equal to 0"):
        values.options_for([ValueChange("Sea Serpent", "level", 4, -5)])  # the game's loader says no


def test_edit_toml_touches_one_line_of_one_card():
    text = '[[card]]\nname = "A"\nattack = 1\n[[card.abilities]]\nattack = 9\n\n[[card]]\nname = "B"\n'
    assert edit_toml(text, "A", "attack", 2) == text.replace("attack = 1", "attack = 2")
    assert edit_toml(text, "B", "attack", 3) == text + "attack = 3\n"  # added after the name
    with pytest.raises(BalanceError, match="no card 'C'"):
        edit_toml(text, "C", "attack", 1)


def test_the_command_runs_the_search_on_the_real_game_and_reports_json():
    result = CliRunner().invoke(app, [
        "balance", "mc", "--target", "tide_wings:dawn_and_dusk=0..100", "--step", "2",
        "--max-games", "2", "--check-games", "2", "-w", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["stopped"] == "the shipped cards are in range already"
    assert data["shipped"]["rates"][0]["games"] == 2
    bad = CliRunner().invoke(app, ["balance", "mc", "--target", "tide_wings:nope=40..60"])
    assert bad.exit_code == 2 and "no preconstructed deck 'nope'" in bad.output
    bad = CliRunner().invoke(app, ["balance", "tt", "--target", "first=50+-2"])
    assert bad.exit_code == 2 and "preconstructed decks" in bad.output


def test_the_command_searches_from_a_proposal_given_in_the_reports_words():
    swap = "aurora: one Arcanjo de Lúmen -> one more Clériga da Chama Branca"
    common = ["balance", "conflictus", "--decks", "aurora,crepusculo", "--target", "pairs=0..10",
              "--vary", "both", "--step", "2", "--max-games", "2", "--check-games", "2",
              "--candidates", "1", "--max-changes", "2", "-w", "1", "--json"]
    result = CliRunner().invoke(app, [*common, "--start", swap, "--start", "Arqueiro Celeste defense 2 -> 1"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["tried"][0]["changes"] == ["Arqueiro Celeste defense 2 -> 1", swap]
    assert data["settings"]["start"] == [swap, "Arqueiro Celeste defense 2 -> 1"]
    bad = CliRunner().invoke(app, [*common, "--start", "Arqueiro Celeste defense 3 -> 1"])
    assert bad.exit_code == 2 and "Arqueiro Celeste's defense is 2, not 3" in bad.output


def result(index: int, red_won: bool) -> GameResult:
    lineup = (index % 2, 1 - index % 2)
    return GameResult(index, 0, ("greedy", "greedy"), lineup.index(0 if red_won else 1), "greedy",
                      (0, 0), 0, "x", 1, lineup)


def test_a_candidate_stopped_early_is_read_against_the_shipped_cards_on_the_same_games():
    from tcgkit.sim.balance.search import Evaluation
    from tcgkit.sim.balance.targets import Tallies

    world = duel(knight=5)
    search = Rebalancer(world, parse_targets(["red:blue=45..55"], list(world.decks)), SETTINGS)
    shipped = Evaluation((), Tallies())  # a lucky start for red: 30 of its first 40, 110 of 200
    for i in range(200):
        shipped.tallies.add(("red", "blue"), result(i, i < 30 or 40 <= i < 120))
    search.shipped = shipped
    candidate = Evaluation((), Tallies())
    for i in range(40):  # 28 of the same 40 games: two fewer than the shipped cards' 30
        candidate.tallies.add(("red", "blue"), result(i, i < 28))
    (estimate,) = search.estimates(candidate.tallies)
    assert estimate.rate == pytest.approx(28 / 40 + (110 / 200 - 30 / 40))  # 50%, not 70%
    low, high = wilson(28, 40)
    assert (estimate.low, estimate.high) == (pytest.approx(low - 0.2), pytest.approx(high - 0.2))
    (raw,) = search.estimates(candidate.tallies, paired=False)
    assert raw.rate == pytest.approx(0.7)
