/** #/channels and #/channels/<id>: channels, their items, and assigning links, bio pages and QR codes. */
import { useId, useState } from 'preact/hooks';
import type { ChannelItemType } from '@/lib/api/client';
import type { Channel } from '@/lib/api/schemas';
import { isHexColor } from '@/lib/link-form';
import type { Result } from '@/lib/protocol';
import { useApi } from './api-context';
import { forgetChoices, useChoices } from './choices';
import { useAction, useLoad, useStepBackFromEmptyPage } from './hooks';
import { PAGE_SIZE } from './links-view';
import { routeHref } from './route';
import {
  CheckboxField,
  ConfirmDelete,
  ErrorMessage,
  LoadState,
  Pager,
  SafeLink,
  SelectField,
  StatusMessage,
  TextField,
} from './ui';

const DEFAULT_COLOR = '#1E88E5';

interface ChannelFields {
  name: string;
  description: string;
  color: string;
  starred: boolean;
}

/** Field → message; empty when the channel can be sent. */
export function validateChannel(fields: ChannelFields): Partial<Record<keyof ChannelFields, string>> {
  const errors: Partial<Record<keyof ChannelFields, string>> = {};
  if (fields.name.trim() === '') errors.name = 'Enter a channel name.';
  if (fields.color.trim() !== '' && !isHexColor(fields.color))
    errors.color = 'Enter a HEX colour like #1A2B3C.';
  return errors;
}

/** A colour picker and the same colour as HEX text, kept in step. */
function ColorField({
  value,
  onValue,
  error,
}: {
  value: string;
  onValue: (v: string) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div class="color-field">
      <div class="field">
        <label for={id}>Colour</label>
        <input
          id={id}
          type="color"
          value={isHexColor(value) ? value.trim().toLowerCase() : '#000000'}
          onInput={(event) => onValue(event.currentTarget.value.toUpperCase())}
        />
      </div>
      <TextField label="Colour (HEX)" value={value} onValue={onValue} error={error} placeholder="#1E88E5" />
    </div>
  );
}

function ChannelForm({
  initial,
  submitLabel,
  save,
  onDone,
}: {
  initial: ChannelFields;
  submitLabel: string;
  save: (fields: ChannelFields) => Promise<Result<unknown>>;
  onDone?: (changed: boolean) => void;
}) {
  const [fields, setFields] = useState(initial);
  const [errors, setErrors] = useState<ReturnType<typeof validateChannel>>({});
  const action = useAction(save);
  const set = <K extends keyof ChannelFields>(key: K, value: ChannelFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const found = validateChannel(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result = await action.run(fields);
    if (!result?.ok) return;
    if (onDone) onDone(true);
    else setFields(initial);
  };
  return (
    <form class="channel-form" onSubmit={onSubmit} noValidate>
      <div class="grid">
        <TextField
          label="Name"
          value={fields.name}
          onValue={(v) => set('name', v)}
          error={errors.name}
          required
        />
        <TextField label="Description" value={fields.description} onValue={(v) => set('description', v)} />
      </div>
      <ColorField value={fields.color} onValue={(v) => set('color', v)} error={errors.color} />
      <CheckboxField label="Starred" checked={fields.starred} onChecked={(v) => set('starred', v)} />
      <div class="actions">
        <button type="submit" class="primary" disabled={action.busy}>
          {submitLabel}
        </button>
        {onDone && (
          <button type="button" onClick={() => onDone(false)}>
            Cancel
          </button>
        )}
      </div>
      <ErrorMessage error={action.error} />
    </form>
  );
}

function ChannelRow({ channel, onChanged }: { channel: Channel; onChanged: () => void }) {
  const api = useApi();
  const [editing, setEditing] = useState(false);
  const remove = useAction(() => api('deleteChannel', channel.id));
  const onDelete = async () => {
    const result = await remove.run();
    if (result?.ok) {
      forgetChoices(api, 'listChannels');
      onChanged();
    }
  };
  return (
    <li class="item card">
      <div class="item-head">
        <span
          class="swatch"
          style={{ background: isHexColor(channel.color) ? channel.color : 'transparent' }}
          aria-hidden="true"
        />
        <h3>
          <a href={routeHref({ name: 'channel', id: channel.id })}>
            {channel.name || `Channel #${channel.id}`}
          </a>
        </h3>
        {channel.starred && <span class="badge">★ Starred</span>}
      </div>
      {channel.description && <p>{channel.description}</p>}
      <div class="actions">
        <a class="button" href={routeHref({ name: 'channel', id: channel.id })}>
          View items
        </a>
        <button type="button" aria-expanded={editing} onClick={() => setEditing(!editing)}>
          Edit
        </button>
        <ConfirmDelete
          what={`channel “${channel.name}”`}
          warning="Its links, bio pages and QR codes will be unassigned from it (they are not deleted)."
          onConfirm={onDelete}
          busy={remove.busy}
        />
      </div>
      <ErrorMessage error={remove.error} />
      {editing && (
        <ChannelForm
          initial={{
            name: channel.name,
            description: channel.description,
            color: channel.color,
            starred: channel.starred,
          }}
          submitLabel="Save"
          save={(fields) =>
            api('updateChannel', channel.id, {
              name: fields.name.trim(),
              description: fields.description.trim() || undefined,
              color: fields.color.trim() || undefined,
              starred: fields.starred,
            })
          }
          onDone={(changed) => {
            setEditing(false);
            if (changed) {
              forgetChoices(api, 'listChannels');
              onChanged();
            }
          }}
        />
      )}
    </li>
  );
}

/** The channels page. */
export function ChannelsView() {
  const api = useApi();
  const [page, setPage] = useState(1);
  const [created, setCreated] = useState<string>();
  const channels = useLoad(() => api('listChannels', { limit: PAGE_SIZE, page }), [api, page]);
  useStepBackFromEmptyPage(channels.data, setPage);
  return (
    <section aria-labelledby="channels-heading">
      <h1 id="channels-heading">Channels</h1>
      <div class="card">
        <h2>New channel</h2>
        <ChannelForm
          initial={{ name: '', description: '', color: DEFAULT_COLOR, starred: false }}
          submitLabel="Create channel"
          save={async (fields) => {
            setCreated(undefined);
            const result = await api('addChannel', {
              name: fields.name.trim(),
              description: fields.description.trim() || undefined,
              color: fields.color.trim() || undefined,
              starred: fields.starred,
            });
            if (result.ok) {
              setCreated(`Channel “${fields.name.trim()}” created.`);
              forgetChoices(api, 'listChannels');
              channels.reload();
            }
            return result;
          }}
        />
        <StatusMessage text={created} />
      </div>
      <LoadState
        loading={channels.loading && !channels.data}
        error={channels.error}
        onRetry={channels.reload}
      />
      {channels.data && (
        <>
          {channels.data.items.length === 0 ? (
            <p>No channels yet.</p>
          ) : (
            <ul class="items" aria-busy={channels.loading}>
              {channels.data.items.map((channel) => (
                <ChannelRow key={channel.id} channel={channel} onChanged={channels.reload} />
              ))}
            </ul>
          )}
          <Pager label="Channel pages" page={channels.data} onPage={setPage} busy={channels.loading} />
        </>
      )}
    </section>
  );
}

/** `label` starts a table cell or an option; `noun` goes inside a sentence ("QR code" keeps its capitals). */
const ITEM_TYPES: { value: ChannelItemType; label: string; noun: string }[] = [
  { value: 'links', label: 'Link', noun: 'link' },
  { value: 'bio', label: 'Bio page', noun: 'bio page' },
  { value: 'qr', label: 'QR code', noun: 'QR code' },
];

function AssignItem({ channelId, onAssigned }: { channelId: number; onAssigned: () => void }) {
  const api = useApi();
  const [type, setType] = useState<ChannelItemType>('links');
  const [itemId, setItemId] = useState('');
  const [idError, setIdError] = useState<string>();
  const [done, setDone] = useState<string>();
  const assign = useAction((id: number) => api('assignToChannel', channelId, type, id));
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setDone(undefined);
    const raw = itemId.trim();
    if (!/^[1-9]\d*$/.test(raw)) {
      setIdError('Enter the item’s id (a positive whole number).');
      return;
    }
    setIdError(undefined);
    const result = await assign.run(Number(raw));
    if (result?.ok) {
      setDone(`Added ${ITEM_TYPES.find((t) => t.value === type)?.noun} #${raw}.`);
      setItemId('');
      onAssigned();
    }
  };
  return (
    <form class="card" onSubmit={onSubmit} aria-labelledby="assign-item-heading" noValidate>
      <h2 id="assign-item-heading">Add an item</h2>
      <div class="inline-form">
        <SelectField
          label="Item type"
          value={type}
          onValue={(v) => setType(v as ChannelItemType)}
          options={ITEM_TYPES}
        />
        <TextField
          label="Item id"
          type="number"
          min={1}
          step={1}
          value={itemId}
          onValue={setItemId}
          error={idError}
        />
        <button type="submit" class="primary" disabled={assign.busy}>
          Add to channel
        </button>
      </div>
      <ErrorMessage error={assign.error} />
      <StatusMessage text={done} />
    </form>
  );
}

/** One channel's items, a page at a time, and the form that adds items. */
export function ChannelView({ id }: { id: number }) {
  const api = useApi();
  const [page, setPage] = useState(1);
  const items = useLoad(() => api('listChannelItems', id, { limit: PAGE_SIZE, page }), [api, id, page]);
  useStepBackFromEmptyPage(items.data, setPage);
  const typeLabel = (type: string) => ITEM_TYPES.find((t) => t.value === type)?.label ?? type;
  // The items endpoint does not name the channel; the (cached) choice list usually does.
  const channel = useChoices(api, 'listChannels', true).data?.items.find((c) => c.id === id);
  return (
    <section aria-labelledby="channel-heading">
      <p>
        <a href={routeHref({ name: 'channels' })}>← All channels</a>
      </p>
      <h1 id="channel-heading">{channel?.name ? `Channel “${channel.name}”` : `Channel #${id}`}</h1>
      <AssignItem channelId={id} onAssigned={items.reload} />
      <LoadState loading={items.loading && !items.data} error={items.error} onRetry={items.reload} />
      {items.data && (
        <>
          {items.data.items.length === 0 ? (
            <p>This channel has no items.</p>
          ) : (
            <table class="list" aria-busy={items.loading}>
              <thead>
                <tr>
                  <th scope="col">Type</th>
                  <th scope="col">Item</th>
                  <th scope="col">Link</th>
                  <th scope="col">Date</th>
                </tr>
              </thead>
              <tbody>
                {items.data.items.map((item) => (
                  <tr key={`${item.type}-${item.id}`}>
                    <td>{typeLabel(item.type)}</td>
                    <td>
                      {item.type === 'links' ? (
                        <a href={routeHref({ name: 'link', id: item.id })}>{item.title || `#${item.id}`}</a>
                      ) : (
                        item.title || `#${item.id}`
                      )}
                      <div class="sub">
                        #{item.id}
                        {item.preview && (
                          <>
                            {' · '}
                            <SafeLink url={item.preview}>preview</SafeLink>
                          </>
                        )}
                      </div>
                    </td>
                    <td class="long-url">{item.link ? <SafeLink url={item.link} /> : '—'}</td>
                    <td>{item.date}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager label="Channel item pages" page={items.data} onPage={setPage} busy={items.loading} />
        </>
      )}
    </section>
  );
}
