import { describe, expect, it } from 'vitest';
import { type ConfigError, loadConfig } from './env.ts';

describe('loadConfig: mail (SMTP_URL, MAIL_FROM)', () => {
  it('turns mail on with SMTP_URL, MAIL_FROM and PUBLIC_URL together, naming the site after the sender', () => {
    expect(loadConfig({}, '/x').mail).toBeNull();
    const config = loadConfig(
      {
        SMTP_URL: 'smtps://karta:s3cret@mail.example.org:465',
        MAIL_FROM: '"Karta Zagreb" <karta@example.org>',
        PUBLIC_URL: 'https://karta.example.org',
      },
      '/x',
    );
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://karta:s3cret@mail.example.org:465',
      from: '"Karta Zagreb" <karta@example.org>',
      siteName: 'Karta Zagreb',
    });
    expect(
      loadConfig(
        {
          SMTP_URL: 'smtp://mail.example.org',
          MAIL_FROM: 'karta@example.org',
          PUBLIC_URL: 'https://k.example.org',
        },
        '/x',
      ).mail?.siteName,
    ).toBe('Karta');
  });

  it('refuses half a mail set-up, a From that could add a header, and never repeats the SMTP password', () => {
    const issues = (env: Record<string, string>) => {
      try {
        loadConfig(env, '/x');
        return [];
      } catch (error) {
        expect((error as Error).message).not.toContain('s3cret');
        return (error as ConfigError).issues.map((issue) => issue.variable);
      }
    };
    expect(issues({ SMTP_URL: 'smtp://u:s3cret@mail.example.org' })).toEqual(['MAIL_FROM']);
    expect(issues({ MAIL_FROM: 'karta@example.org' })).toEqual(['SMTP_URL']);
    expect(issues({ SMTP_URL: 'smtp://u:s3cret@mail.example.org', MAIL_FROM: 'karta@example.org' })).toEqual([
      'PUBLIC_URL',
    ]);
    expect(
      issues({
        SMTP_URL: 'http://u:s3cret@mail.example.org',
        MAIL_FROM: 'Karta <karta@example.org>\r\nBcc: all@example.org',
        PUBLIC_URL: 'https://k.example.org',
      }).sort(),
    ).toEqual(['MAIL_FROM', 'SMTP_URL']);
  });
});
