// The matches an account sat in (GET /api/history), each finished one with a link to its
// replay from the account's seat (replay.js).
import { html, useState, useEffect } from './vendor/htm-preact-standalone.module.js';
import { api } from './api.js';
import { t } from './ui.js';
import { currentLanguage } from './words.js';

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
      ${m.status === 'over' ? html`<a href=${`#/replay/${m.id}?seat=${m.my_seat}`}>${t('history.replay', 'Replay')}</a>`
        : m.status !== 'broken' ? html`<a href=${`#/match/${m.id}`}>${t('lobby.back', 'Go back to it')}</a>` : null}
    </li>`)}</ul>
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
  </section>`;
}
