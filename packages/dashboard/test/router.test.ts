import { describe, expect, it } from 'vitest';
import { match } from '../src/router.js';
import { ApiError, errorLine } from '../src/api.js';

describe('match', () => {
  it('extracts decoded params and ignores a trailing slash', () => {
    expect(match('/templates/:id', '/templates/tmpl_01%20x/')).toEqual({ id: 'tmpl_01 x' });
    expect(match('/templates', '/templates')).toEqual({});
  });
  it('rejects other shapes', () => {
    expect(match('/templates/:id', '/templates')).toBeNull();
    expect(match('/templates/:id', '/components/comp_1')).toBeNull();
    expect(match('/templates/:id', '/templates/a/b')).toBeNull();
  });
});

describe('errorLine', () => {
  it('reads the line of a template_syntax_error message', () => {
    const err = (m: string) => new ApiError(400, 'invalid_request_error', 'template_syntax_error', m, null);
    expect(errorLine(err('Template syntax error on line 12: Parse error'))).toBe(12);
    expect(errorLine(err('Parse error'))).toBeNull();
  });
});
