import { formatDateTime, useLanguage, useT } from '@meridian/platform';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import styles from './funding.module.css';

/** One step of a deposit's or a withdrawal's timeline (SPEC §5.5a). */
export type TimelineStep = { key: string; done: boolean; time?: string | null; detail?: string | null; tone?: 'good' | 'bad' };

/** A request's timeline: each step named (`<kind>.steps.<key>`), its time once done, and its detail (a reason). */
export function Timeline({
  steps,
  kind,
  testPrefix,
}: {
  steps: readonly TimelineStep[];
  kind: 'funding' | 'withdraw';
  testPrefix: string;
}) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  return (
    <ol className={styles.timeline} aria-label={t('funding.timeline')}>
      {steps.map((step) => (
        <li
          key={step.key}
          className={styles.step}
          data-done={step.done}
          data-tone={step.tone}
          data-testid={`${testPrefix}-step-${step.key}`}
        >
          <span>{t(`${kind}.steps.${step.key}`)}</span>
          {step.done && step.time ? <time dateTime={step.time}>{formatDateTime(step.time, lang)}</time> : null}
          {step.detail ? <span data-testid={`${testPrefix}-reason`}>{step.detail}</span> : null}
        </li>
      ))}
    </ol>
  );
}
