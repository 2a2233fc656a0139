import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/app.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

describe('GET /api/health', () => {
  it('answers ok after a database round trip', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { status: 'ok' } });
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

describe('unknown API paths and bad bodies', () => {
  it('answers 404 in the envelope for an unknown API path', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Not found' });
  });

  it('answers 400, not 500, for malformed JSON', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/health', headers: { 'content-type': 'application/json' }, payload: '{bad' });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json().success).toBe(false);
  });

  it('keeps the caller request id', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('names the request on an error answer too', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': 'err-456' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('err-456');
  });
});

describe('OpenAPI', () => {
  it('serves the document at /api/docs/json', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
    expect(Object.keys(res.json().paths)).toContain('/api/health');
  });
});
