// Sentences: a scene's message ids and arguments in English, from the game's catalogue
// (GET /api/games/NAME/words). "{n:card|cards}" picks the word for one or more; a message's
// "you" form is used when its subject is the seat reading it.

const cache = new Map();

export async function loadWords(game) {
  if (!cache.has(game)) {
    cache.set(game, fetch(`/api/games/${encodeURIComponent(game)}/words`).then((r) => {
      if (!r.ok) throw new Error(`the words of ${game}: HTTP ${r.status}`);
      return r.json();
    }));
  }
  return cache.get(game);
}

export function isRef(value) {
  return value !== null && typeof value === 'object' && 'kind' in value && 'id' in value;
}

export function refKey(ref) {
  return `${ref.kind}:${ref.id}`;
}

// Names a player: "You" for the viewer, else "Player N" (seats numbered from 1) or the
// account's name when the lobby gave one.
export function seatName(player, ctx) {
  if (ctx.viewer === player) return 'You';
  const name = ctx.names && ctx.names[player];
  return name || `Player ${player + 1}`;
}

function argText(value, ctx) {
  if (value === null || value === undefined) return '-';
  if (Array.isArray(value)) return value.map((v) => argText(v, ctx)).join(', ');
  if (isRef(value)) {
    if (value.kind === 'player') return seatName(value.id, ctx);
    if (value.kind === 'cell') return String(value.id);
    return `${value.kind}#${value.id}`;
  }
  return String(value);
}

function fallback(sentence, args) {
  const rest = Object.entries(args).map(([k, v]) => `${k} ${v}`).join(', ');
  return rest ? `${sentence.id}: ${rest}` : sentence.id;
}

export function say(sentence, words, ctx) {
  const message = words.messages[sentence.id];
  const raw = sentence.args || {};
  const args = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, argText(v, ctx)]));
  if (!message) return fallback(sentence, args);
  let template = message.text;
  const subject = raw[message.subject];
  if (message.you && isRef(subject) && subject.kind === 'player' && subject.id === ctx.viewer) {
    template = message.you;
  }
  let broken = false;
  const text = template.replace(/\{(\w+)(?::([^}]*))?\}/g, (_, name, spec) => {
    if (!(name in args)) { broken = true; return ''; }
    if (spec && spec.includes('|')) {
      const [one, more] = spec.split('|', 2);
      return args[name] === '1' ? one : more;
    }
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
