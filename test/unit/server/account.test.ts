// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { call, useServer } from './helpers';

const ctx = useServer();

describe('GET /api/account', () => {
  it('returns the seeded account with error 0 and no password', async () => {
    const reply = await call(ctx.server, 'GET', '/api/account');
    expect(reply.status).toBe(200);
    expect(reply.json.error).toBe(0);
    expect(reply.json.data).toMatchObject({
      id: 1,
      username: 'demo',
      email: 'demo@example.com',
      status: 'pro',
      registered: '2025-01-15 10:00:00',
    });
    expect(reply.json.data.avatar).toMatch(/^https:\/\//);
    expect(reply.json.data.expires).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Number(reply.json.data.expires.slice(0, 4))).toBe(new Date().getUTCFullYear() + 1);
    expect(reply.json.data).not.toHaveProperty('password');
  });

  it('answers POST /api/account like GET, as the spec authentication example uses it', async () => {
    const reply = await call(ctx.server, 'POST', '/api/account');
    expect(reply.status).toBe(200);
    expect(reply.json.data.username).toBe('demo');
  });
});

describe('PUT /api/account/update', () => {
  it('changes email and password and answers with a message', async () => {
    const reply = await call(ctx.server, 'PUT', '/api/account/update', {
      body: { email: 'new@example.com', password: 'hunter22' },
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ error: 0, message: expect.any(String) });
    expect(ctx.server.store.account).toMatchObject({ email: 'new@example.com', password: 'hunter22' });
    const account = await call(ctx.server, 'GET', '/api/account');
    expect(account.json.data.email).toBe('new@example.com');
  });

  it.each([
    [{ email: 'not-an-email' }, /email/i],
    [{ password: 'abcd' }, /at least 5/],
    [{}, /email or a password/],
    [{ email: 42 }, /email field must be a string/],
  ])('rejects %j with HTTP 400 and a specific message', async (body, message) => {
    const reply = await call(ctx.server, 'PUT', '/api/account/update', { body });
    expect(reply.status).toBe(400);
    expect(reply.json.error).toBe(1);
    expect(reply.json.message).toMatch(message);
    expect(ctx.server.store.account.email).toBe('demo@example.com');
  });
});
