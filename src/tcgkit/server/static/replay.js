// A finished match's replay by its link, #/replay/ID?seat=S&at=K (seat left out: a spectator's
// view; at left out: the end): the table after move K (GET /api/matches/ID/replay), stepped
// forward, back, to the first or the last move, or jumped to one by the slider or the move
// list, by clicking or by keys (arrows, Home, End). Each step replaces the address, so the
// address is always the link to what is shown ("copy link"); the record downloads as a file.
// Anyone with the link may open it, signed in or not (the server says who may: replays.py).
import { html, useState, useEffect, useRef } from './vendor/htm-preact-standalone.module.js';
import { api } from './api.js';
import { Table } from './table.js';
import { t } from './ui.js';
import { lines, loadWords, seatName } from './words.js';

// The seat and move a replay link asks for (null: left out).
export function replayQuery(hash) {
  const query = new URLSearchParams(hash.split('?')[1] || '');
  const number = (name) => (query.has(name) && /^-?\d+$/.test(query.get(name)) ? Number(query.get(name)) : null);
  return { seat: number('seat'), at: number('at') ?? number('version') };  // version: older links
}

export function replayLink(id, seat, at) {
  const query = new URLSearchParams();
  if (seat !== null) query.set('seat', String(seat));
  if (at !== null) query.set('at', String(at));
  const rest = query.toString();
  return `#/replay/${id}${rest ? `?${rest}` : ''}`;
}

function madeByText(kind) {
  return kind === 'clock' ? t('replay.by.clock', 'made by the server: time ran out')
    : t('replay.by.stand_in', 'made by an AI standing in for an absent player');
}

function MoveList({ shown, words, ctx, go }) {
  return html`<details class="replay-moves" open>
    <summary>${t('replay.moves', 'Moves')}</summary>
    <ol>
      <li><button class="replay-move" aria-current=${shown.version === 0 ? 'step' : null} onClick=${() => go(0)}>
        ${t('replay.deal', 'The start')}</button></li>
      ${shown.moves.map((m) => html`<li data-move=${m.number} data-made-by=${m.made_by || null}>
        <button class="replay-move" aria-current=${m.number === shown.version ? 'step' : null} onClick=${() => go(m.number)}>
          <span class="number">${m.number}.</span> ${seatName(m.seat, ctx)}${m.log ? html`: ${lines(m.log, words, ctx).join(' ')}` : null}
          ${m.made_by ? html` <em class="made-by">(${madeByText(m.made_by)})</em>` : null}
        </button></li>`)}
    </ol>
  </details>`;
}

export function Replay({ id, query }) {
  const { seat, at } = replayQuery(query);
  const [shown, setShown] = useState(null);
  const [error, setError] = useState('');
  const [copied, setCopied] = useState('');
  useEffect(() => {
    const asked = new URLSearchParams();
    if (seat !== null) asked.set('seat', String(seat));
    if (at !== null) asked.set('at', String(at));
    let current = true;  // an answer to a move asked before the last one is dropped: answers may cross
    api('GET', `/api/matches/${id}/replay?${asked}`).then(async (r) => {
      const words = await loadWords(r.game);
      if (!current) return;
      setShown({ ...r, words });
      setError('');
    }).catch((e) => current && setError(e.message));
    return () => { current = false; };
  }, [id, seat, at]);
  // The address is the state: a step replaces it (no history entry per move).
  const show = (nextSeat, nextAt) => { location.replace(replayLink(id, nextSeat, nextAt)); setCopied(''); };
  const go = (v) => shown && show(seat, Math.max(0, Math.min(shown.last, v)));
  // A step counts from the move asked for last (the address), not the one drawn yet: two
  // quick presses take two steps
  const here = () => {
    const asked = replayQuery(location.hash).at;
    return asked === null || asked < 0 || !shown ? (shown ? shown.last : 0) : asked;
  };
  const step = (by) => go(here() + by);
  // The keys act on what is drawn now: one listener for the page's life, reading the latest
  // render's handler (a listener set after each render would miss a key pressed before it)
  const keys = useRef(null);
  keys.current = (e) => {
    if (!shown || e.altKey || e.ctrlKey || e.metaKey) return;
    if (['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName)) return;  // they use arrows themselves
    const to = { ArrowLeft: here() - 1, ArrowRight: here() + 1, Home: 0, End: shown.last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };
  useEffect(() => {
    const press = (e) => keys.current(e);
    addEventListener('keydown', press);
    return () => removeEventListener('keydown', press);
  }, []);
  if (!shown) {
    return html`<p>${t('replay.loading', 'Loading the replay…')}</p>${error ? html`<p class="error" role="alert">${error}</p>` : null}`;
  }
  const ctx = { viewer: shown.seat, names: {} };
  const log = lines(shown.scene.log || [], shown.words, ctx);
  const link = `${location.origin}${location.pathname}${replayLink(id, shown.seat, shown.version)}`;
  const copy = () => {
    const done = () => setCopied(t('replay.copied', 'Link copied.'));
    if (navigator.clipboard) navigator.clipboard.writeText(link).then(done, () => setCopied(link));
    else setCopied(link);  // no clipboard here: the link is shown to copy by hand
  };
  return html`<section class="replay-view" data-version=${shown.version} data-seat=${shown.seat ?? ''}
      aria-label=${t('replay.label', 'replay')}>
    <header><h2>${(shown.words && shown.words.title) || shown.game}: ${t('replay.title', 'replay')}</h2></header>
    <div class="replay-bar" role="toolbar" aria-label=${t('replay.controls', 'replay controls')}>
      <button onClick=${() => go(0)} disabled=${shown.version === 0} aria-keyshortcuts="Home">${t('replay.first', '◀◀ start')}</button>
      <button onClick=${() => step(-1)} disabled=${shown.version === 0}
        aria-keyshortcuts="ArrowLeft">${t('replay.back', '◀ back')}</button>
      <span class="replay-at" aria-live="polite">${t('replay.at', 'move {v} of {last}', { v: shown.version, last: shown.last })}</span>
      <button onClick=${() => step(1)} disabled=${shown.version === shown.last}
        aria-keyshortcuts="ArrowRight">${t('replay.forward', 'forward ▶')}</button>
      <button onClick=${() => go(shown.last)} disabled=${shown.version === shown.last} aria-keyshortcuts="End">${t('replay.last', 'end ▶▶')}</button>
      <label class="replay-jump">${t('replay.jump', 'jump to move')}
        <input type="range" name="replay-at" min="0" max=${shown.last} value=${shown.version}
          onChange=${(e) => go(Number(e.target.value))} /></label>
      <label for="replay-seat">${t('replay.seat', 'seen by')}</label>
      <select id="replay-seat" name="replay-seat" onChange=${(e) => show(e.target.value === '' ? null : Number(e.target.value), shown.version)}>
        <option value="" selected=${shown.seat === null}>${t('replay.spectator', 'a spectator')}</option>
        ${[...Array(shown.players).keys()].map((p) => html`<option value=${p} selected=${p === shown.seat}>
          ${seatName(p, { names: {} })}</option>`)}</select>
      <button class="replay-copy" onClick=${copy}>${t('replay.copy', 'Copy the link to this move')}</button>
      <a class="button" href=${`/api/matches/${id}/record`} download=${`tcgkit-record-${id}.json`}>${t('replay.download', 'Download the record')}</a>
      ${copied ? html`<output class="replay-copied">${copied}</output>` : null}
    </div>
    <${MoveList} shown=${shown} words=${shown.words} ctx=${ctx} go=${go} />
    <${Table} scene=${shown.scene} words=${shown.words} ctx=${ctx} log=${log} onAct=${() => {}} error=${error}
      ended=${null} live=${null} />
  </section>`;
}
