import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import { LoadingState } from '../../../components/ui/states.tsx';

// Each staff page is a chunk of its own, as before; only this router among them is loaded for any
// staff path (app/router.tsx sends them here with every message in place), so the home page's
// bundle holds one entry for all of them.
const ReviewPage = lazy(async () => ({ default: (await import('./review-page.tsx')).ReviewPage }));
const FlagsPage = lazy(async () => ({ default: (await import('./flags-page.tsx')).FlagsPage }));
const CheckingPage = lazy(async () => ({ default: (await import('./checking-page.tsx')).CheckingPage }));
const CategoriesPage = lazy(async () => ({
  default: (await import('./categories-page.tsx')).CategoriesPage,
}));
const UsersPage = lazy(async () => ({ default: (await import('./users-page.tsx')).UsersPage }));
const JobsPage = lazy(async () => ({ default: (await import('./jobs-page.tsx')).JobsPage }));
const AuditPage = lazy(async () => ({ default: (await import('./audit-page.tsx')).AuditPage }));
const WebhooksPage = lazy(async () => ({ default: (await import('./webhooks-page.tsx')).WebhooksPage }));
const ImportPage = lazy(async () => ({ default: (await import('./import-page.tsx')).ImportPage }));

/** The pages of moderators and admins, by path (the paths app/router.tsx sends here). */
export function StaffPages() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<LoadingState label={t('app.loadingPage')} className="py-24" />}>
      <Switch>
        <Route path="/review">
          <ReviewPage />
        </Route>
        <Route path="/flags">
          <FlagsPage />
        </Route>
        <Route path="/checking">
          <CheckingPage />
        </Route>
        <Route path="/categories">
          <CategoriesPage />
        </Route>
        <Route path="/users">
          <UsersPage />
        </Route>
        <Route path="/jobs">
          <JobsPage />
        </Route>
        <Route path="/audit">
          <AuditPage />
        </Route>
        <Route path="/webhooks">
          <WebhooksPage />
        </Route>
        <Route path="/import">
          <ImportPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
