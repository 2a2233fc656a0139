import type { TempProduct } from '@statewise/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, storage } from '../../lib/storage.ts';
import { buildTempBuyNowItem, saveBuyNowItem } from '../product/buy-now.ts';
import { buyNowCheckoutLine } from './parts.tsx';
import { parseBuyNowItem } from './buy-now-item.ts';

/** A chat product bought from its card reaches the buy-now checkout as the vendor made it (shopping §3, accounts §3). */

const chatProduct = (over: Partial<TempProduct> = {}): TempProduct => ({
  _id: 'tp-1',
  vendorId: 'v-1',
  name: 'Festive combo: 3 sarees',
  price: 9000,
  tax: 5,
  discount: 10,
  offeredPrice: 8100,
  numberOfProducts: 3,
  size: null,
  color: null,
  categoryId: { _id: 'cat-combo', name: 'Combo', slug: 'combo' },
  subcategoryId: null,
  images: ['/media/chat/a.webp'],
  isCombo: true,
  createdAt: '2026-11-26T06:00:00.000Z',
  ...over,
});

/** What the checkout reads: the item as stored by the card's Buy now, read back from storage. */
function throughStorage(p: TempProduct) {
  saveBuyNowItem(buildTempBuyNowItem(p));
  return parseBuyNowItem(storage.get(KEYS.buyNow))!;
}

afterEach(() => storage.remove(KEYS.buyNow));

describe('a chat product at the buy-now checkout', () => {
  it('shows a combo’s number of products, not one product and not a quantity stepper', () => {
    const line = buyNowCheckoutLine(throughStorage(chatProduct()));
    expect(line.comboProducts).toBe(3);
    expect(line.quantity).toBe(1);
    expect(line.offeredPrice).toBe(8100);
  });

  it('keeps the quantity for a chat product outside the Combo category', () => {
    const item = throughStorage(chatProduct({ isCombo: false, categoryId: { _id: 'cat-s', name: 'Sarees', slug: 'sarees' }, numberOfProducts: 4 }));
    expect(item.numberOfProducts).toBeUndefined();
    expect(buyNowCheckoutLine(item).comboProducts).toBeNull();
  });

  it('never takes a number of products for a catalogue item from storage', () => {
    const stored = { ...buildTempBuyNowItem(chatProduct()), isTempProduct: false };
    storage.setJson(KEYS.buyNow, stored);
    expect(parseBuyNowItem(storage.get(KEYS.buyNow))!.numberOfProducts).toBeUndefined();
  });
});
