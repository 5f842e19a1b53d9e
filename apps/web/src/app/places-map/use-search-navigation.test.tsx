import type { GeocodeItem, PlaceListItem } from '@karta/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RuntimeConfigContext } from '../../config/runtime-config.ts';
import { placeQueryKey } from '../../lib/places/get-place.ts';
import { listedPlace, testConfig } from '../../testing/fixtures.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { forgetAddress, useChosenAddress } from './chosen-address.ts';
import { useSearchNavigation } from './use-search-navigation.ts';

const config = testConfig({ defaultLanguage: 'hr' });

const samobor: GeocodeItem = {
  label: 'Samobor',
  lat: 45.80306,
  lng: 15.71806,
  kind: 'town',
  address: { street: null, housenumber: null, postcode: null, city: 'Samobor', country: 'Hrvatska' },
};
const ilica = {
  ...samobor,
  label: 'Ilica 1, 10000 Zagreb',
  lat: 45.81316,
  lng: 15.97535,
  kind: 'house' as const,
};

function Harness({ place }: { place: PlaceListItem }) {
  const search = useSearchNavigation();
  const chosen = useChosenAddress();
  return (
    <>
      <output data-testid="address">{chosen?.address.label ?? '(none)'}</output>
      <button type="button" onClick={() => search.chooseAddress(samobor)}>
        town
      </button>
      <button type="button" onClick={() => search.chooseAddress(ilica)}>
        house
      </button>
      <output data-testid="current">{search.current ?? '(none)'}</output>
      <output data-testid="origin">{`${search.origin.lat},${search.origin.lng}`}</output>
      <button type="button" onClick={() => search.submit('cvjetni trg')}>
        submit
      </button>
      <button type="button" onClick={() => search.choose(place)}>
        choose
      </button>
    </>
  );
}

function renderAt(
  path: string,
  place = listedPlace({ id: 9, category: 'pharmacy', lat: 45.81, lng: 15.97 }),
) {
  return renderWithApp(
    <RuntimeConfigContext value={config}>
      <Harness place={place} />
    </RuntimeConfigContext>,
    { path },
  );
}

describe('where the header search leads', () => {
  it('from another page, searches on the home map with only q, so the map fits the matches', async () => {
    const { location } = renderAt('/places/5');
    expect(screen.getByTestId('current')).toHaveTextContent('(none)');
    expect(screen.getByTestId('origin')).toHaveTextContent('45.8,16');
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(location.history.at(-1)).toBe('/?q=cvjetni%20trg');
  });

  it('on the home page, keeps its view and filter, closes the selected place and shows the search', async () => {
    const { location } = renderAt('/?lat=45.81&lng=15.97&z=14&place=3&cat=pharmacy&q=ilica');
    expect(screen.getByTestId('current')).toHaveTextContent('ilica');
    expect(screen.getByTestId('origin')).toHaveTextContent('45.81,15.97');
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(location.history.at(-1)).toBe('/?lat=45.81&lng=15.97&z=14&cat=pharmacy&q=cvjetni%20trg');
  });

  it('opens a chosen place centred at a close zoom, keeping a filter that shows it and its details at hand', async () => {
    const { location, queryClient } = renderAt('/?lat=45.7&lng=16.1&z=11&cat=pharmacy,shelter&q=ilica');
    await userEvent.click(screen.getByRole('button', { name: 'choose' }));
    expect(location.history.at(-1)).toBe('/?lat=45.81&lng=15.97&z=17&place=9&cat=pharmacy,shelter');
    expect(queryClient.getQueryData(placeQueryKey(9))).toMatchObject({ id: 9, category: 'pharmacy' });
    expect(queryClient.getQueryData(placeQueryKey(9))).not.toHaveProperty('distance');
  });

  it('drops a filter that would hide the chosen place', async () => {
    const { location } = renderAt('/?lat=45.7&lng=16.1&z=11&cat=library');
    await userEvent.click(screen.getByRole('button', { name: 'choose' }));
    expect(location.history.at(-1)).toBe('/?lat=45.81&lng=15.97&z=17&place=9');
  });

  it('centres the map on a chosen town at a town zoom, from any page, and names it', async () => {
    forgetAddress();
    const { location } = renderAt('/near?lat=45.8&lng=16');
    await userEvent.click(screen.getByRole('button', { name: 'town' }));
    expect(location.history.at(-1)).toBe('/?lat=45.80306&lng=15.71806&z=13');
    expect(screen.getByTestId('address')).toHaveTextContent('Samobor');
  });

  it('centres the home map on a chosen house at a street zoom, keeping its filter, leaving its search and place', async () => {
    forgetAddress();
    const { location } = renderAt('/?lat=45.7&lng=16.1&z=11&place=3&cat=pharmacy&q=ilica');
    await userEvent.click(screen.getByRole('button', { name: 'house' }));
    expect(location.history.at(-1)).toBe('/?lat=45.81316&lng=15.97535&z=17&cat=pharmacy');
    expect(screen.getByTestId('address')).toHaveTextContent('Ilica 1, 10000 Zagreb');
    // A search or a place chosen next replaces the address.
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(screen.getByTestId('address')).toHaveTextContent('(none)');
  });
});
