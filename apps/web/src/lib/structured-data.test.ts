import { describe, expect, it } from 'vitest';
import type { ProductDetail, VendorDetails } from '@statewise/contract/schemas/catalogue';
import {
  breadcrumbJsonLd,
  jsonLdScript,
  organizationJsonLd,
  plainText,
  productInStock,
  productJsonLd,
  websiteJsonLd,
  type JsonLd,
  type ProductPageData,
} from './structured-data.ts';

const ORIGIN = 'https://statewise.example';

function detail(over: Partial<ProductDetail> = {}): ProductDetail {
  return {
    _id: '6650a1b2c3d4e5f601234567',
    slug: 'teal-kota-doria-saree',
    name: 'Teal Kota Doria Saree',
    images: ['/media/art/saree/teal.webp', 'https://bucket.example/products/teal-2-1200w.webp'],
    price: 2400,
    offeredPrice: 1999,
    discount: 17,
    isFreeSize: false,
    isColorOptions: false,
    inStock: true,
    categoryId: { _id: 'c1', name: 'Sarees', slug: 'sarees' },
    subcategoryId: { _id: 's1', subcategoryName: 'Kota Doria', slug: 'kota-doria' },
    styleId: null,
    stateId: null,
    vendorId: 'u1',
    isTrending: false,
    createdAt: '2025-06-01T00:00:00.000Z',
    rating: 4.3,
    reviewsCount: 12,
    description: '<p>Light <b>Kota</b> weave &amp; zari border.</p><p>Dry clean only.</p>',
    freeSizeQty: 0,
    sizeInventory: [
      { size: 's', quantity: 0 },
      { size: 'm', quantity: 3 },
    ],
    colorInventory: [],
    metaDescription: 'Buy a teal Kota Doria saree',
    metaKeyword: [],
    salesCount: 40,
    ...over,
  };
}

const VENDOR: VendorDetails = {
  _id: 'v1',
  userId: 'u1',
  brandName: 'Rangrez',
  sellerName: 'Meera Rathore',
  vendorSlug: 'rangrez',
  bio: '',
  banner: '',
  avatar: '',
  policy: '',
  sizeChart: '',
  place: 'Jaipur',
  state: 'Rajasthan',
};

const page = (over: Partial<ProductDetail> = {}, vendors: VendorDetails[] = [VENDOR]): ProductPageData => ({ productDetail: detail(over), vendorDetails: vendors });

/** The Product node of productJsonLd's graph. */
const productOf = (doc: JsonLd) => (doc['@graph'] as JsonLd[]).find((n) => n['@type'] === 'Product')!;

describe('productJsonLd', () => {
  it('describes the product with the fields rich results require', () => {
    const doc = productJsonLd(page(), { origin: `${ORIGIN}/` });
    expect(doc['@context']).toBe('https://schema.org');
    const p = productOf(doc);
    expect(p).toMatchObject({
      '@type': 'Product',
      name: 'Teal Kota Doria Saree',
      url: `${ORIGIN}/product/teal-kota-doria-saree`,
      sku: '6650a1b2c3d4e5f601234567',
      description: 'Light Kota weave & zari border. Dry clean only.',
      image: [`${ORIGIN}/media/art/saree/teal.webp`, 'https://bucket.example/products/teal-2-1200w.webp'],
      category: 'Sarees > Kota Doria',
      brand: { '@type': 'Brand', name: 'Rangrez' },
      offers: {
        '@type': 'Offer',
        url: `${ORIGIN}/product/teal-kota-doria-saree`,
        price: '1999',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        seller: { '@type': 'Organization', name: 'Rangrez', url: `${ORIGIN}/store/rangrez` },
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 12 },
    });
  });

  it('names the store by its seller when it has no brand', () => {
    const p = productOf(productJsonLd(page({}, [{ ...VENDOR, brandName: '' }]), { origin: ORIGIN }));
    expect(p.brand).toEqual({ '@type': 'Brand', name: 'Meera Rathore' });
    expect((p.offers as JsonLd).seller).toMatchObject({ name: 'Meera Rathore' });
  });

  it('leaves out brand and seller when the vendor is not public', () => {
    const p = productOf(productJsonLd(page({}, []), { origin: ORIGIN }));
    expect(p.brand).toBeUndefined();
    expect((p.offers as JsonLd).seller).toBeUndefined();
    expect((p.offers as JsonLd).price).toBe('1999');
  });

  it('has no aggregateRating without reviews', () => {
    expect(productOf(productJsonLd(page({ rating: 0, reviewsCount: 0 }), { origin: ORIGIN })).aggregateRating).toBeUndefined();
  });

  it('is in stock when any size, colour or the free size has a quantity, and out of stock otherwise', () => {
    const availability = (over: Partial<ProductDetail>) => (productOf(productJsonLd(page(over), { origin: ORIGIN })).offers as JsonLd).availability;
    const none = [
      { size: 's' as const, quantity: 0 },
      { size: 'm' as const, quantity: 0 },
    ];
    expect(availability({})).toBe('https://schema.org/InStock');
    expect(availability({ sizeInventory: none })).toBe('https://schema.org/OutOfStock');
    expect(availability({ sizeInventory: [] })).toBe('https://schema.org/OutOfStock');
    expect(availability({ isFreeSize: true, freeSizeQty: 2, sizeInventory: [] })).toBe('https://schema.org/InStock');
    expect(availability({ isFreeSize: true, freeSizeQty: 0 })).toBe('https://schema.org/OutOfStock');
    const colors = (q: number[]) => q.map((quantity, i) => ({ _id: `k${i}`, color: `c${i}`, quantity, images: [] }));
    expect(availability({ isColorOptions: true, colorInventory: colors([0, 1]), sizeInventory: [] })).toBe('https://schema.org/InStock');
    expect(availability({ isColorOptions: true, colorInventory: colors([0, 0]) })).toBe('https://schema.org/OutOfStock');
  });

  it('adds the colours’ pictures after the product’s, once each', () => {
    const p = productOf(
      productJsonLd(
        page({
          images: ['/uploads/a.webp'],
          isColorOptions: true,
          colorInventory: [
            { _id: 'k1', color: 'Red', quantity: 1, images: ['/uploads/red.webp', '/uploads/a.webp'] },
            { _id: 'k2', color: 'Blue', quantity: 0, images: [] },
          ],
        }),
        { origin: ORIGIN },
      ),
    );
    expect(p.image).toEqual([`${ORIGIN}/uploads/a.webp`, `${ORIGIN}/uploads/red.webp`]);
  });

  it('falls back to the meta description when the description has no text', () => {
    expect(productOf(productJsonLd(page({ description: '<p> </p>' }), { origin: ORIGIN })).description).toBe('Buy a teal Kota Doria saree');
  });

  it('encodes the slug in its URLs', () => {
    const p = productOf(productJsonLd(page({ slug: 'saree & "dupatta"' }), { origin: ORIGIN }));
    expect(p.url).toBe(`${ORIGIN}/product/saree%20%26%20%22dupatta%22`);
  });

  it('carries the page’s breadcrumbs beside the product when given', () => {
    const doc = productJsonLd(page(), {
      origin: ORIGIN,
      breadcrumbs: [
        { name: 'Home', path: '/' },
        { name: 'Sarees', path: '/products/sarees' },
        { name: 'Teal Kota Doria Saree', path: '/product/teal-kota-doria-saree' },
      ],
    });
    const graph = doc['@graph'] as JsonLd[];
    expect(graph.map((n) => n['@type'])).toEqual(['Product', 'BreadcrumbList']);
    expect((graph[1]!.itemListElement as JsonLd[]).map((i) => i.item)).toEqual([`${ORIGIN}/`, `${ORIGIN}/products/sarees`, `${ORIGIN}/product/teal-kota-doria-saree`]);
    expect((productJsonLd(page(), { origin: ORIGIN })['@graph'] as JsonLd[]).length).toBe(1);
  });
});

describe('breadcrumbJsonLd', () => {
  it('lists the trail in order with positions from 1 and absolute URLs', () => {
    expect(
      breadcrumbJsonLd(
        [
          { name: 'Home', path: '/' },
          { name: 'Sarees', path: '/products/sarees' },
        ],
        ORIGIN,
      ),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
        { '@type': 'ListItem', position: 2, name: 'Sarees', item: `${ORIGIN}/products/sarees` },
      ],
    });
  });
});

describe('organizationJsonLd and websiteJsonLd', () => {
  it('name the marketplace with its home page and logo', () => {
    expect(organizationJsonLd(`${ORIGIN}/`)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Statewise',
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/favicon.svg`,
    });
  });

  it('offer the search page, by its search parameter, as the site’s search', () => {
    const site = websiteJsonLd(ORIGIN);
    expect(site).toMatchObject({ '@context': 'https://schema.org', '@type': 'WebSite', name: 'Statewise', url: `${ORIGIN}/` });
    expect(site.potentialAction).toEqual({
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${ORIGIN}/search?search={search_term_string}` },
      'query-input': 'required name=search_term_string',
    });
  });
});

describe('jsonLdScript', () => {
  it('writes no character that could end the script element, and parses back to the same object', () => {
    const hostile = productJsonLd(
      page({
        name: 'Saree </script><script>alert(1)</script> <!-- x \u2028 \u2029',
        description: '<p>&lt;/script&gt; &lt;!-- in the text</p>',
      }),
      { origin: ORIGIN },
    );
    const text = jsonLdScript(hostile);
    expect(text).not.toMatch(/</);
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(text).toContain('\\u003c/script>');
    expect(text).toContain('\\u2028 \\u2029');
    expect(JSON.parse(text)).toEqual(hostile);
    expect(productOf(JSON.parse(text) as JsonLd).description).toBe('</script> <!-- in the text');
  });

  it('stays inert inside a real page', () => {
    const doc = new DOMParser().parseFromString(
      `<html><head><script type="application/ld+json">${jsonLdScript({ name: '</script><img src=x onerror=alert(1)>' })}</script></head><body></body></html>`,
      'text/html',
    );
    const scripts = doc.querySelectorAll('script');
    expect(scripts.length).toBe(1);
    expect(doc.querySelector('img')).toBeNull();
    expect(JSON.parse(scripts[0]!.textContent!)).toEqual({ name: '</script><img src=x onerror=alert(1)>' });
  });
});

describe('plainText', () => {
  it('drops tags, scripts, styles and comments and decodes references', () => {
    expect(plainText('<div>Hand<b>made</b><br>in <i>Jaipur</i></div><script>x()</script><style>p{}</style><!-- note -->&#8377;1,999 &#x263A; &nbsp;&quot;ok&quot; &bogus;')).toBe(
      'Handmade in Jaipur ₹1,999 ☺ "ok" &bogus;',
    );
  });

  it('reads a reference that names no character as U+FFFD', () => {
    expect(plainText('a&#0;b&#xD800;c')).toBe('a\uFFFDb\uFFFDc');
  });
});

describe('productInStock', () => {
  it('reads only the stock list the product type uses', () => {
    expect(productInStock({ isFreeSize: true, freeSizeQty: 0, isColorOptions: false, colorInventory: [], sizeInventory: [{ size: 'm', quantity: 4 }] })).toBe(false);
  });
});
