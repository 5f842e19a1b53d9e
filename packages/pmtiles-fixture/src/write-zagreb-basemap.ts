// Writes the demo base map (Zagreb) to a file, for BASEMAP=pmtiles on a developer's machine:
//   npm run write-zagreb --workspace @karta/pmtiles-fixture -- /path/to/zagreb.pmtiles
import { resolve } from 'node:path';
import { writeZagrebBasemap } from './write-file.ts';

const target = process.argv[2];
if (!target) {
  console.error('Usage: write-zagreb-basemap <file.pmtiles>');
  process.exit(2);
}
const path = resolve(process.env.INIT_CWD ?? process.cwd(), target);
const size = await writeZagrebBasemap(path);
console.log(`Wrote ${path} (${(size / 1024).toFixed(1)} KB)`);
