import { lazy } from 'react';
import { Route } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth.tsx';

/* Account hub, profile editing and contact verification (accounts §2.4, §2.5); all need a token (§2.1). */
const ProfilePage = lazy(() => import('./ProfilePage.tsx').then((m) => ({ default: m.ProfilePage })));
const EditProfilePage = lazy(() => import('./EditProfilePage.tsx').then((m) => ({ default: m.EditProfilePage })));
const ContactOtpPage = lazy(() => import('./ContactOtpPage.tsx').then((m) => ({ default: m.ContactOtpPage })));

export const profileRoutes = (
  <Route element={<RequireAuth />}>
    <Route path="profile" element={<ProfilePage />} />
    <Route path="edit-profile" element={<EditProfilePage variant="staff" />} />
    <Route path="edit-profile-user" element={<EditProfilePage variant="user" />} />
    <Route path="auth/mobile-otp-verification" element={<ContactOtpPage type="mobile" />} />
    <Route path="auth/email-otp-verification" element={<ContactOtpPage type="email" />} />
  </Route>
);
