import { describe, expect, it } from 'vitest';
import { type Actor, canSee, checkEdit, checkTransition, type PlaceStatus } from './place-rules.ts';

const author: Actor = { id: 1, role: 'contributor' };
const other: Actor = { id: 2, role: 'contributor' };
const moderator: Actor = { id: 3, role: 'moderator' };
const admin: Actor = { id: 4, role: 'admin' };
const statuses: PlaceStatus[] = ['pending', 'published', 'rejected', 'archived'];

/**
 * docs/product-rules.md §States, as a table: from → to → who may. Everything not listed is refused
 * for everyone.
 */
const ALLOWED: Record<string, Actor[]> = {
  'pending→published': [moderator, admin],
  'pending→rejected': [moderator, admin],
  'rejected→pending': [author, moderator, admin],
  'published→archived': [moderator, admin],
  'archived→published': [moderator, admin],
};

describe('place transitions', () => {
  for (const from of statuses) {
    for (const to of statuses) {
      const key = `${from}→${to}`;
      const allowed = ALLOWED[key];
      it(`${key}: ${allowed ? 'allowed for its roles only' : 'refused for everyone (422)'}`, () => {
        for (const actor of [author, other, moderator, admin]) {
          const refusal = checkTransition(actor, { status: from, authorId: author.id }, to, 'Duplicate');
          if (!allowed) expect(refusal?.code).toBe('invalid_transition');
          else if (allowed.includes(actor)) expect(refusal).toBeNull();
          else expect(refusal?.code).toBe('forbidden');
        }
      });
    }
  }

  it('needs a reason to reject', () => {
    const place = { status: 'pending' as const, authorId: author.id };
    expect(checkTransition(moderator, place, 'rejected', null)?.code).toBe('reason_required');
    expect(checkTransition(moderator, place, 'rejected', '   ')?.code).toBe('reason_required');
    expect(checkTransition(moderator, place, 'rejected', 'Not a real place')).toBeNull();
  });
});

describe('editing and seeing a place', () => {
  it('lets the author edit only while pending or rejected, and moderators always', () => {
    for (const status of statuses) {
      const place = { status, authorId: author.id };
      const ownEditable = status === 'pending' || status === 'rejected';
      expect(checkEdit(author, place) === null).toBe(ownEditable);
      expect(checkEdit(other, place)?.code).toBe('forbidden');
      expect(checkEdit(moderator, place)).toBeNull();
      expect(checkEdit(admin, place)).toBeNull();
    }
  });

  it('shows a place that is not published to its author and moderators only', () => {
    for (const status of statuses) {
      const place = { status, authorId: author.id };
      const open = status === 'published';
      expect(canSee(null, place)).toBe(open);
      expect(canSee(other, place)).toBe(open);
      expect(canSee(author, place)).toBe(true);
      expect(canSee(moderator, place)).toBe(true);
    }
  });
});
