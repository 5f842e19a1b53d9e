import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import { LoadingState } from '../components/ui/states.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { HomePage } from './routes/home/home-page.tsx';
import { NotFoundPage } from './routes/not-found-page.tsx';

// wouter (about 2 kB): Karta loads its data with TanStack Query and has three routes, so a full
// router's data loaders would be unused weight in the home page's bundle (react-router cost 13 kB).
const PlacePage = lazy(async () => ({ default: (await import('./routes/place/place-page.tsx')).PlacePage }));

function PageLoading() {
  const { t } = useTranslation();
  return <LoadingState label={t('placePage.loading')} className="py-24" />;
}

/** The app's pages: the home map is in the main bundle; other pages load when first visited. */
export function AppRouter() {
  return (
    <AppLayout>
      <Switch>
        <Route path="/">
          <HomePage />
        </Route>
        <Route path="/places/:id">
          <Suspense fallback={<PageLoading />}>
            <PlacePage />
          </Suspense>
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </AppLayout>
  );
}
