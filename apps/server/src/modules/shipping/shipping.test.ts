import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clock } from '../../lib/clock.ts';
import { haversineKm, pincodeDirectory } from '../../lib/pincode/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { newUser, newVendor } from '../../test/factories.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

/** A vendor picking up from `pickupPincode`; returns the vendor's user id (what products carry). */
async function vendorAt(pickupPincode: string, opts: { deleted?: boolean } = {}): Promise<string> {
  const { userId } = await newVendor(s.db, { vendor: { pickupPincode }, user: opts.deleted ? { deletedAt: new Date() } : {} });
  return userId;
}

const lookup = (pin: string) => s.app.inject({ method: 'GET', url: `/api/pincode/${pin}` });
const delivery = (payload: unknown) => s.app.inject({ method: 'POST', url: '/api/shipment/single-product/get-delivary-date', payload: payload as object });

describe('GET /api/pincode/{pincode}', () => {
  it("answers a known pincode in India Post's shape", async () => {
    const res = await lookup('110001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      Status: 'Success',
      Message: 'Number of pincode(s) found:1',
      PostOffice: [{ District: 'New Delhi', State: 'Delhi', Country: 'India', Pincode: '110001' }],
    });
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers a pincode without coordinates too (Kavaratti)', async () => {
    const res = await lookup('682555');
    expect(res.json().PostOffice[0]).toMatchObject({ District: 'Lakshadweep District', State: 'Lakshadweep' });
  });

  it('answers an unknown 6-digit pincode with Status Error, as India Post does', async () => {
    const res = await lookup('999999');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Status: 'Error', Message: 'No records found', PostOffice: null });
  });

  it.each(['12345', '1234567', '012345', 'abcdef', '11000a', '1100 01'])('refuses %s with 400', async (pin) => {
    const res = await lookup(pin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'Please enter valid pincode' });
  });
});

describe('GET /api/pincode/nearest', () => {
  const nearest = (q: string) => s.app.inject({ method: 'GET', url: `/api/pincode/nearest?${q}` });

  it('gives the pincode nearest to a position in Connaught Place', async () => {
    const res = await nearest('latitude=28.6315&longitude=77.2167');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Status: 'Success', PostOffice: [{ State: 'Delhi', Country: 'India' }] });
    expect(res.json().PostOffice[0].Pincode).toMatch(/^110\d{3}$/);
  });

  it('gives a Bengaluru pincode for a position in Bengaluru', async () => {
    const res = await nearest('latitude=12.9716&longitude=77.5946');
    expect(res.json().PostOffice[0]).toMatchObject({ District: 'Bengaluru Urban', State: 'Karnataka' });
  });

  it('answers Status Error for a position far outside India', async () => {
    const res = await nearest('latitude=51.5074&longitude=-0.1278');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Status: 'Error', Message: 'No pincode found near this location', PostOffice: null });
  });

  it.each([
    ['latitude=91&longitude=77', 'Latitude must be between -90 and 90'],
    ['latitude=12&longitude=-181', 'Longitude must be between -180 and 180'],
    ['latitude=abc&longitude=77', 'Latitude must be a number'],
    ['latitude=&longitude=77', 'Latitude must be a number'],
    ['longitude=77', 'Latitude must be a number'],
  ])('refuses %s with 400', async (q, message) => {
    const res = await nearest(q);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
  });
});

describe('POST /api/shipment/single-product/get-delivary-date', () => {
  let delhi: string;
  let dibrugarh: string;
  let ernakulam: string;
  beforeAll(async () => {
    delhi = await vendorAt('110001');
    dibrugarh = await vendorAt('786001');
    ernakulam = await vendorAt('682001');
  });

  /** Sets the server's clock. */
  const today = (iso: string) => vi.spyOn(clock, 'now').mockReturnValue(new Date(iso));
  beforeEach(() => {
    // Wednesday 19 Nov 2025, 15:30 in India.
    today('2025-11-19T10:00:00Z');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    ['110004', 'the same city', 2, '2025-11-21', 'Delivery by Fri, 21 Nov'],
    ['302001', 'Jaipur (235 km)', 3, '2025-11-22', 'Delivery by Sat, 22 Nov'],
    ['380001', 'Ahmedabad (776 km)', 4, '2025-11-24', 'Delivery by Mon, 24 Nov'],
    ['400001', 'Mumbai (1,166 km)', 5, '2025-11-25', 'Delivery by Tue, 25 Nov'],
    ['600001', 'Chennai (1,755 km)', 6, '2025-11-26', 'Delivery by Wed, 26 Nov'],
  ])('from Delhi to %s (%s) takes %d days', async (customerPincode, _where, days, date, text) => {
    const res = await delivery({ customerPincode, vendorIds: [delhi] });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(res.json().success).toBe(true);
    expect(data).toMatchObject({ deliveryDays: days, deliveryDate: date, deliveryText: text });
    const expectedKm = haversineKm(pincodeDirectory().get('110001')!.point!, pincodeDirectory().get(customerPincode)!.point!);
    expect(data.distanceKm).toBe(Math.round(expectedKm));
  });

  it('takes 7 days beyond 2,500 km (Dibrugarh to Thiruvananthapuram)', async () => {
    const res = await delivery({ customerPincode: '695001', vendorIds: [dibrugarh] });
    expect(res.json().data).toMatchObject({ deliveryDays: 7, deliveryDate: '2025-11-27' });
    expect(res.json().data.distanceKm).toBeGreaterThan(2500);
  });

  it('adds a day for the Andaman & Nicobar Islands', async () => {
    // 2,480 km: 6 days, +1 for the islands.
    const res = await delivery({ customerPincode: '744101', vendorIds: [delhi] });
    expect(res.json().data).toMatchObject({ deliveryDays: 7, deliveryDate: '2025-11-27', deliveryText: 'Delivery by Thu, 27 Nov' });
  });

  it('adds a day for Sikkim', async () => {
    const res = await delivery({ customerPincode: '737101', vendorIds: [delhi] });
    expect(res.json().data.deliveryDays).toBe(6);
  });

  it("measures a pincode without coordinates from its district's centre (Kavaratti 682555)", async () => {
    const directory = pincodeDirectory();
    const centre = directory.districtCentre('Lakshadweep', 'Lakshadweep District')!;
    const res = await delivery({ customerPincode: '682555', vendorIds: [ernakulam] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.distanceKm).toBe(Math.round(haversineKm(directory.get('682001')!.point!, centre)));
    // 300-800 km: 4 days, +1 for Lakshadweep.
    expect(res.json().data.deliveryDays).toBe(5);
  });

  it('uses the farthest vendor when several are given', async () => {
    const res = await delivery({ customerPincode: '110004', vendorIds: [delhi, ernakulam, delhi] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.deliveryDays).toBe(6);
    expect(res.json().data.distanceKm).toBeGreaterThan(2000);
  });

  it('skips the Sunday when counting from a Friday', async () => {
    today('2025-11-21T06:00:00Z');
    const res = await delivery({ customerPincode: '110004', vendorIds: [delhi] });
    expect(res.json().data).toMatchObject({ deliveryDays: 2, deliveryDate: '2025-11-24', deliveryText: 'Delivery by Mon, 24 Nov' });
  });

  it('counts from the India date just after midnight India time', async () => {
    // 19:00 UTC Saturday is 00:30 Sunday in India: +2 working days is Tuesday.
    today('2025-11-22T19:00:00Z');
    const res = await delivery({ customerPincode: '110004', vendorIds: [delhi] });
    expect(res.json().data.deliveryDate).toBe('2025-11-25');
  });

  it('accepts the pincode as a number', async () => {
    const res = await delivery({ customerPincode: 110004, vendorIds: [delhi] });
    expect(res.statusCode).toBe(200);
  });

  it("refuses a pincode not in the directory with 'Delivery not available to this pincode.'", async () => {
    const res = await delivery({ customerPincode: '999999', vendorIds: [delhi] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'Delivery not available to this pincode.' });
  });

  it.each(['12345', 'abcdef', '', '012345'])("refuses the malformed pincode '%s'", async (customerPincode) => {
    const res = await delivery({ customerPincode, vendorIds: [delhi] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter valid pincode');
  });

  it('refuses a request without a pincode', async () => {
    const res = await delivery({ vendorIds: [delhi] });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it.each([[[]], [undefined], ['not-a-list']])('refuses vendorIds %j', async (vendorIds) => {
    const res = await delivery({ customerPincode: '110004', vendorIds });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose a vendor to check delivery');
  });

  it('refuses a malformed vendor id', async () => {
    const res = await delivery({ customerPincode: '110004', vendorIds: ['42'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid id');
  });

  it("answers 404 'Vendor not found' for an unknown vendor, even beside a known one", async () => {
    for (const vendorIds of [[randomUUID()], [delhi, randomUUID()]]) {
      const res = await delivery({ customerPincode: '110004', vendorIds });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Vendor not found' });
    }
  });

  it('answers 404 for a user who is not a vendor, or a deleted vendor', async () => {
    const plain = await newUser(s.db);
    const gone = await vendorAt('110001', { deleted: true });
    for (const id of [plain.id, gone]) {
      const res = await delivery({ customerPincode: '110004', vendorIds: [id] });
      expect(res.statusCode).toBe(404);
    }
  });

  it("answers 409, not 500, when a vendor's stored pickup pincode is not a pincode", async () => {
    const vendor = await vendorAt('n/a');
    const res = await delivery({ customerPincode: '110004', vendorIds: [vendor] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This seller has no valid pickup pincode, so delivery cannot be estimated');
  });

  it("estimates from the postal region when a vendor's pickup pincode is newer than the directory", async () => {
    const vendor = await vendorAt('110098');
    expect(pincodeDirectory().get('110098')).toBeUndefined();
    const res = await delivery({ customerPincode: '110004', vendorIds: [vendor] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.deliveryDays).toBe(2);
  });
});

describe('OpenAPI', () => {
  it('documents the pincode and delivery calls', async () => {
    const paths = Object.keys((await s.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/pincode/{pincode}', '/api/pincode/nearest', '/api/shipment/single-product/get-delivary-date']));
  });
});
