import { describe, expect, it } from 'vitest';
import { uploadEachChatImage, uploadFailedText } from './upload.ts';

const file = (name: string) => new File([new Uint8Array(4)], name, { type: 'image/png' });

describe('chat picture upload', () => {
  it('uploads each picture on its own and names the ones that failed', async () => {
    const upload = async ([f]: File[]) => {
      if (f!.name.startsWith('bad')) throw new Error('Internal Server Error');
      return [`/uploads/chat/${f!.name}`];
    };
    const result = await uploadEachChatImage([file('one.png'), file('bad-two.png'), file('three.png'), file('bad-four.webp')], upload);
    expect(result).toEqual({ urls: ['/uploads/chat/one.png', '/uploads/chat/three.png'], failed: ['bad-two.png', 'bad-four.webp'] });
    expect(uploadFailedText(result.failed)).toBe('Failed to upload the following images: bad-two.png, bad-four.webp');
  });
});
