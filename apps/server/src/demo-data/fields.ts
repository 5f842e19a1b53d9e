import type { CategoryField, Extra } from '@karta/contracts';
import type { Prng } from './prng.ts';

const yesNo = (key: string, en: string, hr: string, osmKey?: string): CategoryField => ({
  key,
  type: 'boolean',
  label: { en, hr },
  filterable: true,
  ...(osmKey ? { osmKey } : {}),
});

/**
 * The demo categories' own fields (README, "Adding a field to a category"), with the
 * OpenStreetMap tags they map to where OSM has one. None is required, so clients and files that
 * know nothing of fields keep working.
 */
export const DEMO_FIELDS: Readonly<Record<string, readonly CategoryField[]>> = {
  defibrillator: [
    {
      key: 'access',
      type: 'enum',
      label: { en: 'Access', hr: 'Pristup' },
      help: { en: 'Who may use it.', hr: 'Tko ga smije koristiti.' },
      filterable: true,
      osmKey: 'access',
      options: [
        { value: 'yes', label: { en: 'Public', hr: 'Javno' } },
        { value: 'customers', label: { en: 'Customers only', hr: 'Samo za korisnike' } },
        { value: 'private', label: { en: 'Private', hr: 'Privatno' } },
      ],
    },
    yesNo('indoor', 'Indoor', 'U zatvorenom', 'indoor'),
    {
      key: 'level',
      type: 'integer',
      label: { en: 'Floor', hr: 'Kat' },
      min: -5,
      max: 60,
      filterable: true,
      osmKey: 'level',
    },
  ],
  'drinking-water': [
    yesNo('bottle', 'Bottle refill', 'Punjenje boca', 'bottle'),
    yesNo('seasonal', 'Seasonal', 'Sezonski', 'seasonal'),
  ],
  pharmacy: [yesNo('on_duty', 'On duty today', 'Dežurna danas')],
  'food-bank': [
    yesNo('id_required', 'ID needed', 'Potrebna osobna iskaznica'),
    {
      key: 'languages',
      type: 'multi_enum',
      label: { en: 'Languages spoken', hr: 'Jezici' },
      filterable: true,
      options: [
        { value: 'hr', label: { en: 'Croatian', hr: 'Hrvatski' } },
        { value: 'en', label: { en: 'English', hr: 'Engleski' } },
        { value: 'uk', label: { en: 'Ukrainian', hr: 'Ukrajinski' } },
        { value: 'ar', label: { en: 'Arabic', hr: 'Arapski' } },
      ],
    },
    yesNo('walk_in', 'Walk-in', 'Bez najave'),
  ],
};

/** The fields of a demo category (none for most). */
export function demoFields(slug: string): readonly CategoryField[] {
  return DEMO_FIELDS[slug] ?? [];
}

/** How often a demo place has a value of each of its fields: most do, some are left to fill in. */
const FILLED = 0.8;

/** A demo place's values of its category's fields, from a generator of its own. */
export function demoExtra(slug: string, prng: Prng): Extra {
  const extra: Extra = {};
  for (const field of demoFields(slug)) {
    if (!prng.chance(FILLED)) continue;
    if (field.type === 'boolean') extra[field.key] = prng.chance(field.key === 'seasonal' ? 0.3 : 0.6);
    else if (field.type === 'enum') extra[field.key] = prng.pick([...(field.options ?? [])]).value;
    else if (field.type === 'integer') extra[field.key] = prng.chance(0.6) ? 0 : prng.int(-1, 4);
    else if (field.type === 'multi_enum') {
      const chosen = (field.options ?? []).filter((option) => option.value === 'hr' || prng.chance(0.35));
      extra[field.key] = chosen.map((option) => option.value);
    }
  }
  return extra;
}
