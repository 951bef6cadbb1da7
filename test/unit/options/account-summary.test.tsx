import { describe, expect, it } from 'vitest';
import { AccountSummary } from '@/entrypoints/options/account-summary';
import { mount } from '../dom';

describe('AccountSummary', () => {
  it('shows who, the plan and when it ends', async () => {
    await mount(
      <AccountSummary
        account={{
          id: 1,
          email: 'me@example.com',
          username: '',
          avatar: '',
          status: 'free',
          expires: '',
          registered: '',
        }}
      />,
    );
    expect(document.body.textContent).toBe('Connected as me@example.comPlan: free');
  });
});
