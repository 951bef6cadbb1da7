/** #/channels and #/channels/<id>: channels, their items, and assigning links, bio pages and QR codes. */
import { useId, useState } from 'preact/hooks';
import { CheckboxField, Field, SelectField, TextField } from '@/components/fields';
import { useStatus } from '@/components/use-status';
import type { ChannelItemType } from '@/lib/api/client';
import type { Channel } from '@/lib/api/schemas';
import { type MessageKey, t } from '@/lib/i18n';
import { isHexColor } from '@/lib/links/link-form';
import { TEXT_LIMITS } from '@/lib/text-limits';
import { useApi } from './api-context';
import { forgetChoices, useChoices } from './choice-lists';
import { formatDate } from './format';
import { closeOnEscape, type Reply, useAction, usePagedResource } from './hooks';
import { ItemCard, ItemList } from './item-list';
import { ListTable, PagedList } from './paged-list';
import { routeHref } from './route';
import { ActionButton, ErrorMessage, needsSetup, SafeLink, StatusMessage } from './ui';

const DEFAULT_COLOR = '#1E88E5';

interface ChannelFields {
  name: string;
  description: string;
  color: string;
  starred: boolean;
}

/** Field → message; empty when the channel can be sent. */
function validateChannel(fields: ChannelFields): Partial<Record<keyof ChannelFields, string>> {
  const errors: Partial<Record<keyof ChannelFields, string>> = {};
  if (fields.name.trim() === '') errors.name = t('manage_channel_name_required');
  if (fields.color.trim() !== '' && !isHexColor(fields.color))
    errors.color = t('manage_channel_color_invalid');
  return errors;
}

/** The channel's name, or its number when it has none. */
const channelName = (channel: Channel) => channel.name || t('manage_channel_untitled', channel.id);

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
      <Field
        id={id}
        label={t('manage_channel_color_label')}
        control={(aria) => (
          <input
            id={id}
            type="color"
            value={isHexColor(value) ? value.trim().toLowerCase() : '#000000'}
            onInput={(event) => onValue(event.currentTarget.value.toUpperCase())}
            {...aria}
          />
        )}
      />
      <TextField
        label={t('manage_channel_color_hex_label')}
        value={value}
        onValue={onValue}
        error={error}
        placeholder={DEFAULT_COLOR}
      />
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
  save: (fields: ChannelFields) => Reply<unknown>;
  /** Called with the saved name, or nothing when the form was closed unsaved. */
  onDone?: (savedName: string | undefined) => void;
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
    if (onDone) onDone(fields.name.trim());
    else setFields(initial);
  };
  return (
    <form
      class="channel-form"
      onSubmit={onSubmit}
      // An edit form closes on Escape, like the delete confirmation, back to its Edit button.
      onKeyDown={onDone && closeOnEscape(() => onDone(undefined))}
      noValidate
    >
      <div class="grid">
        <TextField
          label={t('manage_name_label')}
          maxLength={TEXT_LIMITS.name}
          value={fields.name}
          onValue={(v) => set('name', v)}
          error={errors.name}
          required
        />
        <TextField
          label={t('manage_channel_description_label')}
          maxLength={TEXT_LIMITS.description}
          value={fields.description}
          onValue={(v) => set('description', v)}
        />
      </div>
      <ColorField value={fields.color} onValue={(v) => set('color', v)} error={errors.color} />
      <CheckboxField
        label={t('manage_channel_starred_label')}
        checked={fields.starred}
        onChecked={(v) => set('starred', v)}
      />
      <div class="actions">
        <ActionButton type="submit" class="primary" busy={action.busy}>
          {submitLabel}
        </ActionButton>
        {onDone && (
          <button type="button" onClick={() => onDone(undefined)}>
            {t('manage_cancel')}
          </button>
        )}
      </div>
      <ErrorMessage error={action.error} />
    </form>
  );
}

function ChannelRow({
  channel,
  onChanged,
  onDeleted,
}: {
  channel: Channel;
  onChanged: () => void;
  onDeleted: (status: string) => void;
}) {
  const api = useApi();
  return (
    <ItemCard
      before={
        <a class="button" href={routeHref({ name: 'channel', id: channel.id })}>
          {t('manage_channel_view_items')}
        </a>
      }
      editLabel={t('manage_edit')}
      edit={(done) => (
        <ChannelForm
          initial={{
            name: channel.name,
            description: channel.description,
            color: channel.color,
            starred: channel.starred,
          }}
          submitLabel={t('manage_save')}
          save={(fields) =>
            api('updateChannel', channel.id, {
              name: fields.name.trim(),
              description: fields.description.trim() || undefined,
              color: fields.color.trim() || undefined,
              starred: fields.starred,
            })
          }
          onDone={(savedName) => {
            if (savedName !== undefined) forgetChoices(api, 'listChannels');
            done(savedName === undefined ? undefined : t('manage_channel_saved', savedName));
          }}
        />
      )}
      deleteLabel={t('manage_channel_delete_label', channelName(channel))}
      deleteQuestion={t('manage_channel_delete_question', channelName(channel))}
      remove={() => api('deleteChannel', channel.id)}
      choices="listChannels"
      deletedStatus={t('manage_channel_deleted', channelName(channel))}
      onDeleted={onDeleted}
      onChanged={onChanged}
    >
      <div class="item-head">
        <span
          class="swatch"
          style={{ background: isHexColor(channel.color) ? channel.color : 'transparent' }}
          aria-hidden="true"
        />
        <h3>
          <a href={routeHref({ name: 'channel', id: channel.id })}>{channelName(channel)}</a>
        </h3>
        {channel.starred && <span class="badge">★ {t('manage_channel_badge_starred')}</span>}
      </div>
      {channel.description && <p>{channel.description}</p>}
    </ItemCard>
  );
}

/** The channels page. */
export function ChannelsView() {
  const api = useApi();
  const [created, setCreated] = useStatus();
  const channels = usePagedResource((paging) => api('listChannels', paging), [api]);
  return (
    <section aria-labelledby="channels-heading">
      <h1 id="channels-heading">{t('manage_channels_heading')}</h1>
      {!needsSetup(channels.error) && (
        <div class="card">
          <h2>{t('manage_channel_new_heading')}</h2>
          <ChannelForm
            initial={{ name: '', description: '', color: DEFAULT_COLOR, starred: false }}
            submitLabel={t('manage_channel_create_button')}
            save={async (fields) => {
              setCreated(undefined);
              const result = await api('addChannel', {
                name: fields.name.trim(),
                description: fields.description.trim() || undefined,
                color: fields.color.trim() || undefined,
                starred: fields.starred,
              });
              if (result.ok) {
                setCreated(t('manage_channel_created', fields.name.trim()));
                forgetChoices(api, 'listChannels');
                channels.reload();
              }
              return result;
            }}
          />
          <StatusMessage text={created} />
        </div>
      )}
      <ItemList list={channels} empty={t('manage_channels_empty')} pagerLabel={t('manage_channels_pager')}>
        {(channel, onDeleted) => (
          <ChannelRow key={channel.id} channel={channel} onChanged={channels.reload} onDeleted={onDeleted} />
        )}
      </ItemList>
    </section>
  );
}

/**
 * The kinds of item a channel holds: `label` names the kind in a table cell or an option, `added` is
 * the whole sentence said when one was added (each language words it for that kind).
 */
const ITEM_TYPES: { value: ChannelItemType; label: MessageKey; added: MessageKey }[] = [
  { value: 'links', label: 'manage_channel_item_type_link', added: 'manage_channel_item_added_link' },
  { value: 'bio', label: 'manage_channel_item_type_bio', added: 'manage_channel_item_added_bio' },
  { value: 'qr', label: 'manage_channel_item_type_qr', added: 'manage_channel_item_added_qr' },
];

function AssignItem({ channelId, onAssigned }: { channelId: number; onAssigned: () => void }) {
  const api = useApi();
  const [type, setType] = useState<ChannelItemType>('links');
  const [itemId, setItemId] = useState('');
  const [idError, setIdError] = useState<string>();
  const [done, setDone] = useStatus();
  const assign = useAction((id: number) => api('assignToChannel', channelId, type, id));
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setDone(undefined);
    const raw = itemId.trim();
    if (!/^[1-9]\d*$/.test(raw)) {
      setIdError(t('manage_channel_item_id_invalid'));
      return;
    }
    setIdError(undefined);
    const result = await assign.run(Number(raw));
    if (result?.ok) {
      const added = ITEM_TYPES.find((kind) => kind.value === type)?.added;
      if (added) setDone(t(added, raw));
      setItemId('');
      onAssigned();
    }
  };
  return (
    <form class="card" onSubmit={onSubmit} aria-labelledby="assign-item-heading" noValidate>
      <h2 id="assign-item-heading">{t('manage_channel_add_item_heading')}</h2>
      <div class="inline-form">
        <SelectField
          label={t('manage_channel_item_type_label')}
          value={type}
          onValue={(v) => setType(v as ChannelItemType)}
          options={ITEM_TYPES.map((kind) => ({ value: kind.value, label: t(kind.label) }))}
        />
        <TextField
          label={t('manage_channel_item_id_label')}
          type="number"
          min={1}
          step={1}
          value={itemId}
          onValue={setItemId}
          error={idError}
        />
        <ActionButton type="submit" class="primary" busy={assign.busy}>
          {t('manage_channel_add_item_button')}
        </ActionButton>
      </div>
      <ErrorMessage error={assign.error} />
      <StatusMessage text={done} />
    </form>
  );
}

/** One channel's items, a page at a time, and the form that adds items. */
export function ChannelView({ id }: { id: number }) {
  const api = useApi();
  const items = usePagedResource((paging) => api('listChannelItems', id, paging), [api, id]);
  // The items endpoint does not name the channel; the (cached) choice list usually does.
  const channel = useChoices(api, 'listChannels', true).data?.items.find((c) => c.id === id);
  const typeLabel = (type: string) => {
    const kind = ITEM_TYPES.find((known) => known.value === type);
    return kind ? t(kind.label) : type;
  };
  return (
    <section aria-labelledby="channel-heading">
      <p>
        <a href={routeHref({ name: 'channels' })}>← {t('manage_channel_back')}</a>
      </p>
      <h1 id="channel-heading">
        {channel?.name ? t('manage_channel_heading', channel.name) : t('manage_channel_untitled', id)}
      </h1>
      <AssignItem channelId={id} onAssigned={items.reload} />
      <PagedList
        list={items}
        empty={t('manage_channel_items_empty')}
        pagerLabel={t('manage_channel_items_pager')}
      >
        {(rows, busy) => (
          <ListTable busy={busy}>
            <thead>
              <tr>
                <th scope="col">{t('manage_channel_items_type_column')}</th>
                <th scope="col">{t('manage_channel_items_item_column')}</th>
                <th scope="col">{t('manage_channel_items_link_column')}</th>
                <th scope="col">{t('manage_channel_items_date_column')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((item) => (
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
                          <SafeLink url={item.preview}>{t('manage_channel_item_preview_link')}</SafeLink>
                        </>
                      )}
                    </div>
                  </td>
                  <td class="long-url">{item.link ? <SafeLink url={item.link} /> : '—'}</td>
                  <td>{formatDate(item.date)}</td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
      </PagedList>
    </section>
  );
}
