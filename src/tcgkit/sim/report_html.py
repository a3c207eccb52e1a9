"""A ``Report`` as one self-contained HTML file: tables, and plots drawn by matplotlib and
embedded as inline SVG, so it opens in any browser without a server or other files.

The page is a Jinja2 template with autoescaping: every value from the results file (the
seed, agents, rules, card names) is text escaped by the template, never pasted into HTML,
so a crafted file cannot put markup or script in the report. Only the SVG plots matplotlib
draws are inserted as markup. Jinja2 and matplotlib come with the ``report`` extra and are
imported only here.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

from .card_stats import CardLine
from .dominance import VALUE_NAMES, Dominated
from .report import BASES, Report, Tally
from .stats import Rate

CARD_ROWS = 40  # cards drawn in the per-card plot: the flagged first, then the most played


def _need(module: str) -> Any:
    try:
        return __import__(module)
    except ImportError:
        from .runner import SimError

        raise SimError(f"the report needs {module}: pip install 'tcgkit[report]'") from None


def _pyplot() -> Any:
    matplotlib = _need("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


@dataclass
class Cell:
    """A table cell: its text, a smaller second line, and a flag (above / below)."""

    text: str
    small: str = ""
    mark: str = ""


@dataclass
class Part:
    """A piece of a section: a paragraph, a table (``head``, ``rows``), a plot (``svg``),
    or a table folded under a summary line (``fold``)."""

    kind: str
    text: str = ""
    head: list[str] = field(default_factory=list)
    rows: list[list[Cell | str]] = field(default_factory=list)
    css: str = ""
    svg: str = ""


def _svg(fig: Any) -> Part:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight")
    _pyplot().close(fig)
    text = buffer.getvalue()
    return Part("svg", svg=text[text.index("<svg"):])  # drop the XML prolog: the SVG sits inside HTML


def _pct(t: Tally) -> str:
    return "-" if t.rate is None else f"{100 * t.rate:.1f}%"


def _ci(t: Tally) -> str:
    low, high = t.ci
    return f"[{100 * low:.1f}, {100 * high:.1f}]"


def _table(head: list[str], rows: list[list[Cell | str]], css: str = "") -> Part:
    return Part("table", head=head, rows=rows, css=css)


def _matrix(report: Report) -> list[Part]:
    plt = _pyplot()
    names = report.entrants
    n = len(names)
    rows: list[list[Cell | str]] = []
    grid = [[float("nan")] * n for _ in range(n)]
    for a in range(n):
        cells: list[Cell | str] = [names[a]]
        for b in range(n):
            t = report.pair(a, b)
            if a == b or not t.games:
                cells.append("-")
                continue
            grid[a][b] = t.rate or 0.0
            cells.append(Cell(f"{_pct(t)} {_ci(t)}", f"{t.games} games, {t.draws} drawn"))
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
    return [_table(["wins of \\ against", *names], rows, "matrix"), _svg(fig)]


def _seats(report: Report) -> list[Part]:
    plt = _pyplot()
    rows: list[list[Cell | str]] = [
        [f"seat {p}", str(t.games), _pct(t), _ci(t), f"{report.mean_place[p]:.2f}"]
        for p, t in enumerate(report.seats)]
    fig, ax = plt.subplots(figsize=(5, 2.6))
    rates = [100 * (t.rate or 0) for t in report.seats]
    errors = [[100 * ((t.rate or 0) - t.ci[0]) for t in report.seats],
              [100 * (t.ci[1] - (t.rate or 0)) for t in report.seats]]
    ax.bar([f"seat {p}" for p in range(len(rates))], rates, yerr=errors, capsize=4, color="#5b8db8")
    ax.axhline(100 / max(1, len(rates)), color="grey", linestyle=":", label="fair share")
    ax.set_ylabel("outright wins, % (95% CI)")
    ax.legend()
    return [_table(["seat", "games", "wins", "95% CI", "mean place"], rows), _svg(fig)]


def _lengths(report: Report) -> list[Part]:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6, 2.8))
    xs = sorted(report.lengths)
    ax.bar(xs, [report.lengths[x] for x in xs], width=1.0, color="#7a9e7e")
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games")
    total = sum(x * n for x, n in report.lengths.items())
    text = (f"mean {total / report.games:.1f} actions, min {xs[0]}, max {xs[-1]}"
            + "".join(f"; mean {k} {v:.2f}" for k, v in report.measures.items()))
    reasons = ", ".join(f"{r}: {n}" for r, n in report.reasons.most_common())
    return [Part("p", text), Part("p", f"how games ended: {reasons}"), _svg(fig)]


def _ratings(report: Report) -> list[Part]:
    if not report.ratings:
        return [Part("p", "one entrant: nothing to rate.")]
    rows: list[list[Cell | str]] = [[name, f"{rating:.0f}"] for name, rating in report.ratings.items()]
    anchor = "random = 1000" if "random" in report.ratings else "a mean of 1000"
    return [_table(["entrant", "rating"], rows),
            Part("p", f"Bradley-Terry on the Elo scale, draws half, {anchor}.")]


def _cards(report: Report) -> list[Part]:
    if not report.cards:
        return [Part("p", "no per-card facts in this file.")]
    plt = _pyplot()
    base = report.totals
    flagged = [c for c in report.cards if c.flags]
    rows: list[list[Cell | str]] = []
    for c in sorted(report.cards, key=lambda c: (not c.flags, -(c.tallies["played"].rate or 0))):
        cells: list[Cell | str] = [c.name]
        for basis in BASES:
            t = c.tallies[basis]
            peer = c.peers.get(basis)
            against = f"vs {_pct(peer)} of {peer.games}" if peer is not None else "no comparison"
            cells.append(Cell(f"{_pct(t)} {_ci(t)}", f"{t.games} games; {against}", c.flags.get(basis) or ""))
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
    design = ("The decks were fixed, one per entrant: a card in a deck is in every game of that "
              "deck, so \"in the deck\" has no comparison (its rate is the deck's). "
              if report.fixed_decks else "")
    summary = (f"{len(report.cards)} cards; {len(flagged)} flagged (▲/▼: the interval lies "
               f"above/below the player-games that could have had the card otherwise: drawn or "
               f"played against the games with it in the deck but not drawn or played; in the "
               f"deck against those without it). {design}Over all player-games the "
               f"outright win rate is {_pct(base)} of {base.games}.")
    table = Part("fold", "every card", head=["card", "in the deck", "drawn", "played"], rows=rows,
                 css="cards")
    return [Part("p", summary), _svg(fig), table]


def _rate(rate: Rate) -> Cell:
    if rate.value is None:
        return Cell("-", "no games")
    low, high = rate.ci
    return Cell(f"{100 * rate.value:.1f}% [{100 * low:.1f}, {100 * high:.1f}]",
                f"{rate.hits} of {rate.games}")


def _improvement(line: CardLine) -> Cell:
    ci, value = line.improvement_ci, line.improvement
    if ci is None or value is None:
        return Cell("-")
    mark = "above" if ci[0] > 0 else "below" if ci[1] < 0 else ""
    return Cell(f"{100 * value:+.1f} [{100 * ci[0]:+.1f}, {100 * ci[1]:+.1f}]", "points", mark)


def _card_levels(report: Report) -> list[Part]:
    """Win rate and improvement when drawn, play rate, per card and AI level (``card_stats``)."""
    lines = report.card_lines
    if not lines:
        return [Part("p", "no per-card facts in this file.")]
    rows: list[list[Cell | str]] = [
        [line.card, line.level if line.deck is None else f"{line.level} + {line.deck}",
         _rate(line.win_when_drawn), _improvement(line), _rate(line.play_rate), line.warning or ""]
        for line in sorted(lines, key=lambda c: (c.warning is not None, -(c.improvement or 0)))]
    warned = sum(line.warning is not None for line in lines)
    text = ("Per card and AI level (with its deck when the run fixed the decks): the win rate in the "
            "player-games that drew the card; the improvement when drawn, that rate minus the rate "
            "of the same group's player-games that had it in the deck and never drew it, with "
            "Newcombe's 95% interval (▲/▼: clear of zero); the play rate, of the games that drew it "
            "the share that played it. Cards drawn in long games gain a little from the length "
            "alone: compare cards with each other. "
            f"{warned} of {len(lines)} lines carry a warning (too few games on a side: the "
            "interval is too wide to rank the card); they are listed last.")
    head = ["card", "AI level", "win rate when drawn", "improvement when drawn", "play rate", "warning"]
    return [Part("p", text), Part("fold", "every card by AI level", head=head, rows=rows, css="cards")]


def _dominated(game: str, dominated: list[Dominated] | None) -> list[Part]:
    if dominated is None:
        return [Part("p", "not a stat-only game: its cards do more than compare values.")]
    if not dominated:
        return [Part("p", "no card is dominated.")]
    names = VALUE_NAMES.get(game, "values")

    def card(c: Any) -> str:
        return f"{c.label} ({' '.join(map(str, c.values))})"

    rows: list[list[Cell | str]] = [
        [card(d.card), d.card.group, ", ".join(card(b) for b in d.by) or "-",
         ", ".join(card(t) for t in d.twins) or "-"] for d in dominated]
    return [Part("p", f"{len(dominated)} cards; values are {names}. A card is dominated when another "
                      "of its group is at least as high in every value and higher in one."),
            _table(["card", "group", "dominated by", "same values as"], rows)]


STYLE = """body{font-family:system-ui,sans-serif;margin:2em;max-width:1100px;color:#222}
table{border-collapse:collapse;margin:.6em 0}td,th{border:1px solid #ccc;padding:3px 7px;
text-align:right;font-size:13px}td:first-child,th:first-child{text-align:left}
small{color:#666}.above{color:#2a7d2a}.below{color:#b03030}svg{max-width:100%;height:auto}
h2{border-bottom:1px solid #ddd;padding-bottom:2px;margin-top:1.6em}"""

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>{{ game }} balance report</title>
<style>{{ style }}</style></head><body><h1>Balance report</h1>
<p>{{ game }}: {{ games }} games of {{ players }} players, agents {{ agents }}, seed {{ seed }}
{%- if rules %}; rules {{ rules }}{% endif %}. Intervals are 95% Wilson intervals.</p>
{%- macro cell(c) -%}
{%- if c is string %}{{ c }}{% else %}{{ c.text }}
{%- if c.mark %} <b class="{{ c.mark }}">{{ "▲" if c.mark == "above" else "▼" }}</b>{% endif %}
{%- if c.small %}<br><small>{{ c.small }}</small>{% endif %}{% endif -%}
{%- endmacro -%}
{%- macro table(part) -%}
<table class="{{ part.css }}"><thead><tr>{% for h in part.head %}<th>{{ h }}</th>{% endfor %}</tr></thead>
<tbody>{% for row in part.rows %}<tr>{% for c in row %}<td>{{ cell(c) }}</td>{% endfor %}</tr>{% endfor %}
</tbody></table>
{%- endmacro %}
{% for title, parts in sections %}<h2>{{ title }}</h2>
{% for part in parts %}{% if part.kind == "p" %}<p>{{ part.text }}</p>
{% elif part.kind == "table" %}{{ table(part) }}
{% elif part.kind == "fold" %}<details open><summary>{{ part.text }}</summary>{{ table(part) }}</details>
{% else %}{{ part.svg | safe }}
{% endif %}{% endfor %}{% endfor %}</body></html>
"""


def render_html(report: Report, dominated: list[Dominated] | None) -> str:
    jinja2 = _need("jinja2")
    meta = report.meta
    game = str(meta.get("game", ""))
    rules = meta.get("rules") or ", ".join(f"{k}={v}" for k, v in (meta.get("options") or {}).items())
    sections = [
        ("Win rates of agents and decks", _matrix(report)),
        ("Seat advantage", _seats(report)),
        ("Game length", _lengths(report)),
        ("Ratings", _ratings(report)),
        ("Cards", _cards(report)),
        ("Cards by AI level", _card_levels(report)),
        ("Dominated cards", _dominated(game, dominated)),
    ]
    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    agents = meta.get("agents") or []
    return str(env.from_string(TEMPLATE).render(
        game=game, games=report.games, players=report.players,
        agents=", ".join(map(str, agents)) if isinstance(agents, list) else str(agents),
        seed=meta.get("seed"), rules=str(rules) if rules else "", style=_need("markupsafe").Markup(STYLE),
        sections=sections))
