import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { currentUser } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { StaffGate } from './staff-gate.tsx';

function renderGate(requires: 'moderator' | 'admin', language = 'en') {
  return renderWithApp(
    <StaffGate requires={requires}>{(user) => <p>Welcome {user.displayName}</p>}</StaffGate>,
    {
      path: '/review?status=archived',
      language,
    },
  );
}

describe('StaffGate', () => {
  it('asks a visitor to sign in and come back', async () => {
    fakeApi({ 'GET /api/v1/auth/me': { status: 200, body: null } });
    renderGate('moderator');
    const link = await screen.findByTestId('staff-sign-in-link');
    expect(link).toHaveAttribute('href', '/sign-in?next=%2Freview%3Fstatus%3Darchived');
    expect(screen.queryByText(/Welcome/)).toBeNull();
  });

  it('tells a contributor, in their language, that the page is not for them', async () => {
    fakeApi({ 'GET /api/v1/auth/me': { status: 200, body: currentUser({ role: 'contributor' }) } });
    renderGate('moderator', 'hr');
    expect(await screen.findByText('Ne možete otvoriti ovu stranicu')).toBeInTheDocument();
    expect(screen.getByTestId('staff-not-allowed')).toBeInTheDocument();
  });

  it('keeps the users screen for admins: a moderator is not allowed', async () => {
    fakeApi({ 'GET /api/v1/auth/me': { status: 200, body: currentUser({ role: 'moderator' }) } });
    renderGate('admin');
    expect(await screen.findByText(/Only administrators can use this page/)).toBeInTheDocument();
  });

  it('lets a moderator in, and an admin into a moderator’s screen', async () => {
    fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: currentUser({ role: 'admin', displayName: 'Ada' }) },
    });
    renderGate('moderator');
    expect(await screen.findByText('Welcome Ada')).toBeInTheDocument();
  });

  it('shows a failed check as a message with Retry', async () => {
    fakeApi({ 'GET /api/v1/auth/me': 'offline' });
    renderGate('moderator');
    expect(await screen.findByRole('alert')).toHaveTextContent('Can’t reach the server.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
