import { z } from 'zod';
import { deliveryDateBody, deliveryDateResult, envelope, nearestPincodeQuery, pincode, pincodeLookup } from '@statewise/contract';
import type { Module } from '../../context.ts';
import { clock } from '../../lib/clock.ts';
import { ok } from '../../lib/http.ts';
import { deliveryDate, lookupPincode, NEAREST_MAX_KM, nearestPincode } from './service.ts';

/** The directory only changes with a deploy; a day's caching spares repeated lookups while typing. */
const PINCODE_CACHE = 'public, max-age=86400';

const indiaPostShape =
  'The body is India Post\'s pincode API shape, NOT our envelope (the spec calls that third-party API; we serve it ' +
  'from the India Post directory shipped in the repo, GODL-India): `Status` "Success" with `PostOffice[0].District` ' +
  '(the city) and `State`, or `Status` "Error" with `PostOffice: null`. Bad input is a 400 in our error envelope.';

/** Pincode lookup, nearest pincode to a position, and the delivery estimate (shopping spec §4, §7). */
export const shippingModule: Module = (app, ctx) => {
  app.get(
    '/pincode/nearest',
    {
      schema: {
        tags: ['shipping'],
        summary: 'The nearest pincode to a latitude and longitude (replaces reverse geocoding)',
        description: `${indiaPostShape} "Error" when no pincode lies within ${NEAREST_MAX_KM} km (outside India).`,
        querystring: nearestPincodeQuery,
        response: { 200: pincodeLookup },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PINCODE_CACHE);
      return nearestPincode({ lat: request.query.latitude, lon: request.query.longitude });
    },
  );

  app.get(
    '/pincode/:pincode',
    {
      schema: {
        tags: ['shipping'],
        summary: 'District and state of a pincode',
        description: `${indiaPostShape} 400 "Please enter valid pincode" unless 6 digits starting 1-9.`,
        params: z.object({ pincode }),
        response: { 200: pincodeLookup },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PINCODE_CACHE);
      return lookupPincode(request.params.pincode);
    },
  );

  app.post(
    '/shipment/single-product/get-delivary-date',
    {
      schema: {
        tags: ['shipping'],
        summary: 'Delivery days and date from the vendors to a pincode',
        description:
          'vendorIds are vendor user ids (product.vendorId). Distance: the largest great-circle distance from a ' +
          "vendor's pickup pincode to the customer's (district centre when a pincode has no coordinates). Bands: " +
          '≤50 km 2 days, ≤300 km 3, ≤800 km 4, ≤1,500 km 5, ≤2,500 km 6, farther 7; +1 day for Andaman & Nicobar, ' +
          'Lakshadweep, Ladakh and the North-East hill states. Working days from today in India time, Sundays skipped. ' +
          '400 "Delivery not available to this pincode." for a pincode not in the directory; 404 for an unknown vendor.',
        body: deliveryDateBody,
        response: { 200: envelope(deliveryDateResult) },
      },
    },
    async (request) => ok(await deliveryDate(ctx.db, request.body, clock.now())),
  );
};
