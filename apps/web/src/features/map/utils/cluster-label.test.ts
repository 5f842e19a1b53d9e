import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n/i18n.ts';
import { testMessages } from '../../../testing/messages.ts';
import { clusterLabel } from './cluster-label.ts';

describe('clusterLabel', () => {
  for (const language of ['en', 'hr']) {
    it(`holds the digits the button shows, in ${language}, with the plural form of the count`, () => {
      const i18n = createI18n(language, testMessages(language));
      const t = i18n.t.bind(i18n);
      // A thousands separator ("1,587", "1.587") would leave the visible "1587" out of the name.
      expect(clusterLabel(t, 1587, false)).toMatch(/^1587 /);
      expect(clusterLabel(t, 12_345, true)).toMatch(/^12345 /);
      expect(clusterLabel(t, 1587, false)).not.toBe(clusterLabel(t, 1587, true));
    });
  }

  it('says "places" or "mjesta" as the count needs', () => {
    const en = createI18n('en', testMessages('en'));
    const hr = createI18n('hr', testMessages('hr'));
    expect(clusterLabel(en.t.bind(en), 2, false)).toBe('2 places, zoom in');
    expect(clusterLabel(hr.t.bind(hr), 3, true)).toBe('3 mjesta, prikaži popis');
    expect(clusterLabel(hr.t.bind(hr), 21, true)).toBe('21 mjesto, prikaži popis');
  });
});
