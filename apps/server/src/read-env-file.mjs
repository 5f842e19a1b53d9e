// Reads `.env` in the project root, when there is one, before anything else runs: the scripts of
// `npm start`, `npm run dev` and `npm run admin` load this module first (`--import`). Node's own
// reader: a variable already set in the environment wins over the file, even an empty one. A
// server started with `node` directly, as the tests and benchmarks start theirs, reads only its
// environment, so a developer's `.env` cannot change what they test.
// Plain JS on purpose: worker threads inherit this `--import` before any TypeScript loader exists
// in them (see workers/start-ts-worker.ts); there it changes nothing, the variables being set.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const file = fileURLToPath(new URL('../../../.env', import.meta.url));
if (existsSync(file)) process.loadEnvFile(file);
