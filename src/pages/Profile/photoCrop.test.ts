import { centredView, cropRect, maxZoom, moveBy, outputSize, tooSmallToCrop, zoomTo } from './photoCrop';

const RATIO = 295 / 413;

describe('the crop step geometry', () => {
  it('starts with the largest 295:413 crop, centred: full width of a tall image, full height of a wide one', () => {
    const tall = { width: 600, height: 1000 };
    expect(cropRect(tall, centredView(tall))).toEqual({ x: 0, y: 80, width: 600, height: 840 });
    const wide = { width: 2000, height: 1000 };
    const rect = cropRect(wide, centredView(wide));
    expect(rect.height).toBe(1000);
    expect(rect.width / rect.height).toBeCloseTo(RATIO);
    expect(rect.x).toBeCloseTo((2000 - rect.width) / 2);
  });

  it('never zooms in below 295 x 413 source pixels, nor out beyond the image', () => {
    const image = { width: 590, height: 1000 };
    expect(maxZoom(image)).toBeCloseTo(2);
    const deep = zoomTo(image, centredView(image), 5);
    expect(deep.zoom).toBeCloseTo(2);
    expect(cropRect(image, deep).width).toBeCloseTo(295);
    expect(zoomTo(image, deep, 0.2).zoom).toBe(1);
  });

  it('keeps the crop inside the image however far it is moved', () => {
    const image = { width: 600, height: 1000 };
    const view = zoomTo(image, centredView(image), 1.5);
    const corner = cropRect(image, moveBy(image, view, -10_000, -10_000));
    expect([corner.x, corner.y]).toEqual([0, 0]);
    const far = cropRect(image, moveBy(image, view, 10_000, 10_000));
    expect(far.x + far.width).toBeCloseTo(600);
    expect(far.y + far.height).toBeCloseTo(1000);
  });

  it('knows an image too small for any 295 x 413 crop, and takes one exactly that size', () => {
    expect(tooSmallToCrop({ width: 400, height: 400 })).toBe(true);
    expect(tooSmallToCrop({ width: 294, height: 2000 })).toBe(true);
    expect(tooSmallToCrop({ width: 295, height: 413 })).toBe(false);
  });

  it('uploads the crop at its own size within 295 x 413 and 590 x 826, at the ticket proportions', () => {
    expect(outputSize({ x: 0, y: 0, width: 295, height: 413 })).toEqual({ width: 295, height: 413 });
    expect(outputSize({ x: 0, y: 0, width: 400, height: 560 })).toEqual({ width: 400, height: 560 });
    expect(outputSize({ x: 0, y: 0, width: 3000, height: 4200 })).toEqual({ width: 590, height: 826 });
  });
});
