/**
 * Keeps Tab inside a dialog: Tab on its last focusable goes to its first, Shift+Tab on the first to
 * the last. `items` are the dialog's focusables in order; call it for a Tab keydown.
 */
export function keepTabInside(event: KeyboardEvent, items: readonly HTMLElement[]): void {
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
