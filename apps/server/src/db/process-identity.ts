import { readFileSync } from 'node:fs';

/**
 * A process as a lock file names it: its PID and, where Linux tells, a start token (the boot id and
 * the process's start time). A PID alone is not enough: after a kill -9 in a container, a fresh PID
 * namespace hands the dead server's PID to another process (often the new server's own `npm`), so
 * a PID-only lock would refuse every start. The start token tells that process from the dead one.
 */
export interface ProcessIdentity {
  pid: number;
  /** `<boot id>:<start time in clock ticks>`, or null where /proc is not there (macOS). */
  token: string | null;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The start token of a running process, or null when it is gone or /proc cannot say. */
export function startToken(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  const bootId = readText('/proc/sys/kernel/random/boot_id')?.trim();
  if (stat === null || !bootId) return null;
  // Field 2 (the command) may hold spaces and parentheses: count the fields after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const startTime = fields[19]; // Field 22 of proc(5), the 20th after the command.
  return startTime && /^\d+$/.test(startTime) ? `${bootId}:${startTime}` : null;
}

/** This process. */
export const ownIdentity = (): ProcessIdentity => ({ pid: process.pid, token: startToken(process.pid) });

/** `pid` and its token, as written into a lock file (one per line). */
export const formatIdentity = (identity: ProcessIdentity) =>
  identity.token ? `${identity.pid}\n${identity.token}\n` : `${identity.pid}\n`;

/** A lock file's identity (a PID-only file of an older Karta has no token), or undefined. */
export function parseIdentity(text: string): ProcessIdentity | undefined {
  const [pidLine, tokenLine] = text.split('\n');
  const pid = Number.parseInt(pidLine?.trim() ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return { pid, token: tokenLine?.trim() || null };
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process a lock names still runs: its PID is alive and, when the lock recorded a start
 * token and /proc gives the PID's current one, the two are the same (else the PID was reused).
 */
export function isRunning(identity: ProcessIdentity): boolean {
  if (!pidAlive(identity.pid)) return false;
  if (identity.token === null) return true;
  const current = startToken(identity.pid);
  return current === null || current === identity.token;
}
