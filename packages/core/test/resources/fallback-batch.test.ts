import { describe, expect, it, vi } from 'vitest';

// Every process the font code starts, by command. host-fonts.ts loads child_process on first
// use (process.getBuiltinModule), so the spy goes on Node's module object itself.
const started: string[] = [];
const childProcess = process.getBuiltinModule('node:child_process');
const realExecFileSync = childProcess.execFileSync;
vi.spyOn(childProcess, 'execFileSync').mockImplementation(((file: string, ...rest: unknown[]): unknown => {
  started.push(file);
  return (realExecFileSync as (...args: unknown[]) => unknown)(file, ...rest);
}) as typeof realExecFileSync);

const { getFontRegistry } = await import('../../src/resources/fonts.js');

/** fontconfig's answer for one character, asked on its own: the first TrueType/OpenType file of its sorted list. */
function fcMatchFirstSfnt(codePoint: number): string | undefined {
  const sorted = realExecFileSync(
    'fc-match',
    [
      '-s',
      '--format',
      '%{file}\\t%{index}\\t%{fontformat}\\n',
      `:charset=${codePoint.toString(16)}:scalable=true:lang=en`,
    ],
    { encoding: 'utf8' },
  );
  const line = sorted.split('\n').find((l) => /\t(TrueType|CFF)$/.test(l) && /\.(ttf|otf|ttc|otc)\t/i.test(l));
  return line?.split('\t')[0];
}

describe('characters only an installed font has are looked up in one batch', () => {
  // No bundled font has these brackets (test/e2e/text-positions/installed-fallback.html).
  const brackets = [0x2329, 0x232a, 0x301a, 0x301b];

  it('the first one asked for brings the others of the document, each answered as fc-match answers it alone', () => {
    const fonts = getFontRegistry().createFontSet();
    fonts.expectText([
      `<p>Angle &#x2329; x &#9002; and white ${String.fromCodePoint(0x301a)} y ${String.fromCodePoint(0x301b)}, café.</p>`,
    ]);
    const query = { families: ['Arial'], weight: 400, style: 'normal' as const };
    started.length = 0;
    const faces = brackets.map((cp) => fonts.faceFor(query, cp));
    // One shell running the fc-match processes, none started one by one (fc-list may list the installed fonts once).
    expect(started.filter((c) => c !== 'fc-list')).toEqual(['sh']);
    brackets.forEach((cp, i) => {
      const file = fcMatchFirstSfnt(cp);
      expect(file, cp.toString(16)).toBeDefined();
      expect(faces[i]?.face.id, cp.toString(16)).toBe(`host:${file}#0`);
    });
  });
});
