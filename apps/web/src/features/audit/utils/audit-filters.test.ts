import { describe, expect, it } from 'vitest';
import { auditFiltersOf, auditHref, auditQueryOf } from './audit-filters.ts';

describe('the audit log’s filters in the address', () => {
  it('reads what is one of them and leaves out the rest', () => {
    expect(
      auditFiltersOf('?actor=4&action=place.edit&objectType=place&objectId=42&from=2026-11-01&to=2026-11-30'),
    ).toEqual({
      actor: 4,
      action: 'place.edit',
      objectType: 'place',
      objectId: '42',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(auditFiltersOf('?actor=-1&action=place.burn&objectId=42&from=yesterday&to=2026-11')).toEqual({
      actor: undefined,
      action: undefined,
      objectType: undefined,
      objectId: undefined,
      from: undefined,
      to: undefined,
    });
  });

  it('writes an address back that reads as the same filters', () => {
    const filters = { actor: 4, action: 'place.transition', from: '2026-11-01' } as const;
    expect(auditHref(filters)).toBe('/audit?actor=4&action=place.transition&from=2026-11-01');
    expect(auditFiltersOf(auditHref(filters).slice('/audit'.length))).toMatchObject(filters);
    expect(auditHref({})).toBe('/audit');
  });

  it('asks for whole days where the reader is: from the first day’s midnight to the midnight after the last', () => {
    const query = auditQueryOf({ from: '2026-11-01', to: '2026-11-01' });
    expect(query.from).toBe(new Date(2026, 10, 1).toISOString());
    expect(query.to).toBe(new Date(2026, 10, 2).toISOString());
    expect(auditQueryOf({ to: '2026-12-31' }).to).toBe(new Date(2027, 0, 1).toISOString());
  });
});
