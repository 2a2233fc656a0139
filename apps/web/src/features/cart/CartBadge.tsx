import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useBadgeReport } from '../../app/badges.tsx';
import { useCartCount } from './api.ts';
import { registerGuestCartMerge } from './merge.ts';

/**
 * The header's cart badge (pieces — signed in: GET cart/count; guest: the myData quantities) and, since the layout mounts it on
 * every page, the place the guest-cart merge joins the after-login steps.
 */
export default function CartBadge() {
  const queryClient = useQueryClient();
  useEffect(() => registerGuestCartMerge(queryClient), [queryClient]);
  useBadgeReport('cart', useCartCount());
  return null;
}
