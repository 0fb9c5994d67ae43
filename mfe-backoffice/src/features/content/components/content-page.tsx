import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LANGUAGES, contentLanguageId } from '@meridian/contracts';
import type { ContentEntry, ContentKind } from '@meridian/contracts';
import { useLanguage, useT } from '@meridian/platform';
import { Button, EmptyState } from '@meridian/ui';
import { ConfirmDialog } from '@meridian/ui/confirm-dialog';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { PageHeader } from '../../../shared/components/page-header.tsx';
import { ToggleGroup } from '../../../shared/components/toggle-group.tsx';
import { hasRole, useOperatorSession } from '../../../shared/session.ts';
import { CONTENT_READERS, CONTENT_WRITERS, contentListQueryOptions } from '../api/content-api.ts';
import type { ContentLanguage } from '../api/content-api.ts';
import { ContentEditor } from './content-editor.tsx';
import { ContentList } from './content-list.tsx';
import { KindTabs, tabId } from './kind-tabs.tsx';
import styles from './content.module.css';

const CONTENT_LANGUAGES: readonly ContentLanguage[] = [1, 2];
const LANGUAGE_KEYS = { 1: 'content.language.chinese', 2: 'content.language.others' } as const;

/** The site languages whose readers see a content language ("简体中文, 繁體中文"). */
const readersOf = (lang: ContentLanguage) =>
  LANGUAGES.filter((l) => contentLanguageId(l.code) === lang)
    .map((l) => l.name)
    .join(', ');

type Selection = number | 'new' | null;

/**
 * `/admin/content`: company pages, FAQ entries and notices per content language (1 = Chinese, 2 =
 * every other language). Support and admins edit them beside the list, with the server's sanitized
 * preview and what it removes; auditors read them. Leaving unsaved work (another entry, kind or
 * language, closing the editor, the tab) asks first.
 */
export function ContentPage() {
  const { t } = useT(NAMESPACE);
  const uiLang = useLanguage();
  const session = useOperatorSession();
  const canRead = hasRole(session, CONTENT_READERS);
  const canWrite = hasRole(session, CONTENT_WRITERS);
  const [kind, setKind] = useState<ContentKind>('page');
  const [lang, setLang] = useState<ContentLanguage>(() => contentLanguageId(uiLang));
  const [selection, setSelection] = useState<Selection>(null);
  const [dirty, setDirty] = useState(false);
  const [leaving, setLeaving] = useState<{ run: () => void } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [opened, setOpened] = useState(0);
  const list = useQuery({ ...contentListQueryOptions(kind, lang), enabled: canRead });
  const panelId = useId();
  const langLabelId = useId();

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  /** Runs `action` at once, or after the operator agrees to drop unsaved changes. */
  const guard = (action: () => void) => (dirty ? setLeaving({ run: action }) : action());
  const open = (next: Selection) =>
    guard(() => {
      setSaved(null);
      setSelection(next);
      // A fresh editor even for the same choice ("New entry" again after discarding).
      setOpened((n) => n + 1);
    });
  const switchTo = (nextKind: ContentKind, nextLang: ContentLanguage) =>
    guard(() => {
      setSaved(null);
      setSelection(null);
      setKind(nextKind);
      setLang(nextLang);
    });

  const onSaved = useCallback(
    (entry: ContentEntry, created: boolean) => {
      setSaved(t(created ? 'content.created' : 'content.saved', { title: entry.title }));
      setSelection(entry.id);
    },
    [t],
  );

  const entries = list.data;
  const entry = typeof selection === 'number' ? (entries?.find((e) => e.id === selection) ?? null) : null;
  const categories = useMemo(
    () => [...new Set((entries ?? []).map((e) => e.category).filter((c): c is string => !!c))].sort((a, b) => a.localeCompare(b)),
    [entries],
  );
  const kindName = t(`content.kinds.${kind}`);
  const langName = t(LANGUAGE_KEYS[lang]);

  if (!canRead) {
    return (
      <div className={adminStyles.page} data-testid="content-page">
        <PageHeader title={t('content.title')} />
        <EmptyState title={t('content.forbidden')} />
      </div>
    );
  }

  return (
    <div className={adminStyles.page} data-testid="content-page">
      <PageHeader title={t('content.title')} lead={canWrite ? t('content.lead') : t('content.leadReadOnly')} />
      <div className={styles.controls}>
        <KindTabs value={kind} onChange={(next) => switchTo(next, lang)} panelId={panelId} />
        <div className={styles.langSwitch}>
          <span id={langLabelId} className={styles.langLabel}>
            {t('content.language.label')}
          </span>
          <ToggleGroup
            className={styles.segmented}
            buttonClassName={styles.segment}
            aria-labelledby={langLabelId}
            options={CONTENT_LANGUAGES}
            value={lang}
            onChange={(l) => {
              if (l !== lang) switchTo(kind, l);
            }}
            text={(l) => t(LANGUAGE_KEYS[l])}
            testIdPrefix="content-lang"
          />
          <span className={`${adminStyles.small} ${adminStyles.muted}`} data-testid="content-lang-readers">
            {t('content.language.readers', { languages: readersOf(lang) })}
          </span>
        </div>
      </div>
      <p
        className={saved ? `${adminStyles.note} ${adminStyles.noteOk}` : adminStyles.visuallyHidden}
        role="status"
        data-testid="content-saved"
      >
        {saved ?? ''}
      </p>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(kind)} className={styles.workspace}>
        <section className={adminStyles.section} aria-labelledby={`${panelId}-list`}>
          <div className={adminStyles.sectionHeader}>
            <h2 id={`${panelId}-list`} className={adminStyles.sectionTitle}>
              {t('content.list.heading', { kind: kindName, language: langName })}
            </h2>
            {canWrite ? (
              <Button variant="secondary" onClick={() => open('new')} data-testid="content-new">
                {t('content.newEntry')}
              </Button>
            ) : null}
          </div>
          <QueryView query={list} isEmpty={(d) => d.length === 0} empty={t('content.list.empty')}>
            {(rows) => (
              <ContentList
                kind={kind}
                entries={rows}
                selectedId={typeof selection === 'number' ? selection : null}
                caption={t('content.list.heading', { kind: kindName, language: langName })}
                onSelect={(e) => {
                  if (e.id !== selection) open(e.id);
                }}
              />
            )}
          </QueryView>
        </section>
        {selection === 'new' || entry ? (
          <ContentEditor
            key={`${kind}-${lang}-${selection}-${opened}`}
            kind={kind}
            lang={lang}
            entry={entry}
            canWrite={canWrite}
            categories={categories}
            onSaved={onSaved}
            onDirtyChange={setDirty}
            onClose={() => open(null)}
          />
        ) : (
          <div className={`${adminStyles.panel} ${styles.placeholder}`} data-testid="content-editor-empty">
            <p className={`${adminStyles.muted} ${adminStyles.plain}`}>
              {canWrite ? t('content.editor.choose') : t('content.editor.chooseReadOnly')}
            </p>
          </div>
        )}
      </div>
      {leaving ? (
        <ConfirmDialog
          confirmTestId="confirm-ok"
          title={t('content.discard.title')}
          confirmLabel={t('content.discard.confirm')}
          danger
          onConfirm={async () => {
            setDirty(false);
            leaving.run();
          }}
          onClose={() => setLeaving(null)}
          testId="content-discard"
        >
          <p className={adminStyles.plain}>{t('content.discard.body')}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
