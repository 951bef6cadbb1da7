/**
 * Picks one of the user's links by a keyword search, for whatever adds links to something (a
 * campaign, a channel): the user never has to know a link's numeric id.
 */
import { useState } from 'preact/hooks';
import { ErrorMessage } from '@/components/error-message';
import { TextField } from '@/components/fields';
import type { LinkSummary } from '@/lib/api/schemas';
import { formatNumber, t } from '@/lib/i18n';
import { linkName } from '@/lib/present/labels';
import { useApi } from '../api-context';
import { PAGE_SIZE, SEARCH_DEBOUNCE_MS, useDebounced, useLoad } from '../hooks';
import { ActionButton } from '../ui';

/**
 * A search field and, once something is typed, the matching links, each with a button that calls
 * `onPick` with it. `pickLabel` names that button for a screen reader ("Assign “Docs”").
 */
export function LinkPicker({
  searchLabel,
  pickButton,
  pickLabel,
  busy,
  onPick,
}: {
  searchLabel: string;
  pickButton: string;
  pickLabel: (name: string) => string;
  /** While a pick is being sent: the buttons say "Adding…" and ignore presses. */
  busy: boolean;
  onPick: (link: LinkSummary) => void;
}) {
  const api = useApi();
  const [search, setSearch] = useState('');
  // The link last picked: its button is the one that says "Adding…".
  const [picked, setPicked] = useState<number>();
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const found = useLoad(
    () =>
      q
        ? api('listLinks', { q, limit: PAGE_SIZE, page: 1, order: 'date' })
        : Promise.resolve({ ok: true as const, data: undefined }),
    [api, q],
  );
  return (
    <>
      <TextField label={searchLabel} type="search" value={search} onValue={setSearch} />
      <ErrorMessage error={found.error} />
      {found.data && (
        <ul class="pick-list" aria-label={t('manage_link_picker_results')}>
          {found.data.items.length === 0 && <li>{t('manage_link_picker_none')}</li>}
          {found.data.items.map((link) => (
            <li key={link.id}>
              <span>
                {linkName(link)}{' '}
                <small class="sub" dir="ltr">
                  {link.shortUrl}
                </small>
              </span>
              <ActionButton
                busy={busy}
                busyLabel={picked === link.id ? t('manage_busy_adding') : undefined}
                aria-label={pickLabel(linkName(link))}
                onClick={() => {
                  setPicked(link.id);
                  onPick(link);
                }}
              >
                {pickButton}
              </ActionButton>
            </li>
          ))}
          {found.data.items.length < found.data.total && (
            <li class="hint">
              {t(
                'manage_link_picker_more',
                formatNumber(found.data.items.length),
                formatNumber(found.data.total),
              )}
            </li>
          )}
        </ul>
      )}
    </>
  );
}
