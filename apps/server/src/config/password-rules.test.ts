import { describe, expect, it } from 'vitest';
import { checkNewPassword, isCommonPassword, matchesEmail } from './password-rules.ts';

describe('isCommonPassword', () => {
  it.each([
    'qwertyuiop',
    '1234567890',
    'QwErTyUiOp',
    'password123',
    'Password2024!',
    '!!password!!',
    '2024password',
    'P@ssw0rd1234',
    'p4ssw0rd!!!!',
    '$unshine1234',
    'Dragon12345',
    'iloveyou2024',
    'lozinka12345',
    'Zagreb2024!!',
    'karta1234567',
    'abcabcabcabc',
    '1111111111',
    'qwerqwerqwer',
    '1234567890!',
    'Qwertyuiop1!',
    'fuck_inside!',
  ])('refuses %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each([
    'correct horse battery staple',
    'lantern-orchard-velvet-42',
    'Tr0ub4dor&3-extra',
    'password manager generated: x7#Kq2!vL9',
    'dragonfly-meadow',
    'kišobran-na-suncu',
    'abcdeabcdeab',
  ])('accepts %s', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});

describe('matchesEmail', () => {
  it('matches the whole address or its local part, in any case', () => {
    expect(matchesEmail('Ana.Horvat@Example.org', ' ana.horvat@example.org ')).toBe(true);
    expect(matchesEmail('ANA.HORVAT.1990', 'ana.horvat.1990@example.org')).toBe(true);
    expect(matchesEmail('ana.horvat@example.org!', 'ana.horvat@example.org')).toBe(false);
    expect(matchesEmail('anything-at-all', '')).toBe(false);
  });
});

describe('checkNewPassword', () => {
  it('gives one issue under `password` with a code, length first', () => {
    expect(checkNewPassword('short', 'a@b.co')).toEqual([
      { path: 'password', code: 'too_short', params: { minimum: 10 }, message: expect.any(String) },
    ]);
    expect(checkNewPassword('x'.repeat(257), 'a@b.co')[0]).toMatchObject({ code: 'too_long' });
    expect(checkNewPassword('password123', 'a@b.co')[0]).toMatchObject({ code: 'password_too_common' });
    expect(checkNewPassword('someone.long@example.org', 'someone.long@example.org')[0]).toMatchObject({
      code: 'password_matches_email',
    });
    expect(checkNewPassword('lantern-orchard-velvet-42', 'a@b.co')).toEqual([]);
  });

  it('counts characters as code points and compares in NFKC form', () => {
    // Ten characters, twenty UTF-16 units.
    expect(
      checkNewPassword(
        '\u{1F642}\u{1F643}\u{1F60E}\u{1F642}\u{1F643}\u{1F60E}\u{1F642}\u{1F643}\u{1F60E}\u{1F642}',
        'a@b.co',
      ),
    ).toEqual([]);
    expect(checkNewPassword('\u{1F642}'.repeat(9), 'a@b.co')[0]).toMatchObject({ code: 'too_short' });
    // Full-width letters are the same password as their plain forms.
    expect(isCommonPassword('ｐａｓｓｗｏｒｄ１２３')).toBe(true);
  });
});
