import { describe, expect, it } from 'vitest';
import { DisplayName, EmailAddress, LoginBody, NewPassword, RegisterBody } from './auth.ts';
import { characterCount } from './text.ts';

const codesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; params?: unknown }[] };
}) =>
  (result.error?.issues ?? []).map((issue) => ({
    path: issue.path.join('.'),
    code: (issue.params as { code?: string } | undefined)?.code,
  }));

describe('auth contracts', () => {
  it('counts characters as code points', () => {
    expect(characterCount('a\u{1F642}b')).toBe(3);
    expect('a\u{1F642}b'.length).toBe(4);
  });

  it('trims e-mail addresses and explains bad ones with a code', () => {
    expect(EmailAddress.parse('  Ana@Example.org ')).toBe('Ana@Example.org');
    expect(codesOf(EmailAddress.safeParse(''))).toEqual([{ path: '', code: 'required' }]);
    expect(codesOf(EmailAddress.safeParse('ana@'))).toEqual([{ path: '', code: 'invalid_email' }]);
    expect(codesOf(EmailAddress.safeParse(`${'a'.repeat(250)}@b.co`))).toEqual([
      { path: '', code: 'too_long' },
    ]);
  });

  it('trims and NFC-normalises display names, counting characters, refusing control characters', () => {
    expect(DisplayName.parse('  Ivana Ma\u0301ric\u030C  ')).toBe('Ivana M\u00e1ri\u010d');
    expect(DisplayName.parse('\u{1F600}'.repeat(80))).toHaveLength(160);
    expect(codesOf(DisplayName.safeParse('n'.repeat(81)))).toEqual([{ path: '', code: 'too_long' }]);
    expect(codesOf(DisplayName.safeParse(' \t '))).toEqual([{ path: '', code: 'required' }]);
    expect(codesOf(DisplayName.safeParse('Ana\nHorvat'))).toEqual([{ path: '', code: 'invalid_characters' }]);
    expect(DisplayName.parse('<b>Ana</b> & "Ivo"')).toBe('<b>Ana</b> & "Ivo"');
  });

  it('checks new password lengths only (the server checks the rest), never trimming', () => {
    expect(NewPassword.parse('  spaced password  ')).toBe('  spaced password  ');
    expect(codesOf(NewPassword.safeParse('123456789'))).toEqual([{ path: '', code: 'too_short' }]);
    expect(NewPassword.safeParse('x'.repeat(256)).success).toBe(true);
    expect(codesOf(NewPassword.safeParse('x'.repeat(257)))).toEqual([{ path: '', code: 'too_long' }]);
  });

  it('puts the rules together for registration, and none for sign-in', () => {
    expect(
      codesOf(RegisterBody.safeParse({ email: 'x', password: 'short', displayName: '' })).map((i) => i.code),
    ).toEqual(['invalid_email', 'too_short', 'required']);
    expect(LoginBody.safeParse({ email: 'whatever', password: 'short' }).success).toBe(true);
  });
});
