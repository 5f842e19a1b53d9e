// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

const dir = mkdtempSync(join(tmpdir(), 'karta-precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('writes brotli and gzip copies of text assets that decompress to the same bytes', async () => {
  mkdirSync(join(dir, 'assets'));
  const script = `export const words = ${JSON.stringify('karta '.repeat(400))};\n`;
  writeFileSync(join(dir, 'assets', 'app-1a2b.js'), script);
  writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>map</p>'.repeat(200)}`);
  writeFileSync(join(dir, 'assets', 'tiny-9f8e.js'), 'export {};');
  writeFileSync(join(dir, 'assets', 'app-1a2b.js.map'), 'x'.repeat(4000));
  writeFileSync(join(dir, 'assets', 'font-77aa.woff2'), Buffer.alloc(4000, 7));

  const compressed = await precompressDir(dir);

  expect(compressed).toEqual([join(dir, 'assets', 'app-1a2b.js'), join(dir, 'index.html')]);
  const file = join(dir, 'assets', 'app-1a2b.js');
  expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
  expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
  expect(readFileSync(`${file}.br`).length).toBeLessThan(script.length / 10);
});
