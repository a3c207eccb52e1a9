// A card's art, generated: no image is fetched. The template names the family of style
// tokens the art is drawn from (element, faction, type); the token's value picks a motif and
// its colours, and the card's name shifts the pattern, so two cards of one element differ.
import { html } from './vendor/htm-preact-standalone.module.js';

// Motifs: SVG paths on a 100 x 60 box.
const FLAME = 'M50 8c8 14 22 18 18 34-3 12-13 16-18 16s-15-4-18-16c-3-12 6-16 8-24 4 8 6 10 10 10-2-8-2-14 0-20z';
const DROP = 'M50 6c10 16 20 26 20 36a20 20 0 0 1-40 0c0-10 10-20 20-36z';
const PEAK = 'M8 56 36 18l12 16 10-12 34 34z';
const WAVES = 'M4 24c12-10 22 10 34 0s22 10 34 0 18 8 24 4M4 40c12-10 22 10 34 0s22 10 34 0 18 8 24 4';
const STAR = 'M50 6l8 16 18 3-13 12 3 18-16-8-16 8 3-18-13-12 18-3z';
const MOON = 'M58 8a24 24 0 1 0 20 38 20 20 0 1 1-20-38z';
const BOLT = 'M56 4 30 34h16l-8 24 28-34H50z';
const LEAF = 'M20 52C20 22 44 8 82 8c0 36-18 48-48 48-6 0-10-2-14-4zm0 0 40-32';
const SWORD = 'M50 4l6 8v30h10v4H56v10h-12V46H34v-4h10V12z';
const SHIELD = 'M50 4l28 10c0 24-10 38-28 44C32 52 22 38 22 14z';
const GEM = 'M30 10h40l14 16-34 30-34-30z';
const ORB = 'M50 10a20 20 0 1 1 0 40 20 20 0 1 1 0-40z';

const MOTIFS = {
  fire: [FLAME, '#c2410c', '#fde68a'], water: [DROP, '#1d4ed8', '#bfdbfe'], earth: [PEAK, '#854d0e', '#fef3c7'],
  wind: [WAVES, '#15803d', '#dcfce7'], holy: [STAR, '#a16207', '#fefce8'], dark: [MOON, '#4c1d95', '#ddd6fe'],
  thunder: [BOLT, '#a16207', '#fef9c3'], ice: [GEM, '#0e7490', '#cffafe'], poison: [DROP, '#6b21a8', '#f3e8ff'],
  luz: [STAR, '#b45309', '#fef3c7'], trevas: [MOON, '#3b0764', '#e9d5ff'], natureza: [LEAF, '#166534', '#dcfce7'],
  fogo: [FLAME, '#b91c1c', '#fee2e2'], agua: [DROP, '#1e40af', '#dbeafe'], terra: [PEAK, '#78350f', '#fef3c7'],
  ar: [WAVES, '#0f766e', '#ccfbf1'], neutro: [ORB, '#475569', '#e2e8f0'],
  green: [LEAF, '#15803d', '#dcfce7'], red: [FLAME, '#b91c1c', '#fee2e2'], blue: [DROP, '#1d4ed8', '#dbeafe'],
  character: [SWORD, '#334155', '#e2e8f0'], monster: [MOON, '#7f1d1d', '#fee2e2'], item: [GEM, '#0f766e', '#ccfbf1'],
  city: [PEAK, '#57534e', '#f5f5f4'], villain: [MOON, '#581c87', '#f3e8ff'], world: [ORB, '#1e3a8a', '#dbeafe'],
  creature: [SHIELD, '#44403c', '#f5f5f4'], terrain: [PEAK, '#3f6212', '#ecfccb'], spell: [STAR, '#6d28d9', '#ede9fe'],
};

function hash(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

// The motif of a face: its art token's value (element:fire -> fire), else its kind.
export function motifOf(face, template) {
  const family = template && template.art;
  const token = (face.style || []).find((t) => family && t.startsWith(family + ':'));
  const value = token ? token.slice(family.length + 1).toLowerCase() : '';
  const key = (face.kind || '').toLowerCase();
  return MOTIFS[value] ? value : MOTIFS[key] ? key : '';
}

export function Art({ face, template }) {
  const name = face.name || '';
  const motif = motifOf(face, template);
  const [path, ink, paper] = MOTIFS[motif] || [ORB, `hsl(${hash(name) % 360} 35% 35%)`, `hsl(${hash(name) % 360} 45% 90%)`];
  const h = hash(name);
  const tilt = (h % 21) - 10;
  const dx = (h >>> 5) % 30 - 15;
  // Three faint rings behind the motif, placed by the name: the same card always looks the same.
  const rings = [0, 1, 2].map((i) => [(h >>> (i * 7)) % 100, (h >>> (i * 7 + 3)) % 60, 8 + ((h >>> (i * 5)) % 14)]);
  return html`<svg class="art" viewBox="0 0 100 60" preserveAspectRatio="xMidYMid slice" aria-hidden="true"
      data-motif=${motif || 'none'}>
    <rect width="100" height="60" fill=${paper} />
    ${rings.map(([x, y, r]) => html`<circle cx=${x} cy=${y} r=${r} fill="none" stroke=${ink} stroke-opacity=".15" stroke-width="3" />`)}
    <path d=${path} transform=${`translate(${dx / 3} 0) rotate(${tilt / 2} 50 30)`} fill=${path === WAVES ? 'none' : ink}
      stroke=${ink} stroke-width=${path === WAVES || path === LEAF ? 4 : 1} fill-opacity=".85" stroke-linecap="round" />
  </svg>`;
}

// A die's face (1-6 as pips; any other number written).
const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };

export function Die({ value }) {
  const pips = PIPS[value];
  return html`<svg class="die" viewBox="0 0 40 40" role="img" aria-label=${String(value)}>
    <rect x="2" y="2" width="36" height="36" rx="7" fill="#fff" stroke="#1d1d1f" stroke-width="2" />
    ${pips ? pips.map(([x, y]) => html`<circle cx=${x * 10} cy=${y * 10} r="3.6" fill="#1d1d1f" />`)
      : html`<text x="20" y="26" text-anchor="middle" font-size="16" font-weight="700">${value}</text>`}
  </svg>`;
}
