"""The browser table's speed: how long a frame takes to draw, from a scene's arrival to the
next paint, for the largest scenes (Monster Collection mid-game, four-player Conflictus), and
what the page weighs.

    python benchmarks/bench_table.py [--frames 60] [--seed 1] [--json]

Plays a seeded random game of each, keeping the scene its first seat is sent after every
step (the step's events with it, so its changes animate), then draws the frames one after
another in headless Chromium (Debian's, as the tests use it) at 1280 x 800 with the page's own
renderer: the time from handing the scene to the table to the end of the frame that paints it.
Reported: the median and the slowest frame per game, against the goal of 50 ms, until painted
(which waits for the screen's next frame, up to 16.7 ms at 60 Hz) and until laid out (the
page's own work: the render, styles and layout). The reference, measured in the same run on
the same frames: the scene's JSON put into the page as text and laid out (what any page must at
least do to show a frame), so the ratio of the laid-out medians is what drawing a table costs
over showing its data. The page's weight: every file it loads (code, styles, the vendored library)
against the goal of 300 KB; the art is generated, so no image is fetched.
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

from tcgkit.kernel.limits import Tally, play
from tcgkit.kernel.registry import load_game
from tcgkit.kernel.rng import Rng

STATIC = Path(__file__).resolve().parents[1] / "src" / "tcgkit" / "server" / "static"
ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
LARGEST = [("monster-collection", {}), ("conflictus", {"players": 4})]

DRAW = """async ([frames, game, viewer]) => {
  const { html, render } = await import('/vendor/htm-preact-standalone.module.js');
  const { Table } = await import('/table.js');
  const { loadWords } = await import('/words.js');
  const words = await loadWords(game);
  const painted = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  const root = document.createElement('main');
  root.className = 'page match';
  document.body.replaceChildren(root);
  const draw = (scene) => render(html`<${Table} scene=${scene} words=${words} ctx=${{ viewer, names: {} }}
    log=${[]} onAct=${() => {}} />`, root);
  // the page's first frames (its code compiled) are not timed
  for (const scene of frames.slice(0, 3)) { draw(scene); await painted(); }
  const table = [], laid = [];
  for (const scene of frames) {
    const start = performance.now();
    draw(scene);
    void root.offsetHeight;  // styles and layout done: what the page itself spends
    laid.push(performance.now() - start);
    await painted();
    table.push(performance.now() - start);
  }
  render(null, root);
  const text = [];
  const pre = document.createElement('pre');
  root.replaceChildren(pre);
  for (const scene of frames) {
    const start = performance.now();
    pre.textContent = JSON.stringify(scene);
    void pre.offsetHeight;
    text.push(performance.now() - start);
    await painted();
  }
  return { table, laid, text };
}"""


def frames_of(name: str, options: dict[str, Any], seed: int, count: int) -> list[dict[str, Any]]:
    """The scenes seat 0 is sent, one per step, of a seeded random game (from its middle on)."""
    game = load_game(name, options)
    state = game.new_state(seed)
    rng = Rng(seed)
    tally = Tally()
    frames: list[dict[str, Any]] = []
    steps = 0
    while not state.is_terminal and len(frames) < count:
        since = state.event_count()
        mover = state.to_move
        actions = state.legal_actions()
        play(state, actions[rng.below(len(actions))], mover, tally)
        steps += 1
        if steps > 40:  # past the deal and the first turns: a board with cards on it
            frames.append(state.scene(0, since).to_json())
    return frames


def page_weight() -> dict[str, int]:
    """Every file the table's page loads, by name, in bytes."""
    files = [p for p in STATIC.rglob("*") if p.suffix in (".js", ".css", ".html")]
    return {str(p.relative_to(STATIC)): p.stat().st_size for p in sorted(files)}


def serve() -> tuple[str, Any]:
    import uvicorn

    from tcgkit.server.app import create_app
    from tcgkit.server.service import Settings

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    folder = Path(__import__("tempfile").mkdtemp())
    app = create_app(Settings(db=f"sqlite:///{folder / 'bench.db'}", ai_workers=0))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    url, server = serve()
    results: dict[str, Any] = {"weight": page_weight()}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(url + "/")
        for name, options in LARGEST:
            frames = frames_of(name, options, args.seed, args.frames)
            timed = page.evaluate(DRAW, [frames, name, 0])
            table, laid, text = timed["table"], timed["laid"], timed["text"]
            results[name + ("-4p" if options.get("players") == 4 else "")] = {
                "frames": len(frames),
                "scene_kb": round(statistics.median(len(json.dumps(f)) for f in frames) / 1024, 1),
                "median_ms": round(statistics.median(table), 1), "slowest_ms": round(max(table), 1),
                "laid_median_ms": round(statistics.median(laid), 1), "laid_slowest_ms": round(max(laid), 1),
                "reference_median_ms": round(statistics.median(text), 2),
                "ratio": round(statistics.median(laid) / max(statistics.median(text), 0.01), 1)}
        browser.close()
    server.should_exit = True
    total = sum(results["weight"].values())
    if args.json:
        print(json.dumps({**results, "weight_total": total}, indent=1))
        return 0
    print(f"page weight: {total / 1024:.0f} KB in {len(results['weight'])} files (goal: under 300 KB)")
    print(f"{'game':<20}{'frames':>7}{'scene KB':>9}  {'painted: median':>15}{'slowest':>9}  "
          f"{'laid out: median':>16}{'slowest':>9}  {'text':>6}{'ratio':>7}")
    for key, row in results.items():
        if key == "weight":
            continue
        print(f"{key:<20}{row['frames']:>7}{row['scene_kb']:>9}  {row['median_ms']:>15}"
              f"{row['slowest_ms']:>9}  {row['laid_median_ms']:>16}{row['laid_slowest_ms']:>9}  "
              f"{row['reference_median_ms']:>6}{row['ratio']:>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
