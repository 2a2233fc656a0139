import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { expect, test } from './fixtures.ts';
import { fakeGoogleUrl } from './playwright.config.ts';

/*
 * Google sign-in in the browser (accounts §2.2, issue 9 item 6) against a fake Google on the port the server is
 * configured with: its authorize page consents at once, its token endpoint checks the PKCE verifier, its userinfo
 * names the person. The success address carries a one-time code that the page exchanges and drops from history.
 */

const identity = { sub: `e2e-google-${randomBytes(4).toString('hex')}`, email: `google-${randomBytes(4).toString('hex')}@example.test`, email_verified: true, given_name: 'Ananya', family_name: 'Iyer' };
const grants = new Map<string, { challenge: string; redirectUri: string }>();
const accessTokens = new Set<string>();
let google: http.Server;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
  });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  google = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', fakeGoogleUrl);
    const json = (status: number, body: object) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/authorize') {
      const q = url.searchParams;
      const code = randomBytes(12).toString('hex');
      grants.set(code, { challenge: q.get('code_challenge')!, redirectUri: q.get('redirect_uri')! });
      res.writeHead(302, { location: `${q.get('redirect_uri')}?${new URLSearchParams({ code, state: q.get('state')! })}` }).end();
    } else if (url.pathname === '/token' && req.method === 'POST') {
      const b = new URLSearchParams(await readBody(req));
      const grant = grants.get(b.get('code') ?? '');
      const challenge = createHash('sha256').update(b.get('code_verifier') ?? '').digest('base64url');
      if (!grant || grant.challenge !== challenge || b.get('client_secret') !== 'e2e-secret' || b.get('redirect_uri') !== grant.redirectUri) {
        json(400, { error: 'invalid_grant' });
        return;
      }
      grants.delete(b.get('code')!);
      const accessToken = randomBytes(16).toString('hex');
      accessTokens.add(accessToken);
      json(200, { access_token: accessToken, token_type: 'Bearer' });
    } else if (url.pathname === '/userinfo' && accessTokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''))) {
      json(200, identity);
    } else json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => google.listen(Number(new URL(fakeGoogleUrl).port), '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => google.close(resolve));
});

test('Continue with Google signs in through a one-time code that history does not keep, and the code works once', async ({ page }) => {
  const successUrls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().includes('/auth/social-login/success/')) successUrls.push(frame.url());
  });
  const sellerCheck = page.waitForResponse((r) => r.url().endsWith('/api/user/checkSeller'));

  await page.goto('/auth/login?redirectTo=%2Fprofile');
  await page.getByRole('link', { name: 'Continue with Google' }).click();

  await expect(page.getByText('Login Successfull!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Ananya Iyer' })).toBeVisible();
  // the profile's seller check answers for a shopper who never applied (no 404)
  const checked = await sellerCheck;
  expect(checked.status()).toBe(200);
  expect((await checked.json()).data).toEqual([]);

  // The address carried a code, not the access token the browser now holds.
  const success = successUrls.find((u) => !u.includes('/success/-/'));
  expect(success).toBeDefined();
  const code = /\/auth\/social-login\/success\/([^/]+)\/token\//.exec(success!)![1]!;
  const accessToken = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(accessToken).toBeTruthy();
  expect(accessToken).not.toContain(code);
  expect(success).not.toContain(accessToken!);

  // Back goes to the login page, not to the success address with its code.
  await page.goBack();
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fprofile$/);

  // The code was good once: opening the address again (someone who found it in a log) does not sign in.
  await page.evaluate(() => localStorage.clear());
  await page.goto(success!);
  await expect(page.getByText('This Google sign-in has expired or was already used. Please sign in with Google again')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});
