import { useState } from 'react';

/** A list filtered by one choice (a state, a mode) and paged: choosing another value goes back to page 1. */
export function usePagedFilter<T extends string>(initial: T) {
  const [value, setValue] = useState<T>(initial);
  const [page, setPage] = useState(1);
  const choose = (next: T) => {
    setValue(next);
    setPage(1);
  };
  return { value, choose, page, setPage };
}
