import { earningsCsvQuery, earningsMonthResult, earningsQuery, earningsStatement, earningsStatementQuery, envelope } from '@statewise/contract';
import type { Module } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { ok } from '../../lib/http.ts';
import { adminCommissionRoutes } from './admin-commissions.ts';
import { monthCsv, monthEarnings, yearStatement } from './service.ts';

const tags = ['vendor console'];
const security = [{ bearer: [] }];
const WHO = '401 without a login, 403 for anyone but a vendor.';
const RULE =
  'Money in whole paise. Sale: the goods’ value of the vendor’s part (price × quantity, GST included, shipping not); 0 once the part is cancelled. ' +
  'Commission: Σ line value × the line’s rate (copied from its category when the order was placed), rounded once per part to the paisa, half up. ' +
  'Net: sale − commission. A part is earned once delivered; pending, confirmed and shipped parts are upcoming. Months are India time, by order date (ADR 017).';

/** Earnings (issue 10, ADR 017): the vendor's sale, commission and net per order part, per month and per year. */
export const earningsModule: Module = (app, ctx) => {
  const vendor = requireAuth(ctx, ['vendor']);

  app.get(
    '/vendor/earnings',
    {
      preHandler: vendor,
      schema: {
        tags,
        security,
        summary: "A month's earnings: earned, upcoming and cancelled figures, and the month's order parts, newest first, paged",
        description: `Query month (YYYY-MM, this month in India when absent), page, pageSize (20). ${RULE} ${WHO}`,
        querystring: earningsQuery,
        response: { 200: envelope(earningsMonthResult) },
      },
    },
    async (request) => ok(await monthEarnings(ctx.db, currentUser(request).id, request.query)),
  );

  app.get(
    '/vendor/earnings/statement',
    {
      preHandler: vendor,
      schema: {
        tags,
        security,
        summary: "A year's statement: one row per month (all twelve) of delivered parts — orders, sale, commission, net — and the year's totals",
        description: `Query year (this year in India when absent). The totals are the sums of the months, and each month the sum of its parts as GET vendor/earnings lists them. ${RULE} ${WHO}`,
        querystring: earningsStatementQuery,
        response: { 200: envelope(earningsStatement) },
      },
    },
    async (request) => ok(await yearStatement(ctx.db, currentUser(request).id, request.query.year)),
  );

  app.get(
    '/vendor/earnings/csv',
    {
      preHandler: vendor,
      schema: {
        tags,
        security,
        summary: "A month's statement as CSV (text/csv, attachment statewise-earnings-YYYY-MM.csv)",
        description: `Query month (YYYY-MM). Every part of the month with its status and earnings state, amounts in rupees with two decimals, then the month's earned total. ${WHO}`,
        querystring: earningsCsvQuery,
      },
    },
    async (request, reply) => {
      const { month, csv } = await monthCsv(ctx.db, currentUser(request).id, request.query.month);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="statewise-earnings-${month}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  adminCommissionRoutes(app, ctx);
};
