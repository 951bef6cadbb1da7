import { useEffect, useRef, useState } from 'preact/hooks';
import type { Profile } from '@/lib/settings';

interface ProfileListProps {
  profiles: readonly Profile[];
  activeId: string | null;
  editingId: string | null;
  busy: boolean;
  onUse: (id: string) => void;
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
}

/** Saved profiles: which one is active, and Use / Edit / Delete (Delete asks first). */
export function ProfileList({
  profiles,
  activeId,
  editingId,
  busy,
  onUse,
  onEdit,
  onDelete,
}: ProfileListProps) {
  const [confirming, setConfirming] = useState<string | null>(null);
  return (
    <ul class="profiles">
      {profiles.map((p) => {
        const name = p.name || p.serverUrl;
        const active = p.id === activeId;
        return (
          <li key={p.id} class={p.id === editingId ? 'editing' : undefined}>
            <div class="grow">
              <strong>{name}</strong>
              {active && <span class="badge">Active</span>}
              <div class="muted small">{p.serverUrl}</div>
            </div>
            {confirming === p.id ? (
              <ConfirmDelete
                name={name}
                busy={busy}
                onConfirm={() => {
                  setConfirming(null);
                  onDelete(p.id);
                }}
                onCancel={() => setConfirming(null)}
              />
            ) : (
              <div class="row">
                {!active && (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => onUse(p.id)}
                    aria-label={`Use ${name}`}
                  >
                    Use
                  </button>
                )}
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => onEdit(p.id)}
                  aria-label={`Edit ${name}`}
                >
                  Edit
                </button>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => setConfirming(p.id)}
                  aria-label={`Delete ${name}`}
                >
                  Delete
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

function ConfirmDelete({ name, busy, onConfirm, onCancel }: ConfirmDeleteProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  // The Delete button that opened this is gone: keep keyboard focus here, on the harmless choice.
  useEffect(() => {
    cancelRef.current?.focus();
  }, []);
  return (
    <fieldset class="row confirm">
      <legend class="small">Delete {name} and its saved key?</legend>
      <button type="button" class="danger" disabled={busy} onClick={onConfirm}>
        Delete
      </button>
      <button type="button" ref={cancelRef} onClick={onCancel}>
        Cancel
      </button>
    </fieldset>
  );
}
