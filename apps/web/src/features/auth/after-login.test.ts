import { afterEach, describe, expect, it, vi } from 'vitest';
import { onAfterLogin, runAfterLogin, type AfterLoginContext } from './after-login.ts';

const ctx: AfterLoginContext = { userId: 'u1', role: 'user', source: 'dialog', request: null, pathname: '/' };
const removers: Array<() => void> = [];
afterEach(() => removers.splice(0).forEach((r) => r()));

describe('after-login steps', () => {
  it('runs every step in order and goes where the first step that names a path says', async () => {
    const ran: string[] = [];
    removers.push(onAfterLogin(async () => void ran.push('merge cart')));
    removers.push(onAfterLogin(() => (ran.push('buy now'), '/buy-now/checkout')));
    removers.push(onAfterLogin(() => (ran.push('late'), '/cart')));
    expect(await runAfterLogin(ctx)).toBe('/buy-now/checkout');
    expect(ran).toEqual(['merge cart', 'buy now', 'late']);
  });

  it('skips a step that fails and still runs the rest', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    removers.push(onAfterLogin(() => Promise.reject(new Error('cart offline'))));
    removers.push(onAfterLogin(({ source }) => (source === 'dialog' ? '/cart' : undefined)));
    expect(await runAfterLogin(ctx)).toBe('/cart');
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('gives no path when no step asks for one, and a removed step no longer runs', async () => {
    const step = vi.fn(() => '/somewhere');
    const remove = onAfterLogin(step);
    remove();
    expect(await runAfterLogin(ctx)).toBeUndefined();
    expect(step).not.toHaveBeenCalled();
  });
});
