// The architecture's boundaries (README "How it works") are lint rules in biome.json. This runs the real
// Biome with the real configuration on probe files laid out like the repo, so a rule that stops
// matching (a renamed folder, a changed option) fails here instead of silently allowing everything.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const biome = join(root, 'node_modules', '.bin', 'biome');

/** Each probe: a file placed where it would live, what it imports, and whether that is allowed. */
const probes: { file: string; source: string; allowed: boolean }[] = [
  {
    file: 'packages/map-core/src/p1.ts',
    source: "import L from 'leaflet';\nexport const a = L;\n",
    allowed: false,
  },
  {
    file: 'packages/map-core/src/p2.ts',
    source: "import { x } from '@karta/map-google';\nexport const a = x;\n",
    allowed: false,
  },
  {
    file: 'packages/map-core/src/p3.ts',
    source: "import { x } from './types.ts';\nexport const a = x;\n",
    allowed: true,
  },
  {
    file: 'packages/map-leaflet/src/p4.ts',
    source: "import { x } from '@karta/map-google';\nexport const a = x;\n",
    allowed: false,
  },
  {
    file: 'packages/map-leaflet/src/p5.ts',
    source: "import L from 'leaflet';\nimport { x } from '@karta/map-core';\nexport const a = [L, x];\n",
    allowed: true,
  },
  {
    file: 'packages/map-google/src/p6.ts',
    source: "import L from 'leaflet';\nexport const a = L;\n",
    allowed: false,
  },
  {
    file: 'packages/contracts/src/p7.ts',
    source: "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n",
    allowed: false,
  },
  {
    file: 'packages/contracts/src/p8.ts',
    source: "import { z } from 'zod';\nexport const a = z.string();\n",
    allowed: true,
  },
  {
    file: 'apps/web/src/p9.ts',
    source: "import { x } from '../../server/src/app.ts';\nexport const a = x;\n",
    allowed: false,
  },
  { file: 'apps/web/src/p10.ts', source: "export const a = fetch('/api/v1/places');\n", allowed: false },
  { file: 'apps/web/src/p11.ts', source: "import pg from 'pg';\nexport const a = pg;\n", allowed: false },
  {
    file: 'apps/web/src/p12.ts',
    source: "import { createApiClient } from '@karta/api-client';\nexport const a = createApiClient();\n",
    allowed: true,
  },
  {
    file: 'packages/place-search/src/p14.ts',
    source: "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n",
    allowed: false,
  },
  {
    file: 'packages/place-search/src/p15.ts',
    source: "import { x } from '@karta/contracts';\nexport const a = x;\n",
    allowed: false,
  },
  {
    file: 'packages/place-search/src/p16.ts',
    source: "import { x } from './fold.ts';\nexport const a = x;\n",
    allowed: true,
  },
  {
    file: 'apps/server/src/p13.ts',
    source: "import React from 'react';\nexport const a = React;\n",
    allowed: false,
  },
];

// The web app's floors: a feature imports no other feature and not app/; lib/, components/, hooks/,
// config/, testing/ and the service worker import no feature and not app/; app/ composes features.
// Feature probes sit at each depth the rule is written for, since a relative path's `../` count
// depends on it. They also repeat a base web rule, because an override's options replace those of
// the `apps/web/**` override for the same rule.
const web = 'apps/web/src';
probes.push(
  {
    file: `${web}/features/alpha/components/w1.ts`,
    source: "import { x } from '../../beta/utils/x.ts';\nexport const a = x;\n",
    allowed: false,
  },
  {
    file: `${web}/features/alpha/components/w2.ts`,
    source: "export { x } from '../../beta/utils/x.ts';\n",
    allowed: false,
  },
  {
    file: `${web}/features/alpha/components/card/w3.ts`,
    source: "import { x } from '../../../beta/api/x.ts';\nexport const a = x;\n",
    allowed: false,
  },
  {
    file: `${web}/features/alpha/w4.ts`,
    source: "import { x } from '../beta/x.ts';\nexport const a = x;\n",
    allowed: false,
  },
  {
    file: `${web}/features/alpha/a/b/c/w5.ts`,
    source: "import { x } from '../../../../beta/x.ts';\nexport const a = x;\n",
    allowed: false,
  },
  {
    file: `${web}/features/alpha/utils/w6.ts`,
    source: "import { x } from '../../../features/beta/utils/x.ts';\nexport const a = x;\n",
    allowed: false,
  },
  {
    file: `${web}/features/alpha/components/w7.ts`,
    source: "import { x } from '../../../app/routes/page.tsx';\nexport const a = x;\n",
    allowed: false,
  },
  {
    file: `${web}/features/alpha/components/w8.ts`,
    source: "import L from 'leaflet';\nexport const a = L;\n",
    allowed: false,
  },
  {
    file: `${web}/lib/w9.ts`,
    source: "import { x } from '../features/offline/pack/x.ts';\nexport const a = x;\n",
    allowed: false,
  },
  {
    file: `${web}/lib/session/w10.ts`,
    source: "import pg from 'pg';\nexport const a = pg;\n",
    allowed: false,
  },
  {
    file: `${web}/service-worker/w11.ts`,
    source: "import { x } from '../features/offline/drafts/x.ts';\nexport const a = x;\n",
    allowed: false,
  },
  {
    file: `${web}/components/ui/w12.tsx`,
    source: "import { x } from '../../app/layout/x.tsx';\nexport const a = x;\n",
    allowed: false,
  },
  {
    file: `${web}/hooks/w13.ts`,
    source: "import { x } from '../features/auth/api/x.ts';\nexport const a = x;\n",
    allowed: false,
  },
  {
    file: `${web}/testing/w14.ts`,
    source: "import { x } from '../features/places/components/x.tsx';\nexport const a = x;\n",
    allowed: false,
  },
  {
    file: `${web}/features/alpha/components/w15.ts`,
    source:
      "import { x } from '../../../lib/places/x.ts';\nimport { y } from '../../../components/ui/y.tsx';\nexport const a = [x, y];\n",
    allowed: true,
  },
  {
    file: `${web}/features/alpha/components/card/w16.ts`,
    source:
      "import { x } from '../../utils/x.ts';\nimport { y } from '../../../../hooks/y.ts';\nexport const a = [x, y];\n",
    allowed: true,
  },
  {
    file: `${web}/features/alpha/w17.ts`,
    source: "import { x } from './components/x.ts';\nexport const a = x;\n",
    allowed: true,
  },
  {
    file: `${web}/app/routes/w18.ts`,
    source:
      "import { x } from '../../features/alpha/x.ts';\nimport { y } from '../../features/beta/y.ts';\nexport const a = [x, y];\n",
    allowed: true,
  },
  {
    file: `${web}/lib/w19.ts`,
    source:
      "import { x } from './session/x.ts';\nimport { y } from '../config/y.ts';\nexport const a = [x, y];\n",
    allowed: true,
  },
  {
    file: `${web}/service-worker/w20.ts`,
    source: "import { x } from '../lib/offline/drafts/x.ts';\nexport const a = x;\n",
    allowed: true,
  },
);

// The server's floors (docs/architecture.md, written by scripts/server-floors.mjs): a folder imports
// only folders below it, and no folder imports the root files. Probes sit at both depths the rules
// are written for, and one repeats the base server rule, which each floor override must carry too.
const server = 'apps/server/src';
probes.push(
  {
    file: `${server}/config/s1.ts`,
    source: "import { x } from '../db/database.ts';\nexport const a = x;\n",
    allowed: false,
  },
  {
    file: `${server}/http/s2.ts`,
    source: "import { x } from '../places/place-rules.ts';\nexport const a = x;\n",
    allowed: false,
  },
  {
    file: `${server}/http/s3.ts`,
    source: "export { x } from '../map-index/map-index-service.ts';\n",
    allowed: false,
  },
  {
    file: `${server}/places/s4.ts`,
    source: "import { x } from '../freshness/confirmations.ts';\nexport const a = x;\n",
    allowed: false,
  },
  {
    file: `${server}/db/pglite/s5.ts`,
    source: "import { x } from '../../http/errors.ts';\nexport const a = x;\n",
    allowed: false,
  },
  {
    file: `${server}/photos/s6.ts`,
    source: "import { x } from '../app.ts';\nexport const a = x;\n",
    allowed: false,
  },
  {
    file: `${server}/mail/messages/s7.ts`,
    source: "import { x } from '../../services.ts';\nexport const a = x;\n",
    allowed: false,
  },
  {
    file: `${server}/freshness/s8.ts`,
    source: "import { x } from '../flags/flag-repository.ts';\nexport const a = x;\n",
    allowed: false,
  },
  {
    file: `${server}/db/s9.ts`,
    source: "import React from 'react';\nexport const a = React;\n",
    allowed: false,
  },
  {
    file: `${server}/routes/s10.ts`,
    source:
      "import { x } from '../places/place-repository.ts';\nimport { y } from '../offline/offline-packs.ts';\nexport const a = [x, y];\n",
    allowed: true,
  },
  {
    file: `${server}/places/s11.ts`,
    source:
      "import { x } from '../db/database.ts';\nimport { y } from './place-rules.ts';\nimport { z } from '../config/env.ts';\nexport const a = [x, y, z];\n",
    allowed: true,
  },
  {
    file: `${server}/db/pglite/s12.ts`,
    source:
      "import { x } from '../database.ts';\nimport { y } from '../../workers/start-ts-worker.ts';\nexport const a = [x, y];\n",
    allowed: true,
  },
  {
    file: `${server}/s13.ts`,
    source:
      "import { x } from './app.ts';\nimport { y } from './routes/places.ts';\nimport { z } from './config/env.ts';\nexport const a = [x, y, z];\n",
    allowed: true,
  },
);

let dir: string;
let diagnostics: { file: string; category: string }[];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'karta-boundaries-'));
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
  // The probe folder is not a git checkout, and only the boundary rules are under test.
  config.vcs = { enabled: false };
  config.$schema = undefined;
  writeFileSync(join(dir, 'biome.json'), JSON.stringify(config));
  for (const probe of probes) {
    mkdirSync(dirname(join(dir, probe.file)), { recursive: true });
    writeFileSync(join(dir, probe.file), probe.source);
  }
  const run = spawnSync(biome, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const report = JSON.parse(run.stdout) as {
    diagnostics: { category: string; location: { path: { file: string } | string } }[];
  };
  diagnostics = report.diagnostics.map((diagnostic) => ({
    category: diagnostic.category,
    file:
      typeof diagnostic.location.path === 'string' ? diagnostic.location.path : diagnostic.location.path.file,
  }));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('architecture boundaries in biome.json', () => {
  it.each(probes)('$file: allowed $allowed', ({ file, allowed }) => {
    const found = diagnostics.filter(
      (diagnostic) =>
        diagnostic.file.endsWith(file) && /noRestrictedImports|noRestrictedGlobals/.test(diagnostic.category),
    );
    expect(found.length > 0).toBe(!allowed);
  });
});
