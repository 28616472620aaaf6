#!/usr/bin/env node
// Rebuilds set B of the public templates (README.md beside this file) except the JSON Resume cases,
// which jsonresume-cases.mjs writes first (set B was first built by hand in session 5; this script
// does what the README says, see REBUILD-1.md):
//   node fidelity/public/jsonresume-cases.mjs /tmp/npm /tmp/setb autumn crisp … verbum
//   node fidelity/public/setb-cases.mjs /tmp/npm /tmp/mirrors /tmp/setb
// <mirrors> holds one bare clone per repository as owner+name/repo. As in set A, remote links are
// kept (they fail when the references are printed, with no network).
import { caseKit } from './cases-lib.mjs';

const [prefix, mirrors, out] = process.argv.slice(2);
if (!prefix || !mirrors || !out) {
  console.error('usage: setb-cases.mjs <npm prefix> <mirrors folder> <output corpus folder>');
  process.exit(2);
}
const { gitText, folderFiles, writeCase } = caseKit(prefix, mirrors, out);
const asIs = { asIs: true };

// 1. WeasyPrint's samples (print templates for an HTML-to-PDF engine), each folder with its fonts,
// images and stylesheets (not its PDF).
{
  const repo = 'CourtBouillon/weasyprint-samples';
  for (const sample of ['invoice', 'letter', 'poster', 'report', 'ticket']) {
    const files = folderFiles(repo, sample);
    const html = files[`${sample}.html`].toString('utf8');
    delete files[`${sample}.html`];
    writeCase(`wp-${sample}`, html, { description: `${repo} ${sample}/${sample}.html` }, files, asIs);
  }
}

// 2. SendGrid's e-mails: the dynamic (Handlebars) receipt and newsletter with the sample data beside
// them, the Merriweather receipt and the Paste welcome with their images.
{
  const repo = 'sendgrid/email-templates';
  for (const [name, html, data] of [
    [
      'mail-sg-dynamic-receipt',
      'dynamic-templates/receipt/receipt.html',
      'dynamic-templates/receipt/receipt_data.json',
    ],
    [
      'mail-sg-dynamic-newsletter',
      'dynamic-templates/newsletter/news_feed.html',
      'dynamic-templates/newsletter/news_feed_data.json',
    ],
  ]) {
    writeCase(
      name,
      gitText(repo, html),
      { description: `${repo} ${html} with ${data}`, handlebars: true },
      { 'data.json': JSON.stringify(JSON.parse(gitText(repo, data)), null, 1) + '\n' },
      asIs,
    );
  }
  for (const [name, folder, page] of [
    ['mail-sg-merriweather-receipt', 'merriweather-templates', 'receipt.html'],
    ['mail-sg-paste-welcome', 'paste-templates', 'welcome.html'],
  ]) {
    const files = Object.fromEntries(
      Object.entries(folderFiles(repo, `${folder}/img`)).map(([rel, content]) => [`img/${rel}`, content]),
    );
    writeCase(name, gitText(repo, `${folder}/${page}`), { description: `${repo} ${folder}/${page}` }, files, asIs);
  }
}
