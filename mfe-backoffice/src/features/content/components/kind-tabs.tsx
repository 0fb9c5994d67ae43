import type { ContentKind } from '@meridian/contracts';
import { useT } from '@meridian/platform';
import { Tabs } from '@meridian/ui/tabs';
import { NAMESPACE } from '../../../locales/load-namespace.ts';

const CONTENT_KINDS: readonly ContentKind[] = ['page', 'faq', 'notice'];

export const tabId = (kind: ContentKind) => `content-tab-${kind}`;

/**
 * The kinds of content as the kit's tabs with manual activation: the arrows move between them, Enter,
 * Space or a click opens one, so unsaved work is never left by a stray arrow.
 */
export function KindTabs({ value, onChange, panelId }: { value: ContentKind; onChange: (kind: ContentKind) => void; panelId: string }) {
  const { t } = useT(NAMESPACE);
  return (
    <Tabs
      items={CONTENT_KINDS.map((kind) => ({ key: kind, label: t(`content.kinds.${kind}`), testId: `content-kind-${kind}` }))}
      value={value}
      onChange={onChange}
      label={t('content.kindsLabel')}
      panelId={panelId}
      activation="manual"
      idOf={tabId}
    />
  );
}
