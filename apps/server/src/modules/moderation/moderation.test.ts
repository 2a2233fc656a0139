import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOverview, moderationInbox, MSG, reviewReport, type ModerationItem } from '@statewise/contract';
import { auditLog, chatbotQuestions, faqEntries, reviewReports, reviews, sellerApplications, vendors } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { authHeader, loginAs } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { newUser, unique } from '../../test/factories.ts';
import { newShop } from '../../test/orders.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

type Headers = Record<string, string>;
let ip = 0;
const call = async (method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: unknown) => {
  const res = await s.app.inject({ method, url: `/api/${url}`, headers, remoteAddress: `10.45.${Math.floor(++ip / 250)}.${ip % 250}`, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return { status: res.statusCode, body: res.json() };
};
const admin = async () => (await loginAs(s, { role: 'admin' })).headers;
const inbox = async (h: Headers, query = '') => expectContract(moderationInbox, (await call('GET', `admin/moderation${query}`, h)).body);
const itemOf = async (h: Headers, kind: string, id: string): Promise<ModerationItem | undefined> => {
  const all = await inbox(h, `?kind=${kind}`);
  return all.items.find((i) => i._id === id);
};

/** A shop, its vendor's session, and a shopper's review of its product. */
async function reviewedShop(rating = 1, text = 'Colour ran in the first wash') {
  const shop = await newShop(s);
  const vendorHeaders = await authHeader(s, shop.vendor.userId);
  const shopper = await loginAs(s, { firstname: 'Tara', lastname: 'Iyer' });
  const res = await call('POST', 'reviews', shopper.headers, { productId: shop.product.id, rating, review: text });
  expect(res.status, res.body.message).toBe(201);
  return { ...shop, vendorHeaders, reviewId: res.body.data._id as string };
}

describe('who may use the moderation inbox and report reviews', () => {
  it('answers 401 to a guest and 403 to a user and a vendor on the admin calls; only vendors report reviews', async () => {
    const { reviewId } = await reviewedShop();
    const user = (await loginAs(s)).headers;
    const vendor = (await loginAs(s, { role: 'vendor' })).headers;
    const adminH = await admin();
    const calls: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', 'admin/moderation'],
      ['POST', `admin/moderation/review_report/${reviewId}`, { decision: 'hide' }],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, {}, body)).status, `${url} as a guest`).toBe(401);
      expect((await call(method, url, user, body)).status, `${url} as a user`).toBe(403);
      expect((await call(method, url, vendor, body)).status, `${url} as a vendor`).toBe(403);
    }
    const report = `reviews/${reviewId}/report`;
    expect((await call('POST', report, {}, { reason: 'Spam' })).status).toBe(401);
    expect((await call('POST', report, user, { reason: 'Spam' })).status).toBe(403);
    expect((await call('POST', report, adminH, { reason: 'Spam' })).status).toBe(403);
  });
});

describe('POST reviews/{id}/report', () => {
  it('lets the product’s vendor report a review once, with a reason; refuses others’ products, unknown reviews and empty reasons', async () => {
    const { reviewId, vendorHeaders } = await reviewedShop();
    const other = (await loginAs(s, { role: 'vendor' })).headers;
    const empty = await call('POST', `reviews/${reviewId}/report`, vendorHeaders, { reason: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MSG.reportReasonRequired);
    expect((await call('POST', `reviews/${reviewId}/report`, vendorHeaders, { reason: 'x'.repeat(501) })).body.message).toBe(MSG.reportReasonTooLong);
    const notMine = await call('POST', `reviews/${reviewId}/report`, other, { reason: 'Rude' });
    expect(notMine.status).toBe(403);
    expect(notMine.body.message).toBe(MSG.reportOwnProductOnly);
    expect((await call('POST', 'reviews/00000000-0000-4000-8000-000000000000/report', vendorHeaders, { reason: 'Rude' })).status).toBe(404);

    const res = await call('POST', `reviews/${reviewId}/report`, vendorHeaders, { reason: 'This buyer never ordered from us' });
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.message).toBe(MSG.reviewReported);
    expect(expectContract(reviewReport, res.body)).toMatchObject({ reviewId, status: 'open', reason: 'This buyer never ordered from us' });
    const again = await call('POST', `reviews/${reviewId}/report`, vendorHeaders, { reason: 'Still wrong' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.reviewAlreadyReported);
  });
});

describe('reported reviews in the inbox', () => {
  it('hides a reported review: it leaves the product page, its counts and the product’s rating; recorded with the note', async () => {
    const h = await admin();
    const { reviewId, vendorHeaders, product } = await reviewedShop(1, 'Fake! Do not buy');
    const fan = await loginAs(s);
    expect((await call('POST', 'reviews', fan.headers, { productId: product.id, rating: 5, review: 'Beautiful weave' })).status).toBe(201);
    const detailBefore = (await call('GET', `product/${product.slug}`)).body.data.productDetail;
    expect(detailBefore).toMatchObject({ rating: 3, reviewsCount: 2 });

    const overviewBefore = expectContract(adminOverview, (await call('GET', 'admin/overview', h)).body);
    expect((await call('POST', `reviews/${reviewId}/report`, vendorHeaders, { reason: 'Abusive and not a buyer' })).status).toBe(201);
    expect(expectContract(adminOverview, (await call('GET', 'admin/overview', h)).body).moderationInbox).toBe(overviewBefore.moderationInbox + 1);
    const [report] = (await s.db.select({ id: reviewReports.id }).from(reviewReports).where(eq(reviewReports.reviewId, reviewId)));
    const item = await itemOf(h, 'review_report', report!.id);
    expect(item).toMatchObject({ kind: 'review_report', kindLabel: 'Reported review', link: `/product/${product.slug}` });
    expect(item!.summary).toContain('Fake! Do not buy');
    expect(item!.summary).toContain('Abusive and not a buyer');
    expect(item!.decisions.map((d) => d.decision)).toEqual(['keep', 'hide']);

    const res = await call('POST', `admin/moderation/review_report/${report!.id}`, h, { decision: 'hide', note: 'Reviewer has no order; abusive' });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(MSG.moderationDecided);

    const list = (await call('GET', `reviews/${product.id}`)).body.data;
    expect(list.reviews.map((r: { _id: string }) => r._id)).not.toContain(reviewId);
    expect(list.total).toBe(1);
    expect((await call('GET', `reviews/reviewsCount/${product.id}`)).body.data).toMatchObject({ total: 1, average: 5 });
    expect((await call('GET', `product/${product.slug}`)).body.data.productDetail).toMatchObject({ rating: 5, reviewsCount: 1 });
    const [row] = await s.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(row!.hiddenAt).not.toBeNull();
    const [entry] = await s.db.select().from(auditLog).where(and(eq(auditLog.entity, 'review_report'), eq(auditLog.entityId, report!.id)));
    expect(entry).toMatchObject({ action: 'hide', detail: { reviewId, note: 'Reviewer has no order; abusive' } });
    expect(await itemOf(h, 'review_report', report!.id)).toBeUndefined();
    const twice = await call('POST', `admin/moderation/review_report/${report!.id}`, h, { decision: 'keep' });
    expect(twice.status).toBe(409);
  });

  it('keeps a reported review where it was, and it cannot be reported again', async () => {
    const h = await admin();
    const { reviewId, vendorHeaders, product } = await reviewedShop(2, 'Smaller than the picture');
    await call('POST', `reviews/${reviewId}/report`, vendorHeaders, { reason: 'Unfair' });
    const [report] = (await s.db.select({ id: reviewReports.id }).from(reviewReports).where(eq(reviewReports.reviewId, reviewId)));
    expect((await call('POST', `admin/moderation/review_report/${report!.id}`, h, { decision: 'keep', note: 'An honest opinion' })).status).toBe(200);
    expect((await call('GET', `reviews/${product.id}`)).body.data.reviews.map((r: { _id: string }) => r._id)).toContain(reviewId);
    expect((await call('POST', `reviews/${reviewId}/report`, vendorHeaders, { reason: 'Please look again' })).status).toBe(409);
  });
});

describe('seller applications and unanswered questions in the inbox', () => {
  async function pendingApplication() {
    const person = await newUser(s.db);
    const tag = unique();
    const [app] = await s.db
      .insert(sellerApplications)
      .values({ userId: person.id, brandName: `Kalamkari ${tag}`, sellerName: 'Lakshmi Devi', slug: `kalamkari-${tag}`, detailsSubmittedAt: new Date(), shippingPincode: '302001', shippingCity: 'Jaipur', shippingState: 'Rajasthan' })
      .returning();
    return app!;
  }

  it('approves and rejects seller applications through the sellers module, a rejection needing its reason', async () => {
    const h = await admin();
    const a = await pendingApplication();
    const b = await pendingApplication();
    const item = await itemOf(h, 'seller_application', a.id);
    expect(item).toMatchObject({ title: a.brandName, link: '/admin/seller-applications?status=pending' });
    const noReason = await call('POST', `admin/moderation/seller_application/${b.id}`, h, { decision: 'reject' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(MSG.moderationNoteRequired);
    expect((await call('POST', `admin/moderation/seller_application/${b.id}`, h, { decision: 'reject', note: 'PAN does not match the name' })).status).toBe(200);
    expect((await call('POST', `admin/moderation/seller_application/${a.id}`, h, { decision: 'approve', note: 'Welcome aboard' })).status).toBe(200);
    const [ra] = await s.db.select().from(sellerApplications).where(eq(sellerApplications.id, a.id));
    const [rb] = await s.db.select().from(sellerApplications).where(eq(sellerApplications.id, b.id));
    expect(ra).toMatchObject({ status: 'approved', decisionNote: 'Welcome aboard' });
    expect(rb).toMatchObject({ status: 'rejected', decisionNote: 'PAN does not match the name' });
    expect(await s.db.select().from(vendors).where(eq(vendors.userId, a.userId))).toHaveLength(1);
    const entries = await s.db.select().from(auditLog).where(eq(auditLog.entity, 'seller_application'));
    expect(entries.filter((e) => e.entityId === b.id).map((e) => e.detail)).toEqual([expect.objectContaining({ reason: 'PAN does not match the name' })]);
    expect((await call('POST', `admin/moderation/seller_application/${a.id}`, h, { decision: 'reject', note: 'Late' })).status).toBe(409);
  });

  it('turns an unanswered question into an FAQ entry (answer required) or dismisses it, each recorded with its note', async () => {
    const h = await admin();
    const q1 = `Do you ship pashmina to Antarctica ${unique()}?`;
    const q2 = `Can I pay in seashells ${unique()}?`;
    for (const q of [q1, q2]) expect((await call('POST', 'faq/user-faq', {}, { question: q })).body.data.answered).toBe(false);
    const [one] = await s.db.select().from(chatbotQuestions).where(eq(chatbotQuestions.question, q1));
    const [two] = await s.db.select().from(chatbotQuestions).where(eq(chatbotQuestions.question, q2));
    const item = await itemOf(h, 'chatbot_question', one!.id);
    expect(item).toMatchObject({ title: q1, prefill: { question: q1 } });
    expect(item!.decisions[0]!.fields.map((f) => f.name)).toEqual(['question', 'answer', 'keywords']);

    const missing = await call('POST', `admin/moderation/chatbot_question/${one!.id}`, h, { decision: 'answer', fields: { question: q1 } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('answer');
    const answered = await call('POST', `admin/moderation/chatbot_question/${one!.id}`, h, { decision: 'answer', note: 'Asked twice this week', fields: { question: 'Do you ship to Antarctica?', answer: 'We ship within India only.' } });
    expect(answered.status, answered.body.message).toBe(200);
    expect(await s.db.select().from(faqEntries).where(eq(faqEntries.question, 'Do you ship to Antarctica?'))).toHaveLength(1);
    expect((await call('POST', `admin/moderation/chatbot_question/${two!.id}`, h, { decision: 'dismiss', note: 'A joke' })).status).toBe(200);
    const [d] = await s.db.select().from(chatbotQuestions).where(eq(chatbotQuestions.id, two!.id));
    expect(d!.status).toBe('dismissed');
    const [entry] = await s.db.select().from(auditLog).where(and(eq(auditLog.entity, 'chatbot_question'), eq(auditLog.entityId, two!.id)));
    expect(entry).toMatchObject({ action: 'dismiss', detail: expect.objectContaining({ note: 'A joke' }) });
  });
});

describe('GET admin/moderation', () => {
  it('lists every kind oldest first with its count, narrows to one kind, and refuses bad kinds, decisions and ids', async () => {
    const h = await admin();
    const all = await inbox(h);
    expect(all.kinds.map((k) => k.kind)).toEqual(['seller_application', 'review_report', 'chatbot_question']);
    expect(all.count).toBe(all.kinds.reduce((n, k) => n + k.count, 0));
    const dates = all.items.map((i) => i.createdAt);
    expect(dates).toEqual([...dates].sort());
    const questions = await inbox(h, '?kind=chatbot_question');
    expect(questions.items.every((i) => i.kind === 'chatbot_question')).toBe(true);
    expect((await call('GET', 'admin/moderation?kind=posts', h)).status).toBe(400);
    expect((await call('GET', 'admin/moderation?page=0', h)).status).toBe(400);
    const unknownKind = await call('POST', 'admin/moderation/posts/00000000-0000-4000-8000-000000000000', h, { decision: 'hide' });
    expect(unknownKind.status).toBe(404);
    expect(unknownKind.body.message).toBe(MSG.moderationKindUnknown);
    const badDecision = await call('POST', 'admin/moderation/review_report/00000000-0000-4000-8000-000000000000', h, { decision: 'delete' });
    expect(badDecision.status).toBe(400);
    expect((await call('POST', 'admin/moderation/review_report/00000000-0000-4000-8000-000000000000', h, { decision: 'hide' })).status).toBe(404);
    expect((await call('POST', 'admin/moderation/review_report/not-an-id', h, { decision: 'hide' })).status).toBe(400);
    expect((await call('POST', 'admin/moderation/review_report/00000000-0000-4000-8000-000000000000', h, { decision: 'hide', note: 'x'.repeat(501) })).status).toBe(400);
  });
});
