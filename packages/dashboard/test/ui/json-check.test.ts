import { describe, expect, it } from 'vitest';
import { checkJson } from '../../src/ui/json-check.js';

describe('checkJson (sample data)', () => {
  it('accepts an object and treats an empty editor as {}', () => {
    expect(checkJson('{"a": [1, {"b": true}]}')).toEqual({ ok: true, value: { a: [1, { b: true }] } });
    expect(checkJson('  \n')).toEqual({ ok: true, value: {} });
  });
  it('rejects arrays and scalars: data is an object', () => {
    for (const text of ['[1]', '"x"', '3', 'null']) {
      const r = checkJson(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(/JSON object/);
    }
  });
  it('locates a syntax error on its line', () => {
    const r = checkJson('{\n  "a": 1,\n  "b": oops\n}');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.line).toBe(3);
      expect(r.error.message).toMatch(/^Invalid JSON/);
    }
  });
});

describe('checkJson error lines', () => {
  it('points at a trailing comma and at an unterminated document', () => {
    const comma = checkJson('{\n  "a": 1,\n}\n');
    expect(comma.ok ? null : comma.error.line).toBe(3);
    const open = checkJson('{\n  "a": [1, 2\n');
    expect(open.ok ? null : open.error.line).toBeGreaterThanOrEqual(2);
  });
});
