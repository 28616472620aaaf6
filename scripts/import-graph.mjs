#!/usr/bin/env node
// The layout package's import graph and its largest functions (issue 23: "a codebase a newcomer
// can find their way in"). Prints every import cycle as a strongly connected component (SCC) of
// packages/layout/src, its size and its files, the cycles left once the imports of the dispatcher
// (flow/layout-box.ts, the one place where layout modes meet) are taken out, and the longest
// functions by line count:
//   node scripts/import-graph.mjs [--top 20] [--files] [--json] [--values] [--at <commit>]
// --at reads the sources of another commit (git), so that any two states can be compared:
//   node scripts/import-graph.mjs --top 10 --at 0b1ea82
// `import type` counts (a type import ties two modules together as much as a value import);
// --values leaves type-only imports out (the graph the JavaScript runs).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(new URL('../packages/layout/src', import.meta.url).pathname);
/** The dispatcher: every mode reaches its children through it, so cycles through it are allowed. */
export const DISPATCHER = 'flow/layout-box.ts';

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Whether an import or re-export brings in types only (erased at compile time). */
function typeOnly(statement) {
  if (ts.isExportDeclaration(statement)) return statement.isTypeOnly;
  const clause = statement.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return !clause.name && !!named && ts.isNamedImports(named) && named.elements.every((e) => e.isTypeOnly);
}

/** Module specifiers of the static imports and re-exports of one source file. */
function importsOf(source, { values }) {
  const specifiers = [];
  for (const statement of source.statements) {
    const spec = statement.moduleSpecifier;
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) || !spec) continue;
    if (values && typeOnly(statement)) continue;
    specifiers.push(spec.text);
  }
  return specifiers;
}

/** Functions (declarations, methods, function expressions and arrows) with their line counts. */
function functionsOf(source, file) {
  const found = [];
  const visit = (node, owner) => {
    let name = owner;
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      name = node.name?.getText(source) ?? owner ?? '(anonymous)';
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.end).line;
      found.push({ file, name, lines: end - start + 1 });
    } else if (ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node)) {
      name = node.name.getText(source);
    }
    ts.forEachChild(node, (child) => visit(child, name));
  };
  visit(source, undefined);
  return found;
}

/** The sources of packages/layout/src as [path, text]: the working tree's, or those of commit `at`. */
function sources(at) {
  if (!at) return sourceFiles(root).map((path) => [path, readFileSync(path, 'utf8')]);
  const git = (...args) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const top = git('rev-parse', '--show-toplevel').trim();
  return git('ls-tree', '-r', '--full-name', '--name-only', at, '--', '.')
    .split('\n')
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map((name) => [join(top, name), git('show', `${at}:${name}`)]);
}

/** The graph: file (relative to src) → the files of the package it imports (`at`: of that commit). */
export function layoutGraph({ values = false, at = undefined } = {}) {
  const graph = new Map();
  const functions = [];
  for (const [path, text] of sources(at)) {
    const file = relative(root, path);
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const targets = new Set();
    for (const spec of importsOf(source, { values })) {
      if (!spec.startsWith('.')) continue;
      targets.add(relative(root, resolve(dirname(path), spec.replace(/\.js$/, '.ts'))));
    }
    graph.set(file, [...targets].sort());
    functions.push(...functionsOf(source, file));
  }
  return { graph, functions };
}

/** Tarjan's strongly connected components with more than one file (or a file importing itself). */
export function cycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let next = 0;
  const connect = (file) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file), index.get(target)));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file).includes(file)) components.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);
  return components.sort((a, b) => b.length - a.length);
}

/** The graph without the imports of the dispatcher: what must be acyclic. */
export function withoutDispatcherImports(graph) {
  return new Map([...graph].map(([file, targets]) => [file, targets.filter((t) => t !== DISPATCHER)]));
}

function main(args) {
  const top = Number(args[args.indexOf('--top') + 1]) || 20;
  const at = args.includes('--at') ? args[args.indexOf('--at') + 1] : undefined;
  const { graph, functions } = layoutGraph({ values: args.includes('--values'), at });
  const all = cycles(graph);
  const rest = cycles(withoutDispatcherImports(graph));
  const longest = functions.sort((a, b) => b.lines - a.lines).slice(0, top);
  if (args.includes('--json')) {
    console.log(JSON.stringify({ files: graph.size, cycles: all, cyclesWithoutDispatcher: rest, longest }, null, 1));
    return;
  }
  const edges = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);
  console.log(`packages/layout/src${at ? ` at ${at}` : ''}: ${graph.size} files, ${edges} imports`);
  const show = (title, components) => {
    console.log(`${title}: ${components.length} (sizes ${components.map((c) => c.length).join(', ') || '-'})`);
    if (args.includes('--files')) for (const c of components) console.log(`  ${c.length}: ${c.join(' ')}`);
  };
  show('import cycles (SCCs)', all);
  show(`SCCs without the imports of ${DISPATCHER}`, rest);
  console.log(`longest functions (lines):`);
  for (const f of longest) console.log(`  ${String(f.lines).padStart(4)}  ${f.file} ${f.name}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
