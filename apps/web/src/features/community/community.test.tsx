import type { CommunityComment, CommunityPost, CommunityProductTag, CommunityReply } from '@statewise/contract/community';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onUnauthorized } from '../../lib/api.ts';
import { apiCalls, mockApi, renderAt, reply as answer, signInForTest } from '../../test/render.tsx';
import { clearSession } from '../auth/session.ts';
import { useLoginRequest } from '../auth/login-prompt.ts';
import { nextFeedPage } from './api.ts';
import { CommentComposer, type ComposerMode } from './Comments.tsx';
import { Composer } from './CommunityPage.tsx';
import { Feed } from './Feed.tsx';
import { ImageGrid } from './PostMedia.tsx';
import { commentError, compactCount, editPath, imagePostErrors, linkParts, tagNameLimit, videoPostErrors, withQueryPrefix } from './rules.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const author = (role: 'user' | 'vendor' | 'admin' = 'vendor') => ({
  _id: uuid(900),
  firstname: 'Asha',
  lastname: 'Weaves',
  picture: '',
  role,
  vendorId: role === 'vendor' ? uuid(901) : null,
  vendorSlug: role === 'vendor' ? 'asha-weaves' : null,
  brandName: role === 'vendor' ? 'Asha Weaves' : null,
});
const tag = (n: number, name: string): CommunityProductTag => ({ id: uuid(n), _id: uuid(n), name, slug: `p-${n}`, image: '/a.webp', price: 1200, offeredPrice: 999, inStock: true });

function post(n: number, over: Partial<CommunityPost> = {}): CommunityPost {
  return {
    _id: uuid(n),
    kind: 'image',
    description: `Post number ${n}`,
    image: '',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    pinned: false,
    isLiked: false,
    NumberOfLikes: 0,
    commentsCount: 0,
    userId: author(),
    postedByAdmin: false,
    productImages: [],
    productVideos: [],
    hidden: false,
    canEdit: false,
    canDelete: false,
    ...over,
  };
}

const LONG = 'Banarasi Katan Silk Saree with Zari Border in Deep Maroon';

describe('the image grid', () => {
  it('lays out 1 to 5 pictures and cuts tag names to 30, 10, 20, 20 and 20 characters', () => {
    const expected = { 1: 30, 2: 10, 3: 20, 4: 20, 5: 20 } as const;
    for (const count of [1, 2, 3, 4, 5] as const) {
      const sections = Array.from({ length: count }, (_, i) => ({ image: `/s${i}.webp`, productsMapped: [tag(i + 1, LONG)] }));
      const { unmount } = renderAt(<ImageGrid sections={sections} />);
      const grid = screen.getByTestId('image-grid');
      expect(grid.getAttribute('data-count')).toBe(String(count));
      expect(grid.querySelectorAll('figure')).toHaveLength(count);
      const links = within(grid).getAllByRole('link');
      expect(links).toHaveLength(count);
      const shown = links[0]!.textContent!;
      expect(shown).toBe(`${LONG.slice(0, expected[count])}...`);
      // the whole name stays available, and the tag opens the product
      expect(links[0]!.getAttribute('title')).toBe(LONG);
      expect(links[0]!.getAttribute('href')).toBe('/product/p-1');
      unmount();
    }
    expect(tagNameLimit(9)).toBe(20);
  });

  it('leaves a short name whole', () => {
    renderAt(<ImageGrid sections={[{ image: '/a.webp', productsMapped: [tag(1, 'Shawl')] }, { image: '/b.webp', productsMapped: [] }]} />);
    expect(screen.getByRole('link').textContent).toContain('Shawl');
    expect(screen.getByRole('link').textContent).not.toContain('...');
  });
});

describe('community rules', () => {
  it('sends an admin editing a video post to the text-and-picture form, a vendor to its video form', () => {
    const video = { _id: 'p1', kind: 'video' as const };
    expect(editPath(video, 'vendor')).toBe('/edit-video/p1');
    expect(editPath(video, 'admin')).toBe('/edit-details/p1');
    expect(editPath({ _id: 'p2', kind: 'image' as const }, 'vendor')).toBe('/edit-details/p2');
  });

  it('keeps vendors to text and asks for a comment', () => {
    expect(commentError('   ', 'user')).toBe('Please enter comment');
    expect(commentError('Call me on 98765', 'vendor')).toBe('Only text is allowed to enter into the comment');
    expect(commentError('see www.example.com', 'vendor')).toBe('Only text is allowed to enter into the comment');
    expect(commentError('Lovely weave, made by hand', 'vendor')).toBeNull();
    expect(commentError('I can pay 500', 'user')).toBeNull();
  });

  it('turns URLs into links without their full stop', () => {
    expect(linkParts('See https://statewise.in/x. Thanks')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://statewise.in/x', href: 'https://statewise.in/x' },
      { kind: 'text', text: '. Thanks' },
    ]);
    expect(linkParts('www.a.in')[0]).toEqual({ kind: 'link', text: 'www.a.in', href: 'https://www.a.in' });
  });

  it('prefixes a query once, and checks the post forms with the spec’s sentences', () => {
    expect(withQueryPrefix('a red saree')).toBe('I wish to buy a red saree');
    expect(withQueryPrefix('I wish to buy a red saree')).toBe('I wish to buy a red saree');
    const empty = { key: 'a', products: [], imageUrl: null, file: null };
    const full = { key: 'b', products: [{ _id: '1', name: 'x', images: [] }], imageUrl: '/x.webp', file: null };
    expect(imagePostErrors('', [full], 'add')).toEqual({ description: 'Please enter description' });
    expect(imagePostErrors('Hi', [full, empty], 'add')).toEqual({ sections: 'Please add all details' });
    expect(imagePostErrors('Hi', [full, { ...empty, imageUrl: '/y.webp' }], 'edit')).toEqual({ sections: 'Please add product details at section 2' });
    expect(imagePostErrors('Hi', [full, { ...full, imageUrl: null }], 'edit')).toEqual({ sections: 'Please provide images at section 2' });
    // a section missing both is named for its product first, as the server checks (community/service.ts)
    expect(imagePostErrors('Hi', [full, { ...full, imageUrl: null }, empty], 'edit')).toEqual({ sections: 'Please add product details at section 3' });
    expect(videoPostErrors('Hi', false, 1, 'add')).toBe('Please fill all the fields');
    expect(videoPostErrors('Hi', false, 1, 'edit')).toBe('Please upload video');
    expect(videoPostErrors('Hi', true, 0, 'edit')).toBe('Please fill all the fields');
    expect(videoPostErrors('Hi', true, 1, 'add')).toBeNull();
    expect(compactCount(10_340)).toBe('10.3K');
    expect(compactCount(950)).toBe('950');
  });
});

describe('the comment composer', () => {
  afterEach(() => vi.unstubAllGlobals());
  const postId = uuid(1);
  const comment: CommunityComment = {
    _id: uuid(2),
    postId,
    comment: 'Is this in stock?',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    userDetails: author('user'),
    productDetails: [],
    offer: null,
    furtherComments: 0,
    hidden: false,
    canEdit: true,
    canDelete: true,
  };
  const reply: CommunityReply = {
    _id: uuid(3),
    commentId: comment._id,
    parentId: null,
    depth: 1,
    comment: 'Yes it is',
    createdAt: comment.createdAt,
    updatedAt: comment.updatedAt,
    userDetails: author('user'),
    replyTo: null,
    furtherComments: 0,
    hidden: false,
    canEdit: true,
    canDelete: true,
  };

  async function send(mode: ComposerMode, text: string, role: 'user' | 'vendor' = 'user') {
    signInForTest(role, uuid(900));
    const fetchMock = mockApi({
      [`community/post/comments/${postId}`]: comment,
      [`community/post/nestedComment/${postId}`]: reply,
      [`community/post/editNestedComment/${postId}`]: reply,
    });
    const onDone = vi.fn();
    renderAt(<CommentComposer post={{ _id: postId, kind: 'image' }} mode={mode} onDone={onDone} />);
    const box = screen.getByRole('textbox');
    await userEvent.clear(box);
    if (text) await userEvent.type(box, text);
    await userEvent.click(screen.getByRole('button', { name: /^(Comment|Reply|Save)$/ }));
    return { calls: () => apiCalls(fetchMock), onDone };
  }

  it('adds a new comment and resets', async () => {
    const { calls, onDone } = await send({ kind: 'comment' }, 'Beautiful work');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls()).toEqual([{ method: 'POST', path: `community/post/comments/${postId}`, body: { comment: 'Beautiful work', postID: postId, productId: [] } }]);
  });

  it('replies to a comment, and to a reply inside its thread', async () => {
    const first = await send({ kind: 'reply', commentId: comment._id, to: 'Asha Weaves' }, 'Thank you');
    expect(screen.getByText('Replying to Asha Weaves')).toBeTruthy();
    await waitFor(() => expect(first.onDone).toHaveBeenCalled());
    expect(first.calls()[0]).toEqual({ method: 'POST', path: `community/post/nestedComment/${postId}`, body: { comment: 'Thank you', commentId: comment._id, postId } });
  });

  it('sends a reply in a thread with its parent', async () => {
    const { calls, onDone } = await send({ kind: 'reply', commentId: comment._id, parentId: reply._id, to: 'Asha' }, 'Me too');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls()[0]!.body).toEqual({ comment: 'Me too', commentId: comment._id, postId, parentId: reply._id });
  });

  it('edits a comment with its text filled in', async () => {
    signInForTest('user', uuid(900));
    const { calls, onDone } = await send({ kind: 'edit-comment', comment }, 'Is this still in stock?');
    expect(screen.getByText('Editing your comment')).toBeTruthy();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls()[0]).toEqual({ method: 'PATCH', path: `community/post/comments/${postId}`, body: { comment: 'Is this still in stock?', commentId: comment._id, productId: [] } });
  });

  it('edits a reply', async () => {
    const { calls, onDone } = await send({ kind: 'edit-reply', reply }, 'Yes, two left');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls()[0]).toEqual({ method: 'PATCH', path: `community/post/editNestedComment/${postId}`, body: { comment: 'Yes, two left', commentId: comment._id, nestedCommentId: reply._id } });
  });

  it('refuses an empty comment before sending', async () => {
    const empty = await send({ kind: 'comment' }, '');
    expect(screen.getByRole('alert').textContent).toBe('Please enter comment');
    expect(empty.calls()).toEqual([]);
  });

  it('refuses a vendor’s phone number', async () => {
    const vendor = await send({ kind: 'comment' }, 'Call 9876543210', 'vendor');
    expect(screen.getByRole('alert').textContent).toBe('Only text is allowed to enter into the comment');
    expect(vendor.calls().filter((c) => c.path.includes('comments'))).toEqual([]);
  });
});

describe('the feed', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the next page when the last post is seen, and stops at an empty page', async () => {
    const seen: Array<{ el: Element; fire: () => void }> = [];
    class Observer {
      constructor(private cb: IntersectionObserverCallback) {}
      observe(el: Element) {
        seen.push({ el, fire: () => this.cb([{ isIntersecting: true, target: el } as IntersectionObserverEntry], this as unknown as IntersectionObserver) });
      }
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', Observer);
    const pages: Record<number, CommunityPost[]> = { 1: Array.from({ length: 10 }, (_, i) => post(i + 1)), 2: [post(11)], 3: [] };
    const fetchMock = mockApi({
      'community/allFeedsWithoutLogin': (body: unknown) => {
        const { page } = body as { page: number };
        // the server says there may be more on every page: the empty page is what stops the feed
        return { posts: pages[page] ?? [], page, nextCursor: `c${page}`, hasMore: true };
      },
    });
    renderAt(<Feed />);
    await screen.findByText('Post number 10');
    const feedCalls = () => apiCalls(fetchMock).filter((c) => c.path === 'community/allFeedsWithoutLogin');
    expect(feedCalls()).toHaveLength(1);
    // the last item is the one observed
    expect(seen.at(-1)!.el.textContent).toContain('Post number 10');

    await act(async () => seen.at(-1)!.fire());
    await screen.findByText('Post number 11');
    expect(feedCalls()[1]!.body).toEqual({ page: 2, pageSize: 10, cursor: 'c1' });

    await act(async () => seen.at(-1)!.fire());
    await screen.findByText('You are all caught up.');
    expect(feedCalls()).toHaveLength(3);
    const observed = seen.length;
    await act(async () => seen.at(-1)!.fire());
    expect(feedCalls()).toHaveLength(3);
    expect(seen.length).toBe(observed);
    expect(screen.getAllByTestId('post-card')).toHaveLength(11);
  });

  it('ends where the server says there is no more', () => {
    expect(nextFeedPage({ posts: [post(1)], page: 1, nextCursor: null, hasMore: false })).toBeUndefined();
    expect(nextFeedPage({ posts: [], page: 2, nextCursor: 'x', hasMore: true })).toBeUndefined();
    expect(nextFeedPage({ posts: [post(1)], page: 1, nextCursor: 'x', hasMore: true })).toEqual({ page: 2, cursor: 'x' });
  });

  it('shows the pin, the role badge and the store link of a vendor’s pinned post', async () => {
    mockApi({ 'community/allFeedsWithoutLogin': { posts: [post(1, { pinned: true })], page: 1, nextCursor: null, hasMore: false } });
    renderAt(<Feed />);
    const card = await screen.findByTestId('post-card');
    expect(within(card).getByText('Pinned')).toBeTruthy();
    expect(within(card).getByText('Vendor')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Asha Weaves' }).getAttribute('href')).toBe('/store/asha-weaves');
  });
});

describe('the composer', () => {
  afterEach(() => vi.unstubAllGlobals());

  function LoginProbe() {
    return <output data-testid="login">{useLoginRequest() ? 'open' : 'closed'}</output>;
  }

  it('says I wish to buy... to users and guests, and Enter the description... to vendors and admins', async () => {
    // the profile says the stored role (a profile answer stores its role)
    mockApi({ user: () => ({ _id: 'u1', role: localStorage.getItem('role') ?? 'user', firstname: 'Kavya', lastname: 'M', picture: '', email: '', mobile: '' }) });
    const guest = renderAt(
      <>
        <Composer />
        <LoginProbe />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Post a buying query' }));
    expect(screen.getByRole('button', { name: 'Post a buying query' }).textContent).toBe('I wish to buy...');
    expect(screen.getByTestId('login').textContent).toBe('open');
    expect(guest.location.current).toBe('/');
    guest.unmount();

    signInForTest('user');
    const user = renderAt(<Composer />);
    await userEvent.click(screen.getByRole('button', { name: 'Post a buying query' }));
    expect(user.location.current).toBe('/CreatePost');
    user.unmount();

    signInForTest('vendor');
    const vendor = renderAt(<Composer />);
    expect(screen.getByRole('button', { name: 'Create a post' }).textContent).toBe('Enter the description...');
    await userEvent.click(screen.getByRole('button', { name: 'Add Videos' }));
    expect(vendor.location.current).toBe('/videos');
    await userEvent.click(screen.getByRole('button', { name: 'Create a post' }));
    expect(vendor.location.current).toBe('/details');
    vendor.unmount();

    signInForTest('admin');
    renderAt(<Composer />);
    expect(screen.getByRole('button', { name: 'Create a post' }).textContent).toBe('Enter the description...');
    expect(screen.queryByRole('button', { name: 'Add Videos' })).toBeNull();
  });
});

describe('a 401 on the feed', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('clears auth and the feed reloads as a guest', async () => {
    signInForTest('user');
    // what the auth feature does on any 401 (AuthRoot)
    const stop = onUnauthorized(clearSession);
    const fetchMock = mockApi({
      'community/allFeeds': answer(401, { success: false, message: 'Please log in to continue' }),
      'community/allFeedsWithoutLogin': { posts: [post(1)], page: 1, nextCursor: null, hasMore: false },
    });
    renderAt(<Feed />);
    await screen.findByText('Post number 1');
    expect(apiCalls(fetchMock).map((c) => c.path)).toEqual(['community/allFeeds', 'community/allFeedsWithoutLogin']);
    expect(localStorage.getItem('accessToken')).toBeNull();
    stop();
  });
});
