import { describe, expect, it } from 'vitest';
import type { VideoProduct } from '@statewise/contract/schemas/videos';
import { highlightedIndex, shortName } from './api.ts';
import { choiceProblem } from './ShopNowPanel.tsx';

const product = (over: Partial<VideoProduct>): VideoProduct =>
  ({ _id: 'p1', name: 'A product', isFreeSize: false, isColorOptions: false, sizeInventory: [], colorInventory: [], highlightMs: null, ...over }) as VideoProduct;

describe('the feed’s rules', () => {
  it('cuts product names at 20 characters', () => {
    expect(shortName('Bandhani Silk Dupatta')).toBe('Bandhani Silk Dupatt…');
    expect(shortName('Short name')).toBe('Short name');
    expect(shortName('Exactly twenty chars')).toBe('Exactly twenty chars');
  });

  it('asks for what is missing in the feed’s words', () => {
    expect(choiceProblem(undefined, null, null)).toBe('Missing product Id');
    expect(choiceProblem(product({ _id: '' }), 'm', null)).toBe('Missing product Id');
    expect(choiceProblem(product({}), null, null)).toBe('Please select product size');
    expect(choiceProblem(product({ isColorOptions: true }), null, null)).toBe('Please select product color');
    expect(choiceProblem(product({ isFreeSize: true }), null, null)).toBeNull();
    expect(choiceProblem(product({}), 'm', null)).toBeNull();
  });

  it('brings forward the product whose highlight time passed last', () => {
    const ps = [{ highlightMs: 0 }, { highlightMs: null }, { highlightMs: 4000 }, { highlightMs: 2000 }];
    expect(highlightedIndex(ps, 1500)).toBe(0);
    expect(highlightedIndex(ps, 2500)).toBe(3);
    expect(highlightedIndex(ps, 6000)).toBe(2);
    expect(highlightedIndex([{ highlightMs: 1000 }], 500)).toBe(-1);
  });
});
