import type { StatusNote } from '@karta/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render.tsx';
import { ReportedStatusMark } from './reported-status-mark.tsx';
import { StatusNoteAside } from './status-note-aside.tsx';

const HOUR = 3_600_000;
const note = (overrides: Partial<StatusNote> = {}): StatusNote => ({
  id: 1,
  text: 'No water today',
  effect: 'closed_now',
  createdAt: new Date(Date.now() - 2 * HOUR - 60_000).toISOString(),
  expiresAt: new Date(Date.now() + 5 * HOUR).toISOString(),
  authorName: null,
  ...overrides,
});

describe('StatusNoteAside', () => {
  it('says what a visitor reported and when, in words beside its colour', () => {
    renderWithApp(<StatusNoteAside note={note()} />);
    const aside = screen.getByRole('complementary', { name: 'Today’s status' });
    expect(aside.textContent).toBe('Reported closed todayA visitor reported 2 hours ago: No water today');
    expect(aside.dataset.effect).toBe('closed_now');
  });

  it('names the author when the answer gives a name, in Croatian too', () => {
    renderWithApp(<StatusNoteAside note={note({ authorName: 'Ana', effect: 'limited' })} />, {
      language: 'hr',
    });
    expect(screen.getByTestId('status-note').textContent).toBe(
      'Danas ograničenoAna javlja prije 2 sata: No water today',
    );
  });

  it('shows nothing for no note, or one that has ended (an answer kept offline)', () => {
    const { container } = renderWithApp(
      <>
        <StatusNoteAside note={null} />
        <StatusNoteAside note={note({ expiresAt: new Date(Date.now() - 1000).toISOString() })} />
      </>,
    );
    expect(container.textContent).toBe('');
  });
});

describe('ReportedStatusMark', () => {
  it('marks a place reported closed or limited, and says nothing of one as usual', () => {
    renderWithApp(
      <>
        <ReportedStatusMark note={note()} />
        <ReportedStatusMark note={note({ effect: 'limited' })} />
        <ReportedStatusMark note={note({ effect: 'normal' })} />
      </>,
    );
    expect(screen.getAllByTestId('reported-status').map((mark) => mark.textContent)).toEqual([
      'Reported closed today',
      'Limited today',
    ]);
  });
});
