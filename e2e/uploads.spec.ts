import { expect, test } from './fixtures.ts';
import sharp from 'sharp';
import { createUser, signIn } from './helpers.ts';

/*
 * The upload pipeline seen from the profile page (issue 10, "Uploads"): a phone photo with GPS is stored as WebP
 * in several widths and shown with a srcset; a text file renamed .jpg is refused by its content.
 */

/** A phone photo: 1200×900, camera and GPS EXIF. */
const phonePhoto = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 190, g: 70, b: 40 } } })
    .jpeg()
    .withExifMerge({ IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '26/1 55/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '75/1 49/1 0/1' } })
    .toBuffer();

test('a profile photo is stored in several widths without its GPS and shown with a srcset', async ({ page, request }) => {
  const person = await createUser(request, 'Meera', 'Iyer');
  await signIn(page, person);
  await page.goto('/edit-profile-user');
  await page.getByLabel('Profile picture').setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() });
  await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
  await expect(page.getByText('Your profile has been Updated')).toBeVisible();

  await page.goto('/profile');
  const avatar = page.locator('img[srcset*="/uploads/profile/"]').first();
  await expect(avatar).toBeVisible();
  const srcset = (await avatar.getAttribute('srcset'))!;
  expect(srcset).toMatch(/-320w\.webp 320w, .*-640w\.webp 640w$/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // what the browser downloads carries no trace of the camera or the place
  for (const entry of srcset.split(', ')) {
    const res = await request.get(entry.split(' ')[0]!);
    expect(res.headers()['content-type']).toBe('image/webp');
    const body = await res.body();
    expect(body.includes(Buffer.from('PhoneCam'))).toBe(false);
    expect((await sharp(body).metadata()).exif).toBeUndefined();
  }
});

test('a text file renamed .jpg is refused with the picture message and nothing is saved; a photo without a type is kept', async ({ page, request }) => {
  const person = await createUser(request, 'Kabir', 'Sethi');
  await signIn(page, person);
  await page.goto('/edit-profile-user');
  await page.getByLabel('Profile picture').setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('definitely not a photo') });
  await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please upload a JPG, PNG or WebP image' })).toBeVisible();
  // the refused file's preview is gone; the initials are back
  await expect(page.locator('img[src^="blob:"]')).toHaveCount(0);
  const profile = await (await request.get('/api/user', { headers: { authorization: `Bearer ${person.accessToken}` } })).json();
  expect(profile.data.picture).toBe('');

  // a real photo with no type and no extension (as some phone pickers give it) is judged by its bytes and kept
  await page.getByLabel('Profile picture').setInputFiles({ name: 'photo', mimeType: '', buffer: await phonePhoto() });
  await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
  await expect(page.getByText('Your profile has been Updated')).toBeVisible();
  const saved = await (await request.get('/api/user', { headers: { authorization: `Bearer ${person.accessToken}` } })).json();
  expect(saved.data.picture).toMatch(/^\/uploads\/profile\/[0-9a-f]{32}-640w\.webp$/);
});
