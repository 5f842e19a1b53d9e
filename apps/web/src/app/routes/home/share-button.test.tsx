import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureExecCommandCopy, setClipboard } from '../../../testing/clipboard.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ShareButton } from './share-button.tsx';

const view = { center: { lat: 45.81, lng: 15.98 }, zoom: 13, placeId: 7, categories: ['pharmacy'] };
const origin = 'https://karta.example.org';
const LINK = 'https://karta.example.org/?lat=45.81&lng=15.98&z=13&place=7&cat=pharmacy';
const CODE =
  '<iframe src="https://karta.example.org/embed?lat=45.81&amp;lng=15.98&amp;z=13&amp;place=7&amp;cat=pharmacy" width="100%" height="400" style="border:0" loading="lazy" title="Karta: community map of places"></iframe>';

function openDialog(language = 'en') {
  const user = userEvent.setup();
  renderWithApp(
    <>
      <button type="button">before</button>
      <ShareButton view={view} origin={origin} />
    </>,
    { language },
  );
  return user;
}

describe('the share / embed dialog', () => {
  afterEach(() => {
    setClipboard(undefined);
    vi.restoreAllMocks();
  });

  it('opens as a modal dialog holding the link and the iframe code of the view', async () => {
    const user = openDialog();
    await user.click(screen.getByTestId('share-button'));
    await screen.findByTestId('share-dialog');
    const dialog = screen.getByRole('dialog', { name: 'Share or embed this map' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('data-testid', 'share-dialog');
    expect(screen.getByTestId('share-link')).toHaveValue(LINK);
    expect(screen.getByLabelText('Link to this view')).toBe(screen.getByTestId('share-link'));
    expect(screen.getByTestId('embed-code')).toHaveValue(CODE);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('keeps focus inside, closes with Escape and gives focus back to Share', async () => {
    const user = openDialog();
    const share = screen.getByTestId('share-button');
    await user.click(share);
    await screen.findByTestId('share-dialog');
    const dialog = screen.getByTestId('share-dialog');
    for (let step = 0; step < 8; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    for (let step = 0; step < 8; step += 1) {
      await user.tab({ shift: true });
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('share-dialog')).toBeNull();
    expect(share).toHaveFocus();
  });

  it('closes with its close button too, and focus returns', async () => {
    const user = openDialog();
    await user.click(screen.getByTestId('share-button'));
    await screen.findByTestId('share-dialog');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('share-dialog')).toBeNull();
    expect(screen.getByTestId('share-button')).toHaveFocus();
  });

  it('copies the link and the code, and says so', async () => {
    const user = openDialog();
    // After user-event's set-up, which puts a clipboard stub of its own in place.
    const writeText = vi.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    await user.click(screen.getByTestId('share-button'));
    await screen.findByTestId('share-dialog');
    await user.click(screen.getByTestId('copy-share-link'));
    expect(writeText).toHaveBeenLastCalledWith(LINK);
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Copied'));
    await user.click(screen.getByTestId('copy-embed-code'));
    expect(writeText).toHaveBeenLastCalledWith(CODE);
  });

  it('copies where the async clipboard API is missing', async () => {
    const user = openDialog();
    setClipboard(undefined);
    const execCopy = captureExecCommandCopy();
    await user.click(screen.getByTestId('share-button'));
    await screen.findByTestId('share-dialog');
    await user.click(screen.getByTestId('copy-embed-code'));
    expect(execCopy.copied()).toBe(CODE);
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Copied'));
    // The fallback's textarea borrowed focus: it is back on the button, inside the dialog.
    expect(screen.getByTestId('copy-embed-code')).toHaveFocus();
  });

  it('speaks Croatian', async () => {
    const user = openDialog('hr');
    await user.click(screen.getByTestId('share-button'));
    await screen.findByTestId('share-dialog');
    expect(screen.getByRole('dialog', { name: 'Podijeli ili ugradi ovu kartu' })).toBeInTheDocument();
    expect(screen.getByTestId('copy-embed-code')).toHaveTextContent('Kopiraj kod');
    expect(screen.getByTestId('embed-code')).toHaveValue(
      CODE.replace('Karta: community map of places', 'Karta: karta mjesta zajednice'),
    );
  });
});
