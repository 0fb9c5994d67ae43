import styles from './admin.module.css';

/**
 * Class names of the back-office's shared look: `page`, `pageHeader`, `section`, `panel`,
 * `tableWrap` + `table` (+ `num`, `nowrap`, `rowActions`), `chips`/`chip`, `badge` (+ `badgeOk`,
 * `badgeWarn`, `badgeDanger`), `note` (+ `noteWarn`, `noteError`, `noteOk`), `toolbar`, `formGrid`,
 * `fieldset`/`legend`/`checks`/`check`, `mono`, `ltr`, `muted`, `small`, `link`, `visuallyHidden`.
 */
export const adminClasses = styles;
