import { Link, useParams } from 'react-router';
import { RetryPanel } from '../../components/Page.tsx';
import { usePageTitle } from '../../lib/page-head.tsx';
import { usePostDetails } from './api.ts';
import { PostSkeleton } from './Feed.tsx';
import { PostCard } from './PostCard.tsx';
import { truncate } from './rules.ts';
import { COMMUNITY_MSG } from './text.ts';

/** /community/post/{postId}: one post with its comments open (trending links and shared links land here). */
export default function PostPage() {
  const { postId = '' } = useParams();
  const post = usePostDetails(postId);
  usePageTitle(post.data ? truncate(post.data.description, 60) : 'Community');
  return (
    <section className="mx-auto w-full max-w-2xl px-3 py-4 md:py-8">
      <nav className="mb-4 px-1 text-sm">
        <Link to="/community" className="font-medium text-brand-700 hover:underline">
          ← Community
        </Link>
      </nav>
      {post.isPending ? <PostSkeleton /> : post.isError ? <RetryPanel message={COMMUNITY_MSG.postDetailsFailed} onRetry={() => post.refetch()} /> : <PostCard post={post.data} openComments headingLevel="h2" />}
    </section>
  );
}
