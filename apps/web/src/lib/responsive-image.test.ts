import { describe, expect, it } from 'vitest';
import { responsiveImage } from './responsive-image.ts';

const id = '0123456789abcdef0123456789abcdef';

describe('responsiveImage', () => {
  it('gives an uploaded picture a srcset of every stored width and the sizes asked for', () => {
    expect(responsiveImage(`/uploads/products/${id}-1080w.webp`, '50vw')).toEqual({
      src: `/uploads/products/${id}-1080w.webp`,
      srcSet: `/uploads/products/${id}-320w.webp 320w, /uploads/products/${id}-640w.webp 640w, /uploads/products/${id}-1080w.webp 1080w`,
      sizes: '50vw',
    });
  });

  it('leaves a picture stored in one width, demo art and other addresses as they are', () => {
    for (const url of [`/uploads/p/${id}-200w.webp`, '/media/art/motif/ikat-indigo-4.webp?label=Ikat', 'https://lh3.googleusercontent.com/a/x', 'blob:http://localhost/1', '/uploads/profile/00000000-0000-4000-8000-000000000000.webp']) {
      expect(responsiveImage(url, '100vw')).toEqual({ src: url });
    }
  });
});
