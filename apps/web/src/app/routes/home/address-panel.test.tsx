import type { GeocodeItem } from '@karta/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { AddressPanel } from './address-panel.tsx';

const ilica: GeocodeItem = {
  label: 'Ilica 1, 10000 Zagreb',
  lat: 45.81316,
  lng: 15.97535,
  kind: 'house',
  address: { street: 'Ilica', housenumber: '1', postcode: '10000', city: 'Zagreb', country: 'Hrvatska' },
};

function renderPanel(language = 'en') {
  const onClose = vi.fn();
  const view = renderWithApp(<AddressPanel address={ilica} categories={['pharmacy']} onClose={onClose} />, {
    language,
  });
  return { ...view, onClose };
}

describe('AddressPanel', () => {
  it('names the address, takes the focus, and links to the Near page at it, both tabs, with the label', () => {
    renderPanel();
    const heading = screen.getByRole('heading', { name: 'Ilica 1, 10000 Zagreb' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('region', { name: 'Ilica 1, 10000 Zagreb' })).toHaveTextContent('Chosen address');
    expect(screen.getByRole('link', { name: 'Near this address' })).toHaveAttribute(
      'href',
      '/near?lat=45.81316&lng=15.97535&address=Ilica%201%2C%2010000%20Zagreb&r=1000&tab=near&cat=pharmacy',
    );
    expect(screen.getByRole('link', { name: 'Who serves this spot' })).toHaveAttribute(
      'href',
      '/near?lat=45.81316&lng=15.97535&address=Ilica%201%2C%2010000%20Zagreb&r=1000&tab=covers&cat=pharmacy',
    );
  });

  it('closes on Escape and with its close button', async () => {
    const { onClose } = renderPanel('hr');
    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Zatvori adresu' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('link', { name: 'U blizini ove adrese' })).toBeVisible();
  });
});
