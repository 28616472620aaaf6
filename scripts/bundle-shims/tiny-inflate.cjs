// tiny-inflate's function (raw DEFLATE into a given array), by Node's zlib, for the CLI bundle
// (scripts/bundle-cli.mjs): the Unicode tries of linebreak, unicode-properties and fontkit are
// inflated when those modules load, and tiny-inflate's JavaScript, still unoptimised then, was
// the largest single part of a cold render. DEFLATE decodes to one result; whatever zlib
// refuses (a truncated or corrupt WOFF table) goes to tiny-inflate itself, which fails or
// stops exactly as before.
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, as the module it stands in for */
'use strict';
const { inflateRawSync } = require('node:zlib');

module.exports = function inflate(source, dest) {
  let out;
  try {
    out = inflateRawSync(source);
  } catch {
    return require('tiny-inflate')(source, dest);
  }
  if (out.length >= dest.length) {
    dest.set(out.subarray(0, dest.length));
    return dest;
  }
  dest.set(out);
  return dest.slice(0, out.length);
};
