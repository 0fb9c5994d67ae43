import type { FundingNetwork } from '@meridian/contracts';
import { useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { QrCode } from '../../../shared/qr-code.tsx';
import styles from './funding.module.css';

/**
 * The platform's deposit address of a network: as text (left to right in every language), as a QR code,
 * and a copy button that says whether it worked ("copied" / "copy failed").
 */
export function DepositAddress({ network, address }: { network: FundingNetwork; address: string }) {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const { toast } = usePlatform();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toast(tc('actions.copied'), 'success');
    } catch {
      toast(tc('actions.copyFailed'), 'error');
    }
  };
  return (
    <div className={styles.address} data-testid="deposit-address">
      <QrCode text={address} size={176} alt={t('funding.qrAlt', { network })} testId="deposit-qr" />
      <div className={styles.addressText}>
        <p className={styles.label}>{t('funding.addressOf', { network })}</p>
        <code className={styles.mono} dir="ltr" data-testid="deposit-address-text">
          {address}
        </code>
        <Button variant="secondary" onClick={() => void copy()} data-testid="deposit-copy">
          {tc('actions.copy')}
        </Button>
      </div>
    </div>
  );
}
