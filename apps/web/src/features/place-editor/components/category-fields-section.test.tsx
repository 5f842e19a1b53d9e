import { CategoryFields, type Extra } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { listedPlace, testConfig } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import type { PickerMapRequest } from './location-section.tsx';
import { PlaceEditor, type PlaceEditorProps } from './place-editor.tsx';

const ACCESS = {
  key: 'access',
  type: 'enum',
  label: { en: 'Access', hr: 'Pristup' },
  help: { en: 'Who may use it.', hr: 'Tko ga smije koristiti.' },
  options: [
    { value: 'yes', label: { en: 'Public', hr: 'Javno' } },
    { value: 'customers', label: { en: 'Customers only', hr: 'Samo za korisnike' } },
    { value: 'private', label: { en: 'Private', hr: 'Privatno' }, retired: true },
  ],
} as const;
const INDOOR = { key: 'indoor', type: 'boolean', label: { en: 'Indoor', hr: 'U zatvorenom' } } as const;
const LEVEL = { key: 'level', type: 'integer', label: { en: 'Floor', hr: 'Kat' }, min: -5, max: 60 } as const;

/** A defibrillator's fields as the demo data has them, and one of every other type. */
const defibrillator = CategoryFields.parse([ACCESS, INDOOR, LEVEL]);
const everything = CategoryFields.parse([
  { key: 'note', type: 'text', label: { en: 'Note' }, required: true },
  { key: 'story', type: 'longtext', label: { hr: 'Priča' } },
  { key: 'height', type: 'number', label: { en: 'Height' }, min: 0, unit: 'm' },
  { key: 'checked', type: 'boolean', label: { en: 'Checked' }, required: true },
  {
    key: 'languages',
    type: 'multi_enum',
    label: { en: 'Languages' },
    options: ['hr', 'en', 'uk'].map((value) => ({ value, label: { en: value.toUpperCase() } })),
  },
  {
    key: 'district',
    type: 'enum',
    label: { en: 'District' },
    options: ['a', 'b', 'c', 'd', 'e', 'f'].map((value) => ({ value, label: { en: `District ${value}` } })),
  },
  { key: 'since', type: 'date', label: { en: 'Since' } },
  { key: 'booking', type: 'url', label: { en: 'Booking' } },
  { key: 'hotline', type: 'phone', label: { en: 'Hotline' } },
]);
/** Another category sharing `indoor` (one type per key across the site) and nothing else. */
const water = CategoryFields.parse([INDOOR, { key: 'seasonal', type: 'boolean', label: { en: 'Seasonal' } }]);

const categories = [
  { id: 1, name: 'Defibrillator', fields: defibrillator },
  { id: 2, name: 'Drinking water', fields: water },
  { id: 3, name: 'Everything', fields: everything },
  { id: 4, name: 'Pharmacy', fields: [] },
];

function renderMap({ onPick }: PickerMapRequest) {
  return (
    <button type="button" onClick={() => onPick({ lat: 45.8131, lng: 15.9771 })}>
      Click the map
    </button>
  );
}

function renderEditor(props: Partial<PlaceEditorProps> = {}, language = 'en') {
  const onSaved = vi.fn();
  renderWithApp(
    <PlaceEditor categories={categories} renderMap={renderMap} onSaved={onSaved} cancelHref="/" {...props} />,
    { language, config: testConfig({ languages: ['hr', 'en'] }) },
  );
  return { onSaved };
}

async function startProposal(category: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Click the map' }));
  await userEvent.selectOptions(screen.getByLabelText('Category'), category);
  await userEvent.type(screen.getByLabelText('Name (English)'), 'Defibrillator at the station');
}

const saved = (id: number, extra: Extra = {}) => ({
  status: 201,
  body: {
    ...listedPlace({ id, status: 'pending', extra }),
    authorId: 7,
    authorVerified: true,
    rejectionReason: null,
  },
});

/** A save waits for the similar places' check and the answer: slow on a busy machine. */
const SAVED = { timeout: 5_000 };

const fieldset = (key: string) => screen.getByTestId(`field-extra-${key}`);
const fieldError = (key: string) =>
  document.querySelector(`[data-testid=field-error][data-field="extra.${key}"]`)?.textContent ?? '';

describe('the category’s fields in the place form', () => {
  it('shows nothing before a category with fields is chosen, then one widget per field in its order', async () => {
    renderEditor();
    expect(screen.queryByTestId('category-fields')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Pharmacy');
    expect(screen.queryByTestId('category-fields')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Defibrillator');
    const section = screen.getByTestId('category-fields');
    expect(within(section).getByText('More about this place')).toBeInTheDocument();
    // A widget's test id is its field's (`field-extra-<key>`); its options' add their value.
    const names = [...section.querySelectorAll('[data-testid^="field-extra-"]')]
      .map((element) => element.getAttribute('data-testid') ?? '')
      .filter((testId) => /^field-extra-[a-z0-9_]+$/.test(testId));
    expect(names).toEqual(['field-extra-access', 'field-extra-indoor', 'field-extra-level']);
    // The help text describes the group it belongs to.
    expect(fieldset('access')).toHaveAccessibleDescription('Who may use it.');
  });

  it('labels each field in the UI language and offers a retired option to no one new', async () => {
    renderEditor({}, 'hr');
    await userEvent.selectOptions(screen.getByLabelText('Kategorija'), 'Defibrillator');
    const access = screen.getByRole('group', { name: 'Pristup' });
    expect(
      within(access)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Javno', 'Samo za korisnike', 'Nije navedeno']);
    const indoor = screen.getByRole('group', { name: 'U zatvorenom' });
    expect(
      within(indoor)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Da', 'Ne', 'Nije navedeno']);
    expect(within(indoor).getByRole('radio', { name: 'Nije navedeno' })).toBeChecked();
    const level = screen.getByLabelText('Kat');
    expect(level).toHaveAttribute('type', 'number');
    expect(level).toHaveAttribute('min', '-5');
    expect(level).toHaveAttribute('max', '60');
    expect(level).toHaveAttribute('step', '1');
    // A negative floor needs the minus sign that phones' digit pads lack.
    expect(level).not.toHaveAttribute('inputmode');
  });

  it('gives every type its widget, with required ones marked and the unit after a number', async () => {
    renderEditor();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Everything');
    expect(screen.getByLabelText('Note (required)')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Note (required)')).toBeRequired();
    // A label only in Croatian is shown in an English form rather than nothing.
    expect(screen.getByLabelText('Priča').tagName).toBe('TEXTAREA');
    const height = screen.getByLabelText('Height');
    expect(height).toHaveAttribute('inputmode', 'decimal');
    expect(height).toHaveAttribute('step', 'any');
    expect(height).toHaveAccessibleDescription('m');
    // Required yes/no: no "not said", which would be a way to leave it empty.
    const checked = screen.getByRole('group', { name: 'Checked (required)' });
    expect(within(checked).getAllByRole('radio')).toHaveLength(2);
    expect(within(checked).queryByRole('radio', { checked: true })).toBeNull();
    expect(within(screen.getByRole('group', { name: 'Languages' })).getAllByRole('checkbox')).toHaveLength(3);
    // Six options are a drop-down list, with "not said" first.
    const district = screen.getByLabelText('District');
    expect(district.tagName).toBe('SELECT');
    expect(
      within(district)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not said', ...['a', 'b', 'c', 'd', 'e', 'f'].map((value) => `District ${value}`)]);
    expect(screen.getByLabelText('Since')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Booking')).toHaveAttribute('type', 'url');
    expect(screen.getByLabelText('Hotline')).toHaveAttribute('type', 'tel');
  });

  it('sends what was filled as the proposal’s extra, typed as the API takes it', async () => {
    const calls = fakeApi({
      'GET /api/v1/places/similar': { status: 200, body: { items: [] } },
      'POST /api/v1/places': saved(77),
    });
    const { onSaved } = renderEditor();
    await startProposal('Everything');
    await userEvent.type(screen.getByLabelText('Note (required)'), '  Behind the counter ');
    await userEvent.type(screen.getByLabelText('Height'), '2.5');
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    // Ticked out of order, kept in the options' order.
    await userEvent.click(screen.getByRole('checkbox', { name: 'UK' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'HR' }));
    await userEvent.selectOptions(screen.getByLabelText('District'), 'District c');
    await userEvent.type(screen.getByLabelText('Since'), '2026-05-01');
    await userEvent.click(screen.getByTestId('save-place'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), SAVED);
    expect(
      (calls.find((call) => call.method === 'POST')?.body as { extra: unknown } | undefined)?.extra,
    ).toEqual({
      checked: false,
      district: 'c',
      height: 2.5,
      languages: ['hr', 'uk'],
      note: 'Behind the counter',
      since: '2026-05-01',
    });
  });

  it('explains a value out of range beside its field once left, and on submit focuses it and sends nothing', async () => {
    const calls = fakeApi({ 'GET /api/v1/places/similar': { status: 200, body: { items: [] } } });
    renderEditor();
    await startProposal('Defibrillator');
    const level = screen.getByLabelText('Floor');
    await userEvent.type(level, '100');
    expect(fieldError('level')).toBe('');
    await userEvent.tab();
    expect(fieldError('level')).toBe('Enter 60 or less.');
    expect(level).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByTestId('save-place'));
    await waitFor(() => expect(level).toHaveFocus());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.clear(level);
    await userEvent.type(level, '-6');
    expect(fieldError('level')).toBe('Enter -5 or more.');
    await userEvent.clear(level);
    await userEvent.type(level, '1');
    expect(fieldError('level')).toBe('');
  });

  it('asks for a required choice on submit, in Croatian too', async () => {
    fakeApi({ 'GET /api/v1/places/similar': { status: 200, body: { items: [] } } });
    renderEditor({}, 'hr');
    await userEvent.click(screen.getByRole('button', { name: 'Click the map' }));
    await userEvent.selectOptions(screen.getByLabelText('Kategorija'), 'Everything');
    await userEvent.type(screen.getByLabelText('Naziv (hrvatski)'), 'Sve');
    await userEvent.click(screen.getByTestId('save-place'));
    expect(fieldError('checked')).toBe('Odaberite jednu mogućnost.');
    expect(fieldError('note')).toBe('Ispunite ovo polje.');
    // The first problem in the form's order takes the focus: the text field above the choice.
    await waitFor(() => expect(screen.getByLabelText('Note (obavezno)')).toHaveFocus());
    expect(screen.getByRole('group', { name: 'Checked (obavezno)' })).toHaveAccessibleDescription(
      'Odaberite jednu mogućnost.',
    );
  });

  it('keeps the values of keys the new category also has when the category changes, and drops the others', async () => {
    const calls = fakeApi({
      'GET /api/v1/places/similar': { status: 200, body: { items: [] } },
      'POST /api/v1/places': saved(78),
    });
    const { onSaved } = renderEditor();
    await startProposal('Defibrillator');
    await userEvent.click(screen.getByRole('radio', { name: 'Customers only' }));
    await userEvent.click(within(fieldset('indoor')).getByRole('radio', { name: 'Yes' }));
    await userEvent.type(screen.getByLabelText('Floor'), '1');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Drinking water');
    expect(within(fieldset('indoor')).getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.queryByTestId('field-extra-level')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Defibrillator');
    expect(screen.getByLabelText('Floor')).toHaveValue(null);
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Drinking water');
    await userEvent.click(screen.getByTestId('save-place'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), SAVED);
    expect(
      (calls.find((call) => call.method === 'POST')?.body as { extra: unknown } | undefined)?.extra,
    ).toEqual({
      indoor: true,
    });
  });

  it('puts the server’s refusal at extra.<key> on that field', async () => {
    fakeApi({
      'GET /api/v1/places/similar': { status: 200, body: { items: [] } },
      'POST /api/v1/places': {
        status: 400,
        body: apiError('validation_error', 'Invalid', [
          { path: 'extra.access', code: 'retired_option', message: '“customers” is no longer offered' },
        ]),
      },
    });
    renderEditor();
    await startProposal('Defibrillator');
    await userEvent.click(screen.getByRole('radio', { name: 'Customers only' }));
    await userEvent.click(screen.getByTestId('save-place'));
    await waitFor(() =>
      expect(fieldError('access')).toBe('This option is no longer offered. Choose another.'),
    );
    expect(screen.getByRole('radio', { name: 'Public' })).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Public' })).toHaveFocus());
  });

  describe('editing a place', () => {
    const place = {
      ...listedPlace({
        id: 5,
        categoryId: 1,
        category: 'defibrillator',
        status: 'pending',
        version: 2,
        extra: { access: 'private', indoor: true, level: 0 },
      }),
      authorId: 7,
      authorVerified: true,
      rejectionReason: null,
    };

    it('offers the retired option the place has, marked, and sends it back unchanged', async () => {
      const calls = fakeApi({
        'GET /api/v1/places/similar': { status: 200, body: { items: [] } },
        'PATCH /api/v1/places/5': { status: 200, body: { ...place, version: 3 } },
      });
      const { onSaved } = renderEditor({ place });
      const kept = screen.getByRole('radio', { name: 'Private (no longer offered)' });
      expect(kept).toBeChecked();
      await userEvent.clear(screen.getByLabelText('Address'));
      await userEvent.click(screen.getByTestId('save-place'));
      await waitFor(() => expect(onSaved).toHaveBeenCalled(), SAVED);
      // The values did not change, so they are not sent.
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ version: 2, address: null });
    });

    it('sends the whole of the values once one changes, a cleared one left out', async () => {
      const calls = fakeApi({
        'GET /api/v1/places/similar': { status: 200, body: { items: [] } },
        'PATCH /api/v1/places/5': { status: 200, body: { ...place, version: 3 } },
      });
      const { onSaved } = renderEditor({ place });
      await userEvent.click(within(fieldset('indoor')).getByRole('radio', { name: 'Not said' }));
      await userEvent.clear(screen.getByLabelText('Floor'));
      await userEvent.type(screen.getByLabelText('Floor'), '3');
      await userEvent.click(screen.getByTestId('save-place'));
      await waitFor(() => expect(onSaved).toHaveBeenCalled(), SAVED);
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        version: 2,
        extra: { access: 'private', level: 3 },
      });
    });
  });
});
