import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import { LoadingState } from '../components/ui/states.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { HomePage } from './routes/home/home-page.tsx';
import { NotFoundPage } from './routes/not-found-page.tsx';

// Declarative routing: Karta loads its data with TanStack Query, so the data router's loaders
// and actions would be unused weight in the home page's bundle.
const PlacePage = lazy(async () => ({ default: (await import('./routes/place/place-page.tsx')).PlacePage }));

function PageLoading() {
  const { t } = useTranslation();
  return <LoadingState label={t('placePage.loading')} className="py-24" />;
}

/** The app's pages: the home map is in the main bundle; other pages load when first visited. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<HomePage />} />
          <Route
            path="places/:id"
            element={
              <Suspense fallback={<PageLoading />}>
                <PlacePage />
              </Suspense>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
