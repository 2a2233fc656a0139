import type { OtpSent } from '@statewise/contract/schemas/auth';
import type { GuestVerified, OrderConfirmation, OrderCreated } from '@statewise/contract/schemas/orders';
import { useQuery } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../lib/api.ts';
import type { BuyNowItem } from './buy-now-item.ts';

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

/** POST one of the order calls; data.url is the payment page (null when no payment is needed). */
export function createOrder(kind: OrderKind, body: Record<string, unknown>): Promise<OrderCreated> {
  return api<OrderCreated>(ORDER_PATHS[kind], { method: 'POST', body });
}

/** The product part of a buy-now request (§3): size only for sized products, color only for colour products. */
export function buyNowLine(item: BuyNowItem) {
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

/** POST order/confirmOrder {orderId}: where the order's payment stands (its number, and whether it went through). */
export function useOrderConfirmation(orderId: string | null) {
  return useQuery({
    queryKey: ['order', 'confirm', orderId],
    queryFn: () => api<OrderConfirmation>('order/confirmOrder', { method: 'POST', body: { orderId } }),
    enabled: Boolean(orderId),
    retry: 1,
    staleTime: 30_000,
    // A payment the gateway has not reported yet: ask again every 3 s until it has an outcome.
    refetchInterval: (q) => (q.state.data && q.state.data.orderStatus === 'created' && q.state.data.paymentStatus === 'pending' ? 3000 : false),
  });
}
