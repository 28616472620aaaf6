// Shaping-only micro benchmark: the texts the 6000-row report measures (row numbers, "123:",
// amounts, repeated words), through a fresh measurer per iteration as a render does.
// node bench/shaping-micro.mjs <core-dist-dir>[,<core-dist-dir>…] [iterations] [rows] [report|names]
// Alternates the builds given and prints CPU ms per iteration for each (A/B in one process
// each, so run it a few times). `names`: fresh mail-merge-like words (names, streets) every
// iteration instead, so that every text misses the shaping cache.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dirs = (process.argv[2] ?? 'packages/core/dist').split(',');
const iterations = Number(process.argv[3] ?? 5);
const rows = Number(process.argv[4] ?? 6000);
const mode = process.argv[5] ?? 'report';
const SYLLABLES = [
  'mi',
  'ja',
  'li',
  'ko',
  'ri',
  'na',
  'ste',
  'vin',
  'tor',
  'jel',
  'phi',
  'gin',
  'ber',
  'wil',
  'son',
  'ida',
  'lux',
  'zi',
];

/** Words no earlier iteration used: capitalised syllable strings from a counter. */
let serial = 0;
function freshWords() {
  const out = [];
  for (let i = 0; i < rows; i++) {
    let n = ++serial * 7919;
    let word = '';
    do {
      word += SYLLABLES[n % SYLLABLES.length];
      n = Math.floor(n / SYLLABLES.length);
    } while (n > 0);
    out.push(word[0].toUpperCase() + word.slice(1), `${word},`);
  }
  return out;
}

function texts() {
  const out = [];
  for (let i = 0; i < rows; i++) {
    out.push(
      String(i),
      'Item',
      `${i}:`,
      'stainless',
      'fastener,',
      'grade',
      `A${i % 5}`,
      String((i % 17) + 1),
      (i * 3.7).toFixed(2),
    );
  }
  return out;
}

const builds = await Promise.all(
  dirs.map(async (dir) => {
    const base = pathToFileURL(resolve(dir)).href;
    const { createMeasurer } = await import(`${base}/text/measurer.js`);
    const { getFontRegistry } = await import(`${base}/resources/fonts.js`);
    return { dir, createMeasurer, getFontRegistry, times: [] };
  }),
);

let all = texts();
const query = { families: ['Arial', 'Helvetica', 'sans-serif'], weight: 400, style: 'normal' };
function run(build) {
  if (mode === 'names') all = freshWords();
  const measurer = build.createMeasurer(build.getFontRegistry().createFontSet());
  // Layout asks once per distinct text and style per render (its own cache).
  const seen = new Set();
  let width = 0;
  for (const text of all) {
    if (seen.has(text)) continue;
    seen.add(text);
    for (const r of measurer.shape(text, query, 13.333333)) width += r.width;
  }
  return width;
}
for (const b of builds) {
  run(b);
  run(b);
}
for (let i = 0; i < iterations; i++) {
  for (const b of builds) {
    const cpu = process.cpuUsage();
    run(b);
    const used = process.cpuUsage(cpu);
    b.times.push((used.user + used.system) / 1000);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const b of builds)
  console.log(
    `${b.dir}: median ${median(b.times).toFixed(1)} ms CPU per iteration (${b.times.map((t) => t.toFixed(0)).join(' ')})`,
  );
