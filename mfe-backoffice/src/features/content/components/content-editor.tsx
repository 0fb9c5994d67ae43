import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CONTENT_TYPES } from '@meridian/contracts';
import type { ContentEntry, ContentKind, SaveContentBody } from '@meridian/contracts';
import { saveContentBody } from '@meridian/contracts/schemas';
import { formatDateTime, useLanguage, useT } from '@meridian/platform';
import { Button, FormField, formClasses } from '@meridian/ui';
import { ConfirmDialog } from '@meridian/ui/confirm-dialog';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { ErrorMessage } from '../../../shared/components/error-message.tsx';
import { focusFirstInvalid } from '../../../shared/components/form-helpers.ts';
import { InputField } from '../../../shared/components/input-field.tsx';
import { validate } from '../../../shared/validate.ts';
import { contentListQueryOptions, createContent, previewQueryOptions, updateContent, upsertEntry } from '../api/content-api.ts';
import type { ContentLanguage } from '../api/content-api.ts';
import { ContentPreview, RemovedList } from './content-preview.tsx';
import type { RemovedItem } from './removed.ts';
import styles from './content.module.css';

/** What the form holds (the page type as the select's text). */
export interface Draft {
  title: string;
  body: string;
  category: string;
  type: string;
}

export const draftOf = (entry: ContentEntry | null): Draft => ({
  title: entry?.title ?? '',
  body: entry?.body ?? '',
  category: entry?.category ?? '',
  type: String(entry?.type ?? CONTENT_TYPES[0]),
});

const sameDraft = (a: Draft, b: Draft) => a.title === b.title && a.body === b.body && a.category === b.category && a.type === b.type;

/** The save body of a draft: a FAQ entry always names its category, a page its type, a notice neither. */
function saveBodyOf(kind: ContentKind, lang: ContentLanguage, draft: Draft): SaveContentBody {
  return {
    languageId: lang,
    title: draft.title,
    body: draft.body,
    ...(kind === 'faq' ? { category: draft.category } : {}),
    ...(kind === 'page' ? { type: Number(draft.type) } : {}),
  };
}

/**
 * The contract's message keys per field (`common`); a body over the limit gets this page's own words
 * (the common "too long" names a message's limit, not a body's).
 */
export function checkDraft(kind: ContentKind, lang: ContentLanguage, draft: Draft) {
  const checked = validate(saveContentBody, saveBodyOf(kind, lang, draft));
  if (checked.errors?.body === 'validation.messageTooLong') checked.errors.body = `${NAMESPACE}:content.bodyTooLong`;
  return checked;
}

/**
 * One entry's editor beside the list: title (the question of a FAQ entry), its category or page type,
 * the body as HTML and its live preview from the server's sanitizer. Save checks the fields with the
 * contract's schema, then — when the sanitizer would take something out — asks before storing it.
 * Auditors read the fields only.
 */
export function ContentEditor({
  kind,
  lang,
  entry,
  canWrite,
  categories,
  onSaved,
  onDirtyChange,
  onClose,
}: {
  kind: ContentKind;
  lang: ContentLanguage;
  /** null: a new entry. */
  entry: ContentEntry | null;
  canWrite: boolean;
  /** The categories already used in this language (offered while typing one). */
  categories: readonly string[];
  onSaved: (entry: ContentEntry, created: boolean) => void;
  onDirtyChange: (dirty: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useT(NAMESPACE);
  const uiLang = useLanguage();
  const queryClient = useQueryClient();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [baseline, setBaseline] = useState(() => draftOf(entry));
  const [draft, setDraft] = useState(baseline);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<{ data: SaveContentBody; removed: RemovedItem[] } | null>(null);
  const dirty = canWrite && !sameDraft(draft, baseline);

  useEffect(() => {
    heading.current?.focus();
  }, []);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const set = (field: keyof Draft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const save = async (data: SaveContentBody) => {
    const saved = entry ? await updateContent(kind, entry.id, data) : await createContent(kind, data);
    const listKey = contentListQueryOptions(kind, lang).queryKey;
    queryClient.setQueryData(listKey, (list) => upsertEntry(list, saved));
    void queryClient.invalidateQueries({ queryKey: listKey });
    const next = draftOf(saved);
    setBaseline(next);
    setDraft(next);
    setErrors({});
    onSaved(saved, !entry);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canWrite || busy) return;
    setFailure(null);
    const checked = checkDraft(kind, lang, draft);
    setErrors(checked.errors ?? {});
    if (!checked.data) return focusFirstInvalid(form);
    const data = checked.data;
    setBusy(true);
    try {
      // The same sanitizer runs on save: what it would remove is shown before anything is stored.
      const report = await queryClient.fetchQuery(previewQueryOptions(data.body));
      if (report.removed.length > 0) setConfirming({ data, removed: report.removed });
      else await save(data);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const title = entry ? (canWrite ? t('content.editor.editTitle') : t('content.editor.readTitle')) : t('content.editor.newTitle');
  const meta = entry
    ? t(kind === 'notice' ? 'content.editor.publishedMeta' : 'content.editor.updatedMeta', {
        id: entry.id,
        date: formatDateTime(entry.at, uiLang),
      })
    : null;

  return (
    <section className={`${adminStyles.panel} ${styles.editor}`} aria-labelledby={`${id}-title`} data-testid="content-editor">
      <div className={styles.editorHead}>
        <div>
          <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className={styles.editorTitle}>
            {title}
          </h2>
          {meta ? <p className={`${adminStyles.small} ${adminStyles.muted} ${adminStyles.plain}`}>{meta}</p> : null}
        </div>
        <div className={adminStyles.cluster}>
          {!canWrite ? <span className={adminStyles.badge}>{t('content.readOnly')}</span> : null}
          {dirty ? (
            <span className={`${adminStyles.badge} ${adminStyles.badgeWarn}`} data-testid="content-unsaved">
              {t('content.editor.unsaved')}
            </span>
          ) : null}
        </div>
      </div>
      <form ref={form} className={adminStyles.stack} onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`}>
        <div className={adminStyles.autoGrid}>
          <div className={styles.titleField}>
            <InputField
              label={kind === 'faq' ? t('content.fields.question') : t('content.fields.title')}
              error={errors.title}
              hint={canWrite ? t('content.fields.titleHint') : undefined}
              name="title"
              autoComplete="off"
              dir="auto"
              value={draft.title}
              readOnly={!canWrite}
              onChange={set('title')}
              data-testid="content-title"
            />
          </div>
          {kind === 'faq' ? (
            <InputField
              label={t('content.fields.category')}
              error={errors.category}
              hint={canWrite ? t('content.fields.categoryHint') : undefined}
              name="category"
              autoComplete="off"
              dir="auto"
              list={`${id}-categories`}
              value={draft.category}
              readOnly={!canWrite}
              onChange={set('category')}
              data-testid="content-category"
            >
              <datalist id={`${id}-categories`}>
                {categories.map((category) => (
                  <option key={category} value={category} />
                ))}
              </datalist>
            </InputField>
          ) : null}
          {kind === 'page' ? (
            <FormField label={t('content.fields.type')} error={errors.type}>
              {(control) => (
                <select
                  {...control}
                  className={formClasses.select}
                  name="type"
                  value={draft.type}
                  disabled={!canWrite}
                  onChange={(e) => set('type')(e.target.value)}
                  data-testid="content-type"
                >
                  {CONTENT_TYPES.map((type) => (
                    <option key={type} value={String(type)}>
                      {t(`content.types.${type}`)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          ) : null}
        </div>
        <div className={styles.bodyGrid}>
          <FormField
            label={kind === 'faq' ? t('content.fields.answer') : t('content.fields.body')}
            error={errors.body}
            hint={canWrite ? t('content.fields.bodyHint') : undefined}
          >
            {(control) => (
              <textarea
                {...control}
                className={`${formClasses.textarea} ${styles.source}`}
                name="body"
                rows={18}
                dir="ltr"
                spellCheck={false}
                value={draft.body}
                readOnly={!canWrite}
                onChange={(e) => set('body')(e.target.value)}
                data-testid="content-body"
              />
            )}
          </FormField>
          <ContentPreview body={draft.body.trim()} enabled={canWrite} />
        </div>
        <ErrorMessage error={failure} testId="content-save-error" />
        <div className={adminStyles.cluster}>
          {canWrite ? (
            <Button type="submit" disabled={busy} aria-busy={busy || undefined} data-testid="content-save">
              {busy ? t('content.saving') : t('content.save')}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onClose} data-testid="content-close">
            {entry ? t('content.editor.close') : t('content.editor.cancelNew')}
          </Button>
        </div>
      </form>
      {confirming ? (
        <ConfirmDialog
          confirmTestId="confirm-ok"
          title={t('content.confirm.title')}
          confirmLabel={t('content.confirm.save')}
          onConfirm={() => save(confirming.data)}
          onClose={() => setConfirming(null)}
          testId="content-save-confirm"
        >
          <p className={adminStyles.plain}>{t('content.confirm.body')}</p>
          <RemovedList removed={confirming.removed} testId="content-confirm-removed" />
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
