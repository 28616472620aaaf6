// brotli's decompress (fontkit's WOFF2 fonts), required on first use, for the CLI bundle
// (scripts/bundle-cli.mjs leaves brotli out of it): fontkit imports it at its top, and brotli's
// 0.88 MB of source, most of it its dictionary, was read and loaded by every cold render.
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, as the module it stands in for */
'use strict';
let decompress;

module.exports = (buffer, outSize) => (decompress ??= require('brotli/decompress.js'))(buffer, outSize);
