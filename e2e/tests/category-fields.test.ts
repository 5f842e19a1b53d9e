import { expect, it } from 'vitest';
import { adminApi, newModerator } from '../support/accounts.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { CategoryEditor } from '../support/category-editor.ts';

const ACCESS_OPTIONS = [
  { hr: 'Javno', en: 'Public' },
  { hr: 'Samo za korisnike', en: 'Customers only' },
  { hr: 'Privatno', en: 'Private' },
];

describeInBrowser('the fields of a category, edited on a phone', (suite) => {
  it('a moderator at 375 px adds “Indoor” (yes/no) and “Access” (three choices) to a defibrillator category, both filterable: the preview speaks both languages, a refused type shows beside it, the editor fits the screen, and the fields are there after a reload', async () => {
    const { karta, page, baseUrl } = suite;
    const tag = Date.now().toString(36);
    const slug = `defibrillator-${tag}`;
    const { api: admin } = await adminApi(baseUrl);
    // A defibrillator category of this test's own: the demo's has these fields already, and
    // other tests read it.
    const category = await admin.createCategory({
      slug,
      name: { hr: `Defibrilator ${tag}`, en: `Defibrillator ${tag}` },
      color: '#b91c1c',
      icon: 'heart-pulse',
    });
    const moderator = await newModerator(baseUrl, 'E2E field editor');

    await karta.forgetSession();
    await karta.resize(375, 740);
    await karta.openStaffScreen('/categories');
    expect(await karta.staffGate()).toBe('sign-in');
    await karta.signInFromStaffPrompt(moderator);
    expect(await karta.staffGate()).toBe('open');
    await karta.switchLanguage('en');
    const editor = new CategoryEditor(page, slug);
    expect(await editor.summary()).toBe('');
    await editor.open();

    // "Indoor" as short text first: the demo's defibrillators have `indoor` as yes/no, and a key
    // means one type across the site, so the server refuses the type, and says so beside it.
    expect(await editor.addField({ hr: 'U zatvorenom', en: 'Indoor' }, 'Short text', false)).toBe('indoor');
    await editor.save();
    await expect
      .poll(() => editor.problems('indoor'), { timeout: 10_000 })
      .toEqual([
        'Another category has a field with this key of another type. Choose that type, or another key.',
      ]);
    await expect.poll(() => editor.focus()).toEqual({ testId: 'field-type', key: 'indoor' });
    await editor.setType('indoor', 'Yes/no');
    expect(await editor.problems('indoor')).toEqual([]);
    await editor.setFilterable('indoor', true);

    expect(await editor.addField({ hr: 'Pristup', en: 'Access' }, 'One choice', true)).toBe('access');
    expect(await editor.setOptions('access', ACCESS_OPTIONS)).toEqual([
      'public',
      'customers_only',
      'private',
    ]);

    // The preview shows each field as the place form will, in each language in its own words.
    await expect
      .poll(() => editor.preview('indoor'))
      .toEqual({ hr: 'CROATIAN U zatvorenom Da Ne Nije navedeno', en: 'ENGLISH Indoor Yes No Not said' });
    expect(await editor.preview('access')).toEqual({
      hr: 'CROATIAN Pristup Javno Samo za korisnike Privatno Nije navedeno',
      en: 'ENGLISH Access Public Customers only Private Not said',
    });

    // At 375 px nothing is wider than the screen, every control is a 44 px target, and Save
    // stays on screen and uncovered wherever the moderator is in the form.
    for (const key of ['indoor', 'access']) {
      await editor.scrollTo(key);
      const layout = await editor.layout();
      expect(layout.viewport).toBe(375);
      expect(layout.scrollWidth, key).toBeLessThanOrEqual(375);
      expect(layout.outside, key).toEqual([]);
      expect(layout.smallTargets, key).toEqual([]);
      expect(layout.saveReachable, key).toBe(true);
    }
    expect(await axeViolations(page)).toEqual([]);

    // Reordering with the keyboard keeps the focus on the button pressed.
    await editor.moveUpWithKeyboard('access');
    await expect
      .poll(() => editor.fields())
      .toEqual([
        { key: 'access', name: 'Access' },
        { key: 'indoor', name: 'Indoor' },
      ]);
    await expect.poll(() => editor.focus()).toEqual({ testId: 'move-field-up', key: 'access' });

    await editor.save();
    expect(await editor.savedToast()).toBe('The category is saved.');
    const saved = (await admin.categories()).items.find((item) => item.id === category.id);
    expect(saved?.fields).toEqual([
      {
        key: 'access',
        type: 'enum',
        label: { hr: 'Pristup', en: 'Access' },
        options: [
          { value: 'public', label: { hr: 'Javno', en: 'Public' } },
          { value: 'customers_only', label: { hr: 'Samo za korisnike', en: 'Customers only' } },
          { value: 'private', label: { hr: 'Privatno', en: 'Private' } },
        ],
        filterable: true,
      },
      { key: 'indoor', type: 'boolean', label: { hr: 'U zatvorenom', en: 'Indoor' }, filterable: true },
    ]);

    // After a reload the fields are there, their keys fixed; in Croatian too, and still fitting.
    await page.reload();
    expect(await karta.staffGate()).toBe('open');
    await expect.poll(() => editor.summary()).toBe('Fields: Access, Indoor');
    await karta.switchLanguage('hr');
    await expect.poll(() => editor.summary()).toBe('Polja: Pristup, U zatvorenom');
    await editor.open();
    expect(await editor.fields()).toEqual([
      { key: 'access', name: 'Pristup' },
      { key: 'indoor', name: 'U zatvorenom' },
    ]);
    await editor.toggle('access');
    expect(await editor.card('access').getByTestId('field-key').count()).toBe(0);
    expect(await editor.card('access').getByTestId('delete-option').count()).toBe(0);
    await expect
      .poll(() => editor.preview('access'))
      .toEqual({
        hr: 'HRVATSKI Pristup Javno Samo za korisnike Privatno Nije navedeno',
        en: 'ENGLESKI Access Public Customers only Private Not said',
      });
    await editor.scrollTo('access');
    const layout = await editor.layout();
    expect(layout.outside).toEqual([]);
    expect(layout.smallTargets).toEqual([]);
    expect(layout.saveReachable).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });
});
