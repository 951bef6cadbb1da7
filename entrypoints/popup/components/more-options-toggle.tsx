import { t, tPlural } from '@/lib/i18n';

interface MoreOptionsToggleProps {
  open: boolean;
  /** The panel's id once it is in the page. */
  controls: string | undefined;
  /** How many request fields collapsed More options changes; 0 says nothing. */
  inEffect: number;
  onToggle: () => void;
}

/** The disclosure button of More options; collapsed, it says how many of its fields take part. */
export function MoreOptionsToggle({ open, controls, inEffect, onToggle }: MoreOptionsToggleProps) {
  return (
    <button
      type="button"
      class="quiet more-toggle"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {inEffect ? tPlural('popup_more_options_set', inEffect) : t('popup_more_options')}
    </button>
  );
}
