import type { ContentKey } from '@statewise/contract';
import type { DbOrTx } from '../../db/client.ts';
import { faqEntries, siteContent, socialLinks } from '../../db/schema/index.ts';
import { artUrl } from '../../lib/art/url.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';

/**
 * The marketplace's own first texts for its content pages, FAQ and social links. Written on every start when
 * missing (never over what an admin has changed), so an existing database gets them too, not only a new demo.
 */
const PAGES: Record<ContentKey, { html: string; picture?: string }> = {
  about: {
    picture: artUrl({ kind: 'banner', motif: 'madhubani', palette: 3, seed: 77 }),
    html: `<h2>Shop wise, statewise</h2>
<p>Statewise began with a simple question: why is it so hard to buy a Pochampally ikat from Telangana, a Phulkari
dupatta from Punjab or a Madhubani painting from Bihar from the people who actually make them? India has a craft
for every district, yet most of it reaches buyers through several middlemen, and the makers see little of the price.</p>
<p>We built a marketplace where every state has a shelf. Weavers, artisans, small manufacturers and the stockists who
work with them open their own stores, set their own prices and talk to their customers directly. Shoppers browse by
category, by style and by state, and buy from many vendors in one cart, in rupees, with cash on delivery where they
want it.</p>
<h3>What we promise</h3>
<ul>
<li>Every vendor is checked before their store goes live: PAN, GST where it applies, and a bank account in their name.</li>
<li>Prices include taxes. What you see on the product page is what you pay, plus delivery where it applies.</li>
<li>Your money is safe: if a vendor cannot ship, or you cancel before it ships, the refund comes back to you.</li>
</ul>
<p>Thank you for shopping wise, and statewise.</p>`,
  },
  privacy: {
    html: `<h2>Privacy Policy</h2>
<p>This policy explains what we collect when you use Statewise, why, and the choices you have.</p>
<h3>What we collect</h3>
<ul>
<li><strong>Account details</strong>: your name, mobile number and e-mail address, and your profile picture if you add one.</li>
<li><strong>Orders</strong>: the products you buy, delivery addresses, and payment status. We never see or store your card or UPI details; payments are handled by our payment partner.</li>
<li><strong>Messages</strong>: chats with vendors, posts and comments in the community, and messages sent through our contact form.</li>
</ul>
<h3>How we use it</h3>
<p>To deliver your orders, to let vendors ship to you, to keep your account secure (one-time codes), and to answer
your questions. We share your name, delivery address and mobile number with the vendor and courier of an order,
and with no one else for marketing.</p>
<h3>Your choices</h3>
<p>You can edit your profile at any time and delete your account from your profile page. Orders you placed are kept
for tax records, without your name.</p>
<p>Questions about your data: write to us through the <a href="/contact-us">Contact Us</a> page.</p>`,
  },
  return: {
    html: `<h2>Return and Replacement Policy</h2>
<p>Most of what is sold on Statewise is made by hand, in small batches. Small variations in colour, weave and print
are part of a handmade piece and are not defects.</p>
<h3>When you can ask for a return or replacement</h3>
<ul>
<li>The product has a manufacturing defect (a tear, a hole, a broken part).</li>
<li>You received a different product, size or colour from the one you ordered.</li>
</ul>
<p>Each vendor has its own policy, shown on the product page. Write to us within 7 days of delivery through the
<a href="/contact-us">Contact Us</a> page (subject: Return Related), with your order number and a photo.</p>
<h3>Refunds</h3>
<p>Once the vendor receives the product back, or agrees to a replacement, the refund goes to your Statewise wallet
or to your original payment method.</p>`,
  },
  terms: {
    html: `<h2>Terms and Conditions</h2>
<p>By using Statewise you agree to these terms.</p>
<h3>The marketplace</h3>
<p>Statewise is a marketplace: each product is sold by the vendor named on its page, who is responsible for its
description, quality and shipping. We check vendors before their stores go live and handle payments on their behalf.</p>
<h3>Orders and payment</h3>
<ul>
<li>Prices are in Indian rupees and include taxes.</li>
<li>An order is confirmed when it is paid, or when you choose cash on delivery.</li>
<li>You may cancel an order, or one vendor's part of it, until it is shipped; the money you paid comes back to you.</li>
</ul>
<h3>Your account</h3>
<p>Keep your login codes and password to yourself. We may suspend accounts that abuse the marketplace, its vendors
or its community.</p>
<h3>Community</h3>
<p>Be kind. Posts and comments that are abusive, misleading or spam may be removed.</p>`,
  },
  'vendor-terms': {
    html: `<h2>Seller Terms and Conditions</h2>
<p>These terms apply to everyone who sells on Statewise. By applying to become a seller you agree to them.</p>
<h3>Your application</h3>
<ul>
<li>The details you give must be true and yours: your PAN, your GST number where you are registered, your pickup address and a bank account in your or your business's name.</li>
<li>We check every application before the store goes live and may ask for more, or decline, telling you why.</li>
<li>Your PAN and bank account number are stored encrypted and shown to no one in full.</li>
</ul>
<h3>Your store and products</h3>
<ul>
<li>Sell only what you make, stock or are allowed to resell, described honestly, with real photographs.</li>
<li>Prices include GST. You are responsible for the tax on your sales and for your invoices.</li>
<li>No counterfeit, unsafe or prohibited goods. We may unpublish products or suspend a store that breaks these rules.</li>
</ul>
<h3>Orders, shipping and returns</h3>
<ul>
<li>Confirm and ship orders promptly from your pickup address, with the courier and tracking number entered on the order.</li>
<li>Follow the marketplace's <a href="/return-and-replacement">return and replacement policy</a>; a refund owed to a buyer is recovered from your earnings.</li>
</ul>
<h3>Payments</h3>
<p>We collect payments from buyers and pay you the sale less the marketplace commission for the product's category,
to the bank account you gave, after delivery. Commission rates are shown in your console before you list.</p>
<h3>Conduct</h3>
<p>Talk to buyers through Statewise, keep their details private and use them only for their orders.</p>`,
  },
};

const SOCIAL_LINKS = [
  { platform: 'Instagram', link: 'https://www.instagram.com/statewise' },
  { platform: 'Facebook', link: 'https://www.facebook.com/statewise' },
  { platform: 'YouTube', link: 'https://www.youtube.com/@statewise' },
  { platform: 'X', link: 'https://x.com/statewise' },
];

/** The FAQ of accounts §2.9 (seven questions), with keywords the chatbot matches on. */
export const DEFAULT_FAQ = [
  {
    question: 'What is the Statewise community?',
    answer:
      'The community is where vendors showcase their products in pictures and videos, and customers comment, ask questions and post what they wish to buy.',
    keywords: 'community feed posts vendors showcase comment',
  },
  {
    question: 'How do I buy a product?',
    answer:
      'Buying works like any shopping site: choose a product, pick its size or colour, add it to your cart (or Buy Now), and check out with online payment or cash on delivery.',
    keywords: 'buy purchase order cart checkout how to shop',
  },
  {
    question: 'Can I place a bulk or customised order?',
    answer:
      'Yes. Use the connect icon on a product or store to talk to the vendor about bulk or customised orders, or write to us through the Contact Us page (subject: Bulk/ Customised Purchase Enquiry).',
    keywords: 'bulk customised custom wholesale large quantity',
  },
  {
    question: 'How do I report a vendor or ask for a refund?',
    answer: 'Write to us through the Contact Us page, with your order number. We look into every report.',
    keywords: 'report vendor complaint refund problem',
  },
  {
    question: 'How do I become a seller?',
    answer:
      'Register through the vendor registration page (BECOME A SELLER in the menu or your account page). We check your details and tell you when your store is live.',
    keywords: 'sell seller vendor register registration store',
  },
  {
    question: 'Where can I see the status of my order?',
    answer: "Open your profile and go to the Your Order tab: each order shows each vendor's part with its status and tracking.",
    keywords: 'order status track tracking where is my order delivery',
  },
  {
    question: 'What is your return and refund policy?',
    answer:
      'Refunds and returns apply only to manufacturing defects or wrong items received, and each vendor has its own policy, shown on the product page.',
    keywords: 'return refund replacement exchange defect defective damaged broken torn wrong item size',
  },
];

/** Marks that the lists were written once, so an admin who later removes every entry is not overruled. */
const LISTS_MARKER = '_defaults:lists:v1';

export async function ensureContentDefaults(db: DbOrTx): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(siteContent)
      .values(Object.entries(PAGES).map(([key, page]) => ({ key, html: sanitizeRichText(page.html), picture: page.picture ?? null })))
      .onConflictDoNothing();
    // The marker row's insert decides, atomically, which start writes the lists (two servers may start together).
    const first = await tx.insert(siteContent).values({ key: LISTS_MARKER, html: '' }).onConflictDoNothing().returning({ key: siteContent.key });
    if (!first.length) return;
    await tx.insert(socialLinks).values(SOCIAL_LINKS.map((l, position) => ({ ...l, position })));
    await tx.insert(faqEntries).values(DEFAULT_FAQ.map((f, position) => ({ ...f, position })));
  });
}
