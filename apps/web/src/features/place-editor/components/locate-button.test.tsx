import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BrowserGeolocation,
  installGeolocation,
  removeGeolocation,
} from '../../../testing/browser-geolocation.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import type { PickerMapRequest } from './location-section.tsx';
import { PlaceEditor } from './place-editor.tsx';

let geolocation: BrowserGeolocation;

beforeEach(() => {
  geolocation = new BrowserGeolocation();
  installGeolocation(geolocation);
});

afterEach(() => {
  removeGeolocation();
});

/** The map as the app would draw it: what it was asked to show, and a "click" at one spot. */
function renderMap({ position, focus, onPick }: PickerMapRequest) {
  return (
    <div
      data-testid="stub-map"
      data-position={position ? `${position.lat},${position.lng}` : ''}
      data-focus={focus ? `${focus.lat},${focus.lng}` : ''}
    >
      <button type="button" onClick={() => onPick({ lat: 45.8, lng: 15.9 })}>
        Click the map
      </button>
    </div>
  );
}

function renderEditor(language = 'en') {
  return renderWithApp(
    <PlaceEditor categories={[]} renderMap={renderMap} onSaved={vi.fn()} cancelHref="/" />,
    { language },
  );
}

const button = () => screen.getByTestId('use-my-location');

describe('"Use my location" in the place form', () => {
  it('says it is busy while the browser looks, then puts the marker there and brings the map to it', async () => {
    renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(button()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('locate-progress')).toHaveTextContent('Finding your location…');
    // Pressed again while it looks, it does not ask twice.
    await userEvent.click(button());
    expect(geolocation.requests).toHaveLength(1);

    geolocation.answer(45.8150123456, 15.9819);
    await waitFor(() => expect(screen.getByLabelText('Latitude')).toHaveValue('45.815012'));
    expect(screen.getByLabelText('Longitude')).toHaveValue('15.9819');
    expect(screen.getByTestId('stub-map')).toHaveAttribute('data-focus', '45.815012,15.9819');
    expect(button()).not.toHaveAttribute('aria-disabled');
    expect(screen.getByTestId('locate-progress')).toHaveTextContent('Drag it to the exact spot');
    expect(screen.queryByTestId('locate-problem')).toBeNull();
  });

  it('explains a refusal, says the marker stays, and asks again on request', async () => {
    renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Click the map' }));
    await userEvent.click(button());
    geolocation.fail(1);

    const alert = await screen.findByTestId('locate-problem');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(screen.getByTestId('locate-problem')).toHaveAttribute('data-problem', 'denied');
    expect(alert).toHaveTextContent('Karta may not use your location');
    expect(alert).toHaveTextContent('set Location to Allow');
    expect(alert).toHaveTextContent('The marker stays where it was.');
    expect(screen.getByLabelText('Latitude')).toHaveValue('45.8');
    expect(screen.getByTestId('stub-map')).toHaveAttribute('data-focus', '');

    await userEvent.click(screen.getByTestId('locate-retry'));
    expect(geolocation.requests).toHaveLength(2);
    geolocation.answer(45.81, 15.98);
    await waitFor(() => expect(screen.getByLabelText('Latitude')).toHaveValue('45.81'));
    expect(screen.queryByTestId('locate-problem')).toBeNull();
  });

  it('says when the device cannot tell where it is, and when it took too long, in Croatian too', async () => {
    renderEditor('hr');
    await userEvent.click(screen.getByRole('button', { name: 'Koristi moju lokaciju' }));
    geolocation.fail(2);
    expect(await screen.findByTestId('locate-problem')).toHaveTextContent('Vaša lokacija nije pronađena');
    expect(screen.getByTestId('locate-problem')).not.toHaveTextContent('Oznaka ostaje');

    await userEvent.click(screen.getByRole('button', { name: 'Pokušaj ponovno' }));
    expect(screen.getByTestId('locate-progress')).toHaveTextContent('Tražim vašu lokaciju…');
    geolocation.fail(3);
    expect(await screen.findByTestId('locate-problem')).toHaveTextContent(
      'Traženje lokacije trajalo je predugo',
    );
    expect(screen.getByTestId('locate-problem')).toHaveAttribute('data-problem', 'timeout');
    expect(screen.getByLabelText('Geografska širina')).toHaveValue('');
  });

  it('tells a browser without geolocation, or a page not on HTTPS, to put the marker by hand', async () => {
    installGeolocation(undefined);
    renderEditor();
    await userEvent.click(button());
    expect(await screen.findByTestId('locate-problem')).toHaveTextContent(
      'This browser cannot share your location',
    );
    expect(screen.queryByTestId('locate-retry')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Hide this message' }));
    expect(screen.queryByTestId('locate-problem')).toBeNull();

    installGeolocation(geolocation, false);
    await userEvent.click(button());
    expect(await screen.findByTestId('locate-problem')).toHaveTextContent('needs a secure connection');
    expect(geolocation.requests).toHaveLength(0);
  });
});
