import { lazy } from 'react';
import { Route } from 'react-router';

/*
 * The auth area of accounts §2.2, one lazy chunk per screen, inside the main shell (so the header, the one
 * Toaster and the 401 rule are there too). app/router.tsx places these routes; vendor-registration pages come
 * with the seller feature.
 */
const LoginPage = lazy(() => import('./pages/LoginPage.tsx').then((m) => ({ default: m.LoginPage })));
const ForgotPasswordPage = lazy(() => import('./pages/ForgotPasswordPage.tsx').then((m) => ({ default: m.ForgotPasswordPage })));
const ForgotPasswordOtpPage = lazy(() => import('./pages/ForgotPasswordOtpPage.tsx').then((m) => ({ default: m.ForgotPasswordOtpPage })));
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage.tsx').then((m) => ({ default: m.ResetPasswordPage })));
const RequestOtpPage = lazy(() => import('./pages/RequestOtpPage.tsx').then((m) => ({ default: m.RequestOtpPage })));
const OtpVerificationPage = lazy(() => import('./pages/OtpVerificationPage.tsx').then((m) => ({ default: m.OtpVerificationPage })));
const SignUpPage = lazy(() => import('./pages/SignUpPage.tsx').then((m) => ({ default: m.SignUpPage })));
const DeleteAccountPage = lazy(() => import('./pages/DeleteAccountPage.tsx').then((m) => ({ default: m.DeleteAccountPage })));
const SocialLoginSuccessPage = lazy(() => import('./pages/SocialLoginSuccessPage.tsx').then((m) => ({ default: m.SocialLoginSuccessPage })));

export const authRoutes = (
  <Route path="auth">
    <Route path="login" element={<LoginPage />} />
    <Route path="forgot-password" element={<ForgotPasswordPage />} />
    <Route path="forgot-password-otp" element={<ForgotPasswordOtpPage />} />
    <Route path="resetPassword" element={<ResetPasswordPage />} />
    <Route path="request-otp" element={<RequestOtpPage mode="signup" />} />
    <Route path="otp-verification" element={<OtpVerificationPage mode="signup" />} />
    <Route path="request-otp-login" element={<RequestOtpPage mode="login" />} />
    <Route path="login-otp" element={<OtpVerificationPage mode="login" />} />
    <Route path="sign-up" element={<SignUpPage />} />
    <Route path="delete-account" element={<DeleteAccountPage />} />
    <Route path="social-login/success/:token/token/:userId/userId/:role/role" element={<SocialLoginSuccessPage />} />
  </Route>
);
