import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { I18nFormatModule } from 'i18next';
import IntlMessageFormat from 'intl-messageformat';

/**
 * i18next's message format for locale files compiled at build (build/compile-messages.ts): a
 * message is its final text, or an ICU message already parsed, which intl-messageformat formats
 * without its parser (the build leaves the parser out). Takes the place of i18next-icu, which
 * parses every message in the browser.
 */
export class CompiledIcu implements I18nFormatModule {
  readonly type = 'i18nFormat' as const;
  /** Parsed messages are arrays: i18next must hand them over, not treat them as nested keys. */
  readonly handleAsObject = false;
  // A message's formatter, by language: building one costs more than formatting with it.
  private readonly formatters = new WeakMap<MessageFormatElement[], Map<string, IntlMessageFormat>>();

  init(): void {}

  parse(message: unknown, values: Record<string, unknown>, language: string, _ns: string, key: string) {
    if (!Array.isArray(message)) return message;
    const ast = message as MessageFormatElement[];
    let byLanguage = this.formatters.get(ast);
    if (!byLanguage) {
      byLanguage = new Map();
      this.formatters.set(ast, byLanguage);
    }
    let formatter = byLanguage.get(language);
    if (!formatter) {
      formatter = new IntlMessageFormat(ast, language);
      byLanguage.set(language, formatter);
    }
    try {
      return formatter.format(values);
    } catch {
      // A value the message needs was not given: the key shows which message, as a missing one does.
      return key;
    }
  }

  /** ICU's plural and select forms live inside one message: no `_one` / `_other` keys to look up. */
  addLookupKeys(keys: string[]): string[] {
    return keys;
  }
}
