import { useQuery, type QueryClient } from '@tanstack/react-query';
import { MSG } from '@statewise/contract/messages';
import { api, ApiError, apiEnvelope } from '../../lib/api.ts';
import { KEYS, storage } from '../../lib/storage.ts';
import type { AuthProviders, AuthResult, OtpSent, Profile, VerifiedOtp } from '@statewise/contract/schemas/auth';
import { getSession, saveSession, useSession, type Role } from './session.ts';
import type { Contact } from './validators.ts';

export type { AuthProviders, OtpSent, Profile, VerifiedOtp };
/** What a login call gives back (accounts §7: data.accessToken, data.user with _id and role). */
export type LoginResult = AuthResult;
/** The least a login needs: a token, the user's id and role. */
export interface LoginGrant {
  accessToken: string;
  user: { _id: string; role: Role; email?: string | null };
}

/** `{type:'mobile', mobile}` or `{type:'email', email}`, the body shape of every contact call (accounts §7). */
export function contactBody(c: Contact): { type: 'mobile'; mobile: string } | { type: 'email'; email: string } {
  return c.type === 'mobile' ? { type: 'mobile', mobile: c.value } : { type: 'email', email: c.value };
}

/** The code as the demo server echoes it, or null in production (API.md, Demo mode). */
export function demoCode(sent: Partial<OtpSent> | undefined): string | null {
  const otp = sent?.otp;
  if (otp === undefined || otp === null || otp === 1) return null;
  return String(otp).padStart(6, '0');
}

/** The countdown the server enforces for the next resend (data.resendAfter), or the screen's default. */
export function resendAfter(sent: Partial<OtpSent> | undefined, fallback: number): number {
  return typeof sent?.resendAfter === 'number' && sent.resendAfter > 0 ? sent.resendAfter : fallback;
}

export const authApi = {
  requestOtp: (c: Contact) => apiEnvelope<OtpSent>('auth/request-otp', { method: 'POST', body: contactBody(c) }),
  requestLoginOtp: (c: Contact) => apiEnvelope<OtpSent>('auth/request-login-otp', { method: 'POST', body: contactBody(c) }),
  verifyOtp: (c: Contact, otp: string, purpose: VerifiedOtp['purpose']) =>
    api<VerifiedOtp>('auth/verify-otp', { method: 'POST', body: { ...contactBody(c), otp, purpose } }),
  loginWithOtp: (c: Contact, otp: string) => api<LoginResult>('auth/login-with-otp', { method: 'POST', body: { ...contactBody(c), otp } }),
  register: (body: { type: Contact['type']; firstname: string; lastname: string; mobile?: string; email?: string; otpVerificationCode: string }) =>
    api<LoginResult>('auth/register', { method: 'POST', body }),
  passwordLogin: (c: Contact, password: string) => api<LoginResult>('auth/password-login', { method: 'POST', body: { ...contactBody(c), password } }),
  forgetPasswordRequestOtp: (c: Contact) => apiEnvelope<OtpSent>('auth/forget-password-request-otp', { method: 'POST', body: contactBody(c) }),
  resetPassword: (c: Contact, otpVerificationCode: string, password: string) =>
    apiEnvelope<unknown>('auth/reset-password', { method: 'POST', body: { ...contactBody(c), otpVerificationCode, password } }),
  deleteAccount: (c: Contact, password: string) =>
    apiEnvelope<{ message?: { status?: boolean; message?: string } } | null>('auth/deleteAccount', { method: 'POST', body: { ...contactBody(c), password } }),
  logout: () => api<unknown>('auth/logout', { method: 'POST' }),
  /** The one-time code of the Google success address → a login, once. */
  exchangeGoogleCode: (code: string) => api<LoginResult>('auth/social-login/exchange', { method: 'POST', body: { code } }),
  providers: () => api<AuthProviders>('auth/providers'),
};

export const profileKey = ['profile'] as const;

/** GET user; keeps the stored role and e-mail in step with the profile (accounts §6: role read from the profile). */
export async function fetchProfile(): Promise<Profile> {
  const asked = getSession().token;
  const profile = await api<Profile>('user');
  const session = getSession();
  // the session changed while the profile was on its way (a login, a logout, another tab): it is not this one's
  if (!session.token || session.token !== asked) return profile;
  if (profile.role && profile.role !== session.role) storage.set(KEYS.role, profile.role);
  if (profile.email) storage.set(KEYS.email, profile.email);
  else storage.remove(KEYS.email);
  return profile;
}

export function profileQuery(userId: string | null) {
  return { queryKey: [...profileKey, userId], queryFn: fetchProfile, staleTime: 60_000 };
}

/** The signed-in person's profile; idle for a guest. */
export function useProfile() {
  const { isLoggedIn, userId } = useSession();
  return useQuery({ ...profileQuery(userId), enabled: isLoggedIn });
}

/** The providers the server has configured (Google only when its client id is set). */
export function useAuthProviders() {
  return useQuery({ queryKey: ['auth', 'providers'], queryFn: authApi.providers, staleTime: 5 * 60_000 });
}

/**
 * Stores a successful login and loads the profile (accounts §4.1, §4.3). A profile that fails to load does not
 * undo the login: the header and hub load it again when they need it.
 */
export async function completeLogin(queryClient: QueryClient, result: LoginGrant): Promise<{ role: Role; userId: string; profile: Profile | null }> {
  saveSession({ accessToken: result.accessToken, userId: result.user._id, role: result.user.role, email: result.user.email ?? null });
  let profile: Profile | null = null;
  try {
    profile = await queryClient.fetchQuery(profileQuery(result.user._id));
  } catch (err) {
    // A token refused at once (a stale Google redirect) is no login at all: the 401 rule has already cleared
    // it (cancelling this fetch), so report the failure instead of a login.
    if ((err instanceof ApiError && err.status === 401) || getSession().token !== result.accessToken) {
      throw err instanceof ApiError ? err : new ApiError(401, MSG.sessionExpired);
    }
    console.error('profile after login', err);
  }
  return { role: profile?.role ?? result.user.role, userId: result.user._id, profile };
}

/** A same-site path to go to after login, or null (never an absolute or protocol-relative URL). */
export function safePath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** The sentence to show for a failed call: the server's, or a generic one for anything unexpected. */
export function errorMessage(err: unknown): string {
  return err instanceof ApiError ? err.message : MSG.serverError;
}
