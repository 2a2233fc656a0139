import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { checkName, emailAddress, MSG, mobileNumber, newPassword } from '@statewise/contract';
import type { Db, DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/password.ts';

/** A refusal with a message for the operator (no stack): the command prints it and exits with 1. */
export class AdminCreateRefusal extends Error {}

const personName = (required: string) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const message = checkName(v, required);
      if (message) ctx.addIssue({ code: 'custom', message, input: v });
    });

/** What the first admin is made of; the same rules as sign-up (contract schemas), the password by the policy. */
export const firstAdminInput = z.object({
  mobile: mobileNumber(),
  email: emailAddress(),
  password: newPassword,
  firstname: personName(MSG.firstNameRequired).default('Statewise'),
  lastname: personName(MSG.lastNameRequired).default('Admin'),
});
export type FirstAdminInput = z.input<typeof firstAdminInput>;

function refusal(error: z.ZodError): AdminCreateRefusal {
  const issue = error.issues[0]!;
  const field = String(issue.path[0] ?? 'password');
  return new AdminCreateRefusal(field === 'password' ? `The password is not accepted: ${issue.message}.` : `--${field}: ${issue.message}.`);
}

/** Checks the operator's input; the first broken rule, named by its option, as a refusal. */
export function parseFirstAdmin(input: FirstAdminInput): z.output<typeof firstAdminInput> {
  const parsed = firstAdminInput.safeParse(input);
  if (!parsed.success) throw refusal(parsed.error);
  return parsed.data;
}

/** The contacts and names alone, checked before a password is asked for. */
export function checkAdminDetails(input: Omit<FirstAdminInput, 'password'>): void {
  const parsed = firstAdminInput.omit({ password: true }).safeParse(input);
  if (!parsed.success) throw refusal(parsed.error);
}

/** The password alone, by the sign-up policy. */
export function checkAdminPassword(password: string): void {
  const parsed = z.object({ password: newPassword }).safeParse({ password });
  if (!parsed.success) throw refusal(parsed.error);
}

/** Live admin accounts (a deleted one no longer counts; a blocked one still does). */
export async function adminCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(and(eq(users.role, 'admin'), isNull(users.deletedAt)));
  return Number(row?.n ?? 0);
}

/**
 * Makes the first admin, once: refused when an admin exists already (it opens a new marketplace; it is not a tool
 * for managing admins, nor a way around them) and when the mobile or e-mail belongs to an account. The contacts
 * count as verified: the operator vouches for them. Two runs at once take turns (an advisory lock), so there is
 * never a second "first" admin.
 */
export async function createFirstAdmin(db: Db, input: FirstAdminInput): Promise<{ id: string; mobile: string; email: string }> {
  const admin = parseFirstAdmin(input);
  // Hashing is slow on purpose: before the transaction, so the lock is held only for the checks and the insert.
  const passwordHash = await hashPassword(admin.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('statewise:first-admin'))`);
    const admins = await adminCount(tx);
    if (admins > 0) {
      throw new AdminCreateRefusal(
        `An admin account exists already (${admins}); no account was made. This command only makes the first admin of a database.`,
      );
    }
    const holders = await tx
      .select({ mobile: users.mobile, email: users.email })
      .from(users)
      .where(and(isNull(users.deletedAt), or(eq(users.mobile, admin.mobile), eq(users.email, admin.email))));
    if (holders.some((h) => h.mobile === admin.mobile)) throw new AdminCreateRefusal(`--mobile: ${MSG.mobileTaken}.`);
    if (holders.length) throw new AdminCreateRefusal(`--email: ${MSG.emailTaken}.`);
    const [row] = await tx
      .insert(users)
      .values({
        role: 'admin',
        firstname: admin.firstname,
        lastname: admin.lastname,
        mobile: admin.mobile,
        email: admin.email,
        mobileVerified: true,
        emailVerified: true,
        passwordHash,
      })
      .returning({ id: users.id });
    return { id: row!.id, mobile: admin.mobile, email: admin.email };
  });
}
