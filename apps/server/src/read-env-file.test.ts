import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config/env.ts';
import { REPO_ROOT } from './config/paths.ts';

describe('read-env-file.mjs (what npm start, npm run dev and npm run admin load first)', () => {
  // A copy at the same depth below a project root of its own, so its `.env` is one of ours.
  const root = mkdtempSync(join(tmpdir(), 'karta-env-file-'));
  const module = join(root, 'apps/server/src/read-env-file.mjs');
  mkdirSync(join(root, 'apps/server/src'), { recursive: true });
  copyFileSync(resolve(import.meta.dirname, 'read-env-file.mjs'), module);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** The three variables as a process that loaded the module sees them, and what it wrote to stderr. */
  const seen = (env: Record<string, string>) => {
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        module,
        '-e',
        'console.log(JSON.stringify([process.env.PORT, process.env.HOST, process.env.DEMO_DATA]))',
      ],
      { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' },
    );
    return { variables: JSON.parse(child.stdout), stderr: child.stderr };
  };

  it('reads .env in the project root; a variable set in the environment wins, even an empty one', () => {
    writeFileSync(join(root, '.env'), '# settings\nPORT=9090\nHOST=127.0.0.1 # a comment\nDEMO_DATA=false\n');
    expect(seen({ PORT: '8081', DEMO_DATA: '' })).toEqual({
      variables: ['8081', '127.0.0.1', ''],
      stderr: '',
    });
  });

  it('is silent without a .env', () => {
    rmSync(join(root, '.env'));
    expect(seen({ PORT: '8081' })).toEqual({ variables: ['8081', null, null], stderr: '' });
  });
});

describe('.env.example', () => {
  it('shows the defaults, as it says: copied to .env, it changes nothing', () => {
    const example = parseEnv(readFileSync(resolve(REPO_ROOT, '.env.example'), 'utf8'));
    expect(Object.keys(example)).toContain('PORT');
    expect(loadConfig(example, REPO_ROOT)).toEqual(loadConfig({}, REPO_ROOT));
  });
});
