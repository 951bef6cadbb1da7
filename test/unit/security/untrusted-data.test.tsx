/**
 * A server (or anyone who could create links on it) controls the URLs and texts the extension shows.
 * A `javascript:` or `data:` URL must reach the user as text, never as a link or an image. These add
 * what the component tests do not already check (see README, "Security and privacy"): the popup's
 * long URLs, campaign rotator and list URLs, and branded domains with their redirects.
 */
import { describe, expect, it, vi } from 'vitest';
import '../../fixtures/popup-later-parts';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CampaignsView } from '@/entrypoints/manage/campaigns-view';
import { DomainsView } from '@/entrypoints/manage/domains-view';
import { App } from '@/entrypoints/popup/app';
import { type CachedLink, putCachedLinks, putCachedLists } from '@/lib/links/cache';
import { defaultBehaviour, defaultUtmPresets, emptyDefaults } from '@/lib/settings/schema';
import { saveSettings } from '@/lib/storage/settings';
import { fakeApi, fakeBackground, mount as mountPopup, mount as mountView, ok, page } from '../dom';

const HOSTILE = [
  'javascript:alert(document.domain)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:x',
];

/** Every href and src in `root`: none may be anything but http(s) or the extension's own pages. */
function targets(root: ParentNode): string[] {
  return [...root.querySelectorAll('[href], [src]')].map(
    (el) => el.getAttribute('href') ?? el.getAttribute('src') ?? '',
  );
}

const unsafe = (values: string[]) => values.filter((value) => /^\s*(javascript|data|vbscript):/i.test(value));

describe('the popup', () => {
  it('shows hostile long and short URLs of the recent list as text, never as links', async () => {
    const profileId = 'untrusted-popup';
    await saveSettings({
      version: 1,
      activeProfileId: profileId,
      profiles: [{ id: profileId, name: 'Home', serverUrl: 'https://sho.rt', defaults: emptyDefaults() }],
      behaviour: { ...defaultBehaviour(), autoCopy: true, notifications: true },
      utmPresets: defaultUtmPresets(),
    });
    const links: CachedLink[] = HOSTILE.map((url, index) => ({
      id: index + 1,
      alias: `x${index}`,
      shortUrl: url,
      longUrl: url,
      title: '',
      description: '',
      clicks: 0,
      date: `2031-03-0${index + 1} 10:00:00`,
    }));
    await putCachedLinks(profileId, links, Date.now());
    await putCachedLists(profileId, { fetchedAt: Date.now(), campaigns: [], channels: [] });
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ url: 'https://blog.example/post' }] as never);
    fakeBackground({ refresh: () => ok({ links: null, lists: null }) });

    const root = await mountPopup(<App />, '.links li');

    expect(root.querySelectorAll('.links li')).toHaveLength(HOSTILE.length);
    expect(unsafe(targets(root))).toEqual([]);
    for (const url of HOSTILE) {
      // With no title the long URL is the row's heading, and it is there again below: both as text.
      expect([...root.querySelectorAll('.links .title, .links .long')].map((el) => el.textContent)).toContain(
        url,
      );
    }
  });
});

describe('the management page', () => {
  it('shows hostile campaign rotator and list URLs as text', async () => {
    const campaigns = HOSTILE.map((url, index) => ({
      id: index + 1,
      name: `Campaign ${index}`,
      public: true,
      rotator: url,
      list: url,
    }));
    const api = fakeApi((method) =>
      method === 'listCampaigns'
        ? { ok: true, data: page(campaigns, 1, 1) }
        : { ok: true, data: page([], 1, 1) },
    );
    const root = await mountView(<CampaignsView />, api);

    expect(root.textContent).toContain('Campaign 2');
    expect(unsafe(targets(root))).toEqual([]);
    for (const url of HOSTILE) expect(root.textContent).toContain(url);
  });

  it('shows hostile branded domains and their redirects as text', async () => {
    const domains = HOSTILE.map((url, index) => ({
      id: index + 1,
      domain: url,
      redirectroot: url,
      redirect404: url,
    }));
    const api = fakeApi(() => ({ ok: true, data: page(domains, 1, 1) }));
    const root = await mountView(<DomainsView />, api);

    expect(root.querySelectorAll('.unsafe-url').length).toBeGreaterThanOrEqual(HOSTILE.length * 3);
    expect(unsafe(targets(root))).toEqual([]);
    for (const url of HOSTILE) expect(root.textContent).toContain(url);
  });
});
