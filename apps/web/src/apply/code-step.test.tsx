import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../test/fake-fetch.ts';
import { signerApi } from './sign-api.ts';
import { CodeStep } from './code-step.tsx';

const TOKEN = 'tok-123';
const noop = () => undefined;

describe('the code step of the merchant page (docs/decisions/115)', () => {
  it('offers "Text me a code" beside the email, with the masked phone, only when the server does', async () => {
    const user = userEvent.setup();
    const onVerified = vi.fn();
    const net = fakeFetch({
      [`POST /api/apply/${TOKEN}/code`]: () => ({ status: 202, body: { codeSentTo: '••• ••• ••42' } }),
      [`POST /api/apply/${TOKEN}/verify`]: () => ({ body: { verified: true } }),
    });
    const { unmount } = render(
      <CodeStep
        token={TOKEN}
        opened={{ codeSentTo: 'o•••@acme.example', codeTextTo: null }}
        onVerified={noop}
        onClosed={noop}
      />,
    );
    // No gateway or no phone: the server sends null, and email is all there is.
    expect(screen.getByRole('button', { name: 'Email me a code' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /text me/i })).not.toBeInTheDocument();
    expect(screen.queryByText(/text it to/)).not.toBeInTheDocument();
    unmount();

    render(
      <CodeStep
        token={TOKEN}
        opened={{ codeSentTo: 'o•••@acme.example', codeTextTo: '••• ••• ••42' }}
        onVerified={onVerified}
        onClosed={noop}
      />,
    );
    expect(screen.getByRole('button', { name: 'Email me a code' })).toBeInTheDocument();
    expect(screen.getByText('••• ••• ••42')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We texted a code to ••• ••• ••42.');
    expect(net.callsTo('POST', `/api/apply/${TOKEN}/code`)[0]?.body).toEqual({ channel: 'sms' });
    expect(screen.getByRole('button', { name: 'Text me a new code' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email me a new code' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Code from the text message'), '123456{Enter}');
    expect(onVerified).toHaveBeenCalled();
  });

  it("asks a signer's own routes by email, and shows the server's word when texts are unavailable", async () => {
    const user = userEvent.setup();
    const net = fakeFetch({
      [`POST /api/sign/${TOKEN}/code`]: (call) =>
        call.body?.channel === 'sms'
          ? {
              status: 503,
              body: {
                type: 'about:blank',
                title: 'Service Unavailable',
                status: 503,
                code: 'sms_unavailable',
                detail: 'We cannot send text messages right now: ask for the code by email.',
              },
            }
          : { status: 202, body: { codeSentTo: 'g•••@acme.example' } },
    });
    render(
      <CodeStep
        token={TOKEN}
        opened={{ codeSentTo: 'g•••@acme.example', codeTextTo: '••• ••• ••77' }}
        onVerified={noop}
        onClosed={noop}
        api={signerApi}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We cannot send text messages right now');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We emailed a code to g•••@acme.example.');
    expect(net.callsTo('POST', `/api/sign/${TOKEN}/code`).map((c) => c.body)).toEqual([
      { channel: 'sms' },
      { channel: 'email' },
    ]);
  });
});
