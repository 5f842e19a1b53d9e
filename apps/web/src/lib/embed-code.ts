import { serializeViewState, type ViewState } from './view-url.ts';

/** The map's height in the embed and in its `<iframe>` code: the product's 400 px. */
export const EMBED_HEIGHT_PX = 400;

/**
 * The site's public origin for links given away: the deployment's `PUBLIC_URL` when it is set
 * (behind a proxy the page's own origin may be an internal one), else the page's origin.
 */
export function publicOrigin(publicUrl: string | null, fallback: string = window.location.origin): string {
  return (publicUrl?.trim() || fallback).replace(/\/+$/, '');
}

/** The embeddable map of a view: `https://karta.example.org/embed?lat=…&lng=…&z=…`. */
export function embedLink(origin: string, view: ViewState): string {
  return `${origin.replace(/\/+$/, '')}/embed?${serializeViewState(view)}`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The HTML another site pastes to show the map: full width, 400 px high, no border, lazily loaded. */
export function iframeCode(src: string, title: string): string {
  return `<iframe src="${escapeAttribute(src)}" width="100%" height="${EMBED_HEIGHT_PX}" style="border:0" loading="lazy" title="${escapeAttribute(title)}"></iframe>`;
}
