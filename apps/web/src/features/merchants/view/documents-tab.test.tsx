import type { MerchantDocument } from '@boardwalk/shared/schemas/merchant';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { DocumentsTab } from './documents-tab.tsx';

const MERCHANT = '01960000-0000-7000-8000-0000000000aa';
const DOCUMENTS = `/api/merchants/${MERCHANT}/documents`;
const MB = 1024 * 1024;

function doc(n: number, fileName: string, mimeType: string, sizeBytes: number): MerchantDocument {
  return {
    id: `01960000-0000-7000-8000-00000000000${n}`,
    merchantId: MERCHANT,
    type: 'bank_statement',
    fileName,
    mimeType,
    sizeBytes,
    sha256: 'a'.repeat(64),
    uploadedBy: { id: '00000000-0000-7000-8000-000000000002', name: 'Grace Hopper' },
    createdAt: `2026-11-0${n}T10:00:00.000Z`,
  };
}

/** XMLHttpRequest as appUpload uses it; the test drives progress and the answer. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  private progressListener: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null =
    null;
  upload = {
    addEventListener: (_type: 'progress', listener: NonNullable<FakeXhr['progressListener']>) => {
      this.progressListener = listener;
    },
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  body: FormData | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.progressListener?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

function stubXhr() {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

const pdf = (name = 'statement.pdf', size = 2048) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DocumentsTab', { timeout: 60_000 }, () => {
  it('lists the documents with size, uploader and date; previews an image inline; offers no preview for office files', async () => {
    const user = userEvent.setup();
    const image = doc(2, 'voided-check.png', 'image/png', 150 * 1024);
    fakeFetch({
      [`GET ${DOCUMENTS}`]: () => ({
        body: {
          documents: [
            image,
            doc(
              1,
              'application.docx',
              'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
              2 * MB,
            ),
          ],
          maxBytes: 10 * MB,
        },
      }),
    });
    renderPage(<DocumentsTab merchantId={MERCHANT} />, { url: '/merchant/view/x' });
    const table = await screen.findByRole('grid', { name: 'Documents' });
    // The grid lays its rows out after it measures itself: wait for both, not only the grid.
    await within(table).findByText('application.docx');
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('voided-check.png');
    expect(first).toHaveTextContent('150 KB');
    expect(first).toHaveTextContent('Grace Hopper');
    expect(first).toHaveTextContent('Bank statement');
    expect(second).toHaveTextContent('2 MB');
    expect(within(second!).queryByRole('button', { name: /^Preview/ })).not.toBeInTheDocument();
    expect(within(second!).getByRole('link', { name: 'Download application.docx' })).toHaveAttribute(
      'href',
      `${DOCUMENTS}/${doc(1, '', '', 0).id}/download`,
    );

    await user.click(within(first!).getByRole('button', { name: 'Preview voided-check.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'voided-check.png' });
    expect(within(dialog).getByRole('img', { name: 'voided-check.png' })).toHaveAttribute(
      'src',
      `${DOCUMENTS}/${image.id}/download?inline=1`,
    );
    expect(screen.getByText(/at most 10 MB/)).toBeInTheDocument();
  });

  it('refuses a file of another type or over the limit before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    stubXhr();
    fakeFetch({ [`GET ${DOCUMENTS}`]: () => ({ body: { documents: [], maxBytes: 1 * MB } }) });
    renderPage(<DocumentsTab merchantId={MERCHANT} />, { url: '/merchant/view/x' });
    await screen.findByText('No documents yet.');
    const input = screen.getByLabelText('Document file');

    await user.upload(input, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(await screen.findByText(/setup\.exe cannot be uploaded: upload PDF, PNG, JPEG, HEIC/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();

    fireEvent.drop(screen.getByTestId('document-drop-zone'), {
      dataTransfer: { files: [pdf('huge.pdf', 2 * MB)] },
    });
    expect(await screen.findByText('huge.pdf is 2 MB: files may be at most 1 MB.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('uploads a dropped file with its type, shows the progress, and lists it', async () => {
    const user = userEvent.setup();
    stubXhr();
    let documents: MerchantDocument[] = [];
    const api = fakeFetch({ [`GET ${DOCUMENTS}`]: () => ({ body: { documents, maxBytes: 10 * MB } }) });
    renderPage(<DocumentsTab merchantId={MERCHANT} />, { url: '/merchant/view/x' });
    await screen.findByText('No documents yet.');

    fireEvent.drop(screen.getByTestId('document-drop-zone'), { dataTransfer: { files: [pdf()] } });
    expect(await screen.findByText('statement.pdf (2.0 KB)')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Document type' }));
    await user.click(await screen.findByRole('option', { name: 'Processing statement' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect([xhr.method, xhr.url]).toEqual(['POST', DOCUMENTS]);
    expect(xhr.body!.get('type')).toBe('processing_statement');
    expect((xhr.body!.get('file') as File).name).toBe('statement.pdf');

    xhr.progress(1024, 2048);
    expect(screen.getByRole('progressbar', { name: 'Uploading statement.pdf' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('50% of 2.0 KB')).toBeInTheDocument();

    const uploaded = doc(1, 'statement.pdf', 'application/pdf', 2048);
    documents = [uploaded];
    xhr.respond(201, uploaded);
    expect(await screen.findByText('statement.pdf uploaded')).toBeInTheDocument();
    expect(await screen.findByRole('grid', { name: 'Documents' })).toHaveTextContent('statement.pdf');
    expect(api.callsTo('GET', DOCUMENTS).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of an upload (a disguised file, a file over the limit)', async () => {
    const user = userEvent.setup();
    stubXhr();
    fakeFetch({ [`GET ${DOCUMENTS}`]: () => ({ body: { documents: [], maxBytes: 10 * MB } }) });
    renderPage(<DocumentsTab merchantId={MERCHANT} />, { url: '/merchant/view/x' });
    await screen.findByText('No documents yet.');

    await user.upload(screen.getByLabelText('Document file'), pdf('invoice.pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.respond(415, {
      type: 'about:blank',
      title: 'Unsupported Media Type',
      status: 415,
      code: 'unsupported_media_type',
      detail: 'The file’s content does not match its type. Upload the original file.',
    });
    expect(
      await screen.findByText('The file’s content does not match its type. Upload the original file.'),
    ).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Document file'), pdf('big.pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.sent[1]!.respond(413, {
      type: 'about:blank',
      title: 'Content Too Large',
      status: 413,
      code: 'too_large',
      detail: 'The file is larger than the 10 MB allowed.',
    });
    expect(await screen.findByText('The file is larger than the 10 MB allowed.')).toBeInTheDocument();
  });

  it('deletes a document after confirmation', async () => {
    const user = userEvent.setup();
    const statement = doc(1, 'statement.pdf', 'application/pdf', 2048);
    let documents = [statement];
    const api = fakeFetch({
      [`GET ${DOCUMENTS}`]: () => ({ body: { documents, maxBytes: 10 * MB } }),
      [`DELETE ${DOCUMENTS}/${statement.id}`]: () => {
        documents = [];
        return { status: 204 };
      },
    });
    renderPage(<DocumentsTab merchantId={MERCHANT} />, { url: '/merchant/view/x' });
    await user.click(await screen.findByRole('button', { name: 'Delete statement.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this document?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', `${DOCUMENTS}/${statement.id}`)).toHaveLength(1));
    expect(await screen.findByText('No documents yet.')).toBeInTheDocument();
  });

  it('finds a document by name or type and sorts them by size', async () => {
    const user = userEvent.setup();
    fakeFetch({
      [`GET ${DOCUMENTS}`]: () => ({
        body: {
          documents: [
            doc(1, 'march.pdf', 'application/pdf', 3 * MB),
            { ...doc(2, 'licence.png', 'image/png', 1 * MB), type: 'business_license' },
            doc(3, 'april.pdf', 'application/pdf', 2 * MB),
          ],
          maxBytes: 10 * MB,
        },
      }),
    });
    renderPage(<DocumentsTab merchantId={MERCHANT} />, { url: '/merchant/view/x' });
    const grid = await screen.findByRole('grid', { name: 'Documents' });
    const files = () =>
      within(grid)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getByText(/\.(pdf|png)$/).textContent);
    expect(files()).toEqual(['march.pdf', 'licence.png', 'april.pdf']);

    await user.click(within(grid).getByRole('columnheader', { name: /Size/ }));
    await waitFor(() => expect(files()).toEqual(['licence.png', 'april.pdf', 'march.pdf']));

    await user.type(screen.getByRole('searchbox', { name: 'Search documents' }), 'bank statement');
    await waitFor(() => expect(files()).toEqual(['april.pdf', 'march.pdf']));
  });
});
