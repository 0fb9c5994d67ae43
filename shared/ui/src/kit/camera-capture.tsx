import { useEffect, useRef, useState } from 'react';
import { useT } from '@meridian/platform';
import { Button } from '../components/button.tsx';
import { formClasses } from '../components/form.tsx';
import { Modal } from '../components/modal.tsx';

/** Whether this browser can take a photo from a camera (`getUserMedia`, on a secure page). */
export function cameraSupported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

export interface CameraCaptureProps {
  /** The dialog's title (what to photograph). */
  title: string;
  /** The photo taken, as a JPEG file. */
  onCapture: (file: File) => void;
  onClose: () => void;
  testId?: string;
}

/**
 * Takes one photo from the device's camera (SPEC §3 KYC: "taken from a file or the camera"): the back
 * camera where there is one, a live preview, then a still frame. The stream stops when the dialog closes.
 * A browser without a camera, or a refused permission, says "camera/media not supported" and the file
 * picker remains.
 */
export function CameraCapture({ title, onCapture, onClose, testId }: CameraCaptureProps) {
  const { t } = useT('common');
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'live' | 'failed'>(cameraSupported() ? 'starting' : 'failed');

  useEffect(() => {
    if (!cameraSupported()) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then((media) => {
        stream = media;
        if (stopped) return media.getTracks().forEach((track) => track.stop());
        if (video.current) {
          video.current.srcObject = media;
          void video.current.play().catch(() => undefined);
        }
        setState('live');
      })
      .catch(() => setState('failed'));
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  const take = () => {
    const source = video.current;
    if (!source || source.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = source.videoWidth;
    canvas.height = source.videoHeight;
    canvas.getContext('2d')?.drawImage(source, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (blob) onCapture(new File([blob], 'camera.jpg', { type: 'image/jpeg' }));
      },
      'image/jpeg',
      0.92,
    );
  };

  return (
    <Modal title={title} onClose={onClose} testId={testId}>
      {state === 'failed' ? (
        <p className={formClasses.error} role="alert" data-testid="camera-unsupported">
          {t('kit.cameraUnsupported')}
        </p>
      ) : (
        <video ref={video} playsInline muted style={{ inlineSize: '100%', maxBlockSize: '60vh', background: '#000' }} aria-label={title} />
      )}
      <div className={formClasses.actions}>
        <Button onClick={take} disabled={state !== 'live'} data-testid="camera-take">
          {t('kit.takePhoto')}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t('kit.cancel')}
        </Button>
      </div>
    </Modal>
  );
}
