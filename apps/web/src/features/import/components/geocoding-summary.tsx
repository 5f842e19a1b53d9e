import type { ImportGeocodeResult, ImportGeocoding } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { useGeocodingRun } from '../api/geocoding-run.ts';

const RESULTS: readonly ImportGeocodeResult[] = ['exact', 'approximate', 'not_found', 'to_geocode'];
/** Row numbers listed before "and N more": enough to find them, short enough to read. */
const ROWS_LISTED = 30;

/**
 * The rows a file places by their address: how many were found exactly, roughly, not at all (those
 * are skipped), or are still to look up, with the look-up's progress.
 */
export function GeocodingSummary({ geocoding }: { geocoding: ImportGeocoding }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const count = (result: ImportGeocodeResult) => geocoding.rows.filter((row) => row.result === result).length;
  const notFound = geocoding.rows.filter((row) => row.result === 'not_found').map((row) => row.row);
  return (
    <section
      data-testid="import-geocoding"
      aria-labelledby="import-geocoding-title"
      className="rounded-lg border border-gray-200 bg-white p-3 text-sm"
    >
      <h3 id="import-geocoding-title" className="font-semibold text-gray-900">
        {t('importer.geocoding.title', { count: geocoding.rows.length })}
      </h3>
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {RESULTS.filter((result) => result !== 'to_geocode' || count(result) > 0).map((result) => (
          <div key={result}>
            <dt className="text-xs text-gray-600">{t(`importer.geocoding.results.${result}`)}</dt>
            <dd
              data-testid={`import-geocoding-${result}`}
              data-count={count(result)}
              className="text-lg font-semibold text-gray-900 tabular-nums"
            >
              {number.format(count(result))}
            </dd>
          </div>
        ))}
      </dl>
      {notFound.length > 0 && (
        <p data-testid="import-geocoding-not-found" className="mt-2 text-gray-800">
          {t('importer.geocoding.skipped', {
            rows: notFound
              .slice(0, ROWS_LISTED)
              .map((row) => number.format(row))
              .join(', '),
            count: notFound.length,
          })}
          {notFound.length > ROWS_LISTED &&
            ` ${t('importer.geocoding.andMore', { count: notFound.length - ROWS_LISTED })}`}
        </p>
      )}
      {geocoding.runId !== null && (
        <LookUpProgress runId={geocoding.runId} minimumSeconds={geocoding.minimumSeconds} />
      )}
    </section>
  );
}

/** The background look-up of the addresses not known yet: a progress bar, then what to do next. */
function LookUpProgress({ runId, minimumSeconds }: { runId: number; minimumSeconds: number }) {
  const { t, i18n } = useTranslation();
  const run = useGeocodingRun(runId).data;
  const number = new Intl.NumberFormat(i18n.language);
  if (!run) return null;
  const minutes = Math.ceil(minimumSeconds / 60);
  return (
    <div className="mt-3" data-testid="import-geocoding-run" data-state={run.state}>
      {run.state === 'running' && (
        <>
          <p id="import-geocoding-progress" className="text-gray-800">
            {t('importer.geocoding.running', {
              done: number.format(run.done),
              total: number.format(run.total),
            })}
            {minimumSeconds >= 60 && ` ${t('importer.geocoding.atLeast', { count: minutes })}`}
          </p>
          <progress
            className="mt-1 h-2 w-full"
            max={run.total}
            value={run.done}
            aria-labelledby="import-geocoding-progress"
          />
        </>
      )}
      {/* Said once it changes: the person may be elsewhere on the page meanwhile. */}
      <p role="status" data-testid="import-geocoding-outcome" className="text-gray-800">
        {run.state === 'done' && t('importer.geocoding.done')}
        {run.state === 'failed' && t('importer.geocoding.failed')}
      </p>
    </div>
  );
}
