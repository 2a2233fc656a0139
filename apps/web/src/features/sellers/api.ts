import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationStatus, SellerApplication } from '@statewise/contract/schemas/sellers';
import { api, ApiError, apiEnvelope } from '../../lib/api.ts';
import { useSession } from '../auth/session.ts';

/**
 * The seller application's calls (accounts §7 Profile and seller; docs/decisions/014): the two registration steps,
 * the vendor terms, and the admin's approval queue. The seller record itself (GET user/checkSeller) is read by
 * profile/api.ts's useSellerRecord, which the account hub already loads.
 */

export const sellerRecordKey = (userId: string | null) => ['seller-record', userId] as const;

/** GET admin/vendor-terms-conditions: the vendor terms as HTML (data.terms; a list or one string). */
export function useVendorTerms(enabled: boolean) {
  return useQuery({
    queryKey: ['vendor-terms'],
    enabled,
    staleTime: 10 * 60_000,
    queryFn: async () => {
      const data = await api<{ terms: string | string[] }>('admin/vendor-terms-conditions');
      return Array.isArray(data.terms) ? data.terms.join('') : data.terms;
    },
  });
}

/** The step-one payload as sent (accounts §3): the contract's field names. */
export interface StepOnePayload {
  stepNumber: 1;
  brandName: string;
  sellerName: string;
  vendorSlug: string;
  panNumber: string;
  productCategory: string[];
  vendorCategory: string[];
  facebookProfileLink: string;
  callingNumber: string;
  whatsappNumber: string;
  avatar: string;
  termsAccepted: boolean;
}

/** After either step the account hub's seller record is stale. */
function useRecordRefresh() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return () => queryClient.invalidateQueries({ queryKey: sellerRecordKey(userId) });
}

/** POST vendor/initiateVendorRegistration (201 with MSG.sellerRegistered). */
export function useRegisterStepOne() {
  const refresh = useRecordRefresh();
  return useMutation({
    mutationFn: (body: StepOnePayload) => apiEnvelope<unknown>('vendor/initiateVendorRegistration', { method: 'POST', body: { ...body } }),
    onSuccess: refresh,
  });
}

/** POST vendor/completeVendorRegistration as multipart (the step-two fields and the optional `image`). */
export function useCompleteStepTwo() {
  const refresh = useRecordRefresh();
  return useMutation({
    mutationFn: (form: FormData) => apiEnvelope<unknown>('vendor/completeVendorRegistration', { method: 'POST', body: form }),
    onSuccess: refresh,
  });
}

// ---------- admin: the approval queue ----------

const applicationsKey = ['admin', 'seller-applications'] as const;

/** GET admin/seller-applications?status=&page= */
export function useSellerApplications(status: ApplicationStatus, page: number) {
  return useQuery({
    queryKey: [...applicationsKey, status, page],
    queryFn: () => api<{ applications: SellerApplication[]; count: number }>(`admin/seller-applications?status=${status}&page=${page}`),
    placeholderData: (previous) => previous,
  });
}

/** POST admin/seller-applications/{id}/approve {note?} or …/reject {reason}; the lists are read again after. */
export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; decision: 'approve' | 'reject'; text: string }) =>
      apiEnvelope<unknown>(`admin/seller-applications/${encodeURIComponent(input.id)}/${input.decision}`, {
        method: 'POST',
        body: input.decision === 'approve' ? (input.text.trim() ? { note: input.text.trim() } : {}) : { reason: input.text.trim() },
      }),
    onSuccess: () => {
      // the admin console's counts ('admin' keys, features/admin/api.ts) and audit log change with a decision
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      return queryClient.invalidateQueries({ queryKey: applicationsKey });
    },
  });
}

/**
 * GET vendor/registration: the caller's own application (PAN and account masked to the last 4), to fill the forms
 * when a vendor edits their details or a rejected applicant applies again; null when there is none (404).
 */
export function useOwnApplication() {
  const { userId } = useSession();
  return useQuery({
    queryKey: ['own-seller-application', userId],
    staleTime: 0,
    queryFn: async () => {
      try {
        return await api<SellerApplication>('vendor/registration');
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}
