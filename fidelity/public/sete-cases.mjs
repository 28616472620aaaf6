#!/usr/bin/env node
// Builds set E of the public templates (README.md beside this file) except the JSON Resume case,
// which jsonresume-cases.mjs writes first; this script then makes that self-contained too.
//   node fidelity/public/jsonresume-cases.mjs /tmp/npm /tmp/sete standard-resume
//   node fidelity/public/sete-cases.mjs /tmp/npm /tmp/mirrors /tmp/sete
// <npm prefix> holds mailgen@2.0.36, normalize.css@7.0.0, jsonresume-theme-standard-resume@2.1.0,
// jsonresume-theme-actual-letter@0.1.4 and resume-schema; <mirrors> holds one bare clone per repository as owner+name/repo.
// References are printed with no network: CDN links point at local copies, the rest is dropped.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { caseKit } from './cases-lib.mjs';

const [prefix, mirrors, out] = process.argv.slice(2);
if (!prefix || !mirrors || !out) {
  console.error('usage: sete-cases.mjs <npm prefix> <mirrors folder> <output corpus folder>');
  process.exit(2);
}
const { require, pkgDir, gitFile, gitText, localise, writeCase } = caseKit(prefix, mirrors, out);

// 1. JSON Resume cases already written by jsonresume-cases.mjs: make them self-contained.
for (const name of readdirSync(out).filter((n) => n.startsWith('resume-'))) {
  const file = join(out, name, 'template.html');
  writeFileSync(file, localise(readFileSync(file, 'utf8'), join(out, name)));
}

// 2. paper-css examples (print sheets): paper.css at the release the examples link (0.4.1) and
// normalize.css 7.0.0 from npm, both inlined as the CDN links would load them.
{
  const repo = 'cognitom/paper-css';
  const paper = gitText(repo, 'paper.css', 'v0.4.1');
  const normalize = readFileSync(join(pkgDir('normalize.css'), 'normalize.css'), 'utf8');
  for (const example of ['receipt', 'multiple-sheets']) {
    const html = gitText(repo, `examples/${example}.html`)
      .replace(/<link[^>]*normalize[^>]*>/, `<style>${normalize}</style>`)
      .replace(/<link[^>]*paper-css[^>]*>/, `<style>${paper}</style>`);
    writeCase(`paper-css-${example}`, html, {
      description: `${repo} examples/${example}.html (paper.css 0.4.1, normalize.css 7.0.0)`,
    });
  }
}

// 3. Konstantin Savchenko's responsive e-mail templates (remote images dropped).
for (const t of ['general', 'promotional', 'explorational']) {
  writeCase(`mail-konsav-${t}`, gitText('konsav/email-templates', `${t}.html`), {
    description: `konsav/email-templates ${t}.html`,
  });
}

// 4. MailChimp's e-mail blueprints, merge tags left as they are.
for (const path of [
  'templates/simple-basic.html',
  'templates/simple-letterhead-centerlogo.html',
  'templates/fancy-1-2-3.html',
  'templates/2col-1-2.html',
  'templates/3col-1-3.html',
  'templates/gallery-1-4.html',
  'responsive-templates/base_boxed_2column_query.html',
]) {
  const name = path.split('/').pop().replace('.html', '');
  writeCase(`mail-mailchimp-${name}`, gitText('mailchimp/email-blueprints', path), {
    description: `mailchimp/email-blueprints ${path}`,
  });
}

// 5. mailgen's bundled themes (Send With Us' neopolitan, Jason Rodriguez' salted, Ted Goas' Cerberus)
// filled with the e-mails of its own examples (receipt with a table, password reset, welcome).
{
  const Mailgen = require('mailgen');
  const example = (file) => {
    // The example's `email` object, evaluated without its require/generate/write lines.
    const source = readFileSync(join(pkgDir('mailgen'), 'examples', file), 'utf8');
    const literal = source.slice(
      source.indexOf('var email ='),
      source.indexOf('};', source.indexOf('var email =')) + 2,
    );
    const sandbox = {};
    vm.runInNewContext(`${literal}; result = email;`, sandbox);
    return sandbox.result;
  };
  const product = { name: 'Mailgen', link: 'https://mailgen.js/' };
  for (const [theme, file] of [
    ['neopolitan', 'receipt.js'],
    ['salted', 'receipt.js'],
    ['cerberus', 'receipt.js'],
    ['cerberus', 'reset.js'],
    ['salted', 'welcome.js'],
  ]) {
    const html = new Mailgen({ theme, product }).generate(example(file));
    writeCase(`mail-mailgen-${theme}-${file.replace('.js', '')}`, html, {
      description: `mailgen ${require('mailgen/package.json').version} theme ${theme}, examples/${file}`,
    });
  }
}

// 6. Start Bootstrap's résumé (Bootstrap 5 built into its dist/css/styles.css); scripts dropped.
{
  const repo = 'StartBootstrap/startbootstrap-resume';
  const html = gitText(repo, 'dist/index.html').replace(/<script\b[\s\S]*?<\/script>\s*/gi, '');
  writeCase(
    'resume-startbootstrap',
    html,
    { description: `${repo} dist/index.html` },
    {
      'css/styles.css': gitFile(repo, 'dist/css/styles.css'),
      'assets/img/profile.jpg': gitFile(repo, 'dist/assets/img/profile.jpg'),
    },
  );
}

// 7. A cover letter: jsonresume-theme-actual-letter with resume-schema's sample resume and the
// letter its repository ships (cover-letter.md, which the theme reads when it prints).
{
  const resume = JSON.parse(readFileSync(require.resolve('resume-schema/sample.resume.json'), 'utf8'));
  const letter = gitText('davcd/jsonresume-theme-actual-letter', 'cover-letter.md');
  resume.coverLetter = letter;
  resume.basics.coverLetter = letter;
  const html = require('jsonresume-theme-actual-letter').render(resume);
  writeCase('letter-actual-letter', html, {
    description: 'jsonresume-theme-actual-letter 0.1.4 (npm), sample resume, its cover-letter.md',
  });
}
