import { useEffect, useRef, useState } from 'preact/hooks';
import { useFocusAfterRender } from '@/components/use-focus-after-render';
import { withValue } from '@/components/with-value';
import { t } from '@/lib/i18n';
import type { Profile } from '@/lib/settings/schema';

interface ProfileListProps {
  profiles: readonly Profile[];
  activeId: string | null;
  editingId: string | null;
  busy: boolean;
  /** Ids of profiles whose server the extension has no host access to yet (e.g. just imported). */
  needsAccess?: ReadonlySet<string>;
  /** Ids of profiles known to have no saved API key (imported without one). */
  needsKey?: ReadonlySet<string>;
  onUse: (id: string) => void;
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
  /** Asks for host access to the profile's server; must run synchronously in the click. */
  onGrant?: (id: string) => void;
}

/** The id of a profile's row (focusable, to land on after a change) or of one of its buttons. */
export const profileControlId = (profileId: string, part: 'row' | 'use' | 'edit' | 'delete') =>
  `profile-${part}-${profileId}`;

const originText = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

/** Saved profiles: which one is active, what each still needs, and Use / Edit / Delete (Delete asks first). */
export function ProfileList({
  profiles,
  activeId,
  editingId,
  busy,
  needsAccess,
  needsKey,
  onUse,
  onEdit,
  onDelete,
  onGrant,
}: ProfileListProps) {
  // The id of the profile whose deletion awaits confirmation; '' for none.
  const [confirming, setConfirming] = useState('');
  const focusAfterRender = useFocusAfterRender();
  return (
    <ul class="profiles">
      {profiles.map((p) => {
        const name = p.name || p.serverUrl;
        const active = p.id === activeId;
        const noAccess = needsAccess?.has(p.id) ?? false;
        const noKey = needsKey?.has(p.id) ?? false;
        return (
          <li
            key={p.id}
            id={profileControlId(p.id, 'row')}
            tabIndex={-1}
            class={p.id === editingId ? 'editing' : undefined}
          >
            <div class="grow profile-info">
              <div class="profile-title">
                <strong>{name}</strong>
                {active && <span class="badge">{t('options_active_badge')}</span>}
                {noAccess && <span class="badge warn">{t('options_needs_access_badge')}</span>}
                {noKey && <span class="badge warn">{t('options_needs_key_badge')}</span>}
              </div>
              <div class="muted small profile-url">
                <span dir="ltr">{p.serverUrl}</span>
              </div>
              {noAccess && (
                <div class="small">
                  {withValue('options_needs_access_note', originText(p.serverUrl), (origin) => (
                    <span dir="ltr">{origin}</span>
                  ))}
                </div>
              )}
              {noKey && <div class="small">{t('options_needs_key_note')}</div>}
            </div>
            {confirming === p.id ? (
              <ConfirmDelete
                name={name}
                busy={busy}
                onConfirm={() => {
                  setConfirming('');
                  onDelete(p.id);
                }}
                onCancel={() => {
                  setConfirming('');
                  // Its Delete button comes back: focus goes there, not to the top of the page.
                  focusAfterRender(profileControlId(p.id, 'delete'));
                }}
              />
            ) : (
              <div class="row profile-actions">
                {noAccess && onGrant && (
                  <button
                    type="button"
                    class="primary"
                    disabled={busy}
                    onClick={() => onGrant(p.id)}
                    aria-label={t('options_grant_access_label', originText(p.serverUrl))}
                  >
                    {t('options_grant_access')}
                  </button>
                )}
                {!active && (
                  <button
                    type="button"
                    id={profileControlId(p.id, 'use')}
                    disabled={busy}
                    onClick={() => onUse(p.id)}
                    aria-label={t('options_use_label', name)}
                  >
                    {t('options_use')}
                  </button>
                )}
                <button
                  type="button"
                  id={profileControlId(p.id, 'edit')}
                  disabled={busy}
                  onClick={() => onEdit(p.id)}
                  aria-label={t('options_edit_label', name)}
                >
                  {t('options_edit')}
                </button>
                <button
                  type="button"
                  id={profileControlId(p.id, 'delete')}
                  disabled={busy}
                  onClick={() => setConfirming(p.id)}
                  aria-label={t('options_delete_label', name)}
                >
                  {t('options_delete')}
                </button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

interface ConfirmDeleteProps {
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Delete or Cancel (Escape cancels too); the caller puts focus back on Delete after a cancel. */
function ConfirmDelete({ name, busy, onConfirm, onCancel }: ConfirmDeleteProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  // The Delete button that opened this is gone: keep keyboard focus here, on the harmless choice.
  useEffect(() => {
    cancelRef.current?.focus();
  }, []);
  return (
    <fieldset
      class="row confirm"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <legend class="small">{t('options_delete_confirm', name)}</legend>
      <button type="button" class="danger" disabled={busy} onClick={onConfirm}>
        {t('options_delete')}
      </button>
      <button type="button" ref={cancelRef} onClick={onCancel}>
        {t('options_cancel')}
      </button>
    </fieldset>
  );
}
