import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unwrapRedirect } from '@/lib/url/unwrap';

/** Safe Links' own parameters after `url`, as Outlook writes them. */
const SAFE_LINKS_TAIL =
  '&data=05%7C02%7Cjane.doe%40contoso.com%7C3f2a9b1c4d5e6f708192a3b4c5d6e7f8%7C72f988bf86f141af91ab2d7cd011db47' +
  '%7C0%7C0%7C638512345678901234%7CUnknown%7CTWFpbGZsb3d8eyJWIjoiMC4wLjAwMDAiLCJQIjoiV2luMzIiLCJBTiI6Ik1haWwi' +
  'LCJXVCI6Mn0%3D%7C0%7C%7C%7C&sdata=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789%2BabcDEF%3D&reserved=0';

const safeLink = (carried: string, region = 'nam12') =>
  `https://${region}.safelinks.protection.outlook.com/?url=${carried}${SAFE_LINKS_TAIL}`;

/** [wrapper, the address it leads to, the wrapper's name] as each service writes them. */
const REAL: [string, string, string][] = [
  [
    safeLink('https%3A%2F%2Fwww.example.com%2Freport%3Fid%3D42%26lang%3Den'),
    'https://www.example.com/report?id=42&lang=en',
    'Outlook Safe Links',
  ],
  [
    'https://eur03.safelinks.protection.outlook.com/?url=http%3A%2F%2Fintranet.example.org%2F&data=05%7C01%7C&reserved=0',
    'http://intranet.example.org/',
    'Outlook Safe Links',
  ],
  [
    'https://gcc02.safelinks.protection.office365.us/?url=https%3A%2F%2Fagency.example.gov%2Fform&data=05%7C01',
    'https://agency.example.gov/form',
    'Outlook Safe Links',
  ],
  [
    'https://www.google.com/url?sa=t&rct=j&q=&esrc=s&source=web&cd=&ved=2ahUKEwiQ4p7&url=https%3A%2F%2Fen.wikipedia.org%2Fwiki%2FURL_redirection&usg=AOvVaw3xYz',
    'https://en.wikipedia.org/wiki/URL_redirection',
    'Google',
  ],
  [
    'https://www.google.com/url?q=https://docs.example.com/page&sa=D&source=editors&ust=1700000000000000&usg=AOvVaw0abc',
    'https://docs.example.com/page',
    'Google',
  ],
  [
    'https://www.google.co.uk/url?q=https%3A%2F%2Fwww.bbc.co.uk%2Fnews&sa=U&ved=2ahUKE',
    'https://www.bbc.co.uk/news',
    'Google',
  ],
  [
    // A search's words in q, the address in url.
    'https://google.de/url?q=kurzlink&url=https%3A%2F%2Fwww.example.de%2F',
    'https://www.example.de/',
    'Google',
  ],
  [
    'https://l.facebook.com/l.php?u=https%3A%2F%2Fwww.example.com%2Fblog%2Fpost%3Ffbclid%3DIwAR2abc&h=AT0x1y2z3&__tn__=-UK-R&c[0]=AT1abc',
    'https://www.example.com/blog/post?fbclid=IwAR2abc',
    'Facebook',
  ],
  [
    'https://lm.facebook.com/l.php?u=https%3A%2F%2Fnews.example.com%2Fa&h=AT3',
    'https://news.example.com/a',
    'Facebook',
  ],
  [
    'https://l.instagram.com/?u=https%3A%2F%2Fshop.example.com%2F&e=ATM1abcDEF',
    'https://shop.example.com/',
    'Instagram',
  ],
  [
    'https://www.linkedin.com/redir/redirect?url=https%3A%2F%2Fexample.com%2Fwhitepaper.pdf&urlhash=Xy7Q&trk=public_profile_website',
    'https://example.com/whitepaper.pdf',
    'LinkedIn',
  ],
  [
    'https://www.linkedin.com/safety/go?url=https%3A%2F%2Fevents.example.com%2Fsignup&trk=flagship-messaging-web',
    'https://events.example.com/signup',
    'LinkedIn',
  ],
  [
    'https://slack-redir.net/link?url=https%3A%2F%2Fstatus.example.com%2Fincidents%2F123',
    'https://status.example.com/incidents/123',
    'Slack',
  ],
  [
    'https://www.youtube.com/redirect?event=video_description&redir_token=QUFFLUhqbTZabc&q=https%3A%2F%2Fexample.com%2Fcourse&v=dQw4w9WgXcQ',
    'https://example.com/course',
    'YouTube',
  ],
  [
    'https://urldefense.proofpoint.com/v2/url?u=https-3A__www.example.com_products_item-3Fid-3D7-26ref-3Dmail&d=DwMFaQ&c=euGZstcaTDllvimEN8b7jXrwqOf-v5A_CdpgnVfiiMM&r=abc&m=def&s=ghi&e=',
    'https://www.example.com/products/item?id=7&ref=mail',
    'Proofpoint URL Defense',
  ],
  [
    'https://urldefense.com/v3/__https://docs.example.com/guide*section-2__;Iw!!BhdT!hF3kdL9A$',
    'https://docs.example.com/guide#section-2',
    'Proofpoint URL Defense',
  ],
  [
    // `**A` stands for a run of two characters: here `&&`.
    'https://urldefense.com/v3/__https://example.com/a**Ab?x=1__;JiY!!x!y$',
    'https://example.com/a&&b?x=1',
    'Proofpoint URL Defense',
  ],
  [
    'https://urldefense.com/v3/__https://example.com/plain__;!!G2kpM7uM-TzIFchu!abc$',
    'https://example.com/plain',
    'Proofpoint URL Defense',
  ],
  [
    'https://steamcommunity.com/linkfilter/?url=https://store.example.com/app/123',
    'https://store.example.com/app/123',
    'Steam',
  ],
  [
    'https://steamcommunity.com/linkfilter/?u=https%3A%2F%2Fguides.example.com%2F',
    'https://guides.example.com/',
    'Steam',
  ],
];

describe('unwrapRedirect', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(REAL)('unwraps %s', (wrapper, target, name) => {
    expect(unwrapRedirect(wrapper)).toEqual({ url: target, wrappers: [name] });
  });

  it('reads an address a mail system encoded twice or three times', () => {
    expect(unwrapRedirect(safeLink('https%253A%252F%252Fexample.org%252Fdocs%253Fa%253D1'))).toEqual({
      url: 'https://example.org/docs?a=1',
      wrappers: ['Outlook Safe Links'],
    });
    expect(unwrapRedirect(safeLink('https%25253A%25252F%25252Fexample.org%25252F'))?.url).toBe(
      'https://example.org/',
    );
  });

  it('takes nested wrappers off, naming each, outermost first', () => {
    const google = 'https://www.google.com/url?q=https%3A%2F%2Fexample.com%2Fnested&sa=D';
    expect(unwrapRedirect(safeLink(encodeURIComponent(google), 'nam04'))).toEqual({
      url: 'https://example.com/nested',
      wrappers: ['Outlook Safe Links', 'Google'],
    });
    const proofpoint =
      'https://urldefense.proofpoint.com/v2/url?u=https-3A__l.facebook.com_l.php-3Fu-3Dhttps-253A-252F-252Fexample.net-252F&d=x';
    expect(unwrapRedirect(safeLink(encodeURIComponent(proofpoint)))).toEqual({
      url: 'https://example.net/',
      wrappers: ['Outlook Safe Links', 'Proofpoint URL Defense', 'Facebook'],
    });
  });

  it.each([
    ['a script', safeLink('javascript%3Aalert(document.cookie)')],
    ['a data URL', 'https://www.google.com/url?q=data:text/html,%3Cscript%3Ealert(1)%3C/script%3E'],
    ['a file', 'https://l.facebook.com/l.php?u=file%3A%2F%2F%2Fetc%2Fpasswd'],
    ['an FTP server', 'https://slack-redir.net/link?url=ftp%3A%2F%2Ffiles.example.com%2F'],
    ['an encoded script', safeLink('javascript%253Aalert(1)')],
    ['a scheme without a host', 'https://www.youtube.com/redirect?q=https%3A%2F%2F'],
  ])('refuses %s, and leaves the wrapper as it is', (_what, wrapper) => {
    expect(unwrapRedirect(wrapper)).toBeNull();
  });

  it.each([
    ['no address', 'https://nam12.safelinks.protection.outlook.com/?data=05%7C02%7C&reserved=0'],
    ['an empty address', safeLink('')],
    ['a broken escape', safeLink('https%3A%2F%2Fexa%ZZmple.com')],
    ['a broken v2 escape', 'https://urldefense.proofpoint.com/v2/url?u=https-3A__ex-ZZample.com&d=x'],
    ['v3 without its characters', 'https://urldefense.com/v3/__https://example.com/a*b*c__;Iw!!x$'],
    ['v3 with broken characters', 'https://urldefense.com/v3/__https://example.com/a*b__;@@@!!x$'],
    ['a search word only', 'https://www.google.com/url?q=shortlink'],
    ['an address without a scheme', 'https://www.google.com/url?q=www.example.com'],
  ])('leaves a wrapper with %s alone', (_what, wrapper) => {
    expect(unwrapRedirect(wrapper)).toBeNull();
  });

  it.each([
    ['t.co, which needs a request', 'https://t.co/AbC123xYz'],
    ['lnkd.in, which needs a request', 'https://lnkd.in/eAbC9xZ'],
    ['a Google search', 'https://www.google.com/search?q=https://example.com'],
    [
      'a look-alike host',
      'https://safelinks.protection.outlook.com.evil.example/?url=https%3A%2F%2Fx.example',
    ],
    ['another host with the same path', 'https://notgoogle.com/url?q=https://example.com'],
    ['a page of a wrapper host', 'https://www.linkedin.com/in/someone?url=https://example.com'],
    ['an ordinary address', 'https://example.com/?url=https://other.example'],
    ['a non-web scheme', 'mailto:someone@example.com'],
    ['words', 'not a url'],
  ])('leaves %s alone', (_what, url) => {
    expect(unwrapRedirect(url)).toBeNull();
  });

  it('sends no request, whatever it is given', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    for (const [wrapper] of REAL) unwrapRedirect(wrapper);
    unwrapRedirect('https://t.co/AbC123xYz');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('gives back any web address a Safe Link or a Google redirect carries', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        expect(unwrapRedirect(safeLink(encodeURIComponent(url)))?.url).toBe(url);
        expect(unwrapRedirect(`https://www.google.com/url?q=${encodeURIComponent(url)}&sa=D`)?.url).toBe(url);
      }),
      { numRuns: 60 },
    );
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        unwrapRedirect(text);
        unwrapRedirect(safeLink(text));
        unwrapRedirect(`https://urldefense.com/v3/__${text}__;${text}!!x$`);
      }),
    );
  });
});
