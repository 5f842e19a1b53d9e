import { describe, expect, it } from 'vitest';
import { isReadStatement } from './statement-timeout.ts';

describe('isReadStatement', () => {
  it('takes plain reads, after comments and blank lines, as reads', () => {
    expect(isReadStatement('SELECT 1')).toBe(true);
    expect(isReadStatement('\n  -- the list\n  /* page */ WITH x AS (SELECT 1) SELECT * FROM x')).toBe(true);
    expect(isReadStatement('select updated_at, deleted from places')).toBe(true);
  });

  it('takes anything that may write as a write', () => {
    for (const sql of [
      'INSERT INTO places DEFAULT VALUES',
      'UPDATE places SET version = 2',
      'WITH gone AS (DELETE FROM sessions RETURNING id) SELECT count(*) FROM gone',
      'SELECT id FROM places FOR UPDATE',
      "SELECT nextval('places_id_seq')",
      "SELECT pg_advisory_xact_lock(hashtext('karta:migrations'))",
      "SELECT pg_notify('karta_place_changes', '')",
      "SELECT set_config('statement_timeout', '0', true)",
      'BEGIN',
      'SET LOCAL statement_timeout = 0',
    ]) {
      expect(isReadStatement(sql), sql).toBe(false);
    }
  });
});
