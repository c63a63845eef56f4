/**
 * A camera and a BarcodeDetector for jsdom: the scan page takes the browser's own BarcodeDetector when there is one,
 * so a fake one on window feeds it decoded texts as a real camera held over a ticket would. Not imported by the app.
 */

/** The text of the QR code in front of the camera, if any. */
let inView: string | undefined;

/** Holds a ticket's QR code in front of the camera (or takes it away). */
export function hold(text: string | undefined): void {
  inView = text;
}

/** How many QR decoders the page has started since the camera was installed. */
let decoders = 0;

export function decodersStarted(): number {
  return decoders;
}

class FakeBarcodeDetector {
  static async getSupportedFormats() {
    return ['qr_code'];
  }

  constructor() {
    decoders += 1;
  }

  async detect() {
    return inView ? [{ rawValue: inView, format: 'qr_code' }] : [];
  }
}

/** A device whose rear camera opens, or whose camera the examiner refused to share. */
export function installCamera(access: 'granted' | 'denied'): void {
  inView = undefined;
  decoders = 0;
  const getUserMedia = async () => {
    if (access === 'denied') throw new DOMException('Permission denied', 'NotAllowedError');
    return { getTracks: () => [{ stop: () => undefined }] };
  };
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  Object.defineProperty(window, 'BarcodeDetector', { configurable: true, value: FakeBarcodeDetector });
  // jsdom plays no media: the video has a frame as soon as the stream is attached.
  Object.defineProperty(HTMLMediaElement.prototype, 'readyState', { configurable: true, get: () => 4 });
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: async () => undefined });
}
