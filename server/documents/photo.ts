import { loadSharp } from '../libraries';

/** The photo box on the ticket: 30 × 42 mm, the proportions of a 295 × 413 px ID photo. */
export const PHOTO_MM = { width: 30, height: 42 } as const;
/** 300 dpi over the box: sharp on paper, and a few dozen KB per ticket in a group's file of hundreds. */
const PRINT_PX = { width: 354, height: 496 };
/** As for uploads: bounds the memory of decoding whatever is stored. */
const MAX_INPUT_PIXELS = 40_000_000;
const PRINTABLE_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * The stored photo as the ticket prints it: upright by its EXIF orientation, cropped from the centre to the box's
 * proportions, at 300 dpi, as a JPEG (pdfkit embeds JPEG and PNG; stored avatars are WebP). Throws for bytes that are
 * not a JPEG, PNG or WebP image: uploads are checked, so such bytes mean a fault, not a photo to skip silently.
 */
export async function photoForPrint(bytes: Buffer): Promise<Buffer> {
  const image = (await loadSharp())(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const { format } = await image.metadata();
  if (!format || !PRINTABLE_FORMATS.has(format)) throw new Error(`The stored photo is not printable (${format})`);
  return image
    .rotate()
    .resize(PRINT_PX.width, PRINT_PX.height, { fit: 'cover' })
    .flatten({ background: '#FFFFFF' })
    .jpeg({ quality: 85 })
    .toBuffer();
}
