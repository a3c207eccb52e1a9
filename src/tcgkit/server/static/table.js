// The one renderer: draws any game's scene (docs/scene.schema.json) as a table and turns clicks
// on the legal actions' refs into moves. A game adds nothing here: areas are placed by their
// role, cards drawn by their kind's template, the last step's changes marked and animated,
// style tokens take the colours the game declares.
import { html, useState, useEffect, useRef } from './vendor/htm-preact-standalone.module.js';
import { Art, Die } from './art.js';
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

// -- card names ----------------------------------------------------------------------------------
// A card's name as the reader reads it: in the reader's language when the card data holds it
// (Monster Collection's Chinese), without the "#id" the notation types, unless another card
// on the table has the same name: then the id tells the copies apart, in a small tag.
function baseName(name) {
  const at = typeof name === 'string' ? name.lastIndexOf('#') : -1;
  return at > 0 && /^\d+$/.test(name.slice(at + 1)) ? [name.slice(0, at).trimEnd(), name.slice(at)] : [name, ''];
}

function cardName(face, words) {
  return (words && face.names && face.names[words.lang]) || face.name;
}

function NameText({ face, words, copies }) {
  const [base, id] = baseName(cardName(face, words));
  return html`${base}${id && copies && copies.has(baseName(face.name)[0])
    ? html`<span class="card-id">${id}</span>` : null}`;
}

// The names that two or more faces of the scene share (their ids are then shown).
export function copiesOf(scene) {
  const seen = new Set();
  const twice = new Set();
  const look = (face) => {
    if (!face || !face.name) return;
    const [base] = baseName(face.name);
    if (seen.has(base)) twice.add(base); else seen.add(base);
  };
  for (const area of scene.areas || []) {
    (area.items || []).forEach(look);
    for (const standing of area.standing || []) standing.forEach(look);
  }
  for (const item of scene.stack || []) look(item.face);
  return twice;
}

// -- card faces ----------------------------------------------------------------------------------
// A face is drawn by its kind's template (scene.templates): the fields the template places on
// the face (cost, the corner, the edges, the stats row, the type line, the text box, a badge on
// the art), the art generated from the art token, the marks. A face without a template lists
// its fields by their old "at" places, as before templates.
function templateOf(face, pass) {
  return face.kind && pass.templates ? pass.templates.get(face.kind) : null;
}

function placed(face, template) {
  const at = {};
  const listed = [];
  for (const field of face.fields || []) {
    const place = template ? template.places[field.key] : field.at;
    if (!place) { if (!template) listed.push(field); continue; }
    if (place === 'stats') (at.stats = at.stats || []).push(field);
    else at[place] = field;
  }
  return { at, listed };
}

// What a card says in words (its label for a screen reader and its tooltip): the name, the
// owner, every field with its label, its marks.
function cardLabel(face, words, ctx, ownerName) {
  const value = (f) => fieldText(f, words, ctx);
  const name = cardName(face, words);
  return [name === face.name ? baseName(name)[0] : `${name} (${face.name})`, ownerName ? `${ownerName}'s` : '',
    ...(face.fields || []).map((f) => `${word(f.label, words)} ${value(f)}`),
    ...(face.marks || []).map((m) => word(m, words))].filter(Boolean).join(', ');
}

export function Card({ face, words, ctx, clickable, chosen, onPick, ownerName, pass }) {
  if (face.up === false) {  // the schema's default is face up
    const owner = face.owner === null || face.owner === undefined ? '' : ` owner-${face.owner}`;
    return html`<div class=${'card back' + owner + (pass && pass.lit(face.ref) || '')}
      aria-label=${ownerName ? t('table.card.back_of', 'a face-down card of {name}', { name: ownerName })
        : t('table.card.back_label', 'a face-down card')}>
      ${ownerName ? html`<span class="owner-tag">${ownerName}</span>` : html`<span>${t('table.card.back', 'face down')}</span>`}</div>`;
  }
  const template = pass ? templateOf(face, pass) : null;
  const { style, cls } = styleOf(face.style, words);
  const { at, listed } = placed(face, template);
  const value = (f) => fieldText(f, words, ctx);
  const marks = (face.marks || []).map((m) => word(m, words));
  const owner = face.owner === null || face.owner === undefined ? '' : ` owner-${face.owner}`;
  const edges = ['top', 'right', 'bottom', 'left'].filter((p) => at[p]);
  // A style token's meaning in words too (a colour is never the only sign), unless a field,
  // a mark or the badge already says it.
  const said = new Set([...(face.fields || []).filter((f) => typeof f.value === 'string').map((f) => f.value.toLowerCase()),
    ...(face.marks || [])]);
  const tags = template ? [] : (face.style || []).filter((tk) => tk.includes(':')).map((tk) => tk.split(':').slice(1).join(':'))
    .filter((tk) => !said.has(tk.toLowerCase()));
  const badge = at.badge ? value(at.badge) : template && template.art
    ? ((face.style || []).find((tk) => tk.startsWith(template.art + ':')) || '').split(':').slice(1).join(':') : '';
  const label = cardLabel(face, words, ctx, ownerName);
  const body = template ? html`
    <div class="c-head">
      ${at.cost ? html`<span class="c-cost" title=${word(at.cost.label, words)}>${value(at.cost)}</span>` : null}
      <span class="name" title=${cardName(face, words) === face.name ? null : face.name}><${NameText} face=${face} words=${words} copies=${pass && pass.copies} /></span>
      ${at.corner ? html`<span class="c-corner" title=${word(at.corner.label, words)}>${value(at.corner)}</span>` : null}
    </div>
    <div class="c-art"><${Art} face=${face} template=${template} />
      ${edges.length ? html`<div class="edges">${edges.map((p) => html`<span class=${'edge edge-' + p}>${value(at[p])}</span>`)}</div>` : null}
      ${badge ? html`<span class="c-badge tag">${word(badge, words)}</span>` : null}
      ${ownerName ? html`<span class="owner-tag">${ownerName}</span>` : null}
    </div>
    ${at.type && value(at.type) ? html`<div class="c-type">${value(at.type)}</div>` : null}
    ${at.text && value(at.text) ? html`<div class="c-text" data-card-text="yes">${value(at.text)}</div>` : null}
    ${at.stats ? html`<div class="c-stats">${at.stats.map((f) => html`<span class="c-stat" data-field=${f.key}
      title=${word(f.label, words)} style=${styleOf(f.style, words).style}>${value(f)}</span>`)}</div>` : null}
    ${marks.length ? html`<div class="marks">${marks.map((m) => html`<span class="mark">${m}</span>`)}</div>` : null}`
    : html`
    ${edges.length ? html`<div class="edges">${edges.map((p) => html`
      <span class=${'edge edge-' + p}>${value(at[p])}</span>`)}</div>` : null}
    ${ownerName ? html`<span class="owner-tag">${ownerName}</span>` : null}
    <div class="name" title=${cardName(face, words) === face.name ? null : face.name}><${NameText} face=${face} words=${words} copies=${pass && pass.copies} /></div>
    ${at.corner && value(at.corner) ? html`<div class="corner">${value(at.corner)}</div>` : null}
    ${listed.length ? html`<dl class="fields">${listed.filter((f) => value(f) !== '').map((f) => html`
      <div class=${value(f).length > 14 ? 'field long' : 'field'} data-field=${f.key}
        data-card-text=${cardText(f) ? 'yes' : undefined}><dt>${word(f.label, words)}</dt>${' '}<dd>${value(f)}</dd></div>`)}</dl>` : null}
    ${marks.length || tags.length ? html`<div class="marks">
      ${tags.map((tg) => html`<span class="tag">${word(tg, words)}</span>`)}
      ${marks.map((m) => html`<span class="mark">${m}</span>`)}</div>` : null}`;
  const lit = pass ? pass.lit(face.ref) : '';
  const kind = template ? ` tpl kind-${face.kind.replace(/[^a-zA-Z0-9_-]+/g, '-')}` : '';
  const classes = `card up ${cls}${owner}${kind}${edges.length ? ' edged' : ''}${chosen ? ' chosen' : ''}${lit}${face.marks && face.marks.length ? ' marked' : ''}`;
  const look = pass ? pass.look(face) : {};
  if (clickable) {
    return html`<button class=${classes + ' clickable'} style=${style} aria-label=${label}
      data-ref=${refKey(face.ref)} onClick=${() => onPick(face.ref)} ...${look}>${body}</button>`;
  }
  return html`<div class=${classes} style=${style} aria-label=${label} tabindex=${pass ? '0' : null}
    data-ref=${face.ref ? refKey(face.ref) : null} ...${look}>${body}</div>`;
}

// The full form of a card (the zoom): its name in the reader's language (with its id when
// another card on the table shares the name, as on the card) and as typed, every field with
// its label, card text in full, its marks.
export function FullCard({ face, words, ctx, pass }) {
  if (!face || face.up === false) return null;
  const template = templateOf(face, pass);
  const name = cardName(face, words);
  return html`<div class="full-card">
    <div class="full-art"><${Card} face=${face} words=${words} ctx=${ctx} pass=${{ ...pass, look: () => ({}), lit: () => '' }} /></div>
    <div class="full-text">
      <h4><${NameText} face=${face} words=${words} copies=${pass && pass.copies} />${name !== face.name ? html` <small>${baseName(face.name)[0]}</small>` : null}</h4>
      <dl>${(face.fields || []).filter((f) => fieldText(f, words, ctx) !== '').map((f) => html`
        <div class=${template && template.places[f.key] === 'text' ? 'full-field text' : 'full-field'}>
          <dt>${word(f.label, words)}</dt><dd>${fieldText(f, words, ctx)}</dd></div>`)}</dl>
      ${(face.marks || []).length ? html`<p>${face.marks.map((m) => word(m, words)).join(', ')}</p>` : null}
    </div></div>`;
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

// A grid's cell: its card (a Triple Triad card, a terrain), what stands on it (a party, each
// creature with its owner), its mark. A cell a move points at is a button: the whole cell
// when it is empty, else a target laid over it under the faces standing there (which may be
// clickable themselves: a creature to march with).
function Cell({ area, index, ctx, pass }) {
  const face = (area.items || [])[index];
  const ref = (area.refs || [])[index];
  const standing = (area.standing || [])[index] || [];
  const mark = shownText((area.cell_marks || [])[index], pass.words, ctx);
  const key = ref ? refKey(ref) : null;
  const clickable = key !== null && pass.next.has(key);
  const owner = face && face.owner !== null && face.owner !== undefined ? seatName(face.owner, ctx) : '';
  const label = [t('table.cell', 'cell {id}', { id: mark || (ref ? ref.id : index) }),
    face ? '' : t('table.cell.empty', 'empty'),
    standing.length ? standing.map((f) => `${seatName(f.owner, ctx)}: ${cardName(f, pass.words) || ''}`).join(', ') : '']
    .filter(Boolean).join(', ');
  const lit = key ? pass.lit(ref) : '';
  const crowded = pass.wide && standing.length > CROWD;
  const inner = html`${face ? html`<${Card} face=${face} ownerName=${owner} ...${cardProps(face, pass)} />` : null}
    ${crowded ? html`<div class="standing crowded"><span class="crowd-count">${headcount(standing, ctx)} →</span></div>`
    : standing.length ? html`<div class=${'standing' + (standing.length > 3 ? ' many' : '')}>${standing.map((f) => html`<${Card} face=${f}
      ownerName=${''} ...${cardProps(f, pass)} />`)}</div>` : null}
    ${mark ? html`<span class="cell-mark">${mark}</span>` : null}`;
  if (clickable && !face && !standing.length) {
    return html`<button class=${'cell clickable' + lit} data-ref=${key} aria-label=${label}
      onClick=${() => pass.onPick(ref)}>${inner}</button>`;
  }
  return html`<div class=${'cell' + (face || standing.length ? ' occupied' : '') + lit + (standing.length ? ' has-standing' : '')
      + (clickable ? ' targeted' : '')}
      role="gridcell" data-ref=${clickable ? null : key} aria-label=${label}>
    ${clickable ? html`<button class="cell-target clickable" data-ref=${key} aria-label=${label}
      onClick=${() => pass.onPick(ref)}></button>` : null}
    ${inner}</div>`;
}

// More creatures on a cell than a line each can show on a small board (a battle): a desktop,
// whose board is short, draws them beside the grid, a line each at a readable size, and the
// cell says who is there; a phone, whose board is as wide as the screen and so taller, keeps
// up to three a line each in the cell and more in two columns.
const CROWD = 2;  // more than this stand beside the grid on a desktop

function headcount(standing, ctx) {
  const count = new Map();
  for (const f of standing) count.set(f.owner, (count.get(f.owner) || 0) + 1);
  return [...count].map(([owner, n]) => `${seatName(owner, ctx)} ${n}`).join(' · ');
}

function Crowds({ area, ctx, pass }) {
  if (!pass.wide) return null;
  const crowded = (area.standing || []).map((s, i) => [s || [], i]).filter(([s]) => s.length > CROWD);
  if (!crowded.length) return null;
  return html`<div class="crowds">${crowded.map(([standing, index]) => {
    const mark = shownText((area.cell_marks || [])[index], pass.words, ctx) || String(index);
    const title = t('table.crowd', 'on {cell}', { cell: mark });
    return html`<div class="crowd" role="group" aria-label=${title}><h4>${title}</h4>
      ${standing.map((f) => html`<${Card} face=${f} ownerName=${''} ...${cardProps(f, pass)} />`)}</div>`;
  })}</div>`;
}

// Whether the screen is wide (the stylesheet's desktop layout), followed as the window changes.
const WIDE = '(min-width: 900px)';
function useWide() {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const follow = () => setWide(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return wide;
}

function Grid({ area, ctx, pass }) {
  const turns = (area.turns || {})[String(ctx.viewer)] || 0;
  const { order, rows, cols } = rotated(area.rows, area.cols, turns);
  const tall = (area.standing || []).some((s) => s && s.length) || (area.standing || []).length > 0;
  return html`<div class=${'grid' + (tall ? ' with-standing' : '')}
      style=${{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`, '--cols': cols, '--rows': rows }}
      role="grid" aria-label=${shownText(area.label, pass.words, ctx)}>
    ${order.map((i) => html`<${Cell} area=${area} index=${i} ctx=${ctx} pass=${pass} />`)}
  </div>`;
}

function cardProps(face, pass) {
  const key = face.ref ? refKey(face.ref) : null;
  return { words: pass.words, ctx: pass.ctx, onPick: pass.onPick, pass, clickable: key !== null && pass.next.has(key),
    chosen: key !== null && pass.chosenKeys.has(key) };
}

// Where an area goes on the table: its role, or (for a game that gives none) a grid is the
// board, an area no one owns is the board, a hand by its key, a pile by its layout.
export function roleOf(area) {
  if (area.role) return area.role;
  if (area.layout === 'grid' || area.owner === null || area.owner === undefined) return 'board';
  if (/hand/.test(area.key)) return 'hand';
  return area.layout === 'pile' ? 'pile' : 'play';
}

// ``seated``: drawn in its owner's side, under their seat, which says whose it is
function Area({ area, ctx, pass, seated }) {
  const owner = area.owner === null || area.owner === undefined ? '' : seatName(area.owner, ctx);
  const label = shownText(area.label, pass.words, ctx);
  const named = owner && !seated && roleOf(area) !== 'hand' && roleOf(area) !== 'board';
  const title = named ? `${owner}: ${label}` : label;
  const count = area.hidden || area.layout === 'pile' ? html`<span class="count">${area.count}</span>` : null;
  let body;
  if (area.layout === 'grid') {
    body = html`<div class="grid-row"><${Grid} area=${area} ctx=${ctx} pass=${pass} />
      <${Crowds} area=${area} ctx=${ctx} pass=${pass} /></div>`;
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
  // The board and your own hand need no heading on the screen (a screen reader still reads it).
  const quiet = !areaRefs.length && ((roleOf(area) === 'board' && area.layout === 'grid')
    || (roleOf(area) === 'hand' && area.owner === ctx.viewer));
  return html`<section class=${`area layout-${area.layout} role-${roleOf(area)} ${cls}${empty}`} style=${style}
      data-area=${area.key} aria-label=${owner ? `${owner}: ${label}` : label}>
    <h3 class=${quiet ? 'quiet' : null}>${title} ${count}
      ${areaRefs.map((r) => html`<button class="target clickable" data-ref=${refKey(r)}
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

function SeatBadge({ seat, ctx, pass, live }) {
  const clocks = live ? live.clocks : { list: [], at: 0 };
  const infos = live ? live.seats : [];
  const secret = new Set(live ? live.secret : []);
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
    ${(seat.counters || []).map((c) => html`<span class=${'counter' + pass.lit({ kind: 'counter', id: `${seat.player}:${c.key}` })}
      data-counter=${c.key}>${word(c.label, pass.words)} <b>${shownText(c.value, pass.words, ctx)}</b></span>`)}
    ${clock ? html`<${SeatClock} clock=${clock} at=${clocks.at} />` : null}`;
  const classes = `seat ${cls} seat-${seat.player}${seat.to_move ? ' moving' : ''}${seat.player === ctx.viewer ? ' mine' : ''}${pass.lit(ref)}`;
  return clickable
    ? html`<button class=${classes + ' clickable'} style=${style} data-ref=${refKey(ref)}
        onClick=${() => pass.onPick(ref)}>${body}</button>`
    : html`<div class=${classes} style=${style} data-seat=${seat.player}>${body}</div>`;
}

function moveLabel(move, words, ctx) {
  if (move.note) return say(move.note, words, ctx);
  if (move.text && move.text.value) return `${move.notation}: ${fieldText(move.text, words, ctx)}`;
  return move.notation;
}

// The refs the table draws something clickable for: a move pointing at anything else (a
// card of a zone the scene does not show) is offered in the menu instead, never unreachable.
export function drawnRefs(scene) {
  const out = new Set();
  const face = (f) => { if (f && f.ref && f.up !== false) out.add(refKey(f.ref)); };
  for (const area of scene.areas || []) {  // as Area draws them: a pile shows its top card only
    const items = area.items || [];
    if (area.layout === 'grid' || !area.hidden) (area.layout === 'pile' ? items.slice(-1) : items).forEach(face);
    for (const standing of area.standing || []) standing.forEach(face);
    for (const r of area.refs || []) out.add(refKey(r));
  }
  for (const seat of scene.seats || []) out.add(refKey({ kind: 'player', id: seat.player }));
  for (const item of scene.stack || []) face(item.face);
  return out;
}

const FEW = 8;

// What is asked, the moves left by what was clicked (a menu where one click leaves several),
// and the notation box for those who type.
function Prompt({ scene, ctx, words, chosen, setChosen, onAct, ended }) {
  const moves = scene.moves || [];
  const pending = scene.pending;
  const left = narrow(moves, chosen);
  const drawn = drawnRefs(scene);
  const unreachable = (m) => !(m.refs || []).every((r) => drawn.has(refKey(r)));
  // After a click, the moves it leaves: every one in words when they are few (a march into the
  // clicked cell, with each party it could be), else those the click completes.
  const menu = chosen.length ? (left.length <= FEW ? left : left.filter((m) => complete(m, chosen) || unreachable(m)))
    : moves.filter((m) => unreachable(m) || !(m.refs || []).length);
  return html`<div class="prompt">
    ${pending ? html`<p class=${'pending' + (pending.player === ctx.viewer ? ' yours' : '')} role="status">
      <strong>${seatName(pending.player, ctx)}</strong>: ${pending.player === ctx.viewer || !pending.secret
        ? say(pending.prompt, words, ctx) : t('table.choosing_secret', 'choosing in secret')}</p>` : null}
    ${moves.length && !ended ? html`<section class="moves" aria-label=${t('table.moves', 'moves')}>
      ${chosen.length ? html`<div class="chosen-bar">
        <span>${t('table.moves.left', '{n} {n:move|moves} with your choice', { n: left.length })}</span>
        <button class="cancel" onClick=${() => setChosen([])}>${t('table.cancel', 'cancel')}</button></div>` : null}
      ${menu.length ? html`<div class="menu" role="menu">${menu.map((m) => html`
        <button role="menuitem" class="move" data-notation=${m.notation} title=${m.notation}
          onClick=${() => { setChosen([]); onAct(m.notation); }}>${moveLabel(m, words, ctx)}</button>`)}</div>` : null}
    </section>` : null}
  </div>`;
}

function Notation({ scene, onAct }) {
  const [typed, setTyped] = useState('');
  const moves = scene.moves || [];
  const submit = (e) => {
    e.preventDefault();
    const text = typed.trim();
    if (text) { onAct(text); setTyped(''); }
  };
  return html`<form class="notation" onSubmit=${submit}>
    <label for="notation-input">${t('table.move', 'Move')}</label>
    <input id="notation-input" list="notations" autocomplete="off" value=${typed}
      placeholder=${moves.length ? moves[0].notation : ''} onInput=${(e) => setTyped(e.target.value)} />
    <datalist id="notations">${moves.map((m) => html`<option value=${m.notation} />`)}</datalist>
    <button type="submit">${t('table.play', 'play')}</button>
  </form>`;
}

// What a hint's move does for the player's chance to win, in words.
function changeWords(change) {
  if (change === 'better') return t('table.hint.better', 'It leaves you better off than now.');
  if (change === 'worse') return t('table.hint.worse', 'Your chance falls after this move, as the AI reckons it; it found no move that keeps it.');
  return t('table.hint.same', 'It keeps the game where it is.');
}

// Why the hint's move: the seat's chance to win before and after it (the search's estimate, in
// percent), what it does as the log would say it, and the alternatives the search weighed.
function HintReasons({ hint, scene, words, ctx }) {
  if (hint.before === undefined || !hint.options) return null;
  const percent = (x) => String(Math.round(x));
  const label = (notation) => {
    const move = (scene.moves || []).find((m) => m.notation === notation);
    return move ? moveLabel(move, words, ctx) : notation;
  };
  const others = hint.options.slice(1).map((o) => t('table.hint.other', '{move} ({chance}%)',
    { move: label(o.action), chance: percent(o.chance) }));
  const does = lines(hint.effects || [], words, ctx).join(' ');
  return html`<p class="hint-chance" data-before=${hint.before} data-after=${hint.after}>
      ${t('table.hint.chance', 'Your chance to win: {before}% now, {after}% after this move.',
        { before: percent(hint.before), after: percent(hint.after) })}</p>
    ${does ? html`<p class="hint-does">${t('table.hint.does', 'It does: {effects}', { effects: does })}</p>` : null}
    ${others.length ? html`<p class="hint-others">${t('table.hint.others', 'Next best: {others}.',
      { others: others.join('; ') })}</p>` : null}
    <p class="hint-how">${t('table.hint.how', 'The AI played {iterations} games out from what you see: it never looks at a hidden card.',
      { iterations: hint.iterations })}</p>`;
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
    ${move ? html`<div class="hint" role="status" data-hint=${move.notation}>
      <p>${t('table.hint', 'The AI would choose: {move}.', { move: moveLabel(move, words, ctx) })}
      ${' '}${hint.tie ? t('table.hint.tie', 'Every move looks as good.') : changeWords(hint.change)}
      ${' '}<button onClick=${() => onAct(move.notation)}>${t('table.hint.play', 'Play it')}</button></p>
      ${HintReasons({ hint, scene, words, ctx })}</div>` : null}
    ${assist.note ? html`<p class="note" role="status">${assist.note}</p>` : null}
  </div>`;
}

function reasonText(outcome, words) {
  return outcome.reason ? word(outcome.reason, words) : '';
}

function outcomeText(outcome, words, ctx) {
  const reason = outcome.reason ? ` (${reasonText(outcome, words)})` : '';
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

// The end: who won, the score, the reason in words, and what to do next (the page gives the
// buttons: Rematch, Replay, Lobby). It can be set aside to look at the last table.
function Result({ outcome, scene, words, ctx, after }) {
  const [open, setOpen] = useState(true);
  const me = ctx.viewer;
  const won = outcome.winner !== null && outcome.winner !== undefined && outcome.winner === me;
  const lost = me !== null && me !== undefined && outcome.winner !== null && outcome.winner !== undefined && outcome.winner !== me;
  const title = won ? t('table.result.won', 'You won!') : lost ? t('table.result.lost', 'You lost')
    : outcome.winner !== null && outcome.winner !== undefined ? t('table.result.winner', '{name} won', { name: seatName(outcome.winner, ctx) })
      : t('table.result.draw', 'A draw');
  const scores = outcome.scores || [];
  const shown = scores.length && scores.some((s) => s !== scores[0]) || (outcome.details && outcome.details.score);
  if (!open) {
    return html`<button class="result-again" onClick=${() => setOpen(true)}>${t('table.result.show', 'Result')}</button>`;
  }
  return html`<div class=${'result ' + (won ? 'won' : lost ? 'lost' : 'even')} role="dialog" aria-modal="false"
      aria-labelledby="result-title">
    <h2 id="result-title">${title}</h2>
    <p class="outcome" role="status">${outcomeText(outcome, words, ctx)}</p>
    ${shown ? html`<p class="score">${scene.seats.map((s) => `${seatName(s.player, ctx)} ${scores[s.player] ?? ''}`).join(' · ')}</p>` : null}
    <div class="after">${after}
      <a class="button" href="#/">${t('table.result.lobby', 'Lobby')}</a>
      <button class="close" onClick=${() => setOpen(false)}>${t('table.result.look', 'Look at the table')}</button></div>
  </div>`;
}

// -- what just happened ------------------------------------------------------------------------
// The scene's changes as classes on what they touched (a card placed, flipped, damaged...), so
// the stylesheet animates them and marks the last move; dice are drawn with their faces.
function changeMarks(changes) {
  const marks = new Map();
  const add = (ref, kind) => {
    if (!ref || typeof ref !== 'object') return;
    const key = refKey(ref);
    if (!marks.has(key)) marks.set(key, new Set());
    marks.get(key).add(kind);
  };
  for (const c of changes || []) {
    add(c.card, c.kind);
    if (c.kind === 'placed' || c.kind === 'moved' || c.kind === 'played') add(c.target, 'target');
    if (c.kind === 'moved') add(c.source, 'source');
    if (c.kind === 'attacked') add(c.target, 'attacked');
    if (c.kind === 'counter' && c.player !== null && c.player !== undefined) add({ kind: 'counter', id: `${c.player}:${c.key}` }, 'counter');
    if (c.kind === 'passed' && c.player !== null && c.player !== undefined) add({ kind: 'player', id: c.player }, 'passed');
  }
  return marks;
}

function Happened({ scene, words, ctx }) {
  const dice = (scene.changes || []).filter((c) => c.kind === 'dice' && (c.values || []).length);
  const hurt = (scene.changes || []).filter((c) => (c.kind === 'damaged' || c.kind === 'died') && c.card);
  if (!dice.length && !hurt.length) return null;
  const named = new Map();
  const look = (f) => { if (f && f.ref && f.name) named.set(refKey(f.ref), f); };
  for (const area of scene.areas || []) {
    (area.items || []).forEach(look);
    for (const standing of area.standing || []) standing.forEach(look);
  }
  return html`<div class="happened" aria-label=${t('table.happened', 'what just happened')}>
    ${dice.map((c) => html`<span class="roll">${c.player !== null && c.player !== undefined ? seatName(c.player, ctx) : ''}
      ${c.values.map((v) => html`<${Die} value=${v} />`)}${c.amount !== null && c.amount !== undefined ? html` <b>= ${c.amount}</b>` : null}</span>`)}
    ${hurt.map((c) => {
      const face = named.get(refKey(c.card));
      const name = face ? baseName(cardName(face, words))[0] : '';
      return html`<span class=${'hit ' + c.kind}>${name}${c.amount ? ` −${c.amount}` : ''}${c.kind === 'died' ? ' ✝' : ''}</span>`;
    })}
  </div>`;
}

// -- the zoom ----------------------------------------------------------------------------------
// Hovering or focusing a card shows it whole beside the table (a desktop); a long press or a
// right click opens it over the table (a phone), closed by a tap or Escape.
function useZoom() {
  const [shown, setShown] = useState(null);  // { face, pinned }
  const press = useRef(null);
  const look = (face) => {
    if (!face || face.up === false || !face.name) return {};
    return {
      onMouseEnter: () => setShown((s) => (s && s.pinned ? s : { face, pinned: false })),
      onFocus: () => setShown((s) => (s && s.pinned ? s : { face, pinned: false })),
      onContextMenu: (e) => { e.preventDefault(); setShown({ face, pinned: true }); },
      onTouchStart: () => { clearTimeout(press.current); press.current = setTimeout(() => setShown({ face, pinned: true }), 450); },
      onTouchEnd: () => clearTimeout(press.current),
      onTouchMove: () => clearTimeout(press.current),
    };
  };
  return { shown, setShown, look };
}

// -- the whole table ---------------------------------------------------------------------------
// Opponents above, the shared board in the middle, your cards in play below it and your hand
// docked at the foot; what is asked, the menu, the notation, the help and the log at the side
// (under the table on a phone, the log folded).
export function Table({ scene, words, ctx, log, onAct, error, ended, live, assist, after }) {
  const outcome = scene.outcome || ended;  // the game's result, or the server's (a clock, an absence)
  const [chosen, setChosen] = useState([]);
  useEffect(() => setChosen([]), [scene]);
  const zoom = useZoom();
  useEffect(() => {
    const key = (e) => { if (e.key === 'Escape') zoom.setShown(null); };
    addEventListener('keydown', key);
    return () => removeEventListener('keydown', key);
  }, []);
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
  const marks = changeMarks(scene.changes);
  const lit = (ref) => {
    const found = ref && marks.get(refKey(ref));
    return found ? ' lit ' + [...found].map((k) => 'just-' + k).join(' ') : '';
  };
  const wide = useWide();
  const pass = { words, ctx, onPick, wide, next: nextRefs(moves, chosen), chosenKeys: new Set(chosen.map(refKey)),
    templates: new Map((scene.templates || []).map((tp) => [tp.kind, tp])), copies: copiesOf(scene), lit, look: zoom.look };
  const me = ctx.viewer === null || ctx.viewer === undefined ? 0 : ctx.viewer;
  const others = scene.seats.filter((s) => s.player !== me);
  const mine = scene.seats.find((s) => s.player === me);
  const byOwner = (owner, roles) => scene.areas.filter((a) => a.owner === owner && roles.includes(roleOf(a)));
  const board = scene.areas.filter((a) => roleOf(a) === 'board');
  const status = lines(scene.status || [], words, ctx);
  const draw = (a) => html`<${Area} area=${a} ctx=${ctx} pass=${pass} />`;
  const drawSeated = (a) => html`<${Area} area=${a} ctx=${ctx} pass=${pass} seated=${true} />`;
  // A shared grid is the table's centre, and the table is laid out around it. The rows a game
  // shares for a while (Final Fantasy TCG's fight and its luck) sit side by side in the centre
  // of a table laid out as without one: laid out as a board they stood one over another in the
  // board's place, and the whole table changed its shape at each fight.
  const hasBoard = board.some((a) => a.layout === 'grid');
  return html`<div class=${'table' + (hasBoard ? ' with-board' : ' no-board') + (others.length > 1 ? ' many' : '')}
      data-game=${scene.game}>
    <section class="opponents" aria-label=${t('table.opponents', 'opponents')}>
      ${others.map((seat) => {
        // a rival's piles and cards shown as backs are counts: they stand under the seat, and
        // the cards they play have the rest of the side's width
        const held = byOwner(seat.player, ['hand', 'play', 'pile']);
        const counted = (a) => roleOf(a) === 'pile' || a.hidden;
        return html`<div class="side" data-side=${seat.player}>
          <div class="side-head"><${SeatBadge} seat=${seat} ctx=${ctx} pass=${pass} live=${live} />
            <div class="side-piles">${held.filter(counted).map(drawSeated)}</div></div>
          <div class="side-areas">${held.filter((a) => !counted(a)).map(drawSeated)}</div></div>`;
      })}
    </section>
    <section class="centre" aria-label=${t('table.board', 'the board')}>
      <div class="centre-head">
        ${status.length ? html`<div class="status">${status.map((s) => html`<p>${s}</p>`)}</div>` : null}
        <${Happened} scene=${scene} words=${words} ctx=${ctx} />
      </div>
      ${board.map(draw)}
      <${Stack} scene=${scene} ctx=${ctx} pass=${pass} />
    </section>
    <section class="my-side" aria-label=${t('table.my_side', 'your side')}>
      <div class="side-areas">${byOwner(me, ['play']).map(draw)}</div>
    </section>
    <section class="dock" aria-label=${t('table.your_hand', 'your hand')}>
      <div class="dock-head">
        ${mine ? html`<${SeatBadge} seat=${mine} ctx=${ctx} pass=${pass} live=${live} />` : null}
        <${Prompt} scene=${scene} ctx=${ctx} words=${words} chosen=${chosen} setChosen=${setChosen} onAct=${onAct} ended=${ended} />
      </div>
      ${error ? html`<p class="error" role="alert">${error}</p>` : null}
      <div class="dock-body">
        <div class="dock-hand">${byOwner(me, ['hand']).map(draw)}</div>
        <div class="dock-piles">${byOwner(me, ['pile']).map(draw)}</div>
      </div>
    </section>
    <aside class="panel">
      ${zoom.shown && !zoom.shown.pinned ? html`<div class="inspector"><${FullCard} face=${zoom.shown.face} words=${words} ctx=${ctx} pass=${pass} /></div>` : null}
      ${moves.length && !ended ? html`<${Notation} scene=${scene} onAct=${onAct} />` : null}
      ${!outcome ? html`<${Assist} assist=${assist} scene=${scene} words=${words} ctx=${ctx} onAct=${onAct}
        mine=${moves.length > 0 && scene.pending && scene.pending.player === ctx.viewer} />` : null}
      <details class="log" open>
        <summary><h3>${t('table.log', 'Log')}</h3></summary>
        <ol ref=${logEnd}>${log.map((line) => html`<li>${line}</li>`)}</ol></details>
    </aside>
    ${outcome ? html`<${Result} outcome=${outcome} scene=${scene} words=${words} ctx=${ctx} after=${after} />` : null}
    ${zoom.shown && zoom.shown.pinned ? html`<div class="zoom" role="dialog" aria-label=${t('table.zoom', 'the card, whole')}
        onClick=${() => zoom.setShown(null)}>
      <${FullCard} face=${zoom.shown.face} words=${words} ctx=${ctx} pass=${pass} />
      <button class="close">${t('table.close', 'close')}</button></div>` : null}
  </div>`;
}
