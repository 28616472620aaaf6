#!/usr/bin/env node
// Make the fixture font of host-fonts.html: a bundled font under an invented family name, so
// that nothing installed on the machine has it and only a --font-dir / fontDirs folder can
// supply it. Rewrites the `name` table (family, full and PostScript names; copyright and
// licence, style and version kept, as the SIL OFL asks of a renamed version) and leaves every
// other table as is, except that a sixth argument `use-typo-metrics` sets OS/2 fsSelection bit 7
// (USE_TYPO_METRICS), which makes the font's typo ascender/descender/line gap its metrics:
//   node rename-font.mjs <in.ttf> <out.ttf> "<Family>" <PostScriptName> [use-typo-metrics]
import { readFileSync, writeFileSync } from 'node:fs';

const [input, output, family, postscript, flag] = process.argv.slice(2);
if (!postscript) throw new Error('usage: rename-font.mjs <in.ttf> <out.ttf> "<Family>" <PostScriptName>');
const font = readFileSync(input);

const tables = new Map();
for (let i = 0; i < font.readUInt16BE(4); i++) {
  const at = 12 + i * 16;
  const offset = font.readUInt32BE(at + 8);
  tables.set(font.toString('latin1', at, at + 4), font.subarray(offset, offset + font.readUInt32BE(at + 12)));
}

/** Windows/Unicode BMP/US English records only: what fontconfig and fontkit read first. */
function nameTable(original) {
  const kept = new Map();
  const count = original.readUInt16BE(2),
    storage = original.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const r = 6 + i * 12;
    const [platform, encoding, language, id, length, offset] = [0, 2, 4, 6, 8, 10].map((o) =>
      original.readUInt16BE(r + o),
    );
    if (platform === 3 && encoding === 1 && language === 0x409 && [0, 2, 5, 13, 14].includes(id)) {
      kept.set(id, original.subarray(storage + offset, storage + offset + length));
    }
  }
  const utf16 = (text) => Buffer.from(text, 'utf16le').swap16();
  const style = kept.has(2) ? Buffer.from(kept.get(2)).swap16().toString('utf16le') : 'Regular';
  const full = style === 'Regular' ? family : `${family} ${style}`;
  const records = new Map([
    ...kept,
    [1, utf16(family)],
    [2, utf16(style)],
    [3, utf16(`${postscript};fixture`)],
    [4, utf16(full)],
    [6, utf16(postscript)],
  ]);
  const ids = [...records.keys()].sort((a, b) => a - b);
  const header = Buffer.alloc(6 + ids.length * 12);
  header.writeUInt16BE(ids.length, 2);
  header.writeUInt16BE(header.length, 4);
  let offset = 0;
  ids.forEach((id, i) => {
    const r = 6 + i * 12,
      bytes = records.get(id);
    [3, 1, 0x409, id, bytes.length, offset].forEach((v, k) => header.writeUInt16BE(v, r + k * 2));
    offset += bytes.length;
  });
  return Buffer.concat([header, ...ids.map((id) => records.get(id))]);
}
tables.set('name', nameTable(tables.get('name')));
if (flag === 'use-typo-metrics') {
  const os2 = Buffer.from(tables.get('OS/2'));
  os2.writeUInt16BE(os2.readUInt16BE(62) | (1 << 7), 62); // fsSelection
  tables.set('OS/2', os2);
}

const checksum = (bytes) => {
  const padded = Buffer.concat([bytes, Buffer.alloc((4 - (bytes.length % 4)) % 4)]);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
};
const tags = [...tables.keys()].sort();
const head = Buffer.from(tables.get('head'));
head.writeUInt32BE(0, 8);
tables.set('head', head);
const directory = Buffer.alloc(12 + tags.length * 16);
font.copy(directory, 0, 0, 12);
const bodies = [];
let offset = directory.length;
tags.forEach((tag, i) => {
  const bytes = tables.get(tag);
  const at = 12 + i * 16;
  directory.write(tag, at, 'latin1');
  directory.writeUInt32BE(checksum(bytes), at + 4);
  directory.writeUInt32BE(offset, at + 8);
  directory.writeUInt32BE(bytes.length, at + 12);
  const padded = Buffer.concat([bytes, Buffer.alloc((4 - (bytes.length % 4)) % 4)]);
  bodies.push(padded);
  offset += padded.length;
});
const out = Buffer.concat([directory, ...bodies]);
const headAt = out.readUInt32BE(12 + tags.indexOf('head') * 16 + 8);
out.writeUInt32BE((0xb1b0afba - checksum(out)) >>> 0, headAt + 8);
writeFileSync(output, out);
