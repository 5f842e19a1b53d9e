/** A demo category with what a place of it looks like. */
export interface DemoCategory {
  slug: string;
  name: { hr: string; en: string };
  /** Marker colour: white icons on it pass WCAG AA (contrast ≥ 4.5:1). */
  color: string;
  /** Icon name (Lucide's names), drawn by the web app. */
  icon: string;
  /** Share of the demo places in this category. */
  weight: number;
  /** Chance that a place of this category has a radius, and its range in metres. */
  radius: { chance: number; min: number; max: number };
  /** Chance of a coarsened position (for example, the address of a food bank is not public). */
  privateChance: number;
}

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  {
    slug: 'pharmacy',
    name: { hr: 'Ljekarna', en: 'Pharmacy' },
    color: '#15803d',
    icon: 'pill',
    weight: 12,
    radius: { chance: 0.1, min: 50, max: 300 },
    privateChance: 0,
  },
  {
    slug: 'drinking-water',
    name: { hr: 'Pitka voda', en: 'Drinking water' },
    color: '#0369a1',
    icon: 'droplet',
    weight: 15,
    radius: { chance: 0.05, min: 50, max: 150 },
    privateChance: 0,
  },
  {
    slug: 'defibrillator',
    name: { hr: 'Defibrilator (AED)', en: 'Defibrillator (AED)' },
    color: '#b91c1c',
    icon: 'heart-pulse',
    weight: 15,
    // The area a responder reaches within about four minutes.
    radius: { chance: 0.65, min: 200, max: 800 },
    privateChance: 0,
  },
  {
    slug: 'shelter',
    name: { hr: 'Sklonište', en: 'Shelter' },
    color: '#6d28d9',
    icon: 'house',
    weight: 8,
    radius: { chance: 0.85, min: 300, max: 2000 },
    privateChance: 0.1,
  },
  {
    slug: 'repair-cafe',
    name: { hr: 'Repair café', en: 'Repair café' },
    color: '#c2410c',
    icon: 'wrench',
    weight: 5,
    radius: { chance: 0.1, min: 500, max: 2000 },
    privateChance: 0,
  },
  {
    slug: 'food-bank',
    name: { hr: 'Banka hrane', en: 'Food bank' },
    color: '#a16207',
    icon: 'shopping-basket',
    weight: 6,
    radius: { chance: 0.8, min: 1000, max: 2000 },
    privateChance: 0.4,
  },
  {
    slug: 'library',
    name: { hr: 'Knjižnica', en: 'Library' },
    color: '#4338ca',
    icon: 'book-open',
    weight: 8,
    radius: { chance: 0.15, min: 500, max: 2000 },
    privateChance: 0,
  },
  {
    slug: 'recycling',
    name: { hr: 'Reciklažno dvorište', en: 'Recycling yard' },
    color: '#0f766e',
    icon: 'recycle',
    weight: 12,
    radius: { chance: 0.55, min: 500, max: 2000 },
    privateChance: 0,
  },
  {
    slug: 'bike-repair',
    name: { hr: 'Servis za bicikle', en: 'Bike repair station' },
    color: '#be185d',
    icon: 'bike',
    weight: 9,
    radius: { chance: 0.05, min: 50, max: 200 },
    privateChance: 0,
  },
  {
    slug: 'public-toilet',
    name: { hr: 'Javni WC', en: 'Public toilet' },
    color: '#475569',
    icon: 'toilet',
    weight: 10,
    radius: { chance: 0.05, min: 50, max: 100 },
    privateChance: 0,
  },
];
