/** The part of the Barcode Detection API the scan page uses. */
export interface QrDetector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}

interface DetectorClass {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<readonly string[]>;
}

/** Served by our own server (copied from zxing-wasm into the build by .umirc.ts): nothing loads from another origin. */
export const ZXING_WASM_URL = '/zxing/zxing_reader.wasm';

async function nativeDetector(): Promise<QrDetector | undefined> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return undefined;
  try {
    return (await Native.getSupportedFormats()).includes('qr_code') ? new Native({ formats: ['qr_code'] }) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The browser's own BarcodeDetector when it reads QR codes (Chrome on Android and macOS, Safari), else the
 * barcode-detector ponyfill: ZXing compiled to WebAssembly, loaded with this page only. Rejects when the decoder
 * cannot start (the .wasm missing or refused).
 */
export async function createQrDetector(): Promise<QrDetector> {
  const native = await nativeDetector();
  if (native) return native;
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? ZXING_WASM_URL : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}
