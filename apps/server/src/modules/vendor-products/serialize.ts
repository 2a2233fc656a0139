import type { VendorProduct } from '@statewise/contract';
import { toProductDetail, type DetailRow } from '../products/serialize.ts';

/** A row of service.ts VENDOR_SELECT: the public detail's plus what only the vendor sees. */
export type VendorProductRow = DetailRow & { is_active: boolean; updated_at: string; total_stock: number };

export function toVendorProduct(r: VendorProductRow): VendorProduct {
  return { ...toProductDetail(r), isActive: r.is_active, totalStock: Number(r.total_stock), updatedAt: r.updated_at };
}
