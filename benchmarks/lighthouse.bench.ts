import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startSentryReceiver } from '../apps/server/test/support/sentry-receiver.ts';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium.ts';
import { startKartaServer } from '../e2e/support/karta-server.ts';
import { startTileStandIn } from './lib/tile-stand-in.ts';

export interface LighthouseFigures {
  runs: LighthouseRun[];
}

interface LighthouseRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  unusedJsKb: number;
  mainThreadMs: number;
  transferKb: number;
  /** The audits Lighthouse says would save the most, with what they would save. */
  opportunities: string[];
}

/** Lighthouse's own default run is mobile: a Moto G Power viewport, 4× CPU slowdown, slow 4G. */
const RUNS = Number(process.env.KARTA_LIGHTHOUSE_RUNS ?? 3);

function numeric(lhr: { audits: Record<string, { numericValue?: number }> }, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

/**
 * Lighthouse's mobile preset on the home page of the real server (built front end, demo data, a
 * Sentry DSN pointing at a local stand-in, tiles from a local tile server), three runs.
 */
export async function benchLighthouse(): Promise<LighthouseFigures | null> {
  const chromePath = findChromium();
  if (!chromePath) {
    console.warn('  (no Chromium: set CHROMIUM_PATH or apt-get install -y chromium; Lighthouse skipped)');
    return null;
  }
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@karta/web'], { stdio: 'ignore' });
  if (build.status !== 0) throw new Error('npm run build failed');
  const sentry = await startSentryReceiver();
  const tiles = await startTileStandIn();
  const server = await startKartaServer({ SENTRY_DSN: sentry.dsn, TILE_URL: tiles.tileUrl });
  const profile = mkdtempSync(join(tmpdir(), 'karta-lighthouse-'));
  const chrome = await launch({ chromePath, chromeFlags: CHROMIUM_ARGS, userDataDir: profile });
  try {
    const runs: LighthouseRun[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(`${server.url}/`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!result) throw new Error('Lighthouse returned no result');
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      // The whole report of the last run, for a look at what the figures come from.
      const reportPath = process.env.KARTA_LIGHTHOUSE_REPORT;
      if (reportPath && run === RUNS - 1) writeFileSync(reportPath, JSON.stringify(lhr));
      const opportunities = Object.values(lhr.audits)
        .filter((audit) => audit.details?.type === 'opportunity' && (audit.score ?? 1) < 0.9)
        .map((audit) => {
          const details = audit.details as { overallSavingsMs?: number; overallSavingsBytes?: number };
          const kb = details.overallSavingsBytes
            ? `, ${(details.overallSavingsBytes / 1024).toFixed(0)} KiB`
            : '';
          return `${audit.id} (${Math.round(details.overallSavingsMs ?? 0)} ms${kb})`;
        });
      const unused = lhr.audits['unused-javascript']?.details as { overallSavingsBytes?: number } | undefined;
      runs.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcpMs: numeric(lhr, 'first-contentful-paint'),
        lcpMs: numeric(lhr, 'largest-contentful-paint'),
        tbtMs: numeric(lhr, 'total-blocking-time'),
        cls: numeric(lhr, 'cumulative-layout-shift'),
        speedIndexMs: numeric(lhr, 'speed-index'),
        unusedJsKb: (unused?.overallSavingsBytes ?? 0) / 1024,
        mainThreadMs: numeric(lhr, 'mainthread-work-breakdown'),
        transferKb: numeric(lhr, 'total-byte-weight') / 1024,
        opportunities,
      });
    }
    return { runs };
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
    await server.stop();
    await tiles.close();
    await sentry.close();
  }
}

export function printLighthouse(f: LighthouseFigures): void {
  console.log(
    '  Lighthouse, mobile preset (simulated slow 4G, 4× CPU), home page, a Sentry DSN set, local tiles',
  );
  for (const [index, run] of f.runs.entries()) {
    console.log(
      `    run ${index + 1}: performance ${run.score}, FCP ${(run.fcpMs / 1000).toFixed(2)} s, LCP ${(run.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}, Speed Index ${(run.speedIndexMs / 1000).toFixed(2)} s`,
    );
    console.log(
      `           unused JS ${run.unusedJsKb.toFixed(0)} KiB, main-thread work ${(run.mainThreadMs / 1000).toFixed(1)} s, transferred ${run.transferKb.toFixed(0)} KiB`,
    );
    if (run.opportunities.length > 0) console.log(`           to gain: ${run.opportunities.join('; ')}`);
  }
}
