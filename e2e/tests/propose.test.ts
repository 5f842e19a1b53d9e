import { expect, it } from 'vitest';
import { adminApi, newContributor, newModerator } from '../support/accounts.ts';
import { apiOf, placeShownAsMarker, viewOf } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';

/** Metres per pixel at `zoom` and `lat` on 256-px tiles. */
const metresPerPixel = (zoom: number, lat: number) =>
  (156_543.03 * Math.cos((lat * Math.PI) / 180)) / 2 ** zoom;

describeInBrowser('proposing a place', (suite) => {
  it('a contributor proposes a place on the map, is warned of a duplicate, follows it through rejection to resubmission, and a moderator publishes it onto the map', async () => {
    const { karta, baseUrl } = suite;
    // A published place with an English name: the new one is named like it, a few metres away.
    const { place: nearby } = await placeShownAsMarker(baseUrl, 17, (place) => Boolean(place.name.en));
    const contributor = await newContributor(baseUrl, 'E2E proposer');
    await karta.forgetSession();

    // Everyone sees the invitation; a visitor is asked to sign in first, and comes back to the form.
    await karta.openHome(viewOf(nearby, 17));
    await karta.proposeFromHome();
    expect(await karta.contributorGate()).toBe('sign-in');
    await karta.signInFromContributorPrompt(contributor);
    expect(await karta.contributorGate()).toBe('form');
    await karta.waitForPickerMap();
    expect(await karta.pickerPosition()).toBeNull();

    // Click the map: the marker goes there and the coordinates follow.
    await karta.clickPickerMap(0, 30);
    const clicked = await karta.pickerPosition();
    expect(clicked?.lat).toBeLessThan(nearby.lat);
    expect(Number(await karta.placeField('lat'))).toBeCloseTo(clicked?.lat ?? 0, 6);
    expect(await karta.pickerLabel()).toContain('arrow keys');

    // Drag it 40 px east: about 33 m at zoom 17.
    await karta.dragPicker(40, 0);
    const dragged = await karta.pickerPosition();
    const east =
      ((dragged?.lng ?? 0) - (clicked?.lng ?? 0)) * 111_320 * Math.cos((nearby.lat * Math.PI) / 180);
    expect(east).toBeGreaterThan(30 * metresPerPixel(17, nearby.lat));
    expect(east).toBeLessThan(50 * metresPerPixel(17, nearby.lat));
    expect(dragged?.lat).toBeCloseTo(clicked?.lat ?? 0, 4);
    expect(Number(await karta.placeField('lng'))).toBeCloseTo(dragged?.lng ?? 0, 6);

    // The keyboard moves it a few metres per press.
    await karta.nudgePicker('ArrowUp');
    const nudged = await karta.pickerPosition();
    expect(((nudged?.lat ?? 0) - (dragged?.lat ?? 0)) * 111_320).toBeCloseTo(5, 0);

    // The radius slider draws the circle live.
    expect(await karta.pickerCircleCount()).toBe(0);
    const radius = await karta.slideRadius(45);
    expect(radius).toBe(178);
    await expect.poll(() => karta.pickerCircleCount()).toBe(1);

    // A bad website is explained on its field, in words.
    await karta.fillPlaceField('website', 'example.org');
    expect(await karta.placeFieldError('website')).toBe(
      'Enter a web address starting with https:// or http://',
    );
    await karta.fillPlaceField('website', 'https://example.org/night');
    expect(await karta.placeFieldError('website', false)).toBe('');

    // Named like the published place nearby: it is shown as a possible duplicate.
    await karta.choosePlaceCategory();
    await karta.fillPlaceField('name.en', nearby.name.en ?? '');
    expect(await karta.possibleDuplicates()).toContain(nearby.id);

    // Saving asks once more, then goes to My submissions with a confirmation.
    await karta.savePlace();
    expect(await karta.duplicatesStep()).toContain(nearby.id);
    await karta.saveAnyway();
    expect(await karta.submissionConfirmation()).toContain('sent for review');
    const [created] = await karta.mySubmissions();
    expect(created).toMatchObject({ status: 'pending', name: nearby.name.en });
    const id = created?.id ?? 0;
    expect(karta.url().pathname).toBe('/my-submissions');

    const saved = await contributor.api.getPlace(id);
    expect(saved).toMatchObject({ status: 'pending', radius: 178, website: 'https://example.org/night' });
    expect(saved.lat).toBeCloseTo(nudged?.lat ?? 0, 6);
    expect(saved.lng).toBeCloseTo(nudged?.lng ?? 0, 6);

    // A moderator rejects it with a reason; the author reads it.
    const { api: moderator } = await adminApi(baseUrl);
    const reason =
      'This is the same pharmacy as the one already on the map.\nName it for what makes it different.';
    await moderator.transitionPlace(id, { to: 'rejected', reason, version: saved.version });
    await karta.openMySubmissions();
    await karta.waitForSubmissionStatus(id, 'rejected');
    expect(await karta.rejectionReason(id)).toBe(reason);

    // The author edits it and resubmits: pending again.
    await karta.editSubmission(id);
    await karta.waitForPickerMap();
    expect(await karta.placeField('name.en')).toBe(nearby.name.en);
    await karta.fillPlaceField('name.en', 'Night counter at the back door');
    await karta.savePlace();
    expect(await karta.submissionConfirmation()).toBe('Your changes were saved.');
    await karta.waitForSubmissionStatus(id, 'rejected');
    await karta.resubmit(id);
    await karta.waitForSubmissionStatus(id, 'pending');
    expect(await contributor.api.getPlace(id)).toMatchObject({
      status: 'pending',
      name: { en: 'Night counter at the back door' },
    });

    // A moderator publishes it from the review queue, and it is on the public map.
    await karta.forgetSession();
    await karta.openStaffScreen('/review');
    await karta.signInFromStaffPrompt(await newModerator(baseUrl));
    await karta.publish(id);
    expect((await contributor.api.getPlace(id)).status).toBe('published');
    // The map's index has it within 2 s: as its own marker, or, when it landed a few metres from
    // another place, in a cluster that lists both at the highest zoom.
    const around = {
      west: saved.lng - 0.001,
      south: saved.lat - 0.001,
      east: saved.lng + 0.001,
      north: saved.lat + 0.001,
    };
    let stack: { lat: number; lng: number } | undefined;
    await expect
      .poll(
        async () => {
          const { places, clusters } = await apiOf(baseUrl).map({ bbox: around, zoom: 18 });
          if (places.some((place) => place.id === id)) return 'marker';
          stack = clusters.find(
            ({ bounds }) =>
              bounds.west <= saved.lng &&
              saved.lng <= bounds.east &&
              bounds.south <= saved.lat &&
              saved.lat <= bounds.north,
          );
          return stack ? 'cluster' : 'absent';
        },
        { timeout: 5_000 },
      )
      .not.toBe('absent');

    // A visitor finds it on the map.
    await karta.forgetSession();
    if (stack) {
      await karta.openHomeReadingMapData(viewOf(stack, 18));
      await karta.clickClusterAtCentre();
      await expect
        .poll(() => karta.clusterInfoWindow().innerText())
        .toContain('Night counter at the back door');
    } else {
      await karta.openHome(viewOf(saved, 18));
      await expect.poll(() => karta.markerIds()).toContain(id);
    }
  });

  it('focuses the first invalid field when an empty form is sent', async () => {
    const { karta, baseUrl } = suite;
    const contributor = await newContributor(baseUrl, 'E2E hasty');
    await karta.forgetSession();
    await karta.openPropose();
    await karta.signInFromContributorPrompt(contributor);
    expect(await karta.contributorGate()).toBe('form');
    await karta.savePlace();
    await expect.poll(() => karta.focusedPlaceField()).toBe('lat');
    expect(await karta.placeFieldError('name.en')).toBe('Give the place a name in at least one language.');
  });
});

describeInBrowser(
  'proposing a place on Google Maps',
  (suite) => {
    it('puts, drags and nudges the marker and draws the radius with the Google engine', async () => {
      const { karta, baseUrl } = suite;
      const contributor = await newContributor(baseUrl, 'E2E Google proposer');
      await karta.forgetSession();
      await karta.openPropose('?lat=45.81&lng=15.98&z=16');
      await karta.signInFromContributorPrompt(contributor);
      await karta.waitForPickerMap();
      expect((await karta.mapStateOf('picker-map')).engine).toBe('google');
      await karta.clickPickerMap(0, 0);
      const clicked = await karta.pickerPosition();
      expect(clicked?.lat).toBeCloseTo(45.81, 3);
      await karta.dragPicker(0, 50);
      const dragged = await karta.pickerPosition();
      const south = ((clicked?.lat ?? 0) - (dragged?.lat ?? 0)) * 111_320;
      expect(south).toBeGreaterThan(45 * metresPerPixel(16, 45.81));
      expect(south).toBeLessThan(55 * metresPerPixel(16, 45.81));
      await karta.nudgePicker('Shift+ArrowRight');
      const nudged = await karta.pickerPosition();
      expect(
        ((nudged?.lng ?? 0) - (dragged?.lng ?? 0)) * 111_320 * Math.cos((45.81 * Math.PI) / 180),
      ).toBeCloseTo(50, 0);
      await karta.slideRadius(40);
      await expect.poll(() => karta.pickerCircleCount()).toBe(1);
    });
  },
  { engine: 'google' },
);
