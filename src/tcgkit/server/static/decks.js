// The deck editor, for every game: a deck is its text, one card a line (as deck files are);
// the game's own deck check (POST /api/games/NAME/deck-check) lists its problems by line, a
// click on one selects that line. Saved decks (GET/POST /api/decks) can be played from the
// lobby's "me" seat (a game whose hands come from a collection has its own page: collection.js).
import { html, useState, useEffect, useRef } from './vendor/htm-preact-standalone.module.js';
import { api } from './api.js';
import { OptionsForm, changed } from './lobby.js';
import { t } from './ui.js';

function lineRange(text, line) {  // the characters of a 1-based line
  const all = text.split('\n');
  const start = all.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  return [start, start + (all[line - 1] || '').length];
}

export function Decks() {
  const [games, setGames] = useState([]);
  const [game, setGame] = useState('');
  const [pool, setPool] = useState(null);
  const [saved, setSaved] = useState([]);
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [values, setValues] = useState({});
  const [check, setCheck] = useState(null);
  const [adding, setAdding] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const area = useRef(null);
  const reload = () => api('GET', '/api/decks').then(setSaved).catch((e) => setError(e.message));
  useEffect(() => {
    api('GET', '/api/games').then((g) => { setGames(g); if (g.length) setGame(g[0].name); }).catch((e) => setError(e.message));
    reload();
  }, []);
  // A game's cards, and below the check of the deck: an answer for a game or a text the
  // reader has since left is dropped (answers may come back out of order: the first game's
  // cards, asked for on opening, arrived after the chosen game's and replaced them).
  useEffect(() => {
    if (!game) return undefined;
    let current = true;
    setPool(null); setCheck(null); setValues({});
    api('GET', `/api/games/${game}/cards`).then((p) => { if (current) setPool(p); })
      .catch((e) => { if (current) setError(e.message); });
    return () => { current = false; };
  }, [game]);
  const chosen = games.find((g) => g.name === game);
  const options = chosen ? changed(chosen.options, values) : {};
  useEffect(() => {  // the check runs as the deck is written (after a short pause)
    if (!game) return undefined;
    let current = true;
    const later = setTimeout(() => {
      api('POST', `/api/games/${game}/deck-check`, { options, text }).then((c) => { if (current) setCheck(c); })
        .catch((e) => { if (current) setError(e.message); });
    }, 250);
    return () => { current = false; clearTimeout(later); };
  }, [game, text, JSON.stringify(options)]);
  const names = pool && pool.table ? pool.table.rows.map((r) => String(r.deck_name)) : [];
  const startFrom = (value) => {
    if (value === '*sample') setText(pool.sample.join('\n'));
    else if (value && pool.named_decks[value]) setText(pool.named_decks[value].join('\n'));
  };
  const add = (e) => {
    e.preventDefault();
    if (!adding.trim()) return;
    setText((old) => (old && !old.endsWith('\n') ? old + '\n' : old) + adding.trim());
    setAdding('');
  };
  const show = (line) => {
    const box = area.current;
    if (!box || !line) return;
    const [a, b] = lineRange(text, line);
    box.focus();
    box.setSelectionRange(a, b);
  };
  const save = async (e) => {
    e.preventDefault();
    try {
      await api('POST', '/api/decks', { game, name, options, cards: check ? check.cards : [] });
      setNote(t('decks.saved', 'Saved {name}.', { name })); setError(''); reload();
    } catch (err) { setError(err.message); setNote(''); }
  };
  const edit = (deck) => { setGame(deck.game); setName(deck.name); setText(deck.cards.join('\n')); };
  const remove = async (deck) => {
    try { await api('POST', '/api/decks/delete', { game: deck.game, name: deck.name }); reload(); }
    catch (err) { setError(err.message); }
  };
  const problems = check ? check.problems : [];
  return html`<section class="decks" aria-labelledby="decks-title">
    <h2 id="decks-title">${t('decks.title', 'Decks')}</h2>
    <div class="option"><label for="deck-game">${t('lobby.game', 'Game')}</label>
      <select id="deck-game" name="deck-game" onChange=${(e) => setGame(e.target.value)}>
        ${games.map((g) => html`<option value=${g.name} selected=${g.name === game}>${g.title}</option>`)}</select></div>
    <section aria-labelledby="saved-title"><h3 id="saved-title">${t('decks.saved_list', 'Saved decks')}</h3>
      <ul class="matches saved-decks">${saved.filter((d) => d.game === game).map((d) => html`<li data-deck=${d.name}>
        <span>${d.name} (${t('decks.count', '{n} {n:card|cards}', { n: d.cards.length })})</span>
        <button onClick=${() => edit(d)}>${t('decks.edit', 'Edit')}</button>
        <button onClick=${() => remove(d)} aria-label=${t('decks.delete_named', 'Delete {name}', { name: d.name })}>
          ${t('decks.delete', 'Delete')}</button></li>`)}</ul></section>
    <form class="deck-editor" onSubmit=${save}>
      <div class="option"><label for="deck-name">${t('decks.name', 'Deck name')}</label>
        <input id="deck-name" name="deck-name" required maxlength="40" value=${name} onInput=${(e) => setName(e.target.value)} /></div>
      ${pool ? html`<div class="option"><label for="deck-start">${t('decks.start', 'Start from')}</label>
        <select id="deck-start" name="deck-start" onChange=${(e) => startFrom(e.target.value)}>
          <option value="">${t('decks.start.pick', '(choose)')}</option>
          ${pool.sample.length ? html`<option value="*sample">${t('decks.start.sample', 'a legal deck')}</option>` : null}
          ${Object.keys(pool.named_decks).map((d) => html`<option value=${d}>${d}</option>`)}</select></div>` : null}
      ${chosen ? html`<details><summary>${t('decks.options', 'The rules this deck is checked by')}</summary>
        <${OptionsForm} game=${'deck-' + game} schema=${chosen.options} values=${values} setValues=${setValues} /></details>` : null}
      <div class="option deck-text"><label for="deck-text">${t('decks.text', 'Cards, one a line')}</label>
        <textarea id="deck-text" name="deck-text" ref=${area} rows="14" spellcheck="false" value=${text}
          aria-describedby="deck-problems" onInput=${(e) => setText(e.target.value)}></textarea></div>
      <div class="add-card">
        <label for="deck-add">${t('decks.add', 'Add a card')}</label>
        <input id="deck-add" name="deck-add" list="deck-cards" autocomplete="off" value=${adding}
          onInput=${(e) => setAdding(e.target.value)} onKeyDown=${(e) => { if (e.key === 'Enter') add(e); }} />
        <datalist id="deck-cards">${names.map((n) => html`<option value=${n} />`)}</datalist>
        <button type="button" onClick=${add}>${t('decks.add.button', 'Add')}</button>
      </div>
      <div id="deck-problems" class="deck-problems" aria-live="polite">
        ${check ? (problems.length
          ? html`<p class="problems-head"><span aria-hidden="true">✖ </span>${t('decks.problems',
              '{n} {n:problem|problems} ({cards} {cards:card|cards})', { n: problems.length, cards: check.cards.length })}</p>
            <ul>${problems.map((p) => html`<li data-line=${p.line === null ? '' : p.line}>
              ${p.line !== null ? html`<button type="button" class="line" onClick=${() => show(p.line)}>
                ${t('decks.line', 'line {n}', { n: p.line })}</button>` : html`<span class="line">${t('decks.whole', 'the deck')}</span>`}
              <span>${p.message}</span></li>`)}</ul>`
          : html`<p class="legal"><span aria-hidden="true">✔ </span>${t('decks.legal', 'A legal deck of {n} {n:card|cards}.',
              { n: check.cards.length })}</p>`) : null}
      </div>
      <div class="buttons"><button type="submit">${t('decks.save', 'Save')}</button></div>
      ${note ? html`<p class="note" role="status">${note}</p>` : null}
      ${error ? html`<p class="error" role="alert">${error}</p>` : null}
    </form>
  </section>`;
}
