import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';
import { readSsoEnv } from './sso.ts';

const CITY = {
  OIDC_CITY_ISSUER: 'https://id.city.example/realms/staff',
  OIDC_CITY_CLIENT_ID: 'karta',
  OIDC_CITY_CLIENT_SECRET: ' secret with spaces ',
};

describe('single sign-on settings', () => {
  it('reads a provider from OIDC_<NAME>_*, its name in lower case, with defaults', () => {
    const { config, issues } = readSsoEnv({
      ...CITY,
      OIDC_CITY_LABEL: 'City staff',
      OIDC_CITY_TRUST_EMAIL: 'yes',
      OIDC_CITY_ALLOWED_DOMAINS: 'City.example, @staff.city.example',
      OIDC_CITY_ROLE_CLAIM: 'groups',
      OIDC_CITY_MODERATOR_VALUES: 'editors moderators',
      OIDC_CITY_ADMIN_VALUES: 'admins',
      OIDC_CITY_SCOPES: 'openid groups',
    });
    expect(issues).toEqual([]);
    expect(config.passwordLogin).toBe(true);
    expect(config.oidcProviders).toEqual([
      {
        name: 'city',
        label: 'City staff',
        issuer: new URL(CITY.OIDC_CITY_ISSUER),
        clientId: 'karta',
        clientSecret: ' secret with spaces ',
        scopes: ['groups'],
        trustEmail: true,
        allowedDomains: ['city.example', 'staff.city.example'],
        roleClaim: 'groups',
        moderatorValues: ['editors', 'moderators'],
        adminValues: ['admins'],
        allowHttp: false,
      },
    ]);
    expect(readSsoEnv(CITY).config.oidcProviders[0]).toMatchObject({
      label: 'City',
      trustEmail: false,
      roleClaim: null,
    });
  });

  it('takes plain HTTP only for an issuer on this machine', () => {
    expect(
      readSsoEnv({ ...CITY, OIDC_CITY_ISSUER: 'http://127.0.0.1:4000' }).config.oidcProviders[0]?.allowHttp,
    ).toBe(true);
    expect(readSsoEnv({ ...CITY, OIDC_CITY_ISSUER: 'http://id.city.example' }).issues).toEqual([
      {
        variable: 'OIDC_CITY_ISSUER',
        message: 'Expected an https:// URL (http:// only on 127.0.0.1, ::1 or localhost)',
      },
    ]);
  });

  it('names each bad variable in one line, and starts no provider with one', () => {
    const { config, issues } = readSsoEnv({
      OIDC_CITY_ISSUER: 'https://id.city.example',
      OIDC_CITY_TRUST_EMAIL: 'perhaps',
      OIDC_CITY_ADMIN_VALUES: 'admins',
      OIDC_CITY_ALLOWED_DOMAINS: 'not a domain',
      OIDC_CITY_COLOUR: 'blue',
      PASSWORD_LOGIN: 'maybe',
    });
    expect(issues).toContainEqual({
      variable: 'OIDC_CITY_ALLOWED_DOMAINS',
      message: 'Expected domains such as example.org, not “not”, “a”, “domain”',
    });
    expect(config.oidcProviders).toEqual([]);
    expect(issues.map((issue) => issue.variable).sort()).toEqual([
      'OIDC_CITY_ALLOWED_DOMAINS',
      'OIDC_CITY_CLIENT_ID',
      'OIDC_CITY_CLIENT_SECRET',
      'OIDC_CITY_COLOUR',
      'OIDC_CITY_ROLE_CLAIM',
      'OIDC_CITY_TRUST_EMAIL',
      'PASSWORD_LOGIN',
    ]);
  });

  it('refuses PASSWORD_LOGIN=false without a provider, so nobody is locked out', () => {
    expect(() => loadConfig({ PASSWORD_LOGIN: 'false' }, '/somewhere')).toThrow(ConfigError);
    expect(loadConfig({ ...CITY, PASSWORD_LOGIN: 'false' }, '/somewhere').passwordLogin).toBe(false);
  });
});
