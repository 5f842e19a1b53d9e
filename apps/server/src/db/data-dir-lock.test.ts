import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir } from './data-dir-lock.ts';
import { startToken } from './process-identity.ts';

const ownerPid = (dir: string) => readFileSync(join(dir, LOCK_FILE_NAME), 'utf8').split('\n')[0];

describe('lockDataDir', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'karta-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('writes our PID and start token, refuses a second lock, and removes the file on release', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')).toBe(
      `${process.pid}\n${startToken(process.pid)}\n`,
    );
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
    lockDataDir(dir).release();
  });

  it('refuses a folder held by another live process, naming the folder and its PID', async () => {
    const dir = freshDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(dir, LOCK_FILE_NAME), `${other.pid}\n${startToken(other.pid as number)}\n`);
      const error = (() => {
        try {
          lockDataDir(dir);
        } catch (e) {
          return e as DataDirLockedError;
        }
      })();
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect(error?.message).toContain(dir);
      expect(error?.message).toContain(`PID ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dir = freshDir();
    const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(join(dir, LOCK_FILE_NAME), `${gone.pid}\n`);
    const lock = lockDataDir(dir);
    expect(ownerPid(dir)).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a lock whose PID now belongs to another process (a reused PID in a container)', () => {
    const dir = freshDir();
    // Our parent is alive, but it is not the process that wrote this lock: its start differs.
    const [bootId] = (startToken(process.ppid) ?? 'boot:1').split(':');
    writeFileSync(join(dir, LOCK_FILE_NAME), `${process.ppid}\n${bootId}:1\n`);
    const lock = lockDataDir(dir);
    expect(ownerPid(dir)).toBe(String(process.pid));
    lock.release();
  });

  it('still honours a PID-only lock of an older Karta while that PID runs', () => {
    const dir = freshDir();
    writeFileSync(join(dir, LOCK_FILE_NAME), `${process.ppid}\n`);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  it('takes over a lock with our own PID that we do not hold (a restarted container is PID 1 again)', () => {
    const dir = freshDir();
    writeFileSync(join(dir, LOCK_FILE_NAME), `${process.pid}\n`);
    lockDataDir(dir).release();
  });
});
