// Events: the lobby's list of them with a form for a new one, and a page per event (#/event/ID)
// with its entrants, each round's tables (each a link to its match) and the standings. The
// server pairs each round by itself as soon as the one before is over: the page only looks
// again every few seconds.
import { html, useState, useEffect } from './vendor/htm-preact-standalone.module.js';
import { api } from './api.js';
import { OptionsForm, changed, DEFAULT_LEVEL } from './lobby.js';
import { t } from './ui.js';
import { chosenLanguage } from './words.js';

function formatText(format) {
  return format === 'round_robin' ? t('events.format.round_robin', 'round-robin') : t('events.format.swiss', 'Swiss');
}

function statusText(status) {
  return status === 'open' ? t('events.status.open', 'taking entrants')
    : status === 'running' ? t('events.status.running', 'being played') : t('events.status.over', 'over');
}

// A new event: its name, game and options, the table's players, format and rounds, the AI
// level that fills empty seats and what a bye is.
function NewEvent({ games }) {
  const [name, setName] = useState('');
  const [game, setGame] = useState('');
  const [values, setValues] = useState({});
  const [format, setFormat] = useState('swiss');
  const [rounds, setRounds] = useState(3);
  const [level, setLevel] = useState(DEFAULT_LEVEL);
  const [bye, setBye] = useState('ai');
  const [error, setError] = useState('');
  const [open, setOpen] = useState(false);  // the form is drawn once opened: the lobby keeps one submit button
  const chosen = games.find((g) => g.name === (game || (games[0] || {}).name));
  const create = async (e) => {
    e.preventDefault();
    const body = { name: name.trim(), game: chosen.name, options: changed(chosen.options, values), format, level, bye };
    if (format === 'swiss') body.rounds = Number(rounds);
    try {
      const made = await api('POST', '/api/events', body);
      location.hash = `#/event/${made.id}`;
    } catch (err) { setError(err.message); }
  };
  if (!chosen) return null;
  const levels = chosen.levels || [];
  return html`<details class="new-event" onToggle=${(e) => setOpen(e.target.open)}>
    <summary>${t('events.new', 'New event')}</summary>
    ${open ? html`<form onSubmit=${create}><div class="options">
      <div class="option"><label for="event-name">${t('events.name', 'Name')}</label>
        <input id="event-name" name="event-name" required maxlength="60" value=${name}
          onInput=${(e) => setName(e.target.value)} /></div>
      <div class="option"><label for="event-game">${t('lobby.game', 'Game')}</label>
        <select id="event-game" name="event-game" onChange=${(e) => { setGame(e.target.value); setValues({}); }}>
        ${games.map((g) => html`<option value=${g.name} selected=${g.name === chosen.name}>${g.title}</option>`)}</select></div>
      <div class="option"><label for="event-format">${t('events.format', 'Format')}</label>
        <select id="event-format" name="event-format" onChange=${(e) => setFormat(e.target.value)}>
          <option value="swiss" selected=${format === 'swiss'}>${formatText('swiss')}</option>
          <option value="round_robin" selected=${format === 'round_robin'}>${formatText('round_robin')}</option>
        </select></div>
      ${format === 'swiss' ? html`<div class="option"><label for="event-rounds">${t('events.rounds', 'Rounds')}</label>
        <input id="event-rounds" name="event-rounds" type="number" min="1" max="20" value=${rounds}
          onInput=${(e) => setRounds(e.target.value)} /></div>` : null}
      <div class="option"><label for="event-level">${t('events.level', 'AI for empty seats')}</label>
        <select id="event-level" name="event-level" onChange=${(e) => setLevel(e.target.value)}>
        ${levels.map((l) => html`<option value=${l.level} selected=${l.level === level}>${l.name}</option>`)}</select></div>
      <div class="option"><label for="event-bye">${t('events.bye', 'A bye')}</label>
        <select id="event-bye" name="event-bye" onChange=${(e) => setBye(e.target.value)}>
          <option value="ai" selected=${bye === 'ai'}>${t('events.bye.ai', 'is played against the AI')}</option>
          <option value="win" selected=${bye === 'win'}>${t('events.bye.win', 'scores a win')}</option>
        </select></div></div>
      <${OptionsForm} game=${`event-${chosen.name}`} schema=${chosen.options} values=${values} setValues=${setValues} />
      <div class="buttons"><button type="submit">${t('events.create', 'Create the event')}</button></div>
      ${error ? html`<p class="error" role="alert">${error}</p>` : null}
    </form>` : null}</details>`;
}

// The lobby's events, newest first, each a link to its page.
export function EventList() {
  const [events, setEvents] = useState([]);
  const [games, setGames] = useState([]);
  useEffect(() => {
    const lang = chosenLanguage();  // the AI levels in the page's language
    api('GET', `/api/games${lang ? `?lang=${lang}` : ''}`).then(setGames).catch(() => {});
    const look = () => api('GET', '/api/events')
      .then((found) => setEvents((old) => (JSON.stringify(old) === JSON.stringify(found) ? old : found))).catch(() => {});
    look();
    const every = setInterval(look, 3000);
    return () => clearInterval(every);
  }, []);
  const title = (name) => (games.find((g) => g.name === name) || {}).title || name;
  return html`<section aria-labelledby="event-list"><h2 id="event-list">${t('events.title', 'Events')}</h2>
    <${NewEvent} games=${games} />
    ${events.length ? null : html`<p>${t('events.none', 'No event yet.')}</p>`}
    <ul class="matches events">${events.map((e) => html`<li data-event=${e.id}>
      <span><strong>${e.name}</strong> · ${title(e.game)} · ${formatText(e.format)} · ${statusText(e.status)}
        ${' · '}${t('events.entrants.count', '{n} entrants', { n: e.entrant_count })}</span>
      <a href=${`#/event/${e.id}`}>${t('events.open', 'Open')}</a></li>`)}</ul>
  </section>`;
}

function seatName(seat, levelNames) {
  return seat.name || t('lobby.list.ai', 'AI ({level})', { level: levelNames[seat.ai] || seat.ai });
}

function points(value) {
  return value === null || value === undefined ? '' : String(value);
}

function RoundView({ round, me, levelNames }) {
  return html`<section class="event-round" data-round=${round.round}>
    <h4>${t('events.round', 'Round {n}', { n: round.round })}</h4>
    <ul class="matches">${round.tables.map((table) => {
      const mine = table.seats.some((s) => s.name === me.name);
      return html`<li data-table=${table.table}>
        <span>${t('events.table', 'Table {n}', { n: table.table + 1 })}: ${table.seats.map((s, i) => html`${i ? ' – ' : ''}${seatName(s, levelNames)}${
          table.over ? html` <strong>${points(s.points)}</strong>` : ''}`)}
          ${table.rematch ? html` <em>${t('events.rematch', '(a rematch: no other pairing was left)')}</em>` : null}</span>
        ${table.match ? html`<a href=${`#/${table.over ? 'replay' : 'match'}/${table.match}`}>${table.over
          ? t('history.replay', 'Replay') : mine ? t('events.play', 'Play') : t('lobby.watch', 'Watch')}</a>` : null}</li>`;
    })}
    ${round.byes.map((b) => html`<li>${t('events.bye.scored', '{name}: a bye, scored as a win', { name: b.name })}</li>`)}</ul>
  </section>`;
}

function Standings({ rows }) {
  return html`<div class="event-standings"><table>
    <caption>${t('events.standings', 'Standings')}</caption>
    <thead><tr><th scope="col">#</th><th scope="col">${t('events.player', 'Player')}</th>
      <th scope="col">${t('events.points', 'Points')}</th><th scope="col" title=${t('events.buchholz.about', 'the sum of the opponents\' points')}>${t('events.buchholz', 'Buchholz')}</th>
      <th scope="col" title=${t('events.berger.about', 'the opponents\' points, each weighted by the result against them')}>${t('events.berger', 'S-B')}</th>
      <th scope="col">${t('events.score', 'Score')}</th></tr></thead>
    <tbody>${rows.map((s) => html`<tr><td>${s.place}</td><td>${s.name}</td><td>${s.points}</td>
      <td>${s.buchholz}</td><td>${s.sonneborn_berger}</td><td>${s.game_score}</td></tr>`)}</tbody>
  </table></div>`;
}

export function EventPage({ id, me }) {
  const [event, setEvent] = useState(null);
  const [listed, setListed] = useState({});  // the game as the lobby lists it: its title, its levels' names
  const [error, setError] = useState('');
  useEffect(() => {
    const look = () => api('GET', `/api/events/${id}`).then((found) => {
      setEvent((old) => (JSON.stringify(old) === JSON.stringify(found) ? old : found)); setError('');
    }).catch((e) => setError(e.message));
    look();
    const every = setInterval(look, 2000);
    return () => clearInterval(every);
  }, [id]);
  const game = event ? event.game : null;
  useEffect(() => {
    const lang = chosenLanguage();
    if (game) api('GET', `/api/games${lang ? `?lang=${lang}` : ''}`).then((g) => setListed(g.find((x) => x.name === game) || {}))
      .catch(() => {});
  }, [game]);
  if (!event) return html`<p>${t('app.loading', 'Loading…')}</p>${error ? html`<p class="error" role="alert">${error}</p>` : null}`;
  const post = (what) => async () => {
    try { setEvent(await api('POST', `/api/events/${id}/${what}`, {})); setError(''); } catch (e) { setError(e.message); }
  };
  const entered = event.entrants.some((e) => e.name === me.name);
  const levelNames = listed.level_names || {};
  const open = event.status === 'open';
  return html`<section class="event" data-status=${event.status} aria-labelledby="event-title">
    <h2 id="event-title">${event.name}</h2>
    <p>${listed.title || event.game} · ${formatText(event.format)} · ${t('events.players', '{n} players a table', { n: event.players })}
      ${' · '}${statusText(event.status)}${event.round ? ` · ${t('events.round.of', 'round {n} of {of}', { n: event.round, of: event.rounds })}` : ''}
      ${' · '}${event.bye === 'win' ? t('events.bye.win.long', 'a bye scores a win') : t('events.bye.ai.long', 'an empty seat is the AI\'s ({level})',
        { level: levelNames[event.level] || event.level })}</p>
    <div class="buttons">
      ${open && !entered ? html`<button onClick=${post('join')}>${t('events.join', 'Join')}</button>` : null}
      ${open && entered ? html`<button onClick=${post('leave')}>${t('events.leave', 'Leave')}</button>` : null}
      ${open && event.creator === me.name ? html`<button onClick=${post('start')}>${t('events.start', 'Start the event')}</button>` : null}
    </div>
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
    <section aria-labelledby="entrants"><h3 id="entrants">${t('events.entrants', 'Entrants ({n})', { n: event.entrants.length })}</h3>
      <ul class="entrants">${event.entrants.map((e) => html`<li>${e.name}</li>`)}</ul></section>
    ${event.standings.length ? html`<${Standings} rows=${event.standings} />` : null}
    ${event.pairings.length ? html`<section aria-labelledby="pairings"><h3 id="pairings">${t('events.pairings', 'Pairings')}</h3>
      ${[...event.pairings].reverse().map((r) => html`<${RoundView} round=${r} me=${me} levelNames=${levelNames} />`)}</section>` : null}
  </section>`;
}
