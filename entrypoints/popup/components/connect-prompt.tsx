import { t } from '@/lib/i18n';

interface ConnectPromptProps {
  onOpenOptions: () => void;
}

/** What the popup shows before any server is set up. */
export function ConnectPrompt({ onOpenOptions }: ConnectPromptProps) {
  return (
    <section class="connect">
      <h1>{t('popup_connect_heading')}</h1>
      <p class="muted">{t('popup_connect_text')}</p>
      <button type="button" class="primary" onClick={onOpenOptions}>
        {t('popup_open_options')}
      </button>
    </section>
  );
}
