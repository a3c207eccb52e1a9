// The pages: sign in (an account or a guest), the lobby, the table of a match, the decks, the
// match history with its replays and the Triple Triad cards, each kept in the address's hash
// (#/match/ID, #/decks, #/history, #/replay/ID?seat=S&at=K, #/collection, #/ratings, #/event/ID)
// so a reload comes back to it.
import { html, render, useState, useEffect, useRef } from './vendor/htm-preact-standalone.module.js';
import { api, csrf } from './api.js';
import { Lobby } from './lobby.js';
import { Rules } from './rules.js';
import { Collection } from './collection.js';
import { Decks } from './decks.js';
import { History } from './history.js';
import { Replay } from './replay.js';
import { AccountRatings, Ratings } from './ratings.js';
import { EventList, EventPage } from './events.js';
import { Table, copiesOf, secretMarks } from './table.js';
import { t } from './ui.js';
import { WatchBanner, useTurnCount } from './watch.js';
import { LANGUAGES, chooseLanguage, chosenLanguage, followAccount, lines, loadInterface, loadWords, setCopies } from './words.js';

function useHash() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const on = () => setHash(location.hash);
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return hash;
}

// The languages, named each in itself: choosing one reloads the page in it (a match resumes);
// a registered account keeps the choice for every browser it logs in from.
function LanguageChooser({ me }) {
  const chosen = chosenLanguage() || '';
  const choose = async (lang) => {
    if (me && !me.guest) await api('POST', '/api/me/language', { language: lang }).catch(() => {});
    chooseLanguage(lang);
  };
  return html`<label class="language">${t('app.language', 'Language')}
    <select id="language" name="language" onChange=${(e) => choose(e.target.value || null)}>
      <option value="" selected=${chosen === ''}>${t('app.language.auto', 'the browser\'s')}</option>
      ${LANGUAGES.map(({ code, name }) => html`<option value=${code} lang=${code === 'zh' ? 'zh-Hant' : code}
        selected=${chosen === code}>${name}</option>`)}</select></label>`;
}

function SignIn({ onIn }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const go = (path, body) => async (e) => {
    e && e.preventDefault();
    try { await api('POST', path, body); onIn(); } catch (err) { setError(err.message); }
  };
  return html`<main class="page sign-in">
    <header><h1>tcgkit</h1><${LanguageChooser} /></header>
    <form onSubmit=${go('/api/login', { name, password })}>
      <label>${t('signin.name', 'Name')} <input name="name" autocomplete="username" value=${name}
        onInput=${(e) => setName(e.target.value)} /></label>
      <label>${t('signin.password', 'Password')} <input name="password" type="password" autocomplete="current-password"
        value=${password} onInput=${(e) => setPassword(e.target.value)} /></label>
      <div class="buttons">
        <button type="submit">${t('signin.login', 'Log in')}</button>
        <button type="button" onClick=${go('/api/signup', { name, password })}>${t('signin.signup', 'Sign up')}</button>
      </div>
    </form>
    <p><button class="guest" onClick=${go('/api/guest', {})}>${t('signin.guest', 'Play as a guest')}</button></p>
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
  </main>`;
}

const PAGES = () => [['#/', t('nav.lobby', 'Lobby')], ['#/decks', t('nav.decks', 'Decks')],
  ['#/history', t('nav.history', 'History')], ['#/collection', t('nav.collection', 'Collection')],
  ['#/ratings', t('nav.ratings', 'Ratings')]];

function Nav({ me, hash, onOut }) {
  const logOut = async () => { await api('POST', '/api/logout', {}).catch(() => {}); onOut(); };
  const here = hash === '' ? '#/' : hash;
  const turns = useTurnCount();  // matches waiting for your decision, shown by the lobby's link
  return html`<header class="top"><h1>tcgkit</h1>
    <nav aria-label=${t('nav.label', 'pages')}>${PAGES().map(([href, name]) => html`
      <a href=${href} aria-current=${here === href ? 'page' : null}>${name}${href === '#/' && turns
        ? html` <span class="turns" title=${t('watch.turns.count', 'matches where it is your turn')}>${turns}</span>` : null}</a>`)}</nav>
    <span class="who">${me.name}${me.guest ? t('nav.guest', ' (guest)') : ''}</span>
    <button onClick=${logOut}>${t('nav.logout', 'Log out')}</button><${LanguageChooser} me=${me} /></header>`;
}

// A match: its WebSocket, resumed from the last version seen after a drop (a refusal that
// will not change, such as an unknown match, is not retried). Messages are handled one at
// a time, in order, though the first waits for the game's words. Before every seat is
// taken the socket is refused (not_started): the page shows the seats and tries again.
const FINAL_REFUSALS = new Set(['unknown_match', 'spectator', 'origin', 'broken']);

// A step drawn less than this after the one before waits for the rest (an AI's reply lands
// within a second of your move: a person sees your move, then its answer); less when the
// reader asks for less motion.
const PACE_MS = 700;
const REDUCED_PACE_MS = 250;
const pause = (ms) => new Promise((done) => setTimeout(done, ms));

// The AI levels' names in the page's language, as the lobby has them (GET /api/games?lang=).
async function levelNames(game) {
  const lang = chosenLanguage();
  const games = await api('GET', `/api/games${lang ? `?lang=${lang}` : ''}`);
  return (games.find((g) => g.name === game) || {}).level_names || {};
}

function Waiting({ id, me }) {
  const [match, setMatch] = useState(null);
  const [names, setNames] = useState({});
  const [error, setError] = useState('');
  useEffect(() => {
    const look = () => api('GET', `/api/matches/${id}`).then(setMatch).catch((e) => setError(e.message));
    look();
    const every = setInterval(look, 1500);
    return () => clearInterval(every);
  }, [id]);
  const game = match ? match.game : null;
  useEffect(() => {
    if (game) levelNames(game).then(setNames).catch(() => {});
  }, [game]);
  const leave = async () => {
    try { await api('POST', `/api/matches/${id}/leave`, {}); location.hash = '#/'; } catch (e) { setError(e.message); }
  };
  const seated = match && match.seats.some((s) => s.kind === 'human' && s.name === me.name);
  return html`<section class="waiting" aria-live="polite">
    <p>${t('match.waiting', 'Waiting for every seat to be taken…')}</p>
    ${match ? html`<ul>${match.seats.map((s) => html`<li>${t('lobby.seat', 'Seat {n}', { n: s.seat + 1 })}:
      ${s.kind === 'ai' ? t('lobby.list.ai', 'AI ({level})', { level: names[s.level] || s.level }) : s.kind === 'open'
        ? t('lobby.list.open', 'open') : s.kind === 'invited' ? t('lobby.list.invited', 'invited: {name}', { name: s.name })
        : s.name}</li>`)}</ul>` : null}
    ${seated ? html`<button onClick=${leave}>${t('match.leave', 'Leave this match')}</button>` : null}
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
  </section>`;
}

function Rematch({ id, seat }) {
  const [next, setNext] = useState(null);
  const [error, setError] = useState('');
  useEffect(() => {  // another player's rematch of this match, once they ask for it
    const look = () => api('GET', '/api/matches').then((all) => {
      const found = all.find((m) => m.rematch_of === id);
      if (found) setNext(found.id);
    }).catch(() => {});
    look();
    const every = setInterval(look, 2000);
    return () => clearInterval(every);
  }, [id]);
  const ask = async () => {
    try { const made = await api('POST', `/api/matches/${id}/rematch`, {}); location.hash = `#/match/${made.id}`; }
    catch (e) { setError(e.message); }
  };
  return html`
    ${next ? html`<a class="button" href=${`#/match/${next}`}>${t('match.rematch.join', 'Go to the rematch')}</a>`
      : seat !== null ? html`<button onClick=${ask}>${t('match.rematch', 'Rematch')}</button>` : null}
    <a class="button" href=${seat !== null ? `#/replay/${id}?seat=${seat}` : `#/replay/${id}`}>${t('match.replay', 'Replay this match')}</a>
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}`;
}

// A move the server made for a player, said in the log where it was made.
export function madeBy(kind, version) {
  return kind === 'clock'
    ? t('match.made_by.clock', 'Move {n} was made by the server: the player ran out of time and the default was played.', { n: version })
    : t('match.made_by.stand_in', 'Move {n} was made by an AI standing in for an absent player.', { n: version });
}

function Match({ id, me }) {
  const [state, setState] = useState(null);
  const [error, setError] = useState('');
  const [waiting, setWaiting] = useState(false);
  const [sent, setSent] = useState(0);  // moves sent (data-sent: a test sees a move go out)
  const [hint, setHint] = useState(null);  // the last hint asked for (shown at its version only)
  const [note, setNote] = useState('');
  const socket = useRef(null);
  const seen = useRef({ version: -1, log: [], seat: null, game: null, words: null, secret: new Set(), pending: null });
  useEffect(() => {
    let closed = false;
    let retry = null;
    let queue = Promise.resolve();
    const open = () => {
      const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
      const ws = new WebSocket(`${scheme}://${location.host}/api/matches/${id}/ws?since=${seen.current.version}`);
      socket.current = ws;
      ws.onmessage = (event) => {
        queue = queue.then(() => handle(JSON.parse(event.data))).catch((err) => {
          console.error(err);  // one message that could not be drawn does not stop the next
          setError(String(err));
        });
      };
      const handle = async (message) => {
        const s = seen.current;
        if (message.type === 'welcome') {
          setWaiting(false);
          s.seat = message.seat;
          s.game = message.game;
          s.words = await loadWords(message.game);
          s.assists = message.assists || [];
          const ais = message.seats.filter((x) => x.kind === 'ai').length;
          s.names = Object.fromEntries(message.seats.map((x) => [x.seat,
            x.name || (x.kind !== 'ai' ? '' : ais > 1 ? `AI ${x.seat + 1}` : 'AI')]));
        }
        if (message.type === 'hint') { setHint(message); return; }
        if (message.type === 'undone') {  // the match from the deal again: the log is drawn anew
          s.log = [];
          s.secret = new Set();
          s.version = -1;
          setNote(t('match.undone', 'Took back {n} {n:move|moves}.', { n: message.count }));
        }
        if (message.type === 'error') {
          if (message.code === 'not_started') { setWaiting(true); return; }
          setError(message.message);
          if (FINAL_REFUSALS.has(message.code)) closed = true;
          if (!message.scene) return;
        } else if (message.type === 'update' || message.type === 'welcome' || message.type === 'undone') {
          setError('');
          if (message.type !== 'undone') setNote('');
        } else {
          return;
        }
        if (!s.words) s.words = await loadWords(s.game);
        // (only while the viewer had nothing to do: a frame offering moves is never left up
        // for longer, so no click is made on a table that is already out of date)
        if (message.type === 'update' && s.drawnAt && !s.hadMoves) {
          const pace = matchMedia('(prefers-reduced-motion: reduce)').matches ? REDUCED_PACE_MS : PACE_MS;
          const since = performance.now() - s.drawnAt;
          if (since < pace) await pause(pace - since);
        }
        s.drawnAt = performance.now();
        s.hadMoves = (message.scene.moves || []).length > 0;
        const ctx = { viewer: s.seat, names: s.names };
        setCopies(copiesOf(message.scene));
        s.log = lines(message.scene.log || [], s.words, ctx, s.log);
        for (const step of message.steps || []) if (step.made_by) s.log.push(madeBy(step.made_by, step.version));
        const moved = message.version !== undefined && message.version !== null && message.version !== s.version;
        if (moved && s.version >= 0) s.secret = secretMarks(s.secret, s.pending, message.scene.pending);
        s.pending = message.scene.pending || null;
        if (message.version !== undefined && message.version !== null) s.version = message.version;
        if (message.seats) s.seats = message.seats;
        if (message.clocks) s.clocks = { list: message.clocks, at: performance.now() };
        setState({ scene: message.scene, version: s.version, log: [...s.log], ended: message.ended || null,
          live: { seats: s.seats || [], clocks: s.clocks || { list: [], at: 0 }, secret: [...s.secret] } });
      };
      ws.onclose = () => {
        if (!closed) retry = setTimeout(open, 1000);
      };
    };
    open();
    return () => { closed = true; clearTimeout(retry); if (socket.current) socket.current.close(); };
  }, [id]);
  if (waiting && !state) return html`<main class="page match"><${Waiting} id=${id} me=${me} /></main>`;
  if (!state) {
    return html`<main class="page"><p>${t('match.connecting', 'Connecting…')}</p>
      ${error ? html`<p class="error" role="alert">${error}</p>` : null}</main>`;
  }
  const s = seen.current;
  const act = (notation) => {
    socket.current.send(JSON.stringify({ type: 'act', version: state.version, action: notation }));
    setSent((n) => n + 1);
  };
  const ask = (type) => socket.current.send(JSON.stringify({ type, version: state.version }));
  const assist = { offered: s.assists || [], hint: hint && hint.version === state.version ? hint : null,
    note, onHint: () => ask('hint'), onUndo: () => ask('undo') };
  const ctx = { viewer: s.seat, names: s.names };
  const over = state.scene.outcome || state.ended;
  return html`<main class="page match" data-version=${state.version} data-sent=${sent}>
    <header><h2>${s.words.title || s.game}</h2>
      <span class="viewer">${s.seat === null ? t('match.watching', 'watching') : t('match.seat', 'seat {n}', { n: s.seat + 1 })}</span></header>
    ${s.seat === null ? html`<${WatchBanner} id=${id} />` : null}
    <${Table} scene=${state.scene} words=${s.words} ctx=${ctx} log=${state.log} onAct=${act} error=${error}
      ended=${state.ended} live=${state.live} assist=${assist}
      after=${over ? html`<${Rematch} id=${id} seat=${s.seat} />` : null} />
  </main>`;
}

function App() {
  const hash = useHash();
  const [me, setMe] = useState(undefined);
  // No session cookie, no question (a 401 would only fill the console).
  const check = () => (csrf() ? api('GET', '/api/me').then((found) => { if (!followAccount(found)) setMe(found); })
    .catch(() => setMe(null)) : setMe(null));
  useEffect(() => { check(); }, []);
  if (me === undefined) return html`<main class="page"><p>${t('app.loading', 'Loading…')}</p></main>`;
  const route = (pattern) => hash.match(pattern);
  let found;
  const replay = (found = route(/^#\/replay\/([\w-]+)/))  // anyone with the link, signed in or not
    ? html`<main class="page replay"><${Replay} id=${found[1]} query=${hash} key=${found[1]} /></main>` : null;
  if (me === null) return replay || html`<${SignIn} onIn=${check} />`;
  let page;
  if ((found = route(/^#\/match\/([\w-]+)/))) page = html`<${Match} id=${found[1]} me=${me} key=${found[1]} />`;
  else if (replay) page = replay;
  else if (route(/^#\/decks/)) page = html`<main class="page"><${Decks} /></main>`;
  else if (route(/^#\/history/)) page = html`<main class="page"><${History} /></main>`;
  else if ((found = route(/^#\/rules\/([\w-]+)/))) page = html`<main class="page"><${Rules} game=${found[1]} key=${found[1]} /></main>`;
  else if (route(/^#\/collection/)) page = html`<main class="page"><${Collection} /></main>`;
  else if ((found = route(/^#\/ratings\/account\/([^/]+)/))) {
    page = html`<main class="page"><${AccountRatings} name=${decodeURIComponent(found[1])} me=${me} key=${found[1]} /></main>`;
  } else if ((found = route(/^#\/ratings(?:\/([\w-]+)(?:\/(\d+))?)?/))) {
    page = html`<main class="page"><${Ratings} game=${found[1]} players=${found[2]} /></main>`;
  }
  else if ((found = route(/^#\/event\/([\w-]+)/))) page = html`<main class="page"><${EventPage} id=${found[1]} me=${me} key=${found[1]} /></main>`;
  else page = html`<main class="page"><${Lobby} me=${me} /><${EventList} /></main>`;
  return html`<div class="app"><${Nav} me=${me} hash=${hash} onOut=${() => setMe(null)} />${page}</div>`;
}

// The interface's words first (English if they cannot be had), then the pages (into #app,
// while the page still has it: a test may have put a table of its own in its place).
loadInterface().catch(() => {}).then(() => {
  const root = document.getElementById('app');
  if (root) render(html`<${App} />`, root);
});
