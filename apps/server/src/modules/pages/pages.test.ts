import { describe, expect, it } from 'vitest';
import { badAddressDocument, headTags, pageDocument, scriptJson } from './document.ts';
import { readableAddress } from './routes.ts';

const TEMPLATE =
  '<!doctype html><html><head><title>Statewise — shop wise, statewise</title><meta name="description" content="Default" /><script type="module" src="/assets/index.js"></script></head><body><div id="root"><!--app-html--></div></body></html>';

describe('readableAddress', () => {
  it('takes an ordinary page address with a query', () => {
    expect(readableAddress('/products/sarees?page=2&sizes=M,L')).toBe(true);
  });
  it('refuses broken escapes, a NUL and an address longer than 2,048 characters', () => {
    expect(readableAddress('/products/%E0%A4')).toBe(false);
    expect(readableAddress('/search?search=%ZZ')).toBe(false);
    expect(readableAddress('/product/a%00b')).toBe(false);
    expect(readableAddress(`/search?search=${'a'.repeat(2100)}`)).toBe(false);
  });
});

describe('headTags', () => {
  it('escapes every value a page gives and makes the canonical address absolute', () => {
    const tags = headTags({ title: '"Rang" <b>', description: 'Kurta & dupatta', canonical: '/product/rang', noindex: true }, 'https://shop.example.in');
    expect(tags).toContain('<title>&quot;Rang&quot; &lt;b&gt; | Statewise</title>');
    expect(tags).toContain('<meta name="description" content="Kurta &amp; dupatta">');
    expect(tags).toContain('<link rel="canonical" href="https://shop.example.in/product/rang">');
    expect(tags).toContain('<meta name="robots" content="noindex">');
  });
  it('writes structured data that no text inside can close', () => {
    const tags = headTags({ jsonLd: [{ name: '</script><script>alert(1)</script>' }] }, 'https://shop.example.in');
    expect(tags).not.toContain('</script><script>');
    expect(JSON.parse(/<script type="application\/ld\+json">(.*)<\/script>/.exec(tags)![1]!)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});

describe('pageDocument', () => {
  it('puts the app inside #root, its head in place of the defaults and the answers in a data block', () => {
    const doc = pageDocument(TEMPLATE, { html: '<main>$& Saree</main>', data: scriptJson({ a: '</script>' }), head: { title: 'Sarees' } }, 'https://shop.example.in');
    expect(doc).toContain('<div id="root"><main>$& Saree</main></div>');
    expect(doc.match(/<title>/g)).toHaveLength(1);
    expect(doc).toContain('<title>Sarees | Statewise</title>');
    expect(doc).not.toContain('content="Default"');
    expect(doc).toContain('<script type="application/json" id="sw-data">{"a":"\\u003c/script>"}</script>');
  });
  it('gives an unreadable address a page without scripts that search engines skip', () => {
    const doc = badAddressDocument(TEMPLATE);
    expect(doc).toContain('This address is not valid');
    expect(doc).not.toContain('<script type="module"');
    expect(doc).toContain('<meta name="robots" content="noindex">');
  });
});
