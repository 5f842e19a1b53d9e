import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The monorepo root: defaults such as `./data` resolve here, whatever folder npm started us in. */
export const REPO_ROOT = resolve(here, '../../../..');

/** The server workspace folder (apps/server). */
export const SERVER_ROOT = resolve(here, '../..');

/** Where `vite build` in apps/web writes the front end. */
export const WEB_DIST_DIR = resolve(REPO_ROOT, 'apps/web/dist');

/** The server's package version: the default release name and the API version. */
export const SERVER_VERSION: string = (
  JSON.parse(readFileSync(resolve(SERVER_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
