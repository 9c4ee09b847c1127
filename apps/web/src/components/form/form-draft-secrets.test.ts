import { describe, expect, it } from 'vitest';
import { withoutSecrets } from './form-draft.ts';

describe('withoutSecrets', () => {
  it("leaves a webhook action's signing secret out of a draft, at any depth", () => {
    expect(
      withoutSecrets({
        name: 'Partner hook',
        actions: [{ type: 'webhook', config: { url: 'https://example.com/hook', secret: 'abcdefghijklmnopq' } }],
        smtp: { password: 'x', host: 'mail' },
      }),
    ).toEqual({
      name: 'Partner hook',
      actions: [{ type: 'webhook', config: { url: 'https://example.com/hook' } }],
      smtp: { host: 'mail' },
    });
  });
});
