/*
 * The layout's pieces that wait until after the first paint (Layout.tsx, badges.tsx), in ONE chunk: as separate lazy
 * modules they were a dozen small requests, each a round trip on a phone network (issue 9, ADR 013).
 */
export { Footer } from './Footer.tsx';
export { FloatingWidgets } from './FloatingWidgets.tsx';
export { AuthRoot } from '../features/auth/AuthRoot.tsx';
export { default as NewUserReward } from '../features/wallet/NewUserReward.tsx';
export { default as CartBadge } from '../features/cart/CartBadge.tsx';
export { default as WishlistBadge } from '../features/wishlist/WishlistBadge.tsx';
export { default as ChatBadge } from '../features/chat/ChatBadge.tsx';
