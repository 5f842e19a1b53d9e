import type { i18n } from 'i18next';
import { type ComponentType, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAllMessages } from './all-messages.ts';

/**
 * `React.lazy` for a screen or dialog that shows messages outside the first view's part
 * (first-view-messages.ts): its loader awaits the component's chunk and the rest of the
 * language's messages together, so it renders (its `Suspense` fallback meanwhile) with every
 * message in place. After the first view the messages are usually in already (all-messages.ts
 * preloads them when the page is idle), and only the chunk is waited for, as before. A language
 * switch loads all the messages of the new language before it changes (i18n.ts).
 */
export function lazyWithAllMessages<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  // The loader needs the i18next instance, which only rendering gives: one lazy component per
  // store of messages (the app has one; each test its own).
  const byStore = new WeakMap<i18n['store'], ComponentType<Props>>();
  function WithAllMessages(props: Props) {
    const { i18n } = useTranslation();
    let Component = byStore.get(i18n.store);
    if (!Component) {
      Component = lazy(async () => {
        const [component] = await Promise.all([load(), loadAllMessages(i18n)]);
        return { default: component };
      });
      byStore.set(i18n.store, Component);
    }
    return <Component {...props} />;
  }
  return WithAllMessages;
}
