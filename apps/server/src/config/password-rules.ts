import { readFileSync } from 'node:fs';
import { type FieldIssue, passwordLengthIssue } from '@karta/contracts';

const LIST_FILE = new URL('./common-passwords.txt', import.meta.url);

/** Lower-case entries of the bundled list (read once, on first use). */
let commonPasswords: ReadonlySet<string> | undefined;

function loadCommonPasswords(): ReadonlySet<string> {
  commonPasswords ??= new Set(
    readFileSync(LIST_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return commonPasswords;
}

/** How people dress a word up: `p@ssw0rd`. One reading per ambiguous digit is enough here. */
const LOOKALIKES: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '8': 'b',
  '(': 'c',
  '3': 'e',
  '6': 'g',
  '9': 'g',
  '1': 'i',
  '!': 'i',
  '|': 'l',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
  '+': 't',
  '2': 'z',
};

/** Digits, punctuation and spaces stuck before or after a word: `2024!`, `#1 `. */
const EDGE_JUNK = /^[\d\p{P}\p{S}\s]+|[\d\p{P}\p{S}\s]+$/gu;
/** Only digits and spaces, for words whose look-alike starts or ends them: `$unshine1`. */
const EDGE_DIGITS = /^[\d\s]+|[\d\s]+$/gu;
/** Only symbols and spaces, for listed passwords made of digits: `1234567890!`. */
const EDGE_SYMBOLS = /^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu;

/** `abcabcabc`, `1111111111`, `qwerqwerqwer`: a unit of up to four characters repeated. */
const REPEATED_UNIT = /^(.{1,4})\1+$/u;

/** The form passwords are compared in: NFKC (as hashed), lower case. */
export function comparablePassword(password: string): string {
  return password.normalize('NFKC').toLowerCase();
}

/**
 * Whether `password` is on the common list or an obvious variant of a listed one (case, digits
 * or symbols around it, look-alike characters), or one short unit repeated.
 */
export function isCommonPassword(password: string): boolean {
  const list = loadCommonPasswords();
  const candidate = comparablePassword(password);
  if (list.has(candidate) || REPEATED_UNIT.test(candidate)) return true;
  return [EDGE_JUNK, EDGE_DIGITS, EDGE_SYMBOLS].some((edges) => {
    const core = candidate.replace(edges, '');
    if (core.length < 4) return false;
    const letters = [...core].map((character) => LOOKALIKES[character] ?? character).join('');
    return list.has(core) || list.has(letters);
  });
}

/** Whether `password` is the e-mail address, or its part before the @, in any case. */
export function matchesEmail(password: string, email: string): boolean {
  const candidate = comparablePassword(password);
  const address = email.trim().normalize('NFKC').toLowerCase();
  if (address === '') return false;
  const local = address.split('@')[0] ?? '';
  return candidate === address || (local.length > 0 && candidate === local);
}

/** The rules a new password must pass beyond its length: not common, not the e-mail address. */
export function passwordContentIssues(password: string, email: string): FieldIssue[] {
  if (isCommonPassword(password)) {
    return [
      {
        path: 'password',
        code: 'password_too_common',
        message: 'This password is too common and easy to guess. Choose another one',
      },
    ];
  }
  if (matchesEmail(password, email)) {
    return [
      {
        path: 'password',
        code: 'password_matches_email',
        message: 'Your password must not be your e-mail address',
      },
    ];
  }
  return [];
}

/** Every rule for a new password (length, common, e-mail), as field issues under `password`. */
export function checkNewPassword(password: string, email: string): FieldIssue[] {
  const length = passwordLengthIssue(password);
  if (length) return [{ path: 'password', ...length }];
  return passwordContentIssues(password, email);
}
