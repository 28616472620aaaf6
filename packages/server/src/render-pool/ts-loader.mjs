// Module hooks for running the workspace's TypeScript sources in a worker
// thread: prefer the "source" export condition, map `./x.js` to `./x.ts`
// when only the .ts exists, and transpile .ts with typescript.transpileModule
// (types erased; the repo's verbatimModuleSyntax makes that exact).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export async function resolve(specifier, context, nextResolve) {
  const ctx = { ...context, conditions: ['source', ...context.conditions] };
  if (specifier.endsWith('.js') && (specifier.startsWith('.') || specifier.startsWith('file:')) && context.parentURL) {
    const asJs = new URL(specifier, context.parentURL);
    if (!existsSync(fileURLToPath(asJs))) {
      const asTs = new URL(specifier.slice(0, -3) + '.ts', context.parentURL);
      if (existsSync(fileURLToPath(asTs))) return { url: asTs.href, format: 'module', shortCircuit: true };
    }
  }
  return nextResolve(specifier, ctx);
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const source = readFileSync(fileURLToPath(url), 'utf8');
  const out = ts.transpileModule(source, {
    fileName: fileURLToPath(url),
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: true,
      sourceMap: false,
    },
  });
  return { format: 'module', source: out.outputText, shortCircuit: true };
}
