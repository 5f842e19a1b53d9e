import { useEffect, useRef, useState } from 'react';

/** What the review queue's keys do. */
export interface ReviewShortcutActions {
  next(): void;
  previous(): void;
  publish(): void;
  reject(): void;
  toggleSelected(): void;
  toggleHelp(): void;
}

/** One key each, without modifiers: j/k as in mail and feed readers. */
export const REVIEW_KEYS = {
  j: 'next',
  k: 'previous',
  p: 'publish',
  r: 'reject',
  x: 'toggleSelected',
  '?': 'toggleHelp',
} as const satisfies Record<string, keyof ReviewShortcutActions>;

const STORAGE_KEY = 'karta.reviewShortcuts';

/** Whether a key pressed on `target` is typing (a text field's), not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  ) {
    return true;
  }
  return (
    target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type)
  );
}

/**
 * Whether the shortcuts are on, kept in this browser: single-key shortcuts can get in the way of
 * speech input and some assistive technology, so a moderator may turn them off (WCAG 2.1.4).
 */
export function useShortcutsSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => {
    try {
      return window.localStorage.getItem(STORAGE_KEY) !== 'off';
    } catch {
      return true;
    }
  });
  const change = (next: boolean) => {
    setOn(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next ? 'on' : 'off');
    } catch {
      // Private mode: the choice lasts as long as the page.
    }
  };
  return [on, change];
}

/** Listens for the review queue's keys while `enabled`, outside text fields and dialogs. */
export function useReviewShortcuts(enabled: boolean, actions: ReviewShortcutActions): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || document.querySelector('[aria-modal="true"], dialog[open]')) return;
      const action = REVIEW_KEYS[event.key as keyof typeof REVIEW_KEYS];
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
