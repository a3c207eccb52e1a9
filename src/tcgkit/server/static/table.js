// The one renderer: draws any game's scene (docs/scene.schema.json) and turns clicks on the
// legal actions' refs into moves. A game adds nothing here: areas are drawn by their layout,
// cards by their fields, style tokens take the colours the game declares.
import { html, useState, useEffect, useRef } from './vendor/htm-preact-standalone.module.js';
import { clockText, t } from './ui.js';
import { lines, refKey, say, seatName, word } from './words.js';

// -- moves by clicking ----------------------------------------------------------------------
// A move's refs are what it points at (a card, then a cell). After each click, the moves
// still possible are those holding every ref clicked so far; one left is played, several
// that need no further click open a menu, else their other refs become clickable.
export function narrow(moves, chosen) {
  const keys = chosen.map(refKey);
  return moves.filter((m) => {
    const own = (m.refs || []).map(refKey);
    return keys.every((k) => own.includes(k));
  });
}

function complete(move, chosen) {
  const keys = new Set(chosen.map(refKey));
  return (move.refs || []).every((r) => keys.has(refKey(r)));
}

function nextRefs(moves, chosen) {
  const keys = new Set(chosen.map(refKey));
  const out = new Set();
  for (const m of narrow(moves, chosen)) {
    for (const r of m.refs || []) if (!keys.has(refKey(r))) out.add(refKey(r));
  }
  return out;
}

// -- secret choices -------------------------------------------------------------------------
// Who has made a secret choice the viewer cannot see. Simultaneous choices are a run of
// secret decisions: each answered one marks its player; the run ends (every mark cleared) at
// a decision that is not secret, or at one whose player is marked already (a new round).
export function secretMarks(marks, before, after) {
  const next = new Set(marks);
  if (before && before.secret) next.add(before.player);
  if (!after || !after.secret || next.has(after.player)) next.clear();
  return next;
}

// -- drawing ----------------------------------------------------------------------------------
function styleOf(tokens, words) {
  const style = {};
  const classes = [];
  for (const token of tokens || []) {
    classes.push('s-' + token.replace(/[^a-zA-Z0-9_-]+/g, '-'));
    const s = words.styles[token];
    if (!s) continue;
    if (s.color) style['--accent'] = s.color;
    if (s.bold) style.fontWeight = 'bold';
    if (s.dim) style.opacity = '0.7';
  }
  return { style, cls: classes.join(' ') };
}

// A label, a cell's mark or a value as the reader reads it: a sentence said ("E6 empty"), a
// word of the game translated ("hand"), a number as it is, a list each of these in turn.
export function shownText(value, words, ctx) {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((part) => shownText(part, words, ctx)).join(', ');
  if (typeof value === 'object' && 'args' in value) return say(value, words, ctx || {});
  return typeof value === 'string' ? word(value, words) : String(value);
}

// Card text: a field that holds its value in other languages (in those the card data holds).
function cardText(field) {
  return !!field.translations && Object.keys(field.translations).length > 0;
}

// A field's value: card text in the reader's language when the card data holds it (else as
// printed, or word by word when it is a list), any other value as shownText.
function fieldText(field, words, ctx) {
  if (cardText(field)) {  // printed text as it is; a list of words and sentences in the reader's
    const found = words && field.translations[words.lang];
    if (found) return found;
    return typeof field.value === 'object' && field.value !== null ? shownText(field.value, words, ctx)
      : String(field.value ?? '');
  }
  return shownText(field.value, words, ctx);
}

// A card's name and its "#id" (Red Mage#8): the id is kept whole on the name's last line, so
// a narrow card breaks between words, never inside "#8".
function nameParts(name) {
  const at = typeof name === 'string' ? name.lastIndexOf('#') : -1;
  if (at <= 0) return name;
  return html`${name.slice(0, at)}<span class="card-id">${name.slice(at)}</span>`;
}

// A card's name in the reader's language when the card data holds it (Monster Collection's
// Chinese), else as the notation types it; the card's label and tooltip keep that one too.
function cardName(face, words) {
  return (words && face.names && face.names[words.lang]) || face.name;
}

export function Card({ face, words, ctx, clickable, chosen, onPick, ownerName }) {
  if (face.up === false) {  // the schema's default is face up
    return html`<div class="card back" aria-label=${t('table.card.back_label', 'a face-down card')}><span>${t('table.card.back', 'face down')}</span></div>`;
  }
  const { style, cls } = styleOf(face.style, words);
  const around = {};
  const listed = [];
  for (const field of face.fields || []) {
    if (field.at) around[field.at] = field;
    else if (fieldText(field, words, ctx) !== '') listed.push(field);
  }
  const owner = face.owner === null || face.owner === undefined ? '' : ` owner-${face.owner}`;
  const pick = clickable ? () => onPick(face.ref) : null;
  const edges = ['top', 'right', 'bottom', 'left'].filter((at) => around[at]);
  // A style token's meaning in words too (a colour is never the only sign), unless a field
  // or a mark already says it.
  const value = (f) => fieldText(f, words, ctx);
  const marks = (face.marks || []).map((m) => word(m, words));
  const said = new Set([...(face.fields || []).filter((f) => typeof f.value === 'string').map((f) => f.value.toLowerCase()),
    ...(face.marks || [])]);
  const tags = (face.style || []).filter((t) => t.includes(':')).map((t) => t.split(':').slice(1).join(':'))
    .filter((t) => !said.has(t.toLowerCase()));
  const name = cardName(face, words);
  const label = [name === face.name ? name : `${name} (${face.name})`, ownerName ? `${ownerName}'s` : '', ...edges.map((at) => `${at} ${value(around[at])}`),
    ...listed.map((f) => `${word(f.label, words)} ${value(f)}`), ...tags,
    around.corner ? value(around.corner) : '', ...marks].filter(Boolean).join(', ');
  const body = html`
    ${edges.length ? html`<div class="edges">${edges.map((at) => html`
      <span class=${'edge ' + at}>${value(around[at])}</span>`)}</div>` : null}
    ${ownerName ? html`<span class="owner-tag">${ownerName}</span>` : null}
    <div class="name" title=${name === face.name ? null : face.name}>${nameParts(name)}</div>
    ${around.corner && value(around.corner) ? html`<div class="corner">${value(around.corner)}</div>` : null}
    ${listed.length ? html`<dl class="fields">${listed.map((f) => html`
      <div class=${value(f).length > 14 ? 'field long' : 'field'} data-field=${f.key}
        data-card-text=${cardText(f) ? 'yes' : undefined}><dt>${word(f.label, words)}</dt>${' '}<dd>${value(f)}</dd></div>`)}</dl>` : null}
    ${marks.length || tags.length ? html`<div class="marks">
      ${tags.map((t) => html`<span class="tag">${word(t, words)}</span>`)}
      ${marks.map((m) => html`<span class="mark">${m}</span>`)}</div>` : null}`;
  const classes = `card up ${cls}${owner}${edges.length ? ' edged' : ''}${chosen ? ' chosen' : ''}`;
  if (pick) {
    return html`<button class=${classes + ' clickable'} style=${style} aria-label=${label}
      data-ref=${refKey(face.ref)} onClick=${pick}>${body}</button>`;
  }
  return html`<div class=${classes} style=${style} aria-label=${label}
    data-ref=${face.ref ? refKey(face.ref) : null}>${body}</div>`;
}

// Quarter turns clockwise of a rows x cols grid: for each place drawn, the item's index.
export function rotated(rows, cols, turns) {
  let order = [...Array(rows * cols).keys()];
  let r = rows, c = cols;
  for (let t = 0; t < ((turns % 4) + 4) % 4; t++) {
    const next = [];
    for (let i = 0; i < c; i++) for (let j = 0; j < r; j++) next.push(order[(r - 1 - j) * c + i]);
    order = next;
    [r, c] = [c, r];
  }
  return { order, rows: r, cols: c };
}

function Grid({ area, ctx, ...pass }) {
  const turns = (area.turns || {})[String(ctx.viewer)] || 0;
  const { order, cols } = rotated(area.rows, area.cols, turns);
  return html`<div class="grid" style=${{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }}
      role="grid" aria-label=${word(area.label, pass.words)}>
    ${order.map((i) => {
      const face = (area.items || [])[i];
      const ref = (area.refs || [])[i];
      const mark = shownText((area.cell_marks || [])[i], pass.words, ctx);
      const clickable = ref && pass.next.has(refKey(ref));
      const owner = face && face.owner !== null && face.owner !== undefined ? seatName(face.owner, ctx) : '';
      const inner = html`${face ? html`<${Card} face=${face} ownerName=${owner} ...${cardProps(face, pass)} />` : null}
        ${mark ? html`<span class="cell-mark">${mark}</span>` : null}`;
      const label = [t('table.cell', 'cell {id}', { id: ref ? ref.id : i }), mark, face ? '' : t('table.cell.empty', 'empty')]
        .filter(Boolean).join(', ');
      if (clickable && !face) {
        return html`<button class="cell clickable" data-ref=${refKey(ref)} aria-label=${label}
          onClick=${() => pass.onPick(ref)}>${inner}</button>`;
      }
      return html`<div class="cell" role="gridcell" data-ref=${ref ? refKey(ref) : null}
        aria-label=${label}>${inner}</div>`;
    })}
  </div>`;
}

function cardProps(face, pass) {
  const key = face.ref ? refKey(face.ref) : null;
  return { words: pass.words, ctx: pass.ctx, onPick: pass.onPick, clickable: key !== null && pass.next.has(key),
    chosen: key !== null && pass.chosenKeys.has(key) };
}

function Area({ area, ctx, ...pass }) {
  const owner = area.owner === null || area.owner === undefined ? '' : seatName(area.owner, ctx);
  const label = shownText(area.label, pass.words, ctx);
  const title = owner ? `${owner}: ${label}` : label;
  const count = area.hidden || area.layout === 'pile' ? html`<span class="count">${area.count}</span>` : null;
  let body;
  if (area.layout === 'grid') {
    body = html`<${Grid} area=${area} ctx=${ctx} ...${pass} />`;
  } else if (area.hidden) {
    const backs = area.layout === 'pile' ? Math.min(area.count, 1) : Math.min(area.count, 8);
    body = html`<div class="row hidden">${[...Array(backs).keys()].map(() => html`
      <div class="card back mini" aria-hidden="true"></div>`)}</div>`;
  } else {
    const all = area.items || [];
    const items = area.layout === 'pile' ? all.slice(-1) : all;
    body = html`<div class=${area.layout}>${items.map((face) => face
      ? html`<${Card} face=${face} ...${cardProps(face, pass)} />`
      : html`<div class="card empty"></div>`)}</div>`;
  }
  const areaRefs = area.layout === 'grid' ? [] : (area.refs || []).filter((r) => pass.next.has(refKey(r)));
  const { style, cls } = styleOf(area.style, pass.words);
  const empty = area.layout !== 'grid' && !area.count && !(area.items || []).some(Boolean) ? ' empty-area' : '';
  return html`<section class=${`area layout-${area.layout} ${cls}${empty}`} style=${style} data-area=${area.key}
      aria-label=${title}>
    <h3>${title} ${count}
      ${areaRefs.map((r) => html`<button class="target" data-ref=${refKey(r)}
        onClick=${() => pass.onPick(r)}>${t('table.choose', 'choose')}</button>`)}</h3>
    ${body}
    ${(area.counters || []).length ? html`<div class="counters">${area.counters.map((c) => html`
      <span class="counter">${word(c.label, pass.words)} ${shownText(c.value, pass.words, ctx)}</span>`)}</div>` : null}
  </section>`;
}

// A seat's time, counted down here between the server's messages (the server's clock is
// the one that counts: each message sets this one again).
function SeatClock({ clock, at }) {
  const [now, setNow] = useState(performance.now());
  useEffect(() => {
    if (!clock.running) return undefined;
    const every = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(every);
  }, [clock.running, at]);
  const spent = clock.running ? Math.max(0, (now - at) / 1000) : 0;
  const buffer = Math.max(0, (clock.buffer || 0) - spent);
  const bank = Math.max(0, (clock.bank || 0) - Math.max(0, spent - (clock.buffer || 0)));
  const bankless = clock.bank === undefined || clock.bank === null;
  const text = bankless ? clockText(buffer) : clock.buffer ? `${clockText(buffer)} + ${clockText(bank)}` : clockText(bank);
  const label = clock.running ? t('table.clock.running', 'time left, running: {time}', { time: text })
    : t('table.clock.stopped', 'time left: {time}', { time: text });
  return html`<span class=${'clock' + (clock.running ? ' running' : '')} role="timer" aria-label=${label}>
    <span aria-hidden="true">${clock.running ? '▶ ' : '⏸ '}</span>${text}</span>`;
}

function Seats({ scene, ctx, pass, live }) {
  const clocks = live ? live.clocks : { list: [], at: 0 };
  const infos = live ? live.seats : [];
  const secret = new Set(live ? live.secret : []);
  return html`<div class="seats">${scene.seats.map((seat) => {
    const ref = { kind: 'player', id: seat.player };
    const clickable = pass.next.has(refKey(ref));
    const { style, cls } = styleOf(seat.style, pass.words);
    const clock = clocks.list.find((c) => c.seat === seat.player);
    const info = infos.find((i) => i.seat === seat.player);
    const away = info && info.kind === 'human' && !info.connected;
    const body = html`<strong>${seatName(seat.player, ctx)}</strong>
      ${seat.to_move ? html`<span class="to-move">${t('table.to_move', 'to move')}</span>` : null}
      ${seat.out ? html`<span class="out">${t('table.out', 'out')}</span>` : null}
      ${secret.has(seat.player) ? html`<span class="sealed" data-sealed=${seat.player}>
        <span aria-hidden="true">✔ </span>${t('table.sealed', 'chose in secret')}</span>` : null}
      ${away ? html`<span class="away">${info.stand_in ? t('table.stand_in', 'away: the AI plays for them')
        : t('table.away', 'away')}</span>` : null}
      ${(seat.counters || []).map((c) => html`<span class="counter">${word(c.label, pass.words)} ${shownText(c.value, pass.words, ctx)}</span>`)}
      ${clock ? html`<${SeatClock} clock=${clock} at=${clocks.at} />` : null}`;
    const classes = `seat ${cls}${seat.to_move ? ' moving' : ''}${seat.player === ctx.viewer ? ' mine' : ''}`;
    return clickable
      ? html`<button class=${classes + ' clickable'} style=${style} data-ref=${refKey(ref)}
          onClick=${() => pass.onPick(ref)}>${body}</button>`
      : html`<div class=${classes} style=${style} data-seat=${seat.player}>${body}</div>`;
  })}</div>`;
}

function Stack({ scene, ctx, pass }) {
  if (!(scene.stack || []).length && !scene.window) return null;
  return html`<section class="area stack-area" aria-label=${t('table.stack.label', 'the stack')}>
    <h3>${t('table.stack', 'Stack')}${scene.window ? html` <span class="window">${scene.window.label
      ? say(scene.window.label, pass.words, ctx) : scene.window.kind}: ${seatName(scene.window.holder, ctx)}</span>` : null}</h3>
    <div class="stack">${(scene.stack || []).map((item) => html`<div class="stack-item">
      <${Card} face=${item.face} ...${cardProps(item.face, pass)} />
      <span>${seatName(item.player, ctx)}${item.note ? ': ' + say(item.note, pass.words, ctx) : ''}</span>
    </div>`)}</div>
  </section>`;
}

function moveLabel(move, words, ctx) {
  if (move.note) return `${move.notation}: ${say(move.note, words, ctx)}`;
  if (move.text && move.text.value) return `${move.notation}: ${fieldText(move.text, words, ctx)}`;
  return move.notation;
}

// The refs the table draws something clickable for: a move pointing at anything else (a
// card of a zone the scene does not show) is offered in the menu instead, never unreachable.
export function drawnRefs(scene) {
  const out = new Set();
  const face = (f) => { if (f && f.ref) out.add(refKey(f.ref)); };
  for (const area of scene.areas || []) {  // as Area draws them: a pile shows its top card only
    const items = area.items || [];
    if (area.layout === 'grid' || !area.hidden) (area.layout === 'pile' ? items.slice(-1) : items).forEach(face);
    for (const r of area.refs || []) out.add(refKey(r));
  }
  for (const seat of scene.seats || []) out.add(refKey({ kind: 'player', id: seat.player }));
  for (const item of scene.stack || []) face(item.face);
  return out;
}

function Moves({ scene, chosen, setChosen, onAct, words, ctx }) {
  const [typed, setTyped] = useState('');
  const moves = scene.moves || [];
  const left = narrow(moves, chosen);
  const drawn = drawnRefs(scene);
  const unreachable = (m) => !(m.refs || []).every((r) => drawn.has(refKey(r)));
  const menu = chosen.length ? left.filter((m) => complete(m, chosen) || unreachable(m))
    : moves.filter((m) => unreachable(m) || !(m.refs || []).length);
  const submit = (e) => {
    e.preventDefault();
    const text = typed.trim();
    if (text) { onAct(text); setTyped(''); }
  };
  return html`<section class="moves" aria-label=${t('table.moves', 'moves')}>
    ${chosen.length ? html`<div class="chosen-bar">
      <span>${t('table.moves.left', '{n} {n:move|moves} with your choice', { n: left.length })}</span>
      <button class="cancel" onClick=${() => setChosen([])}>${t('table.cancel', 'cancel')}</button></div>` : null}
    ${menu.length ? html`<div class="menu" role="menu">${menu.map((m) => html`
      <button role="menuitem" class="move" data-notation=${m.notation}
        onClick=${() => { setChosen([]); onAct(m.notation); }}>${moveLabel(m, words, ctx)}</button>`)}</div>` : null}
    <form class="notation" onSubmit=${submit}>
      <label for="notation-input">${t('table.move', 'Move')}</label>
      <input id="notation-input" list="notations" autocomplete="off" value=${typed}
        placeholder=${moves.length ? moves[0].notation : ''} onInput=${(e) => setTyped(e.target.value)} />
      <datalist id="notations">${moves.map((m) => html`<option value=${m.notation} />`)}</datalist>
      <button type="submit">${t('table.play', 'play')}</button>
    </form>
  </section>`;
}

// Help against the AI (the welcome's assists): a hint, the move it names shown and playable
// with one click, and undo; each button only where the server offers it.
function Assist({ assist, scene, words, ctx, onAct, mine }) {
  if (!assist || !assist.offered.length) return null;
  const hint = assist.hint;
  const move = hint && (scene.moves || []).find((m) => m.notation === hint.action);
  return html`<div class="assist" role="group" aria-label=${t('table.assist', 'help against the AI')}>
    ${assist.offered.includes('hint') && mine ? html`<button class="hint-button" onClick=${assist.onHint}>
      ${t('table.hint.ask', 'Hint')}</button>` : null}
    ${assist.offered.includes('undo') ? html`<button class="undo-button" onClick=${assist.onUndo}>
      ${t('table.undo', 'Undo my last move')}</button>` : null}
    ${move ? html`<p class="hint" role="status" data-hint=${move.notation}>
      ${t('table.hint', 'The AI would play {move}.', { move: moveLabel(move, words, ctx) })}
      ${' '}${hint.tie ? t('table.hint.tie', 'Every move looks as good.')
        : t('table.hint.why', 'Its estimate for you: {before} now, {after} after it.',
          { before: String(Math.round(hint.before * 100) / 100), after: String(Math.round(hint.after * 100) / 100) })}
      ${' '}<button onClick=${() => onAct(move.notation)}>${t('table.hint.play', 'Play it')}</button></p>` : null}
    ${assist.note ? html`<p class="note" role="status">${assist.note}</p>` : null}
  </div>`;
}

function outcomeText(outcome, words, ctx) {
  const reason = outcome.reason ? ` (${word(outcome.reason, words)})` : '';
  if (outcome.winner !== undefined && outcome.winner !== null) {
    return t('table.over.won', 'The game is over: {name} won{reason}.', { name: seatName(outcome.winner, ctx), reason });
  }
  const ranks = outcome.ranks || [];
  const first = ranks.map((r, p) => [r, p]).filter(([r]) => r === 0).map(([, p]) => seatName(p, ctx));
  return first.length > 1 && first.length < ranks.length
    ? t('table.over.shared', 'The game is over: {names} share first place{reason}.',
      { names: first.join(t('table.and', ' and ')), reason })
    : t('table.over.draw', 'The game is over: a draw{reason}.', { reason });
}

// The whole table: seats, areas (grouped ones side by side), the stack, whose turn and what
// is asked, the moves, and the log.
export function Table({ scene, words, ctx, log, onAct, error, ended, live, assist }) {
  const outcome = scene.outcome || ended;  // the game's result, or the server's (a clock, an absence)
  const [chosen, setChosen] = useState([]);
  useEffect(() => setChosen([]), [scene]);
  const logEnd = useRef(null);
  useEffect(() => { if (logEnd.current) logEnd.current.scrollTop = logEnd.current.scrollHeight; }, [log.length]);
  const moves = scene.moves || [];
  const onPick = (ref) => {
    const next = [...chosen, ref];
    const left = narrow(moves, next);
    if (left.length === 1 && complete(left[0], next)) { setChosen([]); onAct(left[0].notation); return; }
    if (left.length === 0) { setChosen([ref]); return; }
    setChosen(next);
  };
  const pass = { words, ctx, onPick, next: nextRefs(moves, chosen), chosenKeys: new Set(chosen.map(refKey)) };
  const parts = [];
  const groups = new Map();
  for (const area of scene.areas) {
    if (!area.group) { parts.push(area); continue; }
    if (!groups.has(area.group)) { groups.set(area.group, []); parts.push({ group: area.group }); }
    groups.get(area.group).push(area);
  }
  const pending = scene.pending;
  const status = lines(scene.status || [], words, ctx);
  return html`<div class="table">
    <${Seats} scene=${scene} ctx=${ctx} pass=${pass} live=${live} />
    ${status.length ? html`<div class="status">${status.map((s) => html`<p>${s}</p>`)}</div>` : null}
    ${outcome ? html`<p class="outcome" role="status">${outcomeText(outcome, words, ctx)}</p>` : null}
    ${pending ? html`<p class=${'pending' + (pending.player === ctx.viewer ? ' yours' : '')} role="status">
      <strong>${seatName(pending.player, ctx)}</strong>: ${pending.player === ctx.viewer || !pending.secret
        ? say(pending.prompt, words, ctx) : t('table.choosing_secret', 'choosing in secret')}</p>` : null}
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
    <div class="areas">${parts.map((p) => p.group
      ? html`<div class="group" data-group=${p.group}>${groups.get(p.group).map((a) => html`
          <${Area} area=${a} ctx=${ctx} ...${pass} />`)}</div>`
      : html`<${Area} area=${p} ctx=${ctx} ...${pass} />`)}</div>
    <${Stack} scene=${scene} ctx=${ctx} pass=${pass} />
    ${moves.length && !ended ? html`<${Moves} scene=${scene} chosen=${chosen} setChosen=${setChosen}
      onAct=${onAct} words=${words} ctx=${ctx} />` : null}
    ${!outcome ? html`<${Assist} assist=${assist} scene=${scene} words=${words} ctx=${ctx} onAct=${onAct}
      mine=${moves.length > 0 && pending && pending.player === ctx.viewer} />` : null}
    <section class="log" aria-label=${t('table.log.label', 'log')}><h3>${t('table.log', 'Log')}</h3>
      <ol ref=${logEnd}>${log.map((line) => html`<li>${line}</li>`)}</ol></section>
  </div>`;
}
