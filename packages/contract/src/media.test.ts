import { describe, expect, it } from 'vitest';
import { isOwnPicture, uploadedImageAt, uploadedImageName, uploadedImageWidths } from './media.ts';

const id = '0123456789abcdef0123456789abcdef';

describe('uploaded picture URLs', () => {
  it('name their largest width, and the ladder widths below it are the siblings', () => {
    expect(uploadedImageWidths(`/uploads/products/${id}-1080w.webp`)).toEqual([320, 640, 1080]);
    expect(uploadedImageWidths(`/uploads/profile/${id}-640w.webp`)).toEqual([320, 640]);
    expect(uploadedImageWidths(`/uploads/p/${id}-500w.webp`)).toEqual([320, 500]);
    expect(uploadedImageWidths(`/uploads/p/${id}-200w.webp`)).toEqual([200]);
    expect(uploadedImageWidths(`https://cdn.example.com/banners/${id}-1920w.webp`)).toEqual([320, 640, 1080, 1600, 1920]);
  });

  it('give the address of any width', () => {
    expect(uploadedImageAt(`/uploads/products/${id}-1080w.webp`, 320)).toBe(`/uploads/products/${id}-320w.webp`);
    expect(`/uploads/x/${uploadedImageName(id, 640)}`).toBe(`/uploads/x/${id}-640w.webp`);
  });

  it('leave every other address alone', () => {
    for (const url of ['/media/art/motif/kalamkari-ochre-3.webp', '/uploads/profile/00000000-0000-4000-8000-000000000000.webp', 'https://lh3.googleusercontent.com/a/x=s96', `/uploads/p/${id}-0w.webp`, `/uploads/p/${id}-640w.jpg`, '']) {
      expect(uploadedImageWidths(url), url).toBeNull();
      expect(uploadedImageAt(url, 320)).toBe(url);
    }
  });
});

describe('isOwnPicture', () => {
  it.each([
    ['/uploads/products/a.webp', true],
    ['/uploads/a.webp?v=2', true],
    ['https://evil.example/pixel.gif', false],
    ['/uploads/./a.webp', false],
    ['/uploadsx/a.webp', false],
    ['/uploads/a b.webp', false],
    ['/uploads/../api/auth/me', false],
    ['/uploads/%2e%2e/api/x', false],
    ['/uploads//evil.example/p.gif', false],
    ['http://localhost:3000/uploads/a.webp', false],
    ['', false],
  ])('isOwnPicture(%s) is %s', (src, own) => {
    expect(isOwnPicture(src)).toBe(own);
  });
});
