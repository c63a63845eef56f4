import qrcode from 'qrcode-generator';

/** Light modules around the code that a scanner needs to find it (ISO/IEC 18004 asks for four). */
const QUIET_ZONE_MODULES = 4;

/**
 * Draws `content` as a QR code (error correction M, as the ticket page's) filling a square of `side` points at
 * (x, y), quiet zone included, as vector squares: sharp at any print resolution. Answers the side of the code
 * itself, without the quiet zone.
 */
export function drawQrCode(doc: PDFKit.PDFDocument, content: string, x: number, y: number, side: number): number {
  const qr = qrcode(0, 'M');
  qr.addData(content, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  const module = side / (count + 2 * QUIET_ZONE_MODULES);
  const origin = { x: x + QUIET_ZONE_MODULES * module, y: y + QUIET_ZONE_MODULES * module };
  doc.save();
  doc.rect(x, y, side, side).fill('#FFFFFF');
  for (let row = 0; row < count; row += 1) {
    let col = 0;
    while (col < count) {
      if (!qr.isDark(row, col)) {
        col += 1;
        continue;
      }
      // One rectangle per run of dark modules: fewer path operations, and no hairline seams inside a run.
      const start = col;
      while (col < count && qr.isDark(row, col)) col += 1;
      doc.rect(origin.x + start * module, origin.y + row * module, (col - start) * module, module);
    }
  }
  doc.fill('#000000');
  doc.restore();
  return count * module;
}
