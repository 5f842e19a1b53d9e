import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { currentUser } from '../../../testing/fixtures.ts';
import { createTestQueryClient, renderWithApp } from '../../../testing/render.tsx';
import { AccountControls } from './account-controls.tsx';

const signedOut = { 'GET /api/v1/auth/me': { status: 200, body: null } };

describe('AccountControls', () => {
  it('offers sign-in, coming back to this page', async () => {
    fakeApi(signedOut);
    renderWithApp(<AccountControls />, { path: '/places/12?tab=map' });
    const link = await screen.findByRole('link', { name: 'Sign in' });
    expect(link).toHaveAttribute('href', '/sign-in?next=%2Fplaces%2F12%3Ftab%3Dmap');
    expect(link).toHaveAttribute('data-testid', 'sign-in-link');
  });

  it('offers no sign-in link on the account pages themselves', async () => {
    const calls = fakeApi(signedOut);
    renderWithApp(<AccountControls />, { path: '/register' });
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((done) => setTimeout(done, 20));
    expect(screen.queryByTestId('sign-in-link')).toBeNull();
  });

  it('shows a name as text, never as markup, with the role in the menu', async () => {
    const name = '<img src=x onerror=alert(1)>';
    fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: currentUser({ displayName: name, role: 'moderator' }) },
    });
    const { container } = renderWithApp(<AccountControls />, { language: 'hr' });

    const button = await screen.findByRole('button', { name: `Izbornik računa: ${name}` });
    expect(screen.getByTestId('user-name')).toHaveTextContent(name);
    expect(container.querySelector('img')).toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Odjava' })).toBeNull();

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('user-menu-name')).toHaveTextContent(name);
    expect(screen.getByTestId('user-role')).toHaveTextContent('Moderator');
    expect(screen.getByRole('button', { name: 'Odjava' })).toBeVisible();
  });

  it('links to the pages the role may open', async () => {
    const linksOf = async (role: 'contributor' | 'moderator' | 'admin') => {
      fakeApi({ 'GET /api/v1/auth/me': { status: 200, body: currentUser({ role }) } });
      const view = renderWithApp(<AccountControls />);
      await userEvent.click(await screen.findByRole('button', { name: /Ana Kovač/ }));
      const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
      view.unmount();
      return links;
    };
    expect(await linksOf('contributor')).toEqual(['/propose', '/my-submissions', '/account']);
    expect(await linksOf('moderator')).toEqual([
      '/propose',
      '/my-submissions',
      '/account',
      '/review',
      '/flags',
      '/categories',
      '/import',
    ]);
    expect(await linksOf('admin')).toContain('/users');
  });

  it('links every user to their account and its security, by name', async () => {
    fakeApi({ 'GET /api/v1/auth/me': { status: 200, body: currentUser() } });
    renderWithApp(<AccountControls />, { language: 'hr' });
    await userEvent.click(await screen.findByRole('button', { name: /Ana Kovač/ }));
    const link = screen.getByRole('link', { name: 'Račun i sigurnost' });
    expect(link).toHaveAttribute('href', '/account');
    expect(link).toHaveAttribute('data-testid', 'account-link-account');
  });

  it('closes the menu with Escape and gives focus back to its button', async () => {
    fakeApi({ 'GET /api/v1/auth/me': { status: 200, body: currentUser() } });
    renderWithApp(<AccountControls />);
    const button = await screen.findByRole('button', { name: /Ana Kovač/ });
    await userEvent.click(button);
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Propose a place' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('signs out: the cache forgets the user, focus lands on Sign in and the toast says so', async () => {
    let signedIn = true;
    const calls = fakeApi({
      'GET /api/v1/auth/me': () =>
        signedIn ? { status: 200, body: currentUser() } : { status: 200, body: null },
      'POST /api/v1/auth/logout': () => {
        signedIn = false;
        return { status: 204 };
      },
      'GET /api/v1/places/3': { status: 200, body: { secret: true } },
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['place', 3], { mine: 'pending place' });
    renderWithApp(<AccountControls />, { queryClient });

    await userEvent.click(await screen.findByRole('button', { name: /Ana Kovač/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    const link = await screen.findByRole('link', { name: 'Sign in' });
    await waitFor(() => expect(link).toHaveFocus());
    expect(screen.getByTestId('toast')).toHaveTextContent('You are signed out.');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/v1/auth/logout',
    ]);
    // What the last user could see is dropped, not kept on screen.
    expect(queryClient.getQueryData(['place', 3])).toBeUndefined();
  });

  it('stays signed in and says why when signing out fails', async () => {
    fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: currentUser() },
      'POST /api/v1/auth/logout': 'offline',
    });
    renderWithApp(<AccountControls />);
    await userEvent.click(await screen.findByRole('button', { name: /Ana Kovač/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Can’t reach the server.'));
    expect(screen.getByTestId('user-menu')).toBeInTheDocument();
  });
});
