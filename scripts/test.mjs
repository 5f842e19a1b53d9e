#!/usr/bin/env node
// Runs every check one after another and ends with one line "N passed, N failed".
// Lint and types count as one check each; every Vitest project adds its own test counts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const steps = [
  { name: 'lint', command: ['npx', 'biome', 'check', '.'] },
  { name: 'types', command: ['npm', 'run', 'typecheck', '--silent'] },
  { name: 'unit', vitest: 'unit' },
  { name: 'web', vitest: 'web' },
  { name: 'server (PGlite)', vitest: 'server-pglite' },
  { name: 'server (PostgreSQL)', vitest: 'server-postgres' },
  { name: 'browser', vitest: 'e2e', build: true },
];

const only = process.argv.slice(2);
const reportDir = mkdtempSync(join(tmpdir(), 'karta-test-'));
let passed = 0;
let failed = 0;
const lines = [];

/** How long a step took since `started`, for its summary line: the long steps are worth knowing. */
const took = (started) => `${Math.round((Date.now() - started) / 1000)} s`;

for (const step of steps) {
  if (only.length > 0 && !only.includes(step.vitest ?? step.name)) continue;
  console.log(`\n━━ ${step.name} ━━`);
  const started = Date.now();
  if (step.build) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) {
      failed += 1;
      lines.push(`${step.name}: build failed (${took(started)})`);
      continue;
    }
  }
  if (step.command) {
    const [cmd, ...args] = step.command;
    const result = spawnSync(cmd, args, { stdio: 'inherit' });
    if (result.status === 0) passed += 1;
    else failed += 1;
    lines.push(`${step.name}: ${result.status === 0 ? 'ok' : 'FAILED'} (${took(started)})`);
    continue;
  }
  const report = join(reportDir, `${step.vitest}.json`);
  const result = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      step.vitest,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { stdio: 'inherit' },
  );
  let summary;
  try {
    summary = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    summary = undefined;
  }
  if (!summary) {
    failed += 1;
    lines.push(`${step.name}: no report (exit ${result.status}, ${took(started)})`);
    continue;
  }
  const stepPassed = summary.numPassedTests ?? 0;
  // A file that failed to load has no failed tests, but the step still failed.
  const stepFailed = (summary.numFailedTests ?? 0) || (summary.numFailedTestSuites ?? 0);
  const bad = stepFailed > 0 || result.status !== 0;
  passed += stepPassed;
  failed += bad ? Math.max(stepFailed, 1) : 0;
  lines.push(
    `${step.name}: ${stepPassed} passed, ${stepFailed} failed, ${summary.numPendingTests ?? 0} skipped (${took(started)})`,
  );
}

rmSync(reportDir, { recursive: true, force: true });
console.log('\n━━ summary ━━');
for (const line of lines) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
