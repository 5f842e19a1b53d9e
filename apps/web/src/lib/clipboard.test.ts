import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureExecCommandCopy, setClipboard } from '../testing/clipboard.ts';
import { copyText } from './clipboard.ts';

describe('copyText', () => {
  afterEach(() => {
    setClipboard(undefined);
    vi.restoreAllMocks();
  });

  it('uses the async Clipboard API when there is one', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    const execCommand = vi.fn().mockReturnValue(true);
    document.execCommand = execCommand;
    await expect(copyText('45.800000, 16.000000')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('45.800000, 16.000000');
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('falls back to a hidden textarea and execCommand when navigator.clipboard is missing', async () => {
    setClipboard(undefined);
    const execCopy = captureExecCommandCopy();
    await expect(copyText('Ilica 1, Zagreb')).resolves.toBe(true);
    expect(document.execCommand).toHaveBeenCalledWith('copy');
    expect(execCopy.copied()).toBe('Ilica 1, Zagreb');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('falls back when the async API refuses', async () => {
    setClipboard({ writeText: vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')) });
    document.execCommand = vi.fn().mockReturnValue(true);
    await expect(copyText('link')).resolves.toBe(true);
    expect(document.execCommand).toHaveBeenCalledWith('copy');
  });

  it('says so when neither way can copy', async () => {
    setClipboard(undefined);
    document.execCommand = vi.fn().mockReturnValue(false);
    await expect(copyText('text')).resolves.toBe(false);
  });

  it('gives the focus back to where it was', async () => {
    setClipboard(undefined);
    document.execCommand = vi.fn().mockReturnValue(true);
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    await copyText('text');
    expect(document.activeElement).toBe(button);
    button.remove();
  });
});
