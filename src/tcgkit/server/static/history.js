// The matches an account sat in (GET /api/history), and the replay of a finished one: any
// seat's view at any version (GET /api/matches/ID/replay), stepped forward and back by
// buttons or the arrow keys, drawn by the same renderer as the table.
import { html, useState, useEffect } from './vendor/htm-preact-standalone.module.js';
import { api } from './api.js';
import { Table } from './table.js';
import { t } from './ui.js';
import { currentLanguage, lines, loadWords } from './words.js';

function resultText(match) {
  const outcome = match.outcome;
  if (match.status === 'broken') return t('history.broken', 'cannot be resumed');
  if (!outcome) return match.status === 'open' ? t('lobby.status.open', 'waiting for players') : t('lobby.status.running', 'playing');
  const ranks = outcome.ranks || [];
  if (!ranks.length) return t('history.over', 'over');
  const best = Math.min(...ranks);
  const firsts = ranks.filter((r) => r === best).length;
  if (firsts === ranks.length) return t('history.draw', 'a draw');
  if (ranks[match.my_seat] !== best) return t('history.lost', 'you lost');
  return firsts > 1 ? t('history.shared', 'you shared the win') : t('history.won', 'you won');
}

// The page's language as a locale for dates (Brazilian Portuguese, traditional Chinese).
function locale() {
  return { pt: 'pt-BR', zh: 'zh-TW' }[currentLanguage] || currentLanguage;
}

export function History() {
  const [matches, setMatches] = useState(null);
  const [titles, setTitles] = useState({});  // each game's name as its players know it
  const [error, setError] = useState('');
  useEffect(() => {
    api('GET', '/api/history').then(setMatches).catch((e) => setError(e.message));
    api('GET', '/api/games').then((g) => setTitles(Object.fromEntries(g.map((x) => [x.name, x.title])))).catch(() => {});
  }, []);
  return html`<section class="history" aria-labelledby="history-title">
    <h2 id="history-title">${t('history.title', 'Your matches')}</h2>
    ${matches && !matches.length ? html`<p>${t('history.none', 'No match yet.')}</p>` : null}
    <ul class="matches">${(matches || []).map((m) => html`<li data-match=${m.id} data-game=${m.game}>
      <span><strong>${titles[m.game] || m.game}</strong>${' · '}${new Date(m.created * 1000).toLocaleString(locale())}${' · '}${t('match.seat',
        'seat {n}', { n: m.my_seat + 1 })}${' · '}${resultText(m)}</span>
      ${m.status === 'over' ? html`<a href=${`#/replay/${m.id}`}>${t('history.replay', 'Replay')}</a>`
        : m.status !== 'broken' ? html`<a href=${`#/match/${m.id}`}>${t('lobby.back', 'Go back to it')}</a>` : null}
    </li>`)}</ul>
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
  </section>`;
}

export function Replay({ id }) {
  const [seat, setSeat] = useState(0);
  const [version, setVersion] = useState(-1);  // -1: the end
  const [shown, setShown] = useState(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api('GET', `/api/matches/${id}/replay?seat=${seat}&version=${version}`).then(async (r) => {
      const words = await loadWords(r.game);
      setShown({ ...r, words });
      setError('');
    }).catch((e) => setError(e.message));
  }, [id, seat, version]);
  if (!shown) {
    return html`<p>${t('replay.loading', 'Loading the replay…')}</p>${error ? html`<p class="error" role="alert">${error}</p>` : null}`;
  }
  const ctx = { viewer: shown.seat, names: {} };
  const log = lines(shown.scene.log || [], shown.words, ctx);
  // the moves the server made for a player, marked as such
  for (const [number, kind] of Object.entries(shown.made_by || {})) {
    if (Number(number) <= shown.version) log.push(kind === 'clock'
      ? t('replay.made_by.clock', 'Move {n} was made by the server: the player ran out of time.', { n: number })
      : t('replay.made_by.stand_in', 'Move {n} was made by an AI standing in for an absent player.', { n: number }));
  }
  const go = (v) => setVersion(Math.max(0, Math.min(shown.last, v)));
  const keys = (e) => {
    if (e.key === 'ArrowLeft') { e.preventDefault(); go(shown.version - 1); }
    if (e.key === 'ArrowRight') { e.preventDefault(); go(shown.version + 1); }
  };
  return html`<section class="replay-view" data-version=${shown.version} onKeyDown=${keys}
      aria-label=${t('replay.label', 'replay')}>
    <header><h2>${(shown.words && shown.words.title) || shown.game}: ${t('replay.title', 'replay')}</h2></header>
    <div class="replay-bar" role="toolbar" aria-label=${t('replay.controls', 'replay controls')}>
      <button onClick=${() => go(0)} disabled=${shown.version === 0}>${t('replay.first', '◀◀ start')}</button>
      <button onClick=${() => go(shown.version - 1)} disabled=${shown.version === 0}
        aria-keyshortcuts="ArrowLeft">${t('replay.back', '◀ back')}</button>
      <span class="replay-at" aria-live="polite">${t('replay.at', 'move {v} of {last}', { v: shown.version, last: shown.last })}</span>
      <button onClick=${() => go(shown.version + 1)} disabled=${shown.version === shown.last}
        aria-keyshortcuts="ArrowRight">${t('replay.forward', 'forward ▶')}</button>
      <button onClick=${() => go(shown.last)} disabled=${shown.version === shown.last}>${t('replay.last', 'end ▶▶')}</button>
      <label for="replay-seat">${t('replay.seat', 'seen by')}</label>
      <select id="replay-seat" name="replay-seat" onChange=${(e) => setSeat(Number(e.target.value))}>
        ${[...Array(shown.players).keys()].map((p) => html`<option value=${p} selected=${p === shown.seat}>
          ${t('lobby.seat', 'Seat {n}', { n: p + 1 })}</option>`)}</select>
    </div>
    <${Table} scene=${shown.scene} words=${shown.words} ctx=${ctx} log=${log} onAct=${() => {}} error=${error}
      ended=${null} live=${null} />
  </section>`;
}
