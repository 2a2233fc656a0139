import { lazy } from 'react';
import { Route } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth.tsx';

/*
 * The community (accounts §2.1, §2.6): the feed is public (guests see it, anything else asks them to log in); the add
 * and edit screens need a token. Each screen is its own lazy chunk; the forms share one.
 */
const CommunityPage = lazy(() => import('./CommunityPage.tsx'));
const PostPage = lazy(() => import('./PostPage.tsx'));
const CreateQueryPage = lazy(() => import('./PostPages.tsx').then((m) => ({ default: m.CreateQueryPage })));
const AddDetailsPage = lazy(() => import('./PostPages.tsx').then((m) => ({ default: m.AddDetailsPage })));
const AddVideoPage = lazy(() => import('./PostPages.tsx').then((m) => ({ default: m.AddVideoPage })));
const EditDetailsPage = lazy(() => import('./PostPages.tsx').then((m) => ({ default: m.EditDetailsPage })));
const EditVideoPage = lazy(() => import('./PostPages.tsx').then((m) => ({ default: m.EditVideoPage })));

export const communityRoutes = (
  <>
    <Route path="community" element={<CommunityPage />} />
    <Route path="community/post/:postId" element={<PostPage />} />
    <Route element={<RequireAuth />}>
      <Route path="CreatePost" element={<CreateQueryPage />} />
      <Route path="details" element={<AddDetailsPage />} />
      <Route path="edit-details/:postId" element={<EditDetailsPage />} />
    </Route>
    <Route element={<RequireAuth roles={['vendor']} />}>
      <Route path="videos" element={<AddVideoPage />} />
      <Route path="edit-video/:postId" element={<EditVideoPage />} />
    </Route>
  </>
);
