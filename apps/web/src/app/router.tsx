import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from './Layout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

/*
 * Declarative routes with one lazy chunk per screen (DESIGN.md). The data-router API would add ~17 KB gzip
 * to every page for loaders we do not use; data comes from TanStack Query instead (ADR 003).
 */
const HomePage = lazy(() => import('../features/home/HomePage.tsx').then((m) => ({ default: m.HomePage })));

export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
