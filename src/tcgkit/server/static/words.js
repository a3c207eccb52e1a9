// Sentences: a scene's message ids and arguments in the reader's language, from the game's
// catalogue (GET /api/games/NAME/words?lang=LANG; without a choice the server follows the
// browser's Accept-Language). "{n:carta|de cartas|cartas}" holds one form per plural category
// the server lists (pt: one, many, other), picked with Intl.PluralRules; a message's "you" form
// is used when its subject is the seat reading it. A label or a text argument that is the
// English of a message without places is shown translated ("hand" -> "mão").

import { pluralPick, setStrings } from './ui.js';

const cache = new Map();
const CHOSEN = 'tcgkit.lang';
export const LANGUAGES = [
  { code: 'en', name: 'English' }, { code: 'pt', name: 'Português' },
  { code: 'es', name: 'Español' }, { code: 'zh', name: '中文' },
];

// The language chosen on this page: the address's ?lang=, else the one kept in the browser
// (the account's, once it logs in: followAccount), else null (the browser's own, by its
// Accept-Language).
export function chosenLanguage() {
  const asked = new URLSearchParams(location.search).get('lang');
  if (LANGUAGES.some((l) => l.code === asked)) return asked;
  try {
    const lang = localStorage.getItem(CHOSEN);
    return LANGUAGES.some((l) => l.code === lang) ? lang : null;
  } catch (_) {
    return null;
  }
}

// The language the words are in once loaded (words.lang), for modules with words of their own.
export let currentLanguage = chosenLanguage() || 'en';
let lastLoaded = null;  // the words last loaded: a page shows one game at a time

function keep(lang) {
  try {
    if (lang) localStorage.setItem(CHOSEN, lang); else localStorage.removeItem(CHOSEN);
    return localStorage.getItem(CHOSEN) === lang;
  } catch (_) {
    return false;  // private mode: the choice lasts this page only
  }
}

export function chooseLanguage(lang) {
  const address = new URL(location.href);
  if (address.searchParams.has('lang')) {  // the address's choice would win over this one
    address.searchParams.delete('lang');
    history.replaceState(null, '', address.toString());
  }
  keep(lang);
  cache.clear();
  location.reload();  // the table comes back where it was (the match resumes from its cursor)
}

// An account's own language (GET /api/me: a registered account may keep one) on a browser
// that shows another: kept here and the page reloaded in it, once (true). The address's
// ?lang= still wins; a guest keeps the browser's choice.
export function followAccount(me) {
  if (!me || me.guest || !me.language || chosenLanguage() === me.language) return false;
  if (new URLSearchParams(location.search).has('lang') || !keep(me.language)) return false;
  cache.clear();
  location.reload();
  return true;
}

export async function loadWords(game) {
  if (!cache.has(game)) {
    const lang = chosenLanguage();
    const query = lang ? `?lang=${lang}` : '';
    cache.set(game, fetch(`/api/games/${encodeURIComponent(game)}/words${query}`).then((r) => {
      if (!r.ok) throw new Error(`the words of ${game}: HTTP ${r.status}`);
      return r.json();
    }).then((words) => {
      currentLanguage = words.lang || 'en';
      lastLoaded = words;
      document.documentElement.lang = currentLanguage === 'zh' ? 'zh-Hant' : currentLanguage;
      return words;
    }));
  }
  return cache.get(game);
}

// The interface's strings in the page's language (GET /api/words), handed to ui.js's t().
export async function loadInterface() {
  const lang = chosenLanguage();
  const response = await fetch(`/api/words${lang ? `?lang=${lang}` : ''}`);
  if (!response.ok) throw new Error(`the interface's words: HTTP ${response.status}`);
  const words = await response.json();
  setStrings(words);
  currentLanguage = words.lang || 'en';
  document.documentElement.lang = currentLanguage === 'zh' ? 'zh-Hant' : currentLanguage;
  return words;
}

// "hand" -> the translation of the message whose English it is, when the catalogue has one.
function wordsIndex(words) {
  if (!words._index) {
    words._index = new Map();
    for (const message of Object.values(words.messages || {})) {
      if (message.english !== undefined && !message.english.includes('{')) {
        words._index.set(message.english, message.text);
      }
    }
  }
  return words._index;
}

export function word(text, words) {
  if (!words || typeof text !== 'string') return text;
  const index = wordsIndex(words);
  if (index.has(text)) return index.get(text);
  if (text.endsWith('*') && index.has(text.slice(0, -1))) return index.get(text.slice(0, -1)) + '*';
  return text;
}

function fill(id, words, args, fallbackText) {
  const message = words && words.messages && words.messages[id];
  if (!message) return fallbackText;
  return message.text.replace(/\{(\w+)\}/g, (_, name) => (name in args ? String(args[name]) : ''));
}

export function isRef(value) {
  return value !== null && typeof value === 'object' && 'kind' in value && 'id' in value;
}

export function refKey(ref) {
  return `${ref.kind}:${ref.id}`;
}

// Names a player: "You" for the viewer, else "Player N" (seats numbered from 1) or the
// account's name when the lobby gave one; in the words' language when ctx.words holds them.
export function seatName(player, ctx) {
  const words = ctx.words || lastLoaded;
  if (ctx.viewer === player) return fill('client.you', words, {}, 'You');
  const name = ctx.names && ctx.names[player];
  return name || fill('client.player', words, { number: player + 1 }, `Player ${player + 1}`);
}

// The card names two or more cards on the table share (the table's copiesOf): a sentence keeps
// their "#id", which tells the copies apart; any other card is named without it.
let copies = new Set();
export function setCopies(names) { copies = names; }

function withoutId(text) {
  const at = text.lastIndexOf('#');
  if (at <= 0 || !/^\d+$/.test(text.slice(at + 1))) return text;
  const base = text.slice(0, at).trimEnd();
  return copies.has(base) ? text : base;
}

function argText(value, ctx, words) {
  if (value === null || value === undefined) return '-';
  if (Array.isArray(value)) return value.map((v) => argText(v, ctx, words)).join(', ');
  if (isRef(value)) {
    if (value.kind === 'player') return seatName(value.id, { ...ctx, words: ctx.words || words });
    if (value.kind === 'cell') return String(value.id);
    return `${value.kind}#${value.id}`;
  }
  return typeof value === 'string' ? withoutId(cardName(value, words) || word(value, words)) : String(value);
}

// A card named in a sentence ("Ember Imp#12") as its face names it in the words' language
// ("餘燼小鬼#12"), when the card data holds the name (the words' names); else null.
function cardName(text, words) {
  const at = text.lastIndexOf('#');
  if (at <= 0 || !words || !words.names || !/^\d+$/.test(text.slice(at + 1))) return null;
  const found = words.names[text.slice(0, at)];
  return found ? found + text.slice(at) : null;
}

// The form of {n:a|b|c} for the count: the plural category's place in the server's list.
function pluralForm(spec, count, words) {
  return pluralPick(spec, count, words && words.lang ? words.lang : 'en', (words && words.plural) || ['one', 'other']);
}

function fallback(sentence, args) {
  const rest = Object.entries(args).map(([k, v]) => `${k} ${v}`).join(', ');
  return rest ? `${sentence.id}: ${rest}` : sentence.id;
}

export function say(sentence, words, ctx) {
  const message = words.messages[sentence.id];
  const raw = sentence.args || {};
  const args = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, argText(v, ctx, words)]));
  if (!message) return fallback(sentence, args);
  let template = message.text;
  const subject = raw[message.subject];
  if (message.you && isRef(subject) && subject.kind === 'player' && subject.id === ctx.viewer) {
    template = message.you;
  }
  let broken = false;
  const text = template.replace(/\{(\w+)(?::([^}]*))?\}/g, (_, name, spec) => {
    if (!(name in args)) { broken = true; return ''; }
    if (spec) return pluralForm(spec, args[name], words);
    return args[name];
  });
  return broken ? fallback(sentence, args) : text.replace(/\{\{/g, '{').replace(/\}\}/g, '}');
}

// One line per sentence; a sentence whose message "joins" goes on the line before it.
export function lines(sentences, words, ctx, out = []) {
  let joined = false;
  for (const sentence of sentences) {
    const message = words.messages[sentence.id];
    const text = say(sentence, words, ctx);
    if (message && message.joins && out.length) {
      const first = message.first === null || message.first === undefined ? message.joins : message.first;
      out[out.length - 1] += (joined ? message.joins : first) + text;
      joined = true;
    } else {
      out.push(text);
      joined = false;
    }
  }
  return out;
}
