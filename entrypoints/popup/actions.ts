/**
 * What the popup does after it is drawn: shorten, copy, show the result, use the page's canonical URL.
 * Part of the lazy extras (extras.ts): the first load only draws, and these come a few milliseconds
 * later, usually before the user has done anything. Each takes the popup (App.tsx) it acts for.
 */

import { copyLink } from '@/entrypoints/popup/clipboard';
import { t } from '@/lib/i18n';
import { type CachedLink, getCachedLinks } from '@/lib/links/cache';
import type { CopyFormat } from '@/lib/links/copy-format';
import { toShortenInput, validateForm } from '@/lib/links/shorten-form';
import type { ErrorData } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import type { App, Ready } from './App';
import type { AllTabsView } from './all-tabs';
import { canonicalStartUrl } from './start-url';

/** Shows a failed request's message and ends the pending state. */
export function fail(app: App, error: ErrorData) {
  // The alert appears while the Shorten button is still disabled: it takes the focus the button lost
  // (ErrorAlert), and the button comes back after.
  app.setState({ error, status: '' }, () => app.setState({ pending: false }));
}

/** True when `url` is the page's: the tab's address, or the one the behaviour settings made of it. */
function isPage(app: App, url: string) {
  const { source, adjusted } = app.state;
  return url === source.url || url === adjusted?.url;
}

/** Checks the form, then shortens; shows the link and copies it as the settings say. */
export async function submit(app: App) {
  const { ready, form, source, more, moreOpen } = app.state;
  if (app.inFlight || !ready || ready === 'unconfigured') return;
  const now = new Date();
  const mainErrors = validateForm(form, now);
  const errors = { ...mainErrors, ...(more && app.moreOptions!.moreOptionsErrors(form, more, now)) };
  const count = Object.keys(errors).length;
  // A refused field in collapsed More options opens it; focus goes to the first field to fix.
  app.setState({ errors, moreOpen: moreOpen || count > Object.keys(mainErrors).length }, () =>
    document.querySelector<HTMLElement>('.shorten [aria-invalid="true"]')?.focus(),
  );
  if (count) return;
  const input = more
    ? app.moreOptions!.moreOptionsInput(form, more)
    : toShortenInput(form, ready.profile.defaults);
  const key = JSON.stringify(input);
  if (app.request?.key !== key) app.request = { key, id: crypto.randomUUID() };
  // The request id goes into the draft now: the popup may close before the answer comes.
  app.changed();
  app.draft?.flush();
  const pageTitle = source.title && isPage(app, input.url) ? source.title : undefined;

  app.inFlight = true;
  app.setState({
    pending: true,
    error: null,
    result: null,
    newAnyway: input.url,
    status: t('popup_shortening'),
  });
  const reply = await send('shorten', {
    requestId: app.request.id,
    input,
    ...(pageTitle ? { pageTitle } : {}),
  });
  app.inFlight = false;
  if (!reply.ok) return fail(app, reply.error);
  const { link } = reply.data;
  app.setLinks([link, ...app.state.links.filter((l) => l.id !== link.id)]);
  app.setState({ pending: false });
  await showLink(app, link, ready.settings.behaviour.autoCopy);
}

/** Shows `link` as the result (the draft is done with), copied when `autoCopy`. */
export async function showLink(app: App, link: CachedLink, autoCopy: boolean) {
  app.draft?.clear();
  const copied = autoCopy ? await copy(app, link) : null;
  app.setState({ result: { link, copied } });
  if (!autoCopy) app.setState({ status: t('popup_link_created', link.shortUrl) });
}

/**
 * Copies a link in `format` (by default the settings'), titled with the link's title or else the
 * page's, and announces it. Returns the format copied, or null when the browser refused.
 */
export async function copy(app: App, link: CachedLink, format?: CopyFormat): Promise<CopyFormat | null> {
  const { ready, source } = app.state as { ready: Ready; source: App['state']['source'] };
  // The page's own title for a link to this page, as the menu and the shortcut copy it.
  const title = (source.title && isPage(app, link.longUrl) ? source.title : '') || link.title;
  const { copied, status } = await copyLink(link, format ?? ready.settings.behaviour.copyFormat, title);
  app.setState({ status });
  return copied;
}

/** Copies the result again: in the settings' format, or once in `format`. */
export async function copyResult(app: App, format?: CopyFormat) {
  const { result } = app.state;
  if (result) app.setState({ result: { ...result, copied: await copy(app, result.link, format) } });
}

/**
 * Puts the page's canonical URL in the field once the page answers, after the first render: reading
 * it takes a script in the tab, which must not hold the form back. Not if the user typed meanwhile.
 */
export async function applyCanonical(app: App, gen: number, tabUrl: string, tabId: number) {
  const { ready, form } = app.state as { ready: Ready; form: App['state']['form'] };
  const url = await canonicalStartUrl(tabId, tabUrl, ready.settings.behaviour);
  const { result, pending, adjusted } = app.state;
  if (!url || url === form.url || gen !== app.generation || app.urlEdited || result || pending) return;
  const field = app.urlRef.current;
  // The field was selected to be typed over: it stays so, with the new address.
  const selected =
    field === document.activeElement &&
    field?.selectionStart === 0 &&
    field.selectionEnd === field.value.length;
  // Undo then goes back to the address as it was: cleaned of tracking parameters when that is on.
  const before = adjusted?.url === form.url ? adjusted : null;
  app.setState({ form: { ...form, url }, adjusted: { url, reason: 'popup_canonical_used', before } }, () => {
    if (selected) field?.select();
  });
}

/** Shows the "Shorten all tabs" box; once a run is done, the recent links with the ones it made. */
export async function showAllTabs(app: App, allTabs: AllTabsView) {
  app.setState({ allTabs });
  const { ready } = app.state;
  if (allTabs.kind !== 'done' || !ready || ready === 'unconfigured') return;
  // The run put its links in the cache: Recent, and the offer of this tab's earlier link, show them.
  const gen = app.generation;
  const cached = await getCachedLinks(ready.profile.id);
  if (gen === app.generation) app.setLinks(cached.links);
}
