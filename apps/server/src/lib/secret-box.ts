import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Small secrets kept at rest (a seller's PAN and bank account number; ADR 014): AES-256-GCM with a key derived from
 * DATA_ENCRYPTION_KEY. A box is `v1.<iv>.<tag>.<ciphertext>` (base64url), with a fresh 12-byte IV each time, so
 * the same PAN never gives the same text. `context` (e.g. `pan:<user id>`) is bound in as additional data: a box
 * copied into another row or field does not open there. Opening a box sealed under another key, or altered,
 * throws.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    if (secret.length < 32) throw new Error('DATA_ENCRYPTION_KEY must be at least 32 characters');
    // a fixed-length key, separate from any other use of the same text
    this.key = createHash('sha256').update(`data-encryption:${secret}`).digest();
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  open(box: string, context: string): string {
    const [version, iv, tag, data] = box.split('.');
    if (version !== 'v1' || iv === undefined || tag === undefined || data === undefined) throw new Error('Not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
