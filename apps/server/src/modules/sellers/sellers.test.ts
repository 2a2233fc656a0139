import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSellerResult, MSG } from '@statewise/contract';
import { users } from '../../db/schema/index.ts';
import { seedDemo } from '../../db/seed/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { authHeader, loginAs } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { newVendor } from '../../test/factories.ts';

let s: TestServer;
const checkSeller = (headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url: '/api/user/checkSeller', headers });

beforeAll(async () => {
  s = await createTestServer();
  // the demo accounts and vendors, with a handful of products
  await seedDemo(s.db, { products: 12 });
});
afterAll(async () => {
  await s.close();
});

describe('GET /api/user/checkSeller', () => {
  it('answers an empty list for a user who never applied', async () => {
    const { headers } = await loginAs(s);
    const res = await checkSeller(headers);
    expect(res.statusCode).toBe(200);
    expect(expectContract(checkSellerResult, res.json())).toEqual([]);
  });

  it('answers step 2 for the approved demo vendor', async () => {
    const [vendor] = await s.db
      .select()
      .from(users)
      .where(and(eq(users.mobile, '9000000002'), eq(users.role, 'vendor')));
    const res = await checkSeller(await authHeader(s, vendor!));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(expectContract(checkSellerResult, res.json())).toEqual([{ registrationCompletionStep: 2 }]);
  });

  it('answers step 1 for a seller awaiting approval', async () => {
    const pending = await newVendor(s.db, { user: { role: 'user' }, vendor: { registrationStep: 1 } });
    const res = await checkSeller(await authHeader(s, pending.user));
    expect(res.json().data).toEqual([{ registrationCompletionStep: 1 }]);
  });

  it('answers every signed-in role, the admin included', async () => {
    const { headers } = await loginAs(s, { role: 'admin' });
    const res = await checkSeller(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it('answers 401 to a guest', async () => {
    const res = await checkSeller();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, message: MSG.unauthorized });
  });
});
