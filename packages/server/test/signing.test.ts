import { describe, expect, it } from 'vitest';
import { openValue, sealValue } from '../src/signing.js';

describe('sealed values', () => {
  it('round-trip and refuse tampering or another purpose', () => {
    const sealed = sealValue('secret-secret-secret', 'logs', 'log_01');
    expect(openValue('secret-secret-secret', 'logs', sealed)).toBe('log_01');
    expect(openValue('secret-secret-secret', 'other', sealed)).toBe(null);
    expect(openValue('another-secret-xx', 'logs', sealed)).toBe(null);
    expect(openValue('secret-secret-secret', 'logs', sealed + 'x')).toBe(null);
  });
});
