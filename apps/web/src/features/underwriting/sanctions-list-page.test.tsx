import type { SanctionsListVersion } from '@boardwalk/shared/schemas/sanctions';
import { problemBody } from '@boardwalk/shared/problem';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render-page.tsx';
import { SanctionsListPage } from './sanctions-list-page.tsx';

const version = (n: number, source: SanctionsListVersion['source'], active: boolean): SanctionsListVersion => ({
  id: `0190a000-0000-7000-8000-00000000000${n}`,
  source,
  fileHash: 'a'.repeat(64),
  rowCount: 10 * n,
  aliasCount: n,
  addressCount: n,
  active,
  importedAt: '2026-11-01T10:00:00.000Z',
  importedBy: { id: '00000000-0000-7000-8000-000000000001', name: 'Ada Admin' },
  run: { state: 'done', total: 5, done: 5, hits: 1 },
});
const UN_XML = '<?xml version="1.0"?><CONSOLIDATED_LIST><INDIVIDUALS/></CONSOLIDATED_LIST>';

describe('SanctionsListPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the versions under their source label', async () => {
    fakeFetch({
      'GET /api/sanctions-lists': () => ({
        body: { versions: [version(2, 'un_consolidated', true), version(1, 'ofac_sdn', true)] },
      }),
    });
    renderPage(<SanctionsListPage />, { url: '/sanctions-list/list' });
    const table = await screen.findByRole('table', { name: 'List versions' });
    expect(await screen.findByRole('rowheader', { name: 'UN Security Council Consolidated List' })).toBeTruthy();
    expect(table.textContent).toContain('OFAC SDN list');
    expect(table.textContent).toContain('done: 5 of 5 merchants, 1 hit');
  });

  it('recognises an XML file as the UN list, sends it alone, and shows a refusal beside the file', async () => {
    const net = fakeFetch({
      'GET /api/sanctions-lists': () => ({ body: { versions: [] } }),
      'POST /api/sanctions-lists': () => ({
        status: 400,
        body: problemBody(400, {
          errors: {
            entries: ["The UN list file is not in the publisher's format: it has no INDIVIDUAL or ENTITY records"],
          },
        }),
      }),
    });
    renderPage(<SanctionsListPage />, { url: '/sanctions-list/list' });
    expect(await screen.findByLabelText('Addresses file (ADD.CSV)')).toBeTruthy();
    await userEvent.upload(
      screen.getByLabelText('Entries file (SDN.CSV)'),
      new File([UN_XML], 'consolidated.xml', { type: 'text/xml' }),
    );
    expect(await screen.findByText(/recognised as the UN Security Council Consolidated List/)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'List' }).textContent).toBe('UN Security Council Consolidated List');
    expect(screen.queryByLabelText('Addresses file (ADD.CSV)')).toBeNull();
    expect(screen.getByText('consolidated.xml')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/sanctions-lists')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/sanctions-lists')[0]!.body).toEqual({
      source: 'un_consolidated',
      entries: UN_XML,
    });
    expect(await screen.findByText(/no INDIVIDUAL or ENTITY records/)).toBeTruthy();
  });
});
