#!/usr/bin/env node
// The server's floors (docs/architecture.md): the folders of apps/server/src from the lowest up. A
// folder imports only folders on lower floors, never a folder above it nor one beside it on its
// floor; the root files (app.ts, server.ts, services.ts) compose everything and no folder imports
// them. This list is the one source of truth: `node scripts/server-floors.mjs` writes the lint
// overrides that enforce it into biome.json, and scripts/server-floors.test.ts fails when
// biome.json and this list disagree.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Lowest first; folders in one entry are peers and import none of each other. */
export const SERVER_FLOORS = [
  ['config'],
  ['observability'],
  ['workers'],
  ['db'],
  ['audit'],
  ['jobs'],
  ['limits'],
  ['http'],
  ['basemap'],
  ['mail'],
  ['opening-hours'],
  ['places'],
  ['freshness', 'categories', 'changes', 'photos', 'flags', 'geocoding'],
  ['api-tokens'],
  ['accounts'],
  ['notes'],
  ['notifications'],
  ['follows', 'feeds', 'webhooks'],
  ['map-index'],
  ['import'],
  ['export', 'import-sources'],
  ['offline'],
  ['demo-data'],
  ['routes'],
];

/** Where the server's folders are, from the repository root. */
export const SERVER_SRC = 'apps/server/src';

/**
 * How deep inside its folder a file may sit for the rules to read its imports right: a relative
 * specifier's `../` count depends on the depth (`db/x.ts` reaches http as `../http/`,
 * `db/pglite/x.ts` as `../../http/`), so each folder has one override per depth.
 */
export const MAX_DEPTH = 2;

/** The override every server file has; the floor overrides repeat its patterns (see below). */
const BASE_INCLUDES = ['apps/server/**'];

const list = (names) =>
  names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** What `folder`'s override says: its floor, what it may import, what not and why. */
function floorMessage(folder, index) {
  const below = SERVER_FLOORS.slice(0, index).flat();
  const peers = SERVER_FLOORS[index].filter((name) => name !== folder);
  const beside = peers.length === 0 ? '' : ` nor ${list(peers)} beside it`;
  const may =
    below.length === 0
      ? 'it imports no other server folder'
      : `it may import ${list(below)}, below it, but no folder above it${beside}`;
  return (
    `${folder} is floor ${index + 1} of ${SERVER_FLOORS.length} of the server (docs/architecture.md): ` +
    `${may}, nor the root files (app.ts, server.ts, services.ts), which compose.`
  );
}

/**
 * The overrides for every floor folder, one per depth (files right in the folder, then those in
 * its subfolders), each with `basePatterns` first: when several overrides match a file and set
 * the same rule, the last one's options replace the others', so each must repeat the base rule.
 */
export function floorOverrides(basePatterns) {
  return SERVER_FLOORS.flatMap((floor, index) => {
    const forbidden = SERVER_FLOORS.slice(index).flat();
    return floor.flatMap((folder) => {
      const others = forbidden.filter((name) => name !== folder);
      return Array.from({ length: MAX_DEPTH }, (_, level) => {
        // A file `level` subfolders down reaches the folders beside its own through level + 1 `../`.
        const up = '../'.repeat(level + 1);
        const files = level === MAX_DEPTH - 1 ? '/**' : '/*';
        return {
          includes: [`${SERVER_SRC}/${folder}${'/*'.repeat(level)}${files}`],
          linter: {
            rules: {
              style: {
                noRestrictedImports: {
                  level: 'error',
                  options: {
                    patterns: [
                      ...basePatterns,
                      {
                        group: [...others.map((name) => `${up}${name}/**`), `${up}*.ts`, `${up}*.mjs`],
                        message: floorMessage(folder, index),
                      },
                    ],
                  },
                },
              },
            },
          },
        };
      });
    });
  });
}

/** Whether `override` is one this script writes. */
export const isFloorOverride = (override) =>
  override.includes?.length === 1 && override.includes[0].startsWith(`${SERVER_SRC}/`);

/** `config` (biome.json, parsed) with the floor overrides right after the base server override. */
export function withFloors(config) {
  const kept = config.overrides.filter((override) => !isFloorOverride(override));
  const baseAt = kept.findIndex(
    (override) => JSON.stringify(override.includes) === JSON.stringify(BASE_INCLUDES),
  );
  if (baseAt < 0) throw new Error(`biome.json has no override for ${BASE_INCLUDES[0]}`);
  const basePatterns = kept[baseAt].linter.rules.style.noRestrictedImports.options.patterns;
  const overrides = [
    ...kept.slice(0, baseAt + 1),
    ...floorOverrides(basePatterns),
    ...kept.slice(baseAt + 1),
  ];
  return { ...config, overrides };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(import.meta.url), '../..');
  const file = join(root, 'biome.json');
  const config = withFloors(JSON.parse(readFileSync(file, 'utf8')));
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  const format = spawnSync(join(root, 'node_modules', '.bin', 'biome'), ['format', '--write', file], {
    stdio: 'inherit',
  });
  process.exit(format.status ?? 1);
}
