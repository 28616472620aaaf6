import { describe, expect, it } from 'vitest';
import { filtersFromSearch, NO_FILTERS, searchFromFilters } from '../../src/ui/log-filters.js';

describe('log filters in the query string', () => {
  it('round-trip, writing only what is set', () => {
    const f = {
      status: 'error',
      template_id: 'tmpl_01',
      from: '2026-03-01T09:30',
      to: '2026-03-02T18:00',
      limit: '25',
    } as const;
    expect(searchFromFilters(f)).toBe(
      '?status=error&template=tmpl_01&from=2026-03-01T09%3A30&to=2026-03-02T18%3A00&limit=25',
    );
    expect(filtersFromSearch(searchFromFilters(f))).toEqual(f);
    expect(searchFromFilters(NO_FILTERS)).toBe('');
    expect(filtersFromSearch('')).toEqual(NO_FILTERS);
  });
  it('read invalid values as unset', () => {
    expect(filtersFromSearch('?status=maybe&limit=7&from=yesterday&to=2026-13')).toEqual(NO_FILTERS);
  });
});
