import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useBadgeReport } from '../../app/badges.tsx';
import { useWishlist } from './api.ts';
import { registerGuestWishlistMerge } from './merge.ts';

/**
 * The header's wishlist badge (signed in: the server list; guest: the local guestWishlist, which is merged at the
 * next login) and, since the layout mounts it on every page, the place the guest-wishlist merge joins the
 * after-login steps.
 */
export default function WishlistBadge() {
  const queryClient = useQueryClient();
  useEffect(() => registerGuestWishlistMerge(queryClient), [queryClient]);
  const { count } = useWishlist();
  useBadgeReport('wishlist', count);
  return null;
}
