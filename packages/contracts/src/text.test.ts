import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { characterCount, optionalText, secretText, text } from './text.ts';

/** The first issue's translation code, or null when the value passed. */
function codeOf(result: z.ZodSafeParseResult<unknown>): string | null {
  if (result.success) return null;
  const params = (result.error.issues[0] as { params?: { code?: string } }).params;
  return params?.code ?? 'uncoded';
}

const name = text({ kind: 'name', min: 1, max: 20 });
const prose = text({ kind: 'prose', max: 50 });
const token = text({ kind: 'token', max: 50 });

describe('text', () => {
  it.each([
    ['a\u0000b', 'NUL'],
    ['a\u0007b', 'a C0 control'],
    ['a\u0085b', 'a C1 control'],
    ['a\u007fb', 'DEL'],
    ['a\ud800b', 'a lone high surrogate'],
    ['a\udc00b', 'a lone low surrogate'],
    ['a\ufeffb', 'a byte-order mark'],
  ])('refuses %j (%s) in every kind', (value) => {
    for (const schema of [name, prose, token]) {
      expect(codeOf(schema.safeParse(value))).toBe('invalid_characters');
    }
  });

  it('keeps line breaks and tabs in prose only', () => {
    expect(prose.parse('one\n\ttwo')).toBe('one\n\ttwo');
    expect(codeOf(name.safeParse('one\ntwo'))).toBe('invalid_characters');
    expect(codeOf(token.safeParse('one\ttwo'))).toBe('invalid_characters');
    expect(codeOf(name.safeParse('one\u2028two'))).toBe('invalid_characters');
  });

  it('turns every line end of prose into LF', () => {
    expect(prose.parse('a\r\nb\rc\u2028d\u2029e')).toBe('a\nb\nc\nd\ne');
  });

  it('refuses bidi controls and zero-width characters in names and tokens', () => {
    for (const value of [
      'Ljek\u202earna',
      'a\u2066b\u2069',
      'Phar\u200bmacy',
      'Phar\u2060macy',
      'Phar\u200dmacy',
    ]) {
      expect(codeOf(name.safeParse(value)), value).toBe('invalid_characters');
      expect(codeOf(token.safeParse(value)), value).toBe('invalid_characters');
    }
    expect(codeOf(name.safeParse('\u200dabc'))).toBe('invalid_characters');
    expect(codeOf(name.safeParse('\u0645\u200c'))).toBe('invalid_characters');
  });

  it('keeps joiners where a script or an emoji needs them, and right-to-left marks in names', () => {
    const family = '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}';
    expect(name.parse(family)).toBe(family);
    const persian = '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645';
    expect(name.parse(persian)).toBe(persian);
    const hindi = '\u0915\u094d\u200d\u0937';
    expect(name.parse(hindi)).toBe(hindi);
    expect(name.parse('\u05e9\u05dc\u05d5\u05dd 12\u200f')).toBe('\u05e9\u05dc\u05d5\u05dd 12\u200f');
    expect(codeOf(token.safeParse(family))).toBe('invalid_characters');
  });

  it('keeps isolates and zero-width spaces in prose but refuses the overrides', () => {
    expect(prose.parse('see \u2067\u05e9\u05dc\u05d5\u05dd\u2069 here')).toContain('\u2067');
    expect(prose.parse('\u0e20\u0e32\u0e29\u0e32\u200b\u0e44\u0e17\u0e22')).toContain('\u200b');
    expect(codeOf(prose.safeParse('evil \u202egnp.exe'))).toBe('invalid_characters');
  });

  it('NFC-normalises and trims, and counts characters after that', () => {
    expect(name.parse('  Cafe\u0301  ')).toBe('Caf\u00e9');
    expect(name.parse('e\u0301'.repeat(20))).toBe('\u00e9'.repeat(20));
    expect(name.parse('\u{1F642}'.repeat(20))).toHaveLength(40);
    expect(codeOf(name.safeParse('\u{1F642}'.repeat(21)))).toBe('too_long');
    expect(codeOf(name.safeParse('   '))).toBe('required');
    expect(codeOf(name.safeParse('x'.repeat(100_000)))).toBe('too_long');
  });

  it('gives too_long its maximum for translation', () => {
    const result = name.safeParse('x'.repeat(21));
    expect(result.success).toBe(false);
    if (!result.success)
      expect(result.error.issues[0]).toMatchObject({ params: { code: 'too_long', maximum: 20 } });
  });

  it('tells the OpenAPI document its bounds', () => {
    expect(z.toJSONSchema(name, { io: 'input' })).toMatchObject({
      type: 'string',
      minLength: 1,
      maxLength: 20,
    });
    expect(z.toJSONSchema(prose, { io: 'input' })).not.toHaveProperty('minLength');
  });

  it('makes empty optional text null', () => {
    expect(optionalText(10).parse('  ')).toBeNull();
    expect(optionalText(10).parse(null)).toBeNull();
  });

  it('never answers a text that is not well formed, NFC and within bounds (property)', () => {
    const anyText = fc.string({
      unit: fc.constantFrom(
        'a',
        'é',
        'e\u0301',
        ' ',
        '\n',
        '\r',
        '\u0000',
        '\ud800',
        '\udc00',
        '\u{1F642}',
        '\u200d',
        '\u202e',
        '\u0645',
        '\t',
        '\u0085',
      ),
      maxLength: 30,
    });
    fc.assert(
      fc.property(anyText, fc.constantFrom(name, prose, token), (value, schema) => {
        const result = schema.safeParse(value);
        if (!result.success) return;
        const out = result.data;
        expect(out).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
        expect(out).toBe(out.normalize('NFC'));
        expect(out).toBe(out.trim());
        expect(out).not.toMatch(/(?![\t\n])\p{Cc}|[\u202d\u202e\ufeff]/u);
        expect(out).not.toContain('\r');
        expect(characterCount(out)).toBeLessThanOrEqual(schema === name ? 20 : 50);
      }),
      { numRuns: 2000 },
    );
  });

  it('is idempotent: the text it gives back passes unchanged (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (value) => {
        const first = prose.safeParse(value);
        if (first.success) expect(prose.parse(first.data)).toBe(first.data);
      }),
    );
  });
});

describe('secretText', () => {
  it('keeps a password exactly as typed, refusing only what is not text', () => {
    const secret = secretText(100);
    expect(secret.parse('  Cafe\u0301 \t')).toBe('  Cafe\u0301 \t');
    expect(codeOf(secret.safeParse('pass\u0000word'))).toBe('invalid_characters');
    expect(codeOf(secret.safeParse('pass\ud800word'))).toBe('invalid_characters');
    expect(codeOf(secret.safeParse('x'.repeat(101)))).toBe('too_long');
  });
});
