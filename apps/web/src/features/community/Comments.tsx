import type { CommunityOffer } from '@statewise/contract/community';
import { formatDate, formatINR } from '@statewise/contract/format';
import type { TempProduct } from '@statewise/contract';
import type { ProductDetail } from '@statewise/contract/schemas/catalogue';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Price } from '../../components/Price.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { api } from '../../lib/api.ts';
import { openLogin } from '../auth/login-prompt.ts';
import { tracking } from '../../lib/tracking.ts';
import { buyNowRoute } from '../checkout/rules.ts';
import { buildBuyNowItem, buildTempBuyNowItem, saveBuyNowItem, type BuyNowItem } from '../product/buy-now.ts';
import { useTempProducts } from '../chat/api.ts';
import { type CommentWrite, type CommunityComment, type CommunityPost, type CommunityProductHit, type CommunityReply, useComments, useDeleteComment, useReplies, useWriteComment } from './api.ts';
import { ActionMenu, AuthorLine, ConfirmDialog, errorText, LinkedText, useSignedIn, type ReportTarget } from './parts.tsx';
import { ProductTag } from './PostMedia.tsx';
import { ProductPicker } from './ProductPicker.tsx';
import { commentError, tagNameLimit } from './rules.ts';
import { COMMUNITY, COMMUNITY_MSG } from './text.ts';

/** The composer's four modes (accounts §4.10): a new comment, a reply, an edit of a comment, an edit of a reply. */
export type ComposerMode =
  | { kind: 'comment' }
  | { kind: 'reply'; commentId: string; parentId?: string; to: string }
  | { kind: 'edit-comment'; comment: CommunityComment }
  | { kind: 'edit-reply'; reply: CommunityReply };

const modeKey = (m: ComposerMode) =>
  m.kind === 'comment' ? 'c' : m.kind === 'reply' ? `r${m.commentId}${m.parentId ?? ''}` : m.kind === 'edit-comment' ? `ec${m.comment._id}` : `er${m.reply._id}`;

type Tagged = Pick<CommunityProductHit, '_id' | 'name'> & { slug?: string };
/** The offer being written: a catalogue product, or (temp) one of the vendor's chat-made products. */
type Offered = Tagged & { temp: boolean };

/** What a write sends for the offer: the one id of its kind. */
const offerId = (o: Offered) => (o.temp ? { offerTempProductId: o._id } : { offerProductId: o._id });

/**
 * The comment composer in its four modes. A vendor may not type digits or links (Only text is allowed to enter into
 * the comment), may tag products of its own, and on a user's buying query answers with an offer: one product shown
 * under the comment as a buy-now card. The mode resets to a new comment after each success.
 */
export function CommentComposer({ post, mode, onDone }: { post: Pick<CommunityPost, '_id' | 'kind'>; mode: ComposerMode; onDone: () => void }) {
  const { role, isLoggedIn } = useSignedIn();
  const write = useWriteComment(post._id);
  const initial = mode.kind === 'edit-comment' ? mode.comment.comment : mode.kind === 'edit-reply' ? mode.reply.comment : '';
  const [text, setText] = useState(initial);
  const [tags, setTags] = useState<Tagged[]>(mode.kind === 'edit-comment' ? mode.comment.productDetails : []);
  const [offer, setOffer] = useState<Offered | null>(
    mode.kind === 'edit-comment' && mode.comment.offer ? { ...mode.comment.offer.product, temp: mode.comment.offer.kind === 'temporary' } : null,
  );
  const [error, setError] = useState<string | null>(null);
  const isVendor = role === 'vendor';
  const topLevel = mode.kind === 'comment' || mode.kind === 'edit-comment';
  const offering = isVendor && topLevel && post.kind === 'query';

  if (!isLoggedIn) {
    return (
      <button type="button" onClick={() => openLogin()} className="mt-3 w-full rounded-full border border-sand-200 bg-sand-50 px-4 py-2.5 text-left text-sm text-ink-500 hover:bg-white">
        Log in to comment…
      </button>
    );
  }

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = commentError(text, role);
    if (problem) return setError(problem);
    const comment = text.trim();
    const productId = tags.map((t) => t._id);
    let w: CommentWrite;
    switch (mode.kind) {
      case 'comment':
        w = { mode: 'comment', comment, productId, ...(offer ? offerId(offer) : {}) };
        break;
      case 'edit-comment':
        w = { mode: 'edit-comment', comment, commentId: mode.comment._id, productId, ...(offering ? (offer ? offerId(offer) : { offerProductId: null }) : {}) };
        break;
      case 'reply':
        w = { mode: 'reply', comment, commentId: mode.commentId, ...(mode.parentId ? { parentId: mode.parentId } : {}) };
        break;
      case 'edit-reply':
        w = { mode: 'edit-reply', comment, commentId: mode.reply.commentId, nestedCommentId: mode.reply._id };
        break;
    }
    write.mutate(w, {
      onSuccess: ({ message }) => {
        if (message) toast.success(message);
        setText('');
        setTags([]);
        setOffer(null);
        setError(null);
        onDone();
      },
      onError: (err) => setError(mode.kind === 'reply' && !(err instanceof Error && err.message) ? COMMUNITY_MSG.replyFailed : errorText(err)),
    });
  };

  const banner =
    mode.kind === 'reply' ? `Replying to ${mode.to}` : mode.kind === 'edit-comment' ? 'Editing your comment' : mode.kind === 'edit-reply' ? 'Editing your reply' : null;
  const label = mode.kind === 'reply' ? 'Write a reply' : mode.kind === 'comment' ? 'Write a comment' : 'Edit the text';

  return (
    <form onSubmit={submit} noValidate className="mt-3 rounded-xl bg-sand-50 p-3" data-testid="comment-composer" data-mode={mode.kind}>
      {banner ? (
        <div className="mb-2 flex items-center justify-between gap-2 text-xs font-semibold text-brand-800">
          <span>{banner}</span>
          <button type="button" onClick={onDone} className="text-ink-500 underline hover:text-ink-900">
            Cancel
          </button>
        </div>
      ) : null}
      <label className="sr-only" htmlFor={`composer-${post._id}`}>
        {label}
      </label>
      <textarea
        id={`composer-${post._id}`}
        value={text}
        rows={2}
        maxLength={COMMUNITY.commentMax}
        placeholder={isVendor ? 'Write a comment (text only)…' : `${label}…`}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        aria-invalid={error ? true : undefined}
        className="block w-full resize-y rounded-lg border border-ink-500/30 bg-white px-3 py-2 text-[15px] outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
      />
      {isVendor && topLevel ? (
        <div className="mt-2 space-y-2">
          {offering ? (
            offer ? (
              <p className="flex items-center gap-2 text-sm">
                <span className="font-medium text-ink-700">Your offer{offer.temp ? ' (chat product)' : ''}:</span> <span className="font-semibold">{offer.name}</span>
                <button type="button" className="text-xs text-red-700 underline" onClick={() => setOffer(null)}>
                  Remove
                </button>
              </p>
            ) : (
              <>
                <ProductPicker label="Offer one of your products" onPick={(p) => setOffer({ ...p, temp: false })} />
                <ChatProductSelect onPick={(p) => setOffer({ _id: p._id, name: p.name, temp: true })} />
              </>
            )
          ) : (
            <>
              {tags.length ? (
                <div className="flex flex-wrap gap-1.5">
                  {tags.map((t) => (
                    <span key={t._id} className="inline-flex items-center gap-1 rounded-full bg-white px-2 py-0.5 text-xs ring-1 ring-sand-200">
                      {t.name}
                      <button type="button" aria-label={`Remove ${t.name}`} onClick={() => setTags((ts) => ts.filter((x) => x._id !== t._id))} className="text-ink-500">
                        ×
                      </button>
                    </span>
                  ))}
                </div>
              ) : null}
              {tags.length < COMMUNITY.maxProductsPerSection ? <ProductPicker label="Tag a product" exclude={tags.map((t) => t._id)} onPick={(p) => setTags((ts) => [...ts, p])} /> : null}
            </>
          )}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-2 flex justify-end">
        <Button type="submit" size="sm" disabled={write.isPending}>
          {mode.kind === 'reply' ? 'Reply' : mode.kind === 'comment' ? 'Comment' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

/** A vendor's chat-made products (GET temp-product/products) to offer instead of a catalogue product. */
function ChatProductSelect({ onPick }: { onPick: (p: TempProduct) => void }) {
  const id = useId();
  const products = useTempProducts(true);
  const list = products.data ?? [];
  if (!list.length) return null;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink-900">
        Or offer one of your chat products
      </label>
      <select
        id={id}
        value=""
        onChange={(e) => {
          const p = list.find((x) => x._id === e.target.value);
          if (p) onPick(p);
        }}
        className="block w-full rounded-lg border border-ink-500/30 bg-white px-3 py-2 text-sm"
      >
        <option value="">Choose a chat product…</option>
        {list.map((p) => (
          <option key={p._id} value={p._id}>
            {p.name} · {formatINR(p.offeredPrice)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A vendor's offer under its comment on a buying query: the product as a card the shopper can buy at once. A product
 * with one size (free size, no colours) goes straight to the buy-now checkout; one with sizes or colours opens its
 * page to choose. A chat-made product is bought as it is, by the person who asked (`askerId`) only; one gone or
 * in a suspended store says it is no longer available.
 */
export function OfferCard({ offer, askerId }: { offer: CommunityOffer; askerId: string }) {
  const navigate = useNavigate();
  const { isLoggedIn, role, userId } = useSignedIn();
  const [busy, setBusy] = useState(false);
  const p = offer.product;
  const temp = offer.kind === 'temporary';
  const go = (item: BuyNowItem) => {
    // startBuyNow's steps (checkout/buy-now-item.ts) with its rule, buyNowRoute: importing that module here would
    // split the cart code the home page loads into another chunk (ADR 027)
    saveBuyNowItem(item);
    tracking.initiateCheckout({ value: item.productDetail.offeredPrice, items: 1 });
    const route = buyNowRoute({ source: 'feed', isLoggedIn });
    if (route.kind === 'login') openLogin({ then: 'buy-now', redirectTo: route.redirectTo });
    else navigate(route.to);
  };
  const buy = async () => {
    if (temp) return go(buildTempBuyNowItem({ _id: p._id, name: p.name, price: p.price, offeredPrice: p.offeredPrice, images: p.image ? [p.image] : [] }));
    setBusy(true);
    try {
      const { productDetail } = await api<{ productDetail: ProductDetail }>(`product/${encodeURIComponent(p.slug)}`);
      if (productDetail.isFreeSize && !productDetail.isColorOptions) {
        go(buildBuyNowItem(productDetail, { quantity: 1, size: null, color: null }));
      } else {
        toast('Choose a size or colour to buy it');
        navigate(`/product/${p.slug}`);
      }
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  if (!offer.available) {
    return (
      <div className="mt-2 flex max-w-sm items-center gap-3 rounded-xl border border-sand-200 bg-sand-50 p-2.5 text-sm text-ink-500" data-testid="offer-card" data-available="false">
        {p.image ? <img src={p.image} alt="" width={48} height={48} loading="lazy" className="size-12 shrink-0 rounded-lg object-cover opacity-50 grayscale" /> : null}
        <p>
          {p.name ? <span className="font-semibold text-ink-700">{p.name}: </span> : null}this offer is no longer available.
        </p>
      </div>
    );
  }
  // a chat product is the asker's private offer: others see it, the asker (or a guest, who logs in first) buys it
  const mayBuy = role !== 'vendor' && role !== 'admin' && (!temp || !isLoggedIn || userId === askerId);
  return (
    <div className="mt-2 flex max-w-sm items-center gap-3 rounded-xl border border-saffron-300 bg-saffron-50 p-2.5" data-testid="offer-card" data-kind={offer.kind}>
      {p.image ? <img src={p.image} alt="" width={64} height={64} loading="lazy" className="size-16 shrink-0 rounded-lg bg-sand-100 object-cover" /> : null}
      <div className="min-w-0 flex-1">
        <p className="text-[10px] font-bold tracking-wider text-saffron-800 uppercase">{temp ? 'Made for this request' : 'Offer for you'}</p>
        {temp ? (
          <p className="line-clamp-2 text-sm font-semibold text-ink-900">{p.name}</p>
        ) : (
          <a href={`/product/${p.slug}`} onClick={(e) => (e.preventDefault(), navigate(`/product/${p.slug}`))} className="line-clamp-2 text-sm font-semibold text-ink-900 hover:underline">
            {p.name}
          </a>
        )}
        <Price price={p.price} offeredPrice={p.offeredPrice} className="mt-0.5 text-sm" />
      </div>
      {mayBuy ? (
        <Button size="sm" variant="secondary" onClick={buy} disabled={busy || !p.inStock}>
          {p.inStock ? 'Buy now' : 'Sold out'}
        </Button>
      ) : null}
    </div>
  );
}

interface ItemActions {
  onReply: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
  onReport?: () => void;
}

function ItemFooter({ actions }: { actions: ItemActions }) {
  const { guard } = useSignedIn();
  const menu = [
    ...(actions.onEdit ? [{ label: 'Edit', onSelect: actions.onEdit }] : []),
    ...(actions.onDelete ? [{ label: 'Delete', onSelect: actions.onDelete, danger: true }] : []),
    ...(actions.onReport ? [{ label: 'Report', onSelect: guard(actions.onReport) }] : []),
  ];
  return (
    <div className="mt-1 flex items-center gap-3 text-xs font-semibold text-ink-500">
      <button type="button" onClick={guard(actions.onReply)} className="hover:text-brand-700">
        Reply
      </button>
      <ActionMenu label="Comment options" items={menu} />
    </div>
  );
}

/** A list of replies: a comment's (depth 1), or with `parentId` a reply's (depth 2, the "continue thread"). */
function ReplyList({ post, comment, parentId, setMode, onReport, onDelete }: {
  post: CommunityPost;
  comment: CommunityComment;
  parentId: string | null;
  setMode: (m: ComposerMode) => void;
  onReport: (t: ReportTarget) => void;
  onDelete: (d: { commentId: string; nestedCommentId: string }) => void;
}) {
  const { userId } = useSignedIn();
  const replies = useReplies(post._id, comment._id, parentId, true);
  const [openThreads, setOpenThreads] = useState<Record<string, boolean>>({});
  const list = replies.data?.pages.flatMap((p) => p.replies) ?? [];
  if (replies.isPending) return <p className="py-2 text-xs text-ink-500">Loading replies…</p>;
  if (replies.isError) return <p className="py-2 text-xs text-red-700">{replies.error.message}</p>;
  return (
    <ul className={`mt-2 space-y-3 border-l-2 border-sand-200 ${parentId ? 'pl-3' : 'pl-3 md:pl-4'}`} aria-label={parentId ? 'Thread' : 'Replies'}>
      {list.map((r) => {
        const name = `${r.userDetails.firstname} ${r.userDetails.lastname}`.trim();
        return (
          <li key={r._id} data-testid="reply">
            <AuthorLine author={r.userDetails} small meta={<time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>} />
            <div className="mt-1 pl-1 text-sm text-ink-900">
              {r.hidden ? <span className="mr-1 text-xs text-red-700">[hidden]</span> : null}
              {r.replyTo ? <span className="mr-1 font-semibold text-brand-700">@{r.replyTo.firstname}</span> : null}
              <LinkedText text={r.comment} className="inline" />
            </div>
            <ItemFooter
              actions={{
                // a reply to a second-level reply joins that thread (its parent), naming whom it answers
                onReply: () => setMode({ kind: 'reply', commentId: comment._id, parentId: r.depth >= COMMUNITY.replyDepth ? (r.parentId ?? undefined) : r._id, to: name }),
                onEdit: r.canEdit ? () => setMode({ kind: 'edit-reply', reply: r }) : undefined,
                onDelete: r.canDelete ? () => onDelete({ commentId: comment._id, nestedCommentId: r._id }) : undefined,
                onReport: userId !== r.userDetails._id ? () => onReport({ postId: post._id, commentId: comment._id, nestedCommentId: r._id, what: 'reply' }) : undefined,
              }}
            />
            {r.depth < COMMUNITY.replyDepth && r.furtherComments > 0 ? (
              openThreads[r._id] ? (
                <ReplyList post={post} comment={comment} parentId={r._id} setMode={setMode} onReport={onReport} onDelete={onDelete} />
              ) : (
                <button type="button" className="mt-1 text-xs font-semibold text-brand-700 hover:underline" onClick={() => setOpenThreads((o) => ({ ...o, [r._id]: true }))}>
                  Continue thread ({r.furtherComments})
                </button>
              )
            ) : null}
          </li>
        );
      })}
      {replies.hasNextPage ? (
        <li>
          <button type="button" className="text-xs font-semibold text-brand-700 hover:underline" disabled={replies.isFetchingNextPage} onClick={() => replies.fetchNextPage()}>
            Load More
          </button>
        </li>
      ) : null}
    </ul>
  );
}

function CommentItem({ post, comment, setMode, onReport, onDelete }: {
  post: CommunityPost;
  comment: CommunityComment;
  setMode: (m: ComposerMode) => void;
  onReport: (t: ReportTarget) => void;
  onDelete: (d: { commentId: string; nestedCommentId?: string }) => void;
}) {
  const { userId } = useSignedIn();
  // replies load lazily the first time they are opened (accounts §2.6)
  const [showReplies, setShowReplies] = useState(false);
  const name = `${comment.userDetails.firstname} ${comment.userDetails.lastname}`.trim();
  return (
    <li data-testid="comment">
      <AuthorLine author={comment.userDetails} small meta={<time dateTime={comment.createdAt}>{formatDate(comment.createdAt)}</time>} />
      <div className="mt-1 pl-1 text-sm text-ink-900">
        {comment.hidden ? <p className="text-xs text-red-700">{COMMUNITY_MSG.hidden}</p> : null}
        <LinkedText text={comment.comment} />
        {comment.productDetails.length ? (
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            {comment.productDetails.map((p) => (
              <ProductTag key={p._id} product={p} limit={tagNameLimit(1)} />
            ))}
          </div>
        ) : null}
        {comment.offer ? <OfferCard offer={comment.offer} askerId={post.userId._id} /> : null}
      </div>
      <ItemFooter
        actions={{
          onReply: () => {
            setShowReplies(true);
            setMode({ kind: 'reply', commentId: comment._id, to: name });
          },
          onEdit: comment.canEdit ? () => setMode({ kind: 'edit-comment', comment }) : undefined,
          onDelete: comment.canDelete ? () => onDelete({ commentId: comment._id }) : undefined,
          onReport: userId !== comment.userDetails._id ? () => onReport({ postId: post._id, commentId: comment._id, what: 'comment' }) : undefined,
        }}
      />
      {comment.furtherComments > 0 || showReplies ? (
        <>
          <button type="button" className="mt-1 text-xs font-semibold text-brand-700 hover:underline" aria-expanded={showReplies} onClick={() => setShowReplies((s) => !s)}>
            {showReplies ? 'Hide replies' : `Replies (${comment.furtherComments})`}
          </button>
          {showReplies ? <ReplyList post={post} comment={comment} parentId={null} setMode={setMode} onReport={onReport} onDelete={onDelete} /> : null}
        </>
      ) : null}
    </li>
  );
}

/**
 * A post's comments (accounts §2.6, §4.10): 20 a page with Load More, each with its replies (two levels, then
 * "continue thread"), and the composer in its four modes under them.
 */
export default function Comments({ post, onReport }: { post: CommunityPost; onReport: (t: ReportTarget) => void }) {
  const comments = useComments(post._id, true);
  const [mode, setMode] = useState<ComposerMode>({ kind: 'comment' });
  const [toDelete, setToDelete] = useState<{ commentId: string; nestedCommentId?: string } | null>(null);
  const del = useDeleteComment(post._id);
  const list = comments.data?.pages.flatMap((p) => p.comments) ?? [];
  return (
    <section className="mt-2 border-t border-sand-100 pt-3" aria-label="Comments">
      {comments.isPending ? (
        <p className="text-sm text-ink-500">Loading comments…</p>
      ) : comments.isError ? (
        <p className="text-sm text-red-700">
          {comments.error.message}{' '}
          <button type="button" className="underline" onClick={() => comments.refetch()}>
            Try again
          </button>
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-ink-500">No comments yet. Be the first to comment.</p>
      ) : (
        <ul className="space-y-4">
          {list.map((c) => (
            <CommentItem key={c._id} post={post} comment={c} setMode={setMode} onReport={onReport} onDelete={setToDelete} />
          ))}
        </ul>
      )}
      {comments.hasNextPage ? (
        <Button variant="ghost" size="sm" className="mt-2" disabled={comments.isFetchingNextPage} onClick={() => comments.fetchNextPage()}>
          Load More
        </Button>
      ) : null}
      <CommentComposer key={modeKey(mode)} post={post} mode={mode} onDone={() => setMode({ kind: 'comment' })} />
      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete?.nestedCommentId ? 'Delete this reply?' : 'Delete this comment?'}
        body="It will be removed for everyone."
        confirm="Delete"
        busy={del.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          del.mutate(toDelete, {
            onSuccess: ({ message }) => {
              toast.success(message || COMMUNITY_MSG.commentDeleted);
              setToDelete(null);
            },
            onError: (err) => toast.error(errorText(err)),
          })
        }
      />
    </section>
  );
}
