import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import { LoadingState } from '../components/ui/states.tsx';
import { lazyWithAllMessages } from '../lib/i18n/lazy-with-all-messages.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { HomePage } from './routes/home/home-page.tsx';
import { NotFoundPage } from './routes/not-found-page.tsx';

// wouter (about 2 kB): Karta loads its data with TanStack Query and has a handful of routes, so a full
// router's data loaders would be unused weight in the home page's bundle (react-router cost 13 kB).
// Every page but the home page is a chunk of its own, shown once its messages beyond the first
// view's have arrived too (lib/i18n/first-view-messages.ts). The map alone for other sites' frames
// (with its list, fullscreen and "Propose a place") is one too, off the home page's first view; its
// messages are in the first view's part, so plain `lazy` will do.
const EmbedPage = lazy(async () => ({ default: (await import('./routes/embed/embed-page.tsx')).EmbedPage }));
const PlacePage = lazyWithAllMessages(async () => (await import('./routes/place/place-page.tsx')).PlacePage);
const SignInPage = lazyWithAllMessages(
  async () => (await import('./routes/auth/sign-in-page.tsx')).SignInPage,
);
const RegisterPage = lazyWithAllMessages(
  async () => (await import('./routes/auth/register-page.tsx')).RegisterPage,
);
const ForgotPasswordPage = lazyWithAllMessages(
  async () => (await import('./routes/auth/forgot-password-page.tsx')).ForgotPasswordPage,
);
const ResetPasswordPage = lazyWithAllMessages(
  async () => (await import('./routes/auth/reset-password-page.tsx')).ResetPasswordPage,
);
const CompleteRegistrationPage = lazyWithAllMessages(
  async () => (await import('./routes/auth/complete-registration-page.tsx')).CompleteRegistrationPage,
);
const VerifyEmailPage = lazyWithAllMessages(
  async () => (await import('./routes/auth/verify-email-page.tsx')).VerifyEmailPage,
);
const UnsubscribePage = lazyWithAllMessages(
  async () => (await import('./routes/auth/unsubscribe-page.tsx')).UnsubscribePage,
);
const FollowConfirmPage = lazyWithAllMessages(
  async () => (await import('./routes/follows/follow-confirm-page.tsx')).FollowConfirmPage,
);
const NoteConfirmPage = lazyWithAllMessages(
  async () => (await import('./routes/notes/note-confirm-page.tsx')).NoteConfirmPage,
);
const FollowsPage = lazyWithAllMessages(
  async () => (await import('./routes/follows/follows-page.tsx')).FollowsPage,
);
const AccountPage = lazyWithAllMessages(
  async () => (await import('./routes/account/account-page.tsx')).AccountPage,
);
// The staff pages route among themselves in a chunk of their own (routes/staff/staff-pages.tsx).
const StaffPages = lazyWithAllMessages(
  async () => (await import('./routes/staff/staff-pages.tsx')).StaffPages,
);
/** The paths of the staff pages (each with an optional trailing slash, as a plain path matches). */
const STAFF_PAGE = /^\/(?:review|flags|checking|categories|users|jobs|audit|webhooks|import)\/?$/;
const ProposePage = lazyWithAllMessages(
  async () => (await import('./routes/contributor/propose-page.tsx')).ProposePage,
);
const EditPlacePage = lazyWithAllMessages(
  async () => (await import('./routes/contributor/edit-place-page.tsx')).EditPlacePage,
);
const NearPage = lazyWithAllMessages(async () => (await import('./routes/near/near-page.tsx')).NearPage);
const SavedAreasPage = lazyWithAllMessages(
  async () => (await import('./routes/offline/saved-areas-page.tsx')).SavedAreasPage,
);
const MySubmissionsPage = lazyWithAllMessages(
  async () => (await import('./routes/contributor/my-submissions-page.tsx')).MySubmissionsPage,
);
const MergeDraftPage = lazyWithAllMessages(
  async () => (await import('./routes/contributor/merge-draft-page.tsx')).MergeDraftPage,
);

function PageLoading({ place = false }: { place?: boolean }) {
  const { t } = useTranslation();
  // The place page is taller than any screen: while it loads, the footer stays out of view, so
  // nothing moves when it comes (CLS 0).
  return (
    <LoadingState
      label={place ? t('placePage.loading') : t('app.loadingPage')}
      className={place ? 'min-h-screen py-24' : 'py-24'}
    />
  );
}

/**
 * The app's pages: the home map is in the main bundle; other pages load when first visited. The
 * embed is the map alone, without the site's header and footer, for other sites' frames.
 */
export function AppRouter() {
  return (
    <Switch>
      <Route path="/embed">
        <Suspense fallback={null}>
          <EmbedPage />
        </Suspense>
      </Route>
      <Route>
        <SitePages />
      </Route>
    </Switch>
  );
}

function SitePages() {
  return (
    <AppLayout>
      <Switch>
        <Route path="/">
          <HomePage />
        </Route>
        <Route path="/near">
          <Suspense fallback={<PageLoading />}>
            <NearPage />
          </Suspense>
        </Route>
        <Route path="/propose">
          <Suspense fallback={<PageLoading />}>
            <ProposePage />
          </Suspense>
        </Route>
        <Route path="/places/:id/edit">
          <Suspense fallback={<PageLoading />}>
            <EditPlacePage />
          </Suspense>
        </Route>
        <Route path="/offline">
          <Suspense fallback={<PageLoading />}>
            <SavedAreasPage />
          </Suspense>
        </Route>
        <Route path="/my-submissions">
          <Suspense fallback={<PageLoading />}>
            <MySubmissionsPage />
          </Suspense>
        </Route>
        <Route path="/drafts/:id">
          <Suspense fallback={<PageLoading />}>
            <MergeDraftPage />
          </Suspense>
        </Route>
        <Route path="/places/:id">
          <Suspense fallback={<PageLoading place />}>
            <PlacePage />
          </Suspense>
        </Route>
        <Route path="/sign-in">
          <Suspense fallback={<PageLoading />}>
            <SignInPage />
          </Suspense>
        </Route>
        <Route path="/register">
          <Suspense fallback={<PageLoading />}>
            <RegisterPage />
          </Suspense>
        </Route>
        <Route path="/forgot-password">
          <Suspense fallback={<PageLoading />}>
            <ForgotPasswordPage />
          </Suspense>
        </Route>
        <Route path="/reset-password">
          <Suspense fallback={<PageLoading />}>
            <ResetPasswordPage />
          </Suspense>
        </Route>
        <Route path="/complete-registration">
          <Suspense fallback={<PageLoading />}>
            <CompleteRegistrationPage />
          </Suspense>
        </Route>
        <Route path="/verify-email">
          <Suspense fallback={<PageLoading />}>
            <VerifyEmailPage />
          </Suspense>
        </Route>
        <Route path="/unsubscribe">
          <Suspense fallback={<PageLoading />}>
            <UnsubscribePage />
          </Suspense>
        </Route>
        <Route path="/follows/confirm">
          <Suspense fallback={<PageLoading />}>
            <FollowConfirmPage />
          </Suspense>
        </Route>
        <Route path="/notes/confirm">
          <Suspense fallback={<PageLoading />}>
            <NoteConfirmPage />
          </Suspense>
        </Route>
        <Route path="/follows">
          <Suspense fallback={<PageLoading />}>
            <FollowsPage />
          </Suspense>
        </Route>
        <Route path="/account">
          <Suspense fallback={<PageLoading />}>
            <AccountPage />
          </Suspense>
        </Route>
        <Route path={STAFF_PAGE}>
          <Suspense fallback={<PageLoading />}>
            <StaffPages />
          </Suspense>
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </AppLayout>
  );
}
