import type { ApiToken, ApiTokenInput, CreatedApiToken } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setClipboard } from '../../../testing/clipboard.ts';
import { type ApiCall, apiError, type FakeAnswer, fakeApi } from '../../../testing/fake-api.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ApiTokensSection } from './api-tokens-section.tsx';

const DAY = 24 * 60 * 60 * 1000;
const SECRET = 'karta_0123456789ab_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

function created(input: ApiTokenInput): CreatedApiToken {
  return {
    id: 9,
    name: input.name,
    prefix: '0123456789ab',
    scopes: input.scopes,
    createdAt: new Date().toISOString(),
    expiresAt: input.expiresAt ?? null,
    lastUsedAt: null,
    token: SECRET,
  };
}

/** The section for a user of `role`, with a token list that grows when one is made. */
function renderSection(
  role: 'contributor' | 'moderator' | 'admin',
  { language = 'en', post }: { language?: string; post?: (call: ApiCall) => FakeAnswer } = {},
) {
  const items: ApiToken[] = [];
  const calls = fakeApi({
    'GET /api/v1/tokens': () => ({ status: 200, body: { items } }),
    'POST /api/v1/tokens': (call) => {
      const answer = post?.(call) ?? { status: 201, body: created(call.body as ApiTokenInput) };
      if (answer !== 'offline' && answer.status === 201) {
        const { token: _secret, ...listed } = answer.body as CreatedApiToken;
        items.unshift(listed);
      }
      return answer;
    },
  });
  renderWithApp(<ApiTokensSection user={{ email: 'ana@example.org', role }} />, { language });
  return calls;
}

const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

async function fillIn({ name = 'Nightly sync', password = 'my-password' } = {}) {
  if (name) await userEvent.type(screen.getByLabelText('Name'), name);
  if (password) await userEvent.type(screen.getByLabelText('Your password'), password);
}

describe('making an API token', () => {
  it('offers a contributor reading and proposing only, reading chosen at first', async () => {
    renderSection('contributor');
    const group = await screen.findByRole('group', { name: 'What it may do' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['places:read', 'places:propose']);
    expect(within(group).getByRole('checkbox', { name: /Read places/ })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: /Propose and edit places/ })).not.toBeChecked();
  });

  it.each(['moderator', 'admin'] as const)('offers the %s every scope', async (role) => {
    renderSection(role, { language: 'hr' });
    const group = await screen.findByRole('group', { name: 'Što smije' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['places:read', 'places:propose', 'moderate', 'import']);
    expect(within(group).getByRole('checkbox', { name: /Moderiranje/ })).not.toBeChecked();
  });

  it('sends the name, scopes, an expiry 90 days ahead and the password, then shows the token once', async () => {
    const writeText = vi.fn(async () => {});
    setClipboard({ writeText });
    const calls = renderSection('moderator');
    await screen.findByTestId('api-tokens-empty');
    expect(screen.getByLabelText('Expires')).toHaveValue('90');
    await fillIn();
    await userEvent.click(screen.getByRole('checkbox', { name: /Propose and edit places/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Import/ }));
    const before = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Make token' }));

    const field = await screen.findByTestId('new-api-token-value');
    const after = Date.now();
    expect(field).toHaveValue(SECRET);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription(/it will not be shown again/);
    expect(screen.getByTestId('new-api-token')).toHaveTextContent('Your token “Nightly sync” is ready.');
    expect(screen.queryByTestId('create-api-token-form')).toBeNull();

    const [post] = posts(calls);
    const body = post?.body as ApiTokenInput;
    expect(body).toMatchObject({
      name: 'Nightly sync',
      scopes: ['places:read', 'places:propose', 'import'],
      password: 'my-password',
    });
    const expires = Date.parse(body.expiresAt ?? '');
    expect(expires).toBeGreaterThanOrEqual(before + 90 * DAY);
    expect(expires).toBeLessThanOrEqual(after + 90 * DAY);

    // The list has reloaded with the new token, its secret nowhere in it.
    const row = await screen.findByTestId('api-token-row');
    expect(row).toHaveTextContent('Nightly sync');
    expect(screen.getByTestId('api-tokens')).not.toHaveTextContent(SECRET);

    await userEvent.click(screen.getByRole('button', { name: 'Copy token' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(screen.getByTestId('toast')).toHaveTextContent('Copied');

    // Done: the token is gone from the page for good, and the form is back, empty.
    await userEvent.click(screen.getByRole('button', { name: 'Done, I have copied it' }));
    expect(screen.queryByTestId('new-api-token')).toBeNull();
    expect(document.body).not.toHaveTextContent(SECRET);
    expect(screen.getByRole('heading', { name: 'New token' })).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Your password')).toHaveValue('');
  });

  it('sends no expiry for a token that works until it is revoked', async () => {
    const calls = renderSection('contributor');
    await screen.findByTestId('api-tokens-empty');
    await fillIn();
    await userEvent.selectOptions(screen.getByLabelText('Expires'), 'never');
    await userEvent.click(screen.getByRole('button', { name: 'Make token' }));
    await screen.findByTestId('new-api-token-value');
    expect(posts(calls)[0]?.body).toEqual({
      name: 'Nightly sync',
      scopes: ['places:read'],
      password: 'my-password',
    });
  });

  it('sends nothing without a name, a scope and the password, and says what is missing', async () => {
    const calls = renderSection('contributor');
    await screen.findByTestId('api-tokens-empty');
    await userEvent.click(screen.getByRole('checkbox', { name: /Read places/ }));
    // Said at once, on the click that cleared the last box.
    expect(screen.getByRole('group', { name: 'What it may do' })).toHaveAccessibleDescription(
      'Choose at least one thing the token may do.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Make token' }));

    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(/Enter a name\./);
    expect(screen.getByRole('group', { name: 'What it may do' })).toHaveAccessibleDescription(
      'Choose at least one thing the token may do.',
    );
    expect(screen.getByLabelText('Your password')).toHaveAccessibleDescription(/Enter your password\./);

    // With a name, the scopes are the first thing missing: focus goes to the first checkbox.
    await userEvent.type(screen.getByLabelText('Name'), 'CI');
    await userEvent.click(screen.getByRole('button', { name: 'Make token' }));
    expect(screen.getByRole('checkbox', { name: /Read places/ })).toHaveFocus();
    expect(posts(calls)).toEqual([]);
  });

  it('shows a wrong password on its field, in Croatian, and keeps what was entered', async () => {
    renderSection('contributor', {
      language: 'hr',
      post: () => ({
        status: 400,
        body: apiError('wrong_password', 'The password is not correct.', [
          { path: 'password', code: 'invalid', message: 'The password is not correct.' },
        ]),
      }),
    });
    await screen.findByTestId('api-tokens-empty');
    await userEvent.type(screen.getByLabelText('Naziv'), 'Skripta');
    await userEvent.type(screen.getByLabelText('Vaša lozinka'), 'not-it');
    await userEvent.click(screen.getByRole('button', { name: 'Napravi token' }));
    const password = screen.getByLabelText('Vaša lozinka');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAccessibleDescription(/To nije vaša trenutačna lozinka\./);
    expect(screen.getByLabelText('Naziv')).toHaveValue('Skripta');
    expect(screen.queryByTestId('new-api-token')).toBeNull();
  });

  it.each([
    {
      what: 'too many tokens',
      answer: { status: 422, body: apiError('too_many_tokens', 'You already have 20', { max: 20 }) },
      message: 'You already have as many API tokens as one may (20). Revoke one you no longer use first.',
    },
    {
      what: 'a rate limit',
      answer: { status: 429, body: apiError('rate_limited', 'Too many', { retryAfterSeconds: 300 }) },
      message: 'Too many attempts. Please try again in 5 minutes.',
    },
    {
      what: 'no connection',
      answer: 'offline' as const,
      message: 'Can’t reach the server. Check your connection and try again.',
    },
  ])('explains $what above the form, and shows no token', async ({ answer, message }) => {
    renderSection('moderator', { post: () => answer });
    await screen.findByTestId('api-tokens-empty');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Make token' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent(message);
    expect(screen.queryByTestId('new-api-token')).toBeNull();
    expect(screen.getByTestId('api-tokens-empty')).toBeInTheDocument();
  });
});
