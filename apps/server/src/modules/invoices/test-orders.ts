/**
 * A placed order written straight into the tables, for invoice and review tests (no checkout, payment or stock):
 * the order, its lines (copied from the products, as order creation does) and one vendor group per vendor.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Size } from '@statewise/contract';
import type { DbOrTx } from '../../db/client.ts';
import { categories, orderLines, orders, orderVendorGroups, vendors, type OrderAddressCopy, type OrderRow, type ProductRow } from '../../db/schema/index.ts';

export const testAddress = (over: Partial<OrderAddressCopy> = {}): OrderAddressCopy => ({
  firstName: 'Kavya',
  lastName: 'Sharma',
  streetAddress: '14 MI Road',
  email: 'kavya@example.test',
  mobile: '9812345678',
  pincode: 302001,
  city: 'Jaipur',
  state: 'Rajasthan',
  country: 'India',
  landmark: '',
  shippingNote: '',
  ...over,
});

export interface TestOrderLine {
  product: ProductRow;
  quantity?: number;
  size?: Size | null;
  color?: string | null;
  /** The price paid per piece; the product's offered price by default. */
  price?: number;
}

export async function placedOrder(
  db: DbOrTx,
  o: {
    userId: string;
    lines: TestOrderLine[];
    address?: OrderAddressCopy;
    status?: OrderRow['status'];
    paymentMode?: OrderRow['paymentMode'];
    shippingCharges?: number;
    createdAt?: Date;
  },
): Promise<OrderRow> {
  const lines = o.lines.map((l) => ({ ...l, quantity: l.quantity ?? 1, price: l.price ?? l.product.offeredPrice }));
  const subTotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const shipping = o.shippingCharges ?? 0;
  const status = o.status ?? 'pending';
  const paymentMode = o.paymentMode ?? 'online';
  const [order] = await db
    .insert(orders)
    .values({
      userId: o.userId,
      source: 'cart',
      status,
      paymentMode,
      paymentStatus: status === 'created' ? 'pending' : status === 'cancelled' ? 'refunded' : paymentMode === 'cod' ? 'cod' : 'paid',
      subTotal,
      shippingCharges: shipping,
      grandTotal: subTotal + shipping,
      amountPayable: subTotal + shipping,
      address: o.address ?? testAddress(),
      ...(o.createdAt ? { createdAt: o.createdAt, paidAt: o.createdAt } : {}),
    })
    .returning();
  const categoryIds = [...new Set(lines.map((l) => l.product.categoryId))];
  const cats = await db.select().from(categories).where(inArray(categories.id, categoryIds));
  await db.insert(orderLines).values(
    lines.map((l, position) => {
      const category = cats.find((c) => c.id === l.product.categoryId);
      return {
        orderId: order!.id,
        position,
        productId: l.product.id,
        vendorId: l.product.vendorId,
        categoryId: l.product.categoryId,
        hsnCode: l.product.hsnCode ?? category?.hsnCode ?? null,
        gstRate: category?.gstRate ?? 5,
        name: l.product.name,
        slug: l.product.slug,
        image: l.product.images[0] ?? '',
        price: l.price,
        mrp: Math.max(l.product.price, l.price),
        quantity: l.quantity,
        size: l.size ?? null,
        color: l.color ?? null,
        isFreeSize: l.product.isFreeSize,
        isColorOptions: l.product.isColorOptions,
      };
    }),
  );
  for (const vendorId of [...new Set(lines.map((l) => l.product.vendorId))]) {
    const [store] = await db.select().from(vendors).where(eq(vendors.userId, vendorId));
    await db.insert(orderVendorGroups).values({ orderId: order!.id, vendorId, brandName: store?.brandName ?? '', status, placedAt: order!.createdAt });
  }
  return order!;
}
