// The ratings (GET /api/ratings/GAME?players=N, GET /api/accounts/NAME/ratings): a game's
// table of accounts and AI levels on one scale (#/ratings, #/ratings/GAME/N), an account's
// ratings with their history (#/ratings/account/NAME; one's own matches link to their
// replays), and the ratings the lobby shows
// beside the names of a rated match's players. A rating with "?" is provisional.
import { html, useState, useEffect } from './vendor/htm-preact-standalone.module.js';
import { api } from './api.js';
import { t } from './ui.js';
import { chosenLanguage, currentLanguage } from './words.js';

async function gameList() {
  const lang = chosenLanguage();
  return api('GET', `/api/games${lang ? `?lang=${lang}` : ''}`);
}

// The lobby's rated matches: each one's players' shown ratings, by "game/players" then name.
// A table is asked for once per game and player count in the list, again when the list changes.
export function useRatingsOf(matches) {
  const [found, setFound] = useState({});
  const wanted = [...new Set(matches.filter((m) => m.rated).map((m) => `${m.game}/${m.seats.length}`))];
  useEffect(() => {
    let current = true;
    Promise.all(wanted.map((key) => {
      const [game, players] = key.split('/');
      return api('GET', `/api/ratings/${game}?players=${players}`)
        .then((table) => [key, Object.fromEntries(table.accounts.map((a) => [a.name, a.shown]))])
        .catch(() => [key, {}]);
    })).then((pairs) => { if (current) setFound(Object.fromEntries(pairs)); });
    return () => { current = false; };
  }, [JSON.stringify(matches.filter((m) => m.rated).map((m) => [m.id, m.status]))]);
  return found;
}

// A player's words in a rated match with the rating of the account ``name`` ("ana (1500?)",
// "you (1612)"; a newcomer is provisional at 1500).
export function ratedName(text, name, match, ratings) {
  if (!match.rated || !name) return text;
  const shown = (ratings[`${match.game}/${match.seats.length}`] || {})[name];
  return `${text} (${shown || '1500?'})`;
}

// A date in the page's language (Brazilian Portuguese, traditional Chinese), as History's.
function when(seconds) {
  return new Date(seconds * 1000).toLocaleDateString({ pt: 'pt-BR', zh: 'zh-TW' }[currentLanguage] || currentLanguage);
}

function GameTable({ game, players, levelNames }) {
  const [table, setTable] = useState(null);
  const [error, setError] = useState('');
  useEffect(() => {
    // Only the answer for the game and count shown now counts: the one to an earlier choice
    // may arrive after it.
    let current = true;
    setTable(null);
    api('GET', `/api/ratings/${game}?players=${players}`)
      .then((found) => { if (current) { setTable(found); setError(''); } })
      .catch((e) => { if (current) setError(e.message); });
    return () => { current = false; };
  }, [game, players]);
  if (error) return html`<p class="error" role="alert">${error}</p>`;
  if (!table) return html`<p>${t('app.loading', 'Loading…')}</p>`;
  return html`<div class="table-wrap"><table class="cards ratings-table" data-game=${game} data-players=${players}>
    <caption>${t('ratings.caption', 'Accounts and AI levels on one scale; "?": provisional')}</caption>
    <thead><tr><th>${t('ratings.rank', '#')}</th><th>${t('ratings.who', 'Player')}</th>
      <th>${t('ratings.rating', 'Rating')}</th><th>${t('ratings.deviation', '± (95%)')}</th>
      <th>${t('ratings.games', 'Games')}</th></tr></thead>
    <tbody>${rows(table, levelNames).map((row, i) => html`<tr class=${row.ai ? 'ai-level' : 'account'}>
      <td>${i + 1}</td><td>${row.ai ? html`<em>${row.name}</em>` : html`<a href=${`#/ratings/account/${encodeURIComponent(row.name)}`}>${row.name}</a>`}</td>
      <td>${row.shown}</td><td>${row.spread}</td><td>${row.games}</td></tr>`)}</tbody></table>
    ${table.accounts.length ? null : html`<p>${t('ratings.none', 'No rated match of this game yet.')}</p>`}
    <p class="note">${t('ratings.about', 'Glicko-2, tau {tau}: each rated match is a rating period; provisional while the deviation is above {rd}. The AI levels come from their games against each other, Beginner fixed at 1000.',
      { tau: table.tau, rd: table.provisional_rd })}</p></div>`;
}

// The accounts and the AI levels in one list, strongest first.
function rows(table, levelNames) {
  const people = table.accounts.map((a) => ({ name: a.name, rating: a.rating, shown: a.shown,
    spread: `±${Math.round(1.96 * a.rd)}`, games: a.games, ai: false }));
  const levels = table.levels.map((l) => ({ name: t('ratings.ai', 'AI: {level}', { level: levelNames[l.level] || l.level }),
    rating: l.rating, shown: String(Math.round(l.rating)), games: l.games, ai: true,
    spread: l.anchor ? t('ratings.anchor', 'anchor') : `${Math.round(l.low)}–${Math.round(l.high)}` }));
  return [...people, ...levels].sort((a, b) => b.rating - a.rating);
}

export function Ratings({ game: asked, players: askedPlayers }) {
  const [games, setGames] = useState([]);
  const [error, setError] = useState('');
  useEffect(() => { gameList().then(setGames).catch((e) => setError(e.message)); }, []);
  const chosen = games.find((g) => g.name === asked) || games[0];
  if (!chosen) return html`<p>${error || t('app.loading', 'Loading…')}</p>`;
  const counts = [];
  for (let n = chosen.min_players; n <= chosen.max_players; n++) counts.push(n);
  const players = counts.includes(Number(askedPlayers)) ? Number(askedPlayers) : chosen.min_players;
  const go = (game, n) => { location.hash = `#/ratings/${game}/${n}`; };
  return html`<section class="ratings" aria-labelledby="ratings-title">
    <h2 id="ratings-title">${t('ratings.title', 'Ratings')}</h2>
    <div class="option"><label for="ratings-game">${t('lobby.game', 'Game')}</label>
      <select id="ratings-game" name="ratings-game" onChange=${(e) => go(e.target.value, 0)}>
        ${games.map((g) => html`<option value=${g.name} selected=${g === chosen}>${g.title}</option>`)}</select>
      ${counts.length > 1 ? html`<label for="ratings-players">${t('ratings.players', 'Players')}</label>
        <select id="ratings-players" name="ratings-players" onChange=${(e) => go(chosen.name, e.target.value)}>
          ${counts.map((n) => html`<option value=${n} selected=${n === players}>${n}</option>`)}</select>` : null}</div>
    <${GameTable} game=${chosen.name} players=${players} levelNames=${chosen.level_names || {}} />
  </section>`;
}

export function AccountRatings({ name, me }) {
  const [found, setFound] = useState(null);
  const [titles, setTitles] = useState({});
  const [error, setError] = useState('');
  useEffect(() => {
    api('GET', `/api/accounts/${encodeURIComponent(name)}/ratings`).then(setFound).catch((e) => setError(e.message));
    gameList().then((g) => setTitles(Object.fromEntries(g.map((x) => [x.name, x.title])))).catch(() => {});
  }, [name]);
  if (error) return html`<p class="error" role="alert">${error}</p>`;
  if (!found) return html`<p>${t('app.loading', 'Loading…')}</p>`;
  return html`<section class="account-ratings" aria-labelledby="account-title">
    <h2 id="account-title">${t('ratings.account', 'Ratings of {name}', { name: found.name })}</h2>
    ${found.ratings.length ? null : html`<p>${t('ratings.account.none', 'No rated match yet.')}</p>`}
    ${found.ratings.map((r) => html`<section class="rating" data-game=${r.game} data-players=${r.players}>
      <h3><a href=${`#/ratings/${r.game}/${r.players}`}>${titles[r.game] || r.game}</a>
        ${' '}${t('ratings.count', '{n} players', { n: r.players })}: <span class="shown">${r.shown}</span></h3>
      <div class="table-wrap"><table class="cards history-table">
        <thead><tr><th>${t('ratings.date', 'Date')}</th><th>${t('ratings.score', 'Score')}</th>
          <th>${t('ratings.before', 'Before')}</th><th>${t('ratings.after', 'After')}</th><th></th></tr></thead>
        <tbody>${r.history.map((h) => html`<tr><td>${when(h.at)}</td><td>${h.score} / ${h.opponents}</td>
          <td>${h.before.shown}</td><td>${h.after.shown}</td>
          <td>${me && me.name === found.name ? html`<a href=${`#/replay/${h.match}`}>${t('history.replay', 'Replay')}</a>`
            : null}</td></tr>`)}</tbody></table></div>
    </section>`)}
  </section>`;
}
