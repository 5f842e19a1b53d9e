import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClusterIndex } from './cluster-index.ts';
import { testHaversine, testPlace, viewAround, WORLD } from './test-places.ts';
import type { IndexedPlace } from './types.ts';

const ZAGREB = { lat: 45.8, lng: 16.0 };
const SPOTS = [ZAGREB, { lat: 45.81, lng: 16.02 }, { lat: -17, lng: 179.99 }];
const CATEGORIES = ['a', 'b', 'c'];
/** Ids from a small range, so that changes often hit a place already there (and free its slot). */
const MAX_ID = 300;

const placeArbitrary = fc
  .record({
    id: fc.integer({ min: 1, max: MAX_ID }),
    spot: fc.oneof({ weight: 4, arbitrary: fc.constant(ZAGREB) }, fc.constantFrom(...SPOTS)),
    dLat: fc.integer({ min: -200, max: 200 }),
    dLng: fc.integer({ min: -200, max: 200 }),
    category: fc.constantFrom(...CATEGORIES),
    hoursId: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
    kind: fc.option(fc.constantFrom('x', 'y'), { nil: undefined }),
    radius: fc.option(fc.integer({ min: 100, max: 5_000 }), { nil: null }),
    name: fc.string({ maxLength: 12 }),
  })
  .map(({ id, spot, dLat, dLng, category, hoursId, kind, radius, name }) =>
    testPlace(id, spot.lat + dLat / 10_000, spot.lng + dLng / 10_000, {
      category,
      hoursId,
      radius,
      name: { hr: `${name} ${id}` },
      primaryLanguage: 'hr',
      ...(kind ? { values: { kind } } : {}),
    }),
  );

const changeArbitrary = fc.oneof(
  { weight: 6, arbitrary: placeArbitrary.map((place) => ({ kind: 'upsert' as const, place })) },
  {
    weight: 3,
    arbitrary: fc.integer({ min: 1, max: MAX_ID }).map((id) => ({ kind: 'remove' as const, id })),
  },
  fc.subarray([0, 1, 2, 3]).map((hours) => ({ kind: 'open' as const, hours })),
  fc.constant({ kind: 'compact' as const }),
  // Where the leader hands its changes to the followers.
  { weight: 2, arbitrary: fc.constant({ kind: 'cut' as const }) },
);

/** What the followers must answer as the leader does: views, counts and nearest pages, with every filter. */
function answers(index: ClusterIndex): unknown[] {
  const out: unknown[] = [];
  for (const spot of SPOTS) {
    for (const zoom of [3, 11, 15]) {
      const bbox = viewAround(spot, zoom);
      out.push(index.query({ bbox, zoom, lang: 'hr' }));
      out.push(index.query({ bbox, zoom, categories: ['a', 'c'], openNow: true, lang: 'hr' }));
      out.push(index.query({ bbox, zoom, filters: [{ key: 'kind', anyOf: ['x'] }], lang: 'hr' }));
    }
  }
  out.push(index.query({ bbox: WORLD, zoom: 2 }));
  out.push(index.count({}), index.count({ openNow: true, categories: ['b'] }));
  out.push(index.count({ bbox: viewAround(ZAGREB, 13), filters: [{ key: 'kind', anyOf: ['y'] }] }));
  const origin = { lat: 45.801, lng: 16.001 };
  out.push(index.nearest({ origin, within: 3_000, limit: 7, withTotal: true }, testHaversine));
  out.push(index.nearest({ origin, within: 3_000, limit: 5, openNow: true, withTotal: true }, testHaversine));
  out.push(
    index.nearest({ origin, within: 10_000, limit: 5, covering: true, withTotal: true }, testHaversine),
  );
  out.push(index.size);
  return out;
}

describe('ClusterIndex: followers of a shared index', () => {
  it('answer as the leader did at each handover, even while the leader is far ahead', () => {
    fc.assert(
      fc.property(
        fc.array(placeArbitrary, { maxLength: 300, size: 'max' }),
        fc.subarray([0, 1, 2, 3]),
        fc.array(changeArbitrary, { maxLength: 200, size: 'max' }),
        fc.integer({ min: 1, max: 4 }),
        (initial, openHours, changes, lag) => {
          const build = ClusterIndex.startBuild({ shared: true });
          for (const place of initial) build.add(place);
          const leader = build.finish(new Set(openHours));
          // One follower keeps up; one lags `lag` handovers behind; one starts halfway.
          const prompt = ClusterIndex.follow(leader.image());
          let lagging = ClusterIndex.follow(leader.image());
          let late: ClusterIndex | undefined;
          const handovers: { changes: ReturnType<ClusterIndex['takeChanges']>; answers: unknown[] }[] = [];
          let laggingAt = 0;
          const handOver = () => {
            const taken = leader.takeChanges();
            handovers.push({ changes: taken, answers: answers(leader) });
            prompt.apply(taken);
            late?.apply(taken);
            expect(answers(prompt), 'a follower keeping up').toEqual(handovers.at(-1)?.answers);
            while (handovers.length - laggingAt > lag) {
              const next = handovers[laggingAt] as (typeof handovers)[number];
              lagging.apply(next.changes);
              expect(answers(lagging), 'a follower lagging').toEqual(next.answers);
              laggingAt += 1;
            }
            const followers = [prompt, lagging, ...(late ? [late] : [])];
            leader.followersAt(Math.min(...followers.map((each) => each.changesApplied)));
          };
          changes.forEach((change, at) => {
            if (change.kind === 'upsert') leader.upsert(change.place);
            else if (change.kind === 'remove') leader.remove(change.id);
            else if (change.kind === 'open') leader.setOpenHours(new Set(change.hours));
            else if (change.kind === 'compact') leader.compact();
            else handOver();
            if (at === Math.floor(changes.length / 2)) {
              // A follower starting now replays the changes since the last compaction.
              late = ClusterIndex.follow(leader.image());
              expect(answers(late), 'a follower starting halfway').toEqual(answers(leader));
            }
          });
          handOver();
          for (const { changes: taken } of handovers.slice(laggingAt)) lagging.apply(taken);
          expect(answers(lagging)).toEqual(answers(leader));
          // A follower given every change again skips those it has.
          lagging.apply(handovers.at(-1)?.changes as ReturnType<ClusterIndex['takeChanges']>);
          expect(answers(lagging)).toEqual(answers(leader));
          lagging = ClusterIndex.follow(leader.image());
          expect(answers(lagging)).toEqual(answers(leader));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('follow the open layers the leader rebuilds at the minute most places open', () => {
    const places: IndexedPlace[] = Array.from({ length: 4_000 }, (_, i) =>
      testPlace(i + 1, 45.7 + (i % 97) / 500, 15.9 + Math.floor(i / 97) / 300, { hoursId: i % 2 }),
    );
    const build = ClusterIndex.startBuild({ shared: true });
    for (const place of places) build.add(place);
    const leader = build.finish(new Set([0]));
    const follower = ClusterIndex.follow(leader.image());
    // 2 000 places open and 2 000 close: past the 2 000 changes that make the open layers rebuild.
    expect(leader.setOpenHours(new Set([1]))).toEqual({ changed: 4_000, rebuilt: true });
    leader.upsert(testPlace(1, 45.75, 15.95, { hoursId: 1 }));
    follower.apply(leader.takeChanges());
    expect(answers(follower)).toEqual(answers(leader));
    expect(follower.count({ openNow: true })).toBe(2_001);
  });

  it('keep a freed slot from new places until every follower is past its freeing', () => {
    const build = ClusterIndex.startBuild({ shared: true });
    build.add(testPlace(1, 45.8, 16, { name: { en: 'One' } }));
    const leader = build.finish();
    const follower = ClusterIndex.follow(leader.image());
    leader.remove(1);
    leader.upsert(testPlace(2, 10, 10, { name: { en: 'Two' } }));
    // The follower has not applied the removal: it still shows place 1, where it was.
    expect(follower.query({ bbox: WORLD, zoom: 2 }).places.map((p) => [p.id, p.name, p.lat])).toEqual([
      [1, 'One', 45.8],
    ]);
    follower.apply(leader.takeChanges());
    leader.followersAt(follower.changesApplied);
    leader.upsert(testPlace(3, -40, -120));
    // Not yet reused: no compaction came after the freeing.
    expect(leader.slotOf(3)).toBe(2);
    leader.compact();
    follower.apply(leader.takeChanges());
    leader.followersAt(follower.changesApplied);
    leader.upsert(testPlace(4, 50, -60));
    expect(leader.slotOf(4)).toBe(0);
    follower.apply(leader.takeChanges());
    expect(
      follower
        .query({ bbox: WORLD, zoom: 2 })
        .places.map((p) => p.id)
        .sort(),
    ).toEqual([2, 3, 4]);
    expect(() => follower.upsert(testPlace(5, 1, 1))).toThrow(/follower/);
    expect(() => ClusterIndex.build([]).takeChanges()).toThrow(/shared/);
  });
});
