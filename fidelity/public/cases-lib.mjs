// Helpers shared by the scripts that build the public template sets (README.md beside this file):
// files from mirrored repositories, CDN links pointed at local npm copies, case folders.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const defaultExport = (mod) => (typeof mod === 'function' ? mod : mod.default);
/** Platen runs no scripts, so the sets drop them (what scripts draw is missing from the references too). */
export const dropScripts = (html) => html.replace(/<script\b[\s\S]*?<\/script>\s*/gi, '');

// CDN stylesheets → the same package from npm (folder under <prefix>/node_modules), copied with
// the fonts its CSS points at: [pattern, package folder, target in the case, parts, new href].
const CDN = [
  [
    /https?:\/\/(?:maxcdn\.bootstrapcdn\.com\/bootstrap\/3\.3\.\d|cdnjs\.cloudflare\.com\/ajax\/libs\/twitter-bootstrap\/3\.3\.\d)\/css\/bootstrap(\.min)?\.css/g,
    'bootstrap3/dist',
    'vendor/bootstrap3',
    ['css/bootstrap.min.css', 'fonts'],
    'vendor/bootstrap3/css/bootstrap.min.css',
  ],
  [
    /https?:\/\/cdn\.jsdelivr\.net\/npm\/bootstrap@3\.4\.1\/dist\/css\/bootstrap(\.min)?\.css/g,
    'bootstrap341/dist',
    'vendor/bootstrap341',
    ['css/bootstrap.min.css', 'fonts'],
    'vendor/bootstrap341/css/bootstrap.min.css',
  ],
  [
    /https?:\/\/cdn\.jsdelivr\.net\/npm\/bootstrap@4\.6\.\d\/dist\/css\/bootstrap\.min\.css/g,
    'bootstrap4/dist',
    'vendor/bootstrap4',
    ['css/bootstrap.min.css'],
    'vendor/bootstrap4/css/bootstrap.min.css',
  ],
  [
    /https?:\/\/cdn\.jsdelivr\.net\/npm\/bootstrap@5\.0\.2\/dist\/css\/bootstrap\.min\.css/g,
    'bootstrap502/dist',
    'vendor/bootstrap5',
    ['css/bootstrap.min.css'],
    'vendor/bootstrap5/css/bootstrap.min.css',
  ],
  [
    /https?:\/\/maxcdn\.bootstrapcdn\.com\/font-awesome\/4\.7\.0\/css\/font-awesome\.min\.css/g,
    'font-awesome',
    'vendor/font-awesome',
    ['css/font-awesome.min.css', 'fonts'],
    'vendor/font-awesome/css/font-awesome.min.css',
  ],
  [
    /https?:\/\/cdnjs\.cloudflare\.com\/ajax\/libs\/font-awesome\/6\.4\.2\/css\/all\.min\.css/g,
    '@fortawesome/fontawesome-free',
    'vendor/fontawesome6',
    ['css/all.min.css', 'webfonts'],
    'vendor/fontawesome6/css/all.min.css',
  ],
];

/**
 * What a set's script needs: npm packages from <prefix>, files of repositories mirrored as
 * <mirrors>/owner+name/repo (bare clones), cases written under <out>.
 */
export function caseKit(prefix, mirrors, out) {
  const require = createRequire(join(prefix, 'node_modules', 'noop.js'));
  const pkgDir = (name) => join(prefix, 'node_modules', name);
  const gitDir = (repo) => join(mirrors, repo.replace('/', '+'), 'repo');

  /** A file of a mirrored repository at its newest commit (or at `commit`), as a Buffer. */
  const gitFile = (repo, path, commit = 'HEAD') =>
    execFileSync('git', ['-C', gitDir(repo), 'show', `${commit}:${path}`], { maxBuffer: 64 << 20 });
  const gitText = (repo, path, commit) => gitFile(repo, path, commit).toString('utf8');
  /** Paths of the files under a folder of a mirrored repository at its newest commit (or at `commit`). */
  const gitList = (repo, folder, commit = 'HEAD') =>
    execFileSync('git', ['-C', gitDir(repo), 'ls-tree', '-r', '--name-only', commit, `${folder}/`], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);

  /** The files under a folder of a repository, keyed by their path inside it, PDFs left out; files
   * whose content the snapshot lacks (its largest files) are left out and named. */
  function folderFiles(repo, folder, skip = /\.pdf$/i, commit = 'HEAD') {
    const files = {};
    for (const rel of gitList(repo, folder, commit)
      .map((path) => path.slice(folder.length + 1))
      .filter((r) => !skip.test(r))) {
      try {
        files[rel] = gitFile(repo, `${folder}/${rel}`, commit);
      } catch {
        console.warn(`  ${repo} ${folder}/${rel}: not in the snapshot, left out`);
      }
    }
    return files;
  }

  /** Points known CDN links at local copies and drops every other remote resource. */
  function localise(html, dir) {
    for (const [pattern, pkg, target, parts, href] of CDN) {
      pattern.lastIndex = 0;
      if (!pattern.test(html)) continue;
      for (const part of parts) cpSync(join(pkgDir(pkg), part), join(dir, target, part), { recursive: true });
      html = html.replace(pattern, href);
    }
    return html
      .replace(/<link\b[^>]*\bhref=["']?(https?:)?\/\/[^>]*>/gi, '')
      .replace(/@import\s+url\(\s*["']?(https?:)?\/\/[^)]*\)\s*;?/gi, '')
      .replace(/@import\s+["'](https?:)?\/\/[^"']*["']\s*;?/gi, '')
      .replace(/<script\b[^>]*\bsrc=["']?(https?:)?\/\/[^>]*>\s*<\/script>/gi, '')
      .replace(/\sbackground=["'](https?:)?\/\/[^"']*["']/gi, '')
      .replace(/<img\b[^>]*\bsrc=["']?(https?:)?\/\/[^>]*>/gi, '')
      .replace(/url\(\s*["']?(https?:)?\/\/[^)]*\)/gi, 'none');
  }

  /** Writes one case: template.html, meta.json (page defaults etc.) and its files, localised
   * (`asIs`: written as they are, remote links left to fail, as sets A and B were built). */
  function writeCase(name, html, meta, files = {}, { asIs = false } = {}) {
    const dir = join(out, name);
    const local = asIs ? (text) => text : (text) => localise(text, dir);
    mkdirSync(dir, { recursive: true });
    for (const [rel, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, rel)), { recursive: true });
      writeFileSync(join(dir, rel), rel.endsWith('.css') ? local(content.toString('utf8')) : content);
    }
    writeFileSync(join(dir, 'template.html'), local(html));
    writeFileSync(join(dir, 'meta.json'), JSON.stringify({ handlebars: false, ...meta }, null, 1) + '\n');
    console.log(`${name}: ${html.length} bytes`);
  }

  /**
   * writeCase for a set whose every case is printed as a Handlebars template (sets L and N): scripts
   * dropped, and a page meant as plain HTML carries its literal `{{` escaped as Handlebars wants it
   * (`\{{`); the reference expands the template too, so that both print the braces.
   */
  const writeTemplateCase = (name, html, meta, files = {}) =>
    meta.handlebars || 'data.json' in files || !html.includes('{{')
      ? writeCase(name, dropScripts(html), meta, files)
      : writeCase(name, dropScripts(html).replaceAll('{{', '\\{{'), { ...meta, handlebars: true }, files);
  /** Files of a mirrored repository keyed by their path in the case: { 'css/a.css': 'src/css/a.css' }. */
  const repoFiles = (repo, commit, paths) =>
    Object.fromEntries(Object.entries(paths).map(([target, path]) => [target, gitFile(repo, path, commit)]));
  /** Files of an npm package keyed by their path in the case: { 'vendor/x.css': 'dist/x.css' }. */
  const npmFiles = (pkg, paths) =>
    Object.fromEntries(Object.entries(paths).map(([target, path]) => [target, readFileSync(join(pkgDir(pkg), path))]));

  return {
    require,
    pkgDir,
    gitFile,
    gitText,
    gitList,
    folderFiles,
    localise,
    writeCase,
    writeTemplateCase,
    repoFiles,
    npmFiles,
  };
}

/**
 * A JSON Resume theme published on GitHub only, at `commit`, rendered with resume-schema's sample
 * resume: unpacked into the npm prefix so that its own dependencies resolve there, loaded through
 * require (CommonJS) or import (a package of type "module").
 */
export async function renderGithubTheme(prefix, mirrors, repo, commit, folder = '') {
  // (`folder`: a theme kept in a folder of its repository, named after that folder)
  const dir = join(prefix, 'node_modules', folder ? folder.split('/').pop() : repo.split('/')[1]);
  rmSync(dir, { recursive: true, force: true });
  // File by file rather than by git archive: a snapshot may lack the content of some large files
  // (previews, screenshots), which are left out.
  const git = (...args) =>
    execFileSync('git', ['-C', join(mirrors, repo.replace('/', '+'), 'repo'), ...args], {
      maxBuffer: 64 << 20,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const under = folder ? `${folder}/` : '';
  for (const path of git('ls-tree', '-r', '--name-only', commit, ...(folder ? [under] : []))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)) {
    let content;
    try {
      content = git('show', `${commit}:${path}`);
    } catch {
      console.warn(`  ${repo} ${path}: not in the snapshot, left out`);
      continue;
    }
    const rel = path.slice(under.length);
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), content);
  }
  const require = createRequire(join(prefix, 'node_modules', 'noop.js'));
  const resume = JSON.parse(readFileSync(require.resolve('resume-schema/sample.resume.json'), 'utf8'));
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const theme =
    pkg.type === 'module' ? await import(pathToFileURL(join(dir, pkg.main ?? 'index.js')).href) : require(dir);
  return [
    await theme.render(resume),
    `${repo}${folder ? ` ${folder}` : ''} (${pkg.version}) at ${commit.slice(0, 7)} with resume-schema's sample resume`,
  ];
}

/**
 * caseKit for a set script called as `<script> <npm prefix> <mirrors folder> <output corpus folder>`: the three
 * arguments read from `argv` (usage printed and exit 2 when one is missing), returned with the kit.
 */
export function caseKitFromArgv(script, argv = process.argv) {
  const [prefix, mirrors, out] = argv.slice(2);
  if (!prefix || !mirrors || !out) {
    console.error(`usage: ${script} <npm prefix> <mirrors folder> <output corpus folder>`);
    process.exit(2);
  }
  return { prefix, mirrors, out, ...caseKit(prefix, mirrors, out) };
}
