import { CATEGORY_PALETTE } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, apiError, fakeApi } from '../../../testing/fake-api.ts';
import { accessField, currentUser, defibrillatorCategory } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { CategoriesPage } from './categories-page.tsx';

const moderator = { status: 200, body: currentUser({ role: 'moderator' }) };
const water = {
  id: 4,
  slug: 'water',
  name: { hr: 'Pitka voda', en: 'Drinking water' },
  color: '#0369a1',
  icon: 'droplet',
};

describe('CategoriesPage', () => {
  it('creates a category with a slug from its name, a palette colour and an icon', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/me': moderator,
      'GET /api/v1/categories': { status: 200, body: { items: [water] } },
      'POST /api/v1/categories': { status: 201, body: { ...water, id: 5, slug: 'repair-cafe' } },
    });
    renderWithApp(<CategoriesPage />, { path: '/categories' });
    await userEvent.click(await screen.findByTestId('new-category'));
    const form = screen.getByTestId('category-form');
    expect(
      within(form)
        .getAllByTestId('category-color')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual([...CATEGORY_PALETTE]);
    await userEvent.type(within(form).getByLabelText('Name in English'), 'Repair café');
    expect(within(form).getByLabelText('Short name in links')).toHaveValue('repair-cafe');
    await userEvent.click(within(form).getByLabelText('Teal'));
    await userEvent.selectOptions(within(form).getByLabelText('Icon'), 'Wrench');
    await userEvent.click(within(form).getByTestId('save-category'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        slug: 'repair-cafe',
        name: { en: 'Repair café' },
        color: '#0f766e',
        icon: 'wrench',
        notes: 'postmoderated',
      }),
    );
  });

  it('shows a taken slug beside the field', async () => {
    fakeApi({
      'GET /api/v1/auth/me': moderator,
      'GET /api/v1/categories': { status: 200, body: { items: [water] } },
      'POST /api/v1/categories': { status: 409, body: apiError('conflict') },
    });
    renderWithApp(<CategoriesPage />, { path: '/categories' });
    await userEvent.click(await screen.findByTestId('new-category'));
    await userEvent.type(screen.getByLabelText('Name in Croatian'), 'Voda');
    await userEvent.click(screen.getByTestId('save-category'));
    const slug = screen.getByLabelText('Short name in links');
    await waitFor(() => expect(slug).toHaveAttribute('aria-invalid', 'true'));
    expect(slug).toHaveAccessibleDescription(
      'Another category already uses this short name. Choose another one.',
    );
  });

  it('asks before deleting, and explains a category still in use', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/me': moderator,
      'GET /api/v1/categories': { status: 200, body: { items: [water] } },
      'DELETE /api/v1/categories/4': { status: 409, body: apiError('conflict', 'in use', { places: 3 }) },
    });
    renderWithApp(<CategoriesPage />, { path: '/categories', language: 'hr' });
    await userEvent.click(await screen.findByTestId('delete-category'));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByTestId('confirm-delete-category'));
    expect(await screen.findByTestId('category-row-error')).toHaveTextContent(
      '3 mjesta još koriste ovu kategoriju. Premjestite ih u drugu kategoriju prije brisanja.',
    );
  });
});

describe('CategoriesPage’s list', () => {
  it.each([
    ['en', 'Croatian: Pitka voda · English: Drinking water'],
    ['hr', 'hrvatski: Pitka voda · engleski: Drinking water'],
  ])('names each language of a category’s names, never its code (%s)', async (language, names) => {
    fakeApi({
      'GET /api/v1/auth/me': moderator,
      'GET /api/v1/categories': { status: 200, body: { items: [water] } },
    });
    renderWithApp(<CategoriesPage />, { path: '/categories', language });
    const row = await screen.findByTestId('category-row');
    expect(within(row).getByText(names)).toBeVisible();
  });
});

describe('CategoriesPage’s field editor', () => {
  const admin = { status: 200, body: currentUser({ role: 'admin' }) };
  const defibrillator = defibrillatorCategory({
    id: 2,
    fields: [
      accessField(),
      { key: 'level', type: 'integer', label: { en: 'Floor', hr: 'Kat' }, min: -5, max: 60 },
    ],
    removedFields: [{ key: 'seasonal', type: 'boolean', label: { en: 'Seasonal', hr: 'Sezonski' } }],
  });

  function renderEditor(
    answers: Parameters<typeof fakeApi>[0] = {},
    { language = 'en', user = moderator } = {},
  ) {
    const calls = fakeApi({
      'GET /api/v1/auth/me': user,
      'GET /api/v1/categories': { status: 200, body: { items: [defibrillator] } },
      'PATCH /api/v1/categories/2': (call) => ({
        status: 200,
        body: { ...defibrillator, ...(call.body as object) },
      }),
      ...answers,
    });
    renderWithApp(<CategoriesPage />, { path: '/categories', language });
    return calls;
  }
  const patches = (calls: ApiCall[]) =>
    calls.filter((call) => call.method === 'PATCH').map((call) => call.body);
  const cards = () => screen.getAllByTestId('field-card');
  const card = (index: number) => cards()[index] as HTMLElement;

  async function openEditor() {
    await userEvent.click(await screen.findByTestId('edit-category'));
    return screen.getByTestId('fields-editor');
  }

  it('lists the saved fields in the row and, in the form, adds a yes/no and a choice with keys and values from their labels', async () => {
    const calls = renderEditor();
    expect(await screen.findByTestId('category-fields-summary')).toHaveTextContent('Fields: Access, Floor');
    const editor = await openEditor();
    expect(
      within(editor)
        .getAllByTestId('field-name')
        .map((name) => name.textContent),
    ).toEqual(['Access', 'Floor']);

    await userEvent.click(within(editor).getByTestId('add-field'));
    const indoor = card(2);
    expect(within(indoor).getByLabelText('Label in Croatian')).toHaveFocus();
    await userEvent.type(within(indoor).getByLabelText('Label in Croatian'), 'U zatvorenom');
    await userEvent.type(within(indoor).getByLabelText('Label in English'), 'Indoor');
    expect(within(indoor).getByLabelText('Key')).toHaveValue('indoor');
    await userEvent.selectOptions(within(indoor).getByLabelText('Type'), 'Yes/no');
    await userEvent.click(within(indoor).getByLabelText(/^Filterable/));

    await userEvent.click(within(editor).getByTestId('add-field'));
    const opening = card(3);
    await userEvent.type(within(opening).getByLabelText('Label in English'), 'Opening kind');
    await userEvent.selectOptions(within(opening).getByLabelText('Type'), 'One choice');
    expect(within(opening).queryByLabelText(/^Filterable/)).not.toBeNull();
    // A choice starts with one option to fill in.
    const labels = ['Walk in', 'By appointment', 'Members only'];
    for (const [index, label] of labels.entries()) {
      if (index > 0) await userEvent.click(within(opening).getByTestId('add-option'));
      const option = within(opening).getAllByTestId('field-option')[index] as HTMLElement;
      await userEvent.type(within(option).getByLabelText('Option label in English'), label);
    }
    // The preview lists each option once, as typed, in each language's column.
    const english = within(opening).getAllByTestId('field-preview-language')[1] as HTMLElement;
    expect(
      within(english)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([...labels, 'Not said']);
    expect(
      within(opening)
        .getAllByLabelText('Stored value')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['walk_in', 'by_appointment', 'members_only']);

    await userEvent.click(screen.getByTestId('save-category'));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]).toEqual({
      name: defibrillator.name,
      color: defibrillator.color,
      icon: defibrillator.icon,
      notes: 'postmoderated',
      fields: [
        ...defibrillator.fields,
        { key: 'indoor', type: 'boolean', label: { hr: 'U zatvorenom', en: 'Indoor' }, filterable: true },
        {
          key: 'opening_kind',
          type: 'enum',
          label: { en: 'Opening kind' },
          options: labels.map((label, index) => ({
            value: ['walk_in', 'by_appointment', 'members_only'][index],
            label: { en: label },
          })),
        },
      ],
    });
  }, 20_000);

  it('sends no fields when only the name changed', async () => {
    const calls = renderEditor();
    await openEditor();
    await userEvent.type(screen.getByLabelText('Name in English'), ' unit');
    await userEvent.click(screen.getByTestId('save-category'));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]).not.toHaveProperty('fields');
  });

  it('changes whether the category’s places take notes, explained beside the choice', async () => {
    const calls = renderEditor();
    await openEditor();
    const choice = screen.getByLabelText('Notes on its places');
    expect(choice).toHaveValue('postmoderated');
    expect(choice).toHaveAccessibleDescription(/first note always waits for a moderator/);
    await userEvent.selectOptions(choice, 'Each waits for a moderator');
    await userEvent.click(screen.getByTestId('save-category'));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]).toMatchObject({ notes: 'premoderated' });
  });

  it('keeps a saved key and option value fixed, retires a saved option, deletes a new one, and reorders with the keyboard', async () => {
    const calls = renderEditor();
    const editor = await openEditor();
    await userEvent.click(within(card(0)).getByTestId('field-toggle'));
    expect(within(card(0)).queryByLabelText('Key')).toBeNull();
    expect(within(card(0)).getByTestId('field-key-fixed')).toHaveTextContent('access');
    const [publicOption, privateOption] = within(card(0)).getAllByTestId('field-option') as HTMLElement[];
    expect(within(publicOption as HTMLElement).queryByTestId('delete-option')).toBeNull();
    await userEvent.click(within(privateOption as HTMLElement).getByTestId('retire-option'));
    expect(within(privateOption as HTMLElement).getByTestId('unretire-option')).toBeVisible();
    await userEvent.click(within(card(0)).getByTestId('add-option'));
    const added = within(card(0)).getAllByTestId('field-option')[2] as HTMLElement;
    await userEvent.click(within(added).getByTestId('delete-option'));
    expect(within(card(0)).getAllByTestId('field-option')).toHaveLength(2);
    // The focus goes to the option now last, rather than to the page's start.
    const last = within(card(0)).getAllByTestId('field-option')[1] as HTMLElement;
    await waitFor(() => expect(within(last).getByLabelText('Option label in Croatian')).toHaveFocus());

    // Floor goes up with the keyboard; the focus stays on its button, and the move is said.
    within(card(1)).getByTestId('move-field-up').focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(card(0)).getByTestId('move-field-up')).toHaveFocus());
    expect(
      within(editor)
        .getAllByTestId('field-name')
        .map((name) => name.textContent),
    ).toEqual(['Floor', 'Access']);
    expect(within(card(0)).getByTestId('move-field-up')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('fields-announcement')).toHaveTextContent('“Floor” is now number 1 of 2.');

    await userEvent.click(screen.getByTestId('save-category'));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    const [access, level] = defibrillator.fields;
    expect((patches(calls)[0] as { fields: unknown }).fields).toEqual([
      level,
      {
        ...access,
        options: [
          { value: 'yes', label: { en: 'Public', hr: 'Javno' } },
          { value: 'private', label: { en: 'Private', hr: 'Privatno' }, retired: true },
        ],
      },
    ]);
  });

  it('finds a field without label or key before sending, and opens it on the problem', async () => {
    const calls = renderEditor();
    const editor = await openEditor();
    await userEvent.click(within(editor).getByTestId('add-field'));
    await userEvent.click(within(card(2)).getByTestId('field-toggle'));
    expect(within(card(2)).queryByLabelText('Label in Croatian')).toBeNull();
    await userEvent.click(screen.getByTestId('save-category'));
    const label = await within(card(2)).findByLabelText('Label in Croatian');
    await waitFor(() => expect(label).toHaveFocus());
    expect(label).toHaveAccessibleDescription(/Give a label in at least one language\./);
    expect(within(card(2)).getByLabelText('Key')).toHaveAccessibleDescription(
      /Enter a key, or a label to suggest one\./,
    );
    expect(patches(calls)).toHaveLength(0);
    // Typing the label clears the field's problems.
    await userEvent.type(label, 'Pokrov');
    expect(within(card(2)).queryAllByTestId('field-problem')).toHaveLength(0);
  });

  it.each([
    [
      'en',
      { path: 'fields.1.type', places: 12 },
      '12 places have values of this field, so its type can’t change. Add a new field with another key instead.',
    ],
    [
      'hr',
      { path: 'fields.1.type', places: 3 },
      '3 mjesta imaju vrijednosti ovog polja pa mu se vrsta ne može promijeniti. Umjesto toga dodajte novo polje s drugim ključem.',
    ],
  ])(
    'explains a type that places hold values of beside the type (%s)',
    async (language, details, message) => {
      renderEditor(
        { 'PATCH /api/v1/categories/2': { status: 409, body: apiError('conflict', 'held', details) } },
        { language },
      );
      await openEditor();
      await userEvent.click(within(card(1)).getByTestId('field-toggle'));
      await userEvent.selectOptions(within(card(1)).getByTestId('field-type'), 'number');
      await userEvent.click(screen.getByTestId('save-category'));
      const type = within(card(1)).getByTestId('field-type');
      await waitFor(() => expect(type).toHaveAttribute('aria-invalid', 'true'));
      expect(type).toHaveAccessibleDescription(new RegExp(message.replace(/[.?]/g, '\\$&')));
      await waitFor(() => expect(type).toHaveFocus());
      expect(screen.getByTestId('category-error')).toHaveTextContent('');
    },
  );

  it('places a 400’s issues beside the field the server names', async () => {
    renderEditor({
      'PATCH /api/v1/categories/2': {
        status: 400,
        body: apiError('validation_error', 'Not valid', [
          {
            path: 'fields.2.type',
            code: 'invalid',
            message: 'The field “level” is of type integer elsewhere',
          },
          { path: 'fields.0.options.1.label.en', code: 'too_long', message: 'long', params: { maximum: 60 } },
        ]),
      },
    });
    const editor = await openEditor();
    await userEvent.click(within(editor).getByTestId('add-field'));
    await userEvent.type(within(card(2)).getByLabelText('Label in English'), 'Seats');
    await userEvent.click(screen.getByTestId('save-category'));
    await waitFor(() =>
      expect(within(card(2)).getByTestId('field-type')).toHaveAccessibleDescription(
        'Another category has a field with this key of another type. Choose that type, or another key.',
      ),
    );
    // The closed card with the other problem opens to show it, beside the option.
    const option = within(card(0)).getAllByTestId('field-option')[1] as HTMLElement;
    expect(within(option).getByLabelText('Option label in English')).toHaveAccessibleDescription(
      'Use at most 60 characters.',
    );
  });

  it('removes a saved field after saying its values are kept hidden, and lists it as removed', async () => {
    const calls = renderEditor();
    await openEditor();
    await userEvent.click(within(card(1)).getByTestId('remove-field'));
    expect(screen.getByTestId('confirm-remove-field')).toHaveTextContent(
      'Remove “Floor”? When you save, places keep their values of it, hidden from everyone. Add a field with the key level again to show them.',
    );
    await userEvent.click(screen.getByTestId('confirm-remove-field-yes'));
    expect(cards()).toHaveLength(1);
    const removed = screen.getAllByTestId('removed-field');
    expect(
      removed.map((item) => [
        item.getAttribute('data-key'),
        within(item).getByTestId('removed-field-state').textContent,
      ]),
    ).toEqual([
      ['level', 'values hidden when you save'],
      ['seasonal', 'values hidden'],
    ]);
    // A moderator may add one back, but not delete hidden values.
    expect(screen.queryByTestId('purge-field')).toBeNull();
    await userEvent.click(within(removed[1] as HTMLElement).getByTestId('add-field-back'));
    expect(cards().map((item) => item.getAttribute('data-key'))).toEqual(['access', 'seasonal']);
    await userEvent.click(screen.getByTestId('save-category'));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect((patches(calls)[0] as { fields: { key: string }[] }).fields.map((field) => field.key)).toEqual([
      'access',
      'seasonal',
    ]);
  });

  it('lets an admin delete a removed field’s hidden values after a confirmation', async () => {
    const calls = renderEditor({ 'POST /api/v1/categories/2/purge-field': { status: 204 } }, { user: admin });
    await openEditor();
    await userEvent.click(screen.getByTestId('purge-field'));
    const dialog = screen.getByTestId('purge-field-dialog');
    expect(dialog).toHaveAccessibleName('Delete the hidden values of “Seasonal”?');
    expect(dialog).toHaveTextContent('This can’t be undone');
    expect(calls.some((call) => call.path.endsWith('/purge-field'))).toBe(false);
    await userEvent.click(within(dialog).getByTestId('confirm-purge-field'));
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('/purge-field'))?.body).toEqual({ key: 'seasonal' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('The hidden values of “Seasonal” are deleted.'),
    );
    expect(screen.queryByTestId('purge-field-dialog')).toBeNull();
  });

  it('previews a field in both of the site’s languages, worded in each', async () => {
    renderEditor();
    await openEditor();
    await userEvent.click(within(card(0)).getByTestId('field-toggle'));
    await userEvent.click(within(card(0)).getByLabelText(/^Required/));
    const columns = within(card(0)).getAllByTestId('field-preview-language');
    expect(columns.map((column) => column.getAttribute('data-language'))).toEqual(['hr', 'en']);
    await waitFor(() => expect(columns[0]).toHaveTextContent('Pristup (obavezno)'));
    expect(
      within(columns[0] as HTMLElement)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Javno', 'Privatno']);
    expect(columns[1]).toHaveTextContent('Access (required)');
    expect(within(columns[1] as HTMLElement).getByRole('group', { name: 'Access (required)' })).toBeVisible();

    // A label missing in one language shows the other's there, and says so.
    await userEvent.clear(within(card(0)).getByLabelText('Label in Croatian'));
    expect(within(columns[0] as HTMLElement).getByTestId('preview-fallback')).toHaveTextContent(
      'No label in Croatian yet: its readers see this one.',
    );
    expect(columns[0]).toHaveTextContent('Access (obavezno)');
  });
});
