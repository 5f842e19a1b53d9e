import type { i18n } from 'i18next';
import { whenIdleAfterFirstView } from '../after-first-view.ts';
import { loadFirstViewMessages, loadLaterMessages } from './locales.ts';

const NAMESPACE = 'translation';

// By language, for each instance's store of messages (the app has one instance, each test its
// own): react-i18next hands components a copy of the instance, which shares its store.
const loadingByStore = new WeakMap<i18n['store'], Map<string, Promise<void>>>();

function loadingOf(instance: i18n): Map<string, Promise<void>> {
  let loading = loadingByStore.get(instance.store);
  if (!loading) {
    loading = new Map();
    loadingByStore.set(instance.store, loading);
  }
  return loading;
}

/**
 * Adds to `instance` the parts of `code`'s messages it lacks (the rest; the first view's part too
 * for a language it has not shown yet) and resolves once it holds them all. Both parts are added
 * at once, so a language with any messages always has its first view's. One download each, however
 * many screens ask; a failed one is tried again by the next that asks.
 */
export function loadAllMessages(instance: i18n, code: string = instance.language): Promise<void> {
  const loading = loadingOf(instance);
  const known = loading.get(code);
  if (known) return known;
  const hasFirstView = instance.hasResourceBundle(code, NAMESPACE);
  const load = Promise.all([
    hasFirstView ? undefined : loadFirstViewMessages(code),
    loadLaterMessages(code),
  ]).then(
    ([firstView, later]) => {
      if (firstView) instance.addResourceBundle(code, NAMESPACE, firstView);
      // Deep: a section split between the parts (auth) gains the rest of its messages.
      instance.addResourceBundle(code, NAMESPACE, later, true);
    },
    (error: unknown) => {
      loading.delete(code);
      throw error;
    },
  );
  loading.set(code, load);
  return load;
}

/**
 * Downloads the rest of every language in `codes` when the page is idle after its first view,
 * with the first view's part of those not shown yet: a lazy screen then opens without waiting for
 * its messages, and the language switch changes every word at once. A download that fails here
 * is tried again when a screen or the switch needs it.
 */
export function preloadAllMessages(instance: i18n, codes: readonly string[]): void {
  whenIdleAfterFirstView(() => {
    for (const code of codes) loadAllMessages(instance, code).catch(() => {});
  });
}
