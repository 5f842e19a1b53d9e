import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { listedPlace } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import type { PickerMapRequest } from './location-section.tsx';
import { PlaceEditor } from './place-editor.tsx';

function renderMap({ onPick }: PickerMapRequest) {
  return (
    <button type="button" onClick={() => onPick({ lat: 45.8131, lng: 15.9771 })}>
      Click the map
    </button>
  );
}

/** The API of a proposal that saves: no similar places, the place made. */
function savingApi() {
  return fakeApi({
    'GET /api/v1/places/similar': { status: 200, body: { items: [] } },
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
}

function renderEditor(language = 'en') {
  const onSaved = vi.fn();
  renderWithApp(
    <PlaceEditor
      categories={[{ id: 1, name: 'Pharmacy' }]}
      renderMap={renderMap}
      onSaved={onSaved}
      cancelHref="/"
    />,
    { language },
  );
  return { onSaved };
}

async function fillValidPlace() {
  await userEvent.click(screen.getByRole('button', { name: 'Click the map' }));
  await userEvent.selectOptions(screen.getByLabelText('Category'), 'Pharmacy');
  await userEvent.type(screen.getByLabelText('Name (English)'), 'Night pharmacy');
}

const hoursText = () => screen.getByTestId('field-openingHours');

describe('opening hours in the place form', () => {
  it('start as not known, show no week of closed days, and send no hours', async () => {
    const calls = savingApi();
    const { onSaved } = renderEditor();
    expect(screen.getByRole('radio', { name: /Not known/ })).toBeChecked();
    expect(screen.queryByTestId('hours-picker')).toBeNull();
    expect(screen.queryByText('Closed')).toBeNull();

    await fillValidPlace();
    await userEvent.click(screen.getByTestId('save-place'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({ openingHours: null });
  });

  it('are entered once chosen, and left out again with "Not known" (given back if chosen again)', async () => {
    const calls = savingApi();
    const { onSaved } = renderEditor();
    await userEvent.click(screen.getByRole('radio', { name: /Enter the hours/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    expect(hoursText()).toHaveValue('Mo 08:00-16:00');

    await userEvent.click(screen.getByRole('radio', { name: /Not known/ }));
    expect(screen.queryByTestId('hours-picker')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: /Enter the hours/ }));
    expect(hoursText()).toHaveValue('Mo 08:00-16:00');
    await userEvent.click(screen.getByRole('radio', { name: /Not known/ }));

    await fillValidPlace();
    await userEvent.click(screen.getByTestId('save-place'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ openingHours: null });
  });

  it('are typed on the 24-hour clock from the number pad: 0830 is 08:30, 2400 closes at midnight', async () => {
    renderEditor();
    await userEvent.click(screen.getByRole('radio', { name: /Enter the hours/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    const opens = screen.getByLabelText('Monday: opens at');
    expect(opens).toHaveAttribute('type', 'text');
    expect(opens).toHaveAttribute('inputmode', 'numeric');

    await userEvent.clear(opens);
    await userEvent.type(opens, '0830');
    expect(hoursText()).toHaveValue('Mo 08:30-16:00');
    await userEvent.tab();
    expect(opens).toHaveValue('08:30');

    const closes = screen.getByLabelText('Monday: closes at');
    await userEvent.clear(closes);
    await userEvent.type(closes, '2400');
    await userEvent.tab();
    expect(closes).toHaveValue('24:00');
    expect(hoursText()).toHaveValue('Mo 08:30-24:00');
    expect(screen.queryByTestId('hours-time-error')).toBeNull();
  });

  it('explain a time that is not one once it is left, and stop the save on it', async () => {
    const calls = savingApi();
    const { onSaved } = renderEditor();
    await fillValidPlace();
    await userEvent.click(screen.getByRole('radio', { name: /Enter the hours/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    const closes = screen.getByLabelText('Monday: closes at');
    await userEvent.clear(closes);
    await userEvent.type(closes, '5 pm');
    // Not flagged while typed, the hours' text leaves the range out.
    expect(closes).not.toHaveAttribute('aria-invalid');
    expect(hoursText()).toHaveValue('');
    await userEvent.tab();
    expect(closes).toHaveAttribute('aria-invalid', 'true');
    expect(closes).toHaveAccessibleDescription(
      'Monday: write the closing time as HH:MM on the 24-hour clock, e.g. 16:00 (24:00 for midnight).',
    );

    await userEvent.click(screen.getByTestId('save-place'));
    await waitFor(() => expect(closes).toHaveFocus());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    // Not on the text field: it is not the one to mend.
    expect(hoursText()).not.toHaveAttribute('aria-invalid');

    await userEvent.clear(closes);
    await userEvent.type(closes, '17:00');
    expect(closes).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByTestId('save-place'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      openingHours: 'Mo 08:00-17:00',
    });
  });

  it('a time emptied and not left yet is shown when the form is sent, in Croatian too', async () => {
    const calls = savingApi();
    renderEditor('hr');
    await userEvent.click(screen.getByRole('button', { name: 'Click the map' }));
    await userEvent.selectOptions(screen.getByLabelText('Kategorija'), 'Pharmacy');
    await userEvent.type(screen.getByLabelText('Naziv (hrvatski)'), 'Noćna ljekarna');
    await userEvent.click(screen.getByRole('radio', { name: /Upiši radno vrijeme/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj vrijeme za dan: ponedjeljak' }));
    const opens = screen.getByLabelText('Ponedjeljak: otvara u');
    await userEvent.clear(opens);
    await userEvent.click(screen.getByTestId('save-place'));
    await waitFor(() => expect(opens).toHaveFocus());
    expect(opens).toHaveAttribute('aria-invalid', 'true');
    expect(opens).toHaveAccessibleDescription(
      'Ponedjeljak: upišite vrijeme otvaranja kao SS:MM u 24-satnom obliku, npr. 08:30.',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
