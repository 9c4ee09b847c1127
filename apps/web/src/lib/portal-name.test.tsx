import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../test/fake-fetch.ts';

/** A fresh copy of the store (it remembers that it has asked), and a component showing the name. */
async function freshPortalName() {
  vi.resetModules();
  const module = await import('./portal-name.ts');
  function Name() {
    return <span data-testid="name">{module.usePortalName()}</span>;
  }
  return { ...module, Name };
}

describe('portal name (the one reader of GET /api/settings/public)', () => {
  it('asks the server once, however many places show the name', async () => {
    const net = fakeFetch({
      'GET /api/settings/public': () => ({
        body: { portalName: 'Acme', sessionIdleMinutes: 5, minPasswordLength: 12, customizerEnabled: false },
      }),
    });
    const { Name, useSessionIdleMinutes } = await freshPortalName();
    function IdleMinutes() {
      return <span data-testid="idle">{useSessionIdleMinutes()}</span>;
    }
    render(
      <>
        <Name />
        <Name />
        <Name />
        <IdleMinutes />
      </>,
    );
    await waitFor(() => expect(screen.getAllByText('Acme')).toHaveLength(3));
    // The idle warning's limit comes with the same answer.
    expect(screen.getByTestId('idle')).toHaveTextContent('5');
    render(<Name />);
    expect(screen.getAllByText('Acme')).toHaveLength(4);
    expect(net.callsTo('GET', '/api/settings/public')).toHaveLength(1);
  });

  it('keeps the default when the server cannot answer, and follows a saved name without asking again', async () => {
    const net = fakeFetch();
    const { Name, setPortalName } = await freshPortalName();
    render(<Name />);
    await waitFor(() => expect(net.callsTo('GET', '/api/settings/public')).toHaveLength(1));
    expect(screen.getByTestId('name')).toHaveTextContent('Boardwalk');
    act(() => setPortalName('Harbour Payments'));
    expect(screen.getByTestId('name')).toHaveTextContent('Harbour Payments');
    expect(net.callsTo('GET', '/api/settings/public')).toHaveLength(1);
  });
});
