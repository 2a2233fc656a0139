import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListResult, productPage, review as reviewSchema, reviewCounts, reviewList, reviewTarget } from '@statewise/contract';
import { orderVendorGroups, reviews, users } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { authHeader, loginAs } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { newCategory, newProduct, newVendor } from '../../test/factories.ts';
import { placedOrder } from '../invoices/test-orders.ts';
import { summarise } from './service.ts';

let s: TestServer;
type Headers = { authorization: string };
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, opts: { headers?: Headers; payload?: object } = {}) =>
  s.app.inject({ method, url: `/api/${url}`, ...opts });

let categoryId: string;
let vendorUserId: string;

beforeAll(async () => {
  s = await createTestServer();
  categoryId = (await newCategory(s.db)).id;
  vendorUserId = (await newVendor(s.db)).userId;
});
afterAll(() => s.close());

const product = (over: { isActive?: boolean } = {}) => newProduct(s.db, { categoryId, vendorId: vendorUserId, ...over });
const storedReviews = (productId: string) => s.db.select().from(reviews).where(eq(reviews.productId, productId));

async function write(headers: Headers, productId: string, rating: number, text = `Rated ${rating}`) {
  const res = await call('POST', 'reviews', { headers, payload: { productId, rating, review: text } });
  expect(res.statusCode, res.body).toBe(201);
  return expectContract(reviewSchema, res.json());
}

describe('POST /api/reviews', () => {
  it('thanks the reviewer, stores the trimmed comment and answers the review with its author', async () => {
    const p = await product();
    const { user, headers } = await loginAs(s, { firstname: 'Meera', lastname: 'Iyer' });
    const res = await call('POST', 'reviews', { headers, payload: { productId: p.id, rating: 4, review: '  Lovely weave,\r\nsoft cotton.  ' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Thanks for your review!');
    const data = expectContract(reviewSchema, res.json());
    expect(data).toMatchObject({
      productId: p.id,
      rating: 4,
      review: 'Lovely weave,\nsoft cotton.',
      userId: { _id: user.id, firstname: 'Meera', lastname: 'Iyer' },
      verifiedPurchase: false,
    });
    expect(res.body).not.toContain(user.mobile!);
    expect(res.body).not.toContain(user.email!);
    const [row] = await storedReviews(p.id);
    expect(row).toMatchObject({ id: data._id, userId: user.id, rating: 4, review: 'Lovely weave,\nsoft cotton.' });
  });

  it('asks a guest to log in', async () => {
    const p = await product();
    const res = await call('POST', 'reviews', { payload: { productId: p.id, rating: 5, review: 'Great' } });
    expect(res.statusCode).toBe(401);
    expect(await storedReviews(p.id)).toHaveLength(0);
  });

  it('takes one review per person and product, and lets others review the same product', async () => {
    const p = await product();
    const a = await loginAs(s);
    const b = await loginAs(s);
    await write(a.headers, p.id, 5, 'First');
    const again = await call('POST', 'reviews', { headers: a.headers, payload: { productId: p.id, rating: 1, review: 'Second thoughts' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: 'You have already reviewed this product' });
    await write(b.headers, p.id, 3);
    const rows = await storedReviews(p.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.userId === a.user.id)).toMatchObject({ rating: 5, review: 'First' });
  });

  it('keeps one review when the same person submits twice at once', async () => {
    const p = await product();
    const { headers } = await loginAs(s);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', 'reviews', { headers, payload: { productId: p.id, rating: 5, review: 'Double tap' } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await storedReviews(p.id)).toHaveLength(1);
  });

  it('refuses a rating below 1, above 5, a fraction, text or none', async () => {
    const p = await product();
    const { headers } = await loginAs(s);
    for (const [rating, message] of [
      [0, 'Rating must be from 1 to 5 stars'],
      [6, 'Rating must be from 1 to 5 stars'],
      [3.5, 'Rating must be from 1 to 5 stars'],
      [-1, 'Rating must be from 1 to 5 stars'],
      ['five', 'Please select a rating'],
      [null, 'Please select a rating'],
      [undefined, 'Please select a rating'],
    ] as const) {
      const res = await call('POST', 'reviews', { headers, payload: { productId: p.id, rating, review: 'Nice' } });
      expect(res.statusCode, String(rating)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message, errors: { rating: message } });
    }
    expect(await storedReviews(p.id)).toHaveLength(0);
  });

  it('reads a rating sent as a numeric string, as forms send it', async () => {
    const p = await product();
    const { headers } = await loginAs(s);
    const res = await call('POST', 'reviews', { headers, payload: { productId: p.id, rating: '5', review: 'Form post' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.rating).toBe(5);
  });

  it('requires a comment of at most 2000 characters', async () => {
    const p = await product();
    const { headers } = await loginAs(s);
    for (const [text, message] of [
      [undefined, 'Please write your review'],
      ['', 'Please write your review'],
      ['  \n\t ', 'Please write your review'],
      ['\u0001\u0002', 'Please write your review'],
      // a NUL is refused before the route, as on every route (lib/http.ts)
      ['Good\u0000 fit', 'Please remove the invisible NUL character from your input'],
      ['x'.repeat(2001), 'Your review can be at most 2000 characters'],
    ] as const) {
      const res = await call('POST', 'reviews', { headers, payload: { productId: p.id, rating: 4, review: text } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: { review: message } });
    }
    // 2000 characters as a person counts them: an emoji is one
    const longest = '🙂'.repeat(2000);
    const ok = await call('POST', 'reviews', { headers, payload: { productId: p.id, rating: 4, review: `  ${longest}  ` } });
    expect(ok.statusCode).toBe(201);
    expect((await storedReviews(p.id))[0]!.review).toBe(longest);
  });

  it('drops control characters a comment cannot hold', async () => {
    const p = await product();
    const { headers } = await loginAs(s);
    const data = await write(headers, p.id, 4, 'Good\u0001 fit\u0007');
    expect(data.review).toBe('Good fit');
  });

  it('answers 404 for an unknown or withdrawn product and 400 for a malformed id', async () => {
    const { headers } = await loginAs(s);
    const hidden = await product({ isActive: false });
    for (const productId of [randomUUID(), hidden.id]) {
      const res = await call('POST', 'reviews', { headers, payload: { productId, rating: 4, review: 'Hmm' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Product not found');
    }
    const bad = await call('POST', 'reviews', { headers, payload: { productId: 'abc', rating: 4, review: 'Hmm' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ productId: 'Invalid id' });
  });

  it('does not let a seller review their own product', async () => {
    const v = await newVendor(s.db);
    const own = await newProduct(s.db, { categoryId, vendorId: v.userId });
    const headers = (await loginAs(s, { role: 'vendor' })).headers;
    // another vendor may review it as a shopper
    await write(headers, own.id, 4);
    const mine = await call('POST', 'reviews', { headers: await authHeader(s, v.userId), payload: { productId: own.id, rating: 5, review: 'Best ever' } });
    expect(mine.statusCode).toBe(403);
    expect(mine.json().message).toBe('Sellers cannot review their own products');
  });
});

describe('verified purchase', () => {
  it('marks the reviews of people who received the product: only delivered orders count', async () => {
    const p = await product();
    const other = await product();
    const cases = [
      ['pending', 'online', false],
      ['confirmed', 'cod', false],
      ['shipped', 'online', false],
      ['delivered', 'online', true],
      ['delivered', 'cod', true],
      ['created', 'online', false],
      ['cancelled', 'online', false],
    ] as const;
    for (const [status, paymentMode, verified] of cases) {
      const { user, headers } = await loginAs(s);
      await placedOrder(s.db, { userId: user.id, status, paymentMode, lines: [{ product: p }] });
      const data = await write(headers, p.id, 5, `Bought, ${status}, ${paymentMode}`);
      expect(data.verifiedPurchase, `${status} ${paymentMode}`).toBe(verified);
    }
    // someone who bought another product only
    const { user, headers } = await loginAs(s);
    await placedOrder(s.db, { userId: user.id, lines: [{ product: other }] });
    expect((await write(headers, p.id, 4, 'Never bought it')).verifiedPurchase).toBe(false);
    const listed = (await call('GET', `reviews/${p.id}`)).json().data.reviews as { review: string; verifiedPurchase: boolean }[];
    expect(Object.fromEntries(listed.map((r) => [r.review, r.verifiedPurchase]))).toEqual({
      'Bought, pending, online': false,
      'Bought, confirmed, cod': false,
      'Bought, shipped, online': false,
      'Bought, delivered, online': true,
      'Bought, delivered, cod': true,
      'Bought, created, online': false,
      'Bought, cancelled, online': false,
      'Never bought it': false,
    });
  });

  it("counts only the delivered vendor's part of an order with several vendors", async () => {
    const mine = await product();
    const theirs = await newProduct(s.db, { categoryId, vendorId: (await newVendor(s.db)).userId });
    const { user, headers } = await loginAs(s);
    const order = await placedOrder(s.db, { userId: user.id, status: 'shipped', paymentMode: 'cod', lines: [{ product: mine }, { product: theirs }] });
    await s.db
      .update(orderVendorGroups)
      .set({ status: 'delivered' })
      .where(and(eq(orderVendorGroups.orderId, order.id), eq(orderVendorGroups.vendorId, theirs.vendorId)));
    expect((await write(headers, theirs.id, 5, 'Arrived')).verifiedPurchase).toBe(true);
    expect((await write(headers, mine.id, 5, 'Still on its way')).verifiedPurchase).toBe(false);
  });
});

describe('PATCH /api/reviews', () => {
  it('changes the caller’s review of the product', async () => {
    const p = await product();
    const { headers } = await loginAs(s);
    const first = await write(headers, p.id, 2, 'Too small');
    const res = await call('PATCH', 'reviews', { headers, payload: { productId: p.id, rating: 4, review: 'Exchanged for a bigger size, fits well' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Thanks for your review!');
    const data = expectContract(reviewSchema, res.json());
    expect(data).toMatchObject({ _id: first._id, rating: 4, review: 'Exchanged for a bigger size, fits well', createdAt: first.createdAt });
    expect(data.updatedAt >= first.updatedAt).toBe(true);
    const rows = await storedReviews(p.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 4 });
  });

  it('answers 404 when the caller has not reviewed the product', async () => {
    const p = await product();
    const other = await loginAs(s);
    await write(other.headers, p.id, 5);
    const { headers } = await loginAs(s);
    const res = await call('PATCH', 'reviews', { headers, payload: { productId: p.id, rating: 1, review: 'Not mine' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Review not found');
    expect((await storedReviews(p.id))[0]).toMatchObject({ rating: 5 });
  });

  it('refuses to change another person’s review named by its id', async () => {
    const p = await product();
    const author = await loginAs(s);
    const theirs = await write(author.headers, p.id, 5, 'Wonderful');
    const { headers } = await loginAs(s);
    await write(headers, p.id, 3, 'Fine');
    const res = await call('PATCH', 'reviews', { headers, payload: { _id: theirs._id, productId: p.id, rating: 1, review: 'Hijacked' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only change or remove your own review');
    const rows = await storedReviews(p.id);
    expect(rows.find((r) => r.id === theirs._id)).toMatchObject({ rating: 5, review: 'Wonderful' });
  });

  it('refuses a review id that belongs to another product', async () => {
    const [p, q] = [await product(), await product()];
    const { headers } = await loginAs(s);
    const mine = await write(headers, p.id, 5);
    const res = await call('PATCH', 'reviews', { headers, payload: { _id: mine._id, productId: q.id, rating: 1, review: 'Moved' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This review is for another product');
  });

  it('checks the rating and comment as a create does, and asks a guest to log in', async () => {
    const p = await product();
    const { headers } = await loginAs(s);
    await write(headers, p.id, 5, 'Keep me');
    const bad = await call('PATCH', 'reviews', { headers, payload: { productId: p.id, rating: 9, review: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ rating: 'Rating must be from 1 to 5 stars', review: 'Please write your review' });
    const guest = await call('PATCH', 'reviews', { payload: { productId: p.id, rating: 1, review: 'x' } });
    expect(guest.statusCode).toBe(401);
    expect((await storedReviews(p.id))[0]).toMatchObject({ rating: 5, review: 'Keep me' });
  });
});

describe('DELETE /api/reviews/{id}', () => {
  it('removes the author’s review', async () => {
    const p = await product();
    const { headers } = await loginAs(s);
    const mine = await write(headers, p.id, 3);
    const res = await call('DELETE', `reviews/${mine._id}`, { headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Product Review has been removed !', data: null });
    expect(await storedReviews(p.id)).toHaveLength(0);
    // and the person may review it again
    await write(headers, p.id, 4);
  });

  it('refuses anyone but the author, and answers 404 for an unknown review', async () => {
    const p = await product();
    const author = await loginAs(s);
    const theirs = await write(author.headers, p.id, 5);
    const other = await loginAs(s);
    const admin = await loginAs(s, { role: 'admin' });
    for (const headers of [other.headers, admin.headers]) {
      const res = await call('DELETE', `reviews/${theirs._id}`, { headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You can only change or remove your own review');
    }
    expect((await call('DELETE', `reviews/${theirs._id}`)).statusCode).toBe(401);
    const unknown = await call('DELETE', `reviews/${randomUUID()}`, { headers: other.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Review not found');
    expect((await call('DELETE', 'reviews/not-an-id', { headers: other.headers })).statusCode).toBe(400);
    expect(await storedReviews(p.id)).toHaveLength(1);
  });
});

describe('GET /api/reviews/reviewsCount/{productId}', () => {
  it('counts reviews per star with the total and the average to one decimal', async () => {
    const p = await product();
    for (const rating of [5, 5, 4, 1, 4, 5]) await write((await loginAs(s)).headers, p.id, rating);
    const res = await call('GET', `reviews/reviewsCount/${p.id}`);
    expect(res.statusCode).toBe(200);
    // (5+5+4+1+4+5)/6 = 4.0
    expect(expectContract(reviewCounts, res.json())).toEqual({ counts: { '1': 1, '2': 0, '3': 0, '4': 2, '5': 3 }, total: 6, average: 4 });
    await write((await loginAs(s)).headers, p.id, 2);
    // 26/7 = 3.714…
    expect((await call('GET', `reviews/reviewsCount/${p.id}`)).json().data).toEqual({ counts: { '1': 1, '2': 1, '3': 0, '4': 2, '5': 3 }, total: 7, average: 3.7 });
  });

  it('gives zeros for a product without reviews and 404 for an unknown product', async () => {
    const p = await product();
    expect((await call('GET', `reviews/reviewsCount/${p.id}`)).json().data).toEqual({ counts: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }, total: 0, average: 0 });
    const res = await call('GET', `reviews/reviewsCount/${randomUUID()}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Product not found');
  });

  it('rounds a half up', () => {
    expect(summarise([{ rating: 5, count: 1 }, { rating: 4, count: 1 }, { rating: 4, count: 2 }])).toMatchObject({ total: 4, average: 4.3 }); // 4.25
    expect(summarise([{ rating: 5, count: 2 }, { rating: 4, count: 1 }])).toMatchObject({ average: 4.7 }); // 4.666…
    expect(summarise([])).toEqual({ counts: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }, total: 0, average: 0 });
  });
});

describe('product detail shows the rating', () => {
  it('gives the average and count, and follows review writes at once', async () => {
    const p = await product();
    const detail = async () => expectContract(productPage, (await call('GET', `product/${p.slug}`)).json()).productDetail;
    expect(await detail()).toMatchObject({ rating: 0, reviewsCount: 0 });
    const a = await loginAs(s);
    const mine = await write(a.headers, p.id, 5);
    await write((await loginAs(s)).headers, p.id, 4);
    expect(await detail()).toMatchObject({ rating: 4.5, reviewsCount: 2 });
    await call('PATCH', 'reviews', { headers: a.headers, payload: { productId: p.id, rating: 3, review: 'Faded after a wash' } });
    expect(await detail()).toMatchObject({ rating: 3.5, reviewsCount: 2 });
    await call('DELETE', `reviews/${mine._id}`, { headers: a.headers });
    expect(await detail()).toMatchObject({ rating: 4, reviewsCount: 1 });
  });
});

describe('product cards show the rating', () => {
  it('gives every card its average and review count in listings, and a new review changes them past the cache', async () => {
    const p = await product();
    const card = async () => {
      const res = await call('POST', 'product/list', { payload: { categoryId, pageSize: 100 } });
      const found = expectContract(productListResult, res.json()).products.find((c) => c._id === p.id);
      return found && { rating: found.rating, reviewsCount: found.reviewsCount };
    };
    expect(await card()).toEqual({ rating: 0, reviewsCount: 0 }); // now cached
    await write((await loginAs(s)).headers, p.id, 5);
    await write((await loginAs(s)).headers, p.id, 4);
    await write((await loginAs(s)).headers, p.id, 4);
    expect(await card()).toEqual({ rating: 4.3, reviewsCount: 3 }); // 4.33…
    const a = await loginAs(s);
    const mine = await write(a.headers, p.id, 1);
    expect(await card()).toEqual({ rating: 3.5, reviewsCount: 4 });
    await call('DELETE', `reviews/${mine._id}`, { headers: a.headers });
    expect(await card()).toEqual({ rating: 4.3, reviewsCount: 3 });
  });
});

describe('GET /api/reviews/{productId}', () => {
  it('lists newest first with the authors’ names only', async () => {
    const p = await product();
    const names = ['Asha', 'Bilal', 'Chitra'];
    const people = [];
    for (const firstname of names) {
      const person = await loginAs(s, { firstname, lastname: 'K' });
      people.push(person);
      await write(person.headers, p.id, 4, `${firstname} says hi`);
    }
    const res = await call('GET', `reviews/${p.id}`);
    expect(res.statusCode).toBe(200);
    const data = expectContract(reviewList, res.json());
    expect(data.total).toBe(3);
    expect(data.page).toBe(1);
    expect(data.pageSize).toBe(10);
    expect(data.reviews.map((r) => r.review)).toEqual(['Chitra says hi', 'Bilal says hi', 'Asha says hi']);
    expect(data.reviews[0]!.userId).toEqual({ _id: people[2]!.user.id, firstname: 'Chitra', lastname: 'K' });
    for (const { user } of people) {
      expect(res.body).not.toContain(user.mobile!);
      expect(res.body).not.toContain(user.email!);
    }
  });

  it('pages by page and pageSize without overlap', async () => {
    const p = await product();
    for (let i = 0; i < 5; i++) await write((await loginAs(s)).headers, p.id, 5, `Review ${i}`);
    const page1 = (await call('GET', `reviews/${p.id}?page=1&pageSize=2`)).json().data;
    const page3 = (await call('GET', `reviews/${p.id}?page=3&pageSize=2`)).json().data;
    expect(page1.reviews.map((r: { review: string }) => r.review)).toEqual(['Review 4', 'Review 3']);
    expect(page3.reviews.map((r: { review: string }) => r.review)).toEqual(['Review 0']);
    expect(page3.total).toBe(5);
    expect((await call('GET', `reviews/${p.id}?pageSize=101`)).statusCode).toBe(400);
    expect((await call('GET', `reviews/${p.id}?page=0`)).statusCode).toBe(400);
  });

  it('keeps a deleted account’s review under “Deleted user”', async () => {
    const p = await product();
    const { user, headers } = await loginAs(s, { firstname: 'Gone', lastname: 'Soon' });
    await write(headers, p.id, 2);
    await s.db.update(users).set({ firstname: 'Deleted', lastname: 'user', mobile: null, email: null, deletedAt: new Date() }).where(eq(users.id, user.id));
    const data = (await call('GET', `reviews/${p.id}`)).json().data;
    expect(data.reviews[0].userId).toEqual({ _id: user.id, firstname: 'Deleted', lastname: 'user' });
  });

  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    expect((await call('GET', `reviews/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call('GET', 'reviews/nope')).statusCode).toBe(400);
  });
});

describe('the review pages’ reads', () => {
  it('GET reviews/mine/{productId} gives the product and the caller’s review, or null', async () => {
    const p = await product();
    const { headers } = await loginAs(s);
    const before = expectContract(reviewTarget, (await call('GET', `reviews/mine/${p.id}`, { headers })).json());
    expect(before).toEqual({ product: { _id: p.id, name: p.name, slug: p.slug, image: p.images[0] }, review: null });
    const mine = await write(headers, p.id, 4);
    expect((await call('GET', `reviews/mine/${p.id}`, { headers })).json().data.review._id).toBe(mine._id);
    expect((await call('GET', `reviews/mine/${p.id}`)).statusCode).toBe(401);
  });

  it('GET reviews/review/{id} gives the caller’s own review only', async () => {
    const p = await product();
    const author = await loginAs(s);
    const mine = await write(author.headers, p.id, 4, 'Mine');
    const data = expectContract(reviewTarget, (await call('GET', `reviews/review/${mine._id}`, { headers: author.headers })).json());
    expect(data.review).toMatchObject({ _id: mine._id, review: 'Mine' });
    expect(data.product._id).toBe(p.id);
    const other = await loginAs(s);
    expect((await call('GET', `reviews/review/${mine._id}`, { headers: other.headers })).statusCode).toBe(403);
    expect((await call('GET', `reviews/review/${randomUUID()}`, { headers: other.headers })).statusCode).toBe(404);
  });
});
