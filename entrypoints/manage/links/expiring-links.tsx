/**
 * The links list's "Expiring within 7 days": links whose expiry the extension knows (set through it,
 * or seen on a link's page; lib/links/cache.ts keeps it on the cached link), each with Extend: +7
 * days, +30 days or a date, through PUT /api/url/:id/update.
 */
import { useEffect, useState } from 'preact/hooks';
import { ErrorMessage } from '@/components/error-message';
import { TextField } from '@/components/fields';
import { useStatus } from '@/components/use-status';
import { datetimeLocalToApi, extendedExpiry, parseLocalDateTime, toApiDateTime } from '@/lib/dates';
import { t } from '@/lib/i18n';
import { type CachedLink, expiringLinks } from '@/lib/links/cache';
import { formatDate } from '@/lib/present/dates';
import { linkName } from '@/lib/present/labels';
import { useApi } from '../api-context';
import { useAction } from '../hooks';
import { routeHref } from '../route';
import { ActionButton, StatusMessage } from '../ui';
import { useActiveProfile } from '../use-active-profile';

/** How far ahead a link counts as expiring soon. */
const SOON_DAYS = 7;

/**
 * A new expiry typed as a date and time, refused before anything is sent when it is not later than
 * now; `onExpiry` gets it in the API's format. Also the selection bar's Set expiry.
 */
export function ExpiryDateForm({
  busy,
  now,
  onExpiry,
  submitLabel,
}: {
  busy: boolean;
  now: () => number;
  onExpiry: (expiry: string) => void;
  submitLabel: string;
}) {
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState(false);
  const onSubmit = (event: Event) => {
    event.preventDefault();
    const expiry = datetimeLocalToApi(typed);
    const at = expiry ? parseLocalDateTime(expiry) : null;
    setInvalid(!at || at.getTime() <= now());
    if (expiry && at && at.getTime() > now()) onExpiry(expiry);
  };
  return (
    <form class="inline-form" onSubmit={onSubmit}>
      <TextField
        type="datetime-local"
        label={t('manage_extend_date_label')}
        value={typed}
        onValue={(value) => {
          setTyped(value);
          setInvalid(false);
        }}
        error={invalid ? t('manage_extend_date_invalid') : undefined}
      />
      <ActionButton type="submit" busy={busy} disabled={typed === ''}>
        {submitLabel}
      </ActionButton>
    </form>
  );
}

function ExpiringLink({
  link,
  now,
  onExtended,
}: {
  link: CachedLink & { expiry: string };
  now: () => number;
  onExtended: (link: CachedLink, expiry: string) => void;
}) {
  const api = useApi();
  const extend = useAction((expiry: string) => api('updateLink', link.id, { url: link.longUrl, expiry }));
  const to = async (expiry: string) => {
    const result = await extend.run(expiry);
    if (result?.ok) onExtended(link, expiry);
  };
  const name = linkName(link);
  return (
    <li>
      <a href={routeHref({ name: 'link', id: link.id })}>{name}</a>{' '}
      <span class="muted">{t('manage_expiring_expires', formatDate(link.expiry))}</span>
      <fieldset class="inline-form extend" aria-label={t('manage_extend_group', name)}>
        <ActionButton busy={extend.busy} onClick={() => void to(extendedExpiry(link.expiry, 7, now()))}>
          {t('manage_extend_7')}
        </ActionButton>
        <ActionButton busy={extend.busy} onClick={() => void to(extendedExpiry(link.expiry, 30, now()))}>
          {t('manage_extend_30')}
        </ActionButton>
        <ExpiryDateForm
          busy={extend.busy}
          now={now}
          onExpiry={(expiry) => void to(expiry)}
          submitLabel={t('manage_extend_button')}
        />
      </fieldset>
      <ErrorMessage error={extend.error} />
    </li>
  );
}

/** The links of the active profile that expire within SOON_DAYS; nothing when there are none. */
export function ExpiringLinks({ now = Date.now }: { now?: () => number }) {
  const profileId = useActiveProfile()?.id;
  const [links, setLinks] = useState<(CachedLink & { expiry: string })[]>([]);
  const [done, setDone] = useStatus();
  const read = async (id: string) => {
    const from = new Date(now());
    const until = new Date(now());
    until.setDate(until.getDate() + SOON_DAYS);
    setLinks(await expiringLinks(id, toApiDateTime(from), toApiDateTime(until)));
  };
  useEffect(() => {
    if (profileId) void read(profileId);
  }, [profileId]);
  const onExtended = (link: CachedLink, expiry: string) => {
    setDone(t('manage_extend_done', linkName(link), formatDate(expiry)));
    // The background stored the new expiry with the link: read again, the link leaves the list.
    if (profileId) void read(profileId);
  };
  // The last link extended leaves the list: what became of it is still said.
  if (links.length === 0) return done ? <StatusMessage text={done} /> : null;
  return (
    <section aria-labelledby="expiring-heading" class="card expiring">
      <h2 id="expiring-heading">{t('manage_expiring_heading')}</h2>
      <p class="hint">{t('manage_expiring_hint')}</p>
      <ul class="plain">
        {links.map((link) => (
          <ExpiringLink key={link.id} link={link} now={now} onExtended={onExtended} />
        ))}
      </ul>
      <StatusMessage text={done} />
    </section>
  );
}
