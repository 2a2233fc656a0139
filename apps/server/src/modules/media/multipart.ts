import type { FastifyRequest } from 'fastify';
import { MSG } from '@statewise/contract';
import { AppError, badRequest } from '../../lib/errors.ts';
import { refuseNul } from '../../lib/http.ts';
import { CONTENT_TYPES, detectKind, IMAGE_KINDS, isUtf8Text, type FileKind } from './detect.ts';

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
  bytes: Buffer;
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
  try {
    const parts = request.parts({
      // One more file than allowed, so our per-field count (with the caller's message) answers before busboy's.
      limits: { fileSize: largest, files: totalFiles + 1, fields: MAX_FIELDS, fieldSize: maxFieldBytes, parts: MAX_FIELDS + totalFiles + 1 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new AppError(413, `'${part.fieldname}' is too long`, { [part.fieldname]: 'Too long' });
        addField(part.fieldname, part.value);
        continue;
      }
      const rule = Object.hasOwn(policy.files, part.fieldname) ? policy.files[part.fieldname] : undefined;
      if (!rule) throw badRequest(`Unexpected file field '${part.fieldname}'`);
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, rule.tooLarge, { [part.fieldname]: rule.tooLarge });
        throw err;
      }
      if (!bytes.length && !part.filename) continue; // "no file chosen"
      if (bytes.length > rule.maxBytes) throw new AppError(413, rule.tooLarge, { [part.fieldname]: rule.tooLarge });
      const count = (counts.get(part.fieldname) ?? 0) + 1;
      counts.set(part.fieldname, count);
      if (count > (rule.maxCount ?? 1)) {
        const message = rule.tooMany ?? `Please upload at most ${rule.maxCount ?? 1} file${(rule.maxCount ?? 1) === 1 ? '' : 's'} as '${part.fieldname}'`;
        throw badRequest(message, { [part.fieldname]: message });
      }
      const kind = detectKind(bytes) ?? (rule.kinds.includes('csv') && isUtf8Text(bytes) ? 'csv' : null);
      if (!kind || !rule.kinds.includes(kind)) throw new AppError(415, rule.wrongType, { [part.fieldname]: rule.wrongType });
      (out.files[part.fieldname] ??= []).push({ field: part.fieldname, filename: part.filename, kind, contentType: CONTENT_TYPES[kind], bytes });
    }
  } catch (err) {
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
  }
  return out;
}
