import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, apiError, fakeApi } from '../../../testing/fake-api.ts';
import { testConfig } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { FollowAreaButton, FollowSpotButton } from './follow-button.tsx';

const mailOn = testConfig({ mail: true });
const categories = {
  status: 200,
  body: {
    items: [
      { id: 1, slug: 'pharmacy', name: { en: 'Pharmacy', hr: 'Ljekarna' }, color: '#b91c1c', icon: 'pill' },
      { id: 2, slug: 'shelter', name: { en: 'Shelter', hr: 'Sklonište' }, color: '#1d4ed8', icon: 'home' },
    ],
  },
};
// As an engine reports a view panned once around the world: the request brings it back to ±180.
const view = { west: 375.9, south: 45.7, east: 376.1, north: 45.9 };

function renderArea(
  { language = 'en', answer = { status: 204 } as Parameters<typeof fakeApi>[0][string] } = {},
  selected: string[] = ['pharmacy', 'shelter'],
) {
  const calls = fakeApi({ 'GET /api/v1/categories': categories, 'POST /api/v1/follows': answer });
  renderWithApp(
    <>
      <button type="button">before</button>
      <FollowAreaButton bounds={view} categories={selected} />
    </>,
    { language, config: mailOn },
  );
  return calls;
}

/** The dialog is a chunk of its own: its first load (compiled on demand here) may take a while. */
const LOADING = { timeout: 3000 };

const follows = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/v1/follows');

describe('Follow this area', () => {
  it('opens a modal dialog with the area and categories, the address focused', async () => {
    renderArea();
    const button = screen.getByRole('button', { name: 'Follow this area' });
    expect(button).toHaveAttribute('data-testid', 'follow-area');
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Follow this area by e-mail' }, LOADING);
    expect(dialog).toHaveAttribute('data-testid', 'follow-dialog');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('E-mail address')).toHaveFocus();
    const summary = within(dialog).getByTestId('follow-summary');
    expect(summary).toHaveTextContent('The map area in view');
    expect(summary).toHaveTextContent('45.7000, 15.9000 – 45.9000, 16.1000');
    await waitFor(() => expect(summary).toHaveTextContent('Pharmacy and Shelter'));
    expect(within(dialog).getByRole('radio', { name: /Weekly/ })).toBeChecked();
  });

  it('sends the box, the categories, the frequency and the language, then says to look in the inbox', async () => {
    const calls = renderArea({ language: 'hr' });
    await userEvent.click(screen.getByTestId('follow-area'));
    await userEvent.type(await screen.findByLabelText('E-adresa', {}, LOADING), ' ana@example.org ');
    await userEvent.click(screen.getByTestId('follow-frequency-daily'));
    await userEvent.click(screen.getByTestId('follow-submit'));

    const requested = await screen.findByTestId('follow-requested');
    expect(requested).toHaveTextContent('Provjerite e-poštu');
    expect(requested).toHaveTextContent(
      'Poslali smo poveznicu za potvrdu na ana@example.org. Dok ne potvrdite, ništa drugo nećemo slati.',
    );
    expect(screen.getByRole('heading', { name: 'Provjerite e-poštu' })).toHaveFocus();
    expect(follows(calls)).toHaveLength(1);
    const { body } = follows(calls)[0] as ApiCall & { body: Record<string, unknown> };
    expect(body).toEqual({
      email: 'ana@example.org',
      bbox: { west: expect.closeTo(15.9, 6), south: 45.7, east: expect.closeTo(16.1, 6), north: 45.9 },
      categories: ['pharmacy', 'shelter'],
      frequency: 'daily',
      language: 'hr',
    });
  });

  it('sends no categories when every category is shown', async () => {
    const calls = renderArea({}, []);
    await userEvent.click(screen.getByTestId('follow-area'));
    expect(await screen.findByTestId('follow-summary', {}, LOADING)).toHaveTextContent('All categories');
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ana@example.org');
    await userEvent.click(screen.getByTestId('follow-submit'));
    await screen.findByTestId('follow-requested');
    expect(follows(calls)[0]?.body).not.toHaveProperty('categories');
    expect(follows(calls)[0]?.body).toMatchObject({ frequency: 'weekly', language: 'en' });
    expect(follows(calls)[0]?.body).not.toHaveProperty('alerts');
  });

  it('asks for alerts when a place is reported closed only when the box is ticked', async () => {
    const calls = renderArea();
    await userEvent.click(screen.getByTestId('follow-area'));
    await userEvent.type(await screen.findByLabelText('E-mail address', {}, LOADING), 'ana@example.org');
    const alerts = screen.getByRole('checkbox', { name: /reported closed/ });
    expect(alerts).not.toBeChecked();
    await userEvent.click(alerts);
    await userEvent.click(screen.getByTestId('follow-submit'));
    await screen.findByTestId('follow-requested');
    expect(follows(calls)[0]?.body).toMatchObject({ alerts: true, frequency: 'weekly' });
  });

  it('checks the address before sending', async () => {
    const calls = renderArea();
    await userEvent.click(screen.getByTestId('follow-area'));
    const email = await screen.findByLabelText('E-mail address', {}, LOADING);
    await userEvent.type(email, 'ana@');
    await userEvent.click(screen.getByTestId('follow-submit'));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(
        expect.stringContaining('Enter an e-mail address such as ana@example.org.'),
      ),
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(follows(calls)).toEqual([]);
  });

  it('asks to wait when too many follows were asked for', async () => {
    renderArea({
      answer: { status: 429, body: apiError('rate_limited', 'Too many', { retryAfterSeconds: 40 }) },
    });
    await userEvent.click(screen.getByTestId('follow-area'));
    await userEvent.type(await screen.findByLabelText('E-mail address', {}, LOADING), 'ana@example.org');
    await userEvent.click(screen.getByTestId('follow-submit'));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Too many attempts. Please try again in 40 seconds.',
      ),
    );
    expect(screen.queryByTestId('follow-requested')).toBeNull();
  });

  it('keeps focus inside, and gives it back to the button on Escape and on Done', async () => {
    const user = userEvent.setup();
    renderArea();
    const button = screen.getByTestId('follow-area');
    await user.click(button);
    const dialog = await screen.findByTestId('follow-dialog', {}, LOADING);
    for (let step = 0; step < 8; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('follow-dialog')).toBeNull();
    expect(button).toHaveFocus();

    await user.click(button);
    await user.type(await screen.findByLabelText('E-mail address', {}, LOADING), 'ana@example.org{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('follow-dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('is not offered where the site sends no e-mail, nor before the map has a view', () => {
    fakeApi({ 'GET /api/v1/categories': categories });
    const { unmount } = renderWithApp(<FollowAreaButton bounds={view} categories={[]} />);
    expect(screen.queryByTestId('follow-area')).toBeNull();
    unmount();
    renderWithApp(<FollowAreaButton bounds={null} categories={[]} />, { config: mailOn });
    expect(screen.queryByTestId('follow-area')).toBeNull();
  });
});

describe('Follow this spot', () => {
  it('follows the point with the categories chosen', async () => {
    const calls = fakeApi({ 'GET /api/v1/categories': categories, 'POST /api/v1/follows': { status: 204 } });
    renderWithApp(<FollowSpotButton point={{ lat: 45.81234, lng: 15.97789 }} categories={['shelter']} />, {
      config: mailOn,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Follow this spot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Follow this spot by e-mail' }, LOADING);
    expect(dialog).toHaveTextContent('Get a digest when a place starts or stops serving this point.');
    expect(within(dialog).getByTestId('follow-summary')).toHaveTextContent(
      'Places serving the spot 45.812340, 15.977890',
    );
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ana@example.org');
    await userEvent.click(screen.getByTestId('follow-submit'));
    await screen.findByTestId('follow-requested');
    expect(follows(calls).map((call) => call.body)).toEqual([
      {
        email: 'ana@example.org',
        point: { lat: 45.81234, lng: 15.97789 },
        categories: ['shelter'],
        frequency: 'weekly',
        language: 'en',
      },
    ]);
  });

  it('is not offered where the site sends no e-mail', () => {
    renderWithApp(<FollowSpotButton point={{ lat: 45.8, lng: 16 }} categories={[]} />);
    expect(screen.queryByTestId('follow-spot')).toBeNull();
  });
});
