import {
  DEFAULT_EMBED_OPTIONS,
  EMBED_HEIGHT_RANGE,
  type EmbedOptions,
  serializeEmbedOptions,
} from './embed-options.ts';
import { serializeViewState, type ViewState } from './view-url.ts';

/** The map's height in the embed and in its `<iframe>` code unless a partner chooses another: the product's 400 px. */
export const EMBED_HEIGHT_PX = EMBED_HEIGHT_RANGE.default;

/**
 * The embeddable map of a view, with the embed's options (embed-options.ts) when chosen:
 * `https://karta.example.org/embed?lat=…&lng=…&z=…[&lang=hr&h=600&list=1…]`.
 */
export function embedLink(
  origin: string,
  view: ViewState,
  options: EmbedOptions = DEFAULT_EMBED_OPTIONS,
): string {
  const query = [serializeViewState(view), ...serializeEmbedOptions(options)].join('&');
  return `${origin.replace(/\/+$/, '')}/embed?${query}`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The HTML another site pastes to show the map: full width, 400 px high unless chosen, no border,
 * lazily loaded; `allowfullscreen` when the embed offers its fullscreen button (a frame's content
 * may take the screen only when its frame allows it).
 */
export function iframeCode(
  src: string,
  title: string,
  { height = EMBED_HEIGHT_PX, fullscreen = false }: { height?: number; fullscreen?: boolean } = {},
): string {
  const allow = fullscreen ? ' allowfullscreen' : '';
  return `<iframe src="${escapeAttribute(src)}" width="100%" height="${height}" style="border:0" loading="lazy"${allow} title="${escapeAttribute(title)}"></iframe>`;
}
