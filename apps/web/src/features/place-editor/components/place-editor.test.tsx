import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { listedPlace, testConfig } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import type { PickerMapRequest } from './location-section.tsx';
import { PlaceEditor, type PlaceEditorProps } from './place-editor.tsx';

const categories = [
  { id: 1, name: 'Pharmacy' },
  { id: 2, name: 'Shelter' },
];

/** The map, as the app would draw it: here a button that "clicks" the map at one spot. */
function renderMap({ position, radius, onPick }: PickerMapRequest) {
  return (
    <div
      data-testid="stub-map"
      data-position={position ? `${position.lat},${position.lng}` : ''}
      data-radius={radius ?? ''}
    >
      <button type="button" onClick={() => onPick({ lat: 45.8131234567, lng: 15.9771 })}>
        Click the map
      </button>
    </div>
  );
}

function renderEditor(props: Partial<PlaceEditorProps> = {}, language = 'en', languages = ['hr', 'en']) {
  const onSaved = vi.fn();
  const view = renderWithApp(
    <PlaceEditor categories={categories} renderMap={renderMap} onSaved={onSaved} cancelHref="/" {...props} />,
    { language, config: testConfig({ languages }) },
  );
  return { ...view, onSaved };
}

async function fillValidPlace() {
  await userEvent.click(screen.getByRole('button', { name: 'Click the map' }));
  await userEvent.selectOptions(screen.getByLabelText('Category'), 'Pharmacy');
  await userEvent.type(screen.getByLabelText('Name (English)'), 'Night pharmacy');
}

describe('PlaceEditor', () => {
  it('keeps the map and the coordinate fields in step both ways', async () => {
    renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Click the map' }));
    expect(screen.getByLabelText('Latitude')).toHaveValue('45.813123');
    expect(screen.getByLabelText('Longitude')).toHaveValue('15.9771');
    await userEvent.clear(screen.getByLabelText('Latitude'));
    await userEvent.type(screen.getByLabelText('Latitude'), '45.9');
    expect(screen.getByTestId('stub-map')).toHaveAttribute('data-position', '45.9,15.9771');
    await userEvent.type(screen.getByTestId('field-radius'), '250');
    expect(screen.getByTestId('stub-map')).toHaveAttribute('data-radius', '250');
  });

  it('moves the radius slider step by step on a logarithmic scale, and says the metres', async () => {
    renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Click the map' }));
    const slider = screen.getByTestId('radius-slider');
    for (const step of ['1', '2', '3']) {
      fireEvent.change(slider, { target: { value: step } });
      expect(slider).toHaveValue(step);
    }
    fireEvent.change(slider, { target: { value: '45' } });
    expect(screen.getByTestId('field-radius')).toHaveValue('178');
    expect(slider).toHaveAttribute('aria-valuetext', '178 metres');
    expect(screen.getByTestId('stub-map')).toHaveAttribute('data-radius', '178');
    await userEvent.click(screen.getByTestId('clear-radius'));
    expect(screen.getByTestId('stub-map')).toHaveAttribute('data-radius', '');
  });

  it('shows a translated problem once a field is left, and follows the typing', async () => {
    renderEditor();
    const website = screen.getByLabelText('Website');
    await userEvent.type(website, 'example.org');
    expect(website).not.toHaveAttribute('aria-invalid');
    await userEvent.tab();
    expect(website).toHaveAttribute('aria-invalid', 'true');
    expect(website).toHaveAccessibleDescription(
      'A full address starting with https:// or http:// Enter a web address starting with https:// or http://',
    );
    await userEvent.clear(website);
    await userEvent.type(website, 'https://example.org');
    expect(website).not.toHaveAttribute('aria-invalid');
  });

  it('speaks Croatian, with the reader’s language first', async () => {
    renderEditor({}, 'hr');
    const names = screen.getAllByLabelText(/^Naziv/);
    expect(names.map((input) => input.getAttribute('name'))).toEqual(['name.hr', 'name.en']);
    await userEvent.click(names[0] as HTMLElement);
    await userEvent.tab();
    expect(names[0]).toHaveAccessibleDescription('Upišite naziv mjesta na barem jednom jeziku.');
  });

  it('offers a name and a description for each of the deployment’s languages, named by the browser', async () => {
    renderEditor({}, 'en', ['sl', 'en', 'de']);
    const names = screen.getAllByLabelText(/^Name/);
    expect(names.map((input) => input.getAttribute('name'))).toEqual(['name.en', 'name.sl', 'name.de']);
    expect(screen.getByLabelText('Name (Slovenian)')).toHaveAttribute('lang', 'sl');
    expect(screen.getByLabelText('Description (German, optional)')).toBeInTheDocument();
    expect(screen.queryByLabelText('Name (Croatian)')).toBeNull();
  });

  it('on submit shows every problem and focuses the first invalid field, sending nothing', async () => {
    const calls = fakeApi({});
    renderEditor();
    await userEvent.click(screen.getByTestId('save-place'));
    await waitFor(() => expect(screen.getByLabelText('Latitude')).toHaveFocus());
    expect(screen.getByLabelText('Category')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name (English)')).toHaveAccessibleDescription(
      'Give the place a name in at least one language.',
    );
    expect(calls).toEqual([]);
  });

  it('shows possible duplicates, and asks once more before saving, then saves anyway', async () => {
    const nearby = listedPlace({ id: 9, name: { en: 'Night Pharmacy' }, distance: 42 });
    const calls = fakeApi({
      'GET /api/v1/places/similar': { status: 200, body: { items: [nearby] } },
      'POST /api/v1/places': {
        status: 201,
        body: {
          ...listedPlace({ id: 77, status: 'pending' }),
          authorId: 7,
          authorVerified: true,
          rejectionReason: null,
        },
      },
    });
    const { onSaved } = renderEditor();
    await fillValidPlace();
    const notice = await screen.findByTestId('duplicates', {}, { timeout: 2000 });
    expect(notice).toHaveTextContent('A similar place is already nearby');
    expect(notice).toHaveTextContent('(42 metres away)');
    expect(screen.getByRole('link', { name: /Night Pharmacy/ })).toHaveAttribute('href', '/places/9');

    await userEvent.click(screen.getByTestId('save-place'));
    const heading = await screen.findByRole('heading', {
      name: 'This place is already nearby — is yours the same one?',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByTestId('save-anyway'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 77 })));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      categoryId: 1,
      name: { en: 'Night pharmacy' },
      description: {},
      lat: 45.813123,
      lng: 15.9771,
      radius: null,
      address: null,
      phone: null,
      email: null,
      website: null,
      openingHours: null,
      locationPrivacy: 'exact',
      extra: {},
    });
    expect(calls.find((call) => call.path.startsWith('/api/v1/places/similar'))?.path).toContain(
      'name=Night+pharmacy',
    );
  });

  it('puts the server’s refusal on the field and focuses it', async () => {
    fakeApi({
      'GET /api/v1/places/similar': { status: 200, body: { items: [] } },
      'POST /api/v1/places': {
        status: 400,
        body: apiError('validation_error', 'Invalid', [{ path: 'address', message: 'Nope' }]),
      },
    });
    renderEditor();
    await fillValidPlace();
    await userEvent.type(screen.getByLabelText('Address'), 'Ilica 1');
    await userEvent.click(screen.getByTestId('save-place'));
    const address = screen.getByLabelText('Address');
    await waitFor(() => expect(address).toHaveFocus());
    expect(address).toHaveAccessibleDescription('This value was not accepted. Please check it.');
  });

  it('on a stale edit says so, keeps what was typed, and loads the current version on request', async () => {
    const place = {
      ...listedPlace({ id: 5, status: 'rejected', version: 3 }),
      authorId: 7,
      rejectionReason: 'x',
    };
    const calls = fakeApi({
      'GET /api/v1/places/similar': { status: 200, body: { items: [] } },
      'PATCH /api/v1/places/5': { status: 409, body: apiError('conflict', 'Stale', { currentVersion: 4 }) },
      'GET /api/v1/places/5': { status: 200, body: { ...place, version: 4, address: 'Ilica 2, Zagreb' } },
    });
    renderEditor({ place });
    const address = screen.getByLabelText('Address');
    await userEvent.clear(address);
    await userEvent.type(address, 'Ilica 3');
    await userEvent.click(screen.getByTestId('save-place'));
    const conflict = await screen.findByTestId('edit-conflict');
    expect(conflict).toHaveTextContent('Someone changed this place while you were editing it.');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ version: 3, address: 'Ilica 3' });
    expect(address).toHaveValue('Ilica 3');

    await userEvent.click(screen.getByTestId('reload-current'));
    await waitFor(() => expect(address).toHaveValue('Ilica 2, Zagreb'));
    expect(screen.queryByTestId('edit-conflict')).toBeNull();
  });
});
