import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig: opening hours (TIME_ZONE, HOLIDAY_COUNTRY)', () => {
  it('reads opening hours in TIME_ZONE with the public holidays of HOLIDAY_COUNTRY', () => {
    expect(loadConfig({}).hours).toEqual({ timeZone: 'Europe/Zagreb', country: 'hr' });
    expect(loadConfig({ TIME_ZONE: 'America/New_York', HOLIDAY_COUNTRY: 'US' }).hours).toEqual({
      timeZone: 'America/New_York',
      country: 'us',
    });
    let error: unknown;
    try {
      loadConfig({ TIME_ZONE: 'Europe/Atlantis', HOLIDAY_COUNTRY: 'xx' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues.map((issue) => issue.variable).sort()).toEqual([
      'HOLIDAY_COUNTRY',
      'TIME_ZONE',
    ]);
  });
});
