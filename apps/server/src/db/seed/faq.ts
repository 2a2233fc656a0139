import type { DbOrTx } from '../client.ts';
import { faqEntries } from '../schema/index.ts';

/**
 * The demo's FAQ beyond the spec's seven (issue 11: at least 30 entries, several phrasings each), written for this
 * marketplace's own rules (README "Rules worth knowing"). Digi, the chatbot, answers from them: the keywords carry
 * the other ways people ask, which the matcher weighs with the question (chatbot/match.ts). The chatbot's tests hold
 * out further phrasings that appear nowhere here.
 */
export const DEMO_FAQ: { question: string; answer: string; keywords: string }[] = [
  {
    question: 'How much does shipping cost?',
    answer: 'Shipping is free on every order delivered in India. Prices already include GST, so what you see at checkout is what you pay.',
    keywords: 'shipping charges delivery fee postage free shipping cost of delivery',
  },
  {
    question: 'How long will delivery take?',
    answer: 'The product page shows an expected delivery date for your pincode, worked out from where the vendor ships. Most orders arrive in 3 to 8 days.',
    keywords: 'delivery time how many days when will it arrive expected delivery date dispatch',
  },
  {
    question: 'Do you offer cash on delivery?',
    answer: 'Yes. Choose Cash on Delivery at checkout. You can have up to 5 cash-on-delivery orders (20 pieces) on their way at a time.',
    keywords: 'cod cash on delivery pay on delivery pay later pay cash',
  },
  {
    question: 'Which payment methods can I use?',
    answer: 'UPI, cards, net banking and wallets through our payment gateway, your Statewise wallet cash, or cash on delivery.',
    keywords: 'payment methods pay upi card credit debit net banking gpay paytm',
  },
  {
    question: 'My payment failed but money was deducted. What now?',
    answer: 'Your order is kept for 30 minutes: use Retry payment on the result page. If the bank took money for a failed payment, it returns it to your account within 5–7 working days.',
    keywords: 'payment failed money deducted debited amount cut transaction failed retry payment',
  },
  {
    question: 'How do I cancel my order?',
    answer: 'Open the order from Your Orders and choose Cancel while it is pending or confirmed (not once shipped). You can cancel the whole order or one seller’s part; the stock goes back and what you paid is refunded once.',
    keywords: 'cancel order cancellation stop my order do not want it anymore',
  },
  {
    question: 'When will I get my refund?',
    answer: 'Wallet cash comes back to your wallet at once. Online payments in the demo come back to your wallet; with Razorpay they go back to your card, bank or UPI within 5–7 working days. Cash on delivery orders cancelled before delivery have nothing to refund.',
    keywords: 'refund status money back refund time when refund credited',
  },
  {
    question: 'What is the Statewise wallet?',
    answer: 'Your wallet holds cash you can spend at checkout: refunds, your ₹200 welcome reward, and recharges of ₹100 to ₹10,000. Wallet cash can be used on orders of ₹500 or more.',
    keywords: 'wallet balance wallet cash recharge add money top up reward',
  },
  {
    question: 'How do I use my wallet balance at checkout?',
    answer: 'Tick Use wallet at checkout. It needs a balance of at least ₹300 and an order of at least ₹500 (your welcome reward can be used below ₹300); the rest is paid online or on delivery.',
    keywords: 'use wallet at checkout apply wallet balance pay with wallet',
  },
  {
    question: 'Can I buy without creating an account?',
    answer: 'Yes. Checkout as a guest with your mobile number (we send a one-time code to confirm it). You get a link to follow the order.',
    keywords: 'guest checkout without login no account buy without signing up',
  },
  {
    question: 'How do I track my parcel?',
    answer: 'Once the vendor ships, your order shows the courier and tracking number, with a tracking link for couriers such as Delhivery, Blue Dart, DTDC and India Post.',
    keywords: 'track parcel courier tracking number awb shipment where is my package',
  },
  {
    question: 'Can I change my delivery address after ordering?',
    answer: 'Not on the order itself. Cancel it while it is pending or confirmed and order again with the right address, or chat with the vendor before it ships.',
    keywords: 'change address wrong address update delivery address after order',
  },
  {
    question: 'How do I choose the right size?',
    answer: 'Open the size chart on the product page: each vendor gives the measurements of its sizes, XS to XXXL. Sizes that are sold out are greyed out.',
    keywords: 'size chart measurements which size fit sizing guide small medium large',
  },
  {
    question: 'Are the products handmade and authentic?',
    answer: 'Our vendors are makers and regional sellers, verified before their store goes live. Each product page names the style and the state it comes from.',
    keywords: 'authentic genuine original handmade handloom real quality',
  },
  {
    question: 'How do I talk to a vendor?',
    answer: 'Use Chat with Vendor on a product or store page. Vendors reply in the chat and can make you a product just for you.',
    keywords: 'contact vendor chat with seller message seller ask seller question',
  },
  {
    question: 'What is a chat-made product?',
    answer: 'A product a vendor makes for you in chat (a custom size, colour or combo). It appears as a card in the chat and you buy it with Buy now.',
    keywords: 'custom product chat product made for me temporary product combo',
  },
  {
    question: 'How do I write a review?',
    answer: 'Open the product page and choose Write Review. Reviews from people who received the product carry a Verified purchase mark.',
    keywords: 'review rating write review rate product feedback stars',
  },
  {
    question: 'How do I get a GST invoice?',
    answer: 'Each vendor’s part of your order has its own GST invoice; download it from the order page in Your Orders.',
    keywords: 'invoice gst bill receipt tax invoice download bill',
  },
  {
    question: 'I forgot my password. How do I log in?',
    answer: 'Use Forgot password on the login page with your mobile number or e-mail; we send a code to set a new password. You can also log in with a one-time code.',
    keywords: 'forgot password reset password cannot login otp login locked out',
  },
  {
    question: 'How do I delete my account?',
    answer: 'Go to your profile and choose Delete account. Your profile, cart, wishlist and addresses are removed; orders keep only what the invoice needs.',
    keywords: 'delete account close account remove my data deactivate',
  },
  {
    question: 'How do I save or change my addresses?',
    answer: 'Open Saved Addresses in your account. Type a pincode and the city and state fill in; you can keep up to 20 addresses.',
    keywords: 'address book saved addresses add address edit address pincode',
  },
  {
    question: 'How does the wishlist work?',
    answer: 'Tap the heart on any product to keep it in your wishlist (up to 200). From the wishlist you can move it to your cart.',
    keywords: 'wishlist save for later favourite heart liked products',
  },
  {
    question: 'How many pieces can I buy at once?',
    answer: 'Up to 10 of each product, size or colour in one cart, as long as the vendor has them in stock. For more, ask the vendor about a bulk order.',
    keywords: 'maximum quantity limit how many pieces cant add more quantity',
  },
  {
    question: 'What does it cost to sell on Statewise?',
    answer: 'There is no fee to open a store. We keep a commission on each sale, set per category and shown in your vendor console; you receive the rest after delivery.',
    keywords: 'commission selling fee charges for sellers vendor fees payout',
  },
  {
    question: 'What is Watch and Shop?',
    answer: 'Short videos of products in use. Tap Shop Now under a video to pick a size and add it to your cart without leaving the video.',
    keywords: 'videos watch and shop reels shoppable video',
  },
  {
    question: 'Can I shop by Indian state?',
    answer: 'Yes. Every state and union territory has its own page with the crafts and products that come from it; pick one from the home page or the menu.',
    keywords: 'states shop by state regional products state wise crafts from rajasthan gujarat kerala tamil nadu west bengal odisha assam kashmir punjab uttar pradesh',
  },
  {
    question: 'Do you ship outside India?',
    answer: 'Not yet. We deliver to pincodes in India only.',
    keywords: 'international shipping deliver abroad outside india other countries overseas usa uk uae',
  },
];

/** Adds the demo FAQ after the spec's seven (content defaults), in this order. */
export async function seedFaq(tx: DbOrTx): Promise<void> {
  await tx.insert(faqEntries).values(DEMO_FAQ.map((f, i) => ({ ...f, position: 100 + i })));
}
