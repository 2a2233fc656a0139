import { describe, expect, it } from 'vitest';
import { isSafeUrl, sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml', () => {
  it('keeps the formatting a vendor policy uses', () => {
    const html = '<p><strong>Returns for defects only.</strong> Write to us.</p><ul><li>Within <em>3 days</em></li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, styles and iframes with their content', () => {
    expect(sanitizeHtml('<p>Hi</p><script>alert(1)</script><style>p{}</style><iframe src="https://x.test"></iframe>')).toBe('<p>Hi</p>');
  });

  it('removes event handlers and style attributes', () => {
    expect(sanitizeHtml('<p onclick="alert(1)" style="color:red" class="x">Hello</p><img src="/uploads/a.webp" onerror="alert(1)">')).toBe(
      '<p>Hello</p><img src="/uploads/a.webp" loading="lazy" decoding="async" alt="">',
    );
  });

  it('removes javascript: and data: links, however they are disguised', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="  JaVa\tScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="jav&#x09;ascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).toBe('');
  });

  it('keeps pictures from our own uploads only: one from another site would be a tracking pixel', () => {
    expect(sanitizeHtml('<p>Silk</p><img src="https://evil.example/pixel.gif" width="1" height="1">')).toBe('<p>Silk</p>');
    expect(sanitizeHtml('<img src="http://localhost:3000/uploads/a.webp">')).toBe('');
    expect(sanitizeHtml('<img src="/api/auth/me">')).toBe('');
    expect(sanitizeHtml('<img src="/uploads/../api/auth/me">')).toBe('');
    expect(sanitizeHtml('<img src="/uploads/products/a.webp" srcset="https://evil.example/p.gif 2x" alt="Pallu">')).toBe(
      '<img src="/uploads/products/a.webp" alt="Pallu" loading="lazy" decoding="async">',
    );
  });

  it('opens outside links in a new tab without giving them the window', () => {
    expect(sanitizeHtml('<a href="https://example.com/size">Size guide</a>')).toBe(
      '<a href="https://example.com/size" target="_blank" rel="noopener noreferrer nofollow">Size guide</a>',
    );
    expect(sanitizeHtml('<a href="/contact-us">Contact</a>')).toBe('<a href="/contact-us">Contact</a>');
  });

  it('unwraps unknown tags but keeps their text, and drops form controls', () => {
    expect(sanitizeHtml('<font color="red">Red</font><form><input value="x"><button>Go</button></form>')).toBe('Red');
  });

  it('escapes text so it cannot turn back into markup', () => {
    expect(sanitizeHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });
});

describe('isSafeUrl', () => {
  it('accepts web, mail and phone links and paths; refuses other schemes and other hosts by //', () => {
    expect(isSafeUrl('https://statewise.in')).toBe(true);
    expect(isSafeUrl('mailto:help@statewise.in')).toBe(true);
    expect(isSafeUrl('tel:+911234567890')).toBe(true);
    expect(isSafeUrl('/store/kashi-weaves')).toBe(true);
    expect(isSafeUrl('vbscript:msgbox')).toBe(false);
    expect(isSafeUrl('//evil.test/x')).toBe(false);
    expect(isSafeUrl('mailto:x@y.z', true)).toBe(false);
  });
});
