/**
 * The host name of the site that frames the embed, for "Propose a place" to record as the source
 * of a proposal. The frame knows its embedder only from the browser: the top page's origin in
 * `location.ancestorOrigins` (Chromium, Safari) or the referrer the frame was loaded with. Only a
 * host name leaves here; the server checks it again and records it, trusting it for nothing else.
 * Null when the page is not framed, or framed by Karta itself (the builder's preview).
 */
export function embedderHost(
  ancestorOrigins: ArrayLike<string> | undefined,
  referrer: string,
  ownOrigin: string,
): string | null {
  const candidate = ancestorOrigins && ancestorOrigins.length > 0 ? ancestorOrigins[0] : referrer;
  if (!candidate) return null;
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.origin === ownOrigin) return null;
    return url.hostname;
  } catch {
    return null;
  }
}

/** The embedder of this page, when it is framed (see {@link embedderHost}). */
export function currentEmbedderHost(): string | null {
  if (window.top === window.self) return null;
  return embedderHost(window.location.ancestorOrigins, document.referrer, window.location.origin);
}
