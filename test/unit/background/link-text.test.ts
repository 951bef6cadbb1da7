/**
 * The part of "Shorten link" that runs in the page (Chrome gives no link text with the click): it
 * finds the clicked link by its resolved address and answers what a reader would call its text.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LINK_TEXT_MAX, linkTextInPage } from '@/entrypoints/background/link-text';

const URL_A = 'https://a.example/docs?x=1';

function page(html: string): void {
  document.body.innerHTML = html;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('linkTextInPage', () => {
  it('answers the link’s text, whitespace collapsed', () => {
    page(`<p><a href="https://other.example/">Other</a> <a href="${URL_A}">
      the   getting-started
      <b>guide</b> </a></p>`);
    expect(linkTextInPage(URL_A, LINK_TEXT_MAX)).toBe('the getting-started guide');
  });

  it('matches the resolved address, so a relative href is found', () => {
    page('<a href="/relative/page">Relative</a>');
    expect(linkTextInPage(new URL('/relative/page', document.baseURI).href, LINK_TEXT_MAX)).toBe('Relative');
  });

  it('prefers the focused link (the right-clicked one) among links to the same address', () => {
    page(`<a href="${URL_A}">first</a> <a id="second" href="${URL_A}">second</a>`);
    document.querySelector<HTMLAnchorElement>('#second')?.focus();
    expect(linkTextInPage(URL_A, LINK_TEXT_MAX)).toBe('second');
  });

  it('takes the first link to the address when another element has the focus', () => {
    page(`<input id="field"> <a href="${URL_A}">first</a> <a href="${URL_A}">second</a>`);
    document.querySelector<HTMLInputElement>('#field')?.focus();
    expect(linkTextInPage(URL_A, LINK_TEXT_MAX)).toBe('first');
  });

  it.each([
    ['its aria-label', `<a href="${URL_A}" aria-label=" Open  the docs "><svg></svg></a>`, 'Open the docs'],
    ['its title', `<a href="${URL_A}" title="The docs"> </a>`, 'The docs'],
    ['an image’s alt', `<a href="${URL_A}"><img src="x.png" alt="Docs logo"></a>`, 'Docs logo'],
    [
      'an image-map area’s alt',
      `<map name="m"><area href="${URL_A}" alt="Docs area" shape="rect" coords="0,0,1,1"></map>`,
      'Docs area',
    ],
  ])('falls back to %s when the link shows no text', (_, html, expected) => {
    page(html);
    expect(linkTextInPage(URL_A, LINK_TEXT_MAX)).toBe(expected);
  });

  it.each([
    ['no link has the address', `<a href="https://other.example/">Other</a>`],
    ['the link has no text of any kind', `<a href="${URL_A}"><img src="x.png"></a>`],
  ])('answers null when %s', (_, html) => {
    page(html);
    expect(linkTextInPage(URL_A, LINK_TEXT_MAX)).toBeNull();
  });

  it('cuts a long text at the limit, on a whole character, with an ellipsis', () => {
    page(`<a href="${URL_A}">${'ab '.repeat(100)}</a>`);
    // 66 × "ab " is 198 characters: 199 are kept, then the ellipsis makes 200.
    expect(linkTextInPage(URL_A, LINK_TEXT_MAX)).toBe(`${'ab '.repeat(66)}a…`);
    page(`<a href="${URL_A}">${'😀'.repeat(10)}</a>`);
    expect(linkTextInPage(URL_A, 5)).toBe('😀😀😀😀…');
  });
});
