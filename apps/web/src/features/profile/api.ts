import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckSellerResult, SellerRecord } from '@statewise/contract/schemas/sellers';
import { api, apiEnvelope } from '../../lib/api.ts';
import { contactBody, profileKey, type OtpSent, type Profile } from '../auth/api.ts';
import { useSession } from '../auth/session.ts';
import type { Contact } from '../auth/validators.ts';

/** Profile calls of accounts §7 (Profile and seller) and API.md's profile OTP paths. */

/** PATCH user as multipart: first name, last name and, when chosen, the picture file. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { firstname: string; lastname: string; picture?: File | null }) => {
      const form = new FormData();
      form.set('firstname', input.firstname);
      form.set('lastname', input.lastname);
      if (input.picture) form.set('picture', input.picture);
      return apiEnvelope<Profile>('user', { method: 'PATCH', body: form });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: profileKey });
    },
  });
}

export const profileOtpApi = {
  /** POST user/request-otp: a code to the mobile or e-mail being added or verified. */
  request: (c: Contact) => apiEnvelope<OtpSent>('user/request-otp', { method: 'POST', body: contactBody(c) }),
  /** POST user/verify-otp: the contact becomes the profile's, verified. */
  verify: (c: Contact, otp: string) => apiEnvelope<Profile>('user/verify-otp', { method: 'POST', body: { ...contactBody(c), otp } }),
};

/**
 * GET user/checkSeller: a list whose first item is used (registrationCompletionStep 1 under review, 2 complete);
 * empty means the person never applied.
 */
export function useSellerRecord(enabled: boolean) {
  const { userId } = useSession();
  return useQuery({
    queryKey: ['seller-record', userId],
    enabled,
    queryFn: async (): Promise<SellerRecord | null> => (await api<CheckSellerResult>('user/checkSeller'))[0] ?? null,
  });
}
