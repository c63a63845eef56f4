import { Alert, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from '@/intl';
import { createQrDetector, type QrDetector } from '../qrDetector';

type CameraState = 'starting' | 'scanning' | 'denied' | 'unavailable' | 'decoderFailed';

/** How often a frame is read: fast enough to feel instant, slow enough for a phone's battery at a long door. */
const SCAN_INTERVAL_MS = 200;
/** HTMLMediaElement.HAVE_CURRENT_DATA: a frame is there to read. */
const HAVE_CURRENT_DATA = 2;

interface Props {
  /** While the examiner checks an identity, frames are not read. */
  paused: boolean;
  onDecoded: (text: string) => void;
}

/** The rear camera, or a clear word on why there is none (the lookup below still works). */
async function openRearCamera(): Promise<MediaStream | 'denied' | 'unavailable'> {
  if (!navigator.mediaDevices?.getUserMedia) return 'unavailable';
  try {
    return await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    return name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable';
  }
}

/** The live camera picture; every readable frame's QR text goes to `onDecoded`. */
export default function CameraView({ paused, onDecoded }: Props) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const text = (id: string) => intl.formatMessage({ id: `pages.examiner.scan.camera.${id}` });
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const onDecodedRef = useRef(onDecoded);
  onDecodedRef.current = onDecoded;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async (detector: QrDetector) => {
      const video = videoRef.current;
      if (stopped) return;
      if (video && !pausedRef.current && video.readyState >= HAVE_CURRENT_DATA) {
        try {
          const found = (await detector.detect(video)).find((code) => code.rawValue)?.rawValue;
          if (found && !stopped && !pausedRef.current) onDecodedRef.current(found);
        } catch {
          // A frame that cannot be read (the video resizing, a tab in the background) is skipped.
        }
      }
      timer = setTimeout(() => read(detector), SCAN_INTERVAL_MS);
    };

    const start = async () => {
      const opened = await openRearCamera();
      if (stopped) return;
      if (typeof opened === 'string') return setState(opened);
      stream = opened;
      const video = videoRef.current;
      if (video) {
        video.srcObject = opened;
        await video.play().catch(() => undefined);
      }
      // The decoder (a WebAssembly module where the browser has no BarcodeDetector) loads only for a camera granted:
      // an examiner who refused it, or a device without one, uses the lookup and never downloads it.
      let detector: QrDetector;
      try {
        detector = await createQrDetector();
      } catch {
        if (!stopped) setState('decoderFailed');
        return;
      }
      if (stopped) return;
      setState('scanning');
      read(detector);
    };
    start();

    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  const live = state === 'starting' || state === 'scanning';
  return (
    <div>
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label={text('label')}
        style={{
          display: live ? 'block' : 'none',
          width: '100%',
          maxHeight: '45vh',
          objectFit: 'cover',
          background: '#000',
          borderRadius: token.borderRadiusLG,
          opacity: paused ? 0.4 : 1,
        }}
      />
      {live ? (
        <p style={{ margin: '8px 0 0', color: token.colorTextSecondary }}>{text(state)}</p>
      ) : (
        <Alert type="warning" showIcon message={text(state)} />
      )}
    </div>
  );
}
