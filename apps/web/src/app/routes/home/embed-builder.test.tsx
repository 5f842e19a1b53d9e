import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setClipboard } from '../../../testing/clipboard.ts';
import { fakeApi } from '../../../testing/fake-api.ts';
import { defibrillatorCategory } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ShareButton } from './share-button.tsx';

const pharmacy = {
  id: 1,
  slug: 'pharmacy',
  name: { en: 'Pharmacy', hr: 'Ljekarna' },
  color: '#15803d',
  icon: 'pill',
  fields: [],
  removedFields: [],
};

const view = { center: { lat: 45.81, lng: 15.98 }, zoom: 13, placeId: 7, categories: ['pharmacy'] };
const origin = 'https://karta.example.org';

beforeEach(() => {
  fakeApi({
    'GET /api/v1/categories': { status: 200, body: { items: [pharmacy, defibrillatorCategory()] } },
  });
});

afterEach(() => {
  setClipboard(undefined);
  vi.restoreAllMocks();
});

async function openBuilder(language = 'en') {
  const user = userEvent.setup();
  renderWithApp(<ShareButton view={view} origin={origin} />, { language });
  await user.click(screen.getByTestId('share-button'));
  await user.click(await screen.findByTestId('customise-embed'));
  await screen.findByTestId('embed-builder');
  return user;
}

const linkParams = () =>
  new URL((screen.getByTestId('embed-builder-link') as HTMLInputElement).value).searchParams;

describe('Share → Embed, the embed’s builder', () => {
  it('starts from the view on screen: its area and categories, no selected place, the plain 400 px embed', async () => {
    await openBuilder();
    expect(screen.getByRole('dialog', { name: 'Embed this map' })).toBeInTheDocument();
    expect((screen.getByTestId('embed-builder-link') as HTMLInputElement).value).toBe(
      'https://karta.example.org/embed?lat=45.81&lng=15.98&z=13&cat=pharmacy',
    );
    expect(screen.getByTestId('embed-builder-code')).toHaveValue(
      '<iframe src="https://karta.example.org/embed?lat=45.81&amp;lng=15.98&amp;z=13&amp;cat=pharmacy" width="100%" height="400" style="border:0" loading="lazy" title="Karta: community map of places"></iframe>',
    );
    expect(await screen.findByTestId('embed-category-pharmacy')).toBeChecked();
    expect(screen.getByTestId('embed-area-free')).toBeChecked();
  });

  it('writes every option chosen into the link and the code, and the preview follows', async () => {
    const user = await openBuilder();
    await user.click(await screen.findByTestId('embed-category-defibrillator'));
    // The defibrillator's fields are offered now, as the home page offers them.
    const filters = await screen.findByTestId('embed-filters');
    await user.click(within(filters).getByRole('button', { name: 'Public' }));
    await user.selectOptions(screen.getByTestId('embed-language'), 'hr');
    fireEvent.change(screen.getByTestId('embed-height'), { target: { value: '600' } });
    await user.click(screen.getByTestId('embed-list-option'));
    await user.click(screen.getByTestId('embed-fullscreen-option'));
    await user.click(screen.getByTestId('embed-propose-option'));
    await user.click(screen.getByTestId('embed-area-fixed'));

    expect(Object.fromEntries(linkParams())).toEqual({
      lat: '45.81',
      lng: '15.98',
      z: '13',
      cat: 'defibrillator,pharmacy',
      'f.access': 'yes',
      lang: 'hr',
      h: '600',
      list: '1',
      fs: '1',
      propose: '1',
      fixed: '1',
    });
    const code = (screen.getByTestId('embed-builder-code') as HTMLTextAreaElement).value;
    expect(code).toContain('height="600"');
    expect(code).toContain(' allowfullscreen ');
    expect(screen.getByLabelText('Height: 600 px')).toHaveValue('600');

    // The preview is the real embed of this site, as it will be, once the options rest.
    const preview = screen.getByTestId('embed-preview') as HTMLIFrameElement;
    await waitFor(() => expect(new URL(preview.src).searchParams.get('fixed')).toBe('1'), { timeout: 2000 });
    expect(new URL(preview.src).pathname).toBe('/embed');
    expect(new URL(preview.src).search).toBe(
      new URL((screen.getByTestId('embed-builder-link') as HTMLInputElement).value).search,
    );
    expect(preview.style.height).toBe('600px');
    expect(preview).toHaveAttribute('allowfullscreen');

    // A category taken away takes its fields' filters with it.
    await user.click(screen.getByTestId('embed-category-defibrillator'));
    expect(linkParams().get('cat')).toBe('pharmacy');
    expect(linkParams().has('f.access')).toBe(false);
  });

  it('copies the code and the link, and goes back to sharing', async () => {
    const user = await openBuilder();
    const writeText = vi.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    await user.click(screen.getByTestId('embed-list-option'));
    await user.click(screen.getByTestId('embed-builder-copy-code'));
    expect(writeText).toHaveBeenLastCalledWith(
      (screen.getByTestId('embed-builder-code') as HTMLTextAreaElement).value,
    );
    expect(String(writeText.mock.lastCall?.[0])).toContain('list=1');
    await user.click(screen.getByTestId('embed-builder-copy-link'));
    expect(writeText).toHaveBeenLastCalledWith(
      'https://karta.example.org/embed?lat=45.81&lng=15.98&z=13&cat=pharmacy&list=1',
    );
    await user.click(screen.getByTestId('embed-builder-back'));
    expect(await screen.findByTestId('share-dialog')).toBeInTheDocument();
  });

  it('speaks Croatian', async () => {
    await openBuilder('hr');
    expect(screen.getByRole('dialog', { name: 'Ugradi ovu kartu' })).toBeInTheDocument();
    expect(screen.getByTestId('embed-list-option').closest('label')).toHaveTextContent(
      'Popis mjesta u prikazu',
    );
  });
});
