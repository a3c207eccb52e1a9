// Watching and correspondence in the pages: the lobby's live matches (GET /api/live, each
// with a Watch link) and the matches waiting for your decision (GET /api/turns), the count of
// those in the navigation, a spectator's banner on the table (watching, and how far behind),
// and the clock's time chosen in a unit (seconds to days) in the new-match form.
import { html, useState, useEffect } from './vendor/htm-preact-standalone.module.js';
import { api } from './api.js';
import { t } from './ui.js';

// The units a clock's time is chosen in, in seconds (the server's Rules.unit).
export const UNITS = { seconds: 1, minutes: 60, hours: 3600, days: 86400 };

export function unitText(unit) {
  return unit === 'minutes' ? t('watch.unit.minutes', 'minutes') : unit === 'hours' ? t('watch.unit.hours', 'hours')
    : unit === 'days' ? t('watch.unit.days', 'days') : t('watch.unit.seconds', 'seconds');
}

// A list the server keeps, asked for again every `every` ms; set only when it changed (a
// re-render would put the lobby's form fields back to their state).
function usePolled(path, every) {
  const [list, setList] = useState(null);
  useEffect(() => {
    let live = true;
    const look = () => api('GET', path)
      .then((found) => { if (live) setList((old) => (JSON.stringify(old) === JSON.stringify(found) ? old : found)); })
      .catch(() => {});
    look();
    const timer = setInterval(look, every);
    return () => { live = false; clearInterval(timer); };
  }, [path]);
  return list;
}

function players(match, levelNames, me) {
  return match.seats.map((s) => (s.kind === 'ai'
    ? t('lobby.list.ai', 'AI ({level})', { level: (levelNames || {})[s.level] || s.level })
    : s.name === me.name ? t('lobby.list.you', 'you') : s.name)).join(', ');
}

function played(n) {
  return t('watch.moves', '{n} {n:move|moves} played', { n });
}

// Hours or days left as "2 d 3 h" / "3 h 20 min" / "5 min": a correspondence deadline.
export function timeLeft(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
  if (d) return t('watch.left.days', '{d} d {h} h', { d, h });
  if (h) return t('watch.left.hours', '{h} h {m} min', { h, m });
  return t('watch.left.minutes', '{m} min', { m });
}

// The running matches anyone may watch (not your own: the list above has those).
export function LiveMatches({ games, me }) {
  const live = usePolled('/api/live', 3000);
  if (live === null) return null;
  const others = live.filter((m) => !m.seats.some((s) => s.kind === 'human' && s.name === me.name));
  return html`<section aria-labelledby="live-list" class="live"><h2 id="live-list">${t('watch.live', 'Live matches')}</h2>
    ${others.length ? null : html`<p>${t('watch.live.none', 'No match is being played that you may watch.')}</p>`}
    <ul class="matches">${others.map((m) => {
      const listed = games.find((g) => g.name === m.game) || {};
      return html`<li data-match=${m.id} data-live="" data-game=${m.game}>
        <span><strong>${listed.title || m.game}</strong> · ${players(m, listed.level_names, me)} · ${played(m.move)}${m.spectator_delay
            ? html`<span class="delay"> · ${t('watch.delay', 'shown {n} {n:move|moves} behind', { n: m.spectator_delay })}</span>` : null}</span>
        <a href=${`#/match/${m.id}`}>${t('lobby.watch', 'Watch')}</a></li>`;
    })}</ul></section>`;
}

// The matches waiting for your decision, the longest waiting first.
export function YourTurn({ games, me }) {
  const mine = usePolled('/api/turns', 5000);
  if (!mine || !mine.length) return null;
  const now = Date.now() / 1000;
  return html`<section aria-labelledby="turn-list" class="your-turn"><h2 id="turn-list">${t('watch.turns', 'Your turn')}</h2>
    <ul class="matches">${mine.map((m) => {
      const listed = games.find((g) => g.name === m.game) || {};
      return html`<li data-turn=${m.id} data-game=${m.game}>
        <span><strong>${listed.title || m.game}</strong> · ${players(m, listed.level_names, me)} · ${played(m.move)}${m.deadline
            ? html`<span class="deadline"> · ${t('watch.left', 'time left: {time}', { time: timeLeft(m.deadline - now) })}</span>` : null}</span>
        <a href=${`#/match/${m.id}`}>${t('watch.play', 'Play')}</a></li>`;
    })}</ul></section>`;
}

// How many matches wait for your decision, for the navigation (null: none, or not known).
export function useTurnCount() {
  const mine = usePolled('/api/turns', 10000);
  return mine && mine.length ? mine.length : null;
}

// Above a spectator's table: that it watches, and how far behind it is shown.
export function WatchBanner({ id }) {
  const [match, setMatch] = useState(null);
  useEffect(() => { api('GET', `/api/matches/${id}`).then(setMatch).catch(() => {}); }, [id]);
  if (!match) return null;
  const delay = match.spectator_delay;
  return html`<p class="watching" role="status">${delay && match.status === 'running'
    ? t('watch.banner.delay', 'You are watching: the match is shown {n} {n:move|moves} behind while it runs, the whole of it at its end.', { n: delay })
    : t('watch.banner', 'You are watching this match.')}</p>`;
}

// The clock's time in the new-match form: a number and its unit.
export function ClockTime({ amount, setAmount, unit, setUnit }) {
  return html`<div class="option clock-time"><label for="clock-seconds">${t('watch.clock.time', 'Time')}</label>
    <input id="clock-seconds" name="clock-seconds" type="number" min="1" value=${amount}
      onInput=${(e) => setAmount(e.target.value)} />
    <select id="clock-unit" name="clock-unit" aria-label=${t('watch.clock.unit', 'Unit')}
      onChange=${(e) => setUnit(e.target.value)}>
      ${Object.keys(UNITS).map((u) => html`<option value=${u} selected=${unit === u}>${unitText(u)}</option>`)}
    </select></div>`;
}

// The delay spectators are kept behind by, while they may watch.
export function DelayField({ delay, setDelay }) {
  return html`<div class="option"><label for="spectator-delay">${t('watch.delay.field', 'Spectators see the match this many moves behind')}</label>
    <input id="spectator-delay" name="spectator-delay" type="number" min="0" max="100" value=${delay}
      onInput=${(e) => setDelay(e.target.value)} /></div>`;
}
