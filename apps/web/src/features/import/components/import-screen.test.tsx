import type { ImportReport } from '@karta/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { accessField, defibrillatorCategory, indoorField } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { fakeUploadServer, type UploadAnswer } from '../testing/fake-upload-server.ts';
import { ImportScreen } from './import-screen.tsx';

const csvFile = (text: string, name = 'places.csv') => new File([text], name, { type: 'text/csv' });

const FOREIGN_CSV = [
  'ID,Name,Latitude,Lon,Kategorija,Parking',
  'p-1,"Ljekarna ""Centar"", Ilica",45.81,15.97,pharmacy,"In the yard,\nfree after 18:00"',
  'p-2,Sklonište Trešnjevka,45.80,15.95,shelter,',
].join('\r\n');

const report = (overrides: Partial<ImportReport> = {}): ImportReport => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  rows: [],
  refused: [],
  ...overrides,
});

function renderScreen(language = 'en') {
  return renderWithApp(<ImportScreen />, { language });
}

async function choose(file: File) {
  await userEvent.upload(screen.getByTestId('import-file-input'), file);
}

describe('the import screen', () => {
  it('refuses a file over 50 MB at once, sending nothing', async () => {
    const uploads = fakeUploadServer(() => ({ status: 200, body: report() }));
    renderScreen();
    const huge = csvFile('externalId,category,name_hr,lat,lng\r\n');
    Object.defineProperty(huge, 'size', { value: 50 * 1024 * 1024 + 1 });
    await choose(huge);
    expect(await screen.findByTestId('import-file-problem')).toHaveTextContent(
      'This file is larger than 50 MB, the most Karta imports at once.',
    );
    expect(screen.queryByTestId('import-check')).not.toBeInTheDocument();
    expect(uploads).toEqual([]);
  });

  it('maps other column names to Karta’s, and uploads the CSV rewritten with Karta’s header', async () => {
    const uploads = fakeUploadServer(() => ({
      status: 200,
      body: report({
        created: 2,
        rows: [
          { row: 1, externalId: 'p-1', action: 'create' },
          { row: 2, externalId: 'p-2', action: 'create' },
        ],
      }),
    }));
    renderScreen();
    await choose(csvFile(FOREIGN_CSV));

    const rows = await screen.findAllByTestId('import-mapping-row');
    const chosen = rows
      .map((row) => within(row).getByRole('combobox'))
      .map((select) => (select as HTMLSelectElement).value);
    expect(chosen).toEqual(['externalId', 'name_en', 'lat', 'lng', 'category', '']);
    // A sample value from the first row, as text.
    expect(rows[1]).toHaveTextContent('Ljekarna "Centar", Ilica');
    expect(screen.getByTestId('import-file-name')).toHaveTextContent('places.csv');
    expect(screen.getByText(/2 rows/)).toBeInTheDocument();

    // The names are Croatian: read them as name_hr.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Name' }), 'name_hr');
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));

    expect(await screen.findByTestId('import-report')).toHaveAttribute('data-kind', 'checked');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/import?format=csv&dryRun=true&status=pending',
      headers: { accept: 'application/json', 'content-type': 'text/csv' },
    });
    // The ignored column is left out; quoted commas, quotes and line breaks survive.
    expect(uploads[0]?.body).toBe(
      [
        'externalId,name_hr,lat,lng,category',
        'p-1,"Ljekarna ""Centar"", Ilica",45.81,15.97,pharmacy',
        'p-2,Sklonište Trešnjevka,45.80,15.95,shelter',
        '',
      ].join('\r\n'),
    );
    expect(screen.getByTestId('import-count-create')).toHaveTextContent('2');
    expect(screen.getByTestId('import-announcement')).toHaveTextContent(
      'The file is fine: importing it changes 2 places.',
    );

    // The import sends what was checked, with the status chosen (a check does not depend on it).
    expect(screen.getByRole('button', { name: 'Import 2 places as pending' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('import-status-published'));
    await userEvent.click(screen.getByRole('button', { name: 'Import and publish 2 places' }));
    await waitFor(() => expect(screen.getByTestId('import-report')).toHaveAttribute('data-kind', 'imported'));
    expect(uploads[1]?.path).toBe('/api/v1/import?format=csv&dryRun=false&status=published');
    expect(uploads[1]?.body).toBe(uploads[0]?.body);
    expect(screen.getByTestId('import-headline')).toHaveTextContent('Imported: 2 new places and 0 updated.');
    // The Import button is gone: the focus is on what it did.
    expect(screen.getByTestId('import-headline')).toHaveFocus();

    // Another file: the report goes, and the picker comes back with the focus.
    await userEvent.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(screen.getByTestId('import-file-input')).toHaveFocus();
    expect(screen.queryByTestId('import-report')).not.toBeInTheDocument();
  });

  it('takes a file dropped on the drop zone, and tells its format from its content', async () => {
    fakeUploadServer(() => ({ status: 200, body: report() }));
    renderScreen();
    const dropped = new File(['{"type":"FeatureCollection","features":[{},{},{}]}'], 'export');
    fireEvent.drop(screen.getByTestId('import-drop-zone'), {
      dataTransfer: { files: [dropped], types: ['Files'] },
    });
    expect(await screen.findByTestId('import-file-name')).toHaveTextContent('export');
    expect(screen.getByTestId('import-format')).toHaveValue('geojson');
    expect(screen.getByText(/3 rows/)).toBeInTheDocument();
  });

  it('checks only once every required column is chosen', async () => {
    fakeUploadServer(() => ({ status: 200, body: report() }));
    renderScreen();
    await choose(csvFile('Title,Notes\r\nA,B\r\n'));
    expect(await screen.findByTestId('import-mapping-problems')).toHaveTextContent(
      'Still missing: externalId (your id for each place), category, lat (latitude), and lng (longitude).',
    );
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();
  });

  it('sends a file with Karta’s header as it is', async () => {
    const uploads = fakeUploadServer(() => ({ status: 200, body: report() }));
    renderScreen();
    const text = 'externalId,category,name_hr,lat,lng\r\nk-1,pharmacy,Ljekarna,45.8,16\r\n';
    await choose(csvFile(text));
    expect(screen.queryByTestId('import-mapping')).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Check file' }));
    expect(await screen.findByTestId('import-headline')).toHaveTextContent('Nothing to import');
    expect(uploads[0]?.body).toBe(text);
  });

  it('reads columns named as a category’s fields as their x_ columns, and says what is wrong with a value', async () => {
    // Access with its OpenStreetMap key and one option; neither field filterable.
    const defibrillator = defibrillatorCategory({
      fields: [
        accessField({
          filterable: false,
          osmKey: 'access',
          options: [{ value: 'yes', label: { en: 'Public' } }],
        }),
        indoorField({ filterable: false }),
      ],
    });
    fakeApi({
      'GET /api/v1/categories': { status: 200, body: { items: [defibrillator] } },
      'GET /api/v1/imports': { status: 200, body: { items: [] } },
    });
    const uploads = fakeUploadServer(() => ({
      status: 200,
      body: report({
        refused: [
          {
            row: 1,
            errors: [
              {
                path: 'x_access',
                code: 'not_an_option',
                message: '“public” is not one of this field’s options',
              },
            ],
          },
        ],
      }),
    }));
    renderScreen();
    await choose(
      csvFile(
        'ID,Naziv,Latitude,Lon,Kategorija,Pristup,U zatvorenom\r\nd-1,AED,45.8,16,defibrillator,public,yes\r\n',
      ),
    );
    const selects = (await screen.findAllByTestId('import-mapping-select')) as HTMLSelectElement[];
    await waitFor(() =>
      expect(selects.map((select) => select.value).slice(5)).toEqual(['x_access', 'x_indoor']),
    );
    // The field's label beside its column, under a heading of their own.
    expect(
      within(selects[6] as HTMLElement).getByRole('option', { name: 'x_indoor (Indoor)' }),
    ).toBeInTheDocument();
    expect(
      within(selects[6] as HTMLElement).getByRole('group', { name: 'Values of the categories’ fields' }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    const issue = await screen.findByTestId('import-issue');
    expect(uploads[0]?.body.split('\r\n')[0]).toBe('externalId,name_hr,lat,lng,category,x_access,x_indoor');
    expect(issue).toHaveTextContent(
      'x_access (your column “Pristup”): This is not one of the field’s options. Use an option’s value as the category defines it; separate several with ;.Details: “public” is not one of this field’s options',
    );
  });

  it('reports refused rows with their column and a readable message, row by row with Show more', async () => {
    const accepted = Array.from({ length: 119 }, (_, index) => ({
      row: index + 2,
      externalId: `r-${index + 2}`,
      action: index % 2 === 0 ? ('create' as const) : ('update' as const),
      ...(index % 2 === 0 ? {} : { changed: ['name' as const, 'lat' as const] }),
    }));
    fakeUploadServer(() => ({
      status: 200,
      body: report({
        created: 60,
        updated: 59,
        rows: accepted,
        refused: [
          {
            row: 1,
            errors: [
              { path: 'lat', message: 'Too big: expected number to be <=90' },
              { path: 'category', message: 'There is no category "bakery"' },
            ],
          },
        ],
      }),
    }));
    renderScreen();
    await choose(csvFile('Lat,Lng,ID,Kategorija,Naziv\r\n95,16,r-1,bakery,Pekara\r\n'));
    await userEvent.click(await screen.findByRole('button', { name: 'Check file' }));

    expect(await screen.findByTestId('import-headline')).toHaveTextContent(
      '1 row is refused, so the file cannot be imported as it is.',
    );
    expect(screen.getByTestId('import-count-refused')).toHaveTextContent('1');
    expect(screen.queryByTestId('import-run')).not.toBeInTheDocument();
    // Refused rows first: the filter starts on them.
    const refused = screen.getAllByTestId('import-row');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toHaveAttribute('data-row', '1');
    const issues = within(refused[0] as HTMLElement).getAllByTestId('import-issue');
    expect(issues[0]).toHaveTextContent(
      'lat (your column “Lat”): Latitude must be a number from −90 to 90.Details: Too big: expected number to be <=90',
    );
    expect(issues[1]).toHaveTextContent(
      'category (your column “Kategorija”): There is no category “bakery”. Use the slug of an existing category, or create it first.',
    );

    await userEvent.selectOptions(screen.getByTestId('import-row-filter'), 'all');
    expect(screen.getAllByTestId('import-row')).toHaveLength(50);
    expect(screen.getAllByTestId('import-row')[0]).toHaveAttribute('data-action', 'refused');
    expect(screen.getAllByTestId('import-row')[2]).toHaveTextContent(/Row 3.*Update.*r-3/);
    expect(screen.getAllByTestId('import-row')[2]).toHaveTextContent('Changes: name, latitude');
    await userEvent.click(screen.getByRole('button', { name: 'Show 50 more (70 left)' }));
    expect(screen.getAllByTestId('import-row')).toHaveLength(100);
    await userEvent.click(screen.getByRole('button', { name: 'Show 20 more (20 left)' }));
    expect(screen.getAllByTestId('import-row')).toHaveLength(120);
    expect(screen.queryByTestId('import-show-more')).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByTestId('import-row-filter'), 'update');
    expect(screen.getAllByTestId('import-row')).toHaveLength(50);
    expect(screen.getAllByTestId('import-row').every((row) => row.dataset.action === 'update')).toBe(true);
  });

  it('shows the report of a real run refused with 422: nothing was imported', async () => {
    const refusal = report({
      created: 1,
      rows: [{ row: 1, externalId: 'x-1', action: 'create' }],
      refused: [{ row: 2, errors: [{ path: 'externalId', message: 'Row 1 has the same externalId' }] }],
    });
    fakeUploadServer((upload) =>
      upload.path.includes('dryRun=true')
        ? {
            status: 200,
            body: report({ created: 1, rows: [{ row: 1, externalId: 'x-1', action: 'create' }] }),
          }
        : { status: 422, body: apiError('import_refused', '1 row was refused', refusal) },
    );
    renderScreen('hr');
    await choose(csvFile('externalId,category,name_hr,lat,lng\r\nx-1,pharmacy,A,45.8,16\r\n'));
    await userEvent.click(await screen.findByRole('button', { name: 'Provjeri datoteku' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Uvezi 1 mjesto na čekanje' }));
    await waitFor(() => expect(screen.getByTestId('import-report')).toHaveAttribute('data-kind', 'refused'));
    expect(screen.getByTestId('import-headline')).toHaveTextContent(
      'Ništa nije uvezeno: 1 redak je odbijen.',
    );
    expect(screen.getByTestId('import-issue')).toHaveTextContent(
      'externalId: Redak 1 ima isti externalId; svako mjesto treba svoj.',
    );
  });

  it('points an import that got no answer to the list of recent imports, which says what became of it', async () => {
    let answer: UploadAnswer = {
      status: 200,
      body: report({ created: 1, rows: [{ row: 1, externalId: 'p-1', action: 'create' }] }),
    };
    fakeUploadServer(() => answer);
    fakeApi({ 'GET /api/v1/imports': { status: 200, body: { items: [] } } });
    renderScreen();
    await choose(csvFile('externalId,category,name_hr,lat,lng\r\np-1,pharmacy,Ljekarna,45.8,15.9\r\n'));
    await userEvent.click(await screen.findByRole('button', { name: 'Check file' }));
    answer = 'offline';
    await userEvent.click(await screen.findByRole('button', { name: 'Import 1 place as pending' }));
    expect(await screen.findByTestId('import-failure')).toHaveTextContent(
      'If the server stopped during the import, “Recent imports” below says what became of it',
    );
    expect(screen.getByRole('heading', { name: 'Recent imports' })).toBeInTheDocument();
  });

  it('explains the server’s 413 and a file refused as a whole', async () => {
    let answer: { status: number; body: unknown } = {
      status: 413,
      body: apiError('payload_too_large', 'The file is larger than the import limit of 50 MB'),
    };
    fakeUploadServer(() => answer);
    renderScreen();
    await choose(new File(['{"type":"FeatureCollection","features":[]}'], 'places.geojson'));
    expect(screen.getByTestId('import-format')).toHaveValue('geojson');
    await userEvent.click(await screen.findByRole('button', { name: 'Check file' }));
    expect(await screen.findByTestId('import-failure')).toHaveTextContent(
      'The file is larger than 50 MB, the most the server takes at once.',
    );

    answer = {
      status: 400,
      body: apiError('validation_error', 'Not GeoJSON', [
        { path: 'type', message: 'Expected a GeoJSON FeatureCollection with a features array' },
      ]),
    };
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await waitFor(() =>
      expect(screen.getByTestId('import-file-issue')).toHaveTextContent(
        'The file is not a GeoJSON FeatureCollection.',
      ),
    );
  });
});
