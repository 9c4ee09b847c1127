import type { MerchantChecklist } from '@boardwalk/shared/schemas/application';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { ApplicationChecklistPanel } from './application-checklist-panel.tsx';

const MERCHANT = '01960000-0000-7000-8000-0000000000aa';
const REQUEST = '01960000-0000-7000-8000-0000000000bb';
const OWNER = '01960000-0000-7000-8000-0000000000cc';
const FILE = '01960000-0000-7000-8000-0000000000dd';

const checklist: MerchantChecklist = {
  requestId: REQUEST,
  items: [
    {
      key: `photo-id-${OWNER}`,
      kind: 'photo_id',
      label: 'Photo ID of Ann Lee',
      hint: 'A passport or driving licence: every owner of 25 % or more.',
      ownerKey: OWNER,
      state: 'missing',
      files: [],
    },
    {
      key: 'voided-check',
      kind: 'voided_check',
      label: 'Voided check',
      hint: 'A check of the account your payouts go to.',
      ownerKey: null,
      state: 'uploaded',
      files: [{ id: FILE, fileName: 'check.pdf', sizeBytes: 300, createdAt: '2026-11-28T10:00:00.000Z' }],
    },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ApplicationChecklistPanel', { timeout: 60_000 }, () => {
  it("shows each item of the merchant's checklist with its state", async () => {
    fakeFetch({ [`GET /api/merchants/${MERCHANT}/application-checklist`]: () => ({ body: checklist }) });
    renderPage(<ApplicationChecklistPanel merchantId={MERCHANT} />);
    const list = await screen.findByRole('list', { name: 'Document checklist' });
    const [id, check] = within(list).getAllByRole('listitem');
    expect(within(id!).getByText('Photo ID of Ann Lee')).toBeInTheDocument();
    expect(within(id!).getByText('Missing')).toBeInTheDocument();
    expect(within(check!).getByText('Uploaded')).toBeInTheDocument();
    expect(within(check!).getByText('check.pdf')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 missing')).toBeInTheDocument();
  });
});
