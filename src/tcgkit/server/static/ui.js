// The interface's own strings (the lobby, the pages, the table's buttons), each by a key with
// its English: t('table.log', 'Log'). The server reads every t() call of these modules as a
// message to translate (server/client_words.py), so t() takes string literals only; the
// translations come from GET /api/words?lang=LANG (setStrings, before the first page draws).
// "{name}" in a string is filled from args; "{n:card|cards}" holds one form per plural
// category of the language (the server lists them: pt one, many, other), picked by n.

let strings = {};
let lang = 'en';
let plural = ['one', 'other'];

export function setStrings(words) {
  strings = (words && words.strings) || {};
  lang = (words && words.lang) || 'en';
  plural = (words && words.plural) || ['one', 'other'];
}

// The form of "a|b|c" for count n, by the CLDR category's place in the language's list.
export function pluralPick(spec, count, language, tags) {
  const forms = spec.split('|');
  const n = Number(count);
  if (!Number.isFinite(n)) return forms[forms.length - 1];
  let tag;
  try {
    tag = new Intl.PluralRules(language || 'en').select(n);
  } catch (_) {
    tag = n === 1 ? 'one' : 'other';
  }
  const list = tags || ['one', 'other'];
  const at = list.indexOf(tag);
  return forms[Math.min(at < 0 ? list.length - 1 : at, forms.length - 1)];
}

export function t(key, english, args) {
  const translated = key in strings;
  const template = translated ? strings[key] : english;
  if (!args) return template;
  return template.replace(/\{(\w+)(?::([^}]*))?\}/g, (whole, name, spec) => {
    if (!(name in args)) return whole;
    if (spec !== undefined) return pluralPick(spec, args[name], translated ? lang : 'en', translated ? plural : null);
    return String(args[name]);
  });
}

// Seconds as m:ss (h:mm:ss past an hour, days and h:mm:ss past a day: a correspondence
// clock), for the clocks.
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const two = (n) => String(n).padStart(2, '0');
  if (d) return t('clock.days', '{d} d {time}', { d, time: `${h}:${two(m)}:${two(r)}` });
  return h ? `${h}:${two(m)}:${two(r)}` : `${m}:${two(r)}`;
}
