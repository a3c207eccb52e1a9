"""Issue 28: the profile keeps no seed or hand, private files are written 0600, a card file is
kept only once it parses, and a trading match cannot be undone or resumed against another AI."""

from __future__ import annotations

import json
import stat
from pathlib import Path

from tcgkit.kernel import card_files
from tcgkit.terminal.match import Match
from tcgkit.terminal.profile import load_profile

from .helpers import plan_vs_ai
from .test_card_files import tt_cards


def play(run, *args: str, input: str):
    return run("play", "triple-triad", "--no-color", *args, input=input)


def values(data):
    """Every scalar in a JSON value."""
    if isinstance(data, dict):
        for item in data.values():
            yield from values(item)
    elif isinstance(data, list):
        for item in data:
            yield from values(item)
    else:
        yield data


def mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_trading_match_leaves_no_seed_or_hand_in_the_profile(run, home):
    seed = 123457
    plan = plan_vs_ai(seed)
    result = play(run, "--seed", str(seed), "--hand", "auto", "--save", str(home / "x.json"), input="")
    assert result.exit_code == 1, result.output  # the input ended: the saved match stays open
    data = json.loads((home / "profile.json").read_text())
    [pending] = data["pending"].values()
    assert set(pending) == {"game", "digest", "hand"} and len(pending["digest"]) == 64
    assert seed not in values(data)
    assert pending["hand"] == plan.match.record.decks[0]  # the player's own, held for the match
    ai_only = set(plan.match.record.decks[1]) - set(pending["hand"])
    assert ai_only and not any(name in json.dumps(pending) for name in ai_only)


def test_the_profile_saves_and_kept_card_copies_are_private(run, home, tmp_path):
    save = tmp_path / "game.json"
    cards = tmp_path / "mine.csv"
    cards.write_text(tt_cards("Card"))
    card_files.forget()
    result = run("play", "tt", "--hotseat", "--seed", "4", "--rules", f"card_file={cards}",
                 "--save", str(save), input="Card 1@0\n")
    assert result.exit_code == 1, result.output  # the piped moves end first: exit 1
    (copy,) = (home / "cards").iterdir()
    assert mode(home / "profile.json") == 0o600 and mode(save) == 0o600 and mode(copy) == 0o600
    (home / "profile.json").chmod(0o644)  # written by an older version
    play(run, "--seed", "5", "--hand", "auto", input="quit\n")
    assert mode(home / "profile.json") == 0o600
    card_files.forget()


def test_a_file_that_is_not_a_card_file_is_never_copied(run, home, tmp_path):
    key = tmp_path / "id_rsa"
    key.write_text("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n")
    key.chmod(0o600)
    card_files.forget()
    result = run("cards", "tt", "--rules", f"card_file={key}")
    assert result.exit_code == 1
    assert not (home / "cards").exists() or not any((home / "cards").iterdir())
    card_files.forget()


def test_undo_is_refused_in_a_trading_match(run, home):
    plan = plan_vs_ai(3)
    result = play(run, "--seed", "3", "--hand", "auto", input=f"{plan.moves[0]}\nundo\nquit\n")
    assert "Cannot undo: this match trades cards" in result.stdout
    assert "Took back" not in result.stdout


def test_a_trading_match_resumed_against_another_ai_is_refused(run, home, tmp_path):
    save = tmp_path / "game.json"
    plan = plan_vs_ai(3)
    first = play(run, "--seed", "3", "--hand", "auto", "--vs", "perfect", "--save", str(save),
                 input=f"{plan.moves[0]}\n")
    assert first.exit_code == 1, first.output  # the input ended: the saved match stays open
    before = save.read_bytes()
    refused = play(run, "--resume", str(save), "--vs", "random", input="")
    assert refused.exit_code == 2 and "another opponent" in refused.stderr
    assert save.read_bytes() == before
    same = play(run, "--resume", str(save), "--vs", "perfect", input="")
    assert same.exit_code == 1 and "another opponent" not in same.stderr, same.output
    assert load_profile().pending


def test_hotseat_hands_over_the_first_turn_and_tells_every_event_since_the_last(home):
    """Final Fantasy TCG, two people: the first hand is drawn only after a hand-over, the clear
    takes the scrollback too, and each hand-over tells what the next person may see of every
    event since their own last move, not only the last one."""
    import io

    from rich.console import Console

    from tcgkit.terminal.play_loop import PlayLoop
    from tcgkit.terminal.render import Renderer
    from tcgkit.terminal.seats import Seats

    from .test_ff_tcg_cli import plan
    from .test_forge_fury_cli import Scripted

    game_plan = plan(4, hotseat=True, limit=40)
    planned = game_plan.match
    console = Console(file=io.StringIO(), force_terminal=True, width=120, color_system=None)
    match = Match.new(planned.game, planned.seed, planned.record.decks)
    loop = PlayLoop(match, (0, 1), {}, Seats.numbered(2), console, Scripted(game_plan.moves), hotseat=True)
    loop.run()
    out = console.file.getvalue()
    assert out.index("to move ─") < out.index("hand")  # no hand before the first hand-over
    assert out.count("\x1b[3J") == out.count("to move ─") > 1
    # The turns: who moved, and the event cursor after each move, as the match went.
    replayed = Match.new(planned.game, planned.seed, planned.record.decks)
    after = []
    for text, mover in zip(planned.actions, planned.movers, strict=False):
        replayed.play(replayed.state.parse_action(text, mover), mover)
        after.append(replayed.state.event_count())
    movers = planned.movers
    # The first time a person comes back after the other made several moves.
    back = next(i for i in range(2, len(movers)) if movers[i] != movers[i - 1] == movers[i - 2]
                and movers[i] in movers[:i - 2])
    last_own = max(j for j in range(back) if movers[j] == movers[back])
    state = Match.new(planned.game, planned.seed, planned.record.decks)
    for text, mover in zip(planned.actions[:back], movers[:back], strict=False):
        state.play(state.state.parse_action(text, mover), mover)
    renderer = Renderer(planned.game, Seats.numbered(2))
    told = renderer.news(state.state.scene(movers[back], after[last_own]))
    assert len(told) > 1
    assert "Since your last turn:\n" + "".join(f"  {line}\n" for line in told) in out


def test_a_trading_match_holds_its_hand_until_it_is_settled(run, home, tmp_path):
    first = play(run, "--seed", "3", "--hand", "auto", "--save", str(tmp_path / "a.json"), input="")
    assert first.exit_code == 1, first.output  # the input ended: the saved match stays open
    [pending] = load_profile().pending.values()
    held = pending["hand"]
    again = play(run, "--seed", "4", "--hand", ",".join(held), input="quit\n")
    assert again.exit_code == 1 and "held by another trading match in progress" in again.stderr
    assert len(load_profile().pending) == 1
    other = play(run, "--seed", "4", "--hand", "auto", "--save", str(tmp_path / "b.json"),
                 input="")  # the strongest free five
    assert other.exit_code == 1, other.output
    hands = [m["hand"] for m in load_profile().pending.values()]
    assert len(hands) == 2 and not set(hands[0]) & set(hands[1])
    untraded = play(run, "--seed", "5", "--hand", ",".join(held), "--trade", "none", input="quit\n")
    assert untraded.exit_code == 0, untraded.output  # no trade: nothing to hold the cards for


def test_no_command_replaces_a_file_unasked(run, home, tmp_path):
    kept = tmp_path / "kept.txt"
    kept.write_text("mine\n")
    refusals = [
        ("play", "tt", "--hotseat", "--seed", "4", "--save", str(kept)),
        ("sim", "tt", "-n", "2", "-w", "1", "--csv", str(kept)),
        ("deck", "build", "fnf", "--seed", "1", "-o", str(kept)),
        ("report", str(tmp_path / "r.jsonl"), "-o", str(kept)),
        ("sweep", "tt", "--option", "same", "--values", "true,false", "-n", "2", "--chart",
         str(tmp_path / "kept.svg")),
    ]
    (tmp_path / "kept.svg").write_text("mine\n")
    (tmp_path / "r.jsonl").write_text("{}\n")
    for args in refusals:
        result = run(*args, input="quit\n")
        assert result.exit_code == 2 and "exists; add --force to replace it" in result.stderr, args
    assert kept.read_text() == "mine\n" and (tmp_path / "kept.svg").read_text() == "mine\n"
    forced = run("deck", "build", "fnf", "--seed", "1", "-o", str(kept), "--force")
    assert forced.exit_code == 0 and kept.read_text() != "mine\n"


def test_resuming_a_plain_record_leaves_it_as_it_was(run, home, tmp_path):
    from .helpers import plan_hotseat

    plan = plan_hotseat(4)
    record = tmp_path / "record.json"
    plan.match.record.actions = plan.match.actions[:2]
    plan.match.record.save(record)
    before = record.read_bytes()
    result = run("play", "tt", "--hotseat", "--resume", str(record), input=f"{plan.moves[2]}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "is a replay record: it stays as it was" in result.stdout
    assert record.read_bytes() == before


def test_a_file_that_is_no_deck_is_quoted_once_verbatim(run, home, tmp_path):
    lines = [f"user{n}:x:{n}:{n}:/home/user{n}:/bin/sh" for n in range(13)]
    passwd = tmp_path / "passwd"
    passwd.write_text("\n".join(lines) + "\n")
    played = run("play", "fnf", "--deck", str(passwd), "--seed", "1", "--no-color", input="")
    assert played.exit_code == 2
    assert played.stderr.count("no card named") == 1 and "(and 13 more" in played.stderr  # 13 names, the size
    assert lines[0] in played.stderr and lines[1] not in played.stderr
    checked = run("deck", "check", "fnf", str(passwd), "--no-color")
    assert checked.exit_code == 1
    assert "'user0:x:0:0:/home/user0:/bin/sh'" in checked.stdout and "❌" not in checked.stdout


def test_a_message_clipped_twice_has_one_marker():
    from tcgkit.kernel.errors import TcgkitError, clip

    once = str(TcgkitError("no card named '" + "x" * 50 + "'"))
    assert clip(once) == once and once.count("(50 characters)") == 1


def test_the_readme_piped_example_plays_a_whole_game_and_a_short_pipe_exits_1(run, home):
    readme = (Path(__file__).parents[2] / "README.md").read_text()
    line = next(x for x in readme.splitlines() if "# moves piped in" in x)
    moves = line.split("'")[1].encode().decode("unicode_escape")
    assert "--hand auto --seed 1 --no-color" in line
    whole = run("play", "tt", "--hand", "auto", "--seed", "1", "--no-color", input=moves)
    assert whole.exit_code == 0 and "Result:" in whole.stdout
    first = moves.splitlines()[0] + "\n"
    short = run("play", "tt", "--hand", "auto", "--seed", "1", "--no-color", input=first)
    assert short.exit_code == 1 and "Input ended." in short.stdout


def test_small_words(run, home):
    (version,) = [line for line in run("--help").stdout.splitlines() if "--version" in line]
    assert "<bool>" not in version
    reset = run("collection", "--reset", "--yes", "--json")
    assert reset.exit_code == 0 and json.loads(reset.stdout)["total"] == 22  # stdout: the JSON alone
    from tcgkit.games.forge_fury.scene import MESSAGES

    assert MESSAGES["fnf.colour_pending"].you.endswith("{player} name it")  # "You name it"


def test_quitting_a_trading_match_loses_it_and_pays_the_trade(run, home, tmp_path):
    """The one who walks away loses (the game's RULES.md, "Walking away"): the AI takes its
    pick of the five, the collection changes once, and the save cannot go on."""
    from tcgkit.games.triple_triad import TripleTriad
    from tcgkit.games.triple_triad.collection import Collection

    plan = plan_vs_ai(3)
    save = tmp_path / "game.json"
    kept = play(run, "--seed", "3", "--hand", "auto", "--save", str(save),
                input=f"{plan.moves[0]}\nquit\nno\n")  # not confirmed: the match goes on
    assert kept.exit_code == 1 and "Walk away? (yes/no)" in kept.stdout
    assert load_profile().pending
    before = load_profile().collection(TripleTriad())
    result = play(run, "--resume", str(save), input="quit\nyes\n")
    assert result.exit_code == 0, result.output
    five = plan.match.record.decks[0]
    top = max(TripleTriad().cards.find(name).level for name in five)
    [line] = [x for x in result.stdout.splitlines() if "walking away" in x]
    taken = line.removeprefix("You lose the match by walking away; greedy wins and takes ").rstrip(".")
    assert taken in five and TripleTriad().cards.find(taken).level == top  # greedy's pick
    profile = load_profile()
    after = profile.collection(TripleTriad())
    assert after.counts == Collection.of(TripleTriad().cards, before.counts).remove([taken]).counts
    assert not profile.pending and len(profile.settled) == 1
    again = play(run, "--resume", str(save), input="")
    assert again.exit_code == 2 and "walked away from and lost" in again.stderr
    assert load_profile().collection(TripleTriad()).counts == after.counts


def test_a_trading_match_that_cannot_go_on_is_lost_and_a_saved_one_stays_open(run, home, tmp_path):
    from tcgkit.games.triple_triad import TripleTriad

    start = load_profile().collection(TripleTriad())
    unsaved = play(run, "--seed", "3", "--hand", "auto", "--trade", "all", input="")
    assert unsaved.exit_code == 1 and "walking away" in unsaved.stdout
    profile = load_profile()
    five = plan_vs_ai(3).match.record.decks[0]
    assert not profile.pending and len(profile.collection(TripleTriad())) == len(start) - len(five)
    saved = play(run, "--seed", "4", "--hand", "auto", "--save", str(tmp_path / "s.json"), input="")
    assert saved.exit_code == 1 and "walking away" not in saved.stdout
    assert len(load_profile().pending) == 1


def test_a_winner_who_quits_while_choosing_gets_the_first_card(run, home):
    from tcgkit.games.triple_triad import TripleTriad

    from .helpers import find_plan

    seed, plan = find_plan(lambda p: p.state.outcome.winner == 0)
    before = load_profile().collection(TripleTriad())
    state = plan.match.state
    result = play(run, "--seed", str(seed), "--hand", "auto",
                  input="\n".join(plan.moves[:-1]) + "\nquit\n")  # the last move was the take
    assert result.exit_code == 0 and "the cards left to take are chosen for you" in result.stdout
    first = state.game.cards[state.brought[1][0]].name
    after = load_profile().collection(TripleTriad())
    assert after.count(first) == before.count(first) + 1 and len(after) == len(before) + 1


def test_a_profile_edited_by_hand_is_refused_and_left_as_it_was(run, home, tmp_path):
    """The collections and the trading matches are signed with the profile's secret."""
    save = tmp_path / "game.json"
    started = play(run, "--seed", "3", "--hand", "auto", "--save", str(save), input="")
    assert started.exit_code == 1, started.output  # a trading match left open: pending
    path = home / "profile.json"
    signed = json.loads(path.read_text())
    assert len(signed["signature"]) == 64

    def refused(data, why):
        path.write_text(json.dumps(data, indent=1))
        before = path.read_bytes()
        for args in (("collection",), ("play", "tt", "--resume", str(save))):
            result = run(*args, input="")
            assert result.exit_code == 1, (args, result.output)
            assert f"profile {path} was changed outside tcgkit ({why})" in result.stderr
            assert "nothing was written" in result.stderr
        assert path.read_bytes() == before

    more = json.loads(json.dumps(signed))
    more["collections"].setdefault("triple-triad", {})["Squall"] = 1
    refused(more, "its collections or matches do not match their signature")
    fewer = json.loads(json.dumps(signed))
    fewer["pending"] = {}
    refused(fewer, "its collections or matches do not match their signature")
    unsigned = {k: v for k, v in signed.items() if k != "signature"}
    refused(unsigned, "it holds trading matches but no signature")
    path.write_text(json.dumps(signed))  # put back as it was: the match goes on
    assert play(run, "--resume", str(save), input="").exit_code == 1
    assert load_profile().pending


def test_an_unsigned_profile_holds_only_the_starter_collection(run, home):
    """A profile an older version wrote carries no signature: taken while it holds nothing a
    trade made, and signed at its next write; any other unsigned collection is refused."""
    from tcgkit.games.triple_triad import TripleTriad
    from tcgkit.games.triple_triad.collection import Collection

    home.mkdir()
    path = home / "profile.json"
    starter = Collection.starter(TripleTriad().cards).to_json()
    path.write_text(json.dumps({"format": 1, "collections": {"triple-triad": starter}}))
    assert run("collection").exit_code == 0
    assert play(run, "--seed", "3", "--hand", "auto", input="quit\nyes\n").exit_code == 0
    assert "signature" in json.loads(path.read_text())  # signed at the trade's write
    grown = {**starter, "Squall": 1}
    path.write_text(json.dumps({"format": 1, "collections": {"triple-triad": grown}}))
    result = run("collection")
    assert result.exit_code == 1
    assert "collection is not signed, and only the starter collection may be" in result.stderr


def test_a_command_waits_for_the_profile_another_holds(home, tmp_path):
    """Commands change the profile one at a time: while another holds its lock, a trading
    match does not start (its read of the free cards and its write wait for the lock)."""
    import os
    import subprocess
    import sys
    import time

    from tcgkit.terminal.profile import profile_lock

    def waiting(pid: int) -> bool:  # the kernel's table of locks marks a waiter with "->"
        return any(line.split()[1:3] == ["->", "FLOCK"] and line.split()[5] == str(pid)
                   for line in Path("/proc/locks").read_text().splitlines())

    env = {**os.environ, "TCGKIT_HOME": str(home)}
    command = [sys.executable, "-m", "tcgkit.cli", "play", "tt", "--seed", "3", "--hand", "auto",
               "--save", str(tmp_path / "game.json"), "--no-color"]
    with profile_lock():
        child = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, env=env)
        deadline = time.monotonic() + 60
        while not waiting(child.pid) and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        blocked = waiting(child.pid)
        assert not (home / "profile.json").exists()
    out, err = child.communicate(timeout=60)
    assert blocked, (out, err)
    assert child.returncode == 1 and "Input ended." in out  # then it went on, and was kept
    assert len(load_profile().pending) == 1


def test_a_match_stopped_while_the_ai_picks_its_winnings_is_finished_not_lost():
    """Ctrl-C while the AI chooses the card it won: the match is decided, so the AI's pick
    is made and the trade is the finished match's, not the widest loss's."""
    import io

    from rich.console import Console

    from tcgkit.agents import make_agent
    from tcgkit.terminal.play_command import _walk_away
    from tcgkit.terminal.words import Voice

    from .helpers import find_plan

    _, plan = find_plan(lambda p: p.state.outcome.winner == 1, rules="trade=difference")
    done = plan.match
    match = Match.new(done.game, done.seed, done.record.decks)
    for text, mover in zip(done.actions[:-1], done.movers[:-1], strict=True):
        match.play(match.state.parse_action(text, mover), mover)
    assert match.state.pending.kind == "take" and match.state.pending.player == 1
    console = Console(file=io.StringIO())
    agents = {1: make_agent("greedy", match.game)}
    assert _walk_away(match, 0, agents, Voice(console), True, ["human", "greedy"], None) is True
    assert match.state.outcome == done.state.outcome and "walking away" not in console.file.getvalue()


def test_a_long_number_is_quoted_as_an_excerpt(run, home):
    number = "9" * 400
    refused = run("sim", "ca", "-n", "2", "--players", number, "--agents", "random,random")
    assert refused.exit_code == 2 and number not in refused.stderr
    assert f"got {'9' * 40}... (400 digits)" in refused.stderr


def test_a_number_clipped_twice_has_one_marker():
    from tcgkit.kernel.errors import TcgkitError, clip

    once = str(TcgkitError(f"got {-10**60}; file tt{'7' * 50}.txt"))
    assert clip(once) == once and once.count("(61 digits)") == 1
    assert f"tt{'7' * 50}.txt" in once  # digits inside a name are part of the name
