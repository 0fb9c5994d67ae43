import { useT } from '@meridian/platform';
import { Button, surfaceClasses } from '@meridian/ui';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import layout from '../../shared/account-page.module.css';
import { usePlatform } from '../../shared/platform-context.tsx';
import { QueryView } from '../../shared/query-view.tsx';
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
    <div className={layout.page} data-testid="invite-page">
      <h1 className={layout.title}>{t('pages.invite')}</h1>
      <QueryView query={account}>{(info) => <Share code={info.user.inviteCode} />}</QueryView>
      <section className={`${surfaceClasses.panel} ${layout.card}`} aria-labelledby="invite-rewards-title" data-testid="invite-rewards">
        <h2 id="invite-rewards-title" className={layout.cardTitle}>
          {t('invite.rewardsTitle')}
        </h2>
        <p className={layout.muted}>{t('invite.rewardsComing')}</p>
      </section>
      <AvailableNow />
    </div>
  );
}

function Share({ code }: { code: string }) {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const { toast } = usePlatform();
  const link = inviteLink(window.location.origin, code);
  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
      () => toast(tc('actions.copied'), 'success'),
      () => toast(tc('actions.copyFailed'), 'error'),
    );
  return (
    <section className={`${surfaceClasses.panel} ${layout.card}`} aria-labelledby="invite-share-title">
      <h2 id="invite-share-title" className={layout.cardTitle}>
        {t('invite.shareTitle')}
      </h2>
      <p className={layout.muted}>{t('invite.lead')}</p>
      <div className={layout.item}>
        <div className={layout.itemBody}>
          <p className={layout.muted}>{t('invite.code')}</p>
          <p className={layout.itemTitle} data-testid="invite-code" dir="ltr">
            {code}
          </p>
        </div>
        <Button variant="secondary" onClick={() => void copy(code)} data-testid="copy-invite-code">
          {tc('actions.copy')}
        </Button>
      </div>
      <div className={layout.item}>
        <div className={layout.itemBody}>
          <p className={layout.muted}>{t('invite.link')}</p>
          <p className={layout.itemTitle} data-testid="invite-link" dir="ltr">
            {link}
          </p>
        </div>
        <Button variant="secondary" onClick={() => void copy(link)} data-testid="copy-invite-link">
          {tc('actions.copy')}
        </Button>
      </div>
    </section>
  );
}
