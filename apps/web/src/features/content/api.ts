import type { ContactUsBody, FaqEntry, SocialLink } from '@statewise/contract/schemas/content';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../lib/api.ts';

/** Static content, FAQ, social links and the contact form (accounts §7 Static content). */

/** Pages change rarely; keep them for a few minutes in the session. */
const STALE = 5 * 60_000;

export type PageKind = 'privacy' | 'return' | 'terms';

export const contentKeys = {
  about: ['content', 'about'] as const,
  page: (kind: PageKind) => ['content', kind] as const,
  faq: ['content', 'faq'] as const,
  social: ['content', 'social-links'] as const,
};

export function useAboutUs() {
  return useQuery({
    queryKey: contentKeys.about,
    queryFn: ({ signal }) => api<{ aboutUs: string; picture: string | null }>('admin/about-us', { signal }),
    staleTime: STALE,
  });
}

/** The HTML of a policy page, whatever field name the spec gives each call. */
const PAGE_CALLS: Record<PageKind, { path: string; html: (data: never) => string }> = {
  privacy: { path: 'admin/privacy-policy', html: (d: { policy: string }) => d.policy },
  return: { path: 'admin/return-replacement', html: (d: { returnPolicy: string }) => d.returnPolicy },
  terms: { path: 'admin/terms-conditions', html: (d: { terms: string[] }) => d.terms[0] ?? '' },
};

export function usePolicyPage(kind: PageKind) {
  return useQuery({
    queryKey: contentKeys.page(kind),
    queryFn: async ({ signal }) => PAGE_CALLS[kind].html((await api<unknown>(PAGE_CALLS[kind].path, { signal })) as never),
    staleTime: STALE,
  });
}

export function useFaq() {
  return useQuery({ queryKey: contentKeys.faq, queryFn: ({ signal }) => api<FaqEntry[]>('faq/list', { signal }), staleTime: STALE });
}

export function useSocialLinks(enabled = true) {
  return useQuery({ queryKey: contentKeys.social, queryFn: ({ signal }) => api<SocialLink[]>('admin/social-links', { signal }), staleTime: STALE, enabled });
}

/** POST user/contactUs: resolves with the server's thank-you sentence. */
export function useContactUs() {
  return useMutation({
    mutationFn: async (body: ContactUsBody) => (await apiEnvelope<{ _id: string }>('user/contactUs', { method: 'POST', body })).message ?? '',
  });
}
