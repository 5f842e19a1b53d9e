import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '@karta/api-client';
import { beforeAll, expect, it } from 'vitest';
import { adminApi, newContributor, newModerator } from '../support/accounts.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { ImportScreenDriver } from '../support/import-page.ts';

/** Writes a file of the test's own into a fresh folder, for the file input. */
async function fileOf(name: string, text: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'karta-import-e2e-'));
  const path = join(folder, name);
  await writeFile(path, text);
  return path;
}

describeInBrowser('import and export', (suite) => {
  let category = 'pharmacy';

  beforeAll(async () => {
    const { api } = await adminApi(suite.baseUrl);
    category = (await api.categories()).items[0]?.slug ?? category;
  });

  it('a moderator imports a CSV with other column names as published places, re-imports it unchanged, and a broken row imports nothing', async () => {
    const { karta, page, baseUrl } = suite;
    const visitor = createApiClient({ baseUrl });
    const tag = `imp${Date.now().toString(36)}`;
    const csv = [
      'ID,Name,Latitude,Lon,Kategorija,Opis',
      `${tag}-1,"Ljekarna ${tag}, Centar",45.9012,16.2011,${category},"Otvoreno 0–24.\nUlaz iz dvorišta, lijevo"`,
      `${tag}-2,Sklonište ${tag},45.9022,16.2022,${category},`,
      `${tag}-3,Voda ${tag},45.9033,16.2033,${category},Pitka voda`,
    ].join('\r\n');
    const file = await fileOf('places.csv', csv);

    await karta.forgetSession();
    await karta.openStaffScreen('/review');
    await karta.signInFromStaffPrompt(await newModerator(baseUrl, 'E2E importer'));
    const screen = new ImportScreenDriver(page, baseUrl);
    await screen.openFromUserMenu();
    expect(await screen.gate()).toBe('open');

    await screen.chooseFile(file);
    expect(await screen.mapping()).toEqual({
      ID: 'externalId',
      Name: 'name_en',
      Latitude: 'lat',
      Lon: 'lng',
      Kategorija: 'category',
      Opis: 'description_hr',
    });
    // The names are Croatian.
    await screen.mapColumn('Name', 'name_hr');
    await screen.chooseStatus('published');
    expect(await screen.check()).toEqual({ create: 3, update: 0, unchanged: 0, refused: 0 });
    // Nothing is written by a check.
    expect((await visitor.listPlaces({ q: tag })).items).toHaveLength(0);

    expect(await screen.importChecked()).toEqual({
      kind: 'imported',
      counts: { create: 3, update: 0, unchanged: 0, refused: 0 },
    });
    // The list of recent imports says what it did, with who ran it.
    const recent = page.getByTestId('recent-imports').getByRole('listitem').first();
    await recent.getByText('3 new places, 0 changed, 0 unchanged.').waitFor();
    expect(await recent.textContent()).toContain('E2E importer · published at once');
    const listed = await visitor.listPlaces({ q: tag });
    expect(listed.items.map((place) => place.externalId).sort()).toEqual([
      `${tag}-1`,
      `${tag}-2`,
      `${tag}-3`,
    ]);
    const first = listed.items.find((place) => place.externalId === `${tag}-1`);
    expect(first).toMatchObject({
      status: 'published',
      name: { hr: `Ljekarna ${tag}, Centar` },
      description: { hr: 'Otvoreno 0–24.\nUlaz iz dvorišta, lijevo' },
      lat: 45.9012,
      lng: 16.2011,
    });

    // The same file again changes nothing.
    await screen.chooseFile(file);
    await screen.mapColumn('Name', 'name_hr');
    expect(await screen.check()).toEqual({ create: 0, update: 0, unchanged: 3, refused: 0 });
    expect(await screen.canImport()).toBe(false);
    expect(await screen.headline()).toContain('Nothing to import');

    // One broken row: the check says which and why, and nothing of the file can be imported.
    const broken = await fileOf(
      'broken.csv',
      [
        'ID,Naziv,Latitude,Lon,Kategorija',
        `${tag}-b1,Dobro mjesto ${tag},45.91,16.21,${category}`,
        `${tag}-b2,Loše mjesto ${tag},95,16.22,${category}`,
      ].join('\r\n'),
    );
    await screen.chooseFile(broken);
    expect(await screen.check()).toEqual({ create: 1, update: 0, unchanged: 0, refused: 1 });
    const issues = await screen.refusedIssues();
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ row: 2, column: 'lat' });
    expect(issues[0]?.text).toContain('Latitude must be a number from −90 to 90');
    expect(await screen.canImport()).toBe(false);
    expect((await visitor.listPlaces({ q: `Dobro mjesto ${tag}` })).items).toHaveLength(0);
  });

  it('a moderator imports an address list without coordinates: each row placed by its address, the one not found named and skipped', async () => {
    const { karta, page, baseUrl } = suite;
    const visitor = createApiClient({ baseUrl });
    const tag = `adr${Date.now().toString(36)}`;
    const file = await fileOf(
      'addresses.csv',
      [
        'ID,Naziv,Adresa,Kategorija',
        `${tag}-1,Sklonište ${tag} Samobor,Samobor,${category}`,
        `${tag}-2,Sklonište ${tag} Gorica,Velika Gorica,${category}`,
        `${tag}-3,Sklonište ${tag} Nigdje,"Izmišljena 9, Nigdjegrad",${category}`,
      ].join('\r\n'),
    );
    await karta.forgetSession();
    await karta.openStaffScreen('/review');
    await karta.signInFromStaffPrompt(await newModerator(baseUrl, 'E2E address importer'));
    const screen = new ImportScreenDriver(page, baseUrl);
    await screen.openFromUserMenu();
    await screen.chooseFile(file);
    // No latitude or longitude column, and none is asked for: the address places each row.
    expect(await screen.mapping()).toEqual({
      ID: 'externalId',
      Naziv: 'name_hr',
      Adresa: 'address',
      Kategorija: 'category',
    });
    await screen.chooseStatus('published');
    expect(await screen.check()).toEqual({ create: 2, update: 0, unchanged: 0, refused: 0 });
    expect(await screen.placedByAddress()).toEqual({
      counts: { exact: 0, approximate: 2, not_found: 1 },
      skipped: 'Row 3 was not found: it will be skipped, not placed anywhere.',
    });
    expect((await screen.importChecked()).counts).toEqual({ create: 2, update: 0, unchanged: 0, refused: 0 });
    const placed = (await visitor.listPlaces({ q: tag })).items;
    expect(placed.map((place) => place.externalId).sort()).toEqual([`${tag}-1`, `${tag}-2`]);
    const samobor = placed.find((place) => place.externalId === `${tag}-1`);
    expect(samobor?.lat).toBeCloseTo(45.8, 1);
    expect(samobor?.lng).toBeCloseTo(15.71, 1);
  });

  it('reads columns named as a category’s fields as its values, says which value is wrong, and imports them', async () => {
    const { karta, page, baseUrl } = suite;
    const visitor = createApiClient({ baseUrl });
    const tag = `val${Date.now().toString(36)}`;
    // Croatian labels of the demo defibrillator's fields (Pristup, U zatvorenom, Kat) and OSM's yes/no.
    const csvOf = (access: string) =>
      [
        'ID,Naziv,Latitude,Lon,Kategorija,Pristup,U zatvorenom,Kat',
        `${tag}-1,AED ${tag} Trg,45.9112,16.2111,defibrillator,customers,yes,2`,
        `${tag}-2,AED ${tag} Park,45.9122,16.2122,defibrillator,${access},no,`,
      ].join('\r\n');

    await karta.forgetSession();
    await karta.openStaffScreen('/review');
    await karta.signInFromStaffPrompt(await newModerator(baseUrl, 'E2E value importer'));
    const screen = new ImportScreenDriver(page, baseUrl);
    await screen.openFromUserMenu();
    await screen.chooseFile(await fileOf('values.csv', csvOf('public')));
    await expect
      .poll(() => screen.mapping())
      .toEqual({
        ID: 'externalId',
        Naziv: 'name_hr',
        Latitude: 'lat',
        Lon: 'lng',
        Kategorija: 'category',
        Pristup: 'x_access',
        'U zatvorenom': 'x_indoor',
        Kat: 'x_level',
      });
    expect(await axeViolations(page)).toEqual([]);

    expect(await screen.check()).toEqual({ create: 1, update: 0, unchanged: 0, refused: 1 });
    const issues = await screen.refusedIssues();
    expect(issues).toEqual([expect.objectContaining({ row: 2, column: 'x_access' })]);
    expect(issues[0]?.text).toContain('your column “Pristup”');
    expect(issues[0]?.text).toContain('This is not one of the field’s options.');
    expect(await axeViolations(page)).toEqual([]);

    await screen.chooseFile(await fileOf('values-fixed.csv', csvOf('yes')));
    await screen.chooseStatus('published');
    expect(await screen.check()).toEqual({ create: 2, update: 0, unchanged: 0, refused: 0 });
    expect((await screen.importChecked()).kind).toBe('imported');
    const listed = await visitor.listPlaces({ q: tag });
    const values = Object.fromEntries(listed.items.map((place) => [place.externalId, place.extra]));
    expect(values).toEqual({
      [`${tag}-1`]: { access: 'customers', indoor: true, level: 2 },
      [`${tag}-2`]: { access: 'yes', indoor: false },
    });
    // The map's filters find them by those values.
    const indoor = await visitor.listPlaces({ q: tag, f: [{ key: 'indoor', values: ['true'] }] });
    expect(indoor.items.map((place) => place.externalId)).toEqual([`${tag}-1`]);
  });

  it('is not offered to a contributor, who cannot open it either', async () => {
    const { karta, page, baseUrl } = suite;
    const contributor = await newContributor(baseUrl, 'E2E not an importer');
    await karta.forgetSession();
    await karta.openStaffScreen('/review');
    await karta.signInFromStaffPrompt({ email: contributor.email, password: contributor.password });
    const screen = new ImportScreenDriver(page, baseUrl);
    expect(await screen.menuOffersImport()).toBe(false);
    await screen.open();
    expect(await screen.gate()).toBe('not-allowed');
  });
});
