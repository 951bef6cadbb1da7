/**
 * Bulk create, before the start: the pasted text or picked CSV file, the options shared by the batch
 * (campaign, channel, domain, expiry, visibility, UTM presets to fan out), and the preview of what
 * will be sent (lib/jobs/bulk-preview.ts). Nothing is sent before Start.
 */
import { useMemo, useRef, useState } from 'preact/hooks';
import { ErrorMessage } from '@/components/error-message';
import {
  CheckboxField,
  ChoiceField,
  namedOptions,
  SelectField,
  TextAreaField,
  TextField,
} from '@/components/fields';
import { DomainField } from '@/components/link-fields';
import { forgetChoices, useChoices } from '@/components/server-cache';
import type { ErrorData } from '@/lib/api/errors';
import { datetimeLocalToApi, parseLocalDateTime } from '@/lib/dates';
import { type MessageKey, t, tPlural } from '@/lib/i18n';
import { type ColumnMapping, guessMapping, readBulkRows } from '@/lib/jobs/bulk-csv';
import {
  type CollisionChoice,
  type NamedToCreate,
  previewBulk,
  type TagsChoice,
  withCreated,
} from '@/lib/jobs/bulk-preview';
import type { JobItem } from '@/lib/jobs/job';
import { formatExportDate } from '@/lib/present/dates';
import { errorText } from '@/lib/present/errors';
import { namesList } from '@/lib/present/labels';
import { formatDuration } from '@/lib/present/time';
import { useServerCache } from '../api-context';
import { useDebounced } from '../hooks';
import { ActionButton } from '../ui';
import { BulkMapping } from './bulk-mapping';
import type { BulkLookups } from './bulk-service';
import { TextFileField } from './text-file-field';

/** Rows drawn in the preview table: enough to see what is wrong; the counts cover the rest. */
export const SHOWN_ROWS = 200;
/** Requests a minute assumed when the background could not say. */
const ASSUMED_LIMIT = 30;

const STATUS_LABELS: Record<'new' | 'reused' | 'invalid' | 'duplicate', MessageKey> = {
  new: 'manage_bulk_status_new',
  reused: 'manage_bulk_status_reused',
  invalid: 'manage_bulk_status_invalid',
  duplicate: 'manage_bulk_status_duplicate',
};

const COLLISION_LABELS: Record<CollisionChoice, MessageKey> = {
  skip: 'manage_bulk_collisions_skip',
  suffix: 'manage_bulk_collisions_suffix',
  random: 'manage_bulk_collisions_random',
};

const collisionChoice = (value: string): CollisionChoice | undefined =>
  value === 'skip' || value === 'suffix' || value === 'random' ? value : undefined;

/** A mapping, and the header it was made for: another file's header starts from a new guess. */
interface KeptMapping {
  header: string;
  mapping: ColumnMapping;
}

interface Props {
  lookups: BulkLookups;
  start: (items: JobItem[]) => Promise<ErrorData | null>;
}

/** The input, options and preview of a new batch, and its Start button. */
export function BulkInput({ lookups, start }: Props) {
  const cache = useServerCache();
  const campaigns = useChoices(cache, 'listCampaigns', true);
  const channels = useChoices(cache, 'listChannels', true);
  // The list DomainField shows: a row's domain is matched to one of these.
  const domains = useChoices(cache, 'listDomains', true);
  const defaults = lookups.defaults;
  const [text, setText] = useState('');
  const [campaign, setCampaign] = useState(defaults?.campaignId ? String(defaults.campaignId) : '');
  const [channel, setChannel] = useState(defaults?.channelId ? String(defaults.channelId) : '');
  const [domain, setDomain] = useState(defaults?.domain ?? '');
  const [expiry, setExpiry] = useState('');
  const [status, setStatus] = useState<'public' | 'private'>(defaults?.status ?? 'private');
  const [presetIds, setPresetIds] = useState<string[]>([]);
  const [collisions, setCollisions] = useState<CollisionChoice>('skip');
  const [rowCollisions, setRowCollisions] = useState<ReadonlyMap<string, CollisionChoice>>(new Map());
  const [tagsAs, setTagsAs] = useState<TagsChoice>('campaign');
  const [draft, setDraft] = useState<KeptMapping | null>(null);
  const [applied, setApplied] = useState<KeptMapping | null>(null);
  // Made on an earlier Start that then failed: a second Start does not make them again.
  const created = useRef({ campaign: new Map<string, number>(), channel: new Map<string, number>() });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorData | string | null>(null);
  // Typing in a 10,000-row paste must not re-check every row on each key.
  const pasted = useDebounced(text, 300);

  const now = new Date();
  const expiryDate = expiry ? parseLocalDateTime(expiry) : null;
  const expiryError = !expiry
    ? undefined
    : !expiryDate
      ? t('manage_expiry_invalid')
      : expiryDate <= now
        ? t('manage_expiry_past')
        : undefined;
  const limit = lookups.limit ?? ASSUMED_LIMIT;

  const plain = useMemo(() => readBulkRows(pasted), [pasted]);
  const unknown = plain.unknown;
  const header = unknown ? unknown.names.join('\n') : '';
  const mapping =
    draft?.header === header ? draft.mapping : unknown ? guessMapping(unknown.names, unknown.sample) : [];
  const mapped = unknown !== null && applied?.header === header;
  const read = useMemo(
    () => (mapped && applied ? readBulkRows(pasted, { mapping: applied.mapping }) : plain),
    [plain, pasted, mapped, applied],
  );
  const preview = useMemo(
    () =>
      previewBulk(
        read.rows,
        {
          campaignId: campaign ? Number(campaign) : null,
          channelId: channel ? Number(channel) : null,
          domain,
          expiry: (!expiryError && datetimeLocalToApi(expiry)) || '',
          status,
          presets: lookups.presets.filter((preset) => presetIds.includes(preset.id)),
          collisions,
          rowCollisions,
          tagsAs,
        },
        {
          cached: lookups.cached,
          campaigns: campaigns.data?.items ?? null,
          channels: channels.data?.items ?? null,
          domains: domains.data?.items.map((item) => item.domain) ?? null,
          stripTracking: lookups.stripTracking,
          unwrapRedirects: lookups.unwrapRedirects,
          now: new Date(),
          limit,
        },
      ),
    [
      read,
      campaign,
      channel,
      domain,
      expiry,
      expiryError,
      status,
      presetIds,
      collisions,
      rowCollisions,
      tagsAs,
      lookups,
      campaigns.data,
      channels.data,
      domains.data,
      limit,
    ],
  );

  /** Makes the campaigns and channels tags name, each once; the failure's message, or null. */
  async function createNamed(names: readonly NamedToCreate[]): Promise<string | null> {
    for (const { kind, name } of names) {
      const made = created.current[kind];
      if (made.has(name.toLowerCase())) continue;
      const result =
        kind === 'campaign'
          ? await cache.call('addCampaign', { name })
          : await cache.call('addChannel', { name });
      if (!result.ok) {
        const reason = errorText(result.error, Date.now());
        return kind === 'campaign'
          ? t('manage_bulk_create_campaign_failed', name, reason)
          : t('manage_bulk_create_channel_failed', name, reason);
      }
      made.set(name.toLowerCase(), result.data.id);
      forgetChoices(cache, kind === 'campaign' ? 'listCampaigns' : 'listChannels');
    }
    return null;
  }

  async function onStart() {
    setBusy(true);
    setError(null);
    // The preview as it was clicked: lists reloaded after a creation must not change what is sent.
    const shown = preview;
    const failure = await createNamed(shown.toCreate);
    if (failure) {
      setError(failure);
      setBusy(false);
      return;
    }
    setError(await start(withCreated(shown, created.current)));
    setBusy(false);
  }

  const { counts } = preview;
  const hasPresets = presetIds.length > 0;
  const imported = read.format !== null || mapped;
  const hasTags = read.rows.some((row) => row.tags !== '');
  const namesOf = (kind: NamedToCreate['kind']) =>
    namesList(preview.toCreate.filter((item) => item.kind === kind).map((item) => `“${item.name}”`));
  const creates = (kind: NamedToCreate['kind']) => preview.toCreate.some((item) => item.kind === kind);
  return (
    <>
      <section class="card" aria-labelledby="bulk-input-heading">
        <h2 id="bulk-input-heading">{t('manage_bulk_input_heading')}</h2>
        <TextAreaField
          id="bulk-text"
          label={t('manage_bulk_text_label')}
          hint={t('manage_bulk_text_hint')}
          value={text}
          onValue={setText}
          rows={8}
        />
        <TextFileField
          id="bulk-file"
          accept=".csv,.txt,.json,text/csv,text/plain,application/json"
          onText={setText}
        />
      </section>
      <section class="card" aria-labelledby="bulk-options-heading">
        <h2 id="bulk-options-heading">{t('manage_bulk_options_heading')}</h2>
        <p class="hint">{t('manage_bulk_options_hint')}</p>
        <div class="grid">
          <ChoiceField
            label={t('manage_campaign_label')}
            value={campaign}
            onValue={setCampaign}
            options={namedOptions(campaigns.data?.items ?? [])}
            loading={campaigns.loading}
          >
            <ErrorMessage error={campaigns.error} />
          </ChoiceField>
          <ChoiceField
            label={t('manage_channel_label')}
            value={channel}
            onValue={setChannel}
            options={namedOptions(channels.data?.items ?? [])}
            loading={channels.loading}
          >
            <ErrorMessage error={channels.error} />
          </ChoiceField>
          <DomainField cache={cache} value={domain} onValue={setDomain} active error={undefined} />
          <TextField
            type="datetime-local"
            label={t('manage_bulk_expiry_label')}
            hint={t('manage_bulk_expiry_hint')}
            value={expiry}
            onValue={setExpiry}
            error={expiryError}
          />
          <SelectField
            label={t('manage_visibility_label')}
            value={status}
            onValue={(value) => setStatus(value === 'public' ? 'public' : 'private')}
            options={[
              { value: 'private', label: t('manage_visibility_private') },
              { value: 'public', label: t('manage_visibility_public') },
            ]}
          />
        </div>
        <fieldset>
          <legend>{t('manage_bulk_presets_legend')}</legend>
          <p class="hint">{t('manage_bulk_presets_hint')}</p>
          {lookups.presets.length === 0 && <p>{t('manage_bulk_presets_none')}</p>}
          {lookups.presets.map((preset) => (
            <CheckboxField
              key={preset.id}
              label={preset.name}
              checked={presetIds.includes(preset.id)}
              onChecked={(checked) =>
                setPresetIds((ids) => (checked ? [...ids, preset.id] : ids.filter((id) => id !== preset.id)))
              }
            />
          ))}
        </fieldset>
      </section>
      <section class="card" aria-labelledby="bulk-preview-heading">
        <h2 id="bulk-preview-heading">{t('manage_bulk_preview_heading')}</h2>
        {unknown && !mapped ? (
          <BulkMapping
            names={unknown.names}
            sample={unknown.sample}
            mapping={mapping}
            onMapping={(next) => setDraft({ header, mapping: next })}
            onConfirm={() => setApplied({ header, mapping })}
          />
        ) : preview.rows.length === 0 ? (
          <p class="hint">{t('manage_bulk_preview_empty')}</p>
        ) : (
          <>
            {read.format && (
              <p id="bulk-format">
                {t('manage_bulk_import_format', read.format, tPlural('manage_bulk_links', read.rows.length))}
              </p>
            )}
            {mapped && (
              <p id="bulk-format">
                {t('manage_bulk_mapping_read', tPlural('manage_bulk_links', read.rows.length))}{' '}
                <button type="button" onClick={() => setApplied(null)}>
                  {t('manage_bulk_mapping_change')}
                </button>
              </p>
            )}
            <p id="bulk-summary" aria-live="polite">
              {t(
                'manage_bulk_summary',
                tPlural('manage_bulk_links', preview.items.length),
                counts.new,
                counts.reused,
                counts.duplicate,
                counts.invalid,
              )}{' '}
              {preview.requests > 0 &&
                t(
                  'manage_bulk_estimate',
                  tPlural('manage_bulk_requests', preview.requests),
                  formatDuration(preview.estimateMs),
                  limit,
                )}
            </p>
            {read.truncated && <p class="error">{t('manage_bulk_truncated', read.rows.length)}</p>}
            {preview.collisions > 0 && (
              <SelectField
                id="bulk-collisions"
                label={t('manage_bulk_collisions_label')}
                hint={t('manage_bulk_collisions_hint', preview.collisions)}
                value={collisions}
                onValue={(value) => setCollisions(collisionChoice(value) ?? 'skip')}
                options={Object.entries(COLLISION_LABELS).map(([value, label]) => ({
                  value,
                  label: t(label),
                }))}
              />
            )}
            {hasTags && (
              <SelectField
                id="bulk-tags"
                label={t('manage_bulk_tags_label')}
                hint={t('manage_bulk_tags_hint')}
                value={tagsAs}
                onValue={(value) => setTagsAs(value === 'channel' || value === 'ignore' ? value : 'campaign')}
                options={[
                  { value: 'campaign', label: t('manage_bulk_tags_campaign') },
                  { value: 'channel', label: t('manage_bulk_tags_channel') },
                  { value: 'ignore', label: t('manage_bulk_tags_ignore') },
                ]}
              />
            )}
            {creates('campaign') && (
              <p id="bulk-create-campaigns">{t('manage_bulk_create_campaigns', namesOf('campaign'))}</p>
            )}
            {creates('channel') && (
              <p id="bulk-create-channels">{t('manage_bulk_create_channels', namesOf('channel'))}</p>
            )}
            <div class="table-scroll">
              <table class="list">
                <thead>
                  <tr>
                    <th scope="col">{t('manage_bulk_line_column')}</th>
                    {imported && <th scope="col">{t('manage_bulk_from_column')}</th>}
                    <th scope="col">{t('manage_bulk_long_url_column')}</th>
                    {hasPresets && <th scope="col">{t('manage_bulk_preset_column')}</th>}
                    <th scope="col">{t('manage_bulk_status_column')}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.slice(0, SHOWN_ROWS).map((row, index) => (
                    <tr key={index} class={`bulk-${row.status}`}>
                      <td class="num">{row.line}</td>
                      {imported && (
                        <td class="long-url">
                          <span dir="ltr">{row.from}</span>
                          {row.created && (
                            <span class="sub">
                              {' '}
                              <span dir="ltr">{formatExportDate(row.created)}</span>
                            </span>
                          )}
                          {row.clicks && <span class="sub"> {t('manage_bulk_from_clicks', row.clicks)}</span>}
                          {row.tags && (
                            <span class="sub"> {t('manage_bulk_from_tags', row.tags.join(', '))}</span>
                          )}
                        </td>
                      )}
                      <td class="long-url">
                        <span dir="ltr">{row.longUrl}</span>
                      </td>
                      {hasPresets && <td>{row.label}</td>}
                      <td>
                        {t(STATUS_LABELS[row.status])}
                        {row.shortUrl && (
                          <span class="sub">
                            {' '}
                            <span dir="ltr">{row.shortUrl}</span>
                          </span>
                        )}
                        {row.reason && <span class="sub"> {row.reason}</span>}
                        {row.notes?.map((note) => (
                          <span key={note} class="sub">
                            {' '}
                            {note}
                          </span>
                        ))}
                        {row.unwrapped && (
                          <span class="sub"> {t('common_unwrapped_from', namesList(row.unwrapped))}</span>
                        )}
                        {row.collision && (
                          <select
                            class="row-collision"
                            aria-label={t('manage_bulk_row_collision_label', row.line, row.collision)}
                            value={rowCollisions.get(row.collision.toLowerCase()) ?? ''}
                            onChange={(event) => {
                              const choice = collisionChoice(event.currentTarget.value);
                              const next = new Map(rowCollisions);
                              const key = row.collision?.toLowerCase() ?? '';
                              if (choice) next.set(key, choice);
                              else next.delete(key);
                              setRowCollisions(next);
                            }}
                          >
                            <option value="">{t('manage_bulk_row_collision_batch')}</option>
                            {Object.entries(COLLISION_LABELS).map(([value, label]) => (
                              <option key={value} value={value}>
                                {t(label)}
                              </option>
                            ))}
                          </select>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {preview.rows.length > SHOWN_ROWS && (
              <p class="hint">{t('manage_bulk_rows_more', SHOWN_ROWS, preview.rows.length)}</p>
            )}
          </>
        )}
        <div class="actions">
          <ActionButton
            busy={busy}
            class="primary"
            disabled={preview.items.length === 0 || Boolean(expiryError)}
            onClick={() => void onStart()}
          >
            {t('manage_bulk_start_button')}
          </ActionButton>
        </div>
        <ErrorMessage error={error} />
      </section>
    </>
  );
}
