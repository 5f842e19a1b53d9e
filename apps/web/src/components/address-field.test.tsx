import type { GeocodeItem } from '@karta/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi } from '../testing/fake-api.ts';
import { testConfig } from '../testing/fixtures.ts';
import { renderWithApp } from '../testing/render.tsx';
import { AddressField } from './address-field.tsx';

const samobor: GeocodeItem = {
  label: 'Samobor',
  lat: 45.80306,
  lng: 15.71806,
  kind: 'town',
  address: { street: null, housenumber: null, postcode: null, city: 'Samobor', country: 'Hrvatska' },
};

function renderField(geocoder: { attribution: string; searchOnEnterOnly: boolean } | null) {
  const calls = fakeApi({
    'GET /api/v1/geocode': () => ({
      status: 200,
      body: { items: [samobor], attribution: 'GeoNames (CC BY 4.0)' },
    }),
  });
  const onChoose = vi.fn<(address: GeocodeItem) => void>();
  renderWithApp(<AddressField near={{ lat: 45.8, lng: 16 }} onChoose={onChoose} />, {
    config: testConfig({ geocoder }),
  });
  const asked = () => calls.filter((call: ApiCall) => call.path.startsWith('/api/v1/geocode?'));
  return { onChoose, asked };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AddressField', () => {
  it('finds addresses as the person types and hands on the one chosen with the keyboard', async () => {
    const { onChoose, asked } = renderField({
      attribution: 'GeoNames (CC BY 4.0)',
      searchOnEnterOnly: false,
    });
    const user = userEvent.setup();
    const input = screen.getByRole('combobox', { name: 'Find by address' });
    await user.type(input, 'samob');
    const option = await screen.findByRole('option', { name: /Samobor/ });
    expect(option).toHaveTextContent('SamoborTown');
    expect(screen.getByText('Addresses: GeoNames (CC BY 4.0)')).toBeVisible();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledWith(samobor);
    expect(asked()).toHaveLength(1);
  });

  it('asks only on Enter or Search where the site allows no search as you type', async () => {
    const { onChoose, asked } = renderField({ attribution: 'OSM', searchOnEnterOnly: true });
    const user = userEvent.setup();
    const input = screen.getByRole('combobox', { name: 'Find by address' });
    await user.type(input, 'samobor');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(asked()).toHaveLength(0);
    await user.keyboard('{Enter}');
    await screen.findByRole('option', { name: /Samobor/ });
    expect(asked()).toHaveLength(1);
    await user.click(screen.getByRole('option', { name: /Samobor/ }));
    expect(onChoose).toHaveBeenCalledWith(samobor);
    expect(input).toHaveValue('Samobor');
    await user.clear(input);
    await user.type(input, 'zagreb');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(asked()).toHaveLength(2));
    expect(asked()[1]?.path).toContain('q=zagreb');
  });

  it('is not there when the site has no address search', () => {
    renderField(null);
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
