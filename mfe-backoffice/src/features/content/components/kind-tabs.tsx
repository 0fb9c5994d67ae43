import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import type { ContentKind } from '@meridian/contracts';
import { useT } from '@meridian/platform';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import styles from './content.module.css';

const CONTENT_KINDS: readonly ContentKind[] = ['page', 'faq', 'notice'];

export const tabId = (kind: ContentKind) => `content-tab-${kind}`;

/**
 * The kinds of content as tabs (manual activation: arrow keys, Home and End move between the tabs,
 * Enter or Space opens one, so unsaved work is never left by a stray arrow). Arrows follow the
 * reading direction.
 */
export function KindTabs({ value, onChange, panelId }: { value: ContentKind; onChange: (kind: ContentKind) => void; panelId: string }) {
  const { t } = useT(NAMESPACE);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: number | null = null;
    if (step !== undefined) next = (index + step + CONTENT_KINDS.length) % CONTENT_KINDS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = CONTENT_KINDS.length - 1;
    if (next === null) return;
    event.preventDefault();
    tabs.current[next]?.focus();
  };

  return (
    <div className={styles.tabs} role="tablist" aria-label={t('content.kindsLabel')}>
      {CONTENT_KINDS.map((kind, index) => {
        const selected = kind === value;
        return (
          <button
            key={kind}
            ref={(node) => {
              tabs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={tabId(kind)}
            className={styles.tab}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => {
              if (!selected) onChange(kind);
            }}
            onKeyDown={(e) => onKeyDown(e, index)}
            data-testid={`content-kind-${kind}`}
          >
            {t(`content.kinds.${kind}`)}
          </button>
        );
      })}
    </div>
  );
}
