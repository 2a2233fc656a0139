import sharp from 'sharp';
const [,, file, h] = process.argv; const seg = Number(h || 1400);
const meta = await sharp(file).metadata();
let i = 0;
for (let top = 0; top < meta.height; top += seg, i++) {
  const height = Math.min(seg, meta.height - top);
  await sharp(file).extract({ left: 0, top, width: meta.width, height }).toFile(file.replace('.png', `-${i}.png`));
}
console.log(i, 'segments');
