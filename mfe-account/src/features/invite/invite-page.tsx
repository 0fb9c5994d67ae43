import { useQuery } from '@tanstack/react-query';
import type { ListInvitesResult } from '@meridian/contracts';
import { formatAmount, formatDate, useLanguage, useT, useUser } from '@meridian/platform';
import { Button, EmptyState } from '@meridian/ui';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { AccountCard, AccountPage } from '../../shared/account-page.tsx';
import layout from '../../shared/account-page.module.css';
import { usePlatform } from '../../shared/platform-context.tsx';
import { QrCode } from '../../shared/qr-code.tsx';
import { useAccount } from '../../shared/use-account.ts';
import { invitesQuery } from './api/invites-api.ts';
import styles from './invite.module.css';

/** The sign-up link that fills in the code (the register page reads `?invite=`). */
export function inviteLink(origin: string, code: string): string {
  return `${origin}/pass/register?invite=${encodeURIComponent(code)}`;
}

/**
 * `/profile/invite`: the user's invite code and link (with a QR code), the reward a friend's first approved
 * deposit pays (the operator's `invite_reward_usdt`), and the friends invited with what each paid, read
 * from the ledger.
 */
export function InvitePage() {
  const { t } = useT(NAMESPACE);
  const account = useAccount();
  const { api } = usePlatform();
  const userId = useUser()?.id ?? null;
  const invites = useQuery(invitesQuery(api, userId));
  return (
    <AccountPage title={t('pages.invite')} testId="invite-page">
      <QueryView query={account}>{(info) => <Share code={info.user.inviteCode} />}</QueryView>
      <AccountCard id="invite-rewards" title={t('invite.rewardsTitle')} testId="invite-rewards">
        <QueryView query={invites}>{(list) => <Friends list={list} />}</QueryView>
      </AccountCard>
    </AccountPage>
  );
}

function Share({ code }: { code: string }) {
  const { t } = useT(NAMESPACE);
  const link = inviteLink(window.location.origin, code);
  return (
    <AccountCard id="invite-share" title={t('invite.shareTitle')}>
      <p className={layout.muted}>{t('invite.lead')}</p>
      <div className={styles.share}>
        <QrCode text={link} size={160} alt={t('invite.qrAlt')} testId="invite-qr" />
        <div className={styles.rows}>
          <CopyRow label={t('invite.code')} value={code} testId="invite-code" />
          <CopyRow label={t('invite.link')} value={link} testId="invite-link" />
        </div>
      </div>
    </AccountCard>
  );
}

/** The reward rule, what invitations paid so far, and each friend (masked) with their reward or that it waits. */
function Friends({ list }: { list: ListInvitesResult }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const amount = (value: string) => formatAmount(value, list.currency, lang);
  return (
    <>
      <p className={layout.muted} data-testid="invite-rule">
        {list.rewardPerFriend === '0' ? t('invite.noReward') : t('invite.rule', { amount: amount(list.rewardPerFriend) })}
      </p>
      <p className={styles.paid} data-testid="invite-paid" data-value={list.rewardsPaid}>
        {t('invite.paid', { amount: amount(list.rewardsPaid), count: list.total })}
      </p>
      {list.friends.length === 0 ? (
        <EmptyState title={t('invite.noFriends')} />
      ) : (
        <ul className={layout.list} data-testid="invite-friends">
          {list.friends.map((friend) => (
            <li key={`${friend.name}-${friend.joinedAt}`} className={layout.item} data-testid="invite-friend">
              <div className={layout.itemBody}>
                <p className={layout.itemTitle} dir="ltr">
                  {friend.name}
                </p>
                <p className={layout.muted}>{t('invite.joined', { date: formatDate(friend.joinedAt, lang) })}</p>
              </div>
              <span className={friend.reward ? styles.rewarded : layout.muted} data-testid="invite-friend-reward">
                {friend.reward ? t('invite.rewarded', { amount: amount(friend.reward) }) : t('invite.waiting')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
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
        <p className={`${layout.itemTitle} ${styles.value}`} data-testid={testId} dir="ltr">
          {value}
        </p>
      </div>
      <Button variant="secondary" onClick={() => void copy()} data-testid={`copy-${testId}`}>
        {t('actions.copy')}
      </Button>
    </div>
  );
}
