import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { CrashFallback } from '../components/error-boundary.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { HomePage } from './routes/home/home-page.tsx';
import { NotFoundPage } from './routes/not-found-page.tsx';

/** Routes: the home map is in the main bundle; other pages load when first visited. */
function createRouter() {
  return createBrowserRouter([
    {
      element: <AppLayout />,
      errorElement: <CrashFallback />,
      children: [
        { index: true, element: <HomePage /> },
        {
          path: 'places/:id',
          lazy: async () => ({ Component: (await import('./routes/place/place-page.tsx')).PlacePage }),
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}

let router: ReturnType<typeof createRouter> | undefined;

/** The app's pages. */
export function AppRouter() {
  router ??= createRouter();
  return <RouterProvider router={router} />;
}
