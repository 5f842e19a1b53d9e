import type { ClientConfig, GeocodeItem, PlaceListItem } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerReadsOfflineWith } from '../../../lib/api-client.ts';
import { SAVED_AT_HEADER } from '../../../service-worker/saved-at-header.ts';
import { type ApiCall, apiError, type FakeAnswer, fakeApi } from '../../../testing/fake-api.ts';
import { listedPlace, testConfig } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { SearchCombobox } from './search-combobox.tsx';

const places = [
  listedPlace({ id: 1, name: { hr: 'Cvjetni trg', en: 'Flower Square' }, address: 'Cvjetni trg 1, Zagreb' }),
  listedPlace({
    id: 2,
    name: { hr: 'Ljekarna Cvjetni', en: 'Cvjetni Pharmacy' },
    address: 'Preradovićeva 5',
  }),
  listedPlace({ id: 3, name: { en: 'Cvjetno naselje library' }, category: 'library', address: null }),
];
const looks: Record<string, { name: string; color: string }> = {
  pharmacy: { name: 'Pharmacy', color: '#dc2626' },
  library: { name: 'Library', color: '#2563eb' },
};

const towns: GeocodeItem[] = [
  {
    label: 'Cvjetno naselje, Zagreb',
    lat: 45.79,
    lng: 15.96,
    kind: 'place',
    address: { street: null, housenumber: null, postcode: null, city: 'Zagreb', country: 'Hrvatska' },
  },
  {
    label: 'Cvjetna ulica 4, 10000 Zagreb',
    lat: 45.8,
    lng: 15.95,
    kind: 'house',
    address: {
      street: 'Cvjetna ulica',
      housenumber: '4',
      postcode: '10000',
      city: 'Zagreb',
      country: 'Hrvatska',
    },
  },
];

/**
 * The server: places whose name (in any language) or address holds the text, or the `answer`
 * given; addresses whose label holds it, or `addressAnswer`.
 */
function suggestionsServer(answer?: FakeAnswer, addressAnswer?: FakeAnswer) {
  const reply = (call: ApiCall): FakeAnswer => {
    if (answer) return answer;
    const text = new URL(call.path, 'http://karta.test').searchParams.get('q')?.toLowerCase() ?? '';
    const items = places.filter((place) =>
      [...Object.values(place.name), place.address ?? ''].some((field) => field.toLowerCase().includes(text)),
    );
    return { status: 200, body: { items } };
  };
  const geocode = (call: ApiCall): FakeAnswer => {
    if (addressAnswer) return addressAnswer;
    const text = new URL(call.path, 'http://karta.test').searchParams.get('q')?.toLowerCase() ?? '';
    const items = towns.filter((town) => town.label.toLowerCase().includes(text));
    return { status: 200, body: { items, attribution: 'GeoNames (CC BY 4.0)' } };
  };
  const calls = fakeApi({ 'GET /api/v1/places/suggestions': reply, 'GET /api/v1/geocode': geocode });
  addressCalls = () => calls.filter((call) => call.path.startsWith('/api/v1/geocode?'));
  return () => calls.filter((call) => call.path.startsWith('/api/v1/places/suggestions?'));
}

let addressCalls: () => ApiCall[] = () => [];

/** The box on a site without address search, unless `geocoder` says otherwise. */
function renderBox(value?: string, geocoder: ClientConfig['geocoder'] = null, language = 'en') {
  const onSubmit = vi.fn<(text: string) => void>();
  const onChoose = vi.fn<(place: PlaceListItem) => void>();
  const onChooseAddress = vi.fn<(address: GeocodeItem) => void>();
  const view = renderWithApp(
    <SearchCombobox
      value={value}
      origin={{ lat: 45.81, lng: 15.97 }}
      categoryOf={(slug) => looks[slug] ?? { name: slug, color: '#000' }}
      onSubmit={onSubmit}
      onChoose={onChoose}
      onChooseAddress={onChooseAddress}
    />,
    { config: testConfig({ geocoder }), language },
  );
  return {
    ...view,
    onSubmit,
    onChoose,
    onChooseAddress,
    input: screen.getByRole('combobox', { name: language === 'en' ? 'Search places' : 'Pretraži mjesta' }),
  };
}

const builtin = { attribution: 'GeoNames (CC BY 4.0)', searchOnEnterOnly: false };
const nominatim = { attribution: '© OpenStreetMap contributors (ODbL)', searchOnEnterOnly: true };

async function suggestionsShown() {
  return within(await screen.findByRole('listbox', { name: 'Suggested places' })).getAllByRole('option');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SearchCombobox', () => {
  it('asks only for the text typed before the pause, and shows the suggestions in a listbox', async () => {
    const requests = suggestionsServer();
    const { input } = renderBox();
    const user = userEvent.setup();
    await user.type(input, 'cvjetn');

    const options = await suggestionsShown();
    expect(requests().map((call) => new URL(call.path, 'http://karta.test').searchParams.get('q'))).toEqual([
      'cvjetn',
    ]);
    const asked = new URL(requests()[0]?.path ?? '', 'http://karta.test').searchParams;
    expect(asked.get('limit')).toBe('6');
    expect(asked.get('origin')).toBe('45.81,15.97');
    expect(options).toHaveLength(3);
    expect(options[0]).toHaveTextContent(/Flower Square.*Pharmacy.*Cvjetni trg 1, Zagreb/);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(screen.getByTestId('search-status')).toHaveTextContent('3 suggestions.');
    // The typed words are marked in the name, as text.
    expect(within(options[1] as HTMLElement).getByText('Cvjetn').tagName).toBe('MARK');
  });

  it('moves through the suggestions with the arrow keys and opens the active one with Enter', async () => {
    suggestionsServer();
    const { input, onChoose, onSubmit } = renderBox();
    const user = userEvent.setup();
    await user.type(input, 'cvjet');
    const options = await suggestionsShown();

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    // Past the last option back to the first, and up from the first to the last.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[2]?.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');

    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a suggestion that is clicked', async () => {
    suggestionsServer();
    const { input, onChoose } = renderBox();
    const user = userEvent.setup();
    await user.type(input, 'library');
    const [option] = await suggestionsShown();
    await user.click(option as HTMLElement);
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }));
  });

  it('searches for the text, trimmed, on Enter without an active suggestion', async () => {
    suggestionsServer();
    const { input, onSubmit, onChoose } = renderBox();
    const user = userEvent.setup();
    await user.type(input, '  cvjetni trg {Enter}');
    expect(onSubmit).toHaveBeenCalledWith('cvjetni trg');
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('refuses to search for punctuation alone, and says why', async () => {
    suggestionsServer();
    const { input, onSubmit } = renderBox();
    const user = userEvent.setup();
    await user.type(input, '?!{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByTestId('search-status')).toHaveTextContent('Type a letter or a number to search.');
    expect(screen.getByTestId('search-panel')).toBeVisible();
  });

  it('closes the suggestions on Escape, and empties the field on a second Escape', async () => {
    suggestionsServer();
    const { input } = renderBox();
    const user = userEvent.setup();
    await user.type(input, 'cvjet');
    await suggestionsShown();
    await user.keyboard('{ArrowDown}{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(input).toHaveValue('cvjet');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });

  it('leaves Home and End to the text, and keeps the caret where the user types', async () => {
    suggestionsServer();
    const { input } = renderBox();
    const user = userEvent.setup();
    await user.type(input, 'cvjet');
    await suggestionsShown();
    await user.keyboard('{Home}ab');
    expect(input).toHaveValue('abcvjet');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{End}n');
    expect(input).toHaveValue('abcvjetn');
  });

  it('opens nothing when the field is left with a suggestion active', async () => {
    suggestionsServer();
    const { input, onChoose } = renderBox();
    const user = userEvent.setup();
    await user.type(input, 'cvjet');
    await suggestionsShown();
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(screen.getByTestId('search-clear-text')).toHaveFocus();
    expect(onChoose).not.toHaveBeenCalled();
    expect(input).toHaveValue('cvjet');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('says when no place matches, and when the suggestions could not be loaded', async () => {
    suggestionsServer();
    const { input, unmount } = renderBox();
    const user = userEvent.setup();
    await user.type(input, 'zzz');
    expect(await screen.findByTestId('search-no-match')).toHaveTextContent('No places match “zzz”');
    expect(screen.getByTestId('search-status')).toHaveTextContent('No places match “zzz”');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    unmount();
    vi.unstubAllGlobals();

    suggestionsServer({ status: 503, body: apiError('unavailable') });
    const again = renderBox();
    await user.type(again.input, 'cvjet');
    await waitFor(() =>
      expect(screen.getByTestId('search-status')).toHaveTextContent('Suggestions could not be loaded.'),
    );
  });

  it('shows the search in the URL, and follows it when it changes', () => {
    suggestionsServer();
    const { input, rerender, onSubmit, onChoose } = renderBox('cvjetni');
    expect(input).toHaveValue('cvjetni');
    rerender(
      <SearchCombobox
        value="ilica"
        origin={null}
        categoryOf={() => looks.pharmacy as { name: string; color: string }}
        onSubmit={onSubmit}
        onChoose={onChoose}
        onChooseAddress={vi.fn()}
      />,
    );
    expect(input).toHaveValue('ilica');
  });
});

describe("SearchCombobox with the site's address search", () => {
  function groups() {
    const listbox = screen.getByRole('listbox', { name: 'Suggested places and addresses' });
    return {
      listbox,
      places: within(listbox).queryByRole('group', { name: 'Places' }),
      addresses: within(listbox).queryByRole('group', { name: 'Addresses' }),
    };
  }

  it('lists the addresses for the same text in a second group after the places, with their kind and source', async () => {
    const requests = suggestionsServer();
    const { input } = renderBox(undefined, builtin);
    const user = userEvent.setup();
    await user.type(input, 'cvjetn');

    await waitFor(() => expect(screen.getAllByTestId('search-address')).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByTestId('search-suggestion')).toHaveLength(3));
    const { places, addresses } = groups();
    expect(within(places as HTMLElement).getAllByRole('option')).toHaveLength(3);
    const found = within(addresses as HTMLElement).getAllByRole('option');
    expect(found.map((option) => option.textContent)).toEqual([
      'Cvjetno naselje, ZagrebLocation',
      'Cvjetna ulica 4, 10000 ZagrebAddress',
    ]);
    // The address group comes after the places in the page, as it does for the arrow keys.
    expect(
      (places as HTMLElement).compareDocumentPosition(addresses as HTMLElement) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getByTestId('search-addresses-attribution')).toHaveTextContent(
      'Addresses: GeoNames (CC BY 4.0)',
    );
    await waitFor(() =>
      expect(screen.getByTestId('search-status')).toHaveTextContent(/^3 places and 2 addresses\./),
    );
    // One address request, for the settled text, near the map's centre rounded to about a kilometre.
    expect(requests()).toHaveLength(1);
    const asked = new URL(addressCalls()[0]?.path ?? '', 'http://karta.test').searchParams;
    expect(addressCalls()).toHaveLength(1);
    expect(Object.fromEntries(asked)).toMatchObject({
      q: 'cvjetn',
      near: '45.81,15.97',
      limit: '5',
      lang: 'en',
    });
  });

  it('walks from the last place to the first address with the arrow keys, and opens an address with Enter', async () => {
    suggestionsServer();
    const { input, onChoose, onChooseAddress, onSubmit } = renderBox(undefined, builtin);
    const user = userEvent.setup();
    await user.type(input, 'cvjet');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(5));
    const options = screen.getAllByRole('option');

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[2]?.id);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[3]?.id);
    expect(options[3]).toHaveTextContent('Cvjetno naselje, Zagreb');
    expect(options[3]).toHaveAttribute('aria-selected', 'true');
    // Up from the first place wraps to the last address.
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[3]?.id);

    await user.keyboard('{Enter}');
    expect(onChooseAddress).toHaveBeenCalledWith(towns[0]);
    expect(onChoose).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens an address that is clicked', async () => {
    suggestionsServer();
    const { input, onChooseAddress } = renderBox(undefined, builtin);
    const user = userEvent.setup();
    await user.type(input, 'cvjetna');
    await user.click(await screen.findByText('Cvjetna ulica 4, 10000 Zagreb'));
    expect(onChooseAddress).toHaveBeenCalledWith(towns[1]);
  });

  it('asks for addresses only when told to where the site allows no search as you type', async () => {
    const requests = suggestionsServer();
    const { input, onSubmit, onChooseAddress } = renderBox(undefined, nominatim);
    const user = userEvent.setup();
    await user.type(input, 'cvjet');
    await waitFor(() => expect(screen.getAllByTestId('search-suggestion')).toHaveLength(3));
    const ask = within(groups().addresses as HTMLElement).getByRole('option');
    expect(ask).toHaveTextContent('Search addresses for “cvjet”');
    expect(addressCalls()).toHaveLength(0);
    expect(screen.queryByTestId('search-addresses-attribution')).toBeNull();

    // Enter with no option active still searches places, and asks no addresses.
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('cvjet');
    expect(addressCalls()).toHaveLength(0);

    await user.click(input);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByTestId('search-ask-addresses').id);
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getAllByTestId('search-address')).toHaveLength(2));
    expect(input).toHaveValue('cvjet');
    expect(
      addressCalls().map((call) => new URL(call.path, 'http://karta.test').searchParams.get('q')),
    ).toEqual(['cvjet']);
    // Whose data the answer says it is.
    expect(screen.getByTestId('search-addresses-attribution')).toHaveTextContent(
      'Addresses: GeoNames (CC BY 4.0)',
    );
    expect(onChooseAddress).not.toHaveBeenCalled();

    // More text asks nothing by itself: the group offers to ask again.
    await user.keyboard('{End}na');
    await waitFor(() => expect(screen.getByTestId('search-ask-addresses')).toHaveTextContent('“cvjetna”'));
    expect(screen.queryAllByTestId('search-address')).toHaveLength(0);
    expect(addressCalls()).toHaveLength(1);
    await waitFor(() => expect(requests().at(-1)?.path).toContain('q=cvjetna'));
    expect(addressCalls()).toHaveLength(1);
  });

  it('shows no address group when the site has no address search', async () => {
    suggestionsServer();
    const { input } = renderBox(undefined, null);
    const user = userEvent.setup();
    await user.type(input, 'cvjetn');
    const listbox = await screen.findByRole('listbox', { name: 'Suggested places' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(3));
    expect(within(listbox).queryByRole('group')).toBeNull();
    expect(screen.queryByText('Addresses')).toBeNull();
    expect(addressCalls()).toHaveLength(0);
  });

  it('says why addresses are missing without holding back the places', async () => {
    suggestionsServer(undefined, { status: 503, body: apiError('geocoder_unavailable') });
    const { input, unmount } = renderBox(undefined, builtin);
    const user = userEvent.setup();
    await user.type(input, 'cvjet');
    await waitFor(() =>
      expect(screen.getByTestId('search-addresses-line')).toHaveTextContent(
        'Addresses could not be loaded. Address search is unavailable right now.',
      ),
    );
    expect(within(groups().places as HTMLElement).getAllByRole('option')).toHaveLength(3);
    expect(groups().addresses).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('search-status')).toHaveTextContent(
        /^3 suggestions\..*Addresses could not be loaded\./,
      ),
    );
    unmount();
    vi.unstubAllGlobals();

    suggestionsServer(undefined, 'offline');
    const again = renderBox(undefined, builtin, 'hr');
    await user.type(again.input, 'cvjet');
    await waitFor(() =>
      expect(screen.getByTestId('search-addresses-line')).toHaveTextContent(
        'Za pretragu adresa potrebna je mreža',
      ),
    );
    expect(screen.getAllByTestId('search-suggestion')).toHaveLength(3);
  });
  it('with no network, lists the towns of the saved areas and says that streets need the network', async () => {
    suggestionsServer('offline', 'offline');
    // As main.tsx wires it: what the network does not answer, the saved areas may.
    answerReadsOfflineWith(async (url) =>
      url.includes('/api/v1/geocode?')
        ? new Response(JSON.stringify({ items: [towns[0]], attribution: 'GeoNames (CC BY 4.0)' }), {
            status: 200,
            headers: { 'content-type': 'application/json', [SAVED_AT_HEADER]: new Date().toUTCString() },
          })
        : null,
    );
    try {
      const { input } = renderBox(undefined, builtin);
      await userEvent.setup().type(input, 'samo');
      await waitFor(() => expect(groups().addresses).not.toBeNull());
      expect(within(groups().addresses as HTMLElement).getAllByRole('option')).toHaveLength(1);
      expect(screen.getByTestId('search-addresses-saved-only')).toHaveTextContent(
        'No network: only the towns of your saved areas are found.',
      );
      await waitFor(() => expect(screen.getByTestId('search-status')).toHaveTextContent(/No network/));
    } finally {
      answerReadsOfflineWith(async () => null);
    }
  });
});
