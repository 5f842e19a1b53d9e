/** The website as a link target only when it is http(s); anything else (javascript:, data:) stays text. */
export function safeWebsiteUrl(website: string): string | null {
  try {
    const url = new URL(website);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
