import { useSearchParams } from 'react-router-dom';
import { useT } from '@meridian/platform';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { hasRole, useOperatorSession } from '../../../shared/session.ts';
import * as reviewKit from '../../../shared/review-kit/index.ts';
import { DecidedCorrections, PendingCorrections } from './correction-lists.tsx';
import { ProposeForm } from './propose-form.tsx';

const { Page, kitClasses: kit } = reviewKit;

/**
 * `/admin/corrections?user=`: the only manual money movement. Finance proposes (the form, prefilled
 * from `?user=`); a different finance operator approves or rejects the pending ones below.
 */
export function CorrectionsPage() {
  const { t } = useT(NAMESPACE);
  const session = useOperatorSession();
  const [params] = useSearchParams();
  const user = (params.get('user') ?? '').trim();
  const finance = hasRole(session, ['finance']);
  return (
    <Page title={t('corrections.title')} lead={t('corrections.lead')} testId="corrections-page">
      {finance ? <ProposeForm key={user} initialUserId={user} /> : <p className={kit.info}>{t('corrections.financeProposes')}</p>}
      <PendingCorrections />
      <DecidedCorrections />
    </Page>
  );
}
