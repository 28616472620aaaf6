// @noble/ciphers' AES (cbc, ecb: what PDFKit encrypts with), loaded on first use, for the CLI
// bundle (scripts/bundle-cli.mjs): the module computes its lookup tables when it loads (six
// arrays of 65,536 entries, in code not yet optimised then), about 10 ms of every cold
// render, and only a render with `pdf.encryption` uses them.
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, as the tiny-inflate shim */
'use strict';
let aes;
const load = () => (aes ??= require('@noble/ciphers/aes'));

exports.cbc = (...args) => load().cbc(...args);
exports.ecb = (...args) => load().ecb(...args);
