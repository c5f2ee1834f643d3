// Generates the demo catalogue images (plain SVG, no dependencies).
// Usage: node db/seed/media/generate.mjs   (writes next to this file; output is deterministic)
// Swatch colours must match catalog_color / catalog_flavor in db/seed/0002_catalog.sql.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(fileURLToPath(import.meta.url));
const MAX_BYTES = 3072;
const EMBER = '#FF7A1A';
const INK = '#1F1A17';
const BG = '#F4F1EC';

const COLORS = {
  slate: ['Slate', '#5B6770'],
  copper: ['Copper', '#B87333'],
  ivory: ['Ivory', '#EFE9DC'],
  sage: ['Sage', '#9CAF88'],
  midnight: ['Midnight', '#1E2A44'],
  rose: ['Rose', '#D8A7A7'],
};

const FLAVORS = {
  amber: ['Amber', '#D98E04'],
  teak: ['Teak', '#8B5A2B'],
  turquoise: ['Turquoise', '#2A9D8F'],
  sienna: ['Sienna', '#A0522D'],
  bronze: ['Bronze', '#A97142'],
  mint: ['Mint', '#3EB489'],
  frost: ['Frost', '#8FD3F0'],
  citrus: ['Citrus', '#F2B705'],
  berry: ['Berry', '#8E3B5E'],
};

const SUBSCRIPTION_FLAVORS = ['amber', 'teak', 'turquoise', 'mint'];

/** Mixes a #RRGGBB colour towards white (amount > 0) or black (amount < 0). */
function shade(hex, amount) {
  const target = amount > 0 ? 255 : 0;
  const a = Math.abs(amount);
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return '#' + channels.map((c) => Math.round(c + (target - c) * a).toString(16).padStart(2, '0')).join('').toUpperCase();
}

/** Dark text on light swatches, white text on dark ones. */
function textOn(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.6 ? INK : '#FFFFFF';
}

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function svg(title, body, defs = '') {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img">` +
    `<title>${esc(title)}</title>${defs ? `<defs>${defs}</defs>` : ''}` +
    `<rect width="400" height="400" fill="${BG}"/><ellipse cx="200" cy="352" rx="120" ry="12" fill="${INK}" opacity=".08"/>` +
    `${body}</svg>\n`;
}

const gradient = (id, hex) =>
  `<linearGradient id="${id}" x1="0" x2="1"><stop offset="0" stop-color="${shade(hex, 0.25)}"/>` +
  `<stop offset=".55" stop-color="${hex}"/><stop offset="1" stop-color="${shade(hex, -0.3)}"/></linearGradient>`;

const label = (x, y, text, size, fill, extra = '') =>
  `<text x="${x}" y="${y}" font-family="Helvetica,Arial,sans-serif" font-size="${size}" fill="${fill}" text-anchor="middle"${extra}>${esc(text)}</text>`;

// Devices ------------------------------------------------------------------
function emberOne(hex, x = 170, scale = 1) {
  const t = `translate(${x} ${60 + (1 - scale) * 280}) scale(${scale})`;
  return `<g transform="${t}"><rect width="60" height="280" rx="30" fill="url(#b)" stroke="${INK}" stroke-opacity=".15"/>` +
    `<ellipse cx="30" cy="24" rx="14" ry="8" fill="${shade(hex, -0.45)}"/>` +
    `<circle cx="30" cy="200" r="6" fill="${EMBER}"/><circle cx="30" cy="200" r="11" fill="${EMBER}" opacity=".25"/></g>`;
}

function emberNova(hex, x = 150, scale = 1) {
  const t = `translate(${x} ${70 + (1 - scale) * 260}) scale(${scale})`;
  return `<g transform="${t}"><rect width="100" height="260" rx="26" fill="url(#b)" stroke="${INK}" stroke-opacity=".15"/>` +
    `<path d="M0 70h100" stroke="${shade(hex, -0.4)}" stroke-width="3"/><ellipse cx="50" cy="30" rx="16" ry="9" fill="${shade(hex, -0.5)}"/>` +
    `<circle cx="50" cy="170" r="18" fill="none" stroke="${shade(hex, 0.45)}" stroke-width="4"/><circle cx="50" cy="170" r="5" fill="${EMBER}"/></g>`;
}

// Sticks -------------------------------------------------------------------
function pack(name, hex, x = 130, y = 70) {
  const fg = textOn(hex);
  return `<g transform="translate(${x} ${y})"><path d="M140 0l18-14v240l-18 14z" fill="${shade(hex, -0.35)}"/>` +
    `<path d="M0 0l18-14h140l-18 14z" fill="${shade(hex, 0.3)}"/><rect width="140" height="240" fill="${hex}"/>` +
    `<rect y="0" width="140" height="28" fill="${shade(hex, -0.2)}"/>` +
    label(70, 78, 'EMBER', 22, fg, ' font-weight="700" letter-spacing="5"') + label(70, 112, name.toUpperCase(), 15, fg, ' letter-spacing="2"') +
    `<path d="M40 132h60" stroke="${EMBER}" stroke-width="3"/>` + label(70, 160, '20 STICKS', 12, fg) +
    `<rect y="188" width="140" height="52" fill="#FFFFFF"/>` + label(70, 221, '18+', 20, INK, ' font-weight="700"') + `</g>`;
}

function carton(name, hex, x = 50, y = 140) {
  const fg = textOn(hex);
  return `<g transform="translate(${x} ${y})"><path d="M0 0l40-40h260l-40 40z" fill="${shade(hex, 0.3)}"/>` +
    `<path d="M260 0l40-40v140l-40 40z" fill="${shade(hex, -0.35)}"/><rect width="260" height="140" fill="${hex}"/>` +
    label(110, 52, 'EMBER', 26, fg, ' font-weight="700" letter-spacing="6"') + label(110, 84, name.toUpperCase(), 16, fg, ' letter-spacing="2"') +
    label(110, 116, '10 × 20 STICKS', 12, fg) + `<rect x="214" width="46" height="140" fill="#FFFFFF"/>` +
    label(237, 77, '18+', 15, INK, ' font-weight="700"') + `</g>`;
}

/** A carton without the flavour lettering, for bundle compositions. */
function miniCarton(hex, x, y) {
  return `<g transform="translate(${x} ${y})"><path d="M0 0l28-28h182l-28 28z" fill="${shade(hex, 0.3)}"/>` +
    `<path d="M182 0l28-28v98l-28 28z" fill="${shade(hex, -0.35)}"/><rect width="182" height="98" fill="${hex}"/>` +
    label(78, 36, 'EMBER', 20, textOn(hex), ' font-weight="700" letter-spacing="5"') + `<rect x="150" width="32" height="98" fill="#FFF"/></g>`;
}

const repeatBadge = `<g transform="translate(318 82)"><circle r="42" fill="${EMBER}"/>` +
  `<path d="M-20 -4a21 21 0 0 1 38-8M20 4a21 21 0 0 1-38 8" fill="none" stroke="#FFF" stroke-width="6" stroke-linecap="round"/>` +
  `<path d="M22-22l-2 14-13-5zM-22 22l2-14 13 5z" fill="#FFF"/></g>`;

// Files --------------------------------------------------------------------
const files = {};

for (const [code, [name, hex]] of Object.entries(COLORS)) {
  if (['slate', 'copper', 'ivory', 'sage'].includes(code)) {
    files[`devices/ember-one-${code}.svg`] = svg(`Ember One in ${name}`, emberOne(hex), gradient('b', hex));
  }
  if (['midnight', 'rose', 'copper'].includes(code)) {
    files[`devices/ember-nova-${code}.svg`] = svg(`Ember Nova in ${name}`, emberNova(hex), gradient('b', hex));
  }
}

for (const [code, [name, hex]] of Object.entries(FLAVORS)) {
  files[`sticks/${code}-pack.svg`] = svg(`Ember Sticks ${name}, pack of 20`, pack(name, hex));
  files[`sticks/${code}-carton.svg`] = svg(`Ember Sticks ${name}, carton of 200`, carton(name, hex));
  if (SUBSCRIPTION_FLAVORS.includes(code)) {
    files[`subscriptions/${code}-subscription.svg`] = svg(`Ember Sticks ${name} subscription`, carton(name, hex, 40, 170) + repeatBadge);
  }
}

files['bundles/one-starter.svg'] = svg('Ember One Starter Kit',
  miniCarton(FLAVORS.amber[1], 150, 170) + miniCarton(FLAVORS.teak[1], 165, 240) +
  emberOne(COLORS.slate[1], 70, 0.95), gradient('b', COLORS.slate[1]));

files['bundles/nova-duo.svg'] = svg('Ember Nova Duo',
  ['bronze', 'mint', 'frost'].map((code, i) => miniCarton(FLAVORS[code][1], 168 + i * 10, 118 + i * 70)).join('') +
  emberNova(COLORS.midnight[1], 40, 0.9), gradient('b', COLORS.midnight[1]));

files['accessories/charger.svg'] = svg('Ember USB-C charger',
  `<path d="M200 210c0 70-90 40-90 110" fill="none" stroke="${INK}" stroke-width="8" stroke-linecap="round"/>` +
  `<rect x="150" y="90" width="100" height="120" rx="18" fill="#FAFAFA" stroke="${INK}" stroke-opacity=".2"/>` +
  `<rect x="172" y="60" width="12" height="34" rx="3" fill="#9AA0A6"/><rect x="216" y="60" width="12" height="34" rx="3" fill="#9AA0A6"/>` +
  `<circle cx="200" cy="150" r="7" fill="${EMBER}"/><rect x="98" y="316" width="24" height="34" rx="5" fill="${INK}"/>`);

for (const code of ['slate', 'copper']) {
  const [name, hex] = COLORS[code];
  files[`accessories/case-${code}.svg`] = svg(`Ember One carry case in ${name}`,
    `<rect x="140" y="70" width="120" height="280" rx="46" fill="url(#b)"/>` +
    `<rect x="154" y="84" width="92" height="252" rx="36" fill="none" stroke="${shade(hex, 0.45)}" stroke-width="2" stroke-dasharray="7 6"/>` +
    `<path d="M140 130h120" stroke="${shade(hex, -0.35)}" stroke-width="3"/>`, gradient('b', hex));
}

files['accessories/cleaning-kit.svg'] = svg('Ember cleaning kit',
  `<rect x="90" y="120" width="220" height="190" rx="16" fill="#FFFFFF" stroke="${INK}" stroke-opacity=".15"/>` +
  `<rect x="120" y="150" width="18" height="130" rx="9" fill="${COLORS.slate[1]}"/><rect x="116" y="150" width="26" height="34" rx="6" fill="#C9C2B8"/>` +
  [0, 1, 2, 3, 4].map((i) => `<path d="M${175 + i * 24} 155v120" stroke="#C9C2B8" stroke-width="6" stroke-linecap="round"/><circle cx="${175 + i * 24}" cy="155" r="8" fill="#FFFFFF" stroke="#C9C2B8"/>`).join(''));

files['gifts/pouch.svg'] = svg('Ember travel pouch',
  `<path d="M120 140h160l20 190a20 20 0 0 1-20 20H120a20 20 0 0 1-20-20z" fill="${COLORS.midnight[1]}"/>` +
  `<path d="M120 140h160" stroke="${EMBER}" stroke-width="6"/><path d="M180 140c0-44 40-44 40 0" fill="none" stroke="${EMBER}" stroke-width="4"/>` +
  label(200, 260, 'EMBER', 24, '#FFFFFF', ' font-weight="700" letter-spacing="6"'));

files['gifts/lanyard.svg'] = svg('Ember lanyard',
  `<path d="M200 300L120 60M200 300L280 60" fill="none" stroke="${EMBER}" stroke-width="16" stroke-linecap="round"/>` +
  `<rect x="186" y="296" width="28" height="40" rx="6" fill="#9AA0A6"/><circle cx="200" cy="344" r="10" fill="none" stroke="#9AA0A6" stroke-width="5"/>`);

files['trade-in/ember-one-trade-in.svg'] = svg('Ember One trade-in',
  emberOne('#9AA0A6', 120, 0.9) +
  `<path d="M230 150a70 70 0 0 1 100 20M330 250a70 70 0 0 1-100-20" fill="none" stroke="${EMBER}" stroke-width="10" stroke-linecap="round"/>` +
  `<path d="M344 150l-8 36-30-16zM216 270l8-36 30 16z" fill="${EMBER}"/>`, gradient('b', '#9AA0A6'));

files['trial/one-trial-kit.svg'] = svg('Ember One trial kit',
  `<path d="M70 180l40-40h180l40 40z" fill="#E2DBD0"/><rect x="70" y="180" width="260" height="160" rx="6" fill="#FFFFFF" stroke="${INK}" stroke-opacity=".15"/>` +
  `<rect x="110" y="208" width="180" height="38" rx="19" fill="url(#b)"/><ellipse cx="128" cy="227" rx="6" ry="11" fill="${shade(COLORS.slate[1], -0.45)}"/>` +
  `<circle cx="250" cy="227" r="5" fill="${EMBER}"/>` +
  label(200, 300, 'TRIAL', 22, INK, ' font-weight="700" letter-spacing="8"') + `<path d="M160 312h80" stroke="${EMBER}" stroke-width="3"/>`,
  gradient('b', COLORS.slate[1]));

files['marketing/heat-profile.svg'] = svg('Heat profile of an Ember session',
  `<path d="M60 320H350M60 320V70" stroke="${INK}" stroke-opacity=".4" stroke-width="3"/>` +
  `<path d="M60 320C100 120 130 110 170 140S260 150 340 160" fill="none" stroke="${EMBER}" stroke-width="8" stroke-linecap="round"/>` +
  `<circle cx="170" cy="140" r="9" fill="${EMBER}"/>`);

files['marketing/battery.svg'] = svg('A full day of battery',
  `<rect x="90" y="140" width="200" height="110" rx="16" fill="none" stroke="${INK}" stroke-width="8"/><rect x="290" y="172" width="18" height="46" rx="5" fill="${INK}"/>` +
  [0, 1, 2, 3].map((i) => `<rect x="${106 + i * 45}" y="156" width="35" height="78" rx="6" fill="${COLORS.sage[1]}"/>`).join(''));

files['marketing/induction.svg'] = svg('Induction heating in Ember Nova',
  [110, 85, 60, 35].map((r, i) => `<circle cx="200" cy="200" r="${r}" fill="none" stroke="${i % 2 ? EMBER : COLORS.midnight[1]}" stroke-width="10" opacity="${0.5 + i * 0.15}"/>`).join('') +
  `<circle cx="200" cy="200" r="12" fill="${EMBER}"/>`);

// Device close-ups and charging pictures (second and third gallery pictures of every colour) -----
function closeUp(hex, nova) {
  // The top of the device, large, with its heating chamber and the glowing ring or LED.
  const w = nova ? 220 : 170;
  const x = 200 - w / 2;
  return `<rect x="${x}" y="70" width="${w}" height="360" rx="${nova ? 56 : 85}" fill="url(#b)" stroke="${INK}" stroke-opacity=".15"/>` +
    `<ellipse cx="200" cy="130" rx="${nova ? 44 : 40}" ry="${nova ? 24 : 22}" fill="${shade(hex, -0.5)}"/>` +
    `<ellipse cx="200" cy="126" rx="${nova ? 30 : 26}" ry="${nova ? 14 : 12}" fill="${shade(hex, -0.7)}"/>` +
    (nova
      ? `<path d="M${x} 200h${w}" stroke="${shade(hex, -0.4)}" stroke-width="4"/><circle cx="200" cy="300" r="40" fill="none" stroke="${EMBER}" stroke-width="6" opacity=".9"/>` +
        `<circle cx="200" cy="300" r="52" fill="none" stroke="${EMBER}" stroke-width="2" opacity=".35"/>`
      : `<circle cx="200" cy="290" r="12" fill="${EMBER}"/><circle cx="200" cy="290" r="24" fill="${EMBER}" opacity=".22"/><circle cx="200" cy="290" r="38" fill="${EMBER}" opacity=".08"/>`);
}

function charging(hex, nova) {
  // The device lying down, a USB-C cable plugged in, three charge bars lit.
  const h = nova ? 96 : 64;
  const y = 200 - h / 2;
  return `<path d="M312 200h30c30 0 30 70 0 70H80" fill="none" stroke="${INK}" stroke-width="7" stroke-linecap="round"/>` +
    `<rect x="296" y="190" width="26" height="20" rx="4" fill="#9AA0A6"/>` +
    `<rect x="60" y="${y}" width="240" height="${h}" rx="${h / 2}" fill="url(#b)" stroke="${INK}" stroke-opacity=".15"/>` +
    `<ellipse cx="${60 + h / 2.4}" cy="200" rx="${h / 7}" ry="${h / 4}" fill="${shade(hex, -0.45)}"/>` +
    [0, 1, 2].map((i) => `<rect x="${170 + i * 22}" y="192" width="16" height="16" rx="3" fill="${i < 2 ? EMBER : shade(hex, 0.5)}"/>`).join('');
}

for (const [code, [name, hex]] of Object.entries(COLORS)) {
  for (const [model, nova, codes] of [['one', false, ['slate', 'copper', 'ivory', 'sage']], ['nova', true, ['midnight', 'rose', 'copper']]]) {
    if (!codes.includes(code)) continue;
    const title = `Ember ${nova ? 'Nova' : 'One'} in ${name}`;
    files[`devices/ember-${model}-${code}-detail.svg`] = svg(`${title}, close-up`, closeUp(hex, nova), gradient('b', hex));
    files[`devices/ember-${model}-${code}-charging.svg`] = svg(`${title}, charging`, charging(hex, nova), gradient('b', hex));
  }
}

// Category cards (4:3) --------------------------------------------------------------------------
function card(title, bg, body, defs = '') {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" role="img">` +
    `<title>${esc(title)}</title>${defs ? `<defs>${defs}</defs>` : ''}<rect width="400" height="300" fill="${bg}"/>` +
    `<circle cx="330" cy="60" r="110" fill="#FFFFFF" opacity=".18"/><ellipse cx="200" cy="276" rx="150" ry="10" fill="${INK}" opacity=".08"/>` +
    `<g transform="translate(0 -50)">${body}</g></svg>\n`;
}

files['categories/devices.svg'] = card('Ember devices', '#F3E3D3',
  emberOne(COLORS.copper[1], 110, 0.9).replace('url(#b)', 'url(#c)') + emberNova(COLORS.midnight[1], 210, 0.95),
  gradient('c', COLORS.copper[1]) + gradient('b', COLORS.midnight[1]));
files['categories/sticks.svg'] = card('Ember sticks', '#E6F0EC',
  pack('Mint', FLAVORS.mint[1], 70, 90).replace('<g transform="translate(70 90)">', '<g transform="translate(70 90) scale(.82)">') +
  pack('Amber', FLAVORS.amber[1], 200, 80).replace('<g transform="translate(200 80)">', '<g transform="translate(200 80) scale(.82)">'));
files['categories/cartons.svg'] = card('Ember cartons',  '#EFE6DA',
  miniCarton(FLAVORS.teak[1], 90, 200) + miniCarton(FLAVORS.amber[1], 110, 140));
files['categories/bundles.svg'] = card('Ember bundles', '#F6E7D8',
  miniCarton(FLAVORS.bronze[1], 170, 210) + miniCarton(FLAVORS.amber[1], 180, 150) + emberOne(COLORS.slate[1], 100, 0.8),
  gradient('b', COLORS.slate[1]));
files['categories/accessories.svg'] = card('Ember accessories', '#E8E6F0',
  `<rect x="90" y="120" width="96" height="210" rx="40" fill="url(#b)"/><rect x="102" y="132" width="72" height="186" rx="30" fill="none" stroke="${shade(COLORS.copper[1], 0.45)}" stroke-width="2" stroke-dasharray="7 6"/>` +
  `<rect x="230" y="170" width="90" height="110" rx="16" fill="#FAFAFA" stroke="${INK}" stroke-opacity=".2"/><rect x="252" y="142" width="10" height="30" rx="3" fill="#9AA0A6"/><rect x="288" y="142" width="10" height="30" rx="3" fill="#9AA0A6"/><circle cx="275" cy="225" r="7" fill="${EMBER}"/>`,
  gradient('b', COLORS.copper[1]));
files['categories/subscriptions.svg'] = card('Ember subscriptions', '#E3EEF3',
  carton('Turquoise', FLAVORS.turquoise[1], 50, 170).replace('<g transform="translate(50 170)">', '<g transform="translate(60 170) scale(.85)">') +
  repeatBadge.replace('translate(318 82)', 'translate(320 150)'));
files['categories/trade-in.svg'] = card('Ember trade-in', '#ECEAE6',
  emberOne('#9AA0A6', 110, 0.8) +
  `<path d="M210 170a60 60 0 0 1 90 18M300 250a60 60 0 0 1-90-18" fill="none" stroke="${EMBER}" stroke-width="10" stroke-linecap="round"/>`,
  gradient('b', '#9AA0A6'));
files['categories/free-gifts.svg'] = card('Ember free gifts', '#F5E6E6',
  `<path d="M140 170h120l16 150a16 16 0 0 1-16 16H140a16 16 0 0 1-16-16z" fill="${COLORS.midnight[1]}"/>` +
  `<path d="M140 170h120" stroke="${EMBER}" stroke-width="6"/><path d="M185 170c0-40 30-40 30 0" fill="none" stroke="${EMBER}" stroke-width="4"/>`);

// Home page picture (4:3, transparent: it sits on the dark hero) ------------------------------
files['home/hero.svg'] = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480" width="640" height="480" role="img">` +
  `<title>Ember One and Ember Nova with Ember sticks</title><defs>${gradient('b', COLORS.copper[1])}${gradient('n', COLORS.ivory[1])}` +
  `<radialGradient id="g"><stop offset="0" stop-color="${EMBER}" stop-opacity=".55"/><stop offset="1" stop-color="${EMBER}" stop-opacity="0"/></radialGradient></defs>` +
  `<circle cx="360" cy="230" r="230" fill="url(#g)"/><ellipse cx="330" cy="440" rx="250" ry="16" fill="#000" opacity=".3"/>` +
  `<g transform="translate(215 30) scale(1.1)">${miniCarton(FLAVORS.amber[1], 150, 250)}${miniCarton(FLAVORS.turquoise[1], 170, 180)}</g>` +
  `<g transform="translate(90 20) scale(1.35)">${emberOne(COLORS.copper[1], 40, 1)}</g>` +
  `<g transform="translate(200 40) scale(1.3)">${emberNova(COLORS.ivory[1], 40, 1).replace('url(#b)', 'url(#n)')}</g></svg>\n`;

const BUDGET = { 'home/hero.svg': 6144 };
// Loyalty club -------------------------------------------------------------
// Tier medals, rewards and the campaign voucher the loyalty tables reference (/media/loyalty/...).
const TIERS = { bronze: ['Bronze', '#B0713A'], silver: ['Silver', '#A7AEB5'], gold: ['Gold', '#D4A52C'] };

/** A round medal with a flame in the middle; `stars` counts the tier's rank. */
function medal(hex, stars) {
  return `<path d="M150 40h40l30 120h-40zM250 40h-40l-30 120h40z" fill="${EMBER}" opacity=".85"/>` +
    `<path d="M170 40h20l30 120h-20zM230 40h-20l-30 120h20z" fill="${shade(EMBER, -0.25)}"/>` +
    `<circle cx="200" cy="230" r="108" fill="${shade(hex, -0.35)}"/><circle cx="200" cy="230" r="98" fill="url(#m)"/>` +
    `<circle cx="200" cy="230" r="78" fill="none" stroke="${shade(hex, 0.5)}" stroke-width="3" opacity=".7"/>` +
    `<path d="M200 168c26 30 40 50 40 72a40 40 0 0 1-80 0c0-14 6-26 16-36 0 14 6 22 14 24-6-22 0-42 10-60z" fill="${shade(hex, -0.45)}"/>` +
    Array.from({ length: stars }, (_, i) => {
      const x = 200 + (i - (stars - 1) / 2) * 26;
      return `<path d="M${x} 290l4 8 9 1-7 6 2 9-8-5-8 5 2-9-7-6 9-1z" fill="${shade(hex, 0.6)}"/>`;
    }).join('');
}

const medalGradient = (hex) =>
  `<radialGradient id="m" cx=".35" cy=".3" r=".8"><stop offset="0" stop-color="${shade(hex, 0.55)}"/>` +
  `<stop offset=".6" stop-color="${hex}"/><stop offset="1" stop-color="${shade(hex, -0.2)}"/></radialGradient>`;

Object.entries(TIERS).forEach(([code, [name, hex]], i) => {
  files[`loyalty/tier-${code}.svg`] = svg(`Ember club ${name} tier`, medal(hex, i + 1), medalGradient(hex));
});

/** A reward on a gift tag: the drawing sits on the card, the tag's string ties it to the corner. */
const rewardTag = `<rect x="52" y="52" width="296" height="296" rx="28" fill="#FFFFFF" stroke="${INK}" stroke-opacity=".08"/>` +
  `<path d="M296 52h52v52z" fill="${EMBER}"/><circle cx="326" cy="74" r="6" fill="#FFFFFF"/>`;

files['loyalty/reward-pouch.svg'] = svg('Ember travel pouch reward', rewardTag +
  `<path d="M135 150h130l16 150a16 16 0 0 1-16 17H135a16 16 0 0 1-16-17z" fill="${COLORS.midnight[1]}"/>` +
  `<path d="M135 150h130" stroke="${EMBER}" stroke-width="6"/><path d="M184 150c0-36 32-36 32 0" fill="none" stroke="${EMBER}" stroke-width="4"/>` +
  label(200, 250, 'EMBER', 20, '#FFFFFF', ' font-weight="700" letter-spacing="5"'));

files['loyalty/reward-lanyard.svg'] = svg('Ember lanyard reward', rewardTag +
  `<path d="M200 280L140 100M200 280L260 100" fill="none" stroke="${EMBER}" stroke-width="14" stroke-linecap="round"/>` +
  `<path d="M200 280L140 100" fill="none" stroke="#FFFFFF" stroke-width="2" stroke-dasharray="6 8" opacity=".7"/>` +
  `<rect x="188" y="276" width="24" height="34" rx="5" fill="#9AA0A6"/><circle cx="200" cy="318" r="8" fill="none" stroke="#9AA0A6" stroke-width="4"/>`);

files['loyalty/reward-charger.svg'] = svg('Limited edition Ember charger reward', rewardTag +
  `<path d="M200 250c0 50-64 30-64 70" fill="none" stroke="${INK}" stroke-width="7" stroke-linecap="round"/>` +
  `<rect x="156" y="140" width="88" height="110" rx="16" fill="${COLORS.copper[1]}"/>` +
  `<rect x="176" y="114" width="10" height="30" rx="3" fill="#9AA0A6"/><rect x="214" y="114" width="10" height="30" rx="3" fill="#9AA0A6"/>` +
  `<path d="M205 168l-16 26h14l-6 24 18-30h-14z" fill="#FFFFFF"/>` +
  label(200, 300, 'LIMITED', 14, INK, ' font-weight="700" letter-spacing="4"'));

files['loyalty/campaign.svg'] = svg('Ember club voucher',
  `<path d="M60 130h280v50a20 20 0 0 0 0 40v50H60v-50a20 20 0 0 0 0-40z" fill="${EMBER}"/>` +
  `<path d="M250 140v120" stroke="#FFFFFF" stroke-width="3" stroke-dasharray="8 7" opacity=".8"/>` +
  label(150, 212, 'CLUB', 34, '#FFFFFF', ' font-weight="700" letter-spacing="6"') +
  `<circle cx="285" cy="180" r="10" fill="none" stroke="#FFFFFF" stroke-width="5"/><circle cx="310" cy="222" r="10" fill="none" stroke="#FFFFFF" stroke-width="5"/>` +
  `<path d="M313 172l-30 58" stroke="#FFFFFF" stroke-width="5" stroke-linecap="round"/>`);

files['loyalty/article-care.svg'] = svg('Caring for your Ember device',
  emberOne(COLORS.sage[1], 120, 0.85) +
  `<path d="M250 120l10 24 24 10-24 10-10 24-10-24-24-10 24-10z" fill="${EMBER}"/>` +
  `<path d="M300 210l6 14 14 6-14 6-6 14-6-14-14-6 14-6z" fill="${EMBER}" opacity=".6"/>`, gradient('b', COLORS.sage[1]));

files['loyalty/article-flavours.svg'] = svg('Ember flavours',
  ['amber', 'mint', 'frost', 'berry'].map((code, i) =>
    `<circle cx="${110 + i * 60}" cy="${200 + (i % 2 ? 30 : -30)}" r="48" fill="${FLAVORS[code][1]}" opacity=".9"/>`).join('') +
  `<path d="M80 300h240" stroke="${INK}" stroke-opacity=".2" stroke-width="3"/>`);

files['loyalty/article-travel.svg'] = svg('Travelling with Ember',
  `<rect x="110" y="150" width="180" height="170" rx="20" fill="${COLORS.midnight[1]}"/>` +
  `<path d="M165 150v-30a12 12 0 0 1 12-12h46a12 12 0 0 1 12 12v30" fill="none" stroke="${COLORS.midnight[1]}" stroke-width="10"/>` +
  `<path d="M110 210h180" stroke="${EMBER}" stroke-width="6"/><circle cx="150" cy="330" r="10" fill="${INK}"/><circle cx="250" cy="330" r="10" fill="${INK}"/>` +
  `<path d="M280 80l40 14-30 10-8 22-10-8 4-16-16-6z" fill="${EMBER}"/>`);

let total = 0;
for (const [path, content] of Object.entries(files)) {
  const bytes = Buffer.byteLength(content);
  const budget = BUDGET[path] ?? MAX_BYTES;
  if (bytes > budget) throw new Error(`${path} is ${bytes} bytes, over the ${budget} byte budget`);
  mkdirSync(dirname(join(ROOT, path)), { recursive: true });
  writeFileSync(join(ROOT, path), content);
  total += bytes;
}
console.log(`wrote ${Object.keys(files).length} images (${total} bytes)`);
