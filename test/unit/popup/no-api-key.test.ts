/**
 * A profile with a server URL but no API key (settings imported without keys): the popup's requests
 * fail with a message that names this profile's missing key, not the generic "set up a server" one,
 * and as `not_configured`, for which the popup's alert offers Open Options.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  fakeServer,
  seedProfile,
  sendFromPopup,
  startBackground,
  stubBrowserApis,
} from '../background/helpers';

beforeEach(() => {
  stubBrowserApis();
  startBackground(fakeServer());
});

describe('a profile without an API key', () => {
  it('is named in the message, which says to add its key in Options', async () => {
    const profile = await seedProfile({}, { apiKey: '' });
    const reply = await sendFromPopup('shorten', { requestId: 'r1', input: { url: 'https://a.example/' } });
    expect(reply).toEqual({
      ok: false,
      error: {
        kind: 'not_configured',
        message: `The profile “${profile.name}” has no API key yet. Add its API key in Options.`,
      },
    });
  });
});
