import type { AdminDashboard, AdminOverview, AdminUserDetail, AdminUserList, AuditList } from '@statewise/contract/schemas/admin';
import type { AdminFaqEntry, AdminSocialLink, ChatbotQuestion, ContactInbox, ContactRequest, ContentKey, FaqBody, SocialLinkBody } from '@statewise/contract/schemas/content';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../lib/api.ts';

/**
 * The admin console's calls (issue 11): its own (admin/overview, users, audit) and the content, chatbot and contact
 * calls the server keeps with their domains. Every write refreshes the overview's counts.
 */
export const adminKeys = {
  overview: ['admin', 'overview'] as const,
  dashboard: ['admin', 'overview', 'dashboard'] as const,
  page: (key: ContentKey) => ['admin', 'page', key] as const,
  social: ['admin', 'social-links'] as const,
  faq: ['admin', 'faq'] as const,
  questions: (status: string) => ['admin', 'chatbot-questions', status] as const,
  contacts: (f: ContactFilters) => ['admin', 'contacts', f] as const,
  users: (f: UserFilters) => ['admin', 'users', 'list', f] as const,
  user: (id: string) => ['admin', 'users', 'one', id] as const,
  audit: (f: AuditFilters) => ['admin', 'audit', f] as const,
};

/** The public pages' cache (features/content keys start with 'content'): an edit shows there at once in this tab. */
const PUBLIC_CONTENT = ['content'] as const;

function refreshOverview(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: adminKeys.overview });
  // every change is audited
  void qc.invalidateQueries({ queryKey: ['admin', 'audit'] });
}

export function useAdminOverview() {
  return useQuery({ queryKey: adminKeys.overview, queryFn: ({ signal }) => api<AdminOverview>('admin/overview', { signal }), staleTime: 30_000 });
}

/** The overview's charts (30 days, India time); under the overview's key, so a change that refreshes it refreshes them. */
export function useAdminDashboard() {
  return useQuery({ queryKey: adminKeys.dashboard, queryFn: ({ signal }) => api<AdminDashboard>('admin/dashboard', { signal }), staleTime: 60_000 });
}

// ---------- static pages ----------

export interface PageContent {
  html: string;
  picture: string | null;
}

export function useAdminPage(key: ContentKey) {
  return useQuery({ queryKey: adminKeys.page(key), queryFn: ({ signal }) => api<PageContent>(`admin/content/${key}`, { signal }) });
}

export function useSavePage(key: ContentKey) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { html: string }) => apiEnvelope<PageContent>(`admin/content/${key}`, { method: 'PUT', body }),
    onSuccess: ({ data }) => {
      qc.setQueryData(adminKeys.page(key), data);
      void qc.invalidateQueries({ queryKey: PUBLIC_CONTENT });
      refreshOverview(qc);
    },
  });
}

/** Uploads (a file) or removes (null) the Our Story picture; the editor and /about show the new one at once. */
export function useAboutPicture() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) => {
      if (!file) return apiEnvelope<PageContent>('admin/content/about/picture', { method: 'DELETE' });
      const form = new FormData();
      form.append('picture', file);
      return apiEnvelope<PageContent>('admin/content/about/picture', { method: 'POST', body: form });
    },
    onSuccess: ({ data }) => {
      qc.setQueryData(adminKeys.page('about'), (old: PageContent | undefined) => (old ? { ...old, picture: data.picture } : data));
      void qc.invalidateQueries({ queryKey: PUBLIC_CONTENT });
      refreshOverview(qc);
    },
  });
}

// ---------- social links ----------

export function useAdminSocialLinks() {
  return useQuery({ queryKey: adminKeys.social, queryFn: ({ signal }) => api<AdminSocialLink[]>('admin/social-links/all', { signal }) });
}

export function useSaveSocialLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SocialLinkBody & { id?: string }) =>
      api<AdminSocialLink>(id ? `admin/social-links/${id}` : 'admin/social-links', { method: id ? 'PUT' : 'POST', body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.social });
      void qc.invalidateQueries({ queryKey: PUBLIC_CONTENT });
      refreshOverview(qc);
    },
  });
}

export function useDeleteSocialLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`admin/social-links/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.social });
      void qc.invalidateQueries({ queryKey: PUBLIC_CONTENT });
      refreshOverview(qc);
    },
  });
}

// ---------- FAQ and the chatbot's unanswered questions ----------

export function useAdminFaq() {
  return useQuery({ queryKey: adminKeys.faq, queryFn: ({ signal }) => api<AdminFaqEntry[]>('admin/faq', { signal }) });
}

export function useSaveFaq() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: FaqBody & { id?: string }) => api<AdminFaqEntry>(id ? `admin/faq/${id}` : 'admin/faq', { method: id ? 'PUT' : 'POST', body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.faq });
      void qc.invalidateQueries({ queryKey: PUBLIC_CONTENT });
      refreshOverview(qc);
    },
  });
}

export function useDeleteFaq() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`admin/faq/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.faq });
      void qc.invalidateQueries({ queryKey: PUBLIC_CONTENT });
      refreshOverview(qc);
    },
  });
}

export type QuestionStatus = 'open' | 'answered' | 'dismissed';

export function useChatbotQuestions(status: QuestionStatus) {
  return useQuery({ queryKey: adminKeys.questions(status), queryFn: ({ signal }) => api<ChatbotQuestion[]>(`admin/chatbot-questions?status=${status}`, { signal }) });
}

export type QuestionDecision = { decision: 'answer'; question: string; answer: string; keywords?: string } | { decision: 'dismiss' };

export function useDecideQuestion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: QuestionDecision & { id: string }) => api<ChatbotQuestion>(`admin/chatbot-questions/${id}`, { method: 'PATCH', body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['admin', 'chatbot-questions'] });
      void qc.invalidateQueries({ queryKey: adminKeys.faq });
      void qc.invalidateQueries({ queryKey: PUBLIC_CONTENT });
      refreshOverview(qc);
    },
  });
}

// ---------- contact inbox ----------

export interface ContactFilters {
  /** 'open', 'handled' or '' for every message. */
  show: '' | 'open' | 'handled';
  page: number;
}
export const CONTACTS_PAGE_SIZE = 20;

export function useContactRequests(f: ContactFilters) {
  return useQuery({
    queryKey: adminKeys.contacts(f),
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ page: String(f.page), pageSize: String(CONTACTS_PAGE_SIZE) });
      if (f.show) q.set('handled', String(f.show === 'handled'));
      return api<ContactInbox>(`admin/contact-requests?${q.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useSetHandled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) => api<ContactRequest>(`admin/contact-requests/${id}`, { method: 'PATCH', body: { handled } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['admin', 'contacts'] });
      refreshOverview(qc);
    },
  });
}

// ---------- users ----------

export interface UserFilters {
  q: string;
  /** A role, or '' for every role. */
  role: string;
  blocked: boolean;
  page: number;
}

export function useAdminUsers(f: UserFilters) {
  return useQuery({
    queryKey: adminKeys.users(f),
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ page: String(f.page) });
      if (f.q.trim()) q.set('q', f.q.trim());
      if (f.role) q.set('role', f.role);
      if (f.blocked) q.set('blocked', 'true');
      return api<AdminUserList>(`admin/users?${q.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => api<AdminUserDetail>(`admin/users/${encodeURIComponent(id)}`, { signal }),
    retry: (n, err) => n < 1 && !(err && 'status' in err && (err as { status: number }).status < 500),
  });
}

/** Block (with an optional reason) or unblock; resolves with the server's sentence. */
export function useBlockUser(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { block: true; reason?: string } | { block: false }) =>
      apiEnvelope<AdminUserDetail>(`admin/users/${encodeURIComponent(id)}/${a.block ? 'block' : 'unblock'}`, { method: 'POST', body: a.block && a.reason ? { reason: a.reason } : {} }),
    onSuccess: ({ data }) => {
      qc.setQueryData(adminKeys.user(id), data);
      void qc.invalidateQueries({ queryKey: ['admin', 'users', 'list'] });
      refreshOverview(qc);
    },
  });
}

// ---------- audit log ----------

export interface AuditFilters {
  entity: string;
  page: number;
}

export function useAudit(f: AuditFilters) {
  return useQuery({
    queryKey: adminKeys.audit(f),
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ page: String(f.page) });
      if (f.entity) q.set('entity', f.entity);
      return api<AuditList>(`admin/audit?${q.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}
