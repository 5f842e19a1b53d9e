import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { type CategoryField, type Extra, FIELD_TYPES, type FieldType, filterTypesOf } from '@karta/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeValues } from '../../apps/web/src/lib/offline/place-values.ts';

/**
 * The browser's copy of a place's filterable values against the server's own SQL function
 * (`karta_filter_values`, migration 026), which the map index reads: for any definitions and any
 * values they allow, the same keys and the same values, so a saved area's filters keep the places
 * the server's keep. The function is taken from the migration file itself and run in PGlite.
 */
const MIGRATION = new URL('../../apps/server/src/db/migrations/026-fields-per-category.sql', import.meta.url);

describe('a place’s filterable values in the browser and in the database', () => {
  let db: PGlite;

  beforeAll(async () => {
    const sql = readFileSync(MIGRATION, 'utf8');
    const definition = /CREATE FUNCTION karta_filter_values[\s\S]*?\$\$;/.exec(sql)?.[0];
    if (!definition) throw new Error('karta_filter_values is no longer defined in migration 026');
    db = new PGlite();
    await db.exec(definition);
  });
  afterAll(async () => {
    await db?.close();
  });

  const KEYS = ['indoor', 'access', 'level', 'capacity', 'inspected', 'languages', 'note', 'constructor'];

  /** A value a field of `type` may hold (checkExtra's rule, loosely: the function never sees others). */
  const storedValue = (type: FieldType): fc.Arbitrary<Extra[string]> => {
    switch (type) {
      case 'boolean':
        return fc.boolean();
      case 'enum':
        return fc.constantFrom('yes', 'customers', 'private');
      case 'multi_enum':
        return fc.subarray(['hr', 'en', 'uk', 'ar']);
      case 'integer':
        return fc.integer({ min: -1000, max: 1000 });
      case 'number':
        // JSON has no -0: the server never sends one.
        return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }).map((n) => n + 0);
      case 'date':
        return fc
          .date({
            min: new Date('1900-01-01T00:00:00Z'),
            max: new Date('2199-12-31T00:00:00Z'),
            noInvalidDate: true,
          })
          .map((date) => date.toISOString().slice(0, 10));
      default:
        return fc.string({ maxLength: 20 });
    }
  };

  /** A category's fields (each key once, any type, filterable or not) and a place's values of some of them. */
  const categoryAndValues = fc
    .uniqueArray(
      fc.record({
        key: fc.constantFrom(...KEYS),
        type: fc.constantFrom(...FIELD_TYPES),
        // Mostly filterable, so most places hold some value the function keeps.
        filterable: fc.constantFrom(true, true, false),
      }),
      { selector: (field) => field.key, maxLength: KEYS.length },
    )
    .chain((defined) =>
      fc.record({
        fields: fc.constant(defined.map((field): CategoryField => ({ ...field, label: { en: field.key } }))),
        extra: fc
          .subarray(defined)
          .chain((held) =>
            fc.tuple(
              ...held.map((field) => storedValue(field.type).map((value) => [field.key, value] as const)),
            ),
          )
          .map((entries) => Object.fromEntries(entries) as Extra),
      }),
    );

  it('gives every place the values karta_filter_values gives it', async () => {
    let withValues = 0;
    await fc.assert(
      fc.asyncProperty(categoryAndValues, async ({ fields, extra }) => {
        const types = filterTypesOf(fields);
        const { rows } = await db.query<{ values: unknown }>(
          'SELECT karta_filter_values($1::jsonb, $2::jsonb) AS values',
          [JSON.stringify(extra), JSON.stringify(types)],
        );
        const browser = placeValues(extra, types);
        expect(browser ?? null).toEqual(rows[0]?.values);
        if (browser) withValues += 1;
      }),
      // A fixed seed: the share of draws holding a value (checked below) is then the same on every run.
      { numRuns: 500, seed: 20_261_128 },
    );
    // Most draws hold some filterable value: the comparison is not of NULLs alone.
    expect(withValues).toBeGreaterThan(200);
  });
});
