import { z } from 'zod';
import { intParam } from './query-params.ts';

/**
 * `GET /api/v1/oembed?url=…&maxwidth=…&maxheight=…&format=json` (oEmbed 1.0, https://oembed.com):
 * the embed of a page of this site, a view of the map (the home page with its filters) or a
 * published place's page. `format` is `json`, or `xml`, which is refused with 501 as the
 * specification says a provider that does not offer it must.
 */
export const OEmbedQuery = z.object({
  url: z
    .string()
    .min(1)
    .max(2000)
    .describe('The address of a page of this site: the map (`/?…`) or a place (`/places/{id}`)'),
  maxwidth: intParam(1, 10_000).optional().describe('The widest the embed may be, in pixels'),
  maxheight: intParam(1, 10_000).optional().describe('The tallest the embed may be, in pixels'),
  format: z.enum(['json', 'xml']).optional().describe('`json` (the default); `xml` answers 501'),
});
export type OEmbedQuery = z.output<typeof OEmbedQuery>;

/** A `rich` oEmbed answer: the `<iframe>` of the embed, with its size within the consumer's bounds. */
export const OEmbedResponse = z.object({
  version: z.literal('1.0'),
  type: z.literal('rich'),
  provider_name: z.string(),
  provider_url: z.string(),
  title: z.string(),
  html: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  cache_age: z.number().int().nonnegative().optional(),
});
export type OEmbedResponse = z.infer<typeof OEmbedResponse>;
