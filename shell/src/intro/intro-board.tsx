import { useId, useState } from 'react';
import { useT } from '@meridian/platform';
import { LANGUAGES, isLanguageCode } from '@meridian/contracts';
import { useIsLoggedIn, useLanguage } from '@meridian/platform';
import { Button, Modal } from '@meridian/ui';
import { changeLanguage } from '../language.ts';
import { navigate } from '../navigation/location.ts';
import { INTRO_SEEN_KEY } from '../first-paint/first-paint.ts';
import styles from './intro-board.module.css';

export function introAlreadySeen(): boolean {
  try {
    return sessionStorage.getItem(INTRO_SEEN_KEY) === '1';
  } catch {
    return true;
  }
}

function markSeen(): void {
  try {
    sessionStorage.setItem(INTRO_SEEN_KEY, '1');
  } catch {
    // without session storage the board simply shows again next page view
  }
}

/** SPEC §2: first-visit introduction board, once per browser session, with its own language chooser. */
export function IntroBoard({ onDone }: { onDone: () => void }) {
  const { t } = useT('shell');
  const loggedIn = useIsLoggedIn();
  const lang = useLanguage();
  const selectId = useId();
  const [points] = useState(() => ['intro.point1', 'intro.point2', 'intro.point3'] as const);

  const finish = (target: string) => {
    markSeen();
    onDone();
    navigate(target);
  };

  return (
    <Modal title={t('intro.title')} testId="intro-board">
      <ul className={styles.points}>
        {points.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <div className={styles.row}>
        <label htmlFor={selectId}>
          {t('language.title')}{' '}
          <select
            id={selectId}
            className={styles.select}
            value={lang}
            data-testid="intro-language"
            onChange={(event) => {
              if (isLanguageCode(event.target.value)) void changeLanguage(event.target.value);
            }}
          >
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={() => finish('/')} data-testid="intro-skip">
            {t('intro.skip')}
          </Button>
          <Button onClick={() => finish(loggedIn ? '/' : '/pass/register')} data-testid="intro-continue">
            {t('intro.continue')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
