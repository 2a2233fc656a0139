import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotQuestion, chatbotReply, faqListResult, MSG } from '@statewise/contract';
import { auditLog, chatbotQuestions } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { loginAs } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { DEFAULT_FAQ, ensureContentDefaults } from '../content/defaults.ts';
import { normalizeQuestion } from './service.ts';

let s: TestServer;
let ip = 0;
const ask = async (question: unknown, remoteAddress = `10.8.0.${++ip}`) =>
  s.app.inject({ method: 'POST', url: '/api/faq/user-faq', payload: { question } as object, remoteAddress });
const answerTo = async (question: string) => {
  const res = await ask(question);
  expect(res.statusCode).toBe(200);
  return expectContract(chatbotReply, res.json());
};
const faqAnswer = (questionStart: string) => DEFAULT_FAQ.find((f) => f.question.startsWith(questionStart))!.answer;

beforeAll(async () => {
  s = await createTestServer();
  await ensureContentDefaults(s.db);
});
afterAll(() => s.close());

describe('POST faq/user-faq', () => {
  it.each([
    ['how can I become a vendor', 'How do I become a seller'],
    ['where is my order', 'Where can I see the status'],
    ['I want to return a saree', 'What is your return'],
    ['the kurta I got is damaged', 'What is your return'],
    ['can i buy in bulk for a wedding', 'Can I place a bulk'],
    ['how do i purchase something', 'How do I buy'],
    ['delivary status of my parcel', 'Where can I see the status'],
    ['What is the community?', 'What is the Statewise community'],
  ])('answers “%s” from the FAQ entry “%s…” by meaning, or offers it first when unsure', async (question, entry) => {
    const reply = await answerTo(question);
    const expected = DEFAULT_FAQ.find((f) => f.question.startsWith(entry))!;
    if (reply.answered) expect(reply.answer).toBe(faqAnswer(entry));
    else expect(reply.suggestions[0]?.question).toBe(expected.question);
  });

  it.each(['what is the weather today', 'who is the prime minister', 'asdfgh qwerty', 'hello'])(
    'gives the spec’s fallback to “%s” and keeps the question for the admin',
    async (question) => {
      const reply = await answerTo(question);
      expect(reply).toEqual({ answer: MSG.chatbotNoAnswer, answered: false, faqId: null, suggestions: [] });
      const [row] = await s.db.select().from(chatbotQuestions).where(eq(chatbotQuestions.normalized, normalizeQuestion(question)));
      expect(row).toMatchObject({ question, status: 'open', timesAsked: 1 });
    },
  );

  it('counts one question asked again in other capitals and punctuation as the same', async () => {
    await answerTo('Are the colours FAST after  washing?');
    await answerTo('are the colours fast after washing');
    const rows = await s.db.select().from(chatbotQuestions).where(eq(chatbotQuestions.normalized, 'are the colours fast after washing'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.timesAsked).toBe(2);
  });

  it('refuses an empty or over-long question with a clear 400', async () => {
    for (const q of ['', '   ', undefined]) {
      const res = await ask(q);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.chatbotQuestionRequired);
    }
    const long = await ask('x'.repeat(501));
    expect(long.json().message).toBe(MSG.chatbotQuestionTooLong);
  });

  it('survives words that mean something to a text-search query (quotes, &, |, :*)', async () => {
    for (const q of ["what's & | ! :* ( ) 'refund'", '\\ \' " ;', '!!!']) expect((await ask(q)).statusCode, q).toBe(200);
  });

  it('refuses a 31st question from one address within a minute', async () => {
    for (let i = 0; i < 30; i++) expect((await ask('where is my order', '10.99.0.1')).statusCode).toBe(200);
    expect((await ask('where is my order', '10.99.0.1')).statusCode).toBe(429);
  });
});

describe('the admin’s unanswered questions', () => {
  it('refuses users and vendors with 403', async () => {
    for (const role of ['user', 'vendor'] as const) {
      const { headers } = await loginAs(s, { role });
      expect((await s.app.inject({ method: 'GET', url: '/api/admin/chatbot-questions', headers })).statusCode).toBe(403);
      const patch = await s.app.inject({ method: 'PATCH', url: '/api/admin/chatbot-questions/00000000-0000-4000-8000-000000000000', headers, payload: { decision: 'dismiss' } });
      expect(patch.statusCode).toBe(403);
    }
  });

  it('turns an open question into an FAQ entry that Digi answers from at once, recorded in the audit log', async () => {
    const { user, headers } = await loginAs(s, { role: 'admin' });
    await answerTo('Do you deliver to the Andaman islands?');
    const list = await s.app.inject({ method: 'GET', url: '/api/admin/chatbot-questions', headers });
    const open = expectContract(chatbotQuestion.array(), list.json());
    const item = open.find((q) => q.question === 'Do you deliver to the Andaman islands?')!;
    expect(item).toBeTruthy();
    const decided = await s.app.inject({
      method: 'PATCH',
      url: `/api/admin/chatbot-questions/${item.id}`,
      headers,
      payload: { decision: 'answer', question: 'Do you deliver to the Andaman and Nicobar Islands?', answer: 'Yes, to every pincode in India, islands included.', keywords: 'andaman nicobar islands port blair deliver' },
    });
    expect(decided.statusCode).toBe(200);
    expect(expectContract(chatbotQuestion, decided.json())).toMatchObject({ status: 'answered' });
    expect((await answerTo('do you ship to port blair')).answer).toBe('Yes, to every pincode in India, islands included.');
    const faq = expectContract(faqListResult, (await s.app.inject({ method: 'GET', url: '/api/faq/list' })).json());
    expect(faq.some((f) => f.question.includes('Andaman'))).toBe(true);
    const [entry] = await s.db.select().from(auditLog).where(eq(auditLog.entityId, item.id));
    expect(entry).toMatchObject({ actorId: user.id, action: 'answer', entity: 'chatbot_question' });
    const again = await s.app.inject({ method: 'PATCH', url: `/api/admin/chatbot-questions/${item.id}`, headers, payload: { decision: 'dismiss' } });
    expect(again.statusCode).toBe(409);
  });

  it('dismisses a question, which comes back to the inbox when someone asks it again', async () => {
    const { headers } = await loginAs(s, { role: 'admin' });
    await answerTo('can I pay in dollars');
    const [row] = await s.db.select().from(chatbotQuestions).where(eq(chatbotQuestions.normalized, 'can i pay in dollars'));
    const res = await s.app.inject({ method: 'PATCH', url: `/api/admin/chatbot-questions/${row!.id}`, headers, payload: { decision: 'dismiss' } });
    expect(res.json().data.status).toBe('dismissed');
    await answerTo('Can I pay in dollars?');
    const [back] = await s.db.select().from(chatbotQuestions).where(eq(chatbotQuestions.id, row!.id));
    expect(back).toMatchObject({ status: 'open', timesAsked: 2 });
  });
});
