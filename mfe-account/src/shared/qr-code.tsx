import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import styles from './qr-code.module.css';

/**
 * A text as a QR code image (an address, a link), drawn in the browser; nothing while it is being drawn
 * or when it cannot be (the text beside it stays the way to copy it).
 */
export function QrCode({ text, size, alt, testId }: { text: string; size: number; alt: string; testId?: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(text, { margin: 1, width: size, errorCorrectionLevel: 'M' })
      .then((url) => live && setImage(url))
      .catch(() => live && setImage(null));
    return () => {
      live = false;
    };
  }, [text, size]);
  return image ? (
    <img
      className={styles.qr}
      src={image}
      width={size}
      height={size}
      style={{ inlineSize: size, blockSize: size }}
      alt={alt}
      data-testid={testId}
    />
  ) : null;
}
