import { asc, count, eq } from 'drizzle-orm';
import { chatbotQuestions } from '../../../db/schema/index.ts';
import { decideChatbotQuestion } from '../../chatbot/service.ts';
import { plain, type ModerationKind } from '../kind.ts';

/** Questions Digi could not answer (issue 13): turned into an FAQ entry Digi answers from, or dismissed. */
export const chatbotQuestionsKind: ModerationKind = {
  kind: 'chatbot_question',
  label: 'Unanswered question',
  decisions: [
    {
      decision: 'answer',
      label: 'Turn into FAQ entry',
      tone: 'primary',
      noteRequired: false,
      fields: [
        { name: 'question', label: 'Question', multiline: false, required: true, maxLength: 300 },
        { name: 'answer', label: 'Answer', multiline: true, required: true, maxLength: 2000 },
        { name: 'keywords', label: 'Keywords (other ways to ask it)', multiline: false, required: false, maxLength: 500 },
      ],
    },
    plain('dismiss', 'Dismiss', 'neutral'),
  ],
  async count(db) {
    const [row] = await db.select({ n: count() }).from(chatbotQuestions).where(eq(chatbotQuestions.status, 'open'));
    return row?.n ?? 0;
  },
  async list(db, { limit, offset }) {
    const rows = await db
      .select()
      .from(chatbotQuestions)
      .where(eq(chatbotQuestions.status, 'open'))
      .orderBy(asc(chatbotQuestions.firstAskedAt), asc(chatbotQuestions.id))
      .limit(limit)
      .offset(offset);
    return rows.map((q) => ({
      _id: q.id,
      createdAt: q.firstAskedAt,
      title: q.question,
      summary: q.timesAsked === 1 ? 'Asked once; Digi had no answer' : `Asked ${q.timesAsked} times; Digi had no answer`,
      link: '/admin/chatbot-questions',
      prefill: { question: q.question, keywords: q.normalized },
    }));
  },
  async decide(ctx, _log, { actorId, id, decision, note, fields }) {
    if (decision === 'answer') {
      await decideChatbotQuestion(ctx.db, actorId, id, { decision: 'answer', question: fields.question!, answer: fields.answer!, ...(fields.keywords ? { keywords: fields.keywords } : {}) }, note);
    } else {
      await decideChatbotQuestion(ctx.db, actorId, id, { decision: 'dismiss' }, note);
    }
  },
};
