import { describe, expect, it } from 'vitest';
import { getFontRegistry } from '../../src/resources/fonts.js';

// A test file of its own: the registry is per module instance, and no other test parsed its fonts here.
describe('bundled fonts are parsed on first use', () => {
  it('choosing a chain and a face for Latin text parses only the faces asked for glyphs', () => {
    const registry = getFontRegistry();
    const parsed = new Set<string>();
    for (const faces of registry.families.values()) {
      for (const face of faces) {
        const read = Object.getOwnPropertyDescriptor(face, 'font')!.get!.bind(face);
        Object.defineProperty(face, 'font', { get: () => (parsed.add(face.id), read()) });
      }
    }
    const fonts = registry.createFontSet();
    const query = { families: ['Arial', 'sans-serif'], weight: 400, style: 'normal' as const };
    expect(fonts.chain(query).length).toBeGreaterThan(10);
    expect(fonts.faceFor(query, 0x41)?.face.family).toBe('Arimo');
    // 30-odd bundled faces; building the chain must not parse them all (each is 0.3–0.7 MB).
    expect([...parsed]).toEqual(['arimo-400']);
  });
});
