import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { offerUpdate } from '../../../lib/pwa/update-state.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

describe('UpdatePrompt', () => {
  it('appears once a new version waits, and switches to it once when asked', async () => {
    renderWithApp(<UpdatePrompt />);
    expect(screen.queryByTestId('update-prompt')).toBeNull();

    const apply = vi.fn(() => new Promise<void>(() => {}));
    act(() => offerUpdate(apply));
    expect(await screen.findByTestId('update-prompt')).toHaveTextContent('A new version of Karta is ready');
    const reload = screen.getByRole('button', { name: 'Reload' });
    await userEvent.click(reload);
    await userEvent.click(reload);
    expect(apply).toHaveBeenCalledTimes(1);
    expect(reload).toHaveAttribute('aria-disabled', 'true');
  });
});
