import { useEffect, useId, useRef, useState } from 'react';
import { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { CONTENT_TYPES, VALIDATION_KEYS as V } from '@meridian/contracts';
import type { ContentEntry, ContentKind, SaveContentBody } from '@meridian/contracts';
import { firstProblems, saveContentBody } from '@meridian/contracts/schemas';
import { formatDateTime, useLanguage, useT } from '@meridian/platform';
import { Button, FormField, formClasses } from '@meridian/ui';
import { ConfirmDialog } from '@meridian/ui/confirm-dialog';
import { Form, TextField, fieldError } from '@meridian/ui/form';
import type { KitForm } from '@meridian/ui/form';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { ErrorMessage } from '../../../shared/components/error-message.tsx';
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
 * The editor's schema: the draft as typed, checked and sent as the contract's save body (its message
 * keys of `common` per field); a body over the limit gets this page's own words (the common "too long"
 * names a message's limit, not a body's).
 */
function draftSchema(kind: ContentKind, lang: ContentLanguage) {
  return z.object({ title: z.string(), body: z.string(), category: z.string(), type: z.string() }).transform((draft, ctx) => {
    const parsed = saveContentBody.safeParse(saveBodyOf(kind, lang, draft));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const message = issue.message === V.messageTooLong && issue.path[0] === 'body' ? `${NAMESPACE}:content.bodyTooLong` : issue.message;
      ctx.addIssue({ code: 'custom', path: issue.path, message, input: draft });
    }
    return z.NEVER;
  });
}

/** A draft checked as the server checks it: the save body, or the first message key per field. */
export function checkDraft(kind: ContentKind, lang: ContentLanguage, draft: Draft) {
  const schema = draftSchema(kind, lang);
  const parsed = schema.safeParse(draft);
  return parsed.success ? { data: parsed.data, errors: null } : { data: null, errors: firstProblems(schema, draft) };
}

/** Tells the editor whether the form differs from what was last loaded or saved. */
function DirtyWatch({ dirty, onChange }: { dirty: boolean; onChange: (dirty: boolean) => void }) {
  useEffect(() => onChange(dirty), [dirty, onChange]);
  return null;
}

type EditorForm = KitForm<ReturnType<typeof draftSchema>>;

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
  const heading = useRef<HTMLHeadingElement>(null);
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState<{ data: SaveContentBody; removed: RemovedItem[]; form: EditorForm } | null>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  /** Stores the entry; what was saved becomes the form's new starting point (no longer unsaved). */
  const save = async (data: SaveContentBody, form: EditorForm) => {
    const saved = entry ? await updateContent(kind, entry.id, data) : await createContent(kind, data);
    const listKey = contentListQueryOptions(kind, lang).queryKey;
    queryClient.setQueryData(listKey, (list) => upsertEntry(list, saved));
    void queryClient.invalidateQueries({ queryKey: listKey });
    form.reset(draftOf(saved));
    onSaved(saved, !entry);
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
      <Form
        schema={draftSchema(kind, lang)}
        defaultValues={draftOf(entry)}
        onSubmit={async (data, form) => {
          if (!canWrite) return;
          // The same sanitizer runs on save: what it would remove is shown before anything is stored.
          const report = await queryClient.fetchQuery(previewQueryOptions(data.body));
          if (report.removed.length > 0) setConfirming({ data, removed: report.removed, form });
          else await save(data, form);
        }}
        className={adminStyles.stack}
        aria-label={title}
      >
        {(form, { failure, submitting }) => (
          <>
            <DirtyWatch dirty={canWrite && form.formState.isDirty} onChange={setDirty} />
            <div className={adminStyles.autoGrid}>
              <div className={styles.titleField}>
                <TextField
                  form={form}
                  name="title"
                  label={kind === 'faq' ? t('content.fields.question') : t('content.fields.title')}
                  hint={canWrite ? t('content.fields.titleHint') : undefined}
                  autoComplete="off"
                  dir="auto"
                  readOnly={!canWrite}
                  testId="content-title"
                />
              </div>
              {kind === 'faq' ? (
                <FormField
                  label={t('content.fields.category')}
                  error={fieldError(form, 'category')}
                  hint={canWrite ? t('content.fields.categoryHint') : undefined}
                >
                  {(control) => (
                    <>
                      <input
                        {...control}
                        {...form.register('category')}
                        className={formClasses.input}
                        autoComplete="off"
                        dir="auto"
                        list={`${id}-categories`}
                        readOnly={!canWrite}
                        data-testid="content-category"
                      />
                      <datalist id={`${id}-categories`}>
                        {categories.map((category) => (
                          <option key={category} value={category} />
                        ))}
                      </datalist>
                    </>
                  )}
                </FormField>
              ) : null}
              {kind === 'page' ? (
                <FormField label={t('content.fields.type')} error={fieldError(form, 'type')}>
                  {(control) => (
                    <select
                      {...control}
                      {...form.register('type')}
                      className={formClasses.select}
                      disabled={!canWrite}
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
                error={fieldError(form, 'body')}
                hint={canWrite ? t('content.fields.bodyHint') : undefined}
              >
                {(control) => (
                  <textarea
                    {...control}
                    {...form.register('body')}
                    className={`${formClasses.textarea} ${styles.source}`}
                    rows={18}
                    dir="ltr"
                    spellCheck={false}
                    readOnly={!canWrite}
                    data-testid="content-body"
                  />
                )}
              </FormField>
              <ContentPreview body={form.watch('body').trim()} enabled={canWrite} />
            </div>
            <ErrorMessage error={failure} testId="content-save-error" />
            <div className={adminStyles.cluster}>
              {canWrite ? (
                <Button type="submit" disabled={submitting} aria-busy={submitting || undefined} data-testid="content-save">
                  {submitting ? t('content.saving') : t('content.save')}
                </Button>
              ) : null}
              <Button variant="secondary" onClick={onClose} data-testid="content-close">
                {entry ? t('content.editor.close') : t('content.editor.cancelNew')}
              </Button>
            </div>
          </>
        )}
      </Form>
      {confirming ? (
        <ConfirmDialog
          confirmTestId="confirm-ok"
          title={t('content.confirm.title')}
          confirmLabel={t('content.confirm.save')}
          onConfirm={() => save(confirming.data, confirming.form)}
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
