import { useEffect, useRef, useState } from 'react';
import { RetryPanel } from '../../components/Page.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { useFeed } from './api.ts';
import { PostCard } from './PostCard.tsx';

/** Calls `onSeen` each time `el` comes within 600 px of the viewport (the last post of the feed). */
export function useSeen(el: HTMLElement | null, onSeen: () => void, active: boolean) {
  const cb = useRef(onSeen);
  useEffect(() => {
    cb.current = onSeen;
  });
  useEffect(() => {
    if (!el || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && cb.current(), { rootMargin: '600px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [el, active]);
}

export function PostSkeleton() {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-sand-200" aria-hidden>
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <Skeleton className="h-4 w-40" />
      </div>
      <Skeleton className="mt-4 h-4 w-5/6" />
      <Skeleton className="mt-3 aspect-[4/3] w-full rounded-xl" />
    </div>
  );
}

/**
 * The feed (accounts §4.10): pages of 10 appended as the last post nears the screen; it stops at an empty page.
 * Pinned posts come first (the server orders them).
 */
export function Feed() {
  const feed = useFeed();
  const posts = feed.data?.pages.flatMap((p) => p.posts) ?? [];
  // a state, not a ref: each new last post is observed afresh
  const [last, setLast] = useState<HTMLLIElement | null>(null);
  useSeen(last, () => {
    if (feed.hasNextPage && !feed.isFetchingNextPage) void feed.fetchNextPage();
  }, feed.hasNextPage && !feed.isFetchingNextPage);

  if (feed.isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        <PostSkeleton />
        <PostSkeleton />
      </div>
    );
  }
  if (feed.isError && posts.length === 0) return <RetryPanel message="The community feed could not be loaded." onRetry={() => feed.refetch()} />;
  if (posts.length === 0) return <p className="rounded-2xl bg-white p-8 text-center text-ink-700">No posts yet. Start the conversation!</p>;
  return (
    <>
      <ul className="space-y-4" aria-label="Community posts">
        {posts.map((p, i) => (
          <li key={p._id} ref={i === posts.length - 1 ? setLast : undefined}>
            <PostCard post={p} />
          </li>
        ))}
      </ul>
      {feed.isFetchingNextPage ? (
        <div className="mt-4">
          <PostSkeleton />
        </div>
      ) : feed.isFetchNextPageError ? (
        <p className="mt-4 text-center text-sm">
          More posts could not be loaded.{' '}
          <button type="button" className="font-semibold text-brand-700 underline" onClick={() => feed.fetchNextPage()}>
            Try again
          </button>
        </p>
      ) : !feed.hasNextPage ? (
        <p className="mt-6 text-center text-sm text-ink-500">You are all caught up.</p>
      ) : null}
    </>
  );
}
