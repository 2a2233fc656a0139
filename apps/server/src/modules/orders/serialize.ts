import { formatOrderNumber, trackingUrlFor, type Order, type OrderConfirmation } from '@statewise/contract';
import { clock } from '../../lib/clock.ts';
import type { OrderLineRow, OrderRow, OrderRefundRow, OrderVendorGroupRow } from '../../db/schema/index.ts';

/** An order as the API gives it (shopping §3), with its lines and vendor groups. */
export function toOrder(o: OrderRow, lines: readonly OrderLineRow[], groups: readonly OrderVendorGroupRow[], refunds: readonly OrderRefundRow[] = []): Order {
  return {
    _id: o.id,
    orderInitial: o.orderInitial,
    orderId: o.orderNumber,
    orderNumber: formatOrderNumber(o.orderInitial, o.orderNumber),
    orderStatus: o.status,
    paymentMode: o.paymentMode,
    paymentStatus: o.paymentStatus,
    createdAt: o.createdAt.toISOString(),
    orderSubTotal: o.subTotal,
    shippingCharges: o.shippingCharges,
    orderGrandTotal: o.grandTotal,
    walletAmountUsed: o.walletAmountUsed,
    amountPayable: o.amountPayable,
    paymentExpiresAt: o.status === 'created' && o.paymentExpiresAt ? o.paymentExpiresAt.toISOString() : null,
    address: {
      firstName: o.address.firstName,
      lastName: o.address.lastName,
      streetAddress: o.address.streetAddress,
      ...(o.address.email ? { email: o.address.email } : {}),
      mobile: o.address.mobile,
      pincode: o.address.pincode,
      city: o.address.city,
      state: o.address.state,
      country: 'India',
      landmark: o.address.landmark,
      shippingNote: o.address.shippingNote,
    },
    productDetails: [...lines]
      .sort((a, b) => a.position - b.position)
      .map((l) => ({
        _id: l.id,
        productId: l.productId,
        slug: l.slug,
        name: l.name,
        image: l.image,
        price: l.price,
        mrp: l.mrp,
        quantity: l.quantity,
        size: l.size,
        color: l.color,
        isFreeSize: l.isFreeSize,
        isColorOptions: l.isColorOptions,
        isTempProduct: l.isTempProduct,
        tempProductId: l.tempProductId,
        vendorId: l.vendorId,
        categoryId: l.categoryId,
        hsnCode: l.hsnCode,
        gstRate: l.gstRate,
      })),
    ordersVendorWise: groups.map((g) => ({
      _id: g.id,
      vendorId: g.vendorId,
      brandName: g.brandName,
      awsNumber: g.awsNumber,
      courierPartner: g.courierPartner,
      trackingUrl: trackingUrlFor(g.courierPartner, g.awsNumber),
      status: g.status,
    })),
    refunds: refunds.map((r) => ({
      vendorId: groups.find((g) => g.id === r.vendorGroupId)?.vendorId ?? '',
      walletAmount: r.walletAmount,
      gatewayAmount: r.gatewayAmount,
      gatewayMethod: r.gatewayMethod,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** order/confirmOrder: where the order's payment stands (without the order itself: service.ts orderView adds it). */
export function toConfirmation(o: OrderRow, now: Date = clock.now()): Omit<OrderConfirmation, 'order' | 'expectedDelivery'> {
  const held = o.status === 'created' && o.paymentExpiresAt !== null && o.paymentExpiresAt > now;
  return {
    orderId: o.id,
    orderNumber: formatOrderNumber(o.orderInitial, o.orderNumber),
    orderStatus: o.status,
    paymentStatus: o.paymentStatus,
    // the order went through: paid (online or wallet), cash on delivery, or paid and since cancelled
    status: o.paymentStatus === 'paid' || o.paymentStatus === 'cod' || o.paymentStatus === 'refund_pending' || o.paymentStatus === 'refunded',
    canRetryPayment: held,
    paymentExpiresAt: held ? o.paymentExpiresAt!.toISOString() : null,
  };
}
