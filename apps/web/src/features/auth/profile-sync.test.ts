import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEYS, storage } from '../../lib/storage.ts';
import { fetchProfile } from './api.ts';
import { clearSession, saveSession } from './session.ts';

const profileOf = (role: string, email: string) => new Response(JSON.stringify({ success: true, data: { _id: 'u', role, email } }), { headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('fetchProfile', () => {
  it('keeps the stored role and e-mail in step with the profile of the same session', async () => {
    saveSession({ accessToken: 'a', userId: 'u', role: 'user' });
    vi.stubGlobal('fetch', vi.fn(async () => profileOf('vendor', 'ravi@example.com')));
    await fetchProfile();
    expect(storage.get(KEYS.role)).toBe('vendor');
    expect(storage.get(KEYS.email)).toBe('ravi@example.com');
  });

  it('leaves a session opened while the profile was on its way alone', async () => {
    saveSession({ accessToken: 'shopper', userId: 'u1', role: 'user' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        // another login lands before the answer for the shopper does
        saveSession({ accessToken: 'vendor', userId: 'u2', role: 'vendor', email: 'v@example.com' });
        return profileOf('user', 'shopper@example.com');
      }),
    );
    await fetchProfile();
    expect(storage.get(KEYS.role)).toBe('vendor');
    expect(storage.get(KEYS.email)).toBe('v@example.com');
  });
});
