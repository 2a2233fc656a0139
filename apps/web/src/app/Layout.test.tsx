import { describe, expect, it } from 'vitest';
import { outsideShell } from './Layout.tsx';

describe('pages outside the main shell (no header or footer)', () => {
  it('are the chat pages and the community editors /details and /videos (accounts §2.1)', () => {
    for (const p of ['/chat-list', '/chat/abc', '/details', '/details/', '/Details', '/videos']) expect(outsideShell(p), p).toBe(true);
  });

  it('leave every other page in the shell, the other community screens included', () => {
    for (const p of ['/', '/community', '/CreatePost', '/edit-details/1', '/edit-video/1', '/product/details', '/chats', '/watch-and-shop']) expect(outsideShell(p), p).toBe(false);
  });
});
