import { problemBody } from '@boardwalk/shared/problem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render-page.tsx';
import { previewErrors } from './preview-errors.ts';
import { TemplateAddPage } from './template-pages.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HARBOR = '0190c0de-0000-7000-8000-0000000000a7';

/**
 * A fake preview endpoint: `{% if` without its end is an error on the line it starts; with a
 * merchant, that merchant's MID is empty. The mail server is configured unless said otherwise.
 */
function previewApi(mailServerConfigured = true) {
  return fakeFetch({
    'GET /api/templates/delivery': () => ({ body: { mailServerConfigured } }),
    'GET /api/search': () => ({
      body: { data: [{ id: HARBOR, dbaName: 'Red Harbor', stage: { name: 'Live' }, url: `/merchant/view/${HARBOR}` }] },
    }),
    'POST /api/templates/preview': ({ body }) => {
      const input = body as { subject: string; body: string };
      const lines = input.body.split('\n');
      const bad = lines.findIndex((line) => line.includes('{% if'));
      if (bad >= 0 && !input.body.includes('{% endif')) {
        const column = lines[bad]!.indexOf('{% if') + 1;
        return {
          status: 400,
          body: problemBody(400, { errors: { body: [`Line ${bad + 1}, column ${column}: tag {% if %} not closed`] } }),
        };
      }
      const merchantId = (body as { merchantId?: string }).merchantId;
      return {
        body: {
          channel: 'email',
          subject: input.subject.replace('{{ merchant.dba_name }}', merchantId ? 'Red Harbor' : 'Blue Harbor Coffee'),
          html: `<p>${input.body}</p>`,
          text: input.body,
          ...(merchantId
            ? { merchant: { merchantId, dbaName: 'Red Harbor', emptyPlaceholders: ['merchant.mid'] } }
            : {}),
        },
      };
    },
  });
}

describe('TemplateEditor preview', { timeout: 60_000 }, () => {
  it('renders the template with the sample merchant as the user types', async () => {
    const user = userEvent.setup({ delay: null });
    const api = previewApi();
    renderPage(<TemplateAddPage />, { url: '/template/add' });
    await user.click(screen.getByLabelText(/^Subject/));
    await user.paste('Welcome, {{ merchant.dba_name }}');
    await user.click(screen.getByLabelText(/^Body/));
    await user.paste('Hello');
    expect(await screen.findByText('Welcome, Blue Harbor Coffee', {}, { timeout: 3000 })).toBeInTheDocument();
    // Debounced: one request for the settled text, not one per change.
    expect(api.callsTo('POST', '/api/templates/preview')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/templates/preview')[0]!.body).toEqual({
      channel: 'email',
      subject: 'Welcome, {{ merchant.dba_name }}',
      body: 'Hello',
    });
  });

  it('says plainly that no mail server is configured, and nothing when one is', async () => {
    previewApi(false);
    renderPage(<TemplateAddPage />, { url: '/template/add' });
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('No mail server is configured');
    expect(notice).toHaveTextContent('Emails are only logged here and reach nobody.');
    cleanup();
    const api = previewApi(true);
    renderPage(<TemplateAddPage />, { url: '/template/add' });
    await waitFor(() => expect(api.callsTo('GET', '/api/templates/delivery')).toHaveLength(1));
    expect(screen.queryByText('No mail server is configured')).not.toBeInTheDocument();
  });

  it('previews with a real merchant picked by search and warns about its empty placeholders', async () => {
    const user = userEvent.setup({ delay: null });
    const api = previewApi();
    renderPage(<TemplateAddPage />, { url: '/template/add' });
    await user.click(screen.getByLabelText(/^Subject/));
    await user.paste('Welcome, {{ merchant.dba_name }}');
    await user.click(screen.getByLabelText(/^Body/));
    await user.paste('Hello\n{% if merchant.mid %}MID {{ merchant.mid }}{% endif %}');
    expect(await screen.findByText('Welcome, Blue Harbor Coffee', {}, { timeout: 3000 })).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Preview with a merchant' }), 'harbor');
    await user.click(await screen.findByRole('option', { name: 'Red Harbor' }));
    expect(await screen.findByText('Welcome, Red Harbor', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/templates/preview').at(-1)!.body).toMatchObject({ merchantId: HARBOR });
    const warning = screen.getByText('Empty for Red Harbor').closest('[role="alert"]') as HTMLElement;
    expect(warning).toHaveTextContent('{{ merchant.mid }}: these print nothing');
    expect(screen.getByTestId('preview-text')).toHaveTextContent('Hello');
  });

  it('shows a syntax error with its line and the source line it points at', async () => {
    const user = userEvent.setup({ delay: null });
    previewApi();
    renderPage(<TemplateAddPage />, { url: '/template/add' });
    await user.click(screen.getByLabelText(/^Subject/));
    await user.paste('Hi');
    await user.click(screen.getByLabelText(/^Body/));
    await user.paste('Dear customer,\n  {% if merchant.mid %} live');
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(within(alert).getByText('The template has errors')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Body, line 2, column 3: tag {% if %} not closed');
    expect(alert).toHaveTextContent('2 | {% if merchant.mid %} live');
    // Written for people, no escape sequence shown as text.
    expect(alert.textContent).not.toContain('\\n');
    await user.paste('{% endif %}');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument(), { timeout: 3000 });
  });
});

describe('previewErrors', () => {
  it('reads line and column and keeps messages without a position', () => {
    const error = {
      status: 400,
      data: problemBody(400, { errors: { body: ['Line 3, column 1: bad', 'oops'], subject: ['Line 1: x'] } }),
    };
    expect(previewErrors(error, { body: 'a\nb\nc', subject: 'S' })).toEqual([
      { field: 'body', message: 'bad', line: 3, column: 1, excerpt: 'c' },
      { field: 'body', message: 'oops', line: undefined, column: undefined, excerpt: undefined },
      { field: 'subject', message: 'x', line: 1, column: undefined, excerpt: 'S' },
    ]);
  });
});
