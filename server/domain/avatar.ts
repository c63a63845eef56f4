import type { Metadata } from 'sharp';
import { PHOTO_MIN_HEIGHT, PHOTO_MIN_WIDTH } from '../../contract/photo';
import { AppError } from '../errors';
import { loadSharp } from '../libraries';

export type ImageType = 'jpeg' | 'png' | 'webp';

/** Longest side of the stored avatar (profile page, ticket). */
export const AVATAR_IMAGE_PX = 512;
/** Side of the square avatar the header shows (currentUser's avatar_small). */
export const AVATAR_SMALL_PX = 96;
/**
 * A 2 MB upload can still declare a huge canvas (a decompression bomb); 40 megapixels is well above any phone
 * camera and keeps decoding memory bounded.
 */
const MAX_INPUT_PIXELS = 40_000_000;
const OUTPUT_TYPE = 'image/webp';
/** An ID photo is a JPEG or a PNG (issue 15); WebP stays accepted for a center's documents only. */
const PHOTO_TYPES: ReadonlySet<ImageType> = new Set(['jpeg', 'png']);

/**
 * The image type the bytes start with (JPEG FF D8 FF, PNG's 8-byte signature, RIFF....WEBP), or undefined.
 * The file name and the declared type are never trusted.
 */
export function detectImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

export interface ProcessedAvatar {
  contentType: string;
  /** At most AVATAR_IMAGE_PX on the long side. */
  image: Buffer;
  /** AVATAR_SMALL_PX square, cover-cropped. */
  small: Buffer;
}

/** The size the viewer sees: EXIF orientations 5 to 8 turn the stored image a quarter. */
function uprightSize(metadata: Metadata): { width: number; height: number } {
  const { width, height, orientation } = metadata;
  return orientation !== undefined && orientation >= 5 ? { width: height, height: width } : { width, height };
}

/** The photo rules beyond the type: IMAGE_TOO_SMALL under 295 × 413 px, IMAGE_NOT_PORTRAIT unless taller than wide. */
function checkPhotoSize(metadata: Metadata): void {
  const { width, height } = uprightSize(metadata);
  if (width < PHOTO_MIN_WIDTH || height < PHOTO_MIN_HEIGHT) throw new AppError('IMAGE_TOO_SMALL');
  if (height <= width) throw new AppError('IMAGE_NOT_PORTRAIT');
}

/**
 * Decodes an uploaded ID photo and re-encodes it: turned upright by its EXIF orientation, with every metadata block
 * (EXIF, GPS, ICC comments) dropped, as a bounded image and a small square. IMAGE_INVALID for anything that is not
 * a JPEG or PNG image (by its bytes) that decodes; then the size rules (checkPhotoSize), judged upright.
 */
export async function processAvatar(upload: Buffer): Promise<ProcessedAvatar> {
  const type = detectImageType(upload);
  if (!type || !PHOTO_TYPES.has(type)) throw new AppError('IMAGE_INVALID');
  const sharp = await loadSharp();
  const decode = () => sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  try {
    const metadata = await decode().metadata();
    // The content must be what its signature says (sharp would otherwise also decode SVG, TIFF, GIF ...).
    if (metadata.format !== type) throw new AppError('IMAGE_INVALID');
    checkPhotoSize(metadata);
    const [image, small] = await Promise.all([
      decode()
        .resize(AVATAR_IMAGE_PX, AVATAR_IMAGE_PX, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
      decode().resize(AVATAR_SMALL_PX, AVATAR_SMALL_PX, { fit: 'cover' }).webp({ quality: 80 }).toBuffer(),
    ]);
    return { contentType: OUTPUT_TYPE, image, small };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // sharp's decoder errors (truncated, corrupt, too many pixels) all mean "not an image we accept".
    throw new AppError('IMAGE_INVALID');
  }
}
