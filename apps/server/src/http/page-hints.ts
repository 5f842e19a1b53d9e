import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/env.ts';
import { tileOrigins } from './security.ts';

/** The part of Vite's build manifest (dist/.vite/manifest.json) read here. */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The source of each map engine's chunk, as the manifest names it. */
const ENGINE_SOURCES = {
  leaflet: 'src/features/map/engines/leaflet-engine.ts',
  google: 'src/features/map/engines/google-engine.ts',
} as const;

const LOCALE_SOURCE = /^src\/locales\/([a-z]{2})\.json$/;

function readManifest(distDir: string): Manifest | null {
  const path = join(distDir, '.vite', 'manifest.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Manifest) : null;
}

/**
 * A chunk's file and those of the chunks it imports statically, as module preloads, and its CSS;
 * the CSS alone when `scripts` is false.
 */
function chunkLinks(manifest: Manifest, source: string, scripts: boolean): string[] {
  const links: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (scripts) links.push(`</${chunk.file}>; rel=modulepreload`);
    // crossorigin as the preload helper of Vite sets it on the stylesheet, or the preload is not used.
    for (const css of chunk.css ?? []) links.push(`</${css}>; rel=preload; as=style; crossorigin`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return links;
}

/** The two-letter languages of `Accept-Language`, most preferred first (quality values honoured). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((param) => param.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { code: tag.trim().toLowerCase().split(/[-_]/)[0] ?? '', q: Number.isNaN(q) ? 0 : q, index };
    })
    .filter((entry) => /^[a-z]{2}$/.test(entry.code) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.code);
}

/**
 * What the home page needs before it can draw anything, named in a `Link` header of the page so
 * the browser fetches it at once instead of after the app's scripts have run (each of these
 * waited on the one before: scripts, then config and messages, then the map engine, then tiles).
 * Built once at start from the build's manifest; returns the header value for a request's
 * `Accept-Language` (the messages the app will most likely pick: see the web app's
 * detect-language.ts, whose stored choice the server cannot see). Pages with a script nonce (the
 * Google engine's CSP has 'strict-dynamic', under which a preload without the nonce is refused)
 * get no script preloads (`scripts: false`). With Karta's own base map (`basemap: 'pmtiles'`) the
 * tiles come from this server, so no other is named.
 */
export function pageHints(
  map: Pick<Config['map'], 'engine' | 'tileUrl'>,
  distDir: string,
  { scripts, basemap }: { scripts: boolean; basemap: Config['basemap']['kind'] },
): (acceptLanguage?: string) => string {
  const manifest = readManifest(distDir);
  const engine = map.engine;
  const common = [
    // The raster tile server: its connection is ready when the first tiles are asked for.
    ...(engine === 'leaflet' && basemap === 'raster' ? tileOrigins(map.tileUrl) : [])
      .filter((origin) => !origin.includes('*'))
      .map((origin) => `<${origin}>; rel=preconnect`),
    '</api/v1/config>; rel=preload; as=fetch; crossorigin',
    ...(manifest ? chunkLinks(manifest, ENGINE_SOURCES[engine], scripts) : []),
  ];
  const locales = new Map(
    Object.entries(manifest ?? {}).flatMap(([source, chunk]) => {
      const code = LOCALE_SOURCE.exec(source)?.[1];
      return code ? [[code, chunk] as const] : [];
    }),
  );
  return (acceptLanguage) => {
    const language = [...acceptedLanguages(acceptLanguage), 'en'].find((code) => locales.has(code));
    const messages = scripts && language ? locales.get(language) : undefined;
    return [...common, ...(messages ? [`</${messages.file}>; rel=modulepreload`] : [])].join(', ');
  };
}
