import { useEffect, useRef, useState } from 'react';

/** Where the focus goes once a decided item has left the queue: the item after it, else the one before. */
interface FocusAfter {
  left: number;
  next: number | null;
}

/**
 * A moderation queue's focus for keyboard users: after a decision, once the decided item has
 * left the list (after the reload), the next item's heading (`headingId`) takes the focus, and
 * after the last one the "all done" line (`doneMessage`, shown while `emptiedHere`).
 */
export function useQueueFocus<Item extends { id: number }>(
  items: readonly Item[],
  loaded: boolean,
  headingId: (id: number) => string,
) {
  const [focusAfter, setFocusAfter] = useState<FocusAfter | null>(null);
  const [emptiedHere, setEmptiedHere] = useState(false);
  const doneMessage = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (!focusAfter || !loaded || items.some((item) => item.id === focusAfter.left)) return;
    setFocusAfter(null);
    const next = items.find((item) => item.id === focusAfter.next) ?? items[0];
    if (next) document.getElementById(headingId(next.id))?.focus();
    else setEmptiedHere(true);
  }, [focusAfter, items, loaded, headingId]);

  useEffect(() => {
    if (emptiedHere) doneMessage.current?.focus();
  }, [emptiedHere]);

  /** Call when `done` was decided: it will leave the list. */
  const decided = (done: Item) => {
    const index = items.findIndex((item) => item.id === done.id);
    const next = items[index + 1] ?? items[index - 1] ?? null;
    setFocusAfter({ left: done.id, next: next?.id ?? null });
  };

  return { decided, emptiedHere, doneMessage };
}
