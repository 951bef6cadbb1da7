import { describe, expect, it } from 'vitest';
import { parseRoute, routeHref } from '@/entrypoints/manage/route';

describe('parseRoute', () => {
  it('reads every route', () => {
    expect(parseRoute('')).toEqual({ name: 'links' });
    expect(parseRoute('#/links')).toEqual({ name: 'links' });
    expect(parseRoute('#/links/new')).toEqual({ name: 'link-new' });
    expect(parseRoute('#/links/42')).toEqual({ name: 'link', id: 42 });
    expect(parseRoute('#/campaigns')).toEqual({ name: 'campaigns' });
    expect(parseRoute('#/channels/7/')).toEqual({ name: 'channel', id: 7 });
    expect(parseRoute('#/domains')).toEqual({ name: 'domains' });
    expect(parseRoute('#/splash')).toEqual({ name: 'splash' });
    expect(parseRoute('#/account')).toEqual({ name: 'account' });
  });

  it('treats anything else as not found', () => {
    expect(parseRoute('#/links/0')).toEqual({ name: 'not-found', path: 'links/0' });
    expect(parseRoute('#/links/abc')).toEqual({ name: 'not-found', path: 'links/abc' });
    expect(parseRoute('#/account/1')).toEqual({ name: 'not-found', path: 'account/1' });
    expect(parseRoute('#/campaigns/1/x')).toEqual({ name: 'not-found', path: 'campaigns/1/x' });
  });

  it('round-trips through routeHref', () => {
    for (const hash of ['#/links', '#/links/new', '#/links/5', '#/channels/3', '#/account']) {
      expect(routeHref(parseRoute(hash))).toBe(hash);
    }
  });
});
