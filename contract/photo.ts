/**
 * The candidate's ID photo (issue 15): the rules the profile states next to the upload, the browser's crop step
 * applies and the server checks. Plain constants, so the browser imports them without zod.
 */

/** Smallest photo accepted, in pixels: a one-inch ID photo at 300 dpi. */
export const PHOTO_MIN_WIDTH = 295;
export const PHOTO_MIN_HEIGHT = 413;
/** Width over height of the ticket's photo box, which the browser crops to before upload. */
export const PHOTO_ASPECT = PHOTO_MIN_WIDTH / PHOTO_MIN_HEIGHT;
/** Largest upload accepted, in bytes (spec section 9: 2 MB). */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** Longest reason a center or operator may give for rejecting a photo. */
export const PHOTO_REJECTION_REASON_MAX = 200;
