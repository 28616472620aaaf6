#!/usr/bin/env node
// A committed entry point, so that npm links `platen` at install time, before `tsc -b`
// (the root prepare script) has written dist/.
import '../dist/main.js';
