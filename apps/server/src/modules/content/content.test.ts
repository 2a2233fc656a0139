import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aboutUsResult,
  adminFaqEntry,
  adminSocialLink,
  contactInboxResult,
  faqListResult,
  MSG,
  pageResult,
  privacyPolicyResult,
  returnPolicyResult,
  socialLinksResult,
  termsResult,
} from '@statewise/contract';
import { auditLog, contactRequests, siteContent } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { loginAs } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { DEFAULT_FAQ, ensureContentDefaults } from './defaults.ts';

let s: TestServer;
type Headers = { authorization: string };
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers?: Headers, payload?: unknown) =>
  s.app.inject({ method, url: `/api/${url}`, ...(headers ? { headers } : {}), ...(payload !== undefined ? { payload: payload as object } : {}) });
const admin = async () => (await loginAs(s, { role: 'admin' })).headers;
let ipCounter = 0;
/** Each contact test comes from its own address, so the per-address limit only bites where a test wants it. */
const contact = (payload: unknown, headers: Record<string, string> = {}) =>
  s.app.inject({ method: 'POST', url: '/api/user/contactUs', payload: payload as object, headers, remoteAddress: `10.9.0.${++ipCounter}` });
const goodContact = { fullName: 'Asha Kumari', email: 'Asha@Mail.com', description: 'Do you ship to Port Blair?', subject: 'Others' };

beforeAll(async () => {
  s = await createTestServer();
  await ensureContentDefaults(s.db);
});
afterAll(() => s.close());

describe('content defaults', () => {
  it('writes the pages, the seven FAQ entries and the social links once, and never over an edit', async () => {
    await s.db.update(siteContent).set({ html: '<p>Edited</p>' }).where(eq(siteContent.key, 'privacy'));
    await ensureContentDefaults(s.db);
    const privacy = expectContract(privacyPolicyResult, (await call('GET', 'admin/privacy-policy')).json());
    expect(privacy.policy).toBe('<p>Edited</p>');
    const faq = expectContract(faqListResult, (await call('GET', 'faq/list')).json());
    expect(faq.map((f) => f.question)).toEqual(DEFAULT_FAQ.map((f) => f.question));
  });

  it('does not bring back lists an admin emptied', async () => {
    const h = await admin();
    const links = expectContract(z_array_admin_links(), (await call('GET', 'admin/social-links/all', h)).json());
    for (const l of links) expect((await call('DELETE', `admin/social-links/${l.id}`, h)).statusCode).toBe(200);
    await ensureContentDefaults(s.db);
    expect(expectContract(socialLinksResult, (await call('GET', 'admin/social-links')).json())).toEqual([]);
    // put one back for the tests below
    expect((await call('POST', 'admin/social-links', h, { platform: 'Instagram', link: 'https://www.instagram.com/statewise' })).statusCode).toBe(201);
  });
});

function z_array_admin_links() {
  return adminSocialLink.array();
}

describe('GET the public content pages', () => {
  it('answers about-us with HTML and a picture, the policies and terms[0] with HTML, cached for a minute', async () => {
    const about = await call('GET', 'admin/about-us');
    expect(about.statusCode).toBe(200);
    expect(about.headers['cache-control']).toBe('public, max-age=60');
    const a = expectContract(aboutUsResult, about.json());
    expect(a.aboutUs).toContain('Shop wise, statewise');
    expect(a.picture).toMatch(/^\/media\/art\/banner\//);
    expect(expectContract(returnPolicyResult, (await call('GET', 'admin/return-replacement')).json()).returnPolicy).toContain('manufacturing defect');
    const terms = expectContract(termsResult, (await call('GET', 'admin/terms-conditions')).json());
    expect(terms.terms).toHaveLength(1);
    expect(terms.terms[0]).toContain('Terms and Conditions');
  });

  it('lists social links with the spec’s Platform and Link fields, hidden ones left out', async () => {
    const h = await admin();
    const hidden = await call('POST', 'admin/social-links', h, { platform: 'Pinterest', link: 'https://pinterest.com/statewise', hidden: true });
    expect(hidden.statusCode).toBe(201);
    const links = expectContract(socialLinksResult, (await call('GET', 'admin/social-links')).json());
    expect(links.some((l) => l.Platform === 'Instagram' && l.Link.startsWith('https://'))).toBe(true);
    expect(links.some((l) => l.Platform === 'Pinterest')).toBe(false);
  });
});

describe('POST user/contactUs', () => {
  it('stores a guest’s message with the e-mail lowercased and answers 201', async () => {
    const res = await contact(goodContact);
    expect(res.statusCode).toBe(201);
    const id = res.json().data._id as string;
    const [row] = await s.db.select().from(contactRequests).where(eq(contactRequests.id, id));
    expect(row).toMatchObject({ fullName: 'Asha Kumari', email: 'asha@mail.com', subject: 'Others', handled: false, userId: null });
  });

  it('keeps the account of a signed-in sender', async () => {
    const { user, headers } = await loginAs(s);
    const res = await contact(goodContact, headers);
    expect(res.statusCode).toBe(201);
    const [row] = await s.db.select().from(contactRequests).where(eq(contactRequests.id, res.json().data._id));
    expect(row?.userId).toBe(user.id);
  });

  it.each([
    ['a blank name', { ...goodContact, fullName: '  ' }, MSG.contactNameRequired],
    ['no name', { ...goodContact, fullName: undefined }, MSG.contactNameRequired],
    ['no e-mail', { ...goodContact, email: '' }, MSG.contactEmailRequired],
    ['a malformed e-mail', { ...goodContact, email: 'asha@' }, MSG.invalidEmail],
    ['no query', { ...goodContact, description: '' }, MSG.contactQueryRequired],
    ['no subject', { ...goodContact, subject: '' }, MSG.contactSubjectRequired],
    ['a subject not offered', { ...goodContact, subject: 'Spam' }, MSG.contactSubjectRequired],
    ['a query over 2,000 characters', { ...goodContact, description: 'x'.repeat(2001) }, MSG.contactQueryTooLong],
  ])('refuses %s with its message', async (_label, body, message) => {
    const res = await contact(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('checks the fields in the form’s order: name before e-mail before query before subject', async () => {
    const res = await contact({ fullName: '', email: '', description: '', subject: '' });
    expect(res.json().message).toBe(MSG.contactNameRequired);
    const second = await contact({ fullName: 'A', email: '', description: '', subject: '' });
    expect(second.json().message).toBe(MSG.contactEmailRequired);
  });

  it('refuses a sixth message from one address within 15 minutes with 429', async () => {
    const send = () => s.app.inject({ method: 'POST', url: '/api/user/contactUs', payload: goodContact, remoteAddress: '10.77.0.1' });
    for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(201);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^You have sent several messages\. Please try again in/);
  });
});

describe('admin content calls', () => {
  const adminCalls: Array<[method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown]> = [
    ['GET', 'admin/content/about'],
    ['PUT', 'admin/content/about', { html: '<p>x</p>' }],
    ['GET', 'admin/social-links/all'],
    ['POST', 'admin/social-links', { platform: 'X', link: 'https://x.com/a' }],
    ['PUT', 'admin/social-links/00000000-0000-4000-8000-000000000000', { platform: 'X', link: 'https://x.com/a' }],
    ['DELETE', 'admin/social-links/00000000-0000-4000-8000-000000000000'],
    ['GET', 'admin/faq'],
    ['POST', 'admin/faq', { question: 'Q?', answer: 'A.' }],
    ['PUT', 'admin/faq/00000000-0000-4000-8000-000000000000', { question: 'Q?', answer: 'A.' }],
    ['DELETE', 'admin/faq/00000000-0000-4000-8000-000000000000'],
    ['GET', 'admin/contact-requests'],
    ['PATCH', 'admin/contact-requests/00000000-0000-4000-8000-000000000000', { handled: true }],
    ['POST', 'admin/content/about/picture'],
    ['DELETE', 'admin/content/about/picture'],
  ];

  it('refuses guests with 401 and users and vendors with 403, changing nothing', async () => {
    const user = (await loginAs(s)).headers;
    const vendor = (await loginAs(s, { role: 'vendor' })).headers;
    const before = (await call('GET', 'admin/about-us')).json().data.aboutUs;
    for (const [method, url, body] of adminCalls) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url} guest`).toBe(401);
      expect((await call(method, url, user, body)).statusCode, `${method} ${url} user`).toBe(403);
      expect((await call(method, url, vendor, body)).statusCode, `${method} ${url} vendor`).toBe(403);
    }
    expect((await call('GET', 'admin/about-us')).json().data.aboutUs).toBe(before);
  });

  it('saves a page with its script tags, handlers and javascript links removed, and records who did it', async () => {
    const { user, headers } = await loginAs(s, { role: 'admin' });
    const res = await call('PUT', 'admin/content/about', headers, {
      html: '<h2 onclick="steal()">Our Story</h2><script>alert(1)</script><p style="color:red">Made <a href="javascript:alert(1)">here</a> and <a href="https://example.in">there</a></p><img src="x" onerror="alert(1)">',
      picture: '/uploads/about.webp',
    });
    expect(res.statusCode).toBe(200);
    const saved = expectContract(pageResult, res.json());
    expect(saved.html).not.toMatch(/script|onclick|onerror|javascript:|style=/i);
    expect(saved.html).toContain('<h2>Our Story</h2>');
    expect(saved.html).toContain('<a href="https://example.in" rel="noopener noreferrer" target="_blank">there</a>');
    const about = expectContract(aboutUsResult, (await call('GET', 'admin/about-us')).json());
    expect(about).toEqual({ aboutUs: saved.html, picture: '/uploads/about.webp' });
    const [entry] = await s.db.select().from(auditLog).where(eq(auditLog.entityId, 'about'));
    expect(entry).toMatchObject({ actorId: user.id, action: 'update', entity: 'content' });
  });

  it('uploads the Our Story picture as WebP in several widths; /about gives its address; a new one replaces it and its files; removing it leaves none', async () => {
    const { user, headers } = await loginAs(s, { role: 'admin' });
    const upload = async (bytes: Buffer, type = 'image/png') => {
      const boundary = '----statewiseAbout';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="story.png"\r\nContent-Type: ${type}\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return s.app.inject({ method: 'POST', url: '/api/admin/content/about/picture', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    };
    const photo = await sharp({ create: { width: 2000, height: 750, channels: 3, background: '#7a1f3d' } }).png().toBuffer();
    const res = await upload(photo);
    expect(res.statusCode, res.body).toBe(200);
    const first = expectContract(pageResult, res.json()).picture!;
    expect(first).toMatch(/^\/uploads\/content\/[0-9a-f]{32}-1600w\.webp$/);
    const widths = [320, 640, 1080, 1600];
    for (const w of widths) {
      const file = await s.app.inject({ method: 'GET', url: first.replace('-1600w', `-${w}w`) });
      expect(file.statusCode, `${w}w`).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect((await sharp(file.rawPayload).metadata()).width).toBe(w);
    }
    expect(expectContract(aboutUsResult, (await call('GET', 'admin/about-us')).json()).picture).toBe(first);
    const [entry] = await s.db.select().from(auditLog).where(eq(auditLog.entityId, 'about')).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(entry).toMatchObject({ actorId: user.id, action: 'update', entity: 'content', detail: { picture: first } });

    const second = expectContract(pageResult, (await upload(await sharp({ create: { width: 900, height: 400, channels: 3, background: '#e09a1a' } }).jpeg().toBuffer(), 'image/jpeg')).json()).picture!;
    expect(second).toMatch(/-900w\.webp$/);
    for (const w of widths) expect((await s.app.inject({ method: 'GET', url: first.replace('-1600w', `-${w}w`) })).statusCode, `old ${w}w`).toBe(404);

    const removed = await call('DELETE', 'admin/content/about/picture', headers);
    expect(removed.statusCode).toBe(200);
    expect(expectContract(pageResult, removed.json()).picture).toBeNull();
    expect((await s.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
    expect(expectContract(aboutUsResult, (await call('GET', 'admin/about-us')).json()).picture).toBeNull();
  });

  it('refuses an Our Story upload without a file (400) or that is not a picture (415), keeping the picture', async () => {
    const h = await admin();
    const before = (await call('GET', 'admin/about-us')).json().data.picture;
    const boundary = '----statewiseBad';
    const form = (body: string) =>
      s.app.inject({ method: 'POST', url: '/api/admin/content/about/picture', headers: { ...h, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    const none = await form(`--${boundary}--\r\n`);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MSG.aboutPictureRequired);
    const text = await form(`--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="x.png"\r\nContent-Type: image/png\r\n\r\nnot a picture at all\r\n--${boundary}--\r\n`);
    expect(text.statusCode).toBe(415);
    expect((await call('GET', 'admin/about-us')).json().data.picture).toBe(before);
  });

  it('refuses a page left empty by the sanitiser, and an unknown page, keeping what is stored', async () => {
    const h = await admin();
    const before = (await call('GET', 'admin/privacy-policy')).json().data.policy;
    const empty = await call('PUT', 'admin/content/privacy', h, { html: '<script>alert(1)</script>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MSG.contentHtmlRequired);
    const unknown = await call('PUT', 'admin/content/home', h, { html: '<p>x</p>' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(MSG.contentKeyUnknown);
    expect((await call('GET', 'admin/privacy-policy')).json().data.policy).toBe(before);
  });

  it('adds, changes and removes FAQ entries, which the FAQ page shows in order', async () => {
    const h = await admin();
    const created = await call('POST', 'admin/faq', h, { question: 'Do you ship abroad?', answer: 'Not yet: only within India.', keywords: 'international abroad' });
    expect(created.statusCode).toBe(201);
    const entry = expectContract(adminFaqEntry, created.json());
    const changed = await call('PUT', `admin/faq/${entry.id}`, h, { question: 'Do you ship outside India?', answer: 'Not yet.' });
    expect(expectContract(adminFaqEntry, changed.json()).question).toBe('Do you ship outside India?');
    // a new entry goes to the end of the page
    expect(expectContract(faqListResult, (await call('GET', 'faq/list')).json()).at(-1)?.question).toBe('Do you ship outside India?');
    expect((await call('DELETE', `admin/faq/${entry.id}`, h)).statusCode).toBe(200);
    expect((await call('DELETE', `admin/faq/${entry.id}`, h)).statusCode).toBe(404);
    expect(expectContract(faqListResult, (await call('GET', 'faq/list')).json()).some((f) => f.question.includes('outside India'))).toBe(false);
  });

  it('refuses an FAQ entry without a question or answer, and a social link that is not https', async () => {
    const h = await admin();
    expect((await call('POST', 'admin/faq', h, { question: ' ', answer: 'A' })).json().message).toBe(MSG.faqQuestionRequired);
    expect((await call('POST', 'admin/faq', h, { question: 'Q', answer: '' })).json().message).toBe(MSG.faqAnswerRequired);
    for (const link of ['http://x.com/a', 'javascript:alert(1)', 'https://', 'x.com']) {
      const res = await call('POST', 'admin/social-links', h, { platform: 'X', link });
      expect(res.statusCode, link).toBe(400);
      expect(res.json().message).toBe(MSG.socialLinkInvalid);
    }
  });

  it('lists the contact inbox newest first and marks a message handled, then open again', async () => {
    const h = await admin();
    const sent = await contact({ ...goodContact, fullName: 'Inbox Tester', subject: 'Seller Enquiry' });
    const id = sent.json().data._id as string;
    const inbox = expectContract(contactInboxResult, (await call('GET', 'admin/contact-requests?handled=false', h)).json());
    expect(inbox.requests[0]).toMatchObject({ _id: id, fullName: 'Inbox Tester', subject: 'Seller Enquiry', handled: false });
    const handled = await call('PATCH', `admin/contact-requests/${id}`, h, { handled: true });
    expect(handled.json().data).toMatchObject({ handled: true });
    const open = expectContract(contactInboxResult, (await call('GET', 'admin/contact-requests?handled=false', h)).json());
    expect(open.requests.some((r) => r._id === id)).toBe(false);
    await call('PATCH', `admin/contact-requests/${id}`, h, { handled: false });
    const entries = await s.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entries.map((e) => e.action).sort()).toEqual(['handle', 'reopen']);
    expect((await call('PATCH', 'admin/contact-requests/00000000-0000-4000-8000-000000000000', h, { handled: true })).statusCode).toBe(404);
  });
});
