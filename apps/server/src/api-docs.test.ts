import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './test/app.ts';
import { authHeader } from './test/auth.ts';
import { newUser } from './test/factories.ts';
import { PRODUCTION_ENV } from './test/production-env.ts';

/** /api/docs (the UI), /api/docs/json (the OpenAPI document) and the UI's files, by API_DOCS (ADR 044). */
const DOCS = ['/api/docs', '/api/docs/json', '/api/docs/static/swagger-ui.css'];

const servers: TestServer[] = [];
const server = async (env: Record<string, string>) => {
  const s = await createTestServer(env);
  servers.push(s);
  return s;
};
afterAll(() => Promise.all(servers.map((s) => s.close())));

describe('/api/docs in production', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await server(PRODUCTION_ENV);
  });

  it('is not served by default: 404 for the UI and the document, signed in as an admin or not', async () => {
    const admin = await newUser(s.db, { role: 'admin' });
    for (const url of DOCS) {
      expect((await s.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      expect((await s.app.inject({ method: 'GET', url, headers: await authHeader(s, admin) })).statusCode, url).toBe(404);
    }
    expect((await s.app.inject({ method: 'GET', url: '/api/docs/json' })).json()).toEqual({ success: false, message: 'Not found' });
  });
});

describe('/api/docs in demo mode', () => {
  it('serves the UI and the document to anyone', async () => {
    const s = await server({});
    const ui = await s.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    expect((await s.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui.css' })).statusCode).toBe(200);
    const doc = await s.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().info.title).toBe('Statewise API');
  });
});

describe('/api/docs with API_DOCS=admin', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await server({ ...PRODUCTION_ENV, API_DOCS: 'admin' });
  });

  it('answers 401 without a token, to the UI, the document and its files', async () => {
    for (const url of DOCS) {
      const res = await s.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().success).toBe(false);
      expect(res.body).not.toContain('openapi');
    }
  });

  it('answers 403 to a shopper and to a seller', async () => {
    for (const role of ['user', 'vendor'] as const) {
      const someone = await newUser(s.db, { role });
      for (const url of DOCS) {
        const res = await s.app.inject({ method: 'GET', url, headers: await authHeader(s, someone) });
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.body).not.toContain('openapi');
      }
    }
  });

  it('serves the document to an admin', async () => {
    const admin = await newUser(s.db, { role: 'admin' });
    const doc = await s.app.inject({ method: 'GET', url: '/api/docs/json', headers: await authHeader(s, admin) });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths).toHaveProperty(['/api/auth/password-login']);
    const ui = await s.app.inject({ method: 'GET', url: '/api/docs', headers: await authHeader(s, admin) });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
