"""Train a policy by self-play with masked PPO, against a pool of its own past versions.

    OMP_NUM_THREADS=1 python examples/train_selfplay.py --minutes 28 --out runs/fnf

The defaults train Forge & Fury's Chama (50 cards each). Needs the ``rl`` extra (``pip install
-e '.[rl]'``: sb3-contrib's MaskablePPO on the CPU build of torch). The learner plays one seat
of the Gymnasium environment (``tcgkit.envs``), both seats in turn (``--envs`` environments
per seat); the other seat is drawn, each game, from the environment's pool: the sparring
agents (``--sparring``, default greedy six times and random: a name given twice is drawn
twice as often, and beating greedy takes many games against it) and snapshots of the
learner taken every ``--snapshot-every`` steps (the last ``--pool`` of them kept), each as
likely. The action layer scores each token over its action features
(``--head features``, ``tcgkit.envs.features``: what is learnt of one card carries to cards
with like values); ``--head linear`` gives each token its own weights. The reward is the
outcome, plus ``--shaping`` per point of the game's potential the move gains (``--potential``;
Forge & Fury's: the score difference plus what the cards still to come are worth, so a round
given away with a weak card against the rival's strong one is priced at once). Since that
prices each round's future, the discount ``--gamma`` is short (0.6), and PPO's learning rate
falls linearly to ``--lr-end`` of ``--lr`` over the run's steps or minutes.
Every ``--eval-every`` steps the current policy plays ``--eval-games`` games against random
and against greedy, half in each seat; the curve goes to ``curve.csv`` (and ``curve.png`` with
matplotlib, extra ``report``). The end is a final evaluation of ``--final-games`` games
against each and the policy file ``policy.npz``, an agent for ``tcgkit play GAME --vs
policy:FILE`` and ``tcgkit sim --agents policy:FILE,greedy``. Training stops at ``--steps`` or
after ``--minutes`` (default 28: with the final evaluation, under 30) of wall time, whichever
comes first; ``--minutes 0`` runs to ``--steps`` and, everything being seeded (``--seed``),
gives the same policy each time.
``--backend ray`` plays the self-play games on Ray workers (``tcgkit.envs.rollouts``; extra
``ray``): a local Ray with ``--workers`` CPUs, or the cluster at ``--address``, as ``tcgkit
sim --backend ray`` does; the learner stays in this process. ``--smoke`` trains a few
thousand steps (what CI runs).
"""

from __future__ import annotations

import argparse
import csv
import functools
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402
import torch  # noqa: E402
from sb3_contrib import MaskablePPO  # noqa: E402
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy  # noqa: E402
from stable_baselines3.common.callbacks import BaseCallback  # noqa: E402
from stable_baselines3.common.vec_env import DummyVecEnv  # noqa: E402

import tcgkit  # noqa: E402
from tcgkit.agents import make_agent  # noqa: E402
from tcgkit.envs.features import action_features  # noqa: E402
from tcgkit.envs.gym import TcgkitGym  # noqa: E402
from tcgkit.envs.policy import Network, PolicyAgent, save_policy  # noqa: E402
from tcgkit.kernel.game import Game  # noqa: E402
from tcgkit.kernel.registry import find_game  # noqa: E402
from tcgkit.kernel.rng import Rng, derive_seed  # noqa: E402


class Pool:
    """The sparring agents (kept throughout) and the last ``size`` snapshots of the learner."""

    def __init__(self, game: Game, sparring: list[str], size: int, seed: int) -> None:
        self.game, self.size = game, size
        self.sparring = [make_agent(name, game) for name in sparring]
        self.snapshots: list[Any] = []
        self.rng = np.random.default_rng(seed)

    def add(self, network: Network, step: int) -> None:
        self.snapshots.append(PolicyAgent(self.game, network, f"snapshot@{step}", sample=True))
        del self.snapshots[:-self.size]

    def draw(self) -> Any:
        members = self.sparring + self.snapshots
        return members[int(self.rng.integers(len(members)))]


class SelfPlayEnv(TcgkitGym):
    """The Gymnasium environment whose other seat is drawn from its pool each game. Each
    environment keeps its own pool, so it can live in another process (``--backend ray``);
    the trainer sends every environment each snapshot (``add_snapshot``)."""

    def __init__(self, game: Game, seat: int, sparring: list[str], size: int, seed: int,
                 shaping: float, potential: str = "game") -> None:
        super().__init__(game, opponent="random", seat=seat, shaping=shaping,
                         potential=game.heuristic if potential == "heuristic" else game.potential)
        self.pool = Pool(game, sparring, size, seed)

    def add_snapshot(self, layers: list[tuple[np.ndarray, np.ndarray]], step: int) -> None:
        self.pool.add(Network(layers), step)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        self.set_opponents(self.pool.draw())
        return super().reset(seed=seed, options=options)


def make_env(name: str, options: dict[str, Any], seat: int, sparring: list[str], size: int, seed: int,
             shaping: float, potential: str) -> SelfPlayEnv:
    """One self-play environment, made from plain values (what a Ray worker is sent)."""
    return SelfPlayEnv(tcgkit.load_game(name, **options), seat, sparring, size, seed, shaping, potential)


class FeatureHead(torch.nn.Module):
    """The action layer over the action features (``tcgkit.envs.features``): token ``t``
    scores ``project(h) . features[t] + bias[t]``, so what is learnt of one card carries to
    every card with like values. It exports as one linear layer."""

    def __init__(self, latent: int, features: np.ndarray) -> None:
        super().__init__()
        self.register_buffer("features", torch.as_tensor(features, dtype=torch.float32))
        self.project = torch.nn.Linear(latent, features.shape[1])
        self.bias = torch.nn.Parameter(torch.zeros(features.shape[0]))
        torch.nn.init.orthogonal_(self.project.weight, gain=0.01)
        torch.nn.init.zeros_(self.project.bias)

    def forward(self, h: torch.Tensor) -> torch.Tensor:
        return self.project(h) @ self.features.T + self.bias

    def linear(self) -> tuple[np.ndarray, np.ndarray]:
        """(weights ``latent x n``, bias) of the one linear layer this head is."""
        with torch.no_grad():
            w = self.project.weight.T @ self.features.T
            b = self.project.bias @ self.features.T + self.bias
        return w.numpy().copy(), b.numpy().copy()


class FeaturePolicy(MaskableActorCriticPolicy):  # type: ignore[misc]
    """MaskablePPO's policy with the action layer a ``FeatureHead``."""

    def __init__(self, *args: Any, action_features: np.ndarray, **kwargs: Any) -> None:
        self.action_features = action_features
        super().__init__(*args, **kwargs)

    def _build(self, lr_schedule: Any) -> None:
        super()._build(lr_schedule)
        self.action_net = FeatureHead(self.mlp_extractor.latent_dim_pi, self.action_features)
        self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1), **self.optimizer_kwargs)


class FallingRate:
    """PPO's learning rate, falling linearly from ``start`` to ``start * end`` over the run:
    over its steps or its minutes, whichever is further along, so that a run the clock cuts
    short ends on small updates too (the policy evaluated is the last one, not a lucky one).
    With no minutes (0) it follows the steps alone, and the run is the same each time."""

    def __init__(self, start: float, end: float, minutes: float) -> None:
        self.start, self.end, self.seconds = start, end, minutes * 60
        self.started = time.time()

    def __call__(self, progress_remaining: float) -> float:
        done = 1.0 - progress_remaining
        if self.seconds > 0:
            done = max(done, (time.time() - self.started) / self.seconds)
        return self.start * (1.0 - (1.0 - self.end) * min(1.0, done))


def network_of(model: MaskablePPO) -> Network:
    """The policy's scores as a numpy network: the policy layers, then the action layer."""
    layers = []
    for module in model.policy.mlp_extractor.policy_net:
        if isinstance(module, torch.nn.Linear):
            layers.append((module.weight.detach().numpy().T.copy(), module.bias.detach().numpy().copy()))
        elif not isinstance(module, torch.nn.Tanh):
            raise TypeError(f"the policy network has a {type(module).__name__}: only Linear and Tanh export")
    head = model.policy.action_net
    if isinstance(head, FeatureHead):
        layers.append(head.linear())
    else:
        layers.append((head.weight.detach().numpy().T.copy(), head.bias.detach().numpy().copy()))
    return Network(layers)


def evaluate(game: Game, network: Network, rival: str, games: int, seed: int) -> dict[str, float]:
    """Win, draw and loss rates of the policy (best token) against ``rival``, seats alternating."""
    me = PolicyAgent(game, network)
    other = make_agent(rival, game)
    wins = draws = 0
    for i in range(games):
        seat = i % 2
        state = game.new_state(derive_seed(seed, i))
        rng = Rng(derive_seed(seed, i, 1))
        while not state.is_terminal:
            mover = state.to_move
            agent = me if mover == seat else other
            state.apply(agent.act(state.view(mover), state.legal_actions(), rng), mover)
        result = state.outcome.returns()[seat]
        wins += result > 0
        draws += result == 0
    return {"win": wins / games, "draw": draws / games, "loss": (games - wins - draws) / games}


class Trainer(BaseCallback):
    def __init__(self, args: argparse.Namespace, game: Game, out: Path) -> None:
        super().__init__()
        self.args, self.game, self.out = args, game, out
        self.curve: list[dict[str, float]] = []
        self.started = time.time()

    def _on_step(self) -> bool:
        step = self.num_timesteps
        if step % self.args.snapshot_every < self.training_env.num_envs:
            self.training_env.env_method("add_snapshot", network_of(self.model).layers, step)
        if step % self.args.eval_every < self.training_env.num_envs:
            self.record(step, self.args.eval_games)
        # False: the time is up (no --minutes: the run goes to --steps)
        return not self.args.minutes or time.time() - self.started < self.args.minutes * 60

    def record(self, step: int, games: int) -> dict[str, float]:
        network = network_of(self.model)
        row = {"step": step, "seconds": round(time.time() - self.started, 1)}
        for rival in ("random", "greedy"):
            rates = evaluate(self.game, network, rival, games, seed=step + 1)
            row[f"vs_{rival}"] = rates["win"]
            row[f"vs_{rival}_draw"] = rates["draw"]
        self.curve.append(row)
        print(json.dumps(row), flush=True)
        return row


def plot(curve: list[dict[str, float]], path: Path) -> bool:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    steps = [r["step"] for r in curve]
    fig, ax = plt.subplots(figsize=(6, 4))
    for rival in ("random", "greedy"):
        ax.plot(steps, [r[f"vs_{rival}"] for r in curve], marker="o", label=f"vs {rival}")
    ax.axhline(0.9, ls=":", c="grey")
    ax.axhline(0.55, ls="--", c="grey")
    ax.set(xlabel="training steps", ylabel="win rate", ylim=(0, 1), title="self-play PPO")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="forge-fury")
    parser.add_argument("--rules", default="mode=chama", help="the game's options, as --rules takes them")
    parser.add_argument("--steps", type=int, default=3_000_000)
    parser.add_argument("--minutes", type=float, default=28.0,
                        help="stop training after this many minutes of wall time, even short of --steps "
                             "(0: run to --steps, the same run each time)")
    parser.add_argument("--snapshot-every", type=int, default=30_000)
    parser.add_argument("--pool", type=int, default=4, help="how many past versions the pool keeps")
    parser.add_argument("--sparring", default="greedy,greedy,greedy,greedy,greedy,greedy,random",
                        help="agents kept in the pool beside the past versions ('' for none)")
    parser.add_argument("--shaping", type=float, default=0.1,
                        help="reward per point of the game's heuristic gained (0: the outcome alone)")
    parser.add_argument("--potential", choices=("game", "heuristic"), default="game",
                        help="what the shaping rewards gains of: the game's potential (Forge & Fury: the "
                             "score and the worth of the cards to come) or its heuristic (the score alone)")
    parser.add_argument("--eval-every", type=int, default=30_000)
    parser.add_argument("--eval-games", type=int, default=40)
    parser.add_argument("--final-games", type=int, default=400)
    parser.add_argument("--head", choices=("features", "linear"), default="features",
                        help="the action layer: over the action features (shared across cards) or one "
                             "weight row per token")
    parser.add_argument("--width", type=int, default=64, help="units in each of the two hidden layers")
    parser.add_argument("--n-steps", type=int, default=64, help="steps per environment per update")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--lr-end", type=float, default=0.1,
                        help="the learning rate at the end, as a fraction of --lr (1: constant)")
    parser.add_argument("--gamma", type=float, default=0.6,
                        help="the discount: short, as the shaping prices each round's future")
    parser.add_argument("--ent", type=float, default=0.01, help="the entropy bonus")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--envs", type=int, default=4, help="environments per seat")
    parser.add_argument("--backend", choices=("local", "ray"), default="local",
                        help="where the self-play games are played: in this process, or on Ray workers")
    parser.add_argument("--workers", type=int, default=None,
                        help="CPUs of the local Ray (--backend ray; default: every core)")
    parser.add_argument("--address", default=None, help="a Ray cluster's address (--backend ray)")
    parser.add_argument("--out", default="runs/selfplay")
    parser.add_argument("--smoke", action="store_true",
                        help="a run of seconds: 2,048 steps (no --minutes), 20 games")
    args = parser.parse_args(argv)
    if args.smoke:
        args.steps, args.snapshot_every, args.eval_every = 2048, 1024, 10**9
        args.eval_games = args.final_games = 20
        args.minutes = 0  # to its steps alone: the same run each time
    torch.set_num_threads(1)
    entry = find_game(args.game)
    game = tcgkit.load_game(entry.name, **entry.cls.parse_rules(args.rules))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    sparring = [a for a in args.sparring.split(",") if a.strip()]
    makers = [functools.partial(make_env, game.name, game.options_json(), i % game.num_players, sparring,
                                args.pool, derive_seed(args.seed, i), args.shaping, args.potential)
              for i in range(args.envs * game.num_players)]
    if args.backend == "ray":
        from tcgkit.envs.rollouts import RayVecEnv

        env: Any = RayVecEnv(makers, address=args.address, workers=args.workers)
    else:
        env = DummyVecEnv(makers)
    env.seed(args.seed)
    kwargs: dict[str, Any] = {"net_arch": [args.width, args.width]}
    policy: Any = "MlpPolicy"
    if args.head == "features":
        policy, kwargs["action_features"] = FeaturePolicy, action_features(game)
    rate = FallingRate(args.lr, args.lr_end, args.minutes)
    model = MaskablePPO(policy, env, n_steps=args.n_steps, batch_size=args.batch, learning_rate=rate,
                        gamma=args.gamma, ent_coef=args.ent, n_epochs=args.epochs, policy_kwargs=kwargs,
                        seed=args.seed, verbose=0, device="cpu")
    if not sparring:  # pure self-play: the untrained learner is the first partner
        env.env_method("add_snapshot", network_of(model).layers, 0)
    trainer = Trainer(args, game, out)
    started, cpu = time.time(), time.process_time()
    model.learn(total_timesteps=args.steps, callback=trainer)
    env.close()
    trained = time.time() - started
    final = trainer.record(int(model.num_timesteps), args.final_games)
    network = network_of(model)
    save_policy(out / "policy.npz", game, network.layers)
    with open(out / "curve.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(trainer.curve[0]))
        writer.writeheader()
        writer.writerows(trainer.curve)
    plotted = plot(trainer.curve, out / "curve.png")
    summary = {"game": game.name, "options": game.options_json(), "steps": int(model.num_timesteps),
               "backend": args.backend, "environments": len(makers),
               "train_seconds": round(trained, 1), "cpu_seconds": round(time.process_time() - cpu, 1),
               "total_seconds": round(time.time() - started, 1),
               "final_games": args.final_games, "vs_random": final["vs_random"],
               "vs_greedy": final["vs_greedy"], "vs_random_draw": final["vs_random_draw"],
               "vs_greedy_draw": final["vs_greedy_draw"], "policy": str(out / "policy.npz"),
               "curve": str(out / ("curve.png" if plotted else "curve.csv"))}
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
