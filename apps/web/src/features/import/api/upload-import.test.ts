import { ApiError } from '@karta/api-client';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../testing/fake-api.ts';
import { fakeUploadServer, type UploadAnswer } from '../testing/fake-upload-server.ts';
import { refusedReport, uploadImport } from './upload-import.ts';

const report = {
  created: 1,
  updated: 0,
  unchanged: 0,
  rows: [{ row: 1, externalId: 'a', action: 'create' }],
  refused: [],
};
const send = (overrides: Partial<Parameters<typeof uploadImport>[0]> = {}) =>
  uploadImport({
    format: 'geojson',
    body: new Blob(['{"type":"FeatureCollection","features":[]}']),
    dryRun: true,
    status: 'pending',
    ...overrides,
  });

describe('uploading an import file with progress', () => {
  it('sends the file with the typed client’s URL and headers, reporting progress, then the report', async () => {
    const uploads = fakeUploadServer(() => ({ status: 200, body: report }));
    const progress: (number | 'sent')[] = [];
    const answer = await send({
      dryRun: false,
      status: 'published',
      onUploadProgress: (fraction) => progress.push(fraction),
      onUploaded: () => progress.push('sent'),
    });
    expect(answer).toEqual(report);
    expect(progress).toEqual([0.5, 1, 'sent']);
    expect(uploads[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/import?format=geojson&dryRun=false&status=published',
      headers: { accept: 'application/json', 'content-type': 'application/geo+json' },
      body: '{"type":"FeatureCollection","features":[]}',
    });
  });

  it('fails like the typed client: the error body, a bare 413, no answer, an unreadable answer', async () => {
    let answer: UploadAnswer = {
      status: 422,
      body: apiError('import_refused', '1 row was refused', {
        ...report,
        refused: [{ row: 2, errors: [] }],
      }),
    };
    fakeUploadServer(() => answer);
    const refused = await send().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refusedReport(refused)).toMatchObject({ refused: [{ row: 2 }] });

    answer = { status: 413, body: 'Request Entity Too Large' };
    await expect(send()).rejects.toMatchObject({ status: 413, code: 'payload_too_large' });
    answer = 'offline';
    await expect(send()).rejects.toMatchObject({ status: 0, code: 'network_error' });
    answer = { status: 200, body: { created: 'many' } };
    await expect(send()).rejects.toMatchObject({ code: 'invalid_response' });
    expect(refusedReport(new ApiError(400, 'validation_error', 'Bad header', []))).toBeNull();
  });
});
