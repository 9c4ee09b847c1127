import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render-page.tsx';
import { EMAIL_FONT_STACK } from './email-document.ts';
import { TemplatePreview } from './template-preview.tsx';

describe('TemplatePreview of an email', { timeout: 60_000 }, () => {
  it('shows the email in the email font stack, not the browser’s serif default, its own styles winning', async () => {
    const html = '<p>Hello <b>Maria</b></p><style>p{font-family:Georgia}</style>';
    fakeFetch({
      'POST /api/templates/preview': () => ({ body: { channel: 'email', subject: 'Hi', html, text: 'Hello Maria' } }),
    });
    renderPage(<TemplatePreview channel="email" subject="Hi" body="Hello" />);
    const frame = await screen.findByTitle('Email preview', {}, { timeout: 3000 });
    const document = frame.getAttribute('srcdoc') ?? '';
    expect(document).toMatch(/^<!doctype html>/);
    expect(document).toContain(`font-family:${EMAIL_FONT_STACK}`);
    // The base style comes before the email, so the email's own styles come later and win.
    expect(document.indexOf(EMAIL_FONT_STACK)).toBeLessThan(document.indexOf(html));
  });
});
