import { z } from 'zod';
import { address, addressBody, addressPatchBody, envelope, MSG, objectId, ROLES } from '@statewise/contract';
import type { Module } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { bodyOrEmpty, ok } from '../../lib/http.ts';
import { toAddress } from './serialize.ts';
import { createAddress, deleteAddress, getAddress, listAddresses, updateAddress } from './service.ts';

const tags = ['addresses'];
const security = [{ bearer: [] }];
const params = z.object({ id: objectId });

const RULES =
  "Checked in this order with the signed-in drawer's messages: firstName ('Firstname is required'), lastName " +
  "('Lastname is required'), mobile ('Mobile number is required', 'Mobile number must be 10 digits'), streetAddress " +
  "('Street address is required'), pincode ('Pincode is required', 'Pincode must be 6 digits'), city, state, country " +
  "(India only: 'We deliver only in India'), email (optional: 'Enter a valid email address'), landmark and " +
  "shippingNote (optional). Then the pincode must be in the directory ('No places found for this pincode') and city " +
  "and state, when given, its district and state ('City does not match the pincode', 'State does not match the " +
  "pincode'); left out, they are filled from it. The first failing field is the message; errors has each field's.";

/** Saved addresses (shopping §7 Address): the owner only; another account's address is a 404. */
export const addressesModule: Module = (app, ctx) => {
  const auth = requireAuth(ctx, ROLES.signedIn);

  app.get(
    '/address',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'The saved addresses, oldest first (the last is the newest)',
        response: { 200: envelope(z.array(address)) },
      },
    },
    async (request) => ok((await listAddresses(ctx.db, currentUser(request).id)).map(toAddress)),
  );

  app.post(
    '/address',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Saves an address',
        description: `${RULES} 409 when 20 addresses are saved. 201 with the address.`,
        body: addressBody,
        response: { 201: envelope(address) },
      },
    },
    async (request, reply) => {
      const row = await createAddress(ctx.db, currentUser(request).id, request.body);
      return reply.status(201).send(ok(toAddress(row), MSG.addressAdded));
    },
  );

  app.get(
    '/address/:id',
    {
      preHandler: auth,
      schema: { tags, security, summary: 'One saved address', description: "404 'Address not found'.", params, response: { 200: envelope(address) } },
    },
    async (request) => ok(toAddress(await getAddress(ctx.db, currentUser(request).id, request.params.id))),
  );

  app.patch(
    '/address/:id',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Changes a saved address',
        description:
          `Any of the fields, each checked as on create. ${RULES} A new pincode without city and state refills them. ` +
          "email '' or null removes it. 404 'Address not found'.",
        params,
        body: bodyOrEmpty(addressPatchBody),
        response: { 200: envelope(address) },
      },
    },
    async (request) => ok(toAddress(await updateAddress(ctx.db, currentUser(request).id, request.params.id, request.body)), MSG.addressUpdated),
  );

  app.delete(
    '/address/:id',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Deletes a saved address',
        description: "404 'Address not found'. data: {_id} of the deleted address.",
        params,
        response: { 200: envelope(z.object({ _id: z.string() })) },
      },
    },
    async (request) => {
      await deleteAddress(ctx.db, currentUser(request).id, request.params.id);
      return ok({ _id: request.params.id }, MSG.addressDeleted);
    },
  );
};
