import type { ComponentChildren } from 'preact';
import { type MessageKey, t } from '@/lib/i18n';

/** Stands in for a value in a message, so the value can be put in markup where the language placed it. */
const SLOT = '\u0001';

/**
 * A translated sentence with `value` (shown as `wrap` makes it) where the message puts `$1`: e.g. a
 * name in bold, or an address in an element of its own that reads left to right in an Arabic sentence.
 */
export function withValue(key: MessageKey, value: string, wrap: (value: string) => ComponentChildren) {
  const [before = '', after = ''] = t(key, SLOT).split(SLOT);
  return (
    <>
      {before}
      {wrap(value)}
      {after}
    </>
  );
}
