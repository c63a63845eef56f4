import { PHOTO_ASPECT, PHOTO_MIN_HEIGHT, PHOTO_MIN_WIDTH } from '../../../contract/photo';

/**
 * The crop step's geometry (issue 15): the ID photo is cut from the chosen image at the ticket's proportions
 * (295:413), never smaller than 295 × 413 source pixels, so what is uploaded always meets the server's rules.
 */

export interface Size {
  width: number;
  height: number;
}

/** Where the crop sits: how far zoomed in (1 = the largest crop that fits) and its centre, in image pixels. */
export interface CropView {
  zoom: number;
  centreX: number;
  centreY: number;
}

export interface CropRect extends Size {
  x: number;
  y: number;
}

/** The largest output edge: twice the minimum is sharp on the 30 × 42 mm print box and far below 2 MB as a JPEG. */
const MAX_OUTPUT_WIDTH = PHOTO_MIN_WIDTH * 2;
/** Rounding of the crop's size must not turn an exactly 295 × 413 image into "too small". */
const EPSILON = 1e-6;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** The largest 295:413 rectangle inside the image. */
function fullCrop(image: Size): Size {
  return image.width / image.height > PHOTO_ASPECT
    ? { width: image.height * PHOTO_ASPECT, height: image.height }
    : { width: image.width, height: image.width / PHOTO_ASPECT };
}

/** How far one may zoom in and still keep at least 295 × 413 pixels of the image. */
export function maxZoom(image: Size): number {
  return Math.max(1, fullCrop(image).width / PHOTO_MIN_WIDTH);
}

/** An image no crop of which reaches 295 × 413 pixels: the server would refuse it (IMAGE_TOO_SMALL). */
export function tooSmallToCrop(image: Size): boolean {
  return fullCrop(image).width + EPSILON < PHOTO_MIN_WIDTH || fullCrop(image).height + EPSILON < PHOTO_MIN_HEIGHT;
}

/** The starting crop: the whole height or width, centred. */
export function centredView(image: Size): CropView {
  return { zoom: 1, centreX: image.width / 2, centreY: image.height / 2 };
}

/** The rectangle a view cuts, kept inside the image and within the zoom's bounds. */
export function cropRect(image: Size, view: CropView): CropRect {
  const full = fullCrop(image);
  const zoom = clamp(view.zoom, 1, maxZoom(image));
  const width = full.width / zoom;
  const height = full.height / zoom;
  return {
    x: clamp(view.centreX - width / 2, 0, image.width - width),
    y: clamp(view.centreY - height / 2, 0, image.height - height),
    width,
    height,
  };
}

/** The view of a rectangle: what the view becomes once clamped, so repeated moves at an edge do not pile up. */
function viewOf(rect: CropRect, zoom: number): CropView {
  return { zoom, centreX: rect.x + rect.width / 2, centreY: rect.y + rect.height / 2 };
}

/** Zoomed to `zoom` (within bounds) about the same centre. */
export function zoomTo(image: Size, view: CropView, zoom: number): CropView {
  const bounded = clamp(zoom, 1, maxZoom(image));
  return viewOf(cropRect(image, { ...view, zoom: bounded }), bounded);
}

/** Moved by `dx`, `dy` image pixels (dragging, or the arrow keys), kept inside the image. */
export function moveBy(image: Size, view: CropView, dx: number, dy: number): CropView {
  const rect = cropRect(image, view);
  const moved = cropRect(image, {
    ...view,
    centreX: rect.x + rect.width / 2 + dx,
    centreY: rect.y + rect.height / 2 + dy,
  });
  return viewOf(moved, clamp(view.zoom, 1, maxZoom(image)));
}

/** The uploaded photo's pixels: the crop's own size, at most 590 × 826 and never under 295 × 413. */
export function outputSize(rect: CropRect): Size {
  const width = Math.round(clamp(rect.width, PHOTO_MIN_WIDTH, MAX_OUTPUT_WIDTH));
  return { width, height: Math.round(width / PHOTO_ASPECT) };
}
