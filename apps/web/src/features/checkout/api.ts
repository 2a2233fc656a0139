import type { OtpSent } from '@statewise/contract/schemas/auth';
import type { GuestVerified, OrderConfirmation, OrderCreated, PaymentRetry } from '@statewise/contract/schemas/orders';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../lib/api.ts';
import type { BuyNowItem } from './buy-now-item.ts';
import { rememberOrderToken } from './order-links.ts';

/**
 * The order calls of checkout (shopping §3 order requests, §7 Orders and payment) and the guest mobile check
 * (API.md: guest/send-otp, guest/verify-otp). Prices and totals are never sent: the server prices every line.
 */

export type PaymentChoice = 'online' | 'cod';

const ORDER_PATHS = {
  cart: 'order/create',
  buyNow: 'order/create/buyNow',
  guestCart: 'order/create-guest-cart-order',
  guestBuyNow: 'order/create/guest-buy-now',
} as const;
export type OrderKind = keyof typeof ORDER_PATHS;

/**
 * POST one of the order calls; data.url is the payment page (null when no payment is needed). A guest order's
 * token is kept for this tab (order-links.ts) so the result page can show the guest their order link.
 */
export async function createOrder(kind: OrderKind, body: Record<string, unknown>): Promise<OrderCreated> {
  const data = await api<OrderCreated>(ORDER_PATHS[kind], { method: 'POST', body });
  if (data.guestOrderToken) rememberOrderToken(data.orderId, data.guestOrderToken);
  return data;
}

/** The product part of a buy-now request (§3): size only for sized products, color only for colour products. */
export function buyNowLine(item: BuyNowItem) {
  if (item.isTempProduct) {
    return { productId: item.productId, tempProductId: item.productId, quantity: item.quantity, isFreeSize: 'false', isColorOptions: 'false', isTempProduct: 'true' };
  }
  return {
    productId: item.productId,
    tempProductId: '',
    quantity: item.quantity,
    isFreeSize: String(item.isFreeSize),
    isColorOptions: String(item.isColorOptions),
    isTempProduct: 'false',
    ...(item.isColorOptions ? { color: item.color ?? '' } : item.isFreeSize ? {} : { size: item.size ?? '' }),
  };
}

/** POST guest/send-otp {type:'mobile', mobile}: data.otp in demo mode, data.resendAfter. */
export const sendGuestOtp = (mobile: string) => apiEnvelope<OtpSent>('guest/send-otp', { method: 'POST', body: { type: 'mobile', mobile } });

/** POST guest/verify-otp {type, mobile, otp as a number}: data.token for the guest order. */
export const verifyGuestOtp = (mobile: string, otp: string) =>
  api<GuestVerified>('guest/verify-otp', { method: 'POST', body: { type: 'mobile', mobile, otp: Number(otp) } });

/**
 * POST order/confirmOrder {orderId, orderToken?}: where the order's payment stands (its number, whether it went
 * through, whether it can be retried) and, for its buyer (signed in, or a guest with the order's token), the order.
 */
export function useOrderConfirmation(orderId: string | null, orderToken: string | null = null) {
  return useQuery({
    queryKey: ['order', 'confirm', orderId],
    queryFn: () => api<OrderConfirmation>('order/confirmOrder', { method: 'POST', body: { orderId, ...(orderToken ? { orderToken } : {}) } }),
    enabled: Boolean(orderId),
    retry: 1,
    staleTime: 30_000,
    // A payment the gateway has not reported yet: ask again every 3 s until it has an outcome.
    refetchInterval: (q) => (q.state.data && q.state.data.orderStatus === 'created' && q.state.data.paymentStatus === 'pending' ? 3000 : false),
  });
}

/** POST order/retry-payment/{id} {orderToken?}: a new payment for an order still held; data.url is its page. */
export function useRetryPayment() {
  return useMutation({
    mutationFn: ({ orderId, orderToken }: { orderId: string; orderToken: string | null }) =>
      api<PaymentRetry>(`order/retry-payment/${encodeURIComponent(orderId)}`, { method: 'POST', body: orderToken ? { orderToken } : {} }),
  });
}

/** POST guest/order {token}: the order a guest's link names (404 for a wrong link). */
export function useGuestOrder(token: string) {
  return useQuery({
    queryKey: ['order', 'guest-link', token],
    queryFn: () => api<OrderConfirmation>('guest/order', { method: 'POST', body: { token } }),
    enabled: token.length > 0,
    retry: false,
  });
}
