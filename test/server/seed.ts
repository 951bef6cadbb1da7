import { formatDateTime } from './dates';
import { createLink, type StoreData } from './store';

/** The branded domain every seed includes; links 2 and 4 use it. */
const SEED_DOMAIN = 'https://go.example.com';

/**
 * Fresh seed data. Fixed dates and click counts keep list order and statistics deterministic; only
 * the plan expiry follows the clock, so the demo account never shows as lapsed.
 */
export function seedData(now: Date): StoreData {
  const expires = new Date(now);
  expires.setUTCFullYear(expires.getUTCFullYear() + 1);
  return {
    account: {
      id: 1,
      email: 'demo@example.com',
      username: 'demo',
      avatar: 'https://www.gravatar.com/avatar/00000000000000000000000000000000?d=identicon',
      status: 'pro',
      expires: formatDateTime(expires),
      registered: '2025-01-15 10:00:00',
      password: 'demo-password',
    },
    domains: [
      {
        id: 1,
        domain: SEED_DOMAIN,
        redirectroot: 'https://example.com',
        redirect404: 'https://example.com/404',
      },
    ],
    splashPages: [{ id: 1, name: 'Product teaser', date: '2026-02-03 14:20:00' }],
    overlays: [{ id: 1, type: 'message', name: 'Newsletter signup', date: '2026-02-10 08:45:00' }],
    campaigns: [
      { id: 1, name: 'Spring launch', slug: 'spring', public: true, nameKey: 'name' },
      { id: 2, name: 'Newsletter', slug: null, public: false, nameKey: 'domain' },
    ],
    channels: [
      { id: 1, name: 'Work', description: 'Links shared with the team', color: '#1E88E5', starred: true },
      { id: 2, name: 'Personal', description: '', color: '#43A047', starred: false },
    ],
    assignments: [
      { channelId: 1, type: 'links', itemId: 1 },
      { channelId: 1, type: 'links', itemId: 3 },
      { channelId: 1, type: 'bio', itemId: 1 },
      { channelId: 1, type: 'qr', itemId: 1 },
    ],
    bioPages: [
      { id: 1, name: 'Demo bio', alias: 'demo', date: '2026-03-01 12:00:00' },
      { id: 2, name: 'Events bio', alias: 'events', date: '2026-04-12 16:30:00' },
    ],
    qrCodes: [
      { id: 1, name: 'Office door QR', link: 'https://example.com/visit', date: '2026-03-05 09:00:00' },
      { id: 2, name: 'Flyer QR', link: 'https://example.com/flyer', date: '2026-05-20 11:15:00' },
    ],
    links: [
      createLink({
        id: 1,
        alias: 'docs',
        longurl: 'https://developer.mozilla.org/en-US/docs/Web/HTTP',
        title: 'HTTP | MDN',
        description: 'Reference for the team',
        date: '2026-09-02 09:30:00',
        clicks: 128,
        campaign: 1,
        status: 'public',
      }),
      createLink({
        id: 2,
        alias: 'launch',
        domain: SEED_DOMAIN,
        longurl: 'https://example.com/blog/product-launch',
        title: 'Product launch',
        description: 'Announcement post',
        date: '2026-10-14 17:05:00',
        clicks: 342,
        campaign: 1,
        status: 'public',
      }),
      createLink({
        id: 3,
        alias: 'spring-sale',
        longurl: 'https://shop.example.com/sale?utm_source=newsletter',
        title: 'Spring sale',
        description: 'Newsletter offer with targeting',
        date: '2026-04-20 08:00:00',
        clicks: 57,
        expiry: '2030-12-31 23:59:59',
        campaign: 2,
        geotarget: [
          { location: 'United States', link: 'https://shop.example.com/us/sale' },
          { location: 'Germany', link: 'https://shop.example.com/de/sale' },
        ],
        devicetarget: [
          { device: 'iPhone', link: 'https://apps.apple.com/app/id0000000000' },
          { device: 'Android', link: 'https://play.google.com/store/apps/details?id=com.example.shop' },
        ],
      }),
      createLink({
        id: 4,
        alias: 'gh',
        domain: SEED_DOMAIN,
        longurl: 'https://github.com/example/shortlink-extension',
        title: 'example/shortlink-extension',
        description: 'Source code',
        date: '2026-11-01 20:45:00',
        clicks: 12,
      }),
      createLink({
        id: 5,
        alias: 'survey',
        longurl: 'https://forms.example.com/feedback',
        title: 'Feedback survey',
        date: '2026-07-08 13:10:00',
        password: 'secret',
      }),
      createLink({
        id: 6,
        alias: 'talk',
        longurl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
        title: 'Conference talk recording',
        description: 'Talk about link management',
        date: '2026-06-15 18:00:00',
        clicks: 903,
        status: 'public',
      }),
    ],
  };
}
