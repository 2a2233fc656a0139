import { lazy } from 'react';
import { Route } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth.tsx';

/* Writing and changing a review (shopping §2 Reviews): token-only routes (accounts §2.1). */
const WriteReviewPage = lazy(() => import('./ReviewPages.tsx').then((m) => ({ default: m.WriteReviewPage })));
const UpdateReviewPage = lazy(() => import('./ReviewPages.tsx').then((m) => ({ default: m.UpdateReviewPage })));

export const reviewRoutes = (
  <Route element={<RequireAuth />}>
    <Route path="write-review/:productId/:userId" element={<WriteReviewPage />} />
    <Route path="update-review/:id" element={<UpdateReviewPage />} />
  </Route>
);
