import type { ApplicationChecklist } from '@boardwalk/shared/schemas/application';
import { problemBody } from '@boardwalk/shared/problem';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../test/fake-fetch.ts';
import { DocumentsStep } from './documents-step.tsx';

const TOKEN = 'tok-123';
const ADA = '0190c0de-0000-7000-8000-0000000000a1';
const FILE_ID = '0190c0de-0000-7000-8000-0000000000f1';

const checklist = (uploaded: boolean): ApplicationChecklist => ({
  maxBytes: 1024 * 1024,
  items: [
    {
      key: `photo-id-${ADA}`,
      kind: 'photo_id',
      label: 'Photo ID of Ada Lovelace',
      hint: 'A passport or driving licence: every owner of 25 % or more.',
      ownerKey: ADA,
      state: 'missing',
      files: [],
    },
    {
      key: 'voided-check',
      kind: 'voided_check',
      label: 'Voided check',
      hint: 'A check of the account your payouts go to.',
      ownerKey: null,
      state: uploaded ? 'uploaded' : 'missing',
      files: uploaded
        ? [{ id: FILE_ID, fileName: 'check.pdf', sizeBytes: 300, createdAt: '2026-11-28T10:00:00Z' }]
        : [],
    },
  ],
});

const pdf = (size = 300, name = 'check.pdf') => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

describe('the documents step of the merchant page', () => {
  it('lists each item with its state, uploads a chosen file by keyboard, and shows the new state', async () => {
    const user = userEvent.setup();
    const net = fakeFetch({
      [`GET /api/apply/${TOKEN}/documents`]: () => ({ body: checklist(false) }),
      [`POST /api/apply/${TOKEN}/documents/voided-check`]: () => ({ status: 201, body: checklist(true) }),
    });
    render(<DocumentsStep token={TOKEN} onClosed={() => {}} />);

    const id = await screen.findByLabelText('Photo ID of Ada Lovelace');
    expect(id).toHaveAccessibleDescription(/every owner of 25 % or more\. Missing/);
    const check = screen.getByLabelText('Voided check');
    expect(check).toHaveAttribute('type', 'file');
    expect(screen.getByText(/up to 1 MB each/)).toBeInTheDocument();

    // Reached with Tab like any field; choosing the file sends it at once.
    await user.tab();
    expect(id).toHaveFocus();
    await user.tab();
    expect(check).toHaveFocus();
    await user.upload(check, pdf());
    expect(await screen.findByText('check.pdf uploaded.')).toBeInTheDocument();
    expect(check).toHaveAccessibleDescription(/Uploaded: check\.pdf/);
    expect(net.callsTo('POST', `/api/apply/${TOKEN}/documents/voided-check`)).toHaveLength(1);
    // The form as the page built it (the test's Request does not carry a jsdom File faithfully).
    const init = net.fetchMock.mock.calls.find(
      ([url]) => typeof url === 'string' && url.endsWith('/documents/voided-check'),
    )![1]!;
    const sent = (init.body as FormData).get('file') as File;
    expect([sent.name, sent.size]).toEqual(['check.pdf', 300]);
  });

  it("shows the server's refusal beside the field, and refuses a file over the limit before sending it", async () => {
    const user = userEvent.setup();
    const net = fakeFetch({
      [`GET /api/apply/${TOKEN}/documents`]: () => ({ body: checklist(false) }),
      [`POST /api/apply/${TOKEN}/documents/voided-check`]: () => ({
        status: 415,
        body: problemBody(415, {
          detail: 'The file’s content does not match its type. Upload the original file.',
          errors: { file: ['The content does not match the file type'] },
        }),
      }),
    });
    render(<DocumentsStep token={TOKEN} onClosed={() => {}} />);
    const check = await screen.findByLabelText('Voided check');

    await user.upload(check, pdf(300, 'renamed.pdf'));
    expect(await screen.findByText('The content does not match the file type')).toBeInTheDocument();
    expect(check).toHaveAttribute('aria-invalid', 'true');
    expect(check).toHaveAccessibleDescription(/The content does not match the file type/);

    await user.upload(check, pdf(2 * 1024 * 1024, 'huge.pdf'));
    expect(await screen.findByText('The file is larger than the 1 MB allowed.')).toBeInTheDocument();
    expect(net.callsTo('POST', `/api/apply/${TOKEN}/documents/voided-check`)).toHaveLength(1);
  });

  it('hands a closed link to the page', async () => {
    const onClosed = vi.fn();
    fakeFetch({
      [`GET /api/apply/${TOKEN}/documents`]: () => ({
        status: 410,
        body: problemBody(410, { detail: 'This link has expired.', code: 'link_expired' }),
      }),
    });
    render(<DocumentsStep token={TOKEN} onClosed={onClosed} />);
    await vi.waitFor(() => expect(onClosed).toHaveBeenCalledOnce());
  });
});
