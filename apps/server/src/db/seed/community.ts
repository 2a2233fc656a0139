import { sql } from 'drizzle-orm';
import { artUrl, type ArtMotif } from '../../lib/art/url.ts';
import type { DbOrTx } from '../client.ts';
import { communityComments, communityLikes, communityPosts, type CommunitySectionRow } from '../schema/index.ts';
import { bulkInsert } from './bulk.ts';
import { DEMO_SHOPPERS } from './reviews.ts';
import { rng, seedUuid } from './random.ts';
import { SEED_REFERENCE_TIME } from './reference.ts';

const HOUR_MS = 3_600_000;

/** Buying queries from shoppers ("I wish to buy…"); a motif gives the ones with a reference photo their picture. */
const QUERIES: { text: string; photo?: ArtMotif; hoursAgo: number }[] = [
  { text: 'I wish to buy a red Banarasi silk saree with a gold zari border for my sister’s wedding in December.', photo: 'brocade', hoursAgo: 5 },
  { text: 'I wish to buy a Pashmina shawl in a soft grey, something warm enough for Delhi winters.', hoursAgo: 20 },
  { text: 'I wish to buy Chikankari kurtas for men, white on white, for Eid.', photo: 'chikankari', hoursAgo: 46 },
  { text: 'I wish to buy a Madhubani painting for my living room, fish or peacock motif.', photo: 'madhubani', hoursAgo: 75 },
  { text: 'I wish to buy a Bandhani dupatta in yellow and green for Haldi.', hoursAgo: 110 },
];

/** Vendors' image posts (1–3 sections of their own products). */
const VENDOR_POSTS: { text: string; sections: number; hoursAgo: number }[] = [
  { text: 'Fresh from our looms this week: three new weaves, each a month in the making.', sections: 3, hoursAgo: 9 },
  { text: 'Festive edit is live. Handpicked pieces for Diwali gifting, packed in cloth bags.', sections: 2, hoursAgo: 30 },
  { text: 'Meet our bestseller. Customers keep coming back for this one.', sections: 1, hoursAgo: 58 },
  { text: 'Behind the scenes at our workshop: every piece is finished by hand.', sections: 2, hoursAgo: 96 },
  { text: 'Restocked in all sizes after a sold-out month. Thank you for the love!', sections: 1, hoursAgo: 140 },
];

const COMMENTS_ON_QUERIES = [
  'Following this, I am looking for the same.',
  'Try the sellers from Varanasi, their zari work is lovely.',
  'What is your budget? That decides the weave.',
  'I bought one here last month and the quality was great.',
];
const VENDOR_ANSWERS = ['We have exactly this, handwoven in our own workshop.', 'This one would suit you, it is our most loved piece.', 'Please have a look at this, we can ship it this week.'];
const COMMENTS_ON_POSTS = ['Beautiful work!', 'Does this come in other colours?', 'Ordered one, cannot wait.', 'The colours are stunning.', 'How long does delivery take to Pune?'];
const REPLIES = ['Yes, please check the product page for colours.', 'Same question here.', 'Thank you so much!', 'Agreed, lovely finish.'];

/**
 * A believable community on the demo: a dozen posts from the demo shoppers, the demo user and vendors (with
 * their own products' pictures), an admin post for a vendor (pinned), likes, comments with vendors' offers on
 * buying queries, and replies two levels deep. Deterministic, like the rest of the seed; counts are written as
 * the service keeps them.
 */
export async function seedCommunity(db: DbOrTx, ids: { admin: string; user: string; vendor: string }): Promise<number> {
  const r = rng('community');
  const shoppers = [ids.user, ...Array.from({ length: DEMO_SHOPPERS }, (_, i) => seedUuid(`shopper:${i}`))];
  // A few best-selling products of each of the vendors with the most sales, the demo vendor first.
  const res = await db.execute<{ vendor_id: string; id: string; image: string | null }>(sql`
    select vendor_id, id, images[1] as image from (
      select p.vendor_id, p.id, p.images, row_number() over (partition by p.vendor_id order by p.sales_count desc, p.id) as n
      from products p where p.is_active and p.deleted_at is null
    ) ranked where n <= 3 order by (vendor_id = ${ids.vendor}) desc, vendor_id, n`);
  const byVendor = new Map<string, { id: string; image: string }[]>();
  for (const row of res.rows) {
    if (!row.image) continue;
    const list = byVendor.get(row.vendor_id) ?? [];
    list.push({ id: row.id, image: row.image });
    byVendor.set(row.vendor_id, list);
  }
  const vendorIds = [...byVendor.keys()].slice(0, 6);
  if (!vendorIds.length) return 0;

  const at = (hoursAgo: number) => new Date(SEED_REFERENCE_TIME - hoursAgo * HOUR_MS);
  const posts: (typeof communityPosts.$inferInsert)[] = [];
  const comments: (typeof communityComments.$inferInsert)[] = [];
  const likes: (typeof communityLikes.$inferInsert)[] = [];

  QUERIES.forEach((q, i) => {
    const id = seedUuid(`community:query:${i}`);
    posts.push({
      id,
      kind: 'query',
      authorId: i === 0 ? ids.user : shoppers[1 + i * 3]!,
      description: q.text,
      image: q.photo ? artUrl({ kind: 'product', motif: q.photo, palette: 3 + i, seed: 5000 + i }) : '',
      sections: [],
      createdAt: at(q.hoursAgo),
    });
  });
  VENDOR_POSTS.forEach((p, i) => {
    const vendorId = vendorIds[i % vendorIds.length]!;
    const own = byVendor.get(vendorId)!;
    const sections: CommunitySectionRow[] = own.slice(0, p.sections).map((prod) => ({ image: prod.image, productIds: [prod.id] }));
    posts.push({ id: seedUuid(`community:vendor:${i}`), kind: 'image', authorId: vendorId, description: p.text, sections, createdAt: at(p.hoursAgo) });
  });
  const featured = vendorIds[1] ?? vendorIds[0]!;
  const featuredProducts = byVendor.get(featured)!;
  posts.push({
    id: seedUuid('community:admin:0'),
    kind: 'admin',
    authorId: featured,
    postedById: ids.admin,
    description: 'Welcome to the Statewise community! Ask for what you wish to buy, and our sellers will answer. This week we feature one of our favourite workshops.',
    image: featuredProducts[0]!.image,
    sections: [{ image: featuredProducts[0]!.image, productIds: featuredProducts.slice(0, 2).map((p) => p.id) }],
    pinned: true,
    pinnedAt: at(1),
    createdAt: at(170),
  });
  posts.push({
    id: seedUuid('community:query:late'),
    kind: 'query',
    authorId: shoppers[7]!,
    description: 'I wish to buy a Kanjeevaram saree in peacock blue, budget around fifteen thousand.',
    image: artUrl({ kind: 'product', motif: 'temple', palette: 11, seed: 5100 }),
    sections: [],
    createdAt: at(2),
  });

  const now = (hoursAgo: number, plus: number) => new Date(SEED_REFERENCE_TIME - hoursAgo * HOUR_MS + plus * 60_000);
  for (const post of posts) {
    const hoursAgo = (SEED_REFERENCE_TIME - (post.createdAt as Date).getTime()) / HOUR_MS;
    const isQuery = post.kind === 'query';
    let count = 0;
    const n = r.int(1, 3);
    for (let c = 0; c < n; c++) {
      const commentId = seedUuid(`community:comment:${post.id}:${c}`);
      // On a query, the first comment is a vendor's offer of one of its products (the buy-now card).
      const offerVendor = isQuery && c === 0 ? vendorIds[r.int(0, vendorIds.length - 1)]! : null;
      const offerProduct = offerVendor ? byVendor.get(offerVendor)![0]! : null;
      const author = offerVendor ?? r.pick(shoppers.filter((s) => s !== post.authorId));
      let replies = 0;
      const replyRows: (typeof communityComments.$inferInsert)[] = [];
      if (r.next() < 0.6) {
        const replyId = seedUuid(`community:reply:${commentId}:0`);
        const replier = post.authorId;
        replyRows.push({ id: replyId, postId: post.id!, commentId, authorId: replier, body: offerVendor ? 'Thank you, this looks perfect. Ordering now!' : r.pick(REPLIES), createdAt: now(hoursAgo, 30 + c * 10 + 5) });
        replies++;
        if (r.next() < 0.5) {
          replyRows.push({
            id: seedUuid(`community:reply:${commentId}:1`),
            postId: post.id!,
            commentId,
            parentId: replyId,
            replyToId: replier,
            authorId: author,
            body: offerVendor ? 'Happy to help. It ships in two days.' : r.pick(REPLIES),
            createdAt: now(hoursAgo, 30 + c * 10 + 8),
          });
        }
      }
      comments.push({
        id: commentId,
        postId: post.id!,
        authorId: author,
        body: offerVendor ? r.pick(VENDOR_ANSWERS) : r.pick(isQuery ? COMMENTS_ON_QUERIES : COMMENTS_ON_POSTS),
        offer: offerProduct ? { kind: 'product', productId: offerProduct.id } : null,
        productIds: offerProduct ? [offerProduct.id] : [],
        repliesCount: replies,
        createdAt: now(hoursAgo, 30 + c * 10),
      });
      if (replyRows.length === 2) replyRows[0]!.repliesCount = 1;
      comments.push(...replyRows);
      count += 1 + replyRows.length;
    }
    post.commentsCount = count;
    const likers = r.sample(shoppers, r.int(2, 18));
    for (const userId of likers) likes.push({ postId: post.id!, userId, createdAt: now(hoursAgo, 60) });
    post.likesCount = likers.length;
  }

  // bulkInsert takes the first row's fields: every row carries them all.
  await bulkInsert(
    db,
    communityPosts,
    posts.map((p) => ({
      id: p.id,
      kind: p.kind,
      authorId: p.authorId,
      postedById: p.postedById ?? null,
      description: p.description,
      image: p.image ?? '',
      sections: p.sections ?? [],
      pinned: p.pinned ?? false,
      pinnedAt: p.pinnedAt ?? null,
      likesCount: p.likesCount ?? 0,
      commentsCount: p.commentsCount ?? 0,
      createdAt: p.createdAt,
      updatedAt: p.createdAt,
    })),
  );
  // Comments before their replies (the replies reference them), in one statement each.
  await bulkInsert(
    db,
    communityComments,
    comments.filter((c) => !c.commentId).map((c) => ({ ...c, commentId: null, parentId: null, replyToId: null })),
  );
  await bulkInsert(
    db,
    communityComments,
    comments.filter((c) => c.commentId && !c.parentId).map((c) => ({ ...c, offer: null, productIds: [], parentId: null, replyToId: null, repliesCount: c.repliesCount ?? 0 })),
  );
  await bulkInsert(
    db,
    communityComments,
    comments.filter((c) => c.parentId).map((c) => ({ ...c, offer: null, productIds: [], repliesCount: 0 })),
  );
  await bulkInsert(db, communityLikes, likes);
  return posts.length;
}
