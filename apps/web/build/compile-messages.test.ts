import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import IntlMessageFormat from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { allMessages, testMessages } from '../src/testing/messages.ts';
import { compiledMessages, compileMessage, compileMessages } from './compile-messages.ts';

/** Every leaf of a locale file with its key. */
function leaves(tree: object, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const at = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? leaves(value, at)
      : [[at, value] as [string, unknown]];
  });
}

/** The names a message takes, each given `value` (a number reads in plural, select and plain forms). */
function valuesFor(ast: MessageFormatElement[], value: number, into: Record<string, number> = {}) {
  for (const element of ast) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into[element.value] = value;
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) valuesFor(option.value, value, into);
    }
  }
  return into;
}

describe('compileMessage', () => {
  it('turns a message that is only text into its text, quotes resolved', () => {
    expect(compileMessage('Places in view', 'en')).toBe('Places in view');
    expect(compileMessage("Don''t use '{braces}'", 'en')).toBe("Don't use {braces}");
    expect(compileMessage('', 'en')).toBe('');
  });

  it('keeps an ICU message as its syntax tree, which formats without a parser', () => {
    const compiled = compileMessage('{count, plural, one {# mjesto} few {# mjesta} other {# mjesta}}', 'hr');
    expect(Array.isArray(compiled)).toBe(true);
    const format = (count: number) =>
      new IntlMessageFormat(compiled as MessageFormatElement[], 'hr').format({ count });
    expect([1, 3, 5, 21].map(format)).toEqual(['1 mjesto', '3 mjesta', '5 mjesta', '21 mjesto']);
  });

  it('refuses an invalid message, naming the file and key', () => {
    expect(() => compileMessages({ places: { heading: 'Places {count, plural' } }, 'en')).toThrow(
      /en\.json at places\.heading: not a valid ICU message/,
    );
    expect(() => compileMessages({ places: 3 }, 'en')).toThrow(/en\.json at places: expected an object/);
  });
});

describe('the locale files, compiled', () => {
  it.each(Object.keys(allMessages))('%s reads exactly as its messages parsed in the browser', (code) => {
    const compiled = new Map(leaves(compileMessages(allMessages[code], code)));
    for (const [key, text] of leaves(allMessages[code] as object)) {
      const ast = parse(String(text), { ignoreTag: true });
      for (const value of [0, 1, 3, 5]) {
        const values = valuesFor(ast, value);
        const expected = text === '' ? '' : new IntlMessageFormat(String(text), code).format(values);
        const message = compiled.get(key);
        const actual =
          typeof message === 'string'
            ? message
            : new IntlMessageFormat(message as MessageFormatElement[], code).format(values);
        expect(actual, `${code}: ${key}`).toEqual(expected);
      }
    }
  });

  it('are what the app and its tests receive: the first view’s part, or with `?later` the rest', () => {
    const plugin = compiledMessages({ firstView: ['a'] });
    const transform = plugin.transform as (code: string, id: string) => { code: string } | undefined;
    const module = (part: object) => `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});`;
    const file = '{"a":"{n, number}","b":"B"}';
    expect(transform(file, '/x/apps/web/src/locales/hr.json')?.code).toBe(
      module({ a: compileMessage('{n, number}', 'hr') }),
    );
    expect(transform(file, '/x/apps/web/src/locales/hr.json?later')?.code).toBe(module({ b: 'B' }));
    expect(transform('{}', '/x/apps/web/src/locales/hr.json?raw')).toBeUndefined();
    expect(Array.isArray(testMessages('hr').places.countInView)).toBe(true);
  });
});
