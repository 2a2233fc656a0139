import { commissionBody, commissionCategory, commissionList, commissionParams, envelope, MSG } from '@statewise/contract';
import type { App, AppContext } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { ok } from '../../lib/http.ts';
import { listCommissions, setCommission } from './service.ts';

const tags = ['admin: commissions'];
const security = [{ bearer: [] }];

/**
 * The admin's commission rates (issue 10, ADR 017): a percentage per category, 0–50 with two decimals. A change
 * applies to orders placed from then on and is written to the audit log.
 */
export function adminCommissionRoutes(app: App, ctx: AppContext): void {
  const admin = requireAuth(ctx, ['admin']);

  app.get(
    '/admin/commissions',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Every category with its commission rate (percent), in the menu’s order',
        description: '401 without a login, 403 for anyone but an admin.',
        response: { 200: envelope(commissionList) },
      },
    },
    async () => ok({ categories: await listCommissions(ctx.db) }),
  );

  app.patch(
    '/admin/commissions/:categoryId',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: "Sets a category's commission rate for orders placed from now on (audit-logged)",
        description:
          'Body {percent}: a number (or a string of one) from 0 to 50 with at most two decimals; 400 otherwise, with the reason. 404 for an unknown category. ' +
          '401 without a login, 403 for anyone but an admin. Orders already placed keep the rate they were placed at.',
        params: commissionParams,
        body: commissionBody,
        response: { 200: envelope(commissionCategory) },
      },
    },
    async (request) => ok(await setCommission(ctx.db, currentUser(request).id, request.params.categoryId, request.body.percent), MSG.commissionUpdated),
  );
}
