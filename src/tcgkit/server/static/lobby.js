// The lobby: a new match of any game, its options form built from the game's options JSON
// Schema (GET /api/games), each seat open, invited, an AI at a level, or the creator's; the
// matches one may join or go back to (the list refreshes itself); the live matches to watch and
// the ones waiting for your move are watch.js's.
import { html, useState, useEffect } from './vendor/htm-preact-standalone.module.js';
import { api } from './api.js';
import { t } from './ui.js';
import { HandPicker, handRules, handText } from './collection.js';
import { chosenLanguage } from './words.js';
import { ratedName, useRatingsOf } from './ratings.js';
import { ClockTime, DelayField, LiveMatches, UNITS, YourTurn } from './watch.js';

// -- the options form ---------------------------------------------------------------------------
// A property's own type: a nullable one (anyOf [T, null]) is T whose empty input means null.
export function fieldKind(prop) {
  let p = prop, nullable = false;
  if (prop.anyOf) {
    const kinds = prop.anyOf.filter((x) => x.type !== 'null');
    nullable = kinds.length < prop.anyOf.length;
    p = { ...kinds[0], ...prop, anyOf: undefined };
  }
  if (p.enum) return { kind: 'enum', choices: p.enum, nullable, p };
  if (p.type === 'boolean') return { kind: 'boolean', nullable, p };
  if (p.type === 'integer' || p.type === 'number') return { kind: 'number', nullable, p };
  if (p.type === 'array') return { kind: 'list', nullable, p };
  return { kind: 'text', nullable, p };
}

// The input's text back to the option's value (null when a nullable input is left empty).
function parse(kind, raw) {
  if (kind.kind === 'boolean') return raw;
  if (raw === '' || raw === null) return kind.nullable ? null : undefined;
  if (kind.kind === 'number') return Number(raw);
  if (kind.kind === 'list') return raw.split(',').map((x) => x.trim()).filter(Boolean);
  return raw;
}

function shown(kind, value) {
  if (value === null || value === undefined) return '';
  if (kind.kind === 'list') return value.join(', ');
  return String(value);
}

// What was typed into a field while it still means the field's value (the value changed by
// other means, such as a deck started from another, shows the new value instead).
function draft(typed, kind, value) {
  if (typed === undefined) return shown(kind, value);
  const same = JSON.stringify(parse(kind, typed) ?? null) === JSON.stringify(value ?? null);
  return same ? typed : shown(kind, value);
}

// The options that differ from their defaults (what the server is sent).
export function changed(schema, values) {
  const out = {};
  for (const [name, prop] of Object.entries(schema.properties || {})) {
    if (!(name in values)) continue;
    const value = values[name];
    if (value === undefined) continue;
    if (JSON.stringify(value) !== JSON.stringify(prop.default === undefined ? null : prop.default)) out[name] = value;
  }
  return out;
}

// A text or number field takes its value at each keystroke (a re-render between typing and
// leaving the field must not undo it), and shows what was typed, not the value parsed back
// ("3," in a list or "-" in a number would otherwise be rewritten under the cursor).
export function OptionsForm({ game, schema, values, setValues, defaults = {} }) {
  const props = Object.entries(schema.properties || {});
  const [typed, setTyped] = useState({});
  return html`<fieldset class="options"><legend>${t('lobby.options', 'Options')}</legend>
    ${props.map(([name, prop]) => {
      const kind = fieldKind(prop);
      const id = `opt-${game}-${name}`;
      const value = name in values ? values[name] : name in defaults ? defaults[name] : prop.default;
      const set = (raw) => setValues({ ...values, [name]: parse(kind, raw) });
      const help = prop.description ? html`<small id=${id + '-help'}>${prop.description}</small>` : null;
      const label = prop.title || name;
      let input;
      if (kind.kind === 'boolean') {
        return html`<div class="option check"><label><input type="checkbox" id=${id} name=${name}
          checked=${!!value} aria-describedby=${id + '-help'} onChange=${(e) => set(e.target.checked)} /> ${label}</label>
          ${help}</div>`;
      }
      if (kind.kind === 'enum') {
        const words = prop['x-choices'] || {};  // each value in words, in the page's language
        input = html`<select id=${id} name=${name} aria-describedby=${id + '-help'}
            onChange=${(e) => set(e.target.value)}>
          ${kind.nullable ? html`<option value="" selected=${value === null}>${t('lobby.none', '(none)')}</option>` : null}
          ${kind.choices.map((c) => html`<option value=${c} selected=${value === c}>${words[c] || c}</option>`)}</select>`;
      } else {
        const number = kind.kind === 'number';
        input = html`<input id=${id} name=${name} type=${number ? 'number' : 'text'} aria-describedby=${id + '-help'}
          min=${number ? kind.p.minimum : undefined} max=${number ? kind.p.maximum : undefined}
          step=${kind.p.type === 'integer' ? 1 : undefined}
          placeholder=${kind.nullable ? t('lobby.none', '(none)') : ''}
          value=${draft(typed[id], kind, value)}
          onInput=${(e) => { setTyped({ ...typed, [id]: e.target.value }); set(e.target.value); }} />`;
      }
      return html`<div class="option"><label for=${id}>${label}</label>${input}${help}</div>`;
    })}
  </fieldset>`;
}

// -- the seats ------------------------------------------------------------------------------------
export function SeatsForm({ seats, setSeats, levels, decks }) {
  const set = (i, change) => setSeats(seats.map((s, j) => {
    if (j === i) return { ...s, ...change };
    return change.kind === 'me' && s.kind === 'me' ? { kind: 'open' } : s;  // the creator sits once
  }));
  return html`<fieldset class="seat-specs"><legend>${t('lobby.seats', 'Seats')}</legend>
    ${seats.map((s, i) => html`<div class="seat-spec" data-seat=${i}>
      <label for=${`seat-${i}`}>${t('lobby.seat', 'Seat {n}', { n: i + 1 })}</label>
      <select id=${`seat-${i}`} name=${`seat-${i}`} onChange=${(e) => set(i, { kind: e.target.value })}>
        ${[['me', t('lobby.seat.me', 'me')], ['open', t('lobby.seat.open', 'open to anyone')],
           ['invite', t('lobby.seat.invite', 'invite an account')], ['ai', t('lobby.seat.ai', 'AI')]].map(([k, text]) => html`
          <option value=${k} selected=${s.kind === k}>${text}</option>`)}</select>
      ${s.kind === 'ai' ? html`<${LevelChooser} seat=${i} level=${s.level || DEFAULT_LEVEL} levels=${levels}
        onPick=${(level) => set(i, { level })} />` : null}
      ${s.kind === 'me' && decks.length ? html`<label class="inline" for=${`deck-${i}`}>${t('lobby.deck', 'deck')}</label>
        <select id=${`deck-${i}`} name=${`deck-${i}`} onChange=${(e) => set(i, { deck: e.target.value || undefined })}>
          <option value="" selected=${!s.deck}>${t('lobby.deck.dealt', 'dealt by the seed')}</option>
          ${decks.map((d) => html`<option value=${d.name} selected=${s.deck === d.name}>${d.name}</option>`)}</select>` : null}
      ${s.kind === 'invite' ? html`<label class="inline" for=${`invite-${i}`}>${t('lobby.invite.name', 'account')}</label>
        <input id=${`invite-${i}`} name=${`invite-${i}`} value=${s.name || ''} autocomplete="off"
          onInput=${(e) => set(i, { name: e.target.value })} />` : null}
    </div>`)}
  </fieldset>`;
}

function seatsFor(count, old) {
  const out = [];
  for (let i = 0; i < count; i++) out.push(old[i] || (i === 0 ? { kind: 'me' } : { kind: 'ai', level: DEFAULT_LEVEL }));
  return out;
}

// -- the AI levels ----------------------------------------------------------------------------------
// GET /api/games lists a game's levels weakest first, each {level, name, about, engine,
// same_as, rating}: a player picks by name and reads the line under it, with the level's
// measured rating where the game's ladder has one; the engine's own names (the values a seat
// is made with) are shown only under "Advanced".
export const DEFAULT_LEVEL = 'greedy';

// A level's measured rating in words: the number, its interval, and the scale's anchor.
export function ratingText(rating) {
  return rating ? t('lobby.level.rating', 'rated {rating} ({low} to {high}; Beginner is 1000)',
    { rating: rating.rating, low: rating.low, high: rating.high }) : '';
}

export function LevelChooser({ seat, level, levels, onPick }) {
  const id = `level-${seat}`;
  const chosen = levels.find((l) => l.level === level) || levels.find((l) => l.same_as.includes(level));
  return html`<label class="inline" for=${id}>${t('lobby.level', 'level')}</label>
    <select id=${id} name=${id} aria-describedby=${id + '-about' + (chosen && chosen.rating ? ` ${id}-rating` : '')} onChange=${(e) => onPick(e.target.value)}>
      ${levels.map((l) => html`<option value=${l.level} selected=${chosen === l}>${l.name}</option>`)}</select>
    <small class="level-about" id=${id + '-about'}>${chosen ? chosen.about : ''}</small>
    ${chosen && chosen.rating ? html`<small class="level-rating" id=${id + '-rating'}>${ratingText(chosen.rating)}</small>` : null}`;
}

export function LevelEngines({ levels }) {
  return html`<details class="advanced-levels"><summary>${t('lobby.advanced', 'Advanced')}</summary>
    <p>${t('lobby.advanced.engines', 'What each AI level runs:')}</p>
    <dl>${levels.map((l) => html`<dt>${l.name}</dt>
      <dd><code>${[l.level, ...l.same_as].join(', ')}</code>: ${l.engine}${l.rating
        ? ` (${ratingText(l.rating)})` : ''}</dd>`)}</dl></details>`;
}

// A level the chosen game does not have (after changing the game) falls back to the default.
function levelIn(levels, level) {
  return levels.some((l) => l.level === level || l.same_as.includes(level)) ? level : DEFAULT_LEVEL;
}

// -- the game's description ---------------------------------------------------------------------------
export function GameAbout({ game }) {
  return html`<p class="summary">${game.summary}
    <a class="rules-link" href=${`#/rules/${game.name}`}>${t('lobby.rules', 'Rules')}</a></p>`;
}

// -- options a match against the AI starts with ------------------------------------------------------
// A trade stakes the cards of one's collection: against the AI it is off unless chosen.
export function aiDefaults(schema, seats) {
  const trade = (schema.properties || {}).trade;
  const anyAi = seats.some((s) => s.kind === 'ai');
  if (!anyAi || !trade || !(fieldKind(trade).choices || []).includes('none')) return {};
  return { trade: 'none' };
}

// -- the page -------------------------------------------------------------------------------------
function seatText(seat, me, names) {
  if (seat.kind === 'ai') return t('lobby.list.ai', 'AI ({level})', { level: (names || {})[seat.level] || seat.level });
  if (seat.kind === 'open') return t('lobby.list.open', 'open');
  if (seat.kind === 'invited') return t('lobby.list.invited', 'invited: {name}', { name: seat.name });
  return seat.name === me.name ? t('lobby.list.you', 'you') : seat.name;
}

// What the server does for a player who runs out of time or is away: an option of the match,
// shown before anyone joins (left unset, the server decides by the seats: between people the
// player loses on time and an absent seat is claimed, not played).
function timeoutText(value) {
  return value === 'lose' ? t('lobby.timeout.lose', 'the player loses')
    : t('lobby.timeout.default', 'a default move is played for them');
}

function absenceText(value) {
  return value === 'ai' ? t('lobby.absence.ai', 'an AI plays for them')
    : value === 'wait' ? t('watch.absence.wait', 'the match waits for them (correspondence)')
      : t('lobby.absence.claim', 'the others may claim the win');
}

function rulesText(rules) {
  return t('lobby.list.rules', 'out of time: {timeout}; away: {absence}',
    { timeout: timeoutText(rules.on_timeout), absence: absenceText(rules.absence) });
}

export function Lobby({ me }) {
  const [games, setGames] = useState([]);
  const [matches, setMatches] = useState([]);
  const [game, setGame] = useState('');
  const [values, setValues] = useState({});
  const [seats, setSeats] = useState(seatsFor(2, []));
  const [spectators, setSpectators] = useState(true);
  const [clock, setClock] = useState('off');
  const [seconds, setSeconds] = useState(60);
  const [unit, setUnit] = useState('seconds');
  const [delay, setDelay] = useState(0);  // moves spectators are kept behind
  const [onTimeout, setOnTimeout] = useState('');  // '': as the server decides by the seats
  const [absence, setAbsence] = useState('');
  const [error, setError] = useState('');
  const [decks, setDecks] = useState([]);
  const [hands, setHands] = useState(null);  // does the match take hands from collections (handRules)
  const [hand, setHand] = useState(null);  // the creator's picked hand (null: the strongest)
  const [joining, setJoining] = useState(null);  // a trading match being joined: {id, rules, hand}
  const [rated, setRated] = useState(false);
  const ratings = useRatingsOf(matches);
  useEffect(() => {
    const lang = chosenLanguage();  // the summaries and the AI levels in the page's language
    api('GET', `/api/games${lang ? `?lang=${lang}` : ''}`).then((g) => { setGames(g); if (g.length) setGame(g[0].name); })
      .catch((e) => setError(e.message));
    api('GET', '/api/decks').then(setDecks).catch(() => {});
    // Set only when the list changed: a re-render puts every controlled field back to its
    // state, so one every two seconds would undo what a person is typing and has not committed.
    const refresh = () => api('GET', '/api/matches')
      .then((m) => setMatches((old) => (JSON.stringify(old) === JSON.stringify(m) ? old : m))).catch(() => {});
    refresh();
    const every = setInterval(refresh, 2000);  // another person's new match shows up by itself
    return () => clearInterval(every);
  }, []);
  const chosen = games.find((g) => g.name === game);
  const shownValues = chosen ? { ...aiDefaults(chosen.options, seats), ...values } : values;
  const sent = chosen ? changed(chosen.options, shownValues) : {};
  useEffect(() => {
    if (!game) return undefined;
    // Only the answer for the game and options shown now counts: an answer to an earlier
    // choice that arrives late (a slow server) must not hide the hand picker of this one.
    let current = true;
    setHands(null);
    handRules(game, sent).then((found) => { if (current) setHands(found); })
      .catch(() => { if (current) setHands(null); });
    return () => { current = false; };
  }, [game, JSON.stringify(sent)]);
  const canRate = !me.guest && seats.every((s) => s.kind !== 'ai');  // a rated match seats accounts only
  const picking = hands && hands.trades && seats.some((s) => s.kind === 'me');
  const players = chosen ? (values.players || chosen.options.properties.players?.default || chosen.min_players) : 2;
  useEffect(() => setSeats((old) => seatsFor(players, old)), [players]);
  const pickGame = (name) => {
    const levels = (games.find((g) => g.name === name) || { levels: [] }).levels;
    setGame(name); setValues({}); setHand(null);
    setSeats((old) => old.map((s) => (s.kind === 'me' ? { kind: 'me' }  // a deck is of one game
      : s.kind === 'ai' ? { kind: 'ai', level: levelIn(levels, s.level || DEFAULT_LEVEL) } : s)));
  };
  const create = async (e) => {
    e.preventDefault();
    const rules = clock === 'off' ? {} : { clock, seconds: Number(seconds) * UNITS[unit], unit };
    if (onTimeout) rules.on_timeout = onTimeout;
    if (absence) rules.absence = absence;
    const myHand = picking && hands.picked ? handText(hand) : undefined;
    const body = { game, options: sent, spectators, rules, rated: canRate && rated,
      spectator_delay: spectators ? Number(delay) || 0 : 0,
      seats: seats.map((s) => (s.kind === 'ai' ? { kind: 'ai', level: s.level || DEFAULT_LEVEL }
        : s.kind === 'me' && myHand ? { ...s, hand: myHand } : s)) };
    try {
      const made = await api('POST', '/api/matches', body);
      location.hash = `#/match/${made.id}`;
    } catch (err) { setError(err.message); }
  };
  const join = async (m, picked) => {
    try {
      if (picked === undefined) {  // a trading match asks for the hand first
        const found = await handRules(m.game, m.options || {});
        if (found.trades && found.picked) { setJoining({ id: m.id, rules: found, hand: null }); return; }
      }
      const body = picked ? { hand: picked } : {};
      await api('POST', `/api/matches/${m.id}/join`, body);
      location.hash = `#/match/${m.id}`;
    } catch (err) { setError(err.message); }
  };
  const decline = async (m) => {
    try { await api('POST', `/api/matches/${m.id}/decline`, {}); setMatches((old) => old.filter((o) => o.id !== m.id)); }
    catch (err) { setError(err.message); }
  };
  const mine = (m) => m.seats.some((s) => s.name === me.name && s.kind === 'human');
  const invitedMe = (m) => m.status === 'open' && m.seats.some((s) => s.kind === 'invited' && s.name === me.name);
  // a running match of others is in the live list (watch.js), with its move
  const listed = matches.filter((m) => m.status === 'open' || mine(m));
  return html`<section class="lobby">
    <${YourTurn} games=${games} me=${me} />
    <section aria-labelledby="new-match"><h2 id="new-match">${t('lobby.new', 'New match')}</h2>
      <form class="new-match" onSubmit=${create}>
        <div class="option"><label for="game">${t('lobby.game', 'Game')}</label>
          <select id="game" name="game" onChange=${(e) => pickGame(e.target.value)}>
          ${games.map((g) => html`<option value=${g.name} selected=${g.name === game}>${g.title}</option>`)}</select></div>
        ${chosen ? html`<${GameAbout} game=${chosen} />` : null}
        ${chosen ? html`<${SeatsForm} seats=${seats} setSeats=${setSeats} levels=${chosen.levels}
          decks=${hands && hands.collects ? [] : decks.filter((d) => d.game === game)} />` : null}
        ${chosen && seats.some((s) => s.kind === 'ai') ? html`<${LevelEngines} levels=${chosen.levels} />` : null}
        ${picking && hands.picked ? html`<${HandPicker} size=${hands.size} hand=${hand} setHand=${setHand} />` : null}
        ${picking && !hands.picked ? html`<p class="note">${t('hand.dealt', 'Random: your hand is dealt from your collection.')}</p>` : null}
        ${chosen ? html`<details class="more-options"><summary>${t('lobby.more', 'Options and clock')}</summary>
          <${OptionsForm} game=${game} schema=${chosen.options} values=${values} setValues=${setValues}
            defaults=${aiDefaults(chosen.options, seats)} />
          <fieldset class="options"><legend>${t('lobby.clock', 'Clock')}</legend>
            <div class="option"><label for="clock">${t('lobby.clock.kind', 'Clock')}</label>
              <select id="clock" name="clock" onChange=${(e) => setClock(e.target.value)}>
                <option value="off" selected=${clock === 'off'}>${t('lobby.clock.off', 'off')}</option>
                <option value="decision" selected=${clock === 'decision'}>${t('lobby.clock.decision', 'a time for each decision')}</option>
                <option value="chess" selected=${clock === 'chess'}>${t('lobby.clock.chess', 'a time for each player (chess clock)')}</option>
              </select></div>
            ${clock !== 'off' ? html`<${ClockTime} amount=${seconds} setAmount=${setSeconds} unit=${unit} setUnit=${setUnit} />` : null}
            <div class="option"><label for="on-timeout">${t('lobby.timeout', 'When time runs out')}</label>
              <select id="on-timeout" name="on-timeout" onChange=${(e) => setOnTimeout(e.target.value)}>
                <option value="" selected=${onTimeout === ''}>${t('lobby.rules.usual', 'as usual')}</option>
                ${['lose', 'default'].map((v) => html`<option value=${v} selected=${onTimeout === v}>${timeoutText(v)}</option>`)}
              </select></div>
            <div class="option"><label for="absence">${t('lobby.absence', 'When a player is away')}</label>
              <select id="absence" name="absence" onChange=${(e) => setAbsence(e.target.value)}>
                <option value="" selected=${absence === ''}>${t('lobby.rules.usual', 'as usual')}</option>
                ${['claim', 'ai', 'wait'].map((v) => html`<option value=${v} selected=${absence === v}>${absenceText(v)}</option>`)}
              </select></div>
            <div class="option check"><label><input type="checkbox" name="spectators" checked=${spectators}
              onChange=${(e) => setSpectators(e.target.checked)} /> ${t('lobby.spectators', 'Others may watch')}</label></div>
            ${spectators ? html`<${DelayField} delay=${delay} setDelay=${setDelay} />` : null}
          </fieldset></details>` : null}
        ${canRate ? html`<div class="option check"><label><input type="checkbox" name="rated" checked=${rated}
          onChange=${(e) => setRated(e.target.checked)} /> ${t('lobby.rated', 'Rated (every seat an account)')}</label></div>` : null}
        <div class="buttons"><button type="submit" disabled=${!chosen}>${t('lobby.start', 'Start')}</button></div>
      </form>
    </section>
    <section aria-labelledby="match-list"><h2 id="match-list">${t('lobby.matches', 'Matches')}</h2>
      ${listed.length ? null : html`<p>${t('lobby.no_matches', 'No match is open or running.')}</p>`}
      <ul class="matches">${listed.map((m) => {
        const listed = games.find((g) => g.name === m.game) || {};
        const title = listed.title || m.game;
        const openToMe = m.status === 'open' && !mine(m)
          && m.seats.some((s) => s.kind === 'open' || (s.kind === 'invited' && s.name === me.name));
        return html`<li data-match=${m.id} data-game=${m.game}>
          <span><strong>${title}</strong> · ${m.status === 'open' ? t('lobby.status.open', 'waiting for players')
            : t('lobby.status.running', 'playing')}${m.rated ? ` · ${t('lobby.list.rated', 'rated')}` : ''} · ${m.seats.map((s) =>
              ratedName(seatText(s, me, listed.level_names), s.name, m, ratings)).join(', ')}
            ${m.rules && m.rules.on_timeout ? html`<span class="rules"> · ${rulesText(m.rules)}</span>` : null}</span>
          ${openToMe ? html`<button onClick=${() => join(m)}>${invitedMe(m) ? t('lobby.accept', 'Accept')
            : t('lobby.join', 'Join')}</button>` : null}
          ${invitedMe(m) ? html`<button class="decline" onClick=${() => decline(m)}>${t('lobby.decline', 'Decline')}</button>` : null}
          ${joining && joining.id === m.id ? html`<div class="joining">
            <${HandPicker} size=${joining.rules.size} hand=${joining.hand}
              setHand=${(next) => setJoining({ ...joining, hand: next })} />
            <div class="buttons"><button class="join-with-hand" onClick=${() => join(m, handText(joining.hand) || null)}>
              ${t('lobby.join.hand', 'Join with this hand')}</button>
              <button onClick=${() => setJoining(null)}>${t('table.cancel', 'cancel')}</button></div></div>` : null}
          ${mine(m) ? html`<a href=${`#/match/${m.id}`}>${t('lobby.back', 'Go back to it')}</a>` : null}</li>`;
      })}</ul>
    </section>
    <${LiveMatches} games=${games} me=${me} />
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
  </section>`;
}
