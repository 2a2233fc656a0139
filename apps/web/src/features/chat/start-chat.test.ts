import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Chat } from '@statewise/contract';
import { ApiError } from '../../lib/api.ts';
import { runAfterLogin } from '../auth/after-login.ts';
import { continueChatAfterLogin } from './start-chat.ts';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { error: toastError, success: vi.fn() } }));
afterEach(() => toastError.mockReset());

const chat = { _id: 'c-42' } as Chat;

describe('Chat with Vendor after a login', () => {
  it('creates or opens the chat with the vendor the guest asked for and goes to it', async () => {
    const create = vi.fn(async () => chat);
    expect(await continueChatAfterLogin({ request: { then: { chatWithVendor: 'v-7' } } }, create)).toBe('/chat/c-42');
    expect(create).toHaveBeenCalledWith('v-7');
  });

  it('does nothing for any other login (a buy-now, a plain login, the login pages)', async () => {
    const create = vi.fn(async () => chat);
    expect(await continueChatAfterLogin({ request: { then: 'buy-now', redirectTo: '/buy-now/checkout' } }, create)).toBeUndefined();
    expect(await continueChatAfterLogin({ request: {} }, create)).toBeUndefined();
    expect(await continueChatAfterLogin({ request: null }, create)).toBeUndefined();
    expect(create).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal (a vendor cannot start a chat) and stays', async () => {
    const create = vi.fn(async () => Promise.reject(new ApiError(403, 'Only shoppers can start a chat with a vendor')));
    expect(await continueChatAfterLogin({ request: { then: { chatWithVendor: 'v-7' } } }, create)).toBeUndefined();
    expect(toastError).toHaveBeenCalledWith('Only shoppers can start a chat with a vendor');
  });

  it('is one of the steps every login runs', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ success: true, data: chat }), { status: 201, headers: { 'content-type': 'application/json' } }));
    const target = await runAfterLogin({ userId: 'u1', role: 'user', source: 'dialog', request: { then: { chatWithVendor: 'v-7' } }, pathname: '/product/kurta' });
    expect(target).toBe('/chat/c-42');
    expect(String(fetchSpy.mock.calls[0]![0])).toMatch(/\/api\/chat\/create$/);
    fetchSpy.mockRestore();
  });
});
