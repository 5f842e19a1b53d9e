import type { OEmbedResponse, Place } from '@karta/contracts';
import { escapeHtml } from '../mail/compose.ts';
import type { OEmbedTarget } from './oembed-target.ts';

/** The embed's width when the consumer sets no bound: a column of a page (the frame itself is fluid). */
const DEFAULT_WIDTH = 640;
/** The product's map is 400 px high; an embed's own `h` (300–800) where its URL names one. */
const DEFAULT_HEIGHT = 400;
const HEIGHT_RANGE = { min: 300, max: 800 };
/** How close a place's embed opens: nearer for an exact position, farther for a coarse one. */
const PLACE_ZOOM = { exact: 16, '100m': 16, '1km': 14 } as const;

interface AnswerInput {
  target: OEmbedTarget;
  /** The place a place's page names, as a visitor sees it (its public, possibly coarsened, position). */
  place: Place | null;
  /** Where the embed is served: the site's origin. */
  origin: string;
  siteName: string;
  defaultLanguage: string;
  maxwidth: number | undefined;
  maxheight: number | undefined;
}

function requestedHeight(params: URLSearchParams): number {
  const h = Number(params.get('h'));
  return Number.isInteger(h) && h >= HEIGHT_RANGE.min && h <= HEIGHT_RANGE.max ? h : DEFAULT_HEIGHT;
}

function placeName(place: Place, language: string): string {
  return place.name[language] ?? place.name[place.primaryLanguage] ?? Object.values(place.name)[0] ?? '';
}

/**
 * The `rich` answer: an `<iframe>` of `/embed` keeping the page's filters (and a place's own view,
 * from its public position), with a fullscreen button and `allowfullscreen`, no wider than
 * `maxwidth` and no taller than `maxheight`. The embed reads everything through the public API, so
 * it shows what any visitor sees.
 */
export function oembedAnswer(input: AnswerInput): OEmbedResponse {
  const { target, place, origin } = input;
  const params =
    target.kind === 'map'
      ? new URLSearchParams(target.params)
      : new URLSearchParams({
          lat: String(place?.lat),
          lng: String(place?.lng),
          z: String(place ? PLACE_ZOOM[place.locationPrivacy] : PLACE_ZOOM.exact),
          place: String(target.id),
        });
  const width = Math.min(DEFAULT_WIDTH, input.maxwidth ?? DEFAULT_WIDTH);
  const height = Math.min(requestedHeight(params), input.maxheight ?? Number.POSITIVE_INFINITY);
  // The embed is as tall as its frame (a shorter one than 300 px too: the page keeps to its frame).
  params.delete('h');
  const embedHeight = Math.min(HEIGHT_RANGE.max, Math.max(HEIGHT_RANGE.min, height));
  if (embedHeight !== DEFAULT_HEIGHT) params.set('h', String(embedHeight));
  params.set('fs', '1');
  const src = `${origin}/embed?${params.toString().replace(/%2C/g, ',')}`;
  const title =
    target.kind === 'place' && place
      ? `${placeName(place, input.defaultLanguage)} · ${input.siteName}`
      : `${input.siteName}: map of places`;
  return {
    version: '1.0',
    type: 'rich',
    provider_name: input.siteName,
    provider_url: `${origin}/`,
    title,
    html: `<iframe src="${escapeHtml(src)}" width="${width}" height="${height}" style="border:0;max-width:100%" loading="lazy" allowfullscreen title="${escapeHtml(title)}"></iframe>`,
    width,
    height,
  };
}
