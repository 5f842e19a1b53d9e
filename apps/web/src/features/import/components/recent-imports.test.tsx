import type { ImportResult } from '@karta/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { RecentImports } from './recent-imports.tsx';

const result = (overrides: Partial<ImportResult>): ImportResult => ({
  id: 1,
  by: { id: 4, displayName: 'Ana' },
  status: 'pending',
  outcome: 'published',
  counts: { created: 3, updated: 1, unchanged: 0 },
  startedAt: '2026-11-25T13:00:00.000Z',
  finishedAt: '2026-11-25T13:05:00.000Z',
  ...overrides,
});

describe('recent imports', () => {
  it('says what became of each import, including those a restart finished or dropped', async () => {
    fakeApi({
      'GET /api/v1/imports': {
        status: 200,
        body: {
          items: [
            result({ id: 3, outcome: 'dropped_after_restart', counts: null, by: null }),
            result({ id: 2, outcome: 'published_after_restart', status: 'published' }),
            result({ id: 1 }),
          ],
        },
      },
    });
    renderWithApp(<RecentImports />, { language: 'en' });
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-outcome'))).toEqual([
      'dropped_after_restart',
      'published_after_restart',
      'published',
    ]);
    expect(items[0]).toHaveTextContent('a deleted account');
    expect(items[0]).toHaveTextContent(
      'Not imported: the server stopped while it was still reading the file',
    );
    expect(items[1]).toHaveTextContent('published at once');
    expect(items[1]).toHaveTextContent(
      'Finished after a restart: the server stopped before it could answer, and published every row when it started again. 3 new places, 1 changed, 0 unchanged.',
    );
    expect(items[2]).toHaveTextContent('Ana · as pending');
    expect(items[2]).toHaveTextContent('3 new places, 1 changed, 0 unchanged.');
  });

  it('in Croatian', async () => {
    fakeApi({
      'GET /api/v1/imports': {
        status: 200,
        body: { items: [result({ counts: { created: 2, updated: 0, unchanged: 5 } })] },
      },
    });
    renderWithApp(<RecentImports />, { language: 'hr' });
    expect(await screen.findByRole('listitem')).toHaveTextContent(
      '2 nova mjesta, promijenjeno: 0, nepromijenjeno: 5.',
    );
  });

  it('says when there is none yet', async () => {
    fakeApi({ 'GET /api/v1/imports': { status: 200, body: { items: [] } } });
    renderWithApp(<RecentImports />, { language: 'en' });
    expect(await screen.findByText('No file has been imported yet.')).toBeInTheDocument();
  });
});
