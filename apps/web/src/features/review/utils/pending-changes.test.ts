import type { PlaceHistoryEntry } from '@karta/contracts';
import { describe, expect, it } from 'vitest';
import { extraKeyOf, pendingChanges } from './pending-changes.ts';

let nextId = 1;
function entry(action: string, changes: PlaceHistoryEntry['changes'] = {}): PlaceHistoryEntry {
  const id = nextId++;
  return {
    id,
    placeId: 5,
    version: id,
    action,
    actor: { id: 1, displayName: 'Ana' },
    changes,
    createdAt: '2026-03-01T10:00:00.000Z',
  };
}

const created = () =>
  entry('created', {
    name: { from: null, to: { hr: 'Ljekarna', en: 'Pharmacy' } },
    description: { from: null, to: {} },
    categoryId: { from: null, to: 2 },
    lat: { from: null, to: 45.8 },
    lng: { from: null, to: 16 },
    radius: { from: null, to: null },
    address: { from: null, to: 'Ilica 1' },
    phone: { from: null, to: null },
  });

describe('pendingChanges', () => {
  it('shows a new proposal as every field it has, each new', () => {
    const changes = pendingChanges([
      created(),
      entry('edited', { address: { from: 'Ilica 1', to: 'Ilica 2' } }),
    ]);
    expect(changes.kind).toBe('new');
    expect(changes.since).toBeNull();
    expect(
      changes.rows.map((row) => [row.field, 'language' in row ? row.language : '', row.before, row.after]),
    ).toEqual([
      ['name', 'hr', null, 'Ljekarna'],
      ['name', 'en', null, 'Pharmacy'],
      ['categoryId', '', null, 2],
      ['lat', '', null, 45.8],
      ['lng', '', null, 16],
      ['address', '', null, 'Ilica 2'],
    ]);
  });

  it('measures from the last publication: the first value after it against the latest', () => {
    const history = [
      created(),
      entry('published', { status: { from: 'pending', to: 'published' } }),
      entry('edited', { address: { from: 'Ilica 1', to: 'Ilica 2' } }),
      entry('archived', { status: { from: 'published', to: 'archived' } }),
      entry('published', { status: { from: 'archived', to: 'published' } }),
      entry('edited', {
        address: { from: 'Ilica 2', to: 'Ilica 3' },
        name: { from: { hr: 'Ljekarna', en: 'Pharmacy' }, to: { hr: 'Ljekarna Centar', en: 'Pharmacy' } },
      }),
      entry('edited', { address: { from: 'Ilica 3', to: 'Ilica 4' }, radius: { from: null, to: 250 } }),
    ];
    const changes = pendingChanges(history);
    expect(changes.kind).toBe('changed');
    expect(changes.since?.id).toBe(history[4]?.id);
    expect(changes.rows).toEqual([
      { field: 'name', language: 'hr', before: 'Ljekarna', after: 'Ljekarna Centar' },
      { field: 'radius', before: null, after: 250 },
      { field: 'address', before: 'Ilica 2', after: 'Ilica 4' },
    ]);
  });

  it('measures from a rejection too, and leaves out what was changed and changed back', () => {
    const changes = pendingChanges([
      created(),
      entry('rejected', {
        status: { from: 'pending', to: 'rejected' },
        rejectionReason: { from: null, to: 'Wrong address' },
      }),
      entry('edited', {
        address: { from: 'Ilica 1', to: 'Ilica 9' },
        phone: { from: null, to: '01 234 567' },
      }),
      entry('edited', { address: { from: 'Ilica 9', to: 'Ilica 1' } }),
      entry('resubmitted', {
        status: { from: 'rejected', to: 'pending' },
        rejectionReason: { from: 'Wrong address', to: null },
      }),
    ]);
    expect(changes.since?.action).toBe('rejected');
    expect(changes.rows).toEqual([{ field: 'phone', before: null, after: '01 234 567' }]);
  });

  it('finds nothing to judge right after a decision', () => {
    const changes = pendingChanges([
      created(),
      entry('published', { status: { from: 'pending', to: 'published' } }),
    ]);
    expect(changes.rows).toEqual([]);
  });

  it('shows every place field an import changed, the primary language too', () => {
    const changes = pendingChanges([
      created(),
      entry('published', { status: { from: 'pending', to: 'published' } }),
      entry('edited', {
        primaryLanguage: { from: 'hr', to: 'en' },
        website: { from: null, to: 'https://example.org' },
      }),
    ]);
    expect(changes.rows.map((row) => [row.field, row.before, row.after])).toEqual([
      ['primaryLanguage', 'hr', 'en'],
      ['website', null, 'https://example.org'],
    ]);
  });

  it('shows each of the category’s own fields as its own row, in the category’s order, unknown keys last', () => {
    const changes = pendingChanges(
      [
        created(),
        entry('published', { status: { from: 'pending', to: 'published' } }),
        entry('edited', {
          'extra.gone': { from: 'a', to: 'b' },
          'extra.access': { from: 'yes', to: 'customers' },
          address: { from: 'Ilica 1', to: 'Ilica 2' },
        }),
        entry('edited', {
          'extra.indoor': { from: false, to: true },
          'extra.languages': { from: ['hr'], to: ['hr', 'en'] },
          'extra.level': { from: null, to: 2 },
        }),
        entry('edited', { 'extra.level': { from: 2, to: null } }),
      ],
      ['indoor', 'access', 'languages', 'level'],
    );
    expect(changes.rows).toEqual([
      { field: 'address', before: 'Ilica 1', after: 'Ilica 2' },
      { field: 'extra', key: 'indoor', before: false, after: true },
      { field: 'extra', key: 'access', before: 'yes', after: 'customers' },
      { field: 'extra', key: 'languages', before: ['hr'], after: ['hr', 'en'] },
      { field: 'extra', key: 'gone', before: 'a', after: 'b' },
    ]);
  });

  it('counts an emptied list of choices as no value, and yes/no’s “no” as a value', () => {
    const changes = pendingChanges([
      entry('created', {
        'extra.languages': { from: null, to: [] },
        'extra.indoor': { from: null, to: false },
      }),
    ]);
    expect(changes.kind).toBe('new');
    expect(changes.rows).toEqual([{ field: 'extra', key: 'indoor', before: null, after: false }]);
  });
});

describe('extraKeyOf', () => {
  it('reads the field’s key from a change of a category field, and nothing from other changes', () => {
    expect(extraKeyOf('extra.indoor')).toBe('indoor');
    expect(extraKeyOf('extra.')).toBeNull();
    expect(extraKeyOf('address')).toBeNull();
  });
});
