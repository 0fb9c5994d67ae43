import styles from './page-layout.module.css';

/**
 * Class names of a remote's page: `page` (the centred column), `title`, `lead`, `card` (a section's grid
 * inside a surface panel), `cardTitle` and `muted` (secondary text). The products' pages share them; each
 * remote keeps only its own layout.
 */
export const pageLayout = styles;
