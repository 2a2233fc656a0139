import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.ts';

const KEY = 'a-data-encryption-key-of-at-least-32-chars';

describe('SecretBox', () => {
  it('opens what it sealed, and the box does not contain the plain text', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal('ABCDE1234F', 'pan:u1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('ABCDE1234F');
    expect(sealed).not.toContain('1234');
    expect(box.open(sealed, 'pan:u1')).toBe('ABCDE1234F');
  });

  it('gives a different box each time for the same value', () => {
    const box = new SecretBox(KEY);
    expect(box.seal('123456789012', 'account:u1')).not.toBe(box.seal('123456789012', 'account:u1'));
  });

  it('refuses a box opened in another context (copied to another row or field)', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal('ABCDE1234F', 'pan:u1');
    expect(() => box.open(sealed, 'pan:u2')).toThrow();
    expect(() => box.open(sealed, 'account:u1')).toThrow();
  });

  it('refuses a box sealed under another key, or altered', () => {
    const sealed = new SecretBox(KEY).seal('ABCDE1234F', 'pan:u1');
    expect(() => new SecretBox(`${KEY}-other`).open(sealed, 'pan:u1')).toThrow();
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3]!, 'base64url');
    data[0] = data[0]! ^ 1;
    expect(() => new SecretBox(KEY).open([parts[0], parts[1], parts[2], data.toString('base64url')].join('.'), 'pan:u1')).toThrow();
    expect(() => new SecretBox(KEY).open('plain text', 'pan:u1')).toThrow(/Not a sealed value/);
  });

  it('needs a key of at least 32 characters', () => {
    expect(() => new SecretBox('short')).toThrow(/at least 32/);
  });
});
