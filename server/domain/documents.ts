import type { LICENSE_CONTENT_TYPES } from '../../contract';
import { AppError } from '../errors';
import { loadSharp } from '../libraries';
import { detectImageType, type ImageType } from './avatar';

export type LicenseContentType = (typeof LICENSE_CONTENT_TYPES)[number];

/** Longest side of a stored logo: the console header and printed certificates need no more. */
export const LOGO_PX = 512;
/** As for avatars: a small upload may still declare a huge canvas; this bounds decoding memory. */
const MAX_INPUT_PIXELS = 40_000_000;
/** A PDF ends with %%EOF, perhaps followed by a line break or a little padding some writers add. */
const PDF_TAIL_BYTES = 1024;

const IMAGE_CONTENT_TYPES: Record<ImageType, LicenseContentType> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

async function decoder(bytes: Buffer) {
  return (await loadSharp())(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
}

/** True when the image decodes as the type its signature claims (sharp would also take SVG, TIFF, GIF ...). */
async function decodesAs(bytes: Buffer, type: ImageType): Promise<boolean> {
  try {
    if ((await (await decoder(bytes)).metadata()).format !== type) return false;
    // A header can be fine over a truncated or corrupt body: decode it all (shrunk, so memory stays small).
    await (await decoder(bytes)).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

function isPdf(bytes: Buffer): boolean {
  if (bytes.toString('latin1', 0, 5) !== '%PDF-') return false;
  return bytes.subarray(Math.max(0, bytes.length - PDF_TAIL_BYTES)).includes('%%EOF', 0, 'latin1');
}

/**
 * The content type of a business license upload, decided by its bytes (never the name or the declared type): a
 * PDF (%PDF- at the start, %%EOF near the end) or a JPEG, PNG or WebP image that decodes. LICENSE_INVALID otherwise.
 * The bytes are kept as uploaded: the license is a legal document, shown only to its owner.
 */
export async function licenseContentType(bytes: Buffer): Promise<LicenseContentType> {
  if (isPdf(bytes)) return 'application/pdf';
  const type = detectImageType(bytes);
  if (type && (await decodesAs(bytes, type))) return IMAGE_CONTENT_TYPES[type];
  throw new AppError('LICENSE_INVALID');
}

/**
 * A logo upload, re-encoded: upright by its EXIF orientation, at most LOGO_PX on the long side, transparency kept,
 * every metadata block dropped. IMAGE_INVALID for anything but a JPEG, PNG or WebP image that decodes.
 */
export async function processLogo(bytes: Buffer): Promise<{ contentType: string; bytes: Buffer }> {
  const type = detectImageType(bytes);
  if (!type) throw new AppError('IMAGE_INVALID');
  try {
    if ((await (await decoder(bytes)).metadata()).format !== type) throw new AppError('IMAGE_INVALID');
    const logo = await (await decoder(bytes))
      .rotate()
      .resize(LOGO_PX, LOGO_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
    return { contentType: 'image/webp', bytes: logo };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('IMAGE_INVALID');
  }
}
