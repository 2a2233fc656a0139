import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants.ts';
import { MSG } from '../messages.ts';

/** Every success body: `{success:true, message?, data}` (API.md, The envelope). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data });
}

export const errorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Object ids are UUIDs; a malformed one is bad input (400), a well-formed unknown one is 404. */
export const objectId = z.uuid({ error: MSG.invalidId });

export const page = z.coerce.number({ error: MSG.pageInvalid }).int({ error: MSG.pageInvalid }).min(1, { error: MSG.pageInvalid });
export const pageSize = (fallback: number) =>
  z.coerce
    .number({ error: MSG.pageSizeInvalid })
    .int({ error: MSG.pageSizeInvalid })
    .min(1, { error: MSG.pageSizeInvalid })
    .max(MAX_PAGE_SIZE, { error: MSG.pageSizeInvalid })
    .default(fallback);

export const pincode = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^[1-9][0-9]{5}$/, { error: MSG.invalidPincode }));

/** Booleans that old clients send as strings ("true"/"false"). */
export const boolish = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
