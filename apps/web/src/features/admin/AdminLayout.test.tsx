import { describe, expect, it } from 'vitest';
import { currentItem } from './AdminLayout.tsx';

describe('the admin console’s current section', () => {
  it('is the nav item the address is in, the longest match winning, Overview only at /admin itself', () => {
    expect(currentItem('/admin')?.label).toBe('Overview');
    expect(currentItem('/admin/')?.label).toBe('Overview');
    expect(currentItem('/admin/users/3f2b')?.label).toBe('Users');
    expect(currentItem('/admin/pages/terms')?.label).toBe('Pages');
    expect(currentItem('/admin/chatbot-questions')?.label).toBe('Unanswered questions');
    expect(currentItem('/admin/not-a-section')).toBeUndefined();
  });
});
