import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstViewTestMessages } from '../../testing/messages.ts';
import { loadAllMessages, preloadAllMessages } from './all-messages.ts';
import { createI18n, switchLanguage } from './i18n.ts';
import * as locales from './locales.ts';

// The rest's download fails once when a test asks, as a dropped connection would.
const failing = vi.hoisted(() => ({ next: false }));
vi.mock('./locales.ts', async (importOriginal) => {
  const original = await importOriginal<typeof locales>();
  return {
    ...original,
    loadLaterMessages: vi.fn(async (code: string) => {
      if (failing.next) {
        failing.next = false;
        throw new TypeError('Failed to fetch dynamically imported module');
      }
      return original.loadLaterMessages(code);
    }),
  };
});

const firstViewOnly = (code: string) => createI18n(code, firstViewTestMessages(code));

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(locales.loadLaterMessages).mockClear();
});

describe('the messages after the first view', () => {
  it('are not there at first: a lazy screen’s message shows its key', () => {
    const i18n = firstViewOnly('en');
    expect(i18n.t('placePage.loading')).toBe('Loading place…');
    expect(i18n.t('placePage.back')).toBe('placePage.back');
  });

  it('are added once loaded, merged into the sections the first view has part of', async () => {
    const i18n = firstViewOnly('en');
    await loadAllMessages(i18n);
    expect(i18n.t('placePage.back')).toBe('Back to the map');
    expect(i18n.t('placePage.loading')).toBe('Loading place…');
    expect(i18n.t('auth.menu.signOut')).toBe('Sign out');
    expect(i18n.t('auth.fields.email')).toBe('E-mail address');
  });

  it('are downloaded once however many screens ask at the same time', async () => {
    const i18n = firstViewOnly('en');
    const asked = [loadAllMessages(i18n), loadAllMessages(i18n), loadAllMessages(i18n, 'en')];
    expect(new Set(asked).size).toBe(1);
    await Promise.all(asked);
    await loadAllMessages(i18n);
    expect(locales.loadLaterMessages).toHaveBeenCalledTimes(1);
  });

  it('are asked for again after a failed download', async () => {
    const i18n = firstViewOnly('en');
    failing.next = true;
    await expect(loadAllMessages(i18n)).rejects.toThrow(/Failed to fetch/);
    expect(i18n.t('placePage.back')).toBe('placePage.back');
    await loadAllMessages(i18n);
    expect(i18n.t('placePage.back')).toBe('Back to the map');
  });

  it('come with the first view’s part of a language switched to, so any screen shows in it', async () => {
    const i18n = firstViewOnly('en');
    await switchLanguage(i18n, 'hr');
    expect(i18n.language).toBe('hr');
    expect(i18n.t('placePage.loading')).toBe('Učitavanje mjesta…');
    expect(i18n.t('placePage.back')).toBe('Natrag na kartu');
    expect(i18n.t('auth.menu.signOut')).toBe('Odjava');
  });

  it('are preloaded for every language offered once the page is idle after its first view', async () => {
    vi.useFakeTimers();
    const i18n = firstViewOnly('en');
    preloadAllMessages(i18n, ['en', 'hr']);
    vi.advanceTimersByTime(1999);
    expect(locales.loadLaterMessages).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(locales.loadLaterMessages).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
    await Promise.all([loadAllMessages(i18n, 'en'), loadAllMessages(i18n, 'hr')]);
    expect(locales.loadLaterMessages).toHaveBeenCalledTimes(2);
    expect(i18n.language).toBe('en');
    expect(i18n.t('placePage.back')).toBe('Back to the map');
    expect(i18n.getResource('hr', 'translation', 'placePage.loading')).toBe('Učitavanje mjesta…');
    expect(i18n.getResource('hr', 'translation', 'placePage.back')).toBe('Natrag na kartu');
  });
});
