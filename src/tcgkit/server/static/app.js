// The pages: sign in (an account or a guest), the lobby (start a match against an AI, join
// an open one, watch a running one), and the table of a match, kept in the address's hash
// (#/match/ID) so a reload comes back to it.
import { html, render, useState, useEffect, useRef } from './vendor/htm-preact-standalone.module.js';
import { Table } from './table.js';
import { lines, loadWords } from './words.js';

function csrf() {
  const found = document.cookie.split('; ').find((c) => c.startsWith('tcgkit_csrf='));
  return found ? decodeURIComponent(found.slice('tcgkit_csrf='.length)) : '';
}

async function api(method, path, body) {
  const init = { method, headers: { 'x-csrf-token': csrf() } };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new Error(data.error || (data.detail && JSON.stringify(data.detail)) || `HTTP ${response.status}`);
  }
  return data;
}

function useHash() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const on = () => setHash(location.hash);
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return hash;
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
    <h1>tcgkit</h1>
    <form onSubmit=${go('/api/login', { name, password })}>
      <label>Name <input name="name" autocomplete="username" value=${name} onInput=${(e) => setName(e.target.value)} /></label>
      <label>Password <input name="password" type="password" autocomplete="current-password" value=${password}
        onInput=${(e) => setPassword(e.target.value)} /></label>
      <div class="buttons">
        <button type="submit">Log in</button>
        <button type="button" onClick=${go('/api/signup', { name, password })}>Sign up</button>
      </div>
    </form>
    <p><button class="guest" onClick=${go('/api/guest', {})}>Play as a guest</button></p>
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
  </main>`;
}

function Lobby({ me, onOut }) {
  const [games, setGames] = useState([]);
  const [matches, setMatches] = useState([]);
  const [game, setGame] = useState('');
  const [level, setLevel] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    api('GET', '/api/games').then((g) => { setGames(g); if (g.length) setGame(g[0].name); }).catch((e) => setError(e.message));
    api('GET', '/api/matches').then(setMatches).catch(() => {});
  }, []);
  const chosen = games.find((g) => g.name === game);
  const levels = chosen ? Object.keys(chosen.ai_levels) : [];
  const fallback = levels.includes('greedy') ? 'greedy' : levels[0];
  const create = async (e) => {
    e.preventDefault();
    const players = chosen.min_players;
    const ai = { kind: 'ai', level: level || fallback };
    try {
      const made = await api('POST', '/api/matches',
        { game, seats: [{ kind: 'me' }, ...Array(players - 1).fill(ai)] });
      location.hash = `#/match/${made.id}`;
    } catch (err) { setError(err.message); }
  };
  const join = async (id) => {
    try { await api('POST', `/api/matches/${id}/join`, {}); location.hash = `#/match/${id}`; }
    catch (err) { setError(err.message); }
  };
  const logOut = async () => { await api('POST', '/api/logout', {}).catch(() => {}); onOut(); };
  return html`<main class="page lobby">
    <header><h1>tcgkit</h1><span>${me.name}${me.guest ? ' (guest)' : ''}</span>
      <button onClick=${logOut}>Log out</button></header>
    <section><h2>New match against the AI</h2>
      <form onSubmit=${create}>
        <label>Game <select name="game" value=${game} onChange=${(e) => { setGame(e.target.value); setLevel(''); }}>
          ${games.map((g) => html`<option value=${g.name}>${g.title}</option>`)}</select></label>
        <label>AI <select name="level" value=${level || fallback} onChange=${(e) => setLevel(e.target.value)}>
          ${levels.map((l) => html`<option value=${l} title=${chosen.ai_levels[l]}>${l}</option>`)}</select></label>
        <button type="submit" disabled=${!chosen}>Start</button>
      </form>
      ${chosen ? html`<p class="summary">${chosen.summary}</p>` : null}
    </section>
    <section><h2>Matches</h2>
      <ul class="matches">${matches.map((m) => html`<li>
        <span>${m.game} · ${m.status}</span>
        ${m.status === 'open' ? html`<button onClick=${() => join(m.id)}>Join</button>` : null}
        ${m.status !== 'open' ? html`<a href=${`#/match/${m.id}`}>Watch</a>` : null}</li>`)}</ul>
    </section>
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
  </main>`;
}

// A match: its WebSocket, resumed from the last version seen after a drop (a refusal that
// will not change, such as an unknown match, is not retried). Messages are handled one at
// a time, in order, though the first waits for the game's words.
const FINAL_REFUSALS = new Set(['unknown_match', 'spectator', 'origin', 'broken']);

function Match({ id }) {
  const [state, setState] = useState(null);
  const [error, setError] = useState('');
  const socket = useRef(null);
  const seen = useRef({ version: -1, log: [], seat: null, game: null, words: null });
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
          s.seat = message.seat;
          s.game = message.game;
          s.words = await loadWords(message.game);
          const ais = message.seats.filter((x) => x.kind === 'ai').length;
          s.names = Object.fromEntries(message.seats.map((x) => [x.seat,
            x.name || (x.kind !== 'ai' ? '' : ais > 1 ? `AI ${x.seat + 1}` : 'AI')]));
        }
        if (message.type === 'error') {
          setError(message.message);
          if (FINAL_REFUSALS.has(message.code)) closed = true;
          if (!message.scene) return;
        } else if (message.type === 'update' || message.type === 'welcome') {
          setError('');
        } else {
          return;
        }
        if (!s.words) s.words = await loadWords(s.game);
        const ctx = { viewer: s.seat, names: s.names };
        s.log = lines(message.scene.log || [], s.words, ctx, s.log);
        if (message.version !== undefined && message.version !== null) s.version = message.version;
        setState({ scene: message.scene, version: s.version, log: [...s.log], ended: message.ended || null });
      };
      ws.onclose = () => {
        if (!closed) retry = setTimeout(open, 1000);
      };
    };
    open();
    return () => { closed = true; clearTimeout(retry); if (socket.current) socket.current.close(); };
  }, [id]);
  if (!state) return html`<main class="page"><p>Connecting…</p>${error ? html`<p class="error">${error}</p>` : null}</main>`;
  const s = seen.current;
  const act = (notation) => {
    socket.current.send(JSON.stringify({ type: 'act', version: state.version, action: notation }));
  };
  const ctx = { viewer: s.seat, names: s.names };
  return html`<main class="page match" data-version=${state.version}>
    <header><a href="#/">Lobby</a> <h1>${s.words.title || s.game}</h1>
      <span>${s.seat === null ? 'watching' : `seat ${s.seat + 1}`}</span></header>
    <${Table} scene=${state.scene} words=${s.words} ctx=${ctx} log=${state.log} onAct=${act} error=${error}
      ended=${state.ended} />
  </main>`;
}

function App() {
  const hash = useHash();
  const [me, setMe] = useState(undefined);
  // No session cookie, no question (a 401 would only fill the console).
  const check = () => (csrf() ? api('GET', '/api/me').then(setMe).catch(() => setMe(null)) : setMe(null));
  useEffect(() => { check(); }, []);
  if (me === undefined) return html`<main class="page"><p>Loading…</p></main>`;
  if (me === null) return html`<${SignIn} onIn=${check} />`;
  const match = hash.match(/^#\/match\/([\w-]+)/);
  if (match) return html`<${Match} id=${match[1]} key=${match[1]} />`;
  return html`<${Lobby} me=${me} onOut=${() => setMe(null)} />`;
}

render(html`<${App} />`, document.getElementById('app'));
