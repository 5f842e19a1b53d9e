import { describe, expect, it } from 'vitest';
import { startupLines } from './startup-message.ts';

const defaults = {
  host: '0.0.0.0',
  port: 8080,
  publicUrl: null,
  database: 'pglite' as const,
  admin: { kind: 'exists' as const },
};

describe('startupLines', () => {
  it('names the address a browser opens: localhost for every address, the real port', () => {
    expect(startupLines(defaults)).toEqual(['Karta is running at http://localhost:8080']);
    expect(startupLines({ ...defaults, host: '::', port: 43117 })[0]).toBe(
      'Karta is running at http://localhost:43117',
    );
    expect(startupLines({ ...defaults, host: '127.0.0.1', port: 3000 })[0]).toBe(
      'Karta is running at http://127.0.0.1:3000',
    );
    expect(startupLines({ ...defaults, host: '::1' })[0]).toBe('Karta is running at http://[::1]:8080');
  });

  it('names PUBLIC_URL when it is set', () => {
    expect(startupLines({ ...defaults, publicUrl: 'https://karta.example.org' })[0]).toBe(
      'Karta is running at https://karta.example.org',
    );
  });

  it('says the admin came from ADMIN_EMAIL', () => {
    expect(startupLines({ ...defaults, admin: { kind: 'from-env', email: 'ana@example.org' } })).toEqual([
      'Karta is running at http://localhost:8080',
      'Admin: ana@example.org (from ADMIN_EMAIL)',
    ]);
  });

  it('without an admin, says how to make one (with the server stopped on PGlite)', () => {
    expect(startupLines({ ...defaults, admin: { kind: 'none' } })[1]).toBe(
      'No admin yet: set ADMIN_EMAIL and ADMIN_PASSWORD and restart, or stop Karta and run `npm run admin -- create --email <your e-mail>`.',
    );
    expect(startupLines({ ...defaults, database: 'postgresql', admin: { kind: 'none' } })[1]).toBe(
      'No admin yet: set ADMIN_EMAIL and ADMIN_PASSWORD and restart, or run `npm run admin -- create --email <your e-mail>`.',
    );
    expect(startupLines({ ...defaults, admin: { kind: 'none', adminEmail: 'ana@example.org' } })[1]).toBe(
      'No admin yet: ADMIN_EMAIL ana@example.org already has an account whose password is not ADMIN_PASSWORD. ' +
        'If it is yours, stop Karta and run `npm run admin -- create --email ana@example.org`.',
    );
  });
});
