import type { ClientConfig, GeocodeItem } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, apiError, type FakeAnswer, fakeApi } from '../../../testing/fake-api.ts';
import { testConfig } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import type { PickerMapRequest } from './location-section.tsx';
import { PlaceEditor } from './place-editor.tsx';

const ATTRIBUTION = 'GeoNames (CC BY 4.0); addresses of this site’s places';

function item(label: string, lat: number, lng: number, kind: GeocodeItem['kind'] = 'house'): GeocodeItem {
  return {
    label,
    lat,
    lng,
    kind,
    address: { street: null, housenumber: null, postcode: null, city: null, country: null },
  };
}

const ILICA = item('Ilica 1, 10000 Zagreb', 45.8131234, 15.9772);
const VLASKA = item('Vlaška 12, 10000 Zagreb', 45.8141, 15.9823);

/** The map, as the app would draw it: a button that "drags" the marker to one spot. */
function renderMap({ position, onPick }: PickerMapRequest) {
  return (
    <div data-testid="stub-map" data-position={position ? `${position.lat},${position.lng}` : ''}>
      <button type="button" onClick={() => onPick({ lat: 45.8142, lng: 15.9811 })}>
        Drag the marker
      </button>
    </div>
  );
}

/** The geocoder's answers: the search lists `items`; the reverse answers by the precision asked. */
function geocodeApi(
  items: GeocodeItem[],
  more: Record<string, FakeAnswer | ((call: ApiCall) => FakeAnswer)> = {},
) {
  return fakeApi({
    'GET /api/v1/geocode': { status: 200, body: { items, attribution: ATTRIBUTION } },
    'GET /api/v1/geocode/reverse': (call) => {
      const precision = new URL(call.path, 'http://x').searchParams.get('precision');
      const label =
        precision === '1km' ? '10000 Zagreb' : precision === '100m' ? 'Vlaška, 10000 Zagreb' : VLASKA.label;
      return { status: 200, body: { ...item(label, 45.8142, 15.9811, 'street'), attribution: ATTRIBUTION } };
    },
    ...more,
  });
}

function renderEditor(config: Partial<ClientConfig> = {}, language = 'en') {
  return renderWithApp(
    <PlaceEditor
      categories={[{ id: 1, name: 'Pharmacy' }]}
      renderMap={renderMap}
      onSaved={vi.fn()}
      cancelHref="/"
    />,
    { language, config: testConfig(config) },
  );
}

/** The address search's own list (the category's select has options too). */
const answers = () => within(screen.getByTestId('address-search'));

const searches = (calls: ApiCall[]) => calls.filter((call) => call.path.startsWith('/api/v1/geocode?'));
const reverses = (calls: ApiCall[]) =>
  calls.filter((call) => call.path.startsWith('/api/v1/geocode/reverse'));

describe('placing a place by its address', () => {
  it('choosing an answer with the keys sets the position, fills an empty Address field and says so', async () => {
    const calls = geocodeApi([ILICA, VLASKA]);
    renderEditor();
    const field = screen.getByRole('combobox', { name: 'Find by address' });
    await userEvent.type(field, 'Ilica');
    const options = await answers().findAllByRole('option', {}, { timeout: 2000 });
    expect(options.map((option) => option.textContent)).toEqual([ILICA.label, VLASKA.label]);
    expect(screen.getByTestId('address-attribution')).toHaveTextContent(ATTRIBUTION);
    // Nearest the map's first view, since there is no pin yet.
    expect(searches(calls)[0]?.path).toContain('near=45.8%2C16');

    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByLabelText('Latitude')).toHaveValue('45.813123');
    expect(screen.getByLabelText('Longitude')).toHaveValue('15.9772');
    expect(screen.getByTestId('stub-map')).toHaveAttribute('data-position', '45.813123,15.9772');
    expect(screen.getByLabelText('Address')).toHaveValue(ILICA.label);
    expect(screen.getByTestId('address-search-status')).toHaveTextContent(`Pin set at ${ILICA.label}`);
    // Enter chose the answer; it did not send the form.
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(field).toHaveFocus();
    // The pin's move does not ask again for the same text around its new place.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(searches(calls)).toHaveLength(1);
  });

  it('never overwrites an address the person typed, but replaces one an earlier choice wrote', async () => {
    geocodeApi([ILICA, VLASKA]);
    renderEditor();
    const field = screen.getByRole('combobox', { name: 'Find by address' });
    await userEvent.type(field, 'Zagreb');
    await answers().findAllByRole('option', {}, { timeout: 2000 });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByLabelText('Address')).toHaveValue(ILICA.label);

    // A second choice replaces what the first one wrote.
    await userEvent.click(field);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByLabelText('Latitude')).toHaveValue('45.8141');
    expect(screen.getByLabelText('Address')).toHaveValue(VLASKA.label);

    // Once the person edits it, it is theirs.
    await userEvent.type(screen.getByLabelText('Address'), ', back door');
    await userEvent.click(field);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByLabelText('Latitude')).toHaveValue('45.813123');
    expect(screen.getByLabelText('Address')).toHaveValue(`${VLASKA.label}, back door`);
  });

  it('offers the address where the moved pin rests, and fills the field only when the offer is pressed', async () => {
    const calls = geocodeApi([]);
    renderEditor();
    await userEvent.type(screen.getByLabelText('Address'), 'By the fountain');
    // Nothing is asked before the pin moves.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(reverses(calls)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Drag the marker' }));
    const offer = await screen.findByRole(
      'button',
      { name: `Use address: ${VLASKA.label}` },
      { timeout: 2000 },
    );
    expect(reverses(calls)).toHaveLength(1);
    expect(reverses(calls)[0]?.path).toContain('lat=45.8142&lng=15.9811&precision=exact');
    // Offered, never filled by itself.
    expect(screen.getByLabelText('Address')).toHaveValue('By the fountain');

    await userEvent.click(offer);
    expect(screen.getByLabelText('Address')).toHaveValue(VLASKA.label);
    expect(screen.getByLabelText('Address')).toHaveFocus();
    expect(screen.queryByTestId('address-offer')).toBeNull();
  });

  it('asks for the address no more precise than the location privacy, and again when it changes', async () => {
    const calls = geocodeApi([]);
    renderEditor();
    await userEvent.click(screen.getByTestId('privacy-100m'));
    await userEvent.click(screen.getByRole('button', { name: 'Drag the marker' }));
    expect(
      await screen.findByRole('button', { name: 'Use address: Vlaška, 10000 Zagreb' }, { timeout: 2000 }),
    ).toBeInTheDocument();
    expect(
      reverses(calls).map((call) => new URL(call.path, 'http://x').searchParams.get('precision')),
    ).toEqual(['100m']);

    await userEvent.click(screen.getByTestId('privacy-1km'));
    expect(
      await screen.findByRole('button', { name: 'Use address: 10000 Zagreb' }, { timeout: 2000 }),
    ).toBeInTheDocument();
    expect(reverses(calls).at(-1)?.path).toContain('precision=1km');
  });

  it('where the site may search only when asked, it asks on Enter or Search, never while typing', async () => {
    const calls = geocodeApi([ILICA]);
    renderEditor({ geocoder: { attribution: '© OpenStreetMap contributors', searchOnEnterOnly: true } });
    const field = screen.getByRole('combobox', { name: 'Find by address' });
    expect(field).toHaveAccessibleDescription(/then press Enter/);
    await userEvent.type(field, 'Ilica 1');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(searches(calls)).toEqual([]);

    await userEvent.keyboard('{Enter}');
    expect(
      await answers().findByRole('option', { name: ILICA.label }, { timeout: 2000 }),
    ).toBeInTheDocument();
    expect(searches(calls)).toHaveLength(1);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.type(field, ' Zagreb');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(searches(calls)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(searches(calls)).toHaveLength(2));
    expect(searches(calls)[1]?.path).toContain('q=Ilica+1+Zagreb');
  });

  it('where address search is off, shows no address field and asks nothing when the pin moves', async () => {
    const calls = fakeApi({});
    renderEditor({ geocoder: null });
    expect(screen.queryByRole('combobox', { name: 'Find by address' })).toBeNull();
    expect(screen.getByText(/Use your location, click the map, or type the coordinates/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Drag the marker' }));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(calls.filter((call) => call.path.startsWith('/api/v1/geocode'))).toEqual([]);
    expect(screen.queryByTestId('address-offer')).toBeNull();
  });

  it('says in a line when the search fails, offline or refused, and the map still places the pin', async () => {
    fakeApi({ 'GET /api/v1/geocode': 'offline', 'GET /api/v1/geocode/reverse': 'offline' });
    renderEditor();
    const field = screen.getByRole('combobox', { name: 'Find by address' });
    await userEvent.type(field, 'Ilica');
    expect(await screen.findByTestId('address-search-error', {}, { timeout: 2000 })).toHaveTextContent(
      'Address search needs the network. Use your location or the map instead.',
    );
    expect(answers().queryByRole('option')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Drag the marker' }));
    expect(screen.getByLabelText('Latitude')).toHaveValue('45.8142');

    fakeApi({ 'GET /api/v1/geocode': { status: 503, body: apiError('geocoder_unavailable') } });
    await userEvent.type(field, ' 1');
    await waitFor(
      () =>
        expect(screen.getByTestId('address-search-error')).toHaveTextContent(
          'The address search failed. Address search is unavailable right now.',
        ),
      { timeout: 2000 },
    );
  });

  it('speaks Croatian', async () => {
    geocodeApi([ILICA]);
    renderEditor({}, 'hr');
    await userEvent.type(screen.getByRole('combobox', { name: 'Pronađi po adresi' }), 'Ilica');
    await answers().findByRole('option', { name: ILICA.label }, { timeout: 2000 });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('address-search-status')).toHaveTextContent(
      `Oznaka postavljena: ${ILICA.label}`,
    );
  });
});
