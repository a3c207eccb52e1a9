// The interface's own strings (the lobby, the pages, the clock), each by a key with its
// English. Every string these pages show goes through t(), so a catalogue of another
// language can be plugged in later (setStrings) with no change to the pages.
// "{name}" in a string is filled from args; "{n:one|more}" picks by n === 1.

let strings = {};

export function setStrings(catalogue) {
  strings = catalogue || {};
}

export function t(key, english, args) {
  const template = key in strings ? strings[key] : english;
  if (!args) return template;
  return template.replace(/\{(\w+)(?::([^}|]*)\|([^}]*))?\}/g, (whole, name, one, more) => {
    if (!(name in args)) return whole;
    if (one !== undefined) return Number(args[name]) === 1 ? one : more;
    return String(args[name]);
  });
}

// Seconds as m:ss (h:mm:ss past an hour), for the clocks.
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const two = (n) => String(n).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(r)}` : `${m}:${two(r)}`;
}
