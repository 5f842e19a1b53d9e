/**
 * `npm run bench`: prints figures, never passes or fails on time. Sizes from the command line,
 * e.g. `npm run bench -- 100000` (default: 100 000 and 1 000 000 places).
 */
import { benchClusterIndex, printClusterIndex } from './cluster-index.bench.ts';
import { benchImportExport, printImportExport } from './import-export.bench.ts';
import { removeSharedFolders } from './lib/seed-folder.ts';
import { benchMapApi, printMapApi } from './map-api.bench.ts';
import { benchSearch, printSearch } from './search.bench.ts';
import { benchWeb, printWeb } from './web.bench.ts';

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const counts = sizes.length > 0 ? sizes : [100_000, 1_000_000];

console.log(`Karta benchmarks — ${new Date().toISOString()}, Node ${process.version}`);
for (const count of counts) {
  printClusterIndex(await benchClusterIndex(count));
}
for (const count of counts) {
  printMapApi(await benchMapApi(count));
}
// Exports of every size; the import of 100 000 rows (issue 5) once, on the smallest database if it
// is no bigger than 100 000 places (a copy of its own, as the import adds to it).
for (const [index, count] of counts.entries()) {
  printImportExport(await benchImportExport(count, index === 0 && count <= 100_000 ? 100_000 : 0));
}
for (const count of counts) {
  printSearch(await benchSearch(count));
}
await removeSharedFolders();
const web = await benchWeb();
if (web) printWeb(web);
