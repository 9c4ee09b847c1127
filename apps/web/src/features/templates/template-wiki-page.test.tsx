import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { listBody, renderPage } from '../../test/render-page.tsx';
import { TemplateListPage } from './template-list-page.tsx';
import { TemplateWikiPage } from './template-wiki-page.tsx';

const placeholder = (group: string, groupLabel: string, path: string, meaning: string, example: string) => ({
  group,
  groupLabel,
  path,
  meaning,
  example,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TemplateWikiPage', { timeout: 60_000 }, () => {
  it('lists every placeholder by group with its meaning and example, and filters them', async () => {
    const user = userEvent.setup();
    fakeFetch({
      'GET /api/templates/placeholders': () => ({
        body: {
          placeholders: [
            placeholder('merchant', 'Merchant', 'merchant.dba_name', 'Doing-business-as name', 'Blue Harbor Coffee'),
            placeholder('merchant', 'Merchant', 'merchant.mid', 'Merchant ID from the processor', '445500123456789'),
            placeholder('agent', 'Agent', 'agent.name', 'Name of the agent', 'Dana Reyes'),
          ],
        },
      }),
    });
    renderPage(<TemplateWikiPage />, { url: '/template/wiki' });
    const merchant = await screen.findByRole('table', { name: 'Merchant placeholders' });
    const row = within(merchant).getByText('{{ merchant.dba_name }}').closest('tr')!;
    expect(row).toHaveTextContent('Doing-business-as name');
    expect(row).toHaveTextContent('Blue Harbor Coffee');
    expect(screen.getByRole('table', { name: 'Agent placeholders' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Filter placeholders'), 'processor');
    expect(screen.queryByRole('table', { name: 'Agent placeholders' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Merchant placeholders' })).getAllByRole('row')).toHaveLength(2);
  });
});

describe('TemplateListPage', { timeout: 60_000 }, () => {
  it('opens a template on its own edit page', async () => {
    const user = userEvent.setup();
    const id = '00000000-0000-7000-8000-000000000001';
    fakeFetch({
      'GET /api/templates': () => ({
        body: listBody('templates', [
          {
            id,
            name: 'Welcome',
            channel: 'email',
            subject: 'Welcome to {{ portal.name }}',
            body: 'Hi',
            description: '',
            isActive: true,
            createdAt: '2025-01-01T00:00:00.000Z',
            updatedAt: '2025-01-01T00:00:00.000Z',
            createdBy: null,
            updatedBy: null,
            deletedAt: null,
          },
        ]),
      }),
    });
    const { router } = renderPage(<TemplateListPage />, { url: '/template/list?channel=email', path: '*' });
    await user.click(await screen.findByRole('button', { name: 'Edit Welcome' }));
    expect(router.state.location.pathname).toBe(`/template/edit/${id}`);
  });
});
