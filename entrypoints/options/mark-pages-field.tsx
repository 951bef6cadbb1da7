import { useEffect, useState } from 'preact/hooks';
import { CheckboxField } from '@/components/fields';
import { t } from '@/lib/i18n';
import type { Behaviour } from '@/lib/settings/schema';

const TABS = { permissions: ['tabs' as const] };

/** Whether the optional `tabs` permission is granted, following grants and removals; null until known. */
function useTabsPermission() {
  const [allowed, setAllowed] = useState<boolean | null>(null);
  useEffect(() => {
    // A browser that cannot tell has not granted it.
    const check = () =>
      void Promise.resolve()
        .then(() => browser.permissions.contains(TABS))
        .catch(() => false)
        .then(setAllowed);
    check();
    browser.permissions.onAdded.addListener(check);
    browser.permissions.onRemoved.addListener(check);
    return () => {
      browser.permissions.onAdded.removeListener(check);
      browser.permissions.onRemoved.removeListener(check);
    };
  }, []);
  return allowed;
}

/**
 * *Mark pages that have a short link* (the background's tab marker). It reads every tab's address, so
 * turning it on asks for `tabs` from the click; the switch is on only while both the setting and the
 * permission are, and says why when the permission was refused or removed since.
 */
export function MarkPagesField({
  on,
  onChange,
}: {
  on: boolean;
  onChange: (patch: Partial<Behaviour>) => void;
}) {
  const allowed = useTabsPermission();
  const [refused, setRefused] = useState(false);

  function toggle(checked: boolean) {
    setRefused(false);
    if (!checked) return onChange({ markPages: false });
    // Nothing may be awaited before permissions.request: the browser only asks while the click lasts.
    void browser.permissions
      .request(TABS)
      .catch(() => false)
      .then((granted) => (granted ? onChange({ markPages: true }) : setRefused(true)));
  }

  return (
    <>
      <CheckboxField
        id="mark-pages"
        checked={on && allowed === true}
        label={t('options_mark_pages')}
        hint={t('options_mark_pages_hint')}
        onChecked={toggle}
      />
      {refused ? (
        <p class="alert" role="alert">
          {t('options_mark_pages_refused')}
        </p>
      ) : (
        on &&
        allowed === false && (
          <p class="alert" role="alert">
            {t('options_mark_pages_removed')}
          </p>
        )
      )}
    </>
  );
}
