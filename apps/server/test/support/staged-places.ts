import type { CreateRecord } from '../../src/import/import-writes.ts';

/**
 * `n` places as an import stages them for creation, numbered from `from` (external ids `left-<n>`):
 * what a test writes into `import_batches` to stand for a run a stopped process left behind.
 */
export const stagedCreates = (categoryId: number | undefined, from: number, n: number): CreateRecord[] =>
  Array.from({ length: n }, (_, k) => ({
    external_id: `left-${from + k}`,
    name: { hr: `Ostavljeno ${from + k}` },
    description: {},
    primary_language: 'hr',
    category_id: categoryId,
    lat: 45.8,
    lng: 15.95,
    location_privacy: 'exact',
    radius: null,
    address: null,
    phone: null,
    email: null,
    website: null,
    changes: {},
  }));
