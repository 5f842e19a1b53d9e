import type { MessagePart, Messages } from '../lib/i18n/locales.ts';

const codeOf = (path: string) => path.replace(/^.*\/([a-z]{2})\.json.*$/, '$1');

// Tests read every locale file at once; the app loads only the one in use. Imported, a file is
// compiled and split as the app gets it (build/compile-messages.ts): the first view's messages,
// and with `?later` the rest; as text, it is what translators write.
const firstViewParts = import.meta.glob<MessagePart>('../locales/*.json', { eager: true, import: 'default' });
const laterParts = import.meta.glob<MessagePart>('../locales/*.json', {
  eager: true,
  query: '?later',
  import: 'default',
});
const texts = import.meta.glob<string>('../locales/*.json', {
  eager: true,
  query: '?raw',
  import: 'default',
});

/** Every locale file as written (ICU message text), by language code. */
export const allMessages: Readonly<Record<string, Messages>> = Object.fromEntries(
  Object.entries(texts).map(([path, text]) => [codeOf(path), JSON.parse(text) as Messages]),
);

/**
 * A copy of one part: i18next keeps the object it is given and merges the other part into it, so
 * no test may get the one another test's instance holds.
 */
function partOf(parts: Record<string, MessagePart>, code: string): MessagePart {
  const part = Object.entries(parts).find(([path]) => codeOf(path) === code)?.[1];
  if (!part) throw new Error(`No locale file for "${code}"`);
  return structuredClone(part);
}

/** The two parts as one tree again, as i18next merges them (deeply: a section may be in both). */
function merged(first: MessagePart, second: MessagePart): MessagePart {
  const tree: MessagePart = { ...first };
  for (const [key, value] of Object.entries(second)) {
    const mine = tree[key];
    tree[key] =
      typeof mine === 'object' && mine !== null && !Array.isArray(mine)
        ? merged(mine as MessagePart, value as MessagePart)
        : value;
  }
  return tree;
}

/** One language's messages for a test, all of them, compiled as the app receives them. */
export function testMessages(code: string): Messages {
  return merged(partOf(firstViewParts, code), partOf(laterParts, code)) as Messages;
}

/** Only the messages of the home page's first view (lib/i18n/first-view-messages.ts). */
export function firstViewTestMessages(code: string): MessagePart {
  return partOf(firstViewParts, code);
}
