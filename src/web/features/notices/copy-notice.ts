/**
 * The copy notice (spec: content §5): text copied from a page carries, after it, a notice naming
 * the platform and the page's address. Admins copy without it. Text copied out of a form field is
 * the user's own and stays as it is.
 */
export function withCopyNotice(text: string, notice: string): string {
  return `${text}\n\n${notice}`;
}

/**
 * Listens for copies on the page until the returned function is called. `exempt` says, at each copy,
 * whether the reader copies without the notice (an admin, by the roles the frame has asked).
 */
export function installCopyNotice(options: { exempt: () => boolean; notice: (url: string) => string }): () => void {
  const onCopy = (event: ClipboardEvent) => {
    if (options.exempt() || !event.clipboardData) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('input, textarea, [contenteditable="true"]')) return;
    const text = document.getSelection()?.toString() ?? '';
    if (!text.trim()) return;
    event.clipboardData.setData('text/plain', withCopyNotice(text, options.notice(window.location.href)));
    event.preventDefault();
  };
  document.addEventListener('copy', onCopy);
  return () => document.removeEventListener('copy', onCopy);
}
