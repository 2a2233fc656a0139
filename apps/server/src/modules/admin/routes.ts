import { z } from 'zod';
import { adminAuditQuery, adminDashboard, adminOverview, adminUserDetail, adminUserList, adminUserQuery, auditList, blockUserBody, envelope, MSG, objectId } from '@statewise/contract';
import type { Module } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { bodyOrEmpty, ok } from '../../lib/http.ts';
import { listAudit } from './audit-log.ts';
import { adminDashboard as dashboard } from './dashboard.ts';
import { adminOverview as overview } from './overview.ts';
import { toAdminUser, toAdminUserDetail, toAuditEntry } from './serialize.ts';
import { blockUser, listUsers, unblockUser, userDetail } from './users.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];
const idParam = z.object({ id: objectId });

/**
 * The admin console's own calls (issue 11; web: features/admin): the overview, accounts and the audit log. Admin
 * calls of other domains live with their domain (content, chatbot, sellers). Every route is admin only: a guest
 * gets 401, a user or vendor 403; every change is recorded in the audit log in the same transaction.
 */
export const adminModule: Module = (app, ctx) => {
  const admin = requireAuth(ctx, ['admin']);
  const noStore = { 'cache-control': 'private, no-store' };

  app.get(
    '/admin/overview',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'What waits for the admin, and today’s orders',
        description: 'Pending seller applications, contact messages not handled, questions Digi could not answer, blocked accounts, and orders placed today (India time) that are paid or cash on delivery and not cancelled, with their total.',
        response: { 200: envelope(adminOverview) },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return ok(await overview(ctx.db));
    },
  );

  app.get(
    '/admin/dashboard',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'The overview’s charts: orders and sales per day for 30 days, sales by state, top vendors, pending approvals',
        description:
          'India-time days, today included, oldest first, every day present (zero when nothing sold). Orders count when paid or cash on delivery and not cancelled, by when they were placed; a state is the delivery address’s; a vendor’s sales are its lines (offered price × quantity) in parts not cancelled.',
        response: { 200: envelope(adminDashboard) },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return ok(await dashboard(ctx.db));
    },
  );

  app.get(
    '/admin/users',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Accounts, newest first, 20 a page: search by any part of a name, mobile or e-mail; filter by role or blocked',
        description: 'Deleted accounts are left out. A mobile may be typed with +91.',
        querystring: adminUserQuery,
        response: { 200: envelope(adminUserList) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const { q, role, blocked, page } = request.query;
      const result = await listUsers(ctx.db, { q, role, blocked: blocked === undefined ? undefined : blocked === 'true', page });
      return ok({ users: result.users.map((r) => toAdminUser(r.user, r.ordersCount)), count: result.count });
    },
  );

  app.get(
    '/admin/users/:id',
    {
      preHandler: admin,
      schema: { tags, security, summary: 'One account: role, contacts, orders count and latest orders, live sessions, store', params: idParam, response: { 200: envelope(adminUserDetail) } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(toAdminUserDetail(await userDetail(ctx.db, request.params.id)));
    },
  );

  app.post(
    '/admin/users/:id/block',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Blocks an account: its sessions end at once and it cannot log in until unblocked',
        description: '403 for an admin account (yours included); 409 when already blocked; 404 for an unknown or deleted account. An optional reason (300 characters) is kept and audited.',
        params: idParam,
        body: bodyOrEmpty(blockUserBody),
        response: { 200: envelope(adminUserDetail) },
      },
    },
    async (request) => {
      const detail = await blockUser(ctx.db, currentUser(request).id, request.params.id, request.body.reason);
      ctx.catalogueCache.invalidate(); // a vendor's store went down with the account (ADR 025)
      return ok(toAdminUserDetail(detail), MSG.userBlocked);
    },
  );

  app.post(
    '/admin/users/:id/unblock',
    {
      preHandler: admin,
      schema: { tags, security, summary: 'Unblocks an account: it may log in again', description: '409 when it is not blocked.', params: idParam, response: { 200: envelope(adminUserDetail) } },
    },
    async (request) => {
      const detail = await unblockUser(ctx.db, currentUser(request).id, request.params.id);
      ctx.catalogueCache.invalidate();
      return ok(toAdminUserDetail(detail), MSG.userUnblocked);
    },
  );

  app.get(
    '/admin/audit',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'The audit log: every admin change (who, what, when), newest first, 30 a page',
        description: "entity narrows it to one kind of thing: content, social_link, faq, contact_request, chatbot_question, seller_application, user…",
        querystring: adminAuditQuery,
        response: { 200: envelope(auditList) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const { rows, count } = await listAudit(ctx.db, request.query);
      return ok({ entries: rows.map(toAuditEntry), count });
    },
  );
};
