import { createContext, useContext } from 'react';

/** How a part says a failed call in words, and which failures mean "not there" (no Retry then). */
export interface FailureText {
  describe: (error: unknown) => string;
  isMissing?: (error: unknown) => boolean;
}

const FailureTextContext = createContext<FailureText | null>(null);

/**
 * Gives the kit's QueryView and ConfirmDialog a part's own error texts (its codes translated), once
 * for a whole frame instead of at every use.
 */
export const FailureTextProvider = FailureTextContext.Provider;

/** The nearest part's error texts, if a frame gave them. */
export const useFailureText = (): FailureText | null => useContext(FailureTextContext);
