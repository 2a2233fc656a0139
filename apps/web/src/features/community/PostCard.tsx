import { formatDate } from '@statewise/contract/format';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { type CommunityPost, useDeletePost, useLike, usePin } from './api.ts';
import { ActionMenu, AuthorLine, ConfirmDialog, errorText, LinkedText, ReportDialog, useSignedIn, type ReportTarget } from './parts.tsx';
import { PostMedia } from './PostMedia.tsx';
import { editPath } from './rules.ts';
import { COMMUNITY_MSG } from './text.ts';

// The comments load with their code when someone opens them.
const Comments = lazy(() => import('./Comments.tsx'));

function PinIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden>
      <path d="M14.6 2.6a1 1 0 0 1 1.4 0l5.4 5.4a1 1 0 0 1 0 1.4l-1.2 1.2a1 1 0 0 1-1.2.2l-3.2 3.2.3 3.8a1 1 0 0 1-.3.8l-1 1a1 1 0 0 1-1.4 0l-3.5-3.5-4.6 4.6a1 1 0 1 1-1.4-1.4l4.6-4.6-3.5-3.5a1 1 0 0 1 0-1.4l1-1a1 1 0 0 1 .8-.3l3.8.3 3.2-3.2a1 1 0 0 1 .2-1.2z" />
    </svg>
  );
}

/**
 * One post of the feed (accounts §2.6, §4.10): author with role badge (a vendor's name links to the store), the text
 * with links, pictures or video with product tags, likes, the comment count that opens the comments, a pin icon when
 * pinned, and the menu (edit, delete, pin or unpin for an admin, report).
 */
export function PostCard({ post, openComments = false, headingLevel = 'h2' }: { post: CommunityPost; openComments?: boolean; headingLevel?: 'h2' | 'h3' }) {
  const { role, isLoggedIn, userId, guard } = useSignedIn();
  const navigate = useNavigate();
  const like = useLike();
  const pin = usePin();
  const del = useDeletePost();
  const [showComments, setShowComments] = useState(openComments);
  const [report, setReport] = useState<ReportTarget | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const isAdmin = role === 'admin';
  const mine = userId === post.userId._id;

  const onLike = guard(() => {
    if (isAdmin) return void toast.error(COMMUNITY_MSG.adminCannotLike);
    like.mutate({ id: post._id, like: !post.isLiked }, { onError: (err) => toast.error(errorText(err)) });
  });

  const menu: Array<{ label: string; onSelect: () => void; danger?: boolean }> = [];
  if (post.canEdit) menu.push({ label: 'Edit', onSelect: () => navigate(editPath(post, role)) });
  if (isAdmin)
    menu.push({
      label: post.pinned ? 'Unpin' : 'Pin',
      onSelect: () =>
        pin.mutate(
          { id: post._id, pin: !post.pinned },
          { onSuccess: ({ message }) => toast.success(message || (post.pinned ? COMMUNITY_MSG.unpinned : COMMUNITY_MSG.pinned)), onError: (err) => toast.error(errorText(err)) },
        ),
    });
  if (post.canDelete) menu.push({ label: 'Delete', danger: true, onSelect: () => setConfirmDelete(true) });
  if (!mine) menu.push({ label: 'Report', onSelect: guard(() => setReport({ postId: post._id, what: 'post' })) });

  const Heading = headingLevel;
  return (
    <article className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-sand-200 md:p-5" aria-labelledby={`post-${post._id}`} data-testid="post-card" data-post-id={post._id}>
      <header className="flex items-start justify-between gap-3">
        <AuthorLine
          author={post.userId}
          meta={
            <>
              <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
              {post.postedByAdmin ? <span> · posted by Statewise</span> : null}
              {post.kind === 'query' ? <span> · buying query</span> : null}
            </>
          }
        />
        <div className="flex shrink-0 items-center gap-1">
          {post.pinned ? (
            <span className="flex items-center gap-1 rounded-full bg-saffron-100 px-2 py-1 text-[11px] font-semibold text-saffron-800" title="Pinned post">
              <PinIcon />
              <span>Pinned</span>
            </span>
          ) : null}
          {isLoggedIn ? <ActionMenu label="Post options" items={menu} /> : <ActionMenu label="Post options" items={[{ label: 'Report', onSelect: guard(() => undefined) }]} />}
        </div>
      </header>
      {post.hidden ? <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-xs text-red-800">{COMMUNITY_MSG.hidden}</p> : null}
      <Heading id={`post-${post._id}`} className="sr-only">
        Post by {post.userId.firstname} {post.userId.lastname}
      </Heading>
      <LinkedText text={post.description} className={`mt-3 text-[15px] leading-relaxed text-ink-900 ${post.kind === 'query' ? 'font-medium text-brand-800' : ''}`} />
      <div className="mt-3">
        <PostMedia post={post} />
      </div>
      <footer className="mt-3 flex items-center gap-1 border-t border-sand-100 pt-2 text-sm">
        <button
          type="button"
          onClick={onLike}
          aria-pressed={post.isLiked}
          aria-label={post.isLiked ? 'Unlike' : 'Like'}
          disabled={like.isPending}
          className={`flex items-center gap-1.5 rounded-full px-3 py-1.5 font-medium hover:bg-sand-50 ${post.isLiked ? 'text-red-600' : 'text-ink-700'}`}
        >
          <svg viewBox="0 0 24 24" className="size-5" fill={post.isLiked ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" aria-hidden>
            <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
          </svg>
          <span data-testid="like-count">{post.NumberOfLikes}</span>
          <span className="sr-only">likes</span>
        </button>
        <button
          type="button"
          onClick={() => setShowComments((s) => !s)}
          aria-expanded={showComments}
          className="flex items-center gap-1.5 rounded-full px-3 py-1.5 font-medium text-ink-700 hover:bg-sand-50"
        >
          <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
            <path d="M5 5h14v10H9l-4 4V5z" />
          </svg>
          <span data-testid="comment-count">{post.commentsCount}</span>
          <span>{post.commentsCount === 1 ? 'comment' : 'comments'}</span>
        </button>
        <Link to={`/community/post/${post._id}`} className="ml-auto rounded-full px-3 py-1.5 text-xs font-semibold text-brand-700 hover:bg-brand-50">
          Open post
        </Link>
      </footer>
      {showComments ? (
        <Suspense fallback={<p className="py-3 text-sm text-ink-500">Loading comments…</p>}>
          <Comments post={post} onReport={setReport} />
        </Suspense>
      ) : null}
      <ReportDialog target={report} onClose={() => setReport(null)} />
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this post?"
        body="The post, its likes and its comments will be removed from the community."
        confirm="Delete"
        busy={del.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() =>
          del.mutate(post._id, {
            onSuccess: ({ message }) => {
              setConfirmDelete(false);
              toast.success(message || COMMUNITY_MSG.postDeleted);
            },
            onError: (err) => toast.error(errorText(err)),
          })
        }
      />
    </article>
  );
}
