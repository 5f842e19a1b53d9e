/**
 * What a partner chooses for an embedded map besides its view, kept in the embed's URL (no state on
 * the server): `h=600&list=1&fs=1&propose=1&fixed=1&lang=hr`. Pure functions, read by the embed page
 * and written by the embed builder; a missing or invalid parameter is its default.
 */
export interface EmbedOptions {
  /** The frame's height in pixels: the product's 400 unless chosen, within {@link EMBED_HEIGHT_RANGE}. */
  height: number;
  /** A list of the places in view beside the map (below it on narrow frames). */
  list: boolean;
  /** A button that shows the map on the whole screen (where the browser allows it). */
  fullscreen: boolean;
  /** "Propose a place", opening Karta's form in a new tab. */
  propose: boolean;
  /** The map keeps to the area it opens on: visitors zoom in and move within it, never beyond. */
  fixedArea: boolean;
  /** The embed's language (a site language); null: the visitor's browser decides. */
  language: string | null;
}

/** The product's map is 100% × 400 px; a partner may choose between 300 and 800. */
export const EMBED_HEIGHT_RANGE = { min: 300, max: 800, default: 400 } as const;

export const DEFAULT_EMBED_OPTIONS: EmbedOptions = {
  height: EMBED_HEIGHT_RANGE.default,
  list: false,
  fullscreen: false,
  propose: false,
  fixedArea: false,
  language: null,
};

/** The embed's own parameters, which its page keeps in its URL as the map moves. */
export const EMBED_OPTION_PARAMETERS = ['lang', 'h', 'list', 'fs', 'propose', 'fixed'] as const;

const LANGUAGE = /^[a-z]{2}$/;
const HEIGHT = /^\d{3}$/;

function parseHeight(raw: string | null): number {
  if (raw === null || !HEIGHT.test(raw)) return EMBED_HEIGHT_RANGE.default;
  const height = Number(raw);
  return height >= EMBED_HEIGHT_RANGE.min && height <= EMBED_HEIGHT_RANGE.max
    ? height
    : EMBED_HEIGHT_RANGE.default;
}

/** Reads the options of an embed's URL; `languages` are the site's, any other `lang` is ignored. */
export function parseEmbedOptions(
  search: string | URLSearchParams,
  languages: readonly string[],
): EmbedOptions {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const lang = params.get('lang');
  return {
    height: parseHeight(params.get('h')),
    list: params.get('list') === '1',
    fullscreen: params.get('fs') === '1',
    propose: params.get('propose') === '1',
    fixedArea: params.get('fixed') === '1',
    language: lang !== null && LANGUAGE.test(lang) && languages.includes(lang) ? lang : null,
  };
}

/** The options' parameters, defaults left out (so the plain embed's URL is as it always was). */
export function serializeEmbedOptions(options: EmbedOptions): string[] {
  const parts: string[] = [];
  if (options.language) parts.push(`lang=${options.language}`);
  if (options.height !== EMBED_HEIGHT_RANGE.default) parts.push(`h=${options.height}`);
  if (options.list) parts.push('list=1');
  if (options.fullscreen) parts.push('fs=1');
  if (options.propose) parts.push('propose=1');
  if (options.fixedArea) parts.push('fixed=1');
  return parts;
}

/** A height the builder's field gave, brought within the range (whole pixels). */
export function clampEmbedHeight(value: number): number {
  if (!Number.isFinite(value)) return EMBED_HEIGHT_RANGE.default;
  return Math.min(EMBED_HEIGHT_RANGE.max, Math.max(EMBED_HEIGHT_RANGE.min, Math.round(value)));
}
