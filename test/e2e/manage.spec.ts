/**
 * The management page (manage.html) in real Chromium against the reference server, section by
 * section. Each check looks at what the SERVER received: the query of each list request, the path
 * and JSON body of each change, and that nothing at all is sent when the page refuses an input or
 * the user cancels. One browser per group of sections keeps the suite quick on a small machine.
 */
import type { ElementHandle, Page } from 'puppeteer-core';
import { describe, expect } from 'vitest';
import { createLink, type Store } from '../server/store';
import { test } from './fixtures';
import { type ExtensionBrowser, screenshot } from './harness';
import { apiRequests, type ReferenceServer } from './reference-server';

const WAIT = { timeout: 10_000 };

/** Opens manage.html at `route` (e.g. 'links') in a new tab. */
async function openManage(ext: ExtensionBrowser, route: string): Promise<Page> {
  const page = await ext.extensionPage(`/manage.html#/${route}`);
  await page.waitForSelector('main h1', WAIT);
  return page;
}

/** Follows the page's own navigation to a section, as a user does. */
async function goTo(page: Page, section: string, heading: string): Promise<void> {
  await page.locator(`nav a::-p-text(${section})`).click();
  await page.waitForFunction(
    (text) => document.querySelector('main h1')?.textContent === text,
    WAIT,
    heading,
  );
}

/**
 * A selector for the control labelled exactly `label` inside `scope`: the control a <label for>
 * names, or the input inside a wrapping <label> (checkboxes, radios).
 */
async function control(page: Page, label: string, scope = 'main'): Promise<string> {
  const handle = await page.waitForFunction(
    (root, text) => {
      const labels = [...(document.querySelector(root)?.querySelectorAll('label') ?? [])];
      const found = labels.find((l) => l.textContent?.trim() === text);
      const target = found?.htmlFor ? document.getElementById(found.htmlFor) : found?.querySelector('input');
      if (!target) return false;
      target.dataset.e2e ||= `${text}-${Math.random().toString(36).slice(2)}`;
      return target.dataset.e2e;
    },
    WAIT,
    scope,
    label,
  );
  return `[data-e2e="${await handle.jsonValue()}"]`;
}

/** Replaces the text of the field labelled `label`. */
async function fill(page: Page, label: string, value: string, scope = 'main'): Promise<void> {
  await page.locator(await control(page, label, scope)).fill(value);
}

/** Chooses `value` in the select labelled `label`, once that option exists (lists load from the server). */
async function choose(page: Page, label: string, value: string, scope = 'main'): Promise<void> {
  const select = await control(page, label, scope);
  await page.waitForSelector(`${select} option[value="${value}"]`, WAIT);
  await page.select(select, value);
}

/** A selector for the list item (`li.item`) whose heading reads `name`. */
async function item(page: Page, name: string): Promise<string> {
  const handle = await page.waitForFunction(
    (text) => {
      const li = [...document.querySelectorAll<HTMLElement>('li.item')].find(
        (el) => el.querySelector('h3')?.textContent?.trim() === text,
      );
      if (!li) return false;
      li.dataset.e2eItem ||= Math.random().toString(36).slice(2);
      return li.dataset.e2eItem;
    },
    WAIT,
    name,
  );
  return `li[data-e2e-item="${await handle.jsonValue()}"]`;
}

/** Clicks the button inside `scope` whose text is exactly `text`. */
async function press(page: Page, text: string, scope = 'main'): Promise<void> {
  const handle = await page.waitForFunction(
    (root, label) =>
      [...(document.querySelector(root)?.querySelectorAll('button') ?? [])].find(
        (b) => b.textContent?.trim() === label && !b.disabled,
      ) ?? false,
    WAIT,
    scope,
    text,
  );
  const button = handle.asElement() as ElementHandle<HTMLButtonElement>;
  await button.click();
  await button.dispose();
}

/** Waits until the server has received `count` requests for `endpoint` and returns them. */
async function received(server: ReferenceServer, endpoint: string, count = 1) {
  await expect
    .poll(() => apiRequests(server, endpoint).length, { timeout: 10_000, message: endpoint })
    .toBe(count);
  return apiRequests(server, endpoint);
}

/** The query of every GET /api/urls so far. */
const linkQueries = (server: ReferenceServer) => apiRequests(server, 'GET /api/urls').map((r) => r.query);

/** Adds `count` plain links (and returns their ids), so that lists have a second page. */
function addLinks(store: Store, count: number): number[] {
  return Array.from({ length: count }, (_, index) => {
    const id = store.nextId('links');
    store.links.push(
      createLink({
        id,
        alias: `extra-${id}`,
        longurl: `https://example.com/extra/${index}`,
        date: '2025-01-01 00:00:00',
      }),
    );
    return id;
  });
}

/** The text of `selector` as a user reads it (cells and lines apart), whitespace collapsed. */
const textOf = (page: Page, selector = 'main') =>
  page.$eval(selector, (el) =>
    // biome-ignore lint/performance/useDomNodeTextContent: textContent would run table cells together.
    (el as HTMLElement).innerText.replace(/\s+/g, ' '),
  );

describe('the management page', () => {
  test('Links: paging, sort, search, find by short URL, a link’s page, assigning and editing', async ({
    configuredExt: ext,
    referenceServer: server,
  }) => {
    server.setRateLimit(1_000);
    addLinks(server.store, 30);
    const page = await openManage(ext, 'links');
    await page.waitForSelector('table.list tbody tr', WAIT);
    // The page says which language its text is in, and names the section in the tab's title.
    expect(await page.evaluate(() => [document.documentElement.lang, document.title])).toEqual([
      'en',
      'Links – Shortlink',
    ]);
    expect(linkQueries(server)).toEqual([{ limit: '25', page: '1', order: 'date' }]);
    expect(await page.$$eval('table.list tbody tr', (rows) => rows.length)).toBe(25);

    await press(page, 'Next');
    await expect.poll(() => linkQueries(server).at(-1)).toEqual({ limit: '25', page: '2', order: 'date' });
    await page.waitForFunction(() =>
      document.querySelector('.pager span')?.textContent?.startsWith('Page 2 of 2'),
    );

    await choose(page, 'Sort by', 'click');
    await expect.poll(() => linkQueries(server).at(-1)).toEqual({ limit: '25', page: '1', order: 'click' });
    // The most clicked seeded link comes first.
    await page.waitForFunction(() =>
      document.querySelector('table.list tbody tr')?.textContent?.includes('Conference talk'),
    );

    await fill(page, 'Search links', 'launch');
    await expect
      .poll(() => linkQueries(server).at(-1))
      .toEqual({ limit: '25', page: '1', order: 'click', q: 'launch' });
    await page.waitForFunction(() => document.querySelectorAll('table.list tbody tr').length === 1);
    expect(await textOf(page, 'table.list tbody')).toContain('Product launch');

    const shortUrl = `${server.url}/docs`;
    await fill(page, 'Find by short URL', shortUrl);
    await press(page, 'Find');
    await expect.poll(() => linkQueries(server).at(-1)).toEqual({ short: shortUrl });
    await page.waitForFunction(() => location.hash === '#/links/1', WAIT);
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'HTTP | MDN', WAIT);
    expect(apiRequests(server, 'GET /api/url/1')).toHaveLength(1);

    // Details, statistics and the QR code with its downloads.
    const details = await textOf(page, 'section[aria-labelledby="details-heading"]');
    expect(details).toContain(shortUrl);
    expect(details).toContain('https://developer.mozilla.org/en-US/docs/Web/HTTP');
    expect(details).toContain('Reference for the team');
    const stats = await textOf(page, 'section[aria-labelledby="stats-heading"]');
    expect(stats).toContain('128 clicks');
    expect(stats).toContain('96 unique clicks');
    expect(stats).toMatch(/Social networks .*facebook 25/);
    const qr = await page.$eval('svg.qr-image', (svg) => ({
      label: svg.getAttribute('aria-label'),
      rects: svg.querySelectorAll('rect').length,
      path: svg.querySelector('path')?.getAttribute('d')?.length ?? 0,
    }));
    expect(qr).toEqual({ label: `QR code for ${shortUrl}`, rects: 1, path: expect.any(Number) });
    expect(qr.path).toBeGreaterThan(100);
    const qrButtons = await page.$$eval('.qr button', (buttons) => buttons.map((b) => b.textContent));
    expect(qrButtons).toEqual(['Download PNG', 'Download SVG']);

    // Assigning to a campaign and a channel.
    await page.locator('details.card summary').click();
    await choose(page, 'Campaign', '2', 'details.card');
    await press(page, 'Assign to campaign', 'details.card');
    expect((await received(server, 'POST /api/campaign/2/assign/1'))[0]?.body).toBeUndefined();
    await choose(page, 'Channel', '2', 'details.card');
    await press(page, 'Add to channel', 'details.card');
    await received(server, 'POST /api/channel/2/assign/links/1');

    // Editing: only what changed (and what the page knows of the link) is sent.
    const editor = 'section[aria-labelledby="edit-heading"]';
    await fill(page, 'Long URL', 'https://developer.mozilla.org/en-US/docs/Web/HTTP/Guides', editor);
    await fill(page, 'Custom alias', 'mdn', editor);
    await page.locator(`${editor} summary::-p-text(Redirect and access)`).click();
    await choose(page, 'Redirect type', 'frame', editor);
    await press(page, 'Save changes', editor);
    const [update] = await received(server, 'PUT /api/url/1/update');
    expect(update?.body).toEqual({
      url: 'https://developer.mozilla.org/en-US/docs/Web/HTTP/Guides',
      custom: 'mdn',
      type: 'frame',
    });
    await page.waitForFunction(
      (root) =>
        [...document.querySelectorAll(`${root} [role="status"]`)].some((el) => el.textContent === 'Saved.'),
      WAIT,
      editor,
    );
  });

  test('Campaigns and channels: create, edit, delete with confirmation, channel items and assigning', async ({
    configuredExt: ext,
    referenceServer: server,
  }) => {
    server.setRateLimit(1_000);
    const extra = addLinks(server.store, 26);
    for (const itemId of extra) server.store.assignments.push({ channelId: 1, type: 'links', itemId });
    const page = await openManage(ext, 'campaigns');

    // Campaigns.
    const newCampaign = 'form[aria-labelledby="new-campaign-heading"]';
    await fill(page, 'Name', 'Autumn', newCampaign);
    await fill(page, 'Rotator slug', 'autumn', newCampaign);
    await page.click(await control(page, 'Public', newCampaign));
    await press(page, 'Create campaign', newCampaign);
    const [created] = await received(server, 'POST /api/campaign/add');
    expect(created?.body).toEqual({ name: 'Autumn', slug: 'autumn', public: true });
    await item(page, 'Autumn');

    const spring = await item(page, 'Spring launch');
    await press(page, 'Edit', spring);
    await fill(page, 'Name', 'Spring relaunch', spring);
    await press(page, 'Save', spring);
    const [edited] = await received(server, 'PUT /api/campaign/1/update');
    expect(edited?.body).toEqual({ name: 'Spring relaunch', public: true });
    await item(page, 'Spring relaunch');

    const newsletter = await item(page, 'Newsletter');
    await page.click(`${newsletter} button[aria-label="Delete campaign “Newsletter”"]`);
    expect(await textOf(page, `${newsletter} fieldset.confirm legend`)).toContain('This cannot be undone.');
    await press(page, 'Cancel', newsletter);
    await page.waitForSelector(`${newsletter} button[aria-label="Delete campaign “Newsletter”"]`, WAIT);
    await page.click(`${newsletter} button[aria-label="Delete campaign “Newsletter”"]`);
    await press(page, 'Yes, delete', newsletter);
    await received(server, 'DELETE /api/campaign/2/delete');
    await page.waitForFunction(
      () => ![...document.querySelectorAll('li.item h3')].some((h) => h.textContent === 'Newsletter'),
      WAIT,
    );
    // The list reloaded after the DELETE: a DELETE sent on Cancel would be on the log by now.
    expect(apiRequests(server, 'DELETE /api/campaign/2/delete')).toHaveLength(1);

    // Channels.
    await goTo(page, 'Channels', 'Channels');
    const newChannel = 'main > section > .card';
    await fill(page, 'Name', 'Events', newChannel);
    await fill(page, 'Description', 'Meetups', newChannel);
    await fill(page, 'Colour (HEX)', '#FF5722', newChannel);
    await page.click(await control(page, 'Starred', newChannel));
    await press(page, 'Create channel', newChannel);
    const [channel] = await received(server, 'POST /api/channel/add');
    expect(channel?.body).toEqual({
      name: 'Events',
      description: 'Meetups',
      color: '#FF5722',
      starred: true,
    });
    await item(page, 'Events');

    const personal = await item(page, 'Personal');
    await press(page, 'Edit', personal);
    await fill(page, 'Description', 'Family', personal);
    await press(page, 'Save', personal);
    const [channelEdit] = await received(server, 'PUT /api/channel/2/update');
    expect(channelEdit?.body).toEqual({
      name: 'Personal',
      description: 'Family',
      color: '#43A047',
      starred: false,
    });

    await page.click(`${personal} button[aria-label="Delete channel “Personal”"]`);
    expect(await textOf(page, `${personal} fieldset.confirm legend`)).toMatch(/will be unassigned/);
    await press(page, 'Yes, delete', personal);
    await received(server, 'DELETE /api/channel/2/delete');

    // One channel's items, a page at a time, and adding a bio page and a QR code.
    await page.click(`${await item(page, 'Work')} a.button`);
    await page.waitForFunction(() => location.hash === '#/channels/1', WAIT);
    await page.waitForSelector('table.list tbody tr', WAIT);
    expect(apiRequests(server, 'GET /api/channel/1').map((r) => r.query)).toEqual([
      { limit: '25', page: '1' },
    ]);
    expect(await textOf(page, '.pager')).toContain('Page 1 of 2 (30 items)');
    await press(page, 'Next');
    await expect
      .poll(() => apiRequests(server, 'GET /api/channel/1').at(-1)?.query)
      .toEqual({ limit: '25', page: '2' });
    await page.waitForFunction(() => document.querySelectorAll('table.list tbody tr').length === 5, WAIT);

    const addItem = 'form[aria-labelledby="assign-item-heading"]';
    await choose(page, 'Item type', 'bio', addItem);
    await fill(page, 'Item id', '2', addItem);
    await press(page, 'Add to channel', addItem);
    await received(server, 'POST /api/channel/1/assign/bio/2');
    await choose(page, 'Item type', 'qr', addItem);
    await fill(page, 'Item id', '2', addItem);
    await press(page, 'Add to channel', addItem);
    await received(server, 'POST /api/channel/1/assign/qr/2');
    expect(await textOf(page, `${addItem} [role="status"]`)).toBe('Added QR code #2.');
  });

  test('Domains, account, splash pages and overlays', async ({
    configuredExt: ext,
    referenceServer: server,
  }) => {
    server.setRateLimit(1_000);
    const page = await openManage(ext, 'domains');
    const addForm = 'form[aria-labelledby="add-domain-heading"]';

    // Without a scheme the page refuses the domain itself: nothing reaches the server.
    await fill(page, 'Domain', 'go2.example.com', addForm);
    await press(page, 'Add domain', addForm);
    await page.waitForFunction(
      (form) => document.querySelector(`${form} .field-error`)?.textContent?.includes('Include the scheme'),
      WAIT,
      addForm,
    );
    expect(apiRequests(server, 'POST /api/domain/add')).toEqual([]);
    await fill(page, 'Domain', 'https://go2.example.com', addForm);
    await fill(page, 'Root redirect', 'https://example.com/home', addForm);
    await press(page, 'Add domain', addForm);
    const [added] = await received(server, 'POST /api/domain/add');
    expect(added?.body).toEqual({
      domain: 'https://go2.example.com',
      redirectroot: 'https://example.com/home',
    });
    await item(page, 'https://go2.example.com');

    const seeded = await item(page, 'https://go.example.com');
    await press(page, 'Edit redirects', seeded);
    await fill(page, 'Root redirect', 'https://example.com/start', seeded);
    await press(page, 'Save', seeded);
    const [updated] = await received(server, 'PUT /api/domain/1/update');
    expect(updated?.body).toEqual({
      redirectroot: 'https://example.com/start',
      redirect404: 'https://example.com/404',
    });

    await page.click(`${seeded} button[aria-label="Delete domain https://go.example.com"]`);
    await press(page, 'Yes, delete', seeded);
    await received(server, 'DELETE /api/domain/1/delete');

    await goTo(page, 'Account', 'Account');
    await page.waitForFunction(
      () => document.querySelector('.account')?.textContent?.includes('demo@example.com'),
      WAIT,
    );
    const email = 'form[aria-labelledby="email-heading"]';
    await fill(page, 'New email', 'new@example.com', email);
    await press(page, 'Change email', email);
    const [emailChange] = await received(server, 'PUT /api/account/update');
    expect(emailChange?.body).toEqual({ email: 'new@example.com' });
    await page.waitForFunction(
      () => document.querySelector('.account')?.textContent?.includes('new@example.com'),
      WAIT,
    );

    const password = 'form[aria-labelledby="password-heading"]';
    await fill(page, 'New password', 'correct horse', password);
    await fill(page, 'Confirm new password', 'correct hose', password);
    await press(page, 'Change password', password);
    await page.waitForFunction(
      (form) => document.querySelector(`${form} .field-error`)?.textContent === 'The passwords do not match.',
      WAIT,
      password,
    );

    // The splash page's lists are requested after the refused password: once they are shown, a
    // request from the password form would be on the server's log.
    await goTo(page, 'Splash pages', 'Splash pages and CTA overlays');
    await page.waitForFunction(() => document.querySelectorAll('table.list tbody tr').length === 2, WAIT);
    expect(await textOf(page, 'section[aria-labelledby="splash-heading"]')).toContain('Product teaser');
    expect(await textOf(page, 'section[aria-labelledby="overlays-heading"]')).toMatch(
      /Newsletter signup\s*message/,
    );

    expect(apiRequests(server, 'PUT /api/account/update')).toHaveLength(1);
  });

  // A server name is often one long word (a slug with underscores); it once pushed the whole page
  // past a phone-sized window, with the forms and the pager off-screen.
  test('long unbroken names and addresses never widen the page at 360 px; focus follows the actions', async ({
    configuredExt: ext,
    referenceServer: server,
  }) => {
    server.setRateLimit(1_000);
    const campaignName = 'acme_q4_holiday_mega_promotion_enterprise_dach_2026';
    const channelName = 'partner_newsletter_zurich_oesterreich_deutschland_2026';
    const linkId = server.store.nextId('links');
    server.store.links.push(
      createLink({
        id: linkId,
        alias: 'x'.repeat(60),
        longurl: `https://example.com/${'y'.repeat(120)}`,
        title: 'X'.repeat(60),
        date: '2026-01-01 00:00:00',
      }),
    );
    const page = await openManage(ext, 'campaigns');
    await page.setViewport({ width: 360, height: 800 });
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    /** Opens `route` and waits for its own data (`loaded`) before measuring. */
    const visit = async (route: string, loaded: string) => {
      await page.evaluate((hash) => {
        location.hash = hash;
      }, `#/${route}`);
      await page.waitForSelector(loaded, WAIT);
      expect({ route, overflow: await overflow() }).toEqual({ route, overflow: 0 });
    };

    const create = 'form[aria-labelledby="new-campaign-heading"]';
    await fill(page, 'Name', campaignName, create);
    await fill(page, 'Rotator slug', campaignName.replaceAll('_', '-'), create);
    await press(page, 'Create campaign', create);
    const row = await item(page, campaignName);
    await visit('campaigns', '[aria-labelledby="campaigns-heading"] ul.items li');
    await screenshot(page, 'manage-long-campaign-360');

    // Keyboard: Save returns to Edit (a disabled, removed Save would drop focus to the body).
    await page.focus(`${row} button[aria-expanded]`);
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${row} form.edit-form`, WAIT);
    await page.focus(`${row} form.edit-form button[type="submit"]`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (li) => document.activeElement === document.querySelector(`${li} button[aria-expanded]`),
      WAIT,
      row,
    );
    expect(await textOf(page, `${row} [role="status"]`)).toBe(`Campaign “${campaignName}” saved.`);

    await goTo(page, 'Channels', 'Channels');
    const newChannel = 'form.channel-form';
    await fill(page, 'Name', channelName, newChannel);
    await press(page, 'Create channel', newChannel);
    const channelRow = await item(page, channelName);
    await visit('channels', '[aria-labelledby="channels-heading"] ul.items li');
    const href = await page.$eval(`${channelRow} h3 a`, (a) => a.getAttribute('href') ?? '');
    await visit(href.slice(2), '[aria-labelledby="channel-heading"] nav.pager');
    expect(await textOf(page, 'main h1')).toContain(channelName);
    await screenshot(page, 'manage-long-channel-360');

    await visit(`links/${linkId}`, '[aria-labelledby="link-heading"] form.link-editor');
    await visit('links', '[aria-labelledby="links-heading"] table.list tbody tr');

    // Keyboard: deleting the campaign moves focus to the campaign that takes its place.
    await visit('campaigns', '[aria-labelledby="campaigns-heading"] ul.items li');
    const last = await item(page, campaignName);
    const before = await page.$$eval('li.item h3', (hs) => hs.map((h) => h.textContent));
    await page.focus(`${last} button.danger`);
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${last} fieldset.confirm`, WAIT);
    await page.focus(`${last} fieldset.confirm button.danger`);
    await page.keyboard.press('Enter');
    await received(server, `DELETE /api/campaign/${before.length}/delete`);
    const expected = before.at(-2);
    await page.waitForFunction(
      (name) => document.activeElement?.tagName === 'H3' && document.activeElement.textContent === name,
      WAIT,
      expected,
    );
    expect(await textOf(page, '[aria-labelledby="campaigns-heading"] > [role="status"]')).toBe(
      `Campaign “${campaignName}” deleted.`,
    );

    // The server made the link, then the answer was lost: the message says the link may exist, and
    // Create link again finds it (one request for the newest links) instead of making a second one.
    server.setFault({ kind: 'drop', after: true, match: 'POST /api/url/add' });
    await visit('links/new', '[aria-labelledby="new-link-heading"] form.link-editor');
    await fill(page, 'Long URL', 'https://example.com/answer-lost');
    await press(page, 'Create link');
    await page.waitForFunction(
      () =>
        document.activeElement?.matches('.failure') &&
        document.activeElement.textContent?.includes('may have been made all the same'),
      WAIT,
    );
    expect(await overflow()).toBe(0);
    await screenshot(page, 'manage-maybe-created-360');
    server.setFault(null);
    await press(page, 'Create link');
    await page.waitForFunction(() => /^#\/links\/\d+$/.test(location.hash), WAIT);
    expect(apiRequests(server, 'POST /api/url/add')).toHaveLength(1);
  });
});
