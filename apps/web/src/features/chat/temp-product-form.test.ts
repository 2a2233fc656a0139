import { describe, expect, it } from 'vitest';
import { CHAT_MSG } from '@statewise/contract';
import { checkTempProduct, emptyTempProduct, linkPrices, tempProductFields, type TempProductValues } from './temp-product-form.ts';

const png = (name = 'a.png', bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
const filled = (change: Partial<TempProductValues> = {}): TempProductValues => ({ ...emptyTempProduct(), name: 'Three dupattas', price: '3000', tax: '5', categoryId: 'c1', ...change });

describe('checkTempProduct', () => {
  it('asks for name, price, tax and category in the spec’s order, each at its field', () => {
    let v = emptyTempProduct();
    const order: Array<[keyof TempProductValues, string, string]> = [
      ['name', 'Kurta', CHAT_MSG.tpNameRequired],
      ['price', '1200', CHAT_MSG.tpPriceRequired],
      ['tax', '5', CHAT_MSG.tpTaxRequired],
      ['categoryId', 'c1', CHAT_MSG.tpCategoryRequired],
    ];
    for (const [field, value, message] of order) {
      expect(checkTempProduct(v, [png()])).toEqual({ field, message });
      v = { ...v, [field]: value };
    }
    expect(checkTempProduct(v, [png()])).toBeNull();
  });

  it('checks the numbers and the pictures with the server’s messages', () => {
    expect(checkTempProduct(filled({ price: '12.5' }), [png()])).toEqual({ field: 'price', message: CHAT_MSG.tpPriceRequired });
    expect(checkTempProduct(filled({ tax: '101' }), [png()])).toEqual({ field: 'tax', message: CHAT_MSG.tpTaxRange });
    expect(checkTempProduct(filled({ discount: '120' }), [png()])).toEqual({ field: 'discount', message: CHAT_MSG.tpDiscountInvalid });
    expect(checkTempProduct(filled({ offeredPrice: '3500' }), [png()])).toEqual({ field: 'offeredPrice', message: CHAT_MSG.tpOfferedPriceHigh });
    expect(checkTempProduct(filled({ numberOfProducts: '0' }), [png()])).toEqual({ field: 'numberOfProducts', message: CHAT_MSG.tpNumberInvalid });
    expect(checkTempProduct(filled(), [])).toEqual({ field: 'images', message: CHAT_MSG.tpImagesRequired });
    expect(checkTempProduct(filled(), Array.from({ length: 6 }, () => png()))).toEqual({ field: 'images', message: CHAT_MSG.tpImagesMax });
    expect(checkTempProduct(filled(), [png('big.png', 5 * 1024 * 1024 + 1)])).toEqual({ field: 'images', message: CHAT_MSG.tpImageTooLarge });
  });

  it('needs no category or pictures for an edit', () => {
    expect(checkTempProduct(filled({ categoryId: '' }))).toBeNull();
    expect(checkTempProduct(filled({ name: ' ' }))).toEqual({ field: 'name', message: CHAT_MSG.tpNameRequired });
  });
});

describe('linkPrices', () => {
  it('works out the offered price from a discount and the discount from an offered price, as the server does', () => {
    expect(linkPrices({ price: '3000', discount: '10', offeredPrice: '' }, 'discount')).toEqual({ discount: '10', offeredPrice: '2700' });
    expect(linkPrices({ price: '5000', discount: '', offeredPrice: '4200' }, 'offeredPrice')).toEqual({ discount: '16', offeredPrice: '4200' });
  });

  it('leaves the other empty while it cannot be worked out, and keeps it when the typed one is cleared', () => {
    expect(linkPrices({ price: '', discount: '10', offeredPrice: '2700' }, 'discount')).toEqual({ discount: '10', offeredPrice: '' });
    expect(linkPrices({ price: '3000', discount: '10', offeredPrice: '3500' }, 'offeredPrice')).toEqual({ discount: '', offeredPrice: '3500' });
    expect(linkPrices({ price: '3000', discount: '', offeredPrice: '2700' }, 'discount')).toEqual({ discount: '', offeredPrice: '2700' });
  });
});

describe('tempProductFields', () => {
  it('sends what was filled in; an edit leaves out category and subcategory and may clear size and colour', () => {
    const v = filled({ subcategoryId: 's1', discount: '10', offeredPrice: '2700', numberOfProducts: '3' });
    expect(tempProductFields(v, 'create')).toEqual({ name: 'Three dupattas', price: '3000', tax: '5', discount: '10', offeredPrice: '2700', numberOfProducts: '3', categoryId: 'c1', subcategoryId: 's1' });
    expect(tempProductFields(v, 'edit')).toEqual({ name: 'Three dupattas', price: '3000', tax: '5', discount: '10', offeredPrice: '2700', numberOfProducts: '3', size: '', color: '' });
  });
});
