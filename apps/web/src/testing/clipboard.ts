import { vi } from 'vitest';

/** Puts `value` in the place of the browser's async clipboard (undefined: a browser without it). */
export function setClipboard(value: Partial<Clipboard> | undefined): void {
  Object.defineProperty(window.navigator, 'clipboard', { value, configurable: true });
}

/**
 * Stands in for `document.execCommand('copy')`, the fallback without the async clipboard: it
 * records the text selected in the focused textarea, as a browser would copy it.
 */
export function captureExecCommandCopy(): { copied(): string | undefined } {
  let copied: string | undefined;
  document.execCommand = vi.fn((command: string) => {
    const active = document.activeElement;
    if (command === 'copy' && active instanceof HTMLTextAreaElement) {
      copied = active.value.slice(active.selectionStart, active.selectionEnd);
    }
    return true;
  });
  return { copied: () => copied };
}
