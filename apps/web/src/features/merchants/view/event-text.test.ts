import type { MerchantEvent } from '@boardwalk/shared/schemas/merchant';
import { describe, expect, it } from 'vitest';
import { eventSentence } from './event-text.ts';

const email = (messageStatus: 'sent' | 'logged' | 'failed', channel: 'email' | 'sms' = 'email'): MerchantEvent => ({
  id: '0190c0de-0000-7000-8000-000000000e01',
  merchantId: '0190c0de-0000-7000-8000-000000000a01',
  type: 'email',
  actor: null,
  at: '2026-11-20T10:00:00.000Z',
  data: { messageId: '0190c0de-0000-7000-8000-000000000e02', channel, messageStatus, summary: 'Welcome' },
});

describe('eventSentence of a message', () => {
  it('says a message stored with no mail server was logged only, not sent (decision 082)', () => {
    expect(eventSentence(email('logged'))).toBe('Email logged only, not sent: Welcome');
    expect(eventSentence(email('logged', 'sms'))).toBe('SMS logged only, not sent: Welcome');
    expect(eventSentence(email('sent'))).toBe('Email sent: Welcome');
    expect(eventSentence(email('failed'))).toBe('Email not sent: Welcome');
  });
});
