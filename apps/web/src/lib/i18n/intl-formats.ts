/**
 * The browser's formatters, made once per language and options and then reused. Making one loads
 * and parses the language's data (a fraction of a millisecond each, several times that on a slow
 * phone); a list of places formats several dates, times and distances per row on every render.
 */
const made = new Map<string, unknown>();

function once<T>(key: string, make: () => T): T {
  let formatter = made.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    made.set(key, formatter);
  }
  return formatter;
}

export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return once(
    `date ${language} ${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(language, options),
  );
}

export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return once(
    `number ${language} ${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(language, options),
  );
}

export function displayNames(language: string, options: Intl.DisplayNamesOptions): Intl.DisplayNames {
  return once(
    `names ${language} ${JSON.stringify(options)}`,
    () => new Intl.DisplayNames([language], options),
  );
}

export function relativeTimeFormat(
  language: string,
  options: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat {
  return once(
    `relative ${language} ${JSON.stringify(options)}`,
    () => new Intl.RelativeTimeFormat(language, options),
  );
}
