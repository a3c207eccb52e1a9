"""A ``Report`` as one self-contained HTML file: tables, and plots drawn by matplotlib and
embedded as inline SVG, so it opens in any browser without a server or other files.

matplotlib comes with the ``report`` extra and is imported only here.
"""

from __future__ import annotations

import io
from html import escape
from typing import Any

from .dominance import VALUE_NAMES, Dominated
from .report import BASES, Report, Tally

CARD_ROWS = 40  # cards drawn in the per-card plot: the flagged first, then the most played


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        from .runner import SimError

        raise SimError("the report draws with matplotlib: pip install 'tcgkit[report]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _svg(fig: Any) -> str:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight")
    _pyplot().close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg"):]  # drop the XML prolog: the SVG sits inside HTML


def _pct(t: Tally) -> str:
    return "-" if t.rate is None else f"{100 * t.rate:.1f}%"


def _ci(t: Tally) -> str:
    low, high = t.ci
    return f"[{100 * low:.1f}, {100 * high:.1f}]"


def _table(head: list[str], rows: list[list[str]], cls: str = "") -> str:
    cells = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table class="{cls}"><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>'


def _matrix(report: Report) -> str:
    plt = _pyplot()
    names = report.entrants
    n = len(names)
    rows = []
    grid = [[float("nan")] * n for _ in range(n)]
    for a in range(n):
        cells = [escape(names[a])]
        for b in range(n):
            t = report.pair(a, b)
            if a == b or not t.games:
                cells.append("-")
                continue
            grid[a][b] = t.rate or 0.0
            cells.append(f"{_pct(t)} {_ci(t)}<br><small>{t.games} games, {t.draws} drawn</small>")
        rows.append(cells)
    fig, ax = plt.subplots(figsize=(1.2 + 1.1 * n, 0.9 + 0.8 * n))
    image = ax.imshow(grid, vmin=0, vmax=1, cmap="RdYlGn")
    ax.set_xticks(range(n), names, rotation=30, ha="right")
    ax.set_yticks(range(n), names)
    for a in range(n):
        for b in range(n):
            if grid[a][b] == grid[a][b]:  # not NaN
                ax.text(b, a, f"{100 * grid[a][b]:.0f}%", ha="center", va="center")
    fig.colorbar(image, ax=ax, label="row's win rate")
    ax.set_title("win rate of the row against the column")
    return _table(["wins of \\ against", *names], rows, "matrix") + _svg(fig)


def _seats(report: Report) -> str:
    plt = _pyplot()
    rows = [[f"seat {p}", str(t.games), _pct(t), _ci(t), f"{report.mean_place[p]:.2f}"]
            for p, t in enumerate(report.seats)]
    fig, ax = plt.subplots(figsize=(5, 2.6))
    rates = [100 * (t.rate or 0) for t in report.seats]
    errors = [[100 * ((t.rate or 0) - t.ci[0]) for t in report.seats],
              [100 * (t.ci[1] - (t.rate or 0)) for t in report.seats]]
    ax.bar([f"seat {p}" for p in range(len(rates))], rates, yerr=errors, capsize=4, color="#5b8db8")
    ax.axhline(100 / max(1, len(rates)), color="grey", linestyle=":", label="fair share")
    ax.set_ylabel("outright wins, % (95% CI)")
    ax.legend()
    return _table(["seat", "games", "wins", "95% CI", "mean place"], rows) + _svg(fig)


def _lengths(report: Report) -> str:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6, 2.8))
    xs = sorted(report.lengths)
    ax.bar(xs, [report.lengths[x] for x in xs], width=1.0, color="#7a9e7e")
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games")
    total = sum(x * n for x, n in report.lengths.items())
    text = (f"<p>mean {total / report.games:.1f} actions, min {xs[0]}, max {xs[-1]}"
            + "".join(f"; mean {escape(k)} {v:.2f}" for k, v in report.measures.items()) + "</p>")
    reasons = ", ".join(f"{escape(r)}: {n}" for r, n in report.reasons.most_common())
    return text + f"<p>how games ended: {reasons}</p>" + _svg(fig)


def _ratings(report: Report) -> str:
    if not report.ratings:
        return "<p>one entrant: nothing to rate.</p>"
    rows = [[escape(name), f"{rating:.0f}"] for name, rating in report.ratings.items()]
    anchor = "random = 1000" if "random" in report.ratings else "a mean of 1000"
    return (_table(["entrant", "rating"], rows)
            + f"<p>Bradley-Terry on the Elo scale, draws half, {anchor}.</p>")


def _cards(report: Report) -> str:
    if not report.cards:
        return "<p>no per-card facts in this file.</p>"
    plt = _pyplot()
    base = report.totals
    flagged = [c for c in report.cards if c.flags]
    rows = []
    for c in sorted(report.cards, key=lambda c: (not c.flags, -(c.tallies["played"].rate or 0))):
        cells = [escape(c.name)]
        for basis in BASES:
            t = c.tallies[basis]
            flag = c.flags.get(basis)
            mark = f' <b class="{flag}">{"▲" if flag == "above" else "▼"}</b>' if flag else ""
            cells.append(f"{_pct(t)} {_ci(t)}{mark}<br><small>{t.games} games</small>")
        rows.append(cells)
    shown = (flagged + sorted((c for c in report.cards if not c.flags),
                              key=lambda c: -c.tallies["played"].games))[:CARD_ROWS]
    fig, ax = plt.subplots(figsize=(7, 0.6 + 0.22 * len(shown)))
    for y, c in enumerate(shown):
        t = c.tallies["played"] if c.tallies["played"].games else c.tallies["deck"]
        low, high = t.ci
        colour = {"above": "#2a7d2a", "below": "#b03030"}.get(
            c.flags.get("played") or c.flags.get("deck") or "", "#555")
        ax.plot([100 * low, 100 * high], [y, y], color=colour)
        ax.plot([100 * (t.rate or 0)], [y], "o", color=colour, markersize=3)
    ax.axvline(100 * (base.rate or 0), color="grey", linestyle=":")
    ax.set_yticks(range(len(shown)), [c.name for c in shown], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("win rate when played, % (95% CI); dotted: every player-game")
    summary = (f"<p>{len(report.cards)} cards; {len(flagged)} flagged (▲/▼: the interval lies "
               f"above/below the player-games without the card). Over all player-games the "
               f"outright win rate is {_pct(base)} of {base.games}.</p>")
    table = _table(["card", "in the deck", "drawn", "played"], rows, "cards")
    return summary + _svg(fig) + f"<details open><summary>every card</summary>{table}</details>"


def _dominated(game: str, dominated: list[Dominated] | None) -> str:
    if dominated is None:
        return "<p>not a stat-only game: its cards do more than compare values.</p>"
    if not dominated:
        return "<p>no card is dominated.</p>"
    names = VALUE_NAMES.get(game, "values")

    def card(c: Any) -> str:
        return f"{escape(c.label)} ({' '.join(map(str, c.values))})"

    rows = [[card(d.card), escape(d.card.group), ", ".join(card(b) for b in d.by) or "-",
             ", ".join(card(t) for t in d.twins) or "-"] for d in dominated]
    return (f"<p>{len(dominated)} cards; values are {escape(names)}. A card is dominated when "
            "another of its group is at least as high in every value and higher in one.</p>"
            + _table(["card", "group", "dominated by", "same values as"], rows))


STYLE = """body{font-family:system-ui,sans-serif;margin:2em;max-width:1100px;color:#222}
table{border-collapse:collapse;margin:.6em 0}td,th{border:1px solid #ccc;padding:3px 7px;
text-align:right;font-size:13px}td:first-child,th:first-child{text-align:left}
small{color:#666}.above{color:#2a7d2a}.below{color:#b03030}svg{max-width:100%;height:auto}
h2{border-bottom:1px solid #ddd;padding-bottom:2px;margin-top:1.6em}"""


def render_html(report: Report, dominated: list[Dominated] | None) -> str:
    meta = report.meta
    game = str(meta.get("game", ""))
    head = (f"{escape(game)}: {report.games} games of {report.players} players, agents "
            f"{escape(', '.join(meta.get('agents', [])))}, seed {meta.get('seed')}")
    rules = meta.get("rules") or ", ".join(f"{k}={v}" for k, v in (meta.get("options") or {}).items())
    sections = [
        ("Win rates of agents and decks", _matrix(report)),
        ("Seat advantage", _seats(report)),
        ("Game length", _lengths(report)),
        ("Ratings", _ratings(report)),
        ("Cards", _cards(report)),
        ("Dominated cards", _dominated(game, dominated)),
    ]
    body = "".join(f"<h2>{title}</h2>{html}" for title, html in sections)
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{escape(game)} balance "
            f"report</title><style>{STYLE}</style></head><body><h1>Balance report</h1>"
            f"<p>{head}{'; rules ' + escape(str(rules)) if rules else ''}. Intervals are 95% "
            f"Wilson intervals.</p>{body}</body></html>\n")
