import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { users } from '../schema/index.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';

/** The demo accounts of API.md; password login and OTP login both work for them. */
export const DEMO_ACCOUNTS = [
  { role: 'admin', mobile: '9000000001', email: 'admin@statewise.test', password: 'Statewise@123', firstname: 'Asha', lastname: 'Admin' },
  { role: 'vendor', mobile: '9000000002', email: 'vendor@statewise.test', password: 'Statewise@123', firstname: 'Meera', lastname: 'Rathore' },
  { role: 'user', mobile: '9000000003', email: 'user@statewise.test', password: 'Statewise@123', firstname: 'Rahul', lastname: 'Menon' },
] as const;

export type DemoRole = (typeof DEMO_ACCOUNTS)[number]['role'];

/** Creates the three demo accounts (verified contacts) and returns their ids by role. */
export async function seedDemoAccounts(db: DbOrTx): Promise<Record<DemoRole, string>> {
  const passwordHash = await hashPassword(DEMO_ACCOUNTS[0].password);
  const ids = {} as Record<DemoRole, string>;
  for (const a of DEMO_ACCOUNTS) {
    const existing = await db.select({ id: users.id }).from(users).where(eq(users.mobile, a.mobile)).limit(1);
    if (existing[0]) {
      ids[a.role] = existing[0].id;
      continue;
    }
    const [row] = await db
      .insert(users)
      .values({
        role: a.role,
        firstname: a.firstname,
        lastname: a.lastname,
        email: a.email,
        mobile: a.mobile,
        emailVerified: true,
        mobileVerified: true,
        passwordHash,
      })
      .returning({ id: users.id });
    ids[a.role] = row!.id;
  }
  return ids;
}

/**
 * The live accounts that still open with a demo account's contact and the published password (what a database that
 * was a demo holds): their mobiles, for the message that stops a production start on such a database.
 */
export async function liveDemoAccounts(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ mobile: users.mobile, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        or(
          inArray(users.mobile, DEMO_ACCOUNTS.map((a) => a.mobile)),
          inArray(users.email, DEMO_ACCOUNTS.map((a) => a.email)),
        ),
      ),
    );
  const found: string[] = [];
  for (const row of rows) {
    const demo = DEMO_ACCOUNTS.find((a) => a.mobile === row.mobile || a.email === row.email)!;
    if (await verifyPassword(row.passwordHash, demo.password)) found.push(row.mobile ?? row.email ?? demo.mobile);
  }
  return found;
}
