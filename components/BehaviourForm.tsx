import type { Behaviour } from '@/lib/settings';

interface BehaviourFormProps {
  behaviour: Behaviour;
  onChange: (patch: Partial<Behaviour>) => void;
}

/** On/off switches that apply to every profile; each change is saved at once. */
export function BehaviourForm({ behaviour, onChange }: BehaviourFormProps) {
  return (
    <div class="stack">
      <label class="check">
        <input
          type="checkbox"
          checked={behaviour.autoCopy}
          onChange={(e) => onChange({ autoCopy: e.currentTarget.checked })}
        />
        Copy the short URL automatically
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={behaviour.notifications}
          onChange={(e) => onChange({ notifications: e.currentTarget.checked })}
        />
        Show notifications
      </label>
    </div>
  );
}
