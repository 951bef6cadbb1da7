/** #/channels and #/channels/<id>: channels, their items, and assigning links, bio pages and QR codes. */
import { useId, useState } from 'preact/hooks';
import { ErrorMessage } from '@/components/error-message';
import { CheckboxField, Field, SelectField, TextField } from '@/components/fields';
import { forgetChoices, useChoices } from '@/components/server-cache';
import { useStatus } from '@/components/use-status';
import type { ChannelItemType } from '@/lib/api/client';
import type { Channel, ChannelItem, LinkSummary } from '@/lib/api/schemas';
import { type MessageKey, t } from '@/lib/i18n';
import { parseId } from '@/lib/ids';
import { isHexColor } from '@/lib/links/link-form';
import { formatDate } from '@/lib/present/dates';
import { fixInOptions } from '@/lib/present/errors';
import { linkName } from '@/lib/present/labels';
import { TEXT_LIMITS } from '@/lib/text-limits';
import { useApi, useServerCache } from './api-context';
import { closeOnEscape, type PagedResource, type Reply, useAction, usePagedResource } from './hooks';
import { ItemCard, ItemList } from './item-list';
import { LinkPicker } from './links/link-picker';
import { ListTable, PagedList } from './paged-list';
import { routeHref } from './route';
import { ActionButton, SafeLink, StatusMessage } from './ui';

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

/** What the form holds, trimmed as it is sent. */
const trimmed = (fields: ChannelFields): ChannelFields => ({
  ...fields,
  name: fields.name.trim(),
  description: fields.description.trim(),
  color: fields.color.trim().toUpperCase(),
});

/**
 * The fields of `fields` that differ from `initial`, trimmed: an edit sends only these, so a value
 * the user did not touch is never rewritten. The API cannot empty a text (an empty one is not sent),
 * so a cleared text is no change.
 */
function changedChannelFields(initial: ChannelFields, fields: ChannelFields): Partial<ChannelFields> {
  const before = trimmed(initial);
  const after = trimmed(fields);
  return Object.fromEntries(
    (Object.keys(after) as (keyof ChannelFields)[])
      .filter((key) => after[key] !== before[key] && after[key] !== '')
      .map((key) => [key, after[key]]),
  );
}

function ChannelForm({
  initial,
  submitLabel,
  busyLabel,
  save,
  onDone,
}: {
  initial: ChannelFields;
  submitLabel: string;
  /** The submit button's text while it sends ("Creating…", "Saving…"). */
  busyLabel: string;
  save: (fields: ChannelFields) => Reply<unknown>;
  /** An edit form: called with the status to show once saved, or nothing when closed unsaved. */
  onDone?: (status: string | undefined) => void;
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
    if (onDone && Object.keys(changedChannelFields(initial, fields)).length === 0) {
      onDone(t('manage_nothing_changed'));
      return;
    }
    const result = await action.run(fields);
    if (!result?.ok) return;
    if (onDone) onDone(t('manage_channel_saved', fields.name.trim()));
    else setFields(initial);
  };
  return (
    <form
      class="channel-form"
      onSubmit={onSubmit}
      aria-busy={action.busy}
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
        <ActionButton type="submit" class="primary" busy={action.busy} busyLabel={busyLabel}>
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
  list,
  onDeleted,
}: {
  channel: Channel;
  list: PagedResource<Channel>;
  onDeleted: (status: string) => void;
}) {
  const api = useApi();
  const cache = useServerCache();
  const initial = {
    name: channel.name,
    description: channel.description,
    color: channel.color,
    starred: channel.starred,
  };
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
          initial={initial}
          submitLabel={t('manage_save')}
          busyLabel={t('manage_busy_saving')}
          save={async (fields) => {
            const changed = changedChannelFields(initial, fields);
            const result = await api('updateChannel', channel.id, changed);
            if (result.ok) {
              forgetChoices(cache, 'listChannels');
              list.patch(channel.id, changed);
            }
            return result;
          }}
          onDone={done}
        />
      )}
      deleteLabel={t('manage_channel_delete_label', channelName(channel))}
      deleteQuestion={t('manage_channel_delete_question', channelName(channel))}
      remove={() => api('deleteChannel', channel.id)}
      choices="listChannels"
      deletedStatus={t('manage_channel_deleted', channelName(channel))}
      onDeleted={onDeleted}
      onRemoved={() => list.remove(channel.id)}
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
  const cache = useServerCache();
  const [created, setCreated] = useStatus();
  const channels = usePagedResource('listChannels', (paging) => [paging]);
  return (
    <section aria-labelledby="channels-heading">
      <h1 id="channels-heading">{t('manage_channels_heading')}</h1>
      {!fixInOptions(channels.error) && (
        <div class="card">
          <h2>{t('manage_channel_new_heading')}</h2>
          <ChannelForm
            initial={{ name: '', description: '', color: DEFAULT_COLOR, starred: false }}
            submitLabel={t('manage_channel_create_button')}
            busyLabel={t('manage_busy_creating')}
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
                forgetChoices(cache, 'listChannels');
                channels.add(result.data);
              }
              return result;
            }}
          />
          <StatusMessage text={created} />
        </div>
      )}
      <ItemList list={channels} empty={t('manage_channels_empty')} pagerLabel={t('manage_channels_pager')}>
        {(channel, onDeleted) => (
          <ChannelRow key={channel.id} channel={channel} list={channels} onDeleted={onDeleted} />
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
  { value: 'links', label: 'manage_channel_item_type_link', added: 'manage_channel_link_added' },
  { value: 'bio', label: 'manage_channel_item_type_bio', added: 'manage_channel_item_added_bio' },
  { value: 'qr', label: 'manage_channel_item_type_qr', added: 'manage_channel_item_added_qr' },
];

/**
 * Adds an item to the channel: a link picked by searching (the user never needs its id), or a bio
 * page or QR code by id, which the API has no list of.
 */
function AssignItem({ channelId, items }: { channelId: number; items: PagedResource<ChannelItem> }) {
  const api = useApi();
  const [type, setType] = useState<ChannelItemType>('links');
  const [itemId, setItemId] = useState('');
  const [idError, setIdError] = useState<string>();
  const [done, setDone] = useStatus();
  const assign = useAction((kind: ChannelItemType, id: number) =>
    api('assignToChannel', channelId, kind, id),
  );

  const addLink = async (link: LinkSummary) => {
    setDone(undefined);
    const result = await assign.run('links', link.id);
    if (!result?.ok) return;
    setDone(t('manage_channel_link_added', linkName(link)));
    // Assigning twice leaves one entry on the server, so the list shows it once too.
    const shown = items.data?.items.some((item) => item.type === 'links' && item.id === link.id);
    if (!shown) {
      items.add({
        type: 'links',
        id: link.id,
        title: link.title || link.longUrl,
        preview: link.longUrl,
        link: link.shortUrl,
        date: link.date.slice(0, 10),
      });
    }
  };

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setDone(undefined);
    const id = parseId(itemId);
    if (id === undefined) {
      setIdError(t('manage_channel_item_id_invalid'));
      return;
    }
    setIdError(undefined);
    const result = await assign.run(type, id);
    if (result?.ok) {
      const added = ITEM_TYPES.find((kind) => kind.value === type)?.added;
      if (added) setDone(t(added, id));
      setItemId('');
      // Only the id is known here: the channel's list says what the item is.
      items.reload();
    }
  };
  return (
    <form
      class="card"
      onSubmit={onSubmit}
      aria-labelledby="assign-item-heading"
      aria-busy={assign.busy}
      noValidate
    >
      <h2 id="assign-item-heading">{t('manage_channel_add_item_heading')}</h2>
      <SelectField
        label={t('manage_channel_item_type_label')}
        value={type}
        onValue={(v) => setType(v as ChannelItemType)}
        options={ITEM_TYPES.map((kind) => ({ value: kind.value, label: t(kind.label) }))}
      />
      {type === 'links' ? (
        <LinkPicker
          searchLabel={t('manage_channel_link_search_label')}
          pickButton={t('manage_channel_pick_button')}
          pickLabel={(name) => t('manage_channel_pick_label', name)}
          busy={assign.busy}
          onPick={addLink}
        />
      ) : (
        <div class="inline-form">
          <TextField
            label={t('manage_channel_item_id_label')}
            type="number"
            min={1}
            step={1}
            value={itemId}
            onValue={setItemId}
            error={idError}
          />
          <ActionButton type="submit" class="primary" busy={assign.busy} busyLabel={t('manage_busy_adding')}>
            {t('manage_channel_add_item_button')}
          </ActionButton>
        </div>
      )}
      <ErrorMessage error={assign.error} />
      <StatusMessage text={done} />
    </form>
  );
}

/** One channel's items, a page at a time, and the form that adds items. */
export function ChannelView({ id }: { id: number }) {
  const cache = useServerCache();
  const items = usePagedResource('listChannelItems', (paging) => [id, paging]);
  // The items endpoint does not name the channel; the (cached) choice list usually does.
  const channel = useChoices(cache, 'listChannels', true).data?.items.find((c) => c.id === id);
  const typeLabel = (type: string) => {
    const kind = ITEM_TYPES.find((known) => known.value === type);
    return kind ? t(kind.label) : type;
  };
  return (
    <section aria-labelledby="channel-heading">
      <p>
        <a class="back" href={routeHref({ name: 'channels' })}>
          {t('manage_channel_back')}
        </a>
      </p>
      <h1 id="channel-heading">
        {channel?.name ? t('manage_channel_heading', channel.name) : t('manage_channel_untitled', id)}
      </h1>
      {!fixInOptions(items.error) && <AssignItem channelId={id} items={items} />}
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
