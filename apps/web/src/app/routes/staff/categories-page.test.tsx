import { CATEGORY_PALETTE } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { currentUser } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { CategoriesPage } from './categories-page.tsx';

const moderator = { status: 200, body: currentUser({ role: 'moderator' }) };
const water = {
  id: 4,
  slug: 'water',
  name: { hr: 'Pitka voda', en: 'Drinking water' },
  color: '#0369a1',
  icon: 'droplet',
};

describe('CategoriesPage', () => {
  it('creates a category with a slug from its name, a palette colour and an icon', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/me': moderator,
      'GET /api/v1/categories': { status: 200, body: { items: [water] } },
      'POST /api/v1/categories': { status: 201, body: { ...water, id: 5, slug: 'repair-cafe' } },
    });
    renderWithApp(<CategoriesPage />, { path: '/categories' });
    await userEvent.click(await screen.findByTestId('new-category'));
    const form = screen.getByTestId('category-form');
    expect(
      within(form)
        .getAllByTestId('category-color')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual([...CATEGORY_PALETTE]);
    await userEvent.type(within(form).getByLabelText('Name in English'), 'Repair café');
    expect(within(form).getByLabelText('Short name in links')).toHaveValue('repair-cafe');
    await userEvent.click(within(form).getByLabelText('Teal'));
    await userEvent.selectOptions(within(form).getByLabelText('Icon'), 'Wrench');
    await userEvent.click(within(form).getByTestId('save-category'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        slug: 'repair-cafe',
        name: { en: 'Repair café' },
        color: '#0f766e',
        icon: 'wrench',
      }),
    );
  });

  it('shows a taken slug beside the field', async () => {
    fakeApi({
      'GET /api/v1/auth/me': moderator,
      'GET /api/v1/categories': { status: 200, body: { items: [water] } },
      'POST /api/v1/categories': { status: 409, body: apiError('conflict') },
    });
    renderWithApp(<CategoriesPage />, { path: '/categories' });
    await userEvent.click(await screen.findByTestId('new-category'));
    await userEvent.type(screen.getByLabelText('Name in Croatian'), 'Voda');
    await userEvent.click(screen.getByTestId('save-category'));
    const slug = screen.getByLabelText('Short name in links');
    await waitFor(() => expect(slug).toHaveAttribute('aria-invalid', 'true'));
    expect(slug).toHaveAccessibleDescription(
      'Another category already uses this short name. Choose another one.',
    );
  });

  it('asks before deleting, and explains a category still in use', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/me': moderator,
      'GET /api/v1/categories': { status: 200, body: { items: [water] } },
      'DELETE /api/v1/categories/4': { status: 409, body: apiError('conflict', 'in use', { places: 3 }) },
    });
    renderWithApp(<CategoriesPage />, { path: '/categories', language: 'hr' });
    await userEvent.click(await screen.findByTestId('delete-category'));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByTestId('confirm-delete-category'));
    expect(await screen.findByTestId('category-row-error')).toHaveTextContent(
      '3 mjesta još koriste ovu kategoriju. Premjestite ih u drugu kategoriju prije brisanja.',
    );
  });
});

describe('CategoriesPage’s list', () => {
  it.each([
    ['en', 'Croatian: Pitka voda · English: Drinking water'],
    ['hr', 'hrvatski: Pitka voda · engleski: Drinking water'],
  ])('names each language of a category’s names, never its code (%s)', async (language, names) => {
    fakeApi({
      'GET /api/v1/auth/me': moderator,
      'GET /api/v1/categories': { status: 200, body: { items: [water] } },
    });
    renderWithApp(<CategoriesPage />, { path: '/categories', language });
    const row = await screen.findByTestId('category-row');
    expect(within(row).getByText(names)).toBeVisible();
  });
});
