import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The property table is typed (issue 23): a longhand's ComputedStyle field must exist and its
 * initial value and parser must have the field's type. Compiles small entries against the real
 * sources and reads the compiler's errors.
 */
const CONFIG = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));

/** The compiler's errors for each entry, each compiled in a file of its own (one program for all). */
function errors(entries: readonly string[]): string[][] {
  const config = ts.getParsedCommandLineOfConfigFile(
    CONFIG,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error('no tsconfig');
  const options = { ...config.options, noEmit: true, composite: false, declaration: false, rootDir: undefined };
  const files = new Map(
    entries.map((entry, i) => [
      fileURLToPath(new URL(`./table-entry-${i}.ts`, import.meta.url)),
      `import { keyword, longhand, number } from '../../src/style/properties/registry.js';\nexport const entry = ${entry};\n`,
    ]),
  );
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (f) => files.get(f) ?? read(f);
  const exists = host.fileExists.bind(host);
  host.fileExists = (f) => files.has(f) || exists(f);
  const program = ts.createProgram([...files.keys()], options, host);
  return [...files.keys()].map((f) =>
    ts
      .getPreEmitDiagnostics(program, program.getSourceFile(f))
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0]!),
  );
}

describe('the property table is typed', () => {
  it('accepts an entry whose field, initial value and parser agree, and refuses a misspelt field or a value of another type', () => {
    const [good, misspelt, badInitial, badParser] = errors([
      "longhand('columnFill', false, 'balance', keyword(['balance', 'auto'] as const))",
      "longhand('colunmFill', false, 'balance', keyword(['balance', 'auto'] as const))",
      "longhand('columnFill', false, 'balanced', keyword(['balance', 'auto'] as const))",
      "longhand('columnFill', false, 'balance', number())",
    ]);
    expect(good).toEqual([]);
    expect(misspelt).toEqual([expect.stringContaining('"colunmFill"')]);
    expect(badInitial).toEqual([expect.stringContaining('"balanced"')]);
    expect(badParser).toHaveLength(1);
  }, 60_000);
});
