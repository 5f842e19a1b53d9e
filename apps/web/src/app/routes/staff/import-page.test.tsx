import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { currentUser } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ImportPage } from './import-page.tsx';

describe('ImportPage', () => {
  it('opens for a moderator, with the file picker and the export links', async () => {
    fakeApi({ 'GET /api/v1/auth/me': { status: 200, body: currentUser({ role: 'moderator' }) } });
    renderWithApp(<ImportPage />, { path: '/import', language: 'hr' });
    expect(await screen.findByLabelText('Odaberite datoteku')).toHaveAttribute('type', 'file');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Uvoz / izvoz');
    expect(screen.getByTestId('import-export-csv')).toHaveAttribute('href', '/api/v1/export.csv');
    expect(screen.getByTestId('import-export-geojson')).toHaveAttribute('href', '/api/v1/export.geojson');
  });

  it('tells a contributor the page is for moderators, and shows no import', async () => {
    fakeApi({ 'GET /api/v1/auth/me': { status: 200, body: currentUser({ role: 'contributor' }) } });
    renderWithApp(<ImportPage />, { path: '/import' });
    expect(await screen.findByTestId('staff-not-allowed')).toHaveTextContent('You can’t open this page');
    expect(screen.queryByTestId('import-file-input')).not.toBeInTheDocument();
  });
});
