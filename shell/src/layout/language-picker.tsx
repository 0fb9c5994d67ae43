import { useT } from '@meridian/platform';
import { LANGUAGES } from '@meridian/contracts';
import type { LanguageCode } from '@meridian/contracts';
import { useLanguage } from '@meridian/platform';
import { Modal } from '@meridian/ui';
import { changeLanguage } from '../language.ts';
import styles from './chrome.module.css';

/** SPEC §2: modal list of the 11 languages; a choice applies at once, without reload. */
export function LanguagePicker({ onClose }: { onClose: () => void }) {
  const { t } = useT('shell');
  const current = useLanguage();
  const choose = (code: LanguageCode) => {
    void changeLanguage(code);
    onClose();
  };
  return (
    <Modal title={t('language.title')} onClose={onClose} testId="language-picker">
      <ul className={styles.languageList}>
        {LANGUAGES.map((lang) => (
          <li key={lang.code}>
            <button
              type="button"
              lang={lang.code === 'hk' ? 'zh-HK' : lang.code}
              className={styles.languageOption}
              aria-current={lang.code === current ? 'true' : undefined}
              onClick={() => choose(lang.code)}
            >
              {lang.name}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
