import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { operatorAuthorization } from '../../admin-api.ts';
import { Lightbox } from './lightbox.tsx';
import styles from './kit.module.css';

export interface OperatorImageProps {
  /** The API path answering the image, read with the operator's token (an <img src> cannot carry it). */
  url: string;
  queryKey: QueryKey;
  /** The button's name (what opening it does). */
  label: string;
  /** What the picture shows, when opened large. */
  alt: string;
  /** Shown while it loads, and instead of it when it cannot be read. */
  loading: string;
  failed: string;
  /** `large`: the evidence a decision rests on (a deposit's proof), shown big at once. */
  size?: 'thumbnail' | 'large';
  testId?: string;
}

/** An image as evidence: fetched with the operator's token, opened large with zoom (Escape closes it). */
export function OperatorImage({ url, queryKey, label, alt, loading, failed, size = 'thumbnail', testId }: OperatorImageProps) {
  const [open, setOpen] = useState(false);
  const image = useQuery({
    queryKey,
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const response = await fetch(url, { headers: { authorization: operatorAuthorization() ?? '' }, signal });
      if (!response.ok) throw new Error(String(response.status));
      return URL.createObjectURL(await response.blob());
    },
  });
  const src = image.data;
  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);
  if (!src)
    return (
      <span className={styles.attachment} data-testid={testId ? `${testId}-pending` : undefined}>
        <span aria-hidden="true">🖼</span>
        {image.isError ? failed : loading}
      </span>
    );
  return (
    <>
      <button type="button" className={styles.imageButton} onClick={() => setOpen(true)} data-testid={testId} aria-label={label}>
        <img src={src} alt="" className={size === 'large' ? styles.large : styles.thumbnail} />
      </button>
      {open ? <Lightbox src={src} alt={alt} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
