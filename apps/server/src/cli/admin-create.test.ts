import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { App } from '../context.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createTestDatabase, testEngine } from '../test/db.ts';
import { newUser, uniqueEmail, uniqueMobile } from '../test/factories.ts';
import { PRODUCTION_ENV } from '../test/production-env.ts';
import { AdminCreateRefusal, checkAdminPassword, createFirstAdmin } from './first-admin.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const PASSWORD = 'Monsoon-market-2026';

/** `npm run admin:create -- …` as the operator runs it, in production, the password piped to standard input. */
function adminCreate(target: { DATA_DIR?: string; DATABASE_URL?: string }, args: string[], stdin = `${PASSWORD}\n`) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin-create.ts', ...args], {
    cwd: repoRoot,
    env: { ...env, ...PRODUCTION_ENV, LOG_LEVEL: 'silent', DATA_DIR: target.DATA_DIR ?? '/nonexistent/never-created', ...(target.DATABASE_URL ? { DATABASE_URL: target.DATABASE_URL } : {}) },
    input: stdin,
    encoding: 'utf8',
  });
}

describe('npm run admin:create', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'statewise-admin-create-'));
  // PGlite: the command opens the embedded database in DATA_DIR, then the test opens it; PostgreSQL: both share one.
  let target: { DATA_DIR?: string; DATABASE_URL?: string };
  let shared: (Database & { url?: string }) | undefined;
  const mobile = uniqueMobile();
  const email = uniqueEmail();
  let first: ReturnType<typeof adminCreate>;

  beforeAll(async () => {
    if (testEngine === 'postgres') {
      shared = await createTestDatabase();
      target = { DATABASE_URL: shared.url };
    } else target = { DATA_DIR: scratch };
    first = adminCreate(target, ['--mobile', `${mobile.slice(0, 3)}-${mobile.slice(3, 6)}-${mobile.slice(6)}`, '--email', email.toUpperCase(), '--firstname', 'Kavya', '--lastname', 'Iyer']);
  }, 180_000);
  afterAll(async () => {
    await shared?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** The server on the database the command wrote to, in production. */
  async function withServer(use: (app: App, database: Database) => Promise<void>) {
    const database = shared ?? (await openDatabase({ dataDir: scratch, inProcess: true }));
    const config = loadConfig({ ...PRODUCTION_ENV, DATA_DIR: scratch, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database, logger: false });
    try {
      await use(app, database);
    } finally {
      await app.close();
      if (!shared) await database.close();
    }
  }

  it('creates the first admin, who then signs in with the chosen password', async () => {
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain(`Created the first admin: mobile ${mobile}, e-mail ${email}.`);
    expect(first.stdout + first.stderr).not.toContain(PASSWORD);
    await withServer(async (app, database) => {
      const rows = (await database.db.execute<{ role: string; firstname: string; mobile_verified: boolean; email_verified: boolean }>(sql`select role, firstname, mobile_verified, email_verified from users`)).rows;
      expect(rows).toEqual([{ role: 'admin', firstname: 'Kavya', mobile_verified: true, email_verified: true }]);
      for (const payload of [
        { type: 'mobile', mobile, password: PASSWORD },
        { type: 'email', email, password: PASSWORD },
      ]) {
        const login = await app.inject({ method: 'POST', url: '/api/auth/password-login', payload, remoteAddress: '198.51.100.20' });
        expect(login.statusCode).toBe(200);
        expect(login.json().data.user).toMatchObject({ role: 'admin', mobile, email });
        const overview = await app.inject({ method: 'GET', url: '/api/admin/overview', headers: { authorization: `Bearer ${login.json().data.accessToken}` } });
        expect(overview.statusCode).toBe(200);
      }
      const wrong = await app.inject({ method: 'POST', url: '/api/auth/password-login', payload: { type: 'mobile', mobile, password: 'Statewise@123' } });
      expect(wrong.statusCode).toBe(401);
    });
  });

  it('refuses a second run, even for other contacts, and makes no account', async () => {
    const second = adminCreate(target, ['--mobile', uniqueMobile(), '--email', uniqueEmail()]);
    expect(second.status).toBe(1);
    expect(second.stderr).toContain('An admin account exists already (1); no account was made.');
    await withServer(async (_app, database) => {
      expect((await database.db.execute<{ n: number }>(sql`select count(*)::int as n from users`)).rows[0]!.n).toBe(1);
    });
  }, 120_000);

  it('refuses a weak password before opening any database', () => {
    const res = adminCreate({}, ['--mobile', uniqueMobile(), '--email', uniqueEmail()], 'onlyletters\n');
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('The password is not accepted: Password must be at least 8 characters and contain a letter and a digit.');
    expect(existsSync('/nonexistent/never-created')).toBe(false);
  }, 60_000);

  it('refuses an empty password, and a password on the command line', () => {
    const empty = adminCreate({}, ['--mobile', uniqueMobile(), '--email', uniqueEmail()], '');
    expect(empty.status).toBe(1);
    expect(empty.stderr).toContain('No password was given; no account was made.');
    const inArgs = adminCreate({}, ['--mobile', uniqueMobile(), '--email', uniqueEmail(), `--password=${PASSWORD}`]);
    expect(inArgs.status).toBe(1);
    expect(inArgs.stderr).toContain('The password is never taken from the command line');
  }, 60_000);

  it('refuses an invalid mobile or e-mail, and a missing one, naming the option', () => {
    const badMobile = adminCreate({}, ['--mobile', '12345', '--email', uniqueEmail()]);
    expect(badMobile.status).toBe(1);
    expect(badMobile.stderr).toContain('--mobile: Please enter valid mobile number.');
    const badEmail = adminCreate({}, ['--mobile', uniqueMobile(), '--email', 'ops@']);
    expect(badEmail.status).toBe(1);
    expect(badEmail.stderr).toContain('--email: Please enter valid email.');
    const missing = adminCreate({}, ['--mobile', uniqueMobile()]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('--mobile and --email are both needed.');
  }, 120_000);
});

describe('checkAdminPassword', () => {
  it('holds the first admin to the sign-up password policy', () => {
    for (const weak of ['short1', 'onlyletters', '12345678', `a1${'x'.repeat(127)}`]) expect(() => checkAdminPassword(weak)).toThrow(AdminCreateRefusal);
    expect(() => checkAdminPassword(PASSWORD)).not.toThrow();
  });
});

describe('createFirstAdmin', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('refuses a mobile or e-mail that belongs to an account, and makes nothing', async () => {
    const shopper = await newUser(database.db, { mobile: uniqueMobile(), email: uniqueEmail() });
    await expect(createFirstAdmin(database.db, { mobile: shopper.mobile!, email: uniqueEmail(), password: PASSWORD })).rejects.toThrow(
      new AdminCreateRefusal('--mobile: This mobile number is already registered with another account.'),
    );
    await expect(createFirstAdmin(database.db, { mobile: uniqueMobile(), email: shopper.email!, password: PASSWORD })).rejects.toThrow(
      new AdminCreateRefusal('--email: This email is already registered with another account.'),
    );
    expect((await database.db.execute<{ n: number }>(sql`select count(*)::int as n from users where role = 'admin'`)).rows[0]!.n).toBe(0);
  });

  it('makes only one admin when two runs race', async () => {
    const results = await Promise.allSettled([
      createFirstAdmin(database.db, { mobile: uniqueMobile(), email: uniqueEmail(), password: PASSWORD }),
      createFirstAdmin(database.db, { mobile: uniqueMobile(), email: uniqueEmail(), password: PASSWORD }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await database.db.execute<{ n: number }>(sql`select count(*)::int as n from users where role = 'admin'`)).rows[0]!.n).toBe(1);
  });
});
