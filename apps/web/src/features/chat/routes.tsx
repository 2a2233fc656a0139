import { lazy } from 'react';
import { Route } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth.tsx';

/* Chat (accounts §2.1, §2.7): token only; a guest goes to /?login=true (&chatId= for one chat). */
const ChatScreens = lazy(() => import('./ChatScreens.tsx'));

export const chatRoutes = (
  <>
    <Route path="chat-list" element={<RequireAuth chat><ChatScreens /></RequireAuth>} />
    <Route path="chat/:chatId" element={<RequireAuth chat><ChatScreens /></RequireAuth>} />
  </>
);
