import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live (DESIGN "Uploads", ADR 015). Callers name a file by a key (`profile/3f9c…-640w.webp`:
 * lower-case folders, a file name, no `..`) and keep the URL that `url(key)` gives them. The local storage writes
 * under DATA_DIR/uploads and media/routes.ts serves it at /uploads/…; an S3-compatible bucket can implement the same
 * methods later (its `url` the bucket's public address) without a caller changing. No AWS SDK is installed yet.
 */
export interface Storage {
  /** Stores `bytes` under `key`, replacing any file there. A reader never sees a half-written file. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * Moves the local file `file` (an upload streamed to disk, a transcoded video) in under `key`, replacing any file
   * there; `file` is gone afterwards. Large files never pass through memory this way.
   */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The bytes under `key`; throws for a missing file. */
  get(key: string): Promise<Buffer>;
  /** Copies the file under `key` to the local path `file` (a video's source for ffmpeg); throws for a missing file. */
  getFile(key: string, file: string): Promise<void>;
  /** Removes the file under `key`; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The public URL of `key` (what goes in the database and the API). */
  url(key: string): string;
  /** The key behind a URL this storage gave out; null for any other URL (demo art, Google pictures, another host). */
  keyOf(url: string): string | null;
}

/** Folders and names in lower-case letters, digits, dots, hyphens and underscores; never `..` or a leading dot. */
const KEY = /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9._-]*$/;

export function isStorageKey(key: string): boolean {
  return key.length <= 200 && KEY.test(key) && !key.split('/').some((s) => s.startsWith('.') || s.includes('..'));
}

function checkKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Files under `root` (DATA_DIR/uploads), served at `baseUrl` (/uploads) by media/routes.ts. */
export class LocalStorage implements Storage {
  constructor(
    readonly root: string,
    readonly baseUrl = '/uploads',
  ) {}

  private file(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  /**
   * Puts a file at `target` by writing it beside (`write` gets the temporary path), then renaming: the static server
   * never serves a partial file. Dot-files are never served.
   */
  private async placeBeside(target: string, write: (temp: string) => Promise<void>): Promise<void> {
    const temp = path.join(path.dirname(target), `.${randomBytes(8).toString('hex')}.part`);
    try {
      await write(temp);
      await rename(temp, target);
    } catch (err) {
      await unlink(temp).catch(() => undefined);
      throw err;
    }
  }

  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    await this.placeBeside(file, (temp) => writeFile(temp, bytes));
  }

  async putFile(key: string, file: string, _contentType: string): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      // Uploads wait under DATA_DIR, beside this folder, so this is one rename.
      await rename(file, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      // another file system: copied beside, then renamed
      await this.placeBeside(target, (temp) => copyFile(file, temp));
      await unlink(file).catch(() => undefined);
    }
  }

  async get(key: string): Promise<Buffer> {
    return readFile(this.file(key));
  }

  async getFile(key: string, file: string): Promise<void> {
    await copyFile(this.file(key), file);
  }

  async delete(key: string): Promise<void> {
    await unlink(this.file(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }

  url(key: string): string {
    return `${this.baseUrl}/${checkKey(key)}`;
  }

  keyOf(url: string): string | null {
    const prefix = `${this.baseUrl}/`;
    if (!url.startsWith(prefix)) return null;
    const key = url.slice(prefix.length);
    return isStorageKey(key) ? key : null;
  }
}

/** The storage the settings name: today always the local folder DATA_DIR/uploads. */
export function storageFor(config: { dataDir: string }): LocalStorage {
  return new LocalStorage(path.join(config.dataDir, 'uploads'));
}
