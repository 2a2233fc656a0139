import { useQuery } from '@tanstack/react-query';
import type { Category, Chat, ChatMessage, ChatSettings, TempProduct } from '@statewise/contract';
import { api } from '../../lib/api.ts';

/** The chat's REST calls (accounts §7 Chat). The socket (socket.ts) is loaded by the chat screens only. */
export const chatKeys = {
  all: ['chat'] as const,
  list: ['chat', 'list'] as const,
  count: ['chat', 'count'] as const,
  tempProducts: ['chat', 'temp-products'] as const,
};

/**
 * The caller's chats, latest first: GET chat/list for a shopper, POST chat/vendor-chat-list for a vendor (shoppers
 * shown as Customer N; accounts §4.11).
 */
export function useChatList(asVendor: boolean) {
  return useQuery({
    queryKey: chatKeys.list,
    queryFn: async () => (asVendor ? (await api<{ chats: Chat[]; total: number }>('chat/vendor-chat-list', { method: 'POST', body: { page: 1, pageSize: 100 } })).chats : api<Chat[]>('chat/list')),
    staleTime: 10_000,
  });
}

/** GET chat/get-msg-count: the header badge, refreshed every 30 s while the page is open. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.count,
    queryFn: () => api<{ count: number; chats: number }>('chat/get-msg-count'),
    enabled,
    refetchInterval: 30_000,
    staleTime: 15_000,
  });
}

export interface MessagesPage {
  chatData: Chat;
  messages: ChatMessage[];
  hasMore: boolean;
}

/** POST chat/messages/{chatId}: the latest page, older ones (beforeSeq) or what came after a sequence (afterSeq). */
export const fetchMessages = (chatId: string, body: { afterSeq?: number; beforeSeq?: number; pageSize?: number } = {}) =>
  api<MessagesPage>(`chat/messages/${encodeURIComponent(chatId)}`, { method: 'POST', body });

/** POST chat/create {vendorId}: the chat's id (made on first use). */
export const createChat = (vendorId: string) => api<Chat>('chat/create', { method: 'POST', body: { vendorId } });

/** POST product/file-Upload (form images): the pictures' addresses. */
export async function uploadChatImages(files: File[]): Promise<string[]> {
  const form = new FormData();
  for (const f of files) form.append('images', f);
  return (await api<{ imageList: string[] }>('product/file-Upload', { method: 'POST', body: form })).imageList;
}

/** GET temp-product/products: the vendor's chat products. */
export function useTempProducts(enabled: boolean) {
  return useQuery({ queryKey: chatKeys.tempProducts, queryFn: () => api<TempProduct[]>('temp-product/products'), enabled });
}

/** POST temp-product (multipart). */
export const createTempProduct = (form: FormData) => api<TempProduct>('temp-product', { method: 'POST', body: form });

/** PATCH temp-product/edit-product/{id}: name, price and tax required; discount or offered price, number of products, size, colour. */
export const editTempProduct = (id: string, body: Record<string, string>) =>
  api<TempProduct>(`temp-product/edit-product/${encodeURIComponent(id)}`, { method: 'PATCH', body });

/** GET temp-product/extra-categories: what a chat product may take beyond category/list (the hidden Combo). */
export function useExtraCategories(enabled: boolean) {
  return useQuery({ queryKey: ['chat', 'extra-categories'], queryFn: () => api<Pick<Category, '_id' | 'name' | 'slug'>[]>('temp-product/extra-categories'), enabled, staleTime: 10 * 60_000 });
}

/** GET / PATCH chat/settings: the vendor's auto-reply text and working hours. */
export function useChatSettings(enabled: boolean) {
  return useQuery({ queryKey: ['chat', 'settings'], queryFn: () => api<ChatSettings>('chat/settings'), enabled });
}
export const saveChatSettings = (body: { autoReply: string; opensAt: string | null; closesAt: string | null }) =>
  api<ChatSettings>('chat/settings', { method: 'PATCH', body });
