import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { PRODUCTION_ENV } from './test/production-env.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'statewise-config-'));

describe('loadConfig', () => {
  it('starts on the embedded database on port 3000 with nothing set', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.demoMode).toBe(true);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.payments.provider).toBe('sandbox');
  });

  it('keeps a generated JWT secret in the data folder so tokens survive a restart', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('keeps a generated data encryption key in the data folder, apart from the JWT secret', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.dataEncryptionKey.length).toBeGreaterThanOrEqual(32);
    expect(c.dataEncryptionKey).not.toBe(c.jwtSecret);
    expect(readFileSync(path.join(dir, 'data-encryption-key'), 'utf8')).toBe(c.dataEncryptionKey);
    expect(loadConfig({ DATA_DIR: dir }).dataEncryptionKey).toBe(c.dataEncryptionKey);
  });

  it('refuses to run in production without a data encryption key', () => {
    const { DATA_ENCRYPTION_KEY: _, ...rest } = PRODUCTION_ENV;
    expect(() => loadConfig({ ...rest, DATA_DIR: tmp() })).toThrow(/DATA_ENCRYPTION_KEY is required/);
    expect(() => loadConfig({ ...PRODUCTION_ENV, DATA_ENCRYPTION_KEY: 'short', DATA_DIR: tmp() })).toThrow(/at least 32 characters/);
  });

  it('refuses to run in production without a JWT secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(/JWT_SECRET is required/);
  });

  it('lists every bad setting at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', DATA_DIR: tmp() });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/DATABASE_URL/);
    }
  });

  it('needs both Razorpay keys when Razorpay is chosen', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_x', DATA_DIR: tmp() })).toThrow(/RAZORPAY_KEY_SECRET/);
  });

  it('is not in demo mode in production', () => {
    const c = loadConfig({ ...PRODUCTION_ENV, DATA_DIR: tmp() });
    expect(c.demoMode).toBe(false);
    expect(c.logLevel).toBe('info');
  });

  it('keeps request logs quiet in demo mode unless LOG_LEVEL raises them', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).logLevel).toBe('warn');
    expect(loadConfig({ DATA_DIR: tmp(), LOG_LEVEL: 'info' }).logLevel).toBe('info');
  });
});

describe('production settings', () => {
  const without = (key: keyof typeof PRODUCTION_ENV) => {
    const env: Record<string, string> = { ...PRODUCTION_ENV, DATA_DIR: tmp() };
    delete env[key];
    return env;
  };

  it('refuses to start without an explicit payment provider', () => {
    expect(() => loadConfig(without('PAYMENT_PROVIDER'))).toThrow(/PAYMENT_PROVIDER must be set when NODE_ENV=production/);
  });

  it('refuses the sandbox gateway, whose page lets anyone mark an order paid', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, PAYMENT_PROVIDER: 'sandbox', DATA_DIR: tmp() })).toThrow(/PAYMENT_PROVIDER=sandbox cannot run with NODE_ENV=production/);
  });

  it('refuses to start without a real SMS and e-mail delivery for one-time codes', () => {
    expect(() => loadConfig(without('SMS_PROVIDER'))).toThrow(/needs a real SMS delivery/);
    expect(() => loadConfig({ ...without('SMTP_URL'), MAIL_FROM: '' })).toThrow(/needs a real e-mail delivery/);
  });

  it('reads the delivery settings', () => {
    const c = loadConfig({ ...PRODUCTION_ENV, DATA_DIR: tmp() });
    expect(c.otpDelivery.sms).toMatchObject({ provider: 'msg91', templateId: PRODUCTION_ENV.SMS_TEMPLATE_ID });
    expect(c.otpDelivery.mail).toEqual({ smtpUrl: PRODUCTION_ENV.SMTP_URL, from: PRODUCTION_ENV.MAIL_FROM });
  });

  it('keeps the sandbox the default in demo mode, where it is the built-in gateway', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).payments.provider).toBe('sandbox');
  });
});

describe('API_DOCS', () => {
  it('serves the docs to everyone in demo mode and to nobody in production unless set', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).apiDocs).toBe('on');
    expect(loadConfig({ ...PRODUCTION_ENV, DATA_DIR: tmp() }).apiDocs).toBe('off');
    expect(loadConfig({ ...PRODUCTION_ENV, DATA_DIR: tmp(), API_DOCS: 'admin' }).apiDocs).toBe('admin');
    expect(loadConfig({ DATA_DIR: tmp(), API_DOCS: 'off' }).apiDocs).toBe('off');
  });

  it('refuses any other value with a clear message', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), API_DOCS: 'yes' })).toThrow(/API_DOCS: API_DOCS must be on, admin or off/);
  });
});
