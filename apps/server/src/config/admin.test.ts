import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig: the first admin (ADMIN_EMAIL, ADMIN_PASSWORD)', () => {
  it('reads the first admin from ADMIN_EMAIL and ADMIN_PASSWORD, password exactly as given', () => {
    expect(
      loadConfig({ ADMIN_EMAIL: ' admin@example.org ', ADMIN_PASSWORD: ' lantern-orchard-velvet ' }).admin,
    ).toEqual({ email: 'admin@example.org', password: ' lantern-orchard-velvet ' });
    expect(loadConfig({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }).admin).toBeNull();
  });

  it.each([
    [{ ADMIN_EMAIL: 'admin@example.org' }, 'ADMIN_PASSWORD', /together with ADMIN_EMAIL/],
    [{ ADMIN_PASSWORD: 'lantern-orchard-velvet' }, 'ADMIN_EMAIL', /together with ADMIN_PASSWORD/],
    [{ ADMIN_EMAIL: 'not-an-address', ADMIN_PASSWORD: 'lantern-orchard-velvet' }, 'ADMIN_EMAIL', /e-mail/],
    [{ ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD', /at least 10/],
    [{ ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: 'Password123!' }, 'ADMIN_PASSWORD', /too common/],
    [{ ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: 'ADMIN@example.org' }, 'ADMIN_PASSWORD', /e-mail/],
  ])('refuses the admin variables %o, naming %s', (env, variable, message) => {
    let error: unknown;
    try {
      loadConfig({ ...env, PORT: 'eighty' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues;
    // Named together with every other bad variable.
    expect(issues.map((issue) => issue.variable).sort()).toEqual([variable, 'PORT'].sort());
    expect(issues.find((issue) => issue.variable === variable)?.message).toMatch(message);
  });
});
