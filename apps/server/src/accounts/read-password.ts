import { text } from 'node:stream/consumers';

/** The environment variable the admin command reads a new admin's password from, when set. */
export const PASSWORD_VARIABLE = 'NEW_ADMIN_PASSWORD';

/** Asks for a password on the terminal without showing what is typed. Ctrl-C cancels. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (char === '\u0003') {
          finish();
          reject(new Error('Cancelled'));
          return;
        }
        // Backspace removes the last character (a code point, so an emoji goes at once).
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('');
        else value += char;
      }
    };
    process.stderr.write(question);
    stdin.setEncoding('utf8');
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

/**
 * The password for a new admin, never from the command line (where other users see it in the
 * process list and the shell keeps it in its history): from `NEW_ADMIN_PASSWORD` when set, else
 * typed at a hidden prompt on a terminal, else the first line of standard input (a pipe or a
 * file). Undefined when none is given: an existing account can be promoted without one.
 */
export async function readNewPassword(): Promise<string | undefined> {
  const fromEnvironment = process.env[PASSWORD_VARIABLE];
  if (fromEnvironment) return fromEnvironment;
  const typed = process.stdin.isTTY
    ? await promptHidden('Password for a new admin account (leave empty to promote an existing one): ')
    : ((await text(process.stdin)).split(/\r?\n/)[0] ?? '');
  return typed === '' ? undefined : typed;
}
