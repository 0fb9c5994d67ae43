import styles from './surface.module.css';

/** Class names of the shared surfaces (`panel`: a bordered card, section or form); parts add their own layout. */
export const surfaceClasses = styles;
