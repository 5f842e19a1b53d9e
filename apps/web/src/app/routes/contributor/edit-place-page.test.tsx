import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { createI18n } from '../../../lib/i18n/i18n.ts';
import { fakeApi } from '../../../testing/fake-api.ts';
import { currentUser, listedPlace } from '../../../testing/fixtures.ts';
import { testMessages } from '../../../testing/messages.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { EditPlacePage } from './edit-place-page.tsx';

// The map is the map feature's, tested on its own.
vi.mock('./picker-map.tsx', () => ({ PickerMap: () => null }));

const editPage = (
  <Route path="/places/:id/edit">
    <EditPlacePage />
  </Route>
);
const pending = {
  ...listedPlace({ id: 42, status: 'pending' }),
  authorId: 7,
  authorVerified: true,
  rejectionReason: null,
};

/** An i18next instance in English that can switch to Croatian without downloading anything. */
function bilingual() {
  const i18n = createI18n('en', testMessages('en'));
  i18n.addResourceBundle('hr', 'translation', testMessages('hr'));
  return i18n;
}

describe('the edit page’s title', () => {
  afterEach(() => {
    document.title = '';
  });

  it('names the place being edited, in the interface language', async () => {
    fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: currentUser() },
      'GET /api/v1/places/42': { status: 200, body: pending },
      'GET /api/v1/categories': { status: 200, body: { items: [] } },
      'GET /api/v1/places/42/photos': { status: 200, body: { items: [] } },
    });
    const i18n = bilingual();
    renderWithApp(editPage, { i18n, path: '/places/42/edit' });
    await screen.findByTestId('editing-place');
    expect(document.title).toBe('Edit City Pharmacy Centre · Karta');
    await act(() => i18n.changeLanguage('hr'));
    expect(document.title).toBe('Uređivanje: Gradska ljekarna Centar · Karta');
  });

  it('says only "Edit a place" signed out, and asks for no place to name it', async () => {
    const calls = fakeApi({ 'GET /api/v1/auth/me': { status: 200, body: null } });
    renderWithApp(editPage, { path: '/places/42/edit' });
    await screen.findByTestId('sign-in-prompt');
    expect(document.title).toBe('Edit a place · Karta');
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/auth/me']);
  });
});
