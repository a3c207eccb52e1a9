// The account's Triple Triad cards (GET /api/collection: each card's copies, and those held by
// its trading matches in progress), and the hand picker a trading match asks for when it is
// created or joined: five of the free copies, or the strongest five (left to the server).
import { html, useState, useEffect } from './vendor/htm-preact-standalone.module.js';
import { api } from './api.js';
import { t } from './ui.js';
import { loadWords, word } from './words.js';

const GAME = 'triple-triad';

// The collection with each card's row of the card table (number, level, edges, element).
function useOwned() {
  const [owned, setOwned] = useState(null);
  const [error, setError] = useState('');
  useEffect(() => {
    Promise.all([api('GET', '/api/collection'), api('GET', `/api/games/${GAME}/cards`), loadWords(GAME)])
      .then(([mine, pool, words]) => {
        const rows = new Map(pool.table.rows.map((r) => [r.name, r]));
        const cards = Object.entries(mine.cards).map(([name, count]) => ({
          name, count, held: (mine.held || {})[name] || 0, row: rows.get(name) || { name } }));
        setOwned({ ...mine, list: cards, table: pool.table, words });
      }).catch((e) => setError(e.message));
  }, []);
  return [owned, error];
}

function edges(row) {
  return row.edges === undefined ? '' : String(row.edges);
}

export function Collection() {
  const [owned, error] = useOwned();
  const [level, setLevel] = useState('');
  if (!owned) return error ? html`<p class="error" role="alert">${error}</p>` : html`<p>${t('app.loading', 'Loading…')}</p>`;
  const levels = [...new Set(owned.list.map((c) => c.row.level))].filter((l) => l !== undefined);
  const shown = owned.list.filter((c) => level === '' || String(c.row.level) === level);
  const held = owned.list.reduce((n, c) => n + c.held, 0);
  return html`<section class="collection" aria-labelledby="collection-title">
    <h2 id="collection-title">${t('collection.title', 'Your Triple Triad cards')}</h2>
    <p class="collection-summary">${t('collection.total', '{n} {n:card|cards}', { n: owned.total })}
      ${' · '}${t('collection.trades', '{n} {n:trade|trades}', { n: owned.trades })}
      ${held ? html`${' · '}${t('collection.held', '{n} held by your trading matches in progress', { n: held })}` : null}</p>
    <p>${t('collection.note', 'A match with a trade rule takes your hand from these cards, and the cards won or lost change hands when it ends.')}</p>
    <div class="option"><label for="collection-level">${t('collection.level', 'Level')}</label>
      <select id="collection-level" name="collection-level" onChange=${(e) => setLevel(e.target.value)}>
        <option value="">${t('collection.all', 'all')}</option>
        ${levels.map((l) => html`<option value=${String(l)}>${String(l)}</option>`)}</select></div>
    <div class="table-wrap" tabindex="0" role="region" aria-label=${t('collection.title', 'Your Triple Triad cards')}>
      <table class="cards owned"><thead><tr>
        <th scope="col">#</th><th scope="col">${t('collection.card', 'Card')}</th>
        <th scope="col">${t('collection.level', 'Level')}</th><th scope="col">${t('collection.edges', 'Top Right Bottom Left')}</th>
        <th scope="col">${t('collection.element', 'Element')}</th><th scope="col">${t('collection.copies', 'Copies')}</th>
        <th scope="col">${t('collection.free', 'Free')}</th></tr></thead>
        <tbody>${shown.map((c) => html`<tr data-card=${c.name}><td>${c.row.number}</td><td>${c.name}</td>
          <td>${c.row.level}</td><td class="edges">${edges(c.row)}</td><td>${c.row.element ? word(c.row.element, owned.words) : ''}</td>
          <td>${c.count}</td><td>${c.count - c.held}</td></tr>`)}</tbody>
      </table></div>
  </section>`;
}

// Five cards of the free copies, or none (the strongest five, picked by the server): the hand
// given as the seat's "hand", "Name, Name, ..." (null: the strongest).
export function HandPicker({ size, hand, setHand }) {
  const [owned, error] = useOwned();
  if (!owned) return error ? html`<p class="error" role="alert">${error}</p>` : html`<p>${t('app.loading', 'Loading…')}</p>`;
  const chosen = hand || [];
  const taken = (name) => chosen.filter((n) => n === name).length;
  const free = owned.list.filter((c) => c.count - c.held > 0);
  const add = (name) => { if (chosen.length < size) setHand([...chosen, name]); };
  const remove = (i) => { const next = chosen.filter((_, j) => j !== i); setHand(next.length ? next : null); };
  return html`<fieldset class="hand-picker"><legend>${t('hand.title', 'Your hand, from your collection')}</legend>
    <p class="hand-chosen" aria-live="polite">${chosen.length
      ? t('hand.count', '{n} of {size} cards:', { n: chosen.length, size })
      : t('hand.auto', 'None picked: the strongest {size} of your free cards.', { size })}
      ${chosen.map((name, i) => html` <button type="button" class="hand-card" onClick=${() => remove(i)}
        aria-label=${t('hand.remove', 'Take {name} out of the hand', { name })}>${name} ✕</button>`)}</p>
    <ul class="hand-pool">${free.map((c) => html`<li><button type="button" data-card=${c.name}
        disabled=${chosen.length >= size || taken(c.name) >= c.count - c.held} onClick=${() => add(c.name)}
        aria-label=${t('hand.add', 'Add {name} (level {level}, {edges}) to the hand', { name: c.name, level: c.row.level, edges: edges(c.row) })}>
      <span class="hand-name">${c.name}</span> <small>${t('collection.level', 'Level')} ${c.row.level}${' · '}${edges(c.row)}${' · ×'}${c.count - c.held - taken(c.name)}</small></button></li>`)}</ul>
    ${chosen.length && chosen.length < size ? html`<p class="problems-head">${t('hand.short', 'A hand is {size} cards: pick {n} more, or take them all out for the strongest.', { size, n: size - chosen.length })}</p>` : null}
  </fieldset>`;
}

// Whether a match of `game` under `options` takes hands from collections: {trades, picked, size}.
export function handRules(game, options) {
  return api('POST', `/api/games/${game}/hands`, { options });
}

export function handText(hand) {
  return hand && hand.length ? hand.join(', ') : undefined;
}
