import type { PlaceListItem } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, apiError, type FakeAnswer, fakeApi } from '../../../testing/fake-api.ts';
import { listedPlace } from '../../../testing/fixtures.ts';
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

/** The server: places whose name (in any language) or address holds the text, or the `answer` given. */
function suggestionsServer(answer?: FakeAnswer) {
  const reply = (call: ApiCall): FakeAnswer => {
    if (answer) return answer;
    const text = new URL(call.path, 'http://karta.test').searchParams.get('q')?.toLowerCase() ?? '';
    const items = places.filter((place) =>
      [...Object.values(place.name), place.address ?? ''].some((field) => field.toLowerCase().includes(text)),
    );
    return { status: 200, body: { items } };
  };
  const calls = fakeApi({ 'GET /api/v1/places/suggestions': reply });
  return () => calls.filter((call) => call.path.startsWith('/api/v1/places/suggestions?'));
}

function renderBox(value?: string) {
  const onSubmit = vi.fn<(text: string) => void>();
  const onChoose = vi.fn<(place: PlaceListItem) => void>();
  const view = renderWithApp(
    <SearchCombobox
      value={value}
      origin={{ lat: 45.81, lng: 15.97 }}
      categoryOf={(slug) => looks[slug] ?? { name: slug, color: '#000' }}
      onSubmit={onSubmit}
      onChoose={onChoose}
    />,
  );
  return { ...view, onSubmit, onChoose, input: screen.getByRole('combobox', { name: 'Search places' }) };
}

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
      />,
    );
    expect(input).toHaveValue('ilica');
  });
});
