import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCATE_MAXIMUM_AGE_MS, LOCATE_TIMEOUT_MS } from '../hooks/use-geolocation.ts';
import { BrowserGeolocation, installGeolocation, removeGeolocation } from '../testing/browser-geolocation.ts';
import { renderWithApp } from '../testing/render.tsx';
import { LocateButton } from './locate-button.tsx';

/** The button as Near me shows it, with the note it gives when a point is already chosen. */
function NearLocate({
  onFound,
  hasPoint,
}: {
  onFound(position: { lat: number; lng: number }): void;
  hasPoint: boolean;
}) {
  return (
    <LocateButton
      messages="near.locate"
      tone="primary"
      onFound={onFound}
      keptNote={hasPoint ? 'The point you already had stays on the map.' : null}
    />
  );
}

let geolocation: BrowserGeolocation;

beforeEach(() => {
  geolocation = new BrowserGeolocation();
  installGeolocation(geolocation);
});

afterEach(() => {
  removeGeolocation();
});

async function pressUseMyLocation() {
  await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
}

describe('Use my location (as Near me shows it)', () => {
  it('shows progress while the browser looks, then hands over the position', async () => {
    const onFound = vi.fn();
    renderWithApp(<NearLocate onFound={onFound} hasPoint={false} />);
    await pressUseMyLocation();

    expect(screen.getByTestId('locate-progress')).toHaveTextContent('Finding your location…');
    // Busy, yet still focusable: pressed again while it looks, it does not ask twice.
    expect(screen.getByRole('button', { name: 'Use my location' })).toHaveAttribute('aria-disabled', 'true');
    await pressUseMyLocation();
    expect(geolocation.requests).toHaveLength(1);
    expect(geolocation.requests[0]?.options).toMatchObject({
      timeout: LOCATE_TIMEOUT_MS,
      maximumAge: LOCATE_MAXIMUM_AGE_MS,
    });

    geolocation.answer(45.8131, 15.9772);
    await waitFor(() => expect(onFound).toHaveBeenCalledWith({ lat: 45.8131, lng: 15.9772 }));
    expect(screen.getByTestId('locate-progress')).toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: 'Use my location' })).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('explains a refusal: how to allow it in the site settings, and that picking on the map works', async () => {
    const onFound = vi.fn();
    renderWithApp(<NearLocate onFound={onFound} hasPoint={true} />);
    await pressUseMyLocation();
    geolocation.fail(1);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Karta may not use your location');
    expect(alert).toHaveTextContent('open the site settings');
    expect(alert).toHaveTextContent('Picking a point on the map works without it.');
    expect(alert).toHaveTextContent('The point you already had stays on the map.');
    expect(onFound).not.toHaveBeenCalled();

    // After allowing it in the browser, the user asks again from the message.
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(geolocation.requests).toHaveLength(2);
    geolocation.answer(45.8, 16);
    await waitFor(() => expect(onFound).toHaveBeenCalledWith({ lat: 45.8, lng: 16 }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the device cannot tell where it is', async () => {
    renderWithApp(<NearLocate onFound={vi.fn()} hasPoint={false} />);
    await pressUseMyLocation();
    geolocation.fail(2);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your location could not be found');
    expect(alert).not.toHaveTextContent('stays on the map');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('offers to try again when finding the position took too long', async () => {
    renderWithApp(<NearLocate onFound={vi.fn()} hasPoint={false} />);
    await pressUseMyLocation();
    geolocation.fail(3);

    expect(await screen.findByRole('alert')).toHaveTextContent('Finding your location took too long');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByTestId('locate-progress')).toHaveTextContent('Finding your location…');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells a browser without geolocation to pick a point instead, with nothing to retry', async () => {
    installGeolocation(undefined);
    renderWithApp(<NearLocate onFound={vi.fn()} hasPoint={false} />, { language: 'hr' });
    await userEvent.click(screen.getByRole('button', { name: 'Koristi moju lokaciju' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ovaj preglednik ne može podijeliti vašu lokaciju');
    expect(screen.queryByRole('button', { name: 'Pokušaj ponovno' })).toBeNull();
  });

  it('explains that a page not opened over HTTPS cannot ask, without asking', async () => {
    installGeolocation(geolocation, false);
    renderWithApp(<NearLocate onFound={vi.fn()} hasPoint={false} />);
    await pressUseMyLocation();

    expect(await screen.findByRole('alert')).toHaveTextContent('needs a secure connection');
    expect(screen.getByRole('alert')).toHaveTextContent('https://');
    expect(geolocation.requests).toHaveLength(0);
  });

  it('hides the message when the user closes it', async () => {
    renderWithApp(<NearLocate onFound={vi.fn()} hasPoint={false} />);
    await pressUseMyLocation();
    geolocation.fail(2);
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Hide this message' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
