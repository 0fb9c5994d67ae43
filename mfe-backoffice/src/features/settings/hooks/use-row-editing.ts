import { useEffect, useRef, useState } from 'react';

/**
 * One row of a settings table edited at a time. When the row leaves editing (saved or cancelled),
 * focus returns to its Edit button, found by `editButtonId` (a function defined outside the component).
 */
export function useRowEditing<K extends string | number>(editButtonId: (key: K) => string) {
  const [editing, setEditing] = useState<K | null>(null);
  const lastEdited = useRef<K | null>(null);
  useEffect(() => {
    if (editing !== null) lastEdited.current = editing;
    else if (lastEdited.current !== null) document.getElementById(editButtonId(lastEdited.current))?.focus();
  }, [editing, editButtonId]);
  return [editing, setEditing] as const;
}

/** What the settings page gives each table it edits: whether the operator may edit, and where a save is announced. */
export interface EditingTableProps {
  editable: boolean;
  onSaved: (text: string) => void;
}
