import { Flex, Modal, Slider, Typography } from 'antd';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useIntl } from '@/intl';
import { PHOTO_MIN_HEIGHT, PHOTO_MIN_WIDTH } from '../../../../contract/photo';
import {
  type CropView,
  centredView,
  cropRect,
  maxZoom,
  moveBy,
  outputSize,
  tooSmallToCrop,
  zoomTo,
} from '../photoCrop';

/** The preview on screen: the ticket's photo box at 60 %. */
const PREVIEW = { width: Math.round(PHOTO_MIN_WIDTH * 0.6), height: Math.round(PHOTO_MIN_HEIGHT * 0.6) };
/** One arrow key press moves the crop by this share of its width. */
const KEY_STEP = 0.05;
const ZOOM_STEP = 0.1;
const JPEG_QUALITY = 0.92;

interface PhotoCropModalProps {
  /** The chosen image; the modal is open while there is one. */
  file: File | null;
  /** The cropped photo, a 295:413 JPEG of at least 295 × 413 px, to upload. */
  onConfirm: (cropped: File) => void;
  onCancel: () => void;
  /** The image cannot be used: it does not decode, or no crop of it reaches 295 × 413 px. */
  onUnusable: (reason: 'IMAGE_INVALID' | 'IMAGE_TOO_SMALL') => void;
}

/** Draws the view's crop of `image` over the whole canvas. */
function draw(canvas: HTMLCanvasElement, image: ImageBitmap, view: CropView): void {
  const rect = cropRect(image, view);
  canvas.getContext('2d')?.drawImage(image, rect.x, rect.y, rect.width, rect.height, 0, 0, canvas.width, canvas.height);
}

function jpegOf(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

/**
 * The crop step before an ID photo is uploaded: the image cut to the ticket's proportions, centred to start with;
 * the person zooms (slider, + and -) and moves it (dragging, or the arrow keys on the preview), and confirms. Done
 * on a canvas in the browser, so what is uploaded is exactly what was shown.
 */
export default function PhotoCropModal({ file, onConfirm, onCancel, onUnusable }: PhotoCropModalProps) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id });
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const [image, setImage] = useState<ImageBitmap | null>(null);
  const [view, setView] = useState<CropView | null>(null);
  const [busy, setBusy] = useState(false);
  // The parent's handler for the current file, read when decoding ends without re-decoding when it changes.
  const unusable = useRef(onUnusable);
  unusable.current = onUnusable;

  useEffect(() => {
    if (!file) return undefined;
    let cancelled = false;
    let decoded: ImageBitmap | null = null;
    createImageBitmap(file).then(
      (bitmap) => {
        decoded = bitmap;
        if (cancelled) return;
        if (tooSmallToCrop(bitmap)) {
          unusable.current('IMAGE_TOO_SMALL');
          return;
        }
        setImage(bitmap);
        setView(centredView(bitmap));
      },
      () => {
        if (!cancelled) unusable.current('IMAGE_INVALID');
      },
    );
    return () => {
      cancelled = true;
      decoded?.close();
      setImage(null);
      setView(null);
    };
  }, [file]);

  useEffect(() => {
    if (canvas.current && image && view) draw(canvas.current, image, view);
  }, [image, view]);

  /** Moves the crop by a share of its own size, so a key press moves as far whatever the zoom. */
  const moveByShare = (shareX: number, shareY: number) => {
    if (!image || !view) return;
    const rect = cropRect(image, view);
    setView(moveBy(image, view, shareX * rect.width, shareY * rect.height));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (!image || !view) return;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveByShare(move[0], move[1]);
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      setView(zoomTo(image, view, view.zoom + ZOOM_STEP));
    } else if (event.key === '-') {
      event.preventDefault();
      setView(zoomTo(image, view, view.zoom - ZOOM_STEP));
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    drag.current = { x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current || !image || !view) return;
    const rect = cropRect(image, view);
    // Dragging the picture right shows more of its left: the crop moves the other way, in image pixels.
    const scale = rect.width / PREVIEW.width;
    const dx = (drag.current.x - event.clientX) * scale;
    const dy = (drag.current.y - event.clientY) * scale;
    drag.current = { x: event.clientX, y: event.clientY };
    setView(moveBy(image, view, dx, dy));
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const confirm = async () => {
    if (!image || !view) return;
    setBusy(true);
    const rect = cropRect(image, view);
    const out = document.createElement('canvas');
    Object.assign(out, outputSize(rect));
    draw(out, image, view);
    const blob = await jpegOf(out);
    setBusy(false);
    if (!blob) {
      onUnusable('IMAGE_INVALID');
      return;
    }
    onConfirm(new File([blob], 'photo.jpg', { type: 'image/jpeg' }));
  };

  return (
    <Modal
      open={file !== null}
      title={text('pages.profile.photo.crop.title')}
      okText={text('pages.profile.photo.crop.confirm')}
      cancelText={text('pages.profile.photo.crop.cancel')}
      onOk={confirm}
      onCancel={onCancel}
      okButtonProps={{ disabled: !view, loading: busy }}
      destroyOnHidden
    >
      <Flex vertical align="center" gap={12}>
        <Typography.Text id="photo-crop-help">{text('pages.profile.photo.crop.help')}</Typography.Text>
        <canvas
          ref={canvas}
          width={PREVIEW.width}
          height={PREVIEW.height}
          // A focusable preview the arrow keys move: an image that can be operated, named as such.
          role="img"
          tabIndex={0}
          aria-label={text('pages.profile.photo.crop.preview')}
          aria-describedby="photo-crop-help"
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          style={{ border: '1px solid #d9d9d9', borderRadius: 4, cursor: 'move', touchAction: 'none' }}
        />
        <Flex align="center" gap={8} style={{ width: PREVIEW.width * 1.5 }}>
          <Typography.Text>{text('pages.profile.photo.crop.zoom')}</Typography.Text>
          <Slider
            style={{ flex: 1 }}
            min={1}
            max={image ? maxZoom(image) : 1}
            step={ZOOM_STEP}
            value={view?.zoom ?? 1}
            disabled={!image || maxZoom(image) <= 1}
            onChange={(zoom) => image && view && setView(zoomTo(image, view, zoom))}
            ariaLabelForHandle={text('pages.profile.photo.crop.zoom')}
            tooltip={{ formatter: null }}
          />
        </Flex>
      </Flex>
    </Modal>
  );
}
