import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isStorageKey, LocalStorage } from './storage.ts';

let root: string;
let storage: LocalStorage;
beforeEach(() => {
  root = path.join(mkdtempSync(path.join(os.tmpdir(), 'statewise-storage-')), 'uploads');
  storage = new LocalStorage(root);
});
afterEach(() => rmSync(path.dirname(root), { recursive: true, force: true }));

describe('LocalStorage', () => {
  it('puts a file under its key, creating folders, and replaces it on a second put', async () => {
    await storage.put('products/ab12-320w.webp', Buffer.from('one'), 'image/webp');
    expect(readFileSync(path.join(root, 'products', 'ab12-320w.webp'), 'utf8')).toBe('one');
    await storage.put('products/ab12-320w.webp', Buffer.from('two'), 'image/webp');
    expect(readFileSync(path.join(root, 'products', 'ab12-320w.webp'), 'utf8')).toBe('two');
    // no temporary file is left beside it
    expect(readdirSync(path.join(root, 'products'))).toEqual(['ab12-320w.webp']);
  });

  it('gives the /uploads URL of a key and the key back from that URL only', () => {
    expect(storage.url('profile/x-640w.webp')).toBe('/uploads/profile/x-640w.webp');
    expect(storage.keyOf('/uploads/profile/x-640w.webp')).toBe('profile/x-640w.webp');
    for (const other of ['/media/art/motif/a.webp', 'https://lh3.googleusercontent.com/a/x', '', '/uploads/../jwt-secret', '/uploads/.hidden', '/uploadsx/a.webp']) {
      expect(storage.keyOf(other), other).toBeNull();
    }
  });

  it('deletes a file, and a missing file quietly', async () => {
    await storage.put('community/p.webp', Buffer.from('x'), 'image/webp');
    await storage.delete('community/p.webp');
    expect(existsSync(path.join(root, 'community', 'p.webp'))).toBe(false);
    await expect(storage.delete('community/p.webp')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave the folder or hide a file', async () => {
    for (const key of ['../x', 'a/../../x', '/abs', '.hidden', 'a/.b', 'A/b', 'a//b', 'a\\b', '']) {
      expect(isStorageKey(key), key).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow('Invalid storage key');
    }
    expect(isStorageKey('sellers/documents/0a1b-1080w.webp')).toBe(true);
  });
});
