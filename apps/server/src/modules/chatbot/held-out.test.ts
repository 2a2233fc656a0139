import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotReply, MSG } from '@statewise/contract';
import { chatbotQuestions } from '../../db/schema/index.ts';
import { DEMO_FAQ, seedFaq } from '../../db/seed/faq.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { expectContract } from '../../test/contract.ts';
import { DEFAULT_FAQ, ensureContentDefaults } from '../content/defaults.ts';
import { isConfident, rankFaq } from './match.ts';

/** The demo's FAQ only (the spec's seven and the seed's), on a fresh database: nothing other tests added. */
let s: TestServer;
let ip = 0;
const answerTo = async (question: string) => {
  const res = await s.app.inject({ method: 'POST', url: '/api/faq/user-faq', payload: { question }, remoteAddress: `10.9.0.${++ip}` });
  expect(res.statusCode).toBe(200);
  return expectContract(chatbotReply, res.json());
};

beforeAll(async () => {
  s = await createTestServer();
  await ensureContentDefaults(s.db);
  await seedFaq(s.db);
});
afterAll(() => s.close());

/**
 * Phrasings held out of the FAQ (in no entry's question or keywords), each with the entry that answers it: Digi is
 * judged on how people ask, not on the words the entries were written with.
 */
const HELD_OUT: Array<[string, string]> = [
  ['is delivery free', 'How much does shipping cost'],
  ['do I have to pay extra for shipping', 'How much does shipping cost'],
  ['how soon will my kurta reach me', 'How long will delivery take'],
  ['can I pay the delivery boy in cash', 'Do you offer cash on delivery'],
  ['do you take google pay', 'Which payment methods'],
  ['my bank account was charged but the order did not go through', 'My payment failed'],
  ['I ordered by mistake, how to cancel it', 'How do I cancel my order'],
  ['when do I get my money back', 'When will I get my refund'],
  ['how to add money to my wallet', 'What is the Statewise wallet'],
  ['can I pay using wallet balance', 'How do I use my wallet balance'],
  ['can I order without signing up', 'Can I buy without creating an account'],
  ['where is my package right now', 'How do I track my parcel'],
  ['I gave the wrong address for my order', 'Can I change my delivery address'],
  ['which size should I pick for a blouse', 'How do I choose the right size'],
  ['are these sarees genuine handloom', 'Are the products handmade'],
  ['how can I message the seller', 'How do I talk to a vendor'],
  ['can a vendor make a custom piece for me in chat', 'What is a chat-made product'],
  ['how do I rate a product I bought', 'How do I write a review'],
  ['I need a bill for my purchase', 'How do I get a GST invoice'],
  ['I cannot remember my password', 'I forgot my password'],
  ['I want to close my account', 'How do I delete my account'],
  ['how to add a new delivery address', 'How do I save or change my addresses'],
  ['how can I save a product for later', 'How does the wishlist work'],
  ['why can I not add more than 10 pieces', 'How many pieces can I buy at once'],
  ['how much commission do you take from sellers', 'What does it cost to sell on Statewise'],
  ['what are the shopping videos', 'What is Watch and Shop'],
  ['I want products from Kerala', 'Can I shop by Indian state'],
  ['can you deliver to Dubai', 'Do you ship outside India'],
  ['I want to sell my handicrafts here', 'How do I become a seller'],
  ['how do I find out where my order is', 'Where can I see the status of my order'],
  ['the saree I received is torn, can I send it back', 'What is your return and refund policy'],
  ['can I order 200 pieces for a corporate gift', 'Can I place a bulk or customised order'],
];

describe('Digi on the demo FAQ, asked in words it was not written with', () => {
  const all = () => [...DEFAULT_FAQ, ...DEMO_FAQ];

  it('has the demo’s thirty-odd entries to answer from', () => {
    expect(all().length).toBeGreaterThanOrEqual(30);
  });

  it('has the right entry among its top three for at least 90 % of held-out phrasings, and is confidently wrong for at most 5 %', async () => {
    let inTopThree = 0;
    let confidentlyWrong = 0;
    const misses: string[] = [];
    for (const [question, entryStart] of HELD_OUT) {
      const expected = all().find((f) => f.question.startsWith(entryStart))!.question;
      const ranked = await rankFaq(s.db, question, 3);
      if (ranked.some((m) => m.question === expected)) inTopThree++;
      else misses.push(`${question} → ${ranked.map((m) => m.question).join(' | ')}`);
      if (isConfident(ranked) && ranked[0]!.question !== expected) {
        confidentlyWrong++;
        misses.push(`CONFIDENT: ${question} → ${ranked[0]!.question} (${ranked[0]!.score.toFixed(2)})`);
      }
    }
    expect(inTopThree / HELD_OUT.length, misses.join('\n')).toBeGreaterThanOrEqual(0.9);
    expect(confidentlyWrong / HELD_OUT.length, misses.join('\n')).toBeLessThanOrEqual(0.05);
  });

  it('offers “Did you mean…” with up to three questions when it is not sure, and keeps nothing for the admin', async () => {
    const reply = await answerTo('payment');
    expect(reply.answered).toBe(false);
    expect(reply.answer).toBe(MSG.chatbotDidYouMean);
    expect(reply.suggestions.length).toBeGreaterThanOrEqual(1);
    expect(reply.suggestions.length).toBeLessThanOrEqual(3);
    const [kept] = await s.db.select().from(chatbotQuestions).where(eq(chatbotQuestions.normalized, 'payment'));
    expect(kept).toBeUndefined();
    // asking a suggested question answers it
    const first = reply.suggestions[0]!;
    const picked = await answerTo(first.question);
    expect(picked).toMatchObject({ answered: true, faqId: first.faqId });
  });

  it.each(['what is the weather today', 'who won the cricket match yesterday', 'asdfgh qwerty'])('still falls back on the unrelated “%s”', async (question) => {
    expect(await answerTo(question)).toEqual({ answer: MSG.chatbotNoAnswer, answered: false, faqId: null, suggestions: [] });
  });
});
