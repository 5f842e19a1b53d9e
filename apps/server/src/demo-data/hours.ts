import type { Prng } from './prng.ts';

/**
 * Opening hours as such places in Croatia keep them, in OpenStreetMap's syntax, with the share of
 * places of each category that has them (the rest have none: unknown). `PH off` where a place
 * closes on public holidays; a night pharmacy or a self-service stand is open around the clock.
 */
const HOURS_BY_CATEGORY: Record<string, { share: number; choices: readonly (readonly [number, string])[] }> =
  {
    pharmacy: {
      share: 0.9,
      choices: [
        [0.55, 'Mo-Fr 07:00-20:00; Sa 07:30-14:00; PH off'],
        [0.3, 'Mo-Fr 08:00-16:00; Sa 08:00-12:00; PH off'],
        [0.15, '24/7'],
      ],
    },
    'drinking-water': {
      share: 0.6,
      choices: [
        [0.7, '24/7'],
        [0.3, 'Apr-Oct 24/7; Nov-Mar off'],
      ],
    },
    defibrillator: {
      share: 0.8,
      choices: [
        [0.6, '24/7'],
        [0.4, 'Mo-Fr 08:00-16:00; PH off'],
      ],
    },
    // A shelter opens when the sirens sound: no hours.
    shelter: { share: 0, choices: [] },
    'repair-cafe': {
      share: 0.85,
      choices: [
        [0.5, 'Sa 10:00-13:00; PH off'],
        [0.5, 'We 17:00-20:00; PH off'],
      ],
    },
    'food-bank': {
      share: 0.8,
      choices: [
        [0.6, 'Tu,Th 09:00-12:00; PH off'],
        [0.4, 'Mo-Fr 09:00-13:00; PH off'],
      ],
    },
    library: {
      share: 0.95,
      choices: [
        [0.7, 'Mo-Fr 08:00-20:00; Sa 08:00-14:00; PH off'],
        [0.3, 'Mo,We,Fr 08:00-15:00; Tu,Th 12:00-20:00; PH off'],
      ],
    },
    recycling: { share: 0.9, choices: [[1, 'Mo-Sa 07:00-19:00; PH off']] },
    'bike-repair': { share: 0.7, choices: [[1, '24/7']] },
    'public-toilet': {
      share: 0.7,
      choices: [
        [0.6, 'Mo-Su 06:00-22:00'],
        [0.4, '24/7'],
      ],
    },
  };

/** A place's hours by its category, or null (drawn from `prng`, its own, so nothing else moves). */
export function demoOpeningHours(category: string, prng: Prng): string | null {
  const hours = HOURS_BY_CATEGORY[category];
  if (!hours || !prng.chance(hours.share)) return null;
  let roll = prng.next();
  for (const [share, value] of hours.choices) {
    if (roll < share) return value;
    roll -= share;
  }
  return hours.choices.at(-1)?.[1] ?? null;
}
