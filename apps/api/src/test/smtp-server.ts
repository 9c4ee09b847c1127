import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string; subject: string; body: string };

/** Quoted-printable soft breaks and escapes undone, so a test can look for the text it rendered. */
function decodeBody(raw: string): string {
  const [, ...rest] = raw.split(/\r?\n\r?\n/);
  return rest
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * A real SMTP server on a free loopback port (the smtp-server package), without TLS or
 * authentication: what it accepts is kept in `received`, and `connections` counts who connected.
 * `rejectRecipients` makes it refuse every RCPT TO with a 550, as a server that will not take the
 * message, saying `rejectText` if given. It listens on loopback: a test that sends to it must
 * allow private networks (the test job engine does; decision 073).
 */
export async function startTestSmtpServer(options: { rejectRecipients?: boolean; rejectText?: string } = {}) {
  const received: ReceivedMail[] = [];
  const stats = { connections: 0 };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onConnect(_session, callback) {
      stats.connections += 1;
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipients) {
        const text = options.rejectText ?? `Mailbox ${address.address} unavailable`;
        const error = Object.assign(new Error(text), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          body: decodeBody(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    get connections() {
      return stats.connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startTestSmtpServer>>;
