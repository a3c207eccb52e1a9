// A game's rules for a newcomer (#/rules/GAME, the lobby's "Rules" link): how it is played,
// its summary and its options, from GET /api/games/GAME/rules in the page's language; rules
// not yet written in that language come in English, and the page says so.
import { html, useState, useEffect } from './vendor/htm-preact-standalone.module.js';
import { api } from './api.js';
import { t } from './ui.js';
import { chosenLanguage } from './words.js';

export function Rules({ game }) {
  const [rules, setRules] = useState(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const lang = chosenLanguage();
    api('GET', `/api/games/${encodeURIComponent(game)}/rules${lang ? `?lang=${lang}` : ''}`)
      .then(setRules).catch((e) => setError(e.message));
  }, [game]);
  if (error) return html`<section class="rules-page"><p class="error" role="alert">${error}</p>
    <a href="#/">${t('rules.back', 'Back to the lobby')}</a></section>`;
  if (!rules) return html`<section class="rules-page"><p>${t('app.loading', 'Loading…')}</p></section>`;
  return html`<article class="rules-page" data-game=${rules.game} lang=${rules.written}>
    <h2>${t('rules.title', 'How to play {game}', { game: rules.title })}</h2>
    <p class="summary" lang=${rules.lang}>${rules.summary}</p>
    ${rules.written !== rules.lang ? html`<p class="note" lang=${rules.lang}>
      ${t('rules.untranslated', 'These rules are not translated into your language yet: here they are in English.')}</p>` : null}
    ${rules.sections.map((s) => html`<section>${s.heading ? html`<h3>${s.heading}</h3>` : null}
      ${s.paragraphs.map((p) => html`<p>${p}</p>`)}</section>`)}
    ${rules.options.length ? html`<section class="rules-options" lang=${rules.lang}>
      <h3>${t('rules.options', 'Options a match may be played with')}</h3>
      <dl>${rules.options.map((o) => html`<dt>${o.title}</dt><dd>${o.about}</dd>`)}</dl></section>` : null}
    <p><a href="#/">${t('rules.back', 'Back to the lobby')}</a></p>
  </article>`;
}
