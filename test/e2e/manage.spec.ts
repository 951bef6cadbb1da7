/**
 * The management page (manage.html) in real Chromium against the reference server, section by
 * section. Each check looks at what the SERVER received: the query of each list request, the path
 * and JSON body of each change, and that nothing at all is sent when the page refuses an input or
 * the user cancels. One browser per group of sections keeps the suite quick on a small machine.
 */
import { describe, expect } from 'vitest';
import { createLink, type Store } from '../server/store';
import { test } from './fixtures';
import { screenshot } from './harness';
import { ManagePage } from './pages/manage';
import { apiRequests, type ReferenceServer } from './reference-server';

const { parts, loaded } = ManagePage;

/** Opens manage.html at `route` (e.g. 'links') in a new tab, once its heading shows. */
async function openManage(ext: Parameters<typeof ManagePage.open>[0], route: string): Promise<ManagePage> {
  const manage = await ManagePage.open(ext, route);
  await manage.waitForHeading();
  return manage;
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

/** Adds `count` plain links (and returns their ids), so that lists have a second manage. */
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

describe('the management page', () => {
  test('Links: paging, sort, search, find by short URL, a link’s page, assigning and editing', async ({
    configuredExt: ext,
    referenceServer: server,
  }) => {
    server.setRateLimit(1_000);
    addLinks(server.store, 30);
    const manage = await openManage(ext, 'links');
    await manage.waitForRows();
    // The page says which language its text is in, and names the section in the tab's title.
    expect([await manage.language(), await manage.page.title()]).toEqual(['en', 'Links – Shortlink']);
    expect(linkQueries(server)).toEqual([{ limit: '25', page: '1', order: 'date' }]);
    expect(await manage.rowCount()).toBe(25);

    await manage.pressButton('Next');
    await expect.poll(() => linkQueries(server).at(-1)).toEqual({ limit: '25', page: '2', order: 'date' });
    await manage.waitForPager('Page 2 of 2');

    await manage.choose('Sort by', 'click');
    await expect.poll(() => linkQueries(server).at(-1)).toEqual({ limit: '25', page: '1', order: 'click' });
    // The most clicked seeded link comes first.
    await manage.waitForFirstRow('Conference talk');

    await manage.fill('Search links', 'launch');
    await expect
      .poll(() => linkQueries(server).at(-1))
      .toEqual({ limit: '25', page: '1', order: 'click', q: 'launch' });
    await manage.waitForRowCount(1);
    expect(await manage.text(parts.list)).toContain('Product launch');

    const shortUrl = `${server.url}/docs`;
    await manage.fill('Find by short URL', shortUrl);
    await manage.pressButton('Find');
    await expect.poll(() => linkQueries(server).at(-1)).toEqual({ short: shortUrl });
    await manage.waitForRoute('#/links/1');
    await manage.waitForHeadingText('HTTP | MDN');
    expect(apiRequests(server, 'GET /api/url/1')).toHaveLength(1);

    // Details, statistics and the QR code with its size, margin, copy and downloads.
    const details = await manage.text(parts.linkDetails);
    expect(details).toContain(shortUrl);
    expect(details).toContain('https://developer.mozilla.org/en-US/docs/Web/HTTP');
    expect(details).toContain('Reference for the team');
    const stats = await manage.text(parts.linkStats);
    expect(stats).toContain('128 clicks');
    expect(stats).toContain('96 unique clicks');
    expect(stats).toMatch(/Social networks .*facebook 25/);
    const qr = await manage.qrCode();
    expect(qr).toEqual({ label: `QR code for ${shortUrl}`, rects: 1, path: expect.any(Number) });
    expect(qr.path).toBeGreaterThan(100);
    const qrButtons = await manage.qrButtons();
    expect(qrButtons).toEqual(['Copy image', 'Download PNG', 'Download SVG']);
    expect(await manage.valueOfControl('Image size', '.qr')).toBe('512');
    expect(await manage.valueOfControl('Margin (modules)', '.qr')).toBe('4');

    // Assigning to a campaign and a channel.
    await manage.openAssignPanel();
    await manage.choose('Campaign', '2', 'details.card');
    await manage.pressButton('Assign to campaign', 'details.card');
    expect((await received(server, 'POST /api/campaign/2/assign/1'))[0]?.body).toBeUndefined();
    await manage.choose('Channel', '2', 'details.card');
    await manage.pressButton('Add to channel', 'details.card');
    await received(server, 'POST /api/channel/2/assign/links/1');

    // Editing: only what changed (and what the page knows of the link) is sent.
    const editor = parts.linkEditor;
    await manage.fill('Long URL', 'https://developer.mozilla.org/en-US/docs/Web/HTTP/Guides', editor);
    await manage.fill('Custom alias', 'mdn', editor);
    await manage.unfold('Redirect and access', editor);
    await manage.choose('Redirect type', 'frame', editor);
    await manage.pressButton('Save changes', editor);
    const [update] = await received(server, 'PUT /api/url/1/update');
    expect(update?.body).toEqual({
      url: 'https://developer.mozilla.org/en-US/docs/Web/HTTP/Guides',
      custom: 'mdn',
      type: 'frame',
    });
    await manage.waitForStatus(editor, 'Saved.');
  });

  test('Campaigns and channels: create, edit, delete with confirmation, channel items and assigning', async ({
    configuredExt: ext,
    referenceServer: server,
  }) => {
    server.setRateLimit(1_000);
    const extra = addLinks(server.store, 26);
    for (const itemId of extra) server.store.assignments.push({ channelId: 1, type: 'links', itemId });
    const manage = await openManage(ext, 'campaigns');

    // Campaigns.
    const newCampaign = parts.newCampaign;
    await manage.fill('Name', 'Autumn', newCampaign);
    await manage.fill('Rotator slug', 'autumn', newCampaign);
    await manage.check('Public', newCampaign);
    await manage.pressButton('Create campaign', newCampaign);
    const [created] = await received(server, 'POST /api/campaign/add');
    expect(created?.body).toEqual({ name: 'Autumn', slug: 'autumn', public: true });
    await manage.item('Autumn');

    const spring = await manage.item('Spring launch');
    await manage.pressButton('Edit', spring);
    await manage.fill('Name', 'Spring relaunch', spring);
    await manage.pressButton('Save', spring);
    const [edited] = await received(server, 'PUT /api/campaign/1/update');
    // The name (the update requires it) and nothing that did not change.
    expect(edited?.body).toEqual({ name: 'Spring relaunch' });
    await manage.item('Spring relaunch');

    const newsletter = await manage.item('Newsletter');
    await manage.pressNamed('Delete campaign “Newsletter”', newsletter);
    expect(await manage.confirmQuestion(newsletter)).toContain('This cannot be undone.');
    await manage.pressButton('Cancel', newsletter);
    await manage.waitForNamed('Delete campaign “Newsletter”', newsletter);
    await manage.pressNamed('Delete campaign “Newsletter”', newsletter);
    await manage.pressButton('Yes, delete', newsletter);
    await received(server, 'DELETE /api/campaign/2/delete');
    await manage.waitUntilNoItem('Newsletter');
    // A DELETE sent on Cancel would be on the log before the one confirmed.
    expect(apiRequests(server, 'DELETE /api/campaign/2/delete')).toHaveLength(1);
    // Created, edited and deleted in place: the list was asked for once.
    expect(apiRequests(server, 'GET /api/campaigns')).toHaveLength(1);

    // Channels.
    await manage.goTo('Channels', 'Channels');
    const newChannel = parts.newChannel;
    await manage.fill('Name', 'Events', newChannel);
    await manage.fill('Description', 'Meetups', newChannel);
    await manage.fill('Colour (HEX)', '#FF5722', newChannel);
    await manage.check('Starred', newChannel);
    await manage.pressButton('Create channel', newChannel);
    const [channel] = await received(server, 'POST /api/channel/add');
    expect(channel?.body).toEqual({
      name: 'Events',
      description: 'Meetups',
      color: '#FF5722',
      starred: true,
    });
    await manage.item('Events');

    const personal = await manage.item('Personal');
    await manage.pressButton('Edit', personal);
    await manage.fill('Description', 'Family', personal);
    await manage.pressButton('Save', personal);
    const [channelEdit] = await received(server, 'PUT /api/channel/2/update');
    expect(channelEdit?.body).toEqual({ description: 'Family' });

    await manage.pressNamed('Delete channel “Personal”', personal);
    expect(await manage.confirmQuestion(personal)).toMatch(/will be unassigned/);
    await manage.pressButton('Yes, delete', personal);
    await received(server, 'DELETE /api/channel/2/delete');

    // One channel's items, a page at a time, and adding a bio page and a QR code.
    await manage.openItem(await manage.item('Work'));
    await manage.waitForRoute('#/channels/1');
    await manage.waitForRows();
    expect(apiRequests(server, 'GET /api/channel/1').map((r) => r.query)).toEqual([
      { limit: '25', page: '1' },
    ]);
    expect(await manage.text(parts.pager)).toContain('Page 1 of 2 (30 items)');
    await manage.pressButton('Next');
    await expect
      .poll(() => apiRequests(server, 'GET /api/channel/1').at(-1)?.query)
      .toEqual({ limit: '25', page: '2' });
    await manage.waitForRowCount(5);

    // A link is picked by searching for it: no id to know.
    const addItem = parts.channelItem;
    await manage.fill('Search your links to add', 'launch', addItem);
    await manage.waitForNamed('Add “Product launch” to this channel', addItem);
    await manage.pressNamed('Add “Product launch” to this channel', addItem);
    await received(server, 'POST /api/channel/1/assign/links/2');
    await manage.waitForStatus(addItem, 'Added “Product launch” to this channel.');
    await manage.choose('Item type', 'bio', addItem);
    await manage.fill('Item id', '2', addItem);
    await manage.pressButton('Add to channel', addItem);
    await received(server, 'POST /api/channel/1/assign/bio/2');
    await manage.choose('Item type', 'qr', addItem);
    await manage.fill('Item id', '2', addItem);
    await manage.pressButton('Add to channel', addItem);
    await received(server, 'POST /api/channel/1/assign/qr/2');
    expect(await manage.status(addItem)).toBe('Added QR code #2.');
  });

  test('Domains, account, splash pages and overlays', async ({
    configuredExt: ext,
    referenceServer: server,
  }) => {
    server.setRateLimit(1_000);
    const manage = await openManage(ext, 'domains');
    const addForm = parts.addDomain;

    // Without a scheme the page refuses the domain itself: nothing reaches the server.
    await manage.fill('Domain', 'go2.example.com', addForm);
    await manage.pressButton('Add domain', addForm);
    await manage.waitForFieldError(addForm, /Include the scheme/);
    expect(apiRequests(server, 'POST /api/domain/add')).toEqual([]);
    await manage.fill('Domain', 'https://go2.example.com', addForm);
    await manage.fill('Root redirect', 'https://example.com/home', addForm);
    await manage.pressButton('Add domain', addForm);
    const [added] = await received(server, 'POST /api/domain/add');
    expect(added?.body).toEqual({
      domain: 'https://go2.example.com',
      redirectroot: 'https://example.com/home',
    });
    await manage.item('https://go2.example.com');

    const seeded = await manage.item('https://go.example.com');
    await manage.pressButton('Edit redirects', seeded);
    await manage.fill('Root redirect', 'https://example.com/start', seeded);
    await manage.pressButton('Save', seeded);
    const [updated] = await received(server, 'PUT /api/domain/1/update');
    // Only the redirect that changed.
    expect(updated?.body).toEqual({ redirectroot: 'https://example.com/start' });

    await manage.pressNamed('Delete domain https://go.example.com', seeded);
    await manage.pressButton('Yes, delete', seeded);
    await received(server, 'DELETE /api/domain/1/delete');

    await manage.goTo('Account', 'Account');
    await manage.waitForAccount('demo@example.com');
    const email = parts.email;
    await manage.fill('New email', 'new@example.com', email);
    await manage.pressButton('Change email', email);
    const [emailChange] = await received(server, 'PUT /api/account/update');
    expect(emailChange?.body).toEqual({ email: 'new@example.com' });
    await manage.waitForAccount('new@example.com');

    const password = parts.password;
    await manage.fill('New password', 'correct horse', password);
    await manage.fill('Confirm new password', 'correct hose', password);
    await manage.pressButton('Change password', password);
    await manage.waitForFieldError(password, /^The passwords do not match\.$/);

    // The splash page's lists are requested after the refused password: once they are shown, a
    // request from the password form would be on the server's log.
    await manage.goTo('Splash pages', 'Splash pages and CTA overlays');
    await manage.waitForRowCount(2);
    expect(await manage.text(parts.splash)).toContain('Product teaser');
    expect(await manage.text(parts.overlays)).toMatch(/Newsletter signup\s*message/);

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
    const manage = await openManage(ext, 'campaigns');
    await manage.usePhoneWidth();
    /** Opens `route` and waits for its own data (`shown`) before measuring. */
    const visit = async (route: string, shown: string) => {
      await manage.visit(route, shown);
      expect({ route, overflow: await manage.overflow() }).toEqual({ route, overflow: 0 });
    };

    const create = parts.newCampaign;
    await manage.fill('Name', campaignName, create);
    await manage.fill('Rotator slug', campaignName.replaceAll('_', '-'), create);
    await manage.pressButton('Create campaign', create);
    const row = await manage.item(campaignName);
    await visit('campaigns', loaded.campaigns);
    await screenshot(manage.page, 'manage-long-campaign-360');

    // Keyboard: Save returns to Edit (a disabled, removed Save would drop focus to the body).
    await manage.editWithKeyboard(row);
    await manage.saveWithKeyboard(row);
    await manage.waitForFocusOnEdit(row);
    expect(await manage.status(row)).toBe('Nothing changed, so nothing was sent.');

    await manage.goTo('Channels', 'Channels');
    const newChannel = parts.newChannel;
    await manage.fill('Name', channelName, newChannel);
    await manage.pressButton('Create channel', newChannel);
    const channelRow = await manage.item(channelName);
    await visit('channels', loaded.channels);
    const href = await manage.itemHref(channelRow);
    await visit(href.slice(2), loaded.channel);
    expect(await manage.heading()).toContain(channelName);
    await screenshot(manage.page, 'manage-long-channel-360');

    await visit(`links/${linkId}`, loaded.link);
    await visit('links', loaded.links);

    // Keyboard: deleting the campaign moves focus to the campaign that takes its place.
    await visit('campaigns', loaded.campaigns);
    const last = await manage.item(campaignName);
    const before = await manage.itemNames();
    await manage.deleteWithKeyboard(last);
    await received(server, `DELETE /api/campaign/${before.length}/delete`);
    const expected = before.at(-2);
    await manage.waitForFocusOnItemHeading(expected);
    expect(await manage.text(parts.campaignsStatus)).toBe(`Campaign “${campaignName}” deleted.`);

    // The server made the link, then the answer was lost: the message says the link may exist, and
    // Create link again finds it (one request for the newest links) instead of making a second one.
    server.setFault({ kind: 'drop', after: true, match: 'POST /api/url/add' });
    await visit('links/new', loaded['links/new']);
    await manage.fill('Long URL', 'https://example.com/answer-lost');
    await manage.pressButton('Create link');
    await manage.waitForFocusedFailure('may have been made all the same');
    expect(await manage.overflow()).toBe(0);
    await screenshot(manage.page, 'manage-maybe-created-360');
    server.setFault(null);
    await manage.pressButton('Create link');
    await manage.waitForRoute(/^#\/links\/\d+$/);
    expect(apiRequests(server, 'POST /api/url/add')).toHaveLength(1);
  });

  test('a second walk through every section sends no request; a slow save says Saving… at once', async ({
    configuredExt: ext,
    referenceServer: server,
  }) => {
    server.setRateLimit(1_000);
    const manage = await openManage(ext, 'links');
    const walk: [route: string, shown: string][] = [
      ['links', loaded.links],
      ['campaigns', loaded.campaigns],
      ['channels', loaded.channels],
      ['channels/1', loaded.channel],
      ['domains', loaded.domains],
      ['splash', loaded.splash],
      ['account', loaded.account],
    ];
    for (const [route, shown] of walk) await manage.visit(route, shown);
    await received(server, 'GET /api/account');
    const gets = () => server.requests.filter((request) => request.method === 'GET').length;
    const afterFirstWalk = gets();
    for (const [route, shown] of walk) await manage.visit(route, shown);
    // Every view is drawn from what the page kept; a request sent would be on the log by now, as
    // the account section is drawn after the others.
    expect(gets()).toBe(afterFirstWalk);

    // Refresh asks again, for the list in view only.
    await manage.visit('campaigns', loaded.campaigns);
    await manage.pressButton('Refresh');
    await received(server, 'GET /api/campaigns', 2);

    // A slow server: the Save button says what it is doing before the server has answered.
    server.setFault({ kind: 'slow', delayMs: 3_000, match: 'PUT /api/campaign/1/update' });
    const spring = await manage.item('Spring launch');
    await manage.pressButton('Edit', spring);
    await manage.fill('Name', 'Spring relaunch', spring);
    await manage.pressButton('Save', spring);
    await manage.waitForButton('Saving…', spring);
    const [pending] = await received(server, 'PUT /api/campaign/1/update');
    expect(pending?.status).toBeUndefined();
    await manage.waitForStatus(spring, 'Campaign “Spring relaunch” saved.');
    server.setFault(null);
  });
});
