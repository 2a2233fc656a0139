import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { address, ADDRESS_MAX } from '@statewise/contract';
import { addresses, cartLines, wishlistItems } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { authHeader, loginAs } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { newCategory, newProduct, newUser, newVendor } from '../../test/factories.ts';

let s: TestServer;
type Headers = { authorization: string };
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers?: Headers, payload?: unknown) =>
  s.app.inject({ method, url: `/api/${url}`, ...(headers ? { headers } : {}), ...(payload !== undefined ? { payload: payload as object } : {}) });
const shopper = async () => (await loginAs(s)).headers;

const valid = {
  firstName: 'Asha',
  lastName: 'Verma',
  streetAddress: '14 Johari Bazaar',
  email: 'asha@example.test',
  mobile: '9812345678',
  pincode: '302001',
  city: 'Jaipur',
  state: 'Rajasthan',
  country: 'India',
  landmark: 'Near the Hawa Mahal',
  shippingNote: 'Call before delivery',
};
const create = async (h: Headers, body: Record<string, unknown> = valid) => {
  const res = await call('POST', 'address', h, body);
  expect(res.statusCode, res.body).toBe(201);
  return expectContract(address, res.json());
};

beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

describe('every address call', () => {
  it('refuses a guest with 401', async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', 'address'],
      ['POST', 'address'],
      ['GET', `address/${id}`],
      ['PATCH', `address/${id}`],
      ['DELETE', `address/${id}`],
    ] as const) {
      expect((await call(method, url, undefined, method === 'POST' || method === 'PATCH' ? valid : undefined)).statusCode, url).toBe(401);
    }
  });
});

describe('POST /api/address', () => {
  it('saves an address and answers it', async () => {
    const h = await shopper();
    const res = await call('POST', 'address', h, valid);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Address Added Successfully');
    const a = expectContract(address, res.json());
    expect(a).toMatchObject({ ...valid, pincode: 302001 });
  });

  it('fills city and state from the pincode when they are left out', async () => {
    const a = await create(await shopper(), { ...valid, city: undefined, state: '', pincode: 560001 });
    expect(a).toMatchObject({ pincode: 560001, city: 'Bengaluru Urban', state: 'Karnataka' });
  });

  it('accepts the pincode’s city and state in any case, with and for &, and stores the directory’s spelling', async () => {
    const a = await create(await shopper(), { ...valid, pincode: '190001', city: 'SRINAGAR', state: 'jammu and kashmir' });
    expect(a).toMatchObject({ city: 'Srinagar', state: 'Jammu & Kashmir' });
  });

  it('omits an empty e-mail, lowercases one given and defaults the country to India', async () => {
    const h = await shopper();
    const none = await create(h, { ...valid, email: '', country: undefined, landmark: undefined, shippingNote: null });
    expect(none).not.toHaveProperty('email');
    expect(none).toMatchObject({ country: 'India', landmark: '', shippingNote: '' });
    expect((await create(h, { ...valid, email: ' Asha@Example.TEST ', mobile: 9812345670 })).email).toBe('asha@example.test');
  });

  it('checks the fields in the drawer’s order with its messages', async () => {
    const h = await shopper();
    const empty = await call('POST', 'address', h, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      success: false,
      message: 'Firstname is required',
      errors: {
        firstName: 'Firstname is required',
        lastName: 'Lastname is required',
        mobile: 'Mobile number is required',
        streetAddress: 'Street address is required',
        pincode: 'Pincode is required',
      },
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ lastName: '  ' }, 'Lastname is required'],
      [{ mobile: '98123' }, 'Mobile number must be 10 digits'],
      [{ mobile: '98123-45678' }, 'Mobile number must be 10 digits'],
      [{ streetAddress: '' }, 'Street address is required'],
      [{ pincode: '30200' }, 'Pincode must be 6 digits'],
      [{ pincode: 'abcdef' }, 'Pincode must be 6 digits'],
      [{ country: 'Nepal' }, 'We deliver only in India'],
      [{ email: 'not-an-email' }, 'Enter a valid email address'],
      [{ firstName: 'x'.repeat(51) }, 'This field is too long'],
      [{ mobile: '123', pincode: '1' }, 'Mobile number must be 10 digits'],
    ];
    for (const [change, message] of cases) {
      const res = await call('POST', 'address', h, { ...valid, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await s.db.select().from(addresses).where(eq(addresses.mobile, '98123'))).toEqual([]);
  });

  it('refuses a pincode outside the directory, and a city or state that is not the pincode’s', async () => {
    const h = await shopper();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ pincode: '999999' }, 'pincode', 'No places found for this pincode'],
      [{ pincode: '012345' }, 'pincode', 'No places found for this pincode'],
      [{ city: 'Mumbai' }, 'city', 'City does not match the pincode'],
      [{ state: 'Maharashtra' }, 'state', 'State does not match the pincode'],
      [{ pincode: '400001', city: undefined, state: 'Rajasthan' }, 'state', 'State does not match the pincode'],
    ];
    for (const [change, field, message] of cases) {
      const res = await call('POST', 'address', h, { ...valid, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toEqual({ success: false, message, errors: { [field]: message } });
    }
    expect((await call('GET', 'address', h)).json().data).toEqual([]);
  });

  it(`keeps at most ${ADDRESS_MAX} addresses`, async () => {
    const { user, headers } = await loginAs(s);
    await s.db.insert(addresses).values(
      Array.from({ length: ADDRESS_MAX }, () => ({
        userId: user.id,
        firstName: 'A',
        lastName: 'B',
        streetAddress: 'C',
        mobile: '9812345678',
        pincode: '110001',
        city: 'New Delhi',
        state: 'Delhi',
      })),
    );
    const res = await call('POST', 'address', headers, valid);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You can save up to 20 addresses. Please delete one to add another');
  });

  it(`keeps at most ${ADDRESS_MAX} addresses when several are saved at the same moment`, async () => {
    const { user, headers } = await loginAs(s);
    await s.db.insert(addresses).values(
      Array.from({ length: ADDRESS_MAX - 1 }, () => ({
        userId: user.id,
        firstName: 'A',
        lastName: 'B',
        streetAddress: 'C',
        mobile: '9812345678',
        pincode: '110001',
        city: 'New Delhi',
        state: 'Delhi',
      })),
    );
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('POST', 'address', headers, valid)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const refused of answers.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toBe('You can save up to 20 addresses. Please delete one to add another');
    }
    expect(await s.db.$count(addresses, eq(addresses.userId, user.id))).toBe(ADDRESS_MAX);
  });
});

describe('GET /api/address and /api/address/{id}', () => {
  it('lists the caller’s addresses oldest first and gives one by id', async () => {
    const h = await shopper();
    const first = await create(h);
    const second = await create(h, { ...valid, pincode: '110001', city: 'New Delhi', state: 'Delhi' });
    await create(await shopper());
    const res = await call('GET', 'address', h);
    expect(res.statusCode).toBe(200);
    expect(expectContract(z.array(address), res.json()).map((a) => a._id)).toEqual([first._id, second._id]);
    const one = await call('GET', `address/${second._id}`, h);
    expect(expectContract(address, one.json())).toEqual(second);
  });

  it('answers 404 for another user’s address and 400 for a malformed id', async () => {
    const mine = await create(await shopper());
    const other = await shopper();
    const res = await call('GET', `address/${mine._id}`, other);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Address not found');
    expect((await call('GET', 'address/123', other)).statusCode).toBe(400);
  });
});

describe('PATCH /api/address/{id}', () => {
  it('changes the given fields and keeps the others', async () => {
    const h = await shopper();
    const a = await create(h);
    const res = await call('PATCH', `address/${a._id}`, h, { landmark: 'Opposite the museum', email: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Address Updated Successfully');
    const b = expectContract(address, res.json());
    const { email: _email, ...rest } = valid;
    expect(b).toMatchObject({ ...rest, landmark: 'Opposite the museum', pincode: 302001 });
    expect(b).not.toHaveProperty('email');
  });

  it('refills city and state from a new pincode, and checks a city given alone against it', async () => {
    const h = await shopper();
    const a = await create(h);
    const moved = await call('PATCH', `address/${a._id}`, h, { pincode: '400001' });
    expect(moved.json().data).toMatchObject({ pincode: 400001, city: 'Mumbai', state: 'Maharashtra' });
    const wrong = await call('PATCH', `address/${a._id}`, h, { city: 'Jaipur' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('City does not match the pincode');
    const bad = await call('PATCH', `address/${a._id}`, h, { mobile: '12', firstName: '' });
    expect(bad.json().message).toBe('Firstname is required');
    expect((await call('GET', `address/${a._id}`, h)).json().data).toMatchObject({ city: 'Mumbai', mobile: valid.mobile, firstName: 'Asha' });
  });

  it('never changes another user’s address', async () => {
    const h = await shopper();
    const a = await create(h);
    const res = await call('PATCH', `address/${a._id}`, await shopper(), { firstName: 'Mallory' });
    expect(res.statusCode).toBe(404);
    expect((await call('GET', `address/${a._id}`, h)).json().data.firstName).toBe('Asha');
  });
});

describe('DELETE /api/address/{id}', () => {
  it('deletes the caller’s address', async () => {
    const h = await shopper();
    const a = await create(h);
    const res = await call('DELETE', `address/${a._id}`, h);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Address Deleted Successfully', data: { _id: a._id } });
    expect((await call('DELETE', `address/${a._id}`, h)).statusCode).toBe(404);
    expect((await call('GET', 'address', h)).json().data).toEqual([]);
  });

  it('never deletes another user’s address', async () => {
    const h = await shopper();
    const a = await create(h);
    expect((await call('DELETE', `address/${a._id}`, await shopper())).statusCode).toBe(404);
    expect((await call('GET', 'address', h)).json().data).toHaveLength(1);
  });
});

describe('account deletion', () => {
  it('takes the saved addresses, the cart and the wishlist with it', async () => {
    const password = 'Delete123';
    const user = await newUser(s.db, { password });
    const h = await authHeader(s, user);
    const vendor = await newVendor(s.db);
    const product = await newProduct(s.db, { categoryId: (await newCategory(s.db)).id, vendorId: vendor.userId, freeSizeQty: 3 });
    await create(h);
    expect((await call('POST', 'cart/add', h, { productId: product.id })).statusCode).toBe(201);
    expect((await call('POST', 'user/wishlist', h, { productId: product.id })).statusCode).toBe(201);
    const res = await call('POST', 'auth/deleteAccount', h, { type: 'mobile', mobile: user.mobile, password });
    expect(res.statusCode).toBe(200);
    expect(await s.db.select().from(addresses).where(eq(addresses.userId, user.id))).toEqual([]);
    expect(await s.db.select().from(cartLines).where(eq(cartLines.userId, user.id))).toEqual([]);
    expect(await s.db.select().from(wishlistItems).where(eq(wishlistItems.userId, user.id))).toEqual([]);
  });
});
