import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

const WIDTH = 640;
const HEIGHT = 480;
/** One second at 10 frames a second: Chromium loops the file, so the QR stays in view. */
const FRAMES = 10;

/**
 * Writes a Y4M video (what Chromium's --use-file-for-fake-video-capture plays as the camera) of `image` centred on
 * white, as a phone held over a printed ticket would see it: 4:2:0, grey (only the luminance carries the code).
 */
export async function writeCameraVideo(image: Buffer, file: string): Promise<void> {
  const side = Math.min(WIDTH, HEIGHT) - 80;
  const luminance = await sharp(image)
    .flatten({ background: '#ffffff' })
    .resize(side, side, { fit: 'contain', background: '#ffffff', kernel: 'nearest' })
    .extend({
      top: (HEIGHT - side) / 2,
      bottom: (HEIGHT - side) / 2,
      left: (WIDTH - side) / 2,
      right: (WIDTH - side) / 2,
      background: '#ffffff',
    })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luminance, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}
