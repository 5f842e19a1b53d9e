import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Feed } from 'feed';
import { namesEtag } from '../http/etag.ts';

/** One entry of a feed: text as it reads (escaped here), links absolute. */
export interface AtomEntry {
  /** An absolute IRI, unique and stable for this entry. */
  id: string;
  title: string;
  link: string;
  updated: Date;
  summary?: string;
}

export interface AtomDocument {
  /** The feed's own URL, with its query in its one canonical form: also its id unless `id` is given. */
  self: string;
  /** The feed's id when it is not `self` (a private feed's, which must not change with its token). */
  id?: string;
  /** The page the feed is about (the map, the review queue). */
  alternate: string;
  title: string;
  subtitle: string;
  /** The site's name, the feed's author (Atom wants one, and the entries have none of their own). */
  site: string;
  entries: readonly AtomEntry[];
}

/**
 * Characters XML 1.0 cannot hold (controls but tab and line ends, lone surrogates, U+FFFE/FFFF):
 * left out, so no text breaks the document. Stored text is checked on the way in; this is a
 * second guard for older rows.
 */
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

const xmlText = (text: string) => text.replace(NOT_XML, '');

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Text for an element the feed library writes as `type="html"` (titles, summaries): escaped, so a
 * reader shows a place named `<b>` as those three characters and never runs markup from a name.
 * With `>` escaped, no `]]>` can end the library's CDATA section early either.
 */
const htmlText = (text: string) => xmlText(text).replace(/[&<>"]/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * An Atom 1.0 document (RFC 4287) made by the `feed` library: the feed's id, title, subtitle,
 * author, `updated` (its newest entry's time; the Unix epoch while it has none, so an unchanged
 * feed is the same document, byte for byte, and keeps its ETag), links `self` and `alternate`; each
 * entry with its id, title, link, updated time and summary.
 */
export function atomXml(document: AtomDocument): string {
  const newest = document.entries.reduce<Date | undefined>(
    (latest, entry) => (!latest || entry.updated > latest ? entry.updated : latest),
    undefined,
  );
  const feed = new Feed({
    id: document.id ?? document.self,
    title: xmlText(document.title),
    description: xmlText(document.subtitle),
    updated: newest ?? new Date(0),
    link: document.alternate,
    feed: document.self,
    author: { name: xmlText(document.site), link: document.alternate },
    generator: false,
  });
  for (const entry of document.entries) {
    feed.addItem({
      id: entry.id,
      title: htmlText(entry.title),
      link: entry.link,
      date: entry.updated,
      ...(entry.summary ? { description: htmlText(entry.summary) } : {}),
    });
  }
  return feed.atom1();
}

/**
 * Answers a feed: `ETag` (a hash of the document, so a feed that did not change keeps it; weak, as
 * the answer may be compressed on the way, byte for byte another document), and
 * 304 Not Modified without a body when the reader already has it; else the document as
 * `application/atom+xml`. `cacheControl` says who may keep it and for how long.
 */
export function sendAtom(request: FastifyRequest, reply: FastifyReply, xml: string, cacheControl: string) {
  const etag = `W/"${createHash('sha256').update(xml).digest('base64url').slice(0, 32)}"`;
  reply
    .header('etag', etag)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff');
  if (namesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/atom+xml; charset=utf-8').send(xml);
}
