// A process that writes mail and is killed (SIGKILL) before it can send it: run by
// mail-outbox.test.ts as `node --import tsx enqueue-then-die.ts <commit|claim> <key> <to>`, with
// DATA_DIR or DATABASE_URL in its environment. `claim` also claims the message first, as a
// sender does just before the SMTP conversation.
import { loadConfig } from '../../src/config/env.ts';
import { openDatabase } from '../../src/db/open-database.ts';
import { createJobQueue } from '../../src/jobs/job-queue.ts';
import { enqueueMail, MAIL_JOB } from '../../src/mail/outbox.ts';

const [mode, key, to] = process.argv.slice(2);
if (!key || !to || (mode !== 'commit' && mode !== 'claim'))
  throw new Error('usage: <commit|claim> <key> <to>');
const database = await openDatabase(loadConfig(process.env));
await database.transaction((tx) =>
  enqueueMail(tx, { key, to, subject: 'Written just before a crash', text: 'Hello', html: '<p>Hello</p>' }),
);
if (mode === 'claim') await createJobQueue(database).claim([MAIL_JOB], 10, 2_000, 'a process about to die');
process.stdout.write('committed\n');
process.kill(process.pid, 'SIGKILL');
