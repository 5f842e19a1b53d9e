import { act } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../lib/i18n/i18n.ts';
import { testMessages } from '../testing/messages.ts';
import { renderWithApp } from '../testing/render.tsx';
import { usePageTitle } from './use-page-title.ts';

function ReviewScreen() {
  const { t } = useTranslation();
  usePageTitle(t('review.title'));
  return null;
}

function PlaceScreen({ name }: { name: string }) {
  usePageTitle(name);
  return null;
}

function HomeScreen() {
  usePageTitle(null);
  return null;
}

/** An i18next instance in English that can switch to Croatian without downloading anything. */
function bilingual() {
  const i18n = createI18n('en', testMessages('en'));
  i18n.addResourceBundle('hr', 'translation', testMessages('hr'));
  return i18n;
}

describe('usePageTitle', () => {
  afterEach(() => {
    document.title = '';
  });

  it('names the page, then the site, in the interface language', () => {
    renderWithApp(<ReviewScreen />);
    expect(document.title).toBe('Review · Karta');
  });

  it('follows a language switch at once', async () => {
    const i18n = bilingual();
    renderWithApp(<ReviewScreen />, { i18n });
    expect(document.title).toBe('Review · Karta');
    await act(() => i18n.changeLanguage('hr'));
    expect(document.title).toBe('Pregled · Karta');
  });

  it('takes a place name as it is, whatever characters it holds', () => {
    renderWithApp(<PlaceScreen name="Ljekarna {Ilica} 'centar'" />, { language: 'hr' });
    expect(document.title).toBe("Ljekarna {Ilica} 'centar' · Karta");
  });

  it('gives the home page the site and what it is', async () => {
    const i18n = bilingual();
    renderWithApp(<HomeScreen />, { i18n });
    expect(document.title).toBe('Karta — community map of places');
    await act(() => i18n.changeLanguage('hr'));
    expect(document.title).toBe('Karta — karta mjesta zajednice');
  });

  it('leaves the site name alone once the page is gone, not the old page’s', () => {
    const { unmount } = renderWithApp(<PlaceScreen name="Ljekarna Ilica" />);
    expect(document.title).toBe('Ljekarna Ilica · Karta');
    unmount();
    expect(document.title).toBe('Karta');
  });
});
