import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OperatorView } from '@meridian/contracts';
import { useLanguage, useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { ConfirmDialog } from '@meridian/ui/confirm-dialog';
import { DataTable } from '@meridian/ui/data-table';
import type { DataColumn } from '@meridian/ui/data-table';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { PageHeader, PageSection } from '../../../shared/components/page-header.tsx';
import { RoleChips } from '../../../shared/components/role-chips.tsx';
import { dateTimeOrDash, isolate } from '../../../shared/format.ts';
import { hasRole, useOperatorSession } from '../../../shared/session.ts';
import { deactivateOperator, operatorsQueryOptions } from '../api/operators-api.ts';
import { InviteForm } from './invite-form.tsx';

const STATUS_BADGE: Record<OperatorView['status'], string> = {
  active: adminStyles.badgeOk ?? '',
  invited: adminStyles.badgeWarn ?? '',
  deactivated: '',
};

/** `/admin/operators`: who may sign in to the back-office, invitations and deactivation (admins). */
export function OperatorsPage() {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const session = useOperatorSession();
  const isAdmin = hasRole(session, ['admin']);
  const queryClient = useQueryClient();
  const query = useQuery(operatorsQueryOptions());
  const [deactivating, setDeactivating] = useState<OperatorView | null>(null);

  const columns: DataColumn<OperatorView>[] = [
    {
      id: 'name',
      header: t('operators.name'),
      sortValue: (operator) => operator.name.toLocaleLowerCase(),
      cell: (operator) => (
        <>
          {operator.name}
          {operator.id === session?.operator.id ? (
            <span className={`${adminStyles.small} ${adminStyles.muted}`}> ({t('operators.you')})</span>
          ) : null}
        </>
      ),
    },
    {
      id: 'email',
      header: t('operators.email'),
      className: adminStyles.ltr,
      sortValue: (operator) => operator.email,
      cell: (operator) => operator.email || '—',
    },
    { id: 'roles', header: t('operators.roles'), cell: (operator) => <RoleChips roles={operator.roles} /> },
    {
      id: 'status',
      header: t('operators.status'),
      sortValue: (operator) => operator.status,
      cell: (operator) => (
        <span className={`${adminStyles.badge} ${STATUS_BADGE[operator.status]}`}>{t(`operators.statuses.${operator.status}`)}</span>
      ),
    },
    {
      id: 'lastSignIn',
      header: t('operators.lastSignIn'),
      className: adminStyles.nowrap,
      sortValue: (operator) => operator.lastSignInAt ?? '',
      cell: (operator) => dateTimeOrDash(operator.lastSignInAt, lang),
    },
    ...(isAdmin
      ? [
          {
            id: 'actions',
            header: <span className={adminStyles.visuallyHidden}>{t('ui.actions')}</span>,
            cell: (operator: OperatorView) => (
              <div className={adminStyles.rowActions}>
                {operator.id !== session?.operator.id && operator.status !== 'deactivated' ? (
                  <Button
                    variant="secondary"
                    className={adminStyles.compact}
                    onClick={() => setDeactivating(operator)}
                    aria-label={t('operators.deactivateNamed', { name: operator.name })}
                    data-testid="operator-deactivate"
                  >
                    {t('operators.deactivate')}
                  </Button>
                ) : null}
              </div>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className={adminStyles.page} data-testid="operators-page">
      <PageHeader title={t('operators.title')} lead={isAdmin ? t('operators.lead') : t('operators.leadReadOnly')} />
      {isAdmin ? (
        <PageSection id="operators-invite" title={t('operators.inviteTitle')} className={adminStyles.panel}>
          <InviteForm />
        </PageSection>
      ) : null}
      <PageSection id="operators-list" title={t('operators.listTitle')}>
        <QueryView query={query} isEmpty={(d) => d.length === 0}>
          {(operators) => (
            <DataTable
              columns={columns}
              rows={operators}
              rowKey={(operator) => operator.id}
              caption={t('operators.listTitle')}
              testId="operators-table"
              rowAttributes={(operator) => ({ 'data-testid': 'operator-row', 'data-email': operator.email })}
            />
          )}
        </QueryView>
      </PageSection>
      {deactivating ? (
        <ConfirmDialog
          confirmTestId="confirm-ok"
          title={t('operators.deactivateTitle')}
          confirmLabel={t('operators.deactivate')}
          danger
          onClose={() => setDeactivating(null)}
          onConfirm={async () => {
            await deactivateOperator(deactivating.id);
            await queryClient.invalidateQueries({ queryKey: operatorsQueryOptions().queryKey });
          }}
          testId="deactivate-dialog"
        >
          <p className={adminStyles.plain}>
            {t('operators.deactivateBody', { name: isolate(deactivating.name), email: isolate(deactivating.email || '—') })}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
