import type { FastifyBaseLogger } from 'fastify';
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import {
  MSG,
  sellerChecks,
  type ApplicationStatus,
  type CheckSellerResult,
  type VendorRegistrationStepOne,
  type VendorRegistrationStepTwo,
} from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { categories, sellerApplications, users, vendors, type SellerApplicationRow } from '../../db/schema/index.ts';
import { artUrl } from '../../lib/art/url.ts';
import { recordAudit } from '../../lib/audit.ts';
import { forgetUserSessions, type AuthUser } from '../../lib/auth.ts';
import { clock } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound, type AppError } from '../../lib/errors.ts';
import { pincodeDirectory } from '../../lib/pincode/index.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import { transaction } from '../../lib/transaction.ts';
import { isUniqueViolation } from '../auth/service.ts';
import { enqueueNotification } from '../notifications/outbox.ts';
import { updateProfile } from '../profile/service.ts';
import { toSellerRecord, type ApplicationWithPeople } from './serialize.ts';

/** The contexts PAN and account boxes are sealed under: a box copied to another row or field does not open. */
const panContext = (userId: string) => `pan:${userId}`;
const accountContext = (userId: string) => `bank-account:${userId}`;

const boxes = new Map<string, SecretBox>();
/** One SecretBox per key (its key derivation is done once). */
export function secretBox(ctx: Pick<AppContext, 'config'>): SecretBox {
  const secret = ctx.config.dataEncryptionKey;
  let box = boxes.get(secret);
  if (!box) boxes.set(secret, (box = new SecretBox(secret)));
  return box;
}

/** Last four characters, kept in clear beside a sealed number so it can be shown masked without opening it. */
const last4 = (value: string) => value.slice(-4);

async function applicationOf(db: DbOrTx, userId: string): Promise<SellerApplicationRow | undefined> {
  const [row] = await db.select().from(sellerApplications).where(eq(sellerApplications.userId, userId)).limit(1);
  return row;
}

/**
 * GET user/checkSeller: [] when the person never applied; otherwise the application's step (1 pending or rejected,
 * 2 approved) and status. A vendors row without an application (the seeded stores) answers from its own step.
 */
export async function sellerRecords(db: DbOrTx, userId: string): Promise<CheckSellerResult> {
  const app = await applicationOf(db, userId);
  if (app) return [toSellerRecord(app)];
  const rows = await db.select({ registrationStep: vendors.registrationStep }).from(vendors).where(eq(vendors.userId, userId)).limit(1);
  return rows.map((r) => ({ registrationCompletionStep: r.registrationStep >= 2 ? 2 : 1 }));
}

/** 409 slugTaken when another person's store or application already uses `slug`. */
async function checkSlugFree(db: DbOrTx, slug: string, userId: string): Promise<void> {
  const [store] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.slug, slug), ne(vendors.userId, userId)))
    .limit(1);
  const [other] = store
    ? [store]
    : await db
        .select({ id: sellerApplications.id })
        .from(sellerApplications)
        .where(and(eq(sellerApplications.slug, slug), ne(sellerApplications.userId, userId)))
        .limit(1);
  if (other) throw conflict(MSG.slugTaken);
}

/** A unique-index clash on insert or update, as the message the person can act on. */
function uniqueClash(err: unknown): AppError | null {
  if (!isUniqueViolation(err)) return null;
  const e = err as { constraint?: string; cause?: { constraint?: string } };
  const name = e.constraint ?? e.cause?.constraint ?? '';
  if (name.includes('slug')) return conflict(MSG.slugTaken);
  return conflict(MSG.sellerAlreadyApplied);
}

/**
 * POST vendor/initiateVendorRegistration (step one; ADR 014). Users only: a vendor is told they already sell, an
 * admin is refused. The profile needs an e-mail (the decision is sent there); the product categories must be ones
 * shoppers can see; the slug must be free. A pending application is not replaced; a rejected one is resubmitted
 * (pending again, the old decision cleared, step two to be given again).
 */
export async function initiateRegistration(ctx: AppContext, caller: AuthUser, body: VendorRegistrationStepOne): Promise<SellerApplicationRow> {
  if (caller.role === 'vendor') throw forbidden(MSG.sellerAlreadyVendor);
  if (caller.role !== 'user') throw forbidden();
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, caller.id));
  if (!user?.email) throw badRequest(MSG.sellerEmailNeeded);

  const categoryIds = [...new Set(body.productCategory)];
  const found = await ctx.db
    .select({ id: categories.id })
    .from(categories)
    .where(and(inArray(categories.id, categoryIds), eq(categories.isHidden, false)));
  if (found.length !== categoryIds.length) throw badRequest(MSG.productCategoryUnknown, { productCategory: MSG.productCategoryUnknown });

  const existing = await applicationOf(ctx.db, caller.id);
  if (existing && existing.status !== 'rejected') throw conflict(MSG.sellerAlreadyApplied);
  // A store row without an application: a seeded seller awaiting approval.
  const [store] = await ctx.db.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, caller.id)).limit(1);
  if (store) throw conflict(MSG.sellerAlreadyApplied);
  await checkSlugFree(ctx.db, body.vendorSlug, caller.id);

  const now = clock.now();
  const values = {
    status: 'pending' as const,
    brandName: body.brandName,
    sellerName: body.sellerName,
    slug: body.vendorSlug,
    vendorCategories: [...new Set(body.vendorCategory)],
    productCategoryIds: categoryIds,
    panEncrypted: secretBox(ctx).seal(body.panNumber, panContext(caller.id)),
    panLast4: last4(body.panNumber),
    facebookLink: body.facebookProfileLink,
    callingNumber: body.callingNumber,
    whatsappNumber: body.whatsappNumber,
    avatar: body.avatar,
    checks: sellerChecks({ panNumber: body.panNumber }),
    detailsSubmittedAt: null,
    decisionNote: null,
    decidedBy: null,
    decidedAt: null,
    updatedAt: now,
  };
  try {
    if (existing) {
      // Only a rejected one gets here; the status condition keeps two resubmissions from both counting.
      const [row] = await ctx.db
        .update(sellerApplications)
        .set(values)
        .where(and(eq(sellerApplications.id, existing.id), eq(sellerApplications.status, 'rejected')))
        .returning();
      if (!row) throw conflict(MSG.sellerAlreadyApplied);
      return row;
    }
    const [row] = await ctx.db
      .insert(sellerApplications)
      .values({ ...values, userId: caller.id, createdAt: now })
      .returning();
    return row!;
  } catch (err) {
    throw uniqueClash(err) ?? err;
  }
}

/** The PAN on `userId`'s seller application, opened; null without an application or a PAN (seeded stores). */
export async function applicantPan(ctx: Pick<AppContext, 'db' | 'config'>, userId: string): Promise<string | null> {
  const app = await applicationOf(ctx.db, userId);
  return app?.panEncrypted ? secretBox(ctx).open(app.panEncrypted, panContext(userId)) : null;
}

/**
 * The store's settings changed its GSTIN or pickup point (vendor-store): the seller application, which the step-two
 * edit form starts from and sends back, follows, so a later edit there does not put the old values back on the store.
 */
export async function applicationFollowsStore(
  db: DbOrTx,
  userId: string,
  change: { gstin?: string | null; pickup?: { pincode: string; city: string; state: string } },
): Promise<void> {
  const set: Partial<typeof sellerApplications.$inferInsert> = {};
  if (change.gstin !== undefined) Object.assign(set, { gstin: change.gstin, gstRegistered: change.gstin !== null });
  if (change.pickup) Object.assign(set, { shippingPincode: change.pickup.pincode, shippingCity: change.pickup.city, shippingState: change.pickup.state });
  if (!Object.keys(set).length) return;
  await db.update(sellerApplications).set({ ...set, updatedAt: clock.now() }).where(eq(sellerApplications.userId, userId));
}

/** 400 pincodeNotFound (on the field) for a PIN the directory does not know. */
function checkPincode(pincode: string, field: string): void {
  if (!pincodeDirectory().get(pincode)) throw badRequest(MSG.pincodeNotFound, { [field]: MSG.pincodeNotFound });
}

/**
 * A seeded vendor (a store without an application) editing its details for the first time: an approved
 * application is made from the store so the bank details have a home. It has no PAN (pan check failed).
 */
async function applicationFromStore(tx: Tx, userId: string): Promise<SellerApplicationRow | undefined> {
  const [store] = await tx.select().from(vendors).where(eq(vendors.userId, userId)).limit(1);
  if (!store) return undefined;
  const [row] = await tx
    .insert(sellerApplications)
    .values({
      userId,
      status: store.registrationStep >= 2 ? 'approved' : 'pending',
      brandName: store.brandName || store.sellerName,
      sellerName: store.sellerName,
      slug: store.slug,
      checks: [],
    })
    .onConflictDoNothing()
    .returning();
  return row ?? applicationOf(tx, userId);
}

/**
 * POST vendor/completeVendorRegistration (step two, multipart): the applicant's business, GST, addresses and bank;
 * or an approved vendor editing them (isEditProfile), whose store's address, pickup pincode and GSTIN follow. The
 * picture, when sent, is the person's profile picture (stored by the profile's own function). The offline checks
 * are computed and kept for the admin.
 */
export async function completeRegistration(
  ctx: AppContext,
  caller: AuthUser,
  body: VendorRegistrationStepTwo,
  image: Buffer | undefined,
): Promise<SellerApplicationRow> {
  if (caller.role === 'admin') throw forbidden();
  let app = await applicationOf(ctx.db, caller.id);
  const [store] = await ctx.db.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, caller.id)).limit(1);
  if (!app && !store) throw badRequest(MSG.sellerNotApplied);

  const gst = body.isGSTRegistered === 'Yes';
  checkPincode(body.pincode, 'pincode');
  if (gst) checkPincode(body.billingPincode, 'billingPincode');

  const box = secretBox(ctx);
  const pan = app?.panEncrypted ? box.open(app.panEncrypted, panContext(caller.id)) : '';
  // The GSTIN carries its holder's PAN (characters 3–12): another PAN's GSTIN is not this seller's.
  if (gst && pan && body.gstNumber.slice(2, 12) !== pan) throw badRequest(MSG.gstPanMismatch, { gstNumber: MSG.gstPanMismatch });

  // Names and picture go to the profile, through the profile's own rules and storage.
  const editNames = body.isEditProfile ? { firstname: body.firstname, lastname: body.lastname } : {};
  if (image || body.isEditProfile) await updateProfile(ctx, caller, { ...editNames, picture: image });

  const now = clock.now();
  const step = {
    gstRegistered: gst,
    gstin: gst ? body.gstNumber : null,
    billingAddress: gst ? body.billingAddress : null,
    billingCity: gst ? body.billingCity : null,
    billingPincode: gst ? body.billingPincode : null,
    billingState: gst ? body.billingFromState : null,
    billingCountry: gst ? body.billingFromCountry : null,
    shippingAddress: body.shippingAddress,
    shippingCity: body.shippingCity,
    shippingPincode: body.pincode,
    shippingState: body.shippingFromState,
    shippingCountry: body.shippingFromCountry,
    bankHolderName: body.bankAccountHolderName,
    bankAccountEncrypted: box.seal(body.bankAccountNumber, accountContext(caller.id)),
    bankAccountLast4: last4(body.bankAccountNumber),
    bankIfsc: body.bankIFSCCode,
    bankBranch: body.bankBranchName,
    checks: sellerChecks({
      panNumber: pan,
      isGstRegistered: gst,
      gstNumber: gst ? body.gstNumber : null,
      billingState: gst ? body.billingFromState : null,
      bankIFSCCode: body.bankIFSCCode,
      bankAccountNumber: body.bankAccountNumber,
    }),
    detailsSubmittedAt: now,
    updatedAt: now,
  };

  const updated = await transaction(ctx.db, async (tx) => {
    app ??= await applicationFromStore(tx, caller.id);
    if (!app) throw badRequest(MSG.sellerNotApplied);
    const [row] = await tx.update(sellerApplications).set(step).where(eq(sellerApplications.id, app.id)).returning();
    if (store) {
      // A live store's pickup point and GSTIN are what deliveries and invoices read.
      await tx
        .update(vendors)
        .set({ address: body.shippingAddress, city: body.shippingCity, state: body.shippingFromState, pickupPincode: body.pincode, gstin: gst ? body.gstNumber : null })
        .where(eq(vendors.id, store.id));
    }
    return row!;
  });
  if (store) ctx.catalogueCache.invalidate();
  return updated;
}

// ---------------------------------------------------------------------------------------------------------------
// The admin's queue.

/** Applications with their applicant and product category names, for serialising. */
async function withPeople(db: DbOrTx, rows: SellerApplicationRow[]): Promise<ApplicationWithPeople[]> {
  if (!rows.length) return [];
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const categoryIds = [...new Set(rows.flatMap((r) => r.productCategoryIds))];
  const [people, cats] = await Promise.all([
    db
      .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email, mobile: users.mobile })
      .from(users)
      .where(inArray(users.id, userIds)),
    categoryIds.length ? db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, categoryIds)) : [],
  ]);
  const personById = new Map(people.map((p) => [p.id, p]));
  const categoryById = new Map(cats.map((c) => [c.id, c]));
  return rows.map((row) => ({
    row,
    user: personById.get(row.userId) ?? { id: row.userId, firstname: '', lastname: '', email: null, mobile: null },
    categories: row.productCategoryIds.flatMap((id) => {
      const c = categoryById.get(id);
      return c ? [c] : [];
    }),
  }));
}

/** GET admin/seller-applications: newest first, optionally one status, paged, with the total. */
export async function listApplications(
  db: DbOrTx,
  q: { status?: ApplicationStatus; page: number; pageSize: number },
): Promise<{ applications: ApplicationWithPeople[]; count: number }> {
  const where = q.status ? eq(sellerApplications.status, q.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sellerApplications)
      .where(where)
      .orderBy(desc(sellerApplications.createdAt), desc(sellerApplications.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(sellerApplications).where(where),
  ]);
  return { applications: await withPeople(db, rows), count: total?.n ?? 0 };
}

/** The caller's own application (to fill the step-two form when editing); 404 sellerNotApplied without one. */
export async function ownApplication(db: DbOrTx, userId: string): Promise<ApplicationWithPeople> {
  const row = await applicationOf(db, userId);
  if (!row) throw notFound(MSG.sellerNotApplied);
  return (await withPeople(db, [row]))[0]!;
}

export async function getApplication(db: DbOrTx, id: string): Promise<ApplicationWithPeople> {
  const [row] = await db.select().from(sellerApplications).where(eq(sellerApplications.id, id)).limit(1);
  if (!row) throw notFound(MSG.applicationNotFound);
  return (await withPeople(db, [row]))[0]!;
}

/** A new store's banner until the vendor uploads one: drawn with the brand's name, so the store page is never bare. */
function storeBanner(app: SellerApplicationRow): string {
  const label = app.brandName.replace(/[^\p{L}\p{N} &'.,-]/gu, '').trim().slice(0, 40);
  return artUrl({ kind: 'vendor-banner', motif: app.avatar === '2' ? 'paisley' : 'mandala', palette: 2, seed: 950 + (app.slug.length % 50), ...(label ? { label } : {}) });
}

/** The store's picture: the avatar chosen at step one (1 or 2), drawn with the brand's initials. */
function storeAvatar(app: SellerApplicationRow): string {
  const initials = app.brandName
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 1))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const [motif, palette] = app.avatar === '2' ? (['paisley', 5] as const) : (['mandala', 1] as const);
  return artUrl({ kind: 'avatar', motif, palette, seed: 900 + (app.slug.length % 50), ...(initials ? { label: initials } : {}) });
}

/** Locks the application for a decision: 404 unknown, 409 already decided. */
async function pendingForDecision(tx: Tx, id: string): Promise<SellerApplicationRow> {
  const [app] = await tx.select().from(sellerApplications).where(eq(sellerApplications.id, id)).for('update');
  if (!app) throw notFound(MSG.applicationNotFound);
  if (app.status !== 'pending') throw conflict(MSG.applicationNotPending);
  return app;
}

/**
 * POST admin/seller-applications/{id}/approve (ADR 014): in one transaction the store is made from the
 * application (slug, brand, seller name, avatar, pickup pincode = shipping pincode, address, GSTIN), goes live
 * (registration step 2), the person's role becomes vendor, and the decision is recorded with who and when.
 */
export async function approveApplication(ctx: AppContext, log: FastifyBaseLogger, actorId: string, id: string, note: string | undefined) {
  const decided = await transaction(ctx.db, async (tx) => {
    const app = await pendingForDecision(tx, id);
    if (!app.detailsSubmittedAt || !app.shippingPincode) throw conflict(MSG.applicationNeedsDetails);
    await checkSlugFree(tx, app.slug, app.userId);
    const now = clock.now();
    const store = {
      brandName: app.brandName,
      sellerName: app.sellerName,
      slug: app.slug,
      avatar: storeAvatar(app),
      pickupPincode: app.shippingPincode,
      address: app.shippingAddress ?? '',
      city: app.shippingCity ?? '',
      state: app.shippingState ?? '',
      gstin: app.gstRegistered ? app.gstin : null,
      registrationStep: 2,
    };
    try {
      await tx
        .insert(vendors)
        .values({ ...store, banner: storeBanner(app), userId: app.userId, createdAt: now })
        .onConflictDoUpdate({ target: vendors.userId, set: store });
    } catch (err) {
      throw uniqueClash(err) ?? err;
    }
    await tx.update(users).set({ role: 'vendor', updatedAt: now }).where(and(eq(users.id, app.userId), eq(users.role, 'user')));
    const [row] = await tx
      .update(sellerApplications)
      .set({ status: 'approved', decisionNote: note || null, decidedBy: actorId, decidedAt: now, updatedAt: now })
      .where(eq(sellerApplications.id, id))
      .returning();
    await recordAudit(tx, { actorId, action: 'approve', entity: 'seller_application', entityId: id, detail: { slug: app.slug, userId: app.userId, note: note || null } });
    // told after the commit by the outbox: a decision that rolls back tells no one, a failed send is retried
    await enqueueNotification(tx, 'seller-decision', app.userId, { applicationId: id });
    return row!;
  });
  // the new role on the person's next request, not when their remembered token runs out
  forgetUserSessions(decided.userId);
  // The trigger moved the catalogue version; this process reads it at once (directory, store page).
  ctx.catalogueCache.invalidate();
  return getApplication(ctx.db, decided.id);
}

/** POST admin/seller-applications/{id}/reject: a pending application, with the reason the applicant is told. */
export async function rejectApplication(ctx: AppContext, log: FastifyBaseLogger, actorId: string, id: string, reason: string) {
  const decided = await transaction(ctx.db, async (tx) => {
    await pendingForDecision(tx, id);
    const now = clock.now();
    const [row] = await tx
      .update(sellerApplications)
      .set({ status: 'rejected', decisionNote: reason, decidedBy: actorId, decidedAt: now, updatedAt: now })
      .where(eq(sellerApplications.id, id))
      .returning();
    await recordAudit(tx, { actorId, action: 'reject', entity: 'seller_application', entityId: id, detail: { userId: row!.userId, reason } });
    await enqueueNotification(tx, 'seller-decision', row!.userId, { applicationId: id });
    return row!;
  });
  return getApplication(ctx.db, decided.id);
}
