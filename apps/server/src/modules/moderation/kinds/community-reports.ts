import { plain, type ModerationKind } from '../kind.ts';
import { countOpenReports, decideReport, listOpenReports } from '../../community/moderation.ts';

/**
 * Community posts, comments and replies with open reports (issue 12, community/moderation.ts): enough weighted
 * reports have already hidden one until this decision; fewer leave it shown. Remove deletes it, keep shows it again.
 */
export const communityReportsKind: ModerationKind = {
  kind: 'community_report',
  label: 'Reported in community',
  decisions: [plain('keep', 'Keep it', 'neutral'), plain('remove', 'Remove it', 'danger')],
  count: (db) => countOpenReports(db),
  list: (db, page) => listOpenReports(db, page),
  async decide(ctx, _log, { actorId, id, decision, note }) {
    await decideReport(ctx.db, actorId, { targetId: id, decision, note });
  },
};
