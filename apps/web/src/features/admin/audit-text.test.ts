import { describe, expect, it } from 'vitest';
import { auditLink, describeAudit } from './audit-text.ts';

describe('describeAudit', () => {
  it('says what an admin did in a sentence, with the page, question, platform or reason', () => {
    expect(describeAudit({ entity: 'content', action: 'update', entityId: 'about', detail: {} })).toBe('Edited Our Story');
    expect(describeAudit({ entity: 'faq', action: 'create', entityId: 'x', detail: { question: 'Do you ship abroad?' } })).toBe('Added the FAQ question “Do you ship abroad?”');
    expect(describeAudit({ entity: 'social_link', action: 'delete', entityId: 'x', detail: { platform: 'Instagram' } })).toBe('Deleted the social link Instagram');
    expect(describeAudit({ entity: 'user', action: 'block', entityId: 'x', detail: { reason: 'Spam' } })).toBe('Blocked an account: Spam');
    expect(describeAudit({ entity: 'user', action: 'block', entityId: 'x', detail: { reason: null } })).toBe('Blocked an account');
  });

  it('names an order change with the order number, the seller and the note or reason', () => {
    expect(describeAudit({ entity: 'order', action: 'move_status', entityId: 'o1', detail: { orderNumber: 'SW0012', brandName: 'Rang Mahal', to: 'shipped', note: 'Courier picked up' } })).toBe(
      'Moved Rang Mahal’s items of order SW0012 to shipped: Courier picked up',
    );
    expect(describeAudit({ entity: 'order', action: 'cancel', entityId: 'o1', detail: { orderNumber: 'SW0012', vendorId: null, reason: 'Fabric unavailable' } })).toBe('Cancelled order SW0012: Fabric unavailable');
    expect(auditLink({ entity: 'order', entityId: 'o1' })).toBe('/admin/orders/o1');
  });

  it('tells store suspensions and moderation decisions with their reason or note', () => {
    expect(describeAudit({ entity: 'vendor', action: 'suspend', entityId: 'x', detail: { slug: 'rang-mahal', reason: 'Counterfeit silk' } })).toBe('Suspended the store /store/rang-mahal: Counterfeit silk');
    expect(describeAudit({ entity: 'review_report', action: 'hide', entityId: 'x', detail: { note: 'Abusive' } })).toBe('Hid a reported review: Abusive');
  });

  it('reads an action it does not know plainly rather than hiding it', () => {
    expect(describeAudit({ entity: 'vendor_commission', action: 'update', entityId: null, detail: {} })).toBe('Update vendor commission');
  });
});

describe('auditLink', () => {
  it('leads to the account or page an entry is about, or nowhere', () => {
    expect(auditLink({ entity: 'user', entityId: 'abc' })).toBe('/admin/users/abc');
    expect(auditLink({ entity: 'content', entityId: 'terms' })).toBe('/admin/pages/terms');
    expect(auditLink({ entity: 'something_new', entityId: 'abc' })).toBeNull();
  });
});
