import type { ChatbotReply } from '@statewise/contract/schemas/content';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** POST faq/user-faq {question} (accounts §7 Chatbot): the answer, or the spec's fallback when there is none. */
export function useAskDigi() {
  return useMutation({ mutationFn: (question: string) => api<ChatbotReply>('faq/user-faq', { method: 'POST', body: { question } }) });
}
