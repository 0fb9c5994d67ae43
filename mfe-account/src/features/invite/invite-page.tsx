import { useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { AccountCard, AccountPage } from '../../shared/account-page.tsx';
import layout from '../../shared/account-page.module.css';
import { usePlatform } from '../../shared/platform-context.tsx';
import { useAccount } from '../../shared/use-account.ts';
import { AvailableNow } from '../../shared/available-now.tsx';

/** The sign-up link that fills in the code (the register page reads `?invite=`). */
export function inviteLink(origin: string, code: string): string {
  return `${origin}/pass/register?invite=${encodeURIComponent(code)}`;
}

/**
 * `/profile/invite`: the user's own invite code and link, which work today (a sign-up with them is linked
 * to this account); rewards for invitations are not offered yet, and the page says so.
 */
export function InvitePage() {
  const { t } = useT(NAMESPACE);
  const account = useAccount();
  return (
    <AccountPage title={t('pages.invite')} testId="invite-page">
      <QueryView query={account}>{(info) => <Share code={info.user.inviteCode} />}</QueryView>
      <AccountCard id="invite-rewards" title={t('invite.rewardsTitle')} testId="invite-rewards">
        <p className={layout.muted}>{t('invite.rewardsComing')}</p>
      </AccountCard>
      <AvailableNow />
    </AccountPage>
  );
}

function Share({ code }: { code: string }) {
  const { t } = useT(NAMESPACE);
  return (
    <AccountCard id="invite-share" title={t('invite.shareTitle')}>
      <p className={layout.muted}>{t('invite.lead')}</p>
      <CopyRow label={t('invite.code')} value={code} testId="invite-code" />
      <CopyRow label={t('invite.link')} value={inviteLink(window.location.origin, code)} testId="invite-link" />
    </AccountCard>
  );
}

/** A labelled value to hand on (shown left to right) and its Copy button (`copy-<testId>`). */
function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useT('common');
  const { toast } = usePlatform();
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => toast(t('actions.copied'), 'success'),
      () => toast(t('actions.copyFailed'), 'error'),
    );
  return (
    <div className={layout.item}>
      <div className={layout.itemBody}>
        <p className={layout.muted}>{label}</p>
        <p className={layout.itemTitle} data-testid={testId} dir="ltr">
          {value}
        </p>
      </div>
      <Button variant="secondary" onClick={() => void copy()} data-testid={`copy-${testId}`}>
        {t('actions.copy')}
      </Button>
    </div>
  );
}
