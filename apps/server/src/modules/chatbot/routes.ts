import { z } from 'zod';
import { chatbotDecisionBody, chatbotQuestion, chatbotQuestionBody, chatbotReply, envelope, objectId } from '@statewise/contract';
import type { Module } from '../../context.ts';
import type { chatbotQuestions } from '../../db/schema/index.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { ok } from '../../lib/http.ts';
import { RATE_LIMITS } from '../../lib/rate-limit.ts';
import { answerQuestion, decideChatbotQuestion, listChatbotQuestions } from './service.ts';

const serialize = (r: typeof chatbotQuestions.$inferSelect): z.infer<typeof chatbotQuestion> => ({
  id: r.id,
  question: r.question,
  timesAsked: r.timesAsked,
  status: r.status,
  firstAskedAt: r.firstAskedAt.toISOString(),
  lastAskedAt: r.lastAskedAt.toISOString(),
  faqEntryId: r.faqEntryId,
});

/** The Digi chatbot (accounts §2.8, §4.12, §7 Chatbot) and the admin's list of questions it could not answer. */
export const chatbotModule: Module = (app, ctx) => {
  const admin = requireAuth(ctx, ['admin']);

  app.post(
    '/faq/user-faq',
    {
      schema: {
        tags: ['chatbot'],
        summary: 'Asks Digi a question',
        description:
          "data.answer: the closest FAQ entry's answer when it is close enough by meaning (full-text ranking plus trigram " +
          "similarity over its question and keywords), else 'Thank you for your question. Our admin will review it and get back " +
          "to you soon.' with answered false, and the question is kept for the admin. 400 'Please type your question'; 429 after " +
          '30 questions a minute from one address. Open to guests.',
        body: chatbotQuestionBody,
        response: { 200: envelope(chatbotReply) },
      },
    },
    async (request) => {
      await ctx.rateLimiter.hit(`chatbot:ip:${request.ip}`, RATE_LIMITS.chatbotPerIp);
      return ok(await answerQuestion(ctx.db, request.body.question));
    },
  );

  app.get(
    '/admin/chatbot-questions',
    {
      preHandler: admin,
      schema: {
        tags: ['admin: content'],
        security: [{ bearer: [] }],
        summary: 'Questions Digi could not answer, most asked first',
        querystring: z.object({ status: z.enum(['open', 'answered', 'dismissed']).default('open') }),
        response: { 200: envelope(z.array(chatbotQuestion)) },
      },
    },
    async (request) => ok((await listChatbotQuestions(ctx.db, request.query.status)).map(serialize)),
  );

  app.patch(
    '/admin/chatbot-questions/:id',
    {
      preHandler: admin,
      schema: {
        tags: ['admin: content'],
        security: [{ bearer: [] }],
        summary: 'Answers an open question with a new FAQ entry, or dismisses it',
        description: '409 when it was decided already. Recorded in the audit log.',
        params: z.object({ id: objectId }),
        body: chatbotDecisionBody,
        response: { 200: envelope(chatbotQuestion) },
      },
    },
    async (request) => ok(serialize(await decideChatbotQuestion(ctx.db, currentUser(request).id, request.params.id, request.body))),
  );
};
