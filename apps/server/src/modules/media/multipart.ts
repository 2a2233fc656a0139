import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat, unlink } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@statewise/contract';
import { AppError, badRequest } from '../../lib/errors.ts';
import { refuseNul } from '../../lib/http.ts';
import { CONTENT_TYPES, detectKind, IMAGE_KINDS, isUtf8Text, VIDEO_KINDS, type FileKind } from './detect.ts';

/** What one file field of a form may carry. Messages are the caller's (the spec's where it gives one). */
export interface FileRule {
  /** How many files the field may carry (default 1). */
  maxCount?: number;
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** Kinds accepted, told by content (detect.ts). */
  kinds: readonly FileKind[];
  /** 413 message for a file over maxBytes. */
  tooLarge: string;
  /** 415 message for a file of another kind. */
  wrongType: string;
  /** 400 message for more than maxCount files. */
  tooMany?: string;
}

/** The form a route reads: its text fields and its file fields. */
export interface UploadPolicy {
  /** Text fields kept (others are dropped unread, so a form may echo extra fields). Repeated fields are kept in order. */
  fields?: readonly string[];
  /** File fields by name; a file under any other name is refused (400). */
  files: Record<string, FileRule>;
  /** Longest text field, in bytes (default 10,000): longer is refused with 413. */
  maxFieldBytes?: number;
  /** Also accept a JSON object body (text fields only, no files), e.g. for clients that change names only. */
  json?: boolean;
}

export interface UploadedFile {
  field: string;
  /** The name the browser gave; informative only (never trusted for the type). */
  filename: string;
  kind: FileKind;
  /** The content type of `kind` (not the declared one). */
  contentType: string;
  /** Its length in bytes. */
  size: number;
  /**
   * A file of a rule that streams to disk (`streamsToDisk`: videos, anything over 8 MB) waits here, under DATA_DIR,
   * until the response is sent; move it into storage before (Storage.putFile, storeVideo). Null for a file in memory.
   */
  path: string | null;
  /** The content of a file kept in memory (pictures, CSV); throws for one streamed to disk (use `path`). */
  readonly bytes: Buffer;
}

export interface Upload {
  /** Each kept text field's last value. */
  fields: Record<string, string>;
  /** Each kept text field's values in order (for repeated fields such as productId[]). */
  lists: Record<string, string[]>;
  /** Files by field; a field with no file (or only an empty one, as browsers send for "no file chosen") is absent. */
  files: Record<string, UploadedFile[]>;
}

/** The rule for a picture: JPEG, PNG or WebP up to 5 MB, with the profile's messages unless given. */
export function imageRule(overrides: Partial<FileRule> = {}): FileRule {
  return { maxCount: 1, maxBytes: 5 * 1024 * 1024, kinds: IMAGE_KINDS, tooLarge: MSG.pictureTooLarge, wrongType: MSG.pictureType, ...overrides };
}

const DEFAULT_FIELD_BYTES = 10_000;
const MAX_FIELDS = 200;

/**
 * Files of rules allowing more than this are never held in memory (ADR 048): pictures (5 MB) and CSV (2 MB) are,
 * as they are small and capped; videos and anything larger stream to a file while they arrive.
 */
const MEMORY_MAX_BYTES = 8 * 1024 * 1024;
/** Enough of a file's start to tell its kind (detect.ts reads the ISO `ftyp` box, at most 4 KB). */
const HEAD_BYTES = 4096;
/** Uploads streamed to disk that one person (account, or IP address for a guest) may send at once, per process. */
export const UPLOADS_AT_ONCE = 2;

export const streamsToDisk = (rule: FileRule) => rule.maxBytes > MEMORY_MAX_BYTES || rule.kinds.some((k) => VIDEO_KINDS.includes(k));

const TEMP_DIR = Symbol('upload temp dir');
const tempFiles = new WeakMap<FastifyRequest, string[]>();
const inFlight = new Map<string, number>();

/** Where an app's uploads wait while they arrive: DATA_DIR/tmp/uploads, beside the storage, so moving one in is a rename. */
export const uploadTempDir = (dataDir: string) => path.join(dataDir, 'tmp', 'uploads');

/**
 * Registers @fastify/multipart on `api` for readUpload, with uploads streamed to `tempDir` (uploadTempDir), and
 * removes what an earlier run of the server left there: the files of processes that are gone. A file is removed once
 * its response is sent, whatever the route did with it.
 */
export async function registerUploads(api: FastifyInstance, tempDir: string): Promise<void> {
  await api.register(fastifyMultipart);
  await mkdir(tempDir, { recursive: true });
  await sweepTempDir(tempDir);
  api.decorate(TEMP_DIR, tempDir);
  api.addHook('onResponse', async (request) => {
    const files = tempFiles.get(request);
    if (files) await Promise.all(files.map(removeFile));
  });
}

/** This machine's name as it goes into a file name. */
const HOST = hostname().replace(/[^A-Za-z0-9-]/g, '-');

/** Whose a temporary name is: `{pid}.{host}`, so a later start can tell which files are left over. */
export const ownerTag = () => `${process.pid}.${HOST}`;

/**
 * Whether a temporary file or folder tagged `{pid}.{host}` (ownerTag) is left over: its process on this host is gone, or
 * has this process's pid (a restarted container gets the same one). Another host's are left over after a day.
 */
export function isLeftOver(tag: string, mtimeMs: number): boolean {
  const dot = tag.indexOf('.');
  const pid = tag.slice(0, dot);
  if (dot < 0 || tag.slice(dot + 1) !== HOST || !/^\d+$/.test(pid)) return Date.now() - mtimeMs > 86_400_000;
  if (Number(pid) === process.pid) return true;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function sweepTempDir(dir: string): Promise<void> {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const tag = /^[0-9a-f]{16}\.(.+)\.part$/.exec(name)?.[1] ?? '';
    const info = await stat(file).catch(() => null);
    if (info && isLeftOver(tag, info.mtimeMs)) await rm(file, { recursive: true, force: true });
  }
}

const removeFile = (file: string) => unlink(file).catch(() => undefined);

/** Who is uploading: the signed-in account, else the address (guests). */
const personOf = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`);

/** Takes one of the person's upload slots, or answers 429; returns its release. */
function takeSlot(request: FastifyRequest): () => void {
  const person = personOf(request);
  const now = inFlight.get(person) ?? 0;
  if (now >= UPLOADS_AT_ONCE) throw new AppError(429, MSG.uploadsAtOnce, undefined, 5);
  inFlight.set(person, now + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (inFlight.get(person) ?? 1) - 1;
    if (left > 0) inFlight.set(person, left);
    else inFlight.delete(person);
  };
}

/**
 * Reads a form under `policy` (@fastify/multipart, registered once for /api in app.ts) and gives back its text
 * fields and checked files. Every failure is an AppError: 413 with the rule's message for a file too large, 415 with
 * its message for a file whose bytes are not an accepted kind (whatever its name or declared type), 400 for too many
 * files, an unexpected file field, or a form that cannot be read (no boundary, cut short, malformed).
 */
export async function readUpload(request: FastifyRequest, policy: UploadPolicy): Promise<Upload> {
  const keep = new Set(policy.fields ?? []);
  const out: Upload = { fields: {}, lists: {}, files: {} };
  const addField = (name: string, value: unknown) => {
    if (!keep.has(name)) return;
    if (typeof value !== 'string') throw badRequest(`Please send '${name}' as text`, { [name]: `Please send '${name}' as text` });
    refuseNul(value, name);
    out.fields[name] = value;
    (out.lists[name] ??= []).push(value);
  };

  if (!request.isMultipart()) {
    const body = request.body;
    if (policy.json && body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [name, value] of Object.entries(body as Record<string, unknown>)) if (typeof value === 'string') addField(name, value);
      return out;
    }
    throw badRequest(policy.json ? 'Please send a form (multipart) or a JSON object' : 'Please send the form as multipart/form-data');
  }

  const rules = Object.entries(policy.files);
  const totalFiles = rules.reduce((n, [, r]) => n + (r.maxCount ?? 1), 0);
  const largest = Math.max(0, ...rules.map(([, r]) => r.maxBytes));
  const maxFieldBytes = policy.maxFieldBytes ?? DEFAULT_FIELD_BYTES;
  const counts = new Map<string, number>();
  // Large uploads are counted per person while they arrive (ADR 048); pictures are not (the chat sends several at once).
  const release = rules.some(([, r]) => streamsToDisk(r)) ? takeSlot(request) : () => undefined;
  try {
    const parts = request.parts({
      // One more file (and byte) than allowed, so our per-field checks (with the caller's messages) answer before busboy's.
      limits: { fileSize: largest + 1, files: totalFiles + 1, fields: MAX_FIELDS, fieldSize: maxFieldBytes, parts: MAX_FIELDS + totalFiles + 1 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new AppError(413, `'${part.fieldname}' is too long`, { [part.fieldname]: 'Too long' });
        addField(part.fieldname, part.value);
        continue;
      }
      const rule = Object.hasOwn(policy.files, part.fieldname) ? policy.files[part.fieldname] : undefined;
      if (!rule) throw badRequest(`Unexpected file field '${part.fieldname}'`);
      const tooLarge = () => new AppError(413, rule.tooLarge, { [part.fieldname]: rule.tooLarge });
      const wrongType = () => new AppError(415, rule.wrongType, { [part.fieldname]: rule.wrongType });
      const count = (counts.get(part.fieldname) ?? 0) + 1;
      const tooMany = () => {
        const message = rule.tooMany ?? `Please upload at most ${rule.maxCount ?? 1} file${(rule.maxCount ?? 1) === 1 ? '' : 's'} as '${part.fieldname}'`;
        return badRequest(message, { [part.fieldname]: message });
      };
      const file = streamsToDisk(rule)
        ? await streamToDisk(request, part.file, rule, {
            tooLarge,
            wrongType,
            // before anything is written, unlike a file in memory (checked once read)
            first: () => {
              if (count > (rule.maxCount ?? 1)) throw tooMany();
            },
          })
        : await readToMemory(part, rule, tooLarge);
      if (!file.size && !part.filename) {
        // "no file chosen"
        if (file.path) await removeFile(file.path);
        continue;
      }
      counts.set(part.fieldname, count);
      if (count > (rule.maxCount ?? 1)) throw tooMany();
      const kind = file.kind ?? (rule.kinds.includes('csv') && file.bytes && isUtf8Text(file.bytes) ? 'csv' : null);
      if (!kind || !rule.kinds.includes(kind)) throw wrongType();
      const base = { field: part.fieldname, filename: part.filename, kind, contentType: CONTENT_TYPES[kind], size: file.size };
      (out.files[part.fieldname] ??= []).push(file.path ? onDisk(base, file.path) : { ...base, path: null, bytes: file.bytes! });
    }
  } catch (err) {
    await Promise.all((tempFiles.get(request) ?? []).map(removeFile));
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') {
      const message = rules[0]?.[1].tooMany ?? 'Too many files';
      throw badRequest(message);
    }
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError(413, 'Too many form fields');
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) throw new AppError(413, 'The form is too large');
    // @fastify/multipart's own 4xx (prototype names, bad JSON fields: 406 there) are the sender's fault: 400.
    if (status && status >= 400 && status < 500) throw badRequest((err as Error).message);
    // busboy's own complaints: no boundary, cut-off body, malformed parts
    throw badRequest('The form could not be read. Please try again');
  } finally {
    release();
  }
  return out;
}

/** A checked file on disk; reading `bytes` is a programming error (it would bring the whole file into memory). */
function onDisk(base: Omit<UploadedFile, 'path' | 'bytes'>, file: string): UploadedFile {
  return Object.defineProperty({ ...base, path: file } as UploadedFile, 'bytes', {
    enumerable: false,
    get() {
      throw new Error(`The upload '${base.field}' was streamed to disk: use its path`);
    },
  });
}

interface ReadFile {
  size: number;
  /** The kind its first bytes tell (null: none of the binary kinds). */
  kind: FileKind | null;
  bytes?: Buffer;
  path?: string;
}

async function readToMemory(part: { toBuffer(): Promise<Buffer> }, rule: FileRule, tooLarge: () => AppError): Promise<ReadFile> {
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  if (bytes.length > rule.maxBytes) throw tooLarge();
  return { size: bytes.length, kind: detectKind(bytes), bytes };
}

/**
 * Streams a file part to a new temporary file while it arrives: refused (and the file removed) as soon as it passes
 * the rule's size, or once its first bytes show a kind the rule does not take, so neither a large nor a wrong file is
 * ever held in memory or kept on disk. `on.first` runs before the first byte is written (the count check).
 */
async function streamToDisk(
  request: FastifyRequest,
  stream: Readable,
  rule: FileRule,
  on: { tooLarge(): AppError; wrongType(): AppError; first(): void },
): Promise<ReadFile> {
  const dir = (request.server as unknown as Record<symbol, string | undefined>)[TEMP_DIR] ?? uploadTempDir(path.join(tmpdir(), 'statewise'));
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomBytes(8).toString('hex')}.${ownerTag()}.part`);
  const owned = tempFiles.get(request) ?? [];
  tempFiles.set(request, owned);
  owned.push(file);
  let size = 0;
  let kind: FileKind | null = null;
  try {
    await pipeline(
      stream,
      async function* check(source: AsyncIterable<Buffer>) {
        let head: Buffer | null = Buffer.alloc(0);
        for await (const chunk of source) {
          if (!size) on.first();
          size += chunk.length;
          if (size > rule.maxBytes) throw on.tooLarge();
          if (!head) {
            yield chunk;
            continue;
          }
          head = Buffer.concat([head, chunk]);
          if (head.length < HEAD_BYTES) continue;
          kind = detectKind(head);
          if (!kind || !rule.kinds.includes(kind)) throw on.wrongType();
          yield head;
          head = null;
        }
        if (head) {
          kind = detectKind(head);
          yield head;
        }
      },
      createWriteStream(file, { flags: 'wx' }),
    );
  } catch (err) {
    await removeFile(file);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw on.tooLarge();
    throw err;
  }
  return { size, kind, path: file };
}
