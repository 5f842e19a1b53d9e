import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import { splitMessages } from './split-messages.ts';

/** A message as the app receives it: its final text, or the parsed form of an ICU message. */
export type CompiledMessage = string | MessageFormatElement[];

/** A locale file with each message compiled, keys and nesting unchanged. */
export type CompiledTree = { [key: string]: CompiledMessage | CompiledTree };

/**
 * Locale files: `src/locales/hr.json` is the part of the first view, `src/locales/hr.json?later`
 * the rest; `?raw` and other queries are not compiled (tests read the text).
 */
const LOCALE_FILE = /[\\/]src[\\/]locales[\\/]([a-z]{2})\.json(\?later)?$/;

/**
 * Parses an ICU message the way intl-messageformat would in the browser (`ignoreTag`, as
 * i18next-icu asked for, and the file's locale). A message that is only text becomes that text,
 * quotes resolved ("Don''t" → "Don't"), so the browser needs no parser for it either.
 */
export function compileMessage(message: string, language: string): CompiledMessage {
  const ast = parse(message, { ignoreTag: true, locale: new Intl.Locale(language) });
  if (ast.length === 0) return '';
  const [first] = ast;
  return ast.length === 1 && first?.type === TYPE.literal ? first.value : ast;
}

/** Every message of a locale file compiled; a value that is neither text nor a group is refused. */
export function compileMessages(tree: unknown, language: string, path = ''): CompiledTree {
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) {
    throw new Error(`${language}.json${path ? ` at ${path}` : ''}: expected an object of messages`);
  }
  return Object.fromEntries(
    Object.entries(tree).map(([key, value]) => {
      const at = path ? `${path}.${key}` : key;
      if (typeof value !== 'string') return [key, compileMessages(value, language, at)];
      try {
        return [key, compileMessage(value, language)];
      } catch (error) {
        throw new Error(`${language}.json at ${at}: not a valid ICU message (${String(error)})`);
      }
    }),
  );
}

/**
 * Compiles the locale files while they are bundled, so the first view ships no ICU parser (the
 * build aliases it to formatjs's `no-parser` entry): an invalid message fails the build instead
 * of showing its key to a reader. Each file becomes two modules: imported as it is, the messages
 * under `firstView` (src/lib/i18n/first-view-messages.ts); with `?later`, the rest. The plain
 * import is the first view's part because the server names the chunk of `src/locales/hr.json` in
 * the page's `Link` header (apps/server/src/http/page-hints.ts). The plugin writes the module
 * itself, as Vite writes a large JSON file (`JSON.parse` of its text, quicker to parse than an
 * object): Vite's JSON plugin does not take a file with a query of its own.
 */
export function compiledMessages({ firstView }: { firstView: readonly string[] }): Plugin {
  return {
    name: 'karta-compiled-messages',
    enforce: 'pre',
    transform(code, id) {
      const [, language, later] = LOCALE_FILE.exec(id) ?? [];
      if (!language) return undefined;
      const parts = splitMessages(compileMessages(JSON.parse(code), language), firstView, `${language}.json`);
      const part = JSON.stringify(later ? parts.later : parts.firstView);
      return { code: `export default JSON.parse(${JSON.stringify(part)});`, map: null, moduleType: 'js' };
    },
  };
}
