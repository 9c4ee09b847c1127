import { APPLICATION_CODE_MINUTES } from '@boardwalk/shared';
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../lib/jobs/job-sender.ts';
import { SECRET_MARK } from '../messages/message-secret.ts';
import { queueRenderedMessage } from '../messages/queue-message.ts';

/**
 * The two emails of an application link. They carry a secret (the link, the code), which no
 * template placeholder may hold, so the portal writes them itself, as it writes the daily digest,
 * and sends them through the messages path: the emails log, the send job and its outbound policy.
 */

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

type Letter = { subject: string; paragraphs: string[]; link?: string };

function render(letter: Letter) {
  const html = letter.paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .concat(letter.link ? [`<p><a href="${escapeHtml(letter.link)}">${escapeHtml(letter.link)}</a></p>`] : [])
    .join('\n');
  const text = letter.paragraphs.concat(letter.link ? [letter.link] : []).join('\n\n');
  return { subject: letter.subject, html, text };
}

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export type LinkLetter = {
  requestId: string;
  merchantId: string;
  to: string;
  portalName: string;
  dbaName: string;
  link: string;
  expiresAt: Date;
  /** Distinguishes a resend from the first send (the idempotency key). */
  sendNumber: number;
};

/** One application email to one address about one merchant, queued once per key (messages path). */
function queueEmail(
  tx: Db,
  boss: JobSender,
  mail: { to: string; merchantId: string; key: string; causeId: string },
  body: ReturnType<typeof render>,
  now: Date,
) {
  return queueRenderedMessage(
    tx,
    boss,
    {
      channel: 'email',
      to: mail.to,
      ...body,
      merchantId: mail.merchantId,
      idempotencyKey: mail.key,
      cause: { type: 'manual', id: mail.causeId },
    },
    now,
  );
}

export async function queueLinkEmail(tx: Db, boss: JobSender, letter: LinkLetter, now: Date) {
  const body = render({
    subject: `${letter.portalName}: complete the application for ${letter.dbaName}`,
    paragraphs: [
      'Hello,',
      `Please complete the application for ${letter.dbaName} online. Open the link below on your phone or computer; we will email you a one-time code to confirm it is you.`,
      `The link works until ${longDate.format(letter.expiresAt)}.`,
    ],
    link: letter.link,
  });
  return queueEmail(
    tx,
    boss,
    {
      to: letter.to,
      merchantId: letter.merchantId,
      key: `application-link:${letter.requestId}:${letter.sendNumber}`,
      causeId: letter.requestId,
    },
    body,
    now,
  );
}

type CodeMessage = {
  requestId: string;
  merchantId: string;
  to: string;
  portalName: string;
  code: string;
  encryptionKey: string;
};

/** One code message, by either channel: the code sealed out of the log, urgent, keyed per send. */
function queueCode(
  tx: Db,
  boss: JobSender,
  input: CodeMessage,
  message: { channel: 'email' | 'sms'; subject: string; html: string; text: string },
  now: Date,
) {
  return queueRenderedMessage(
    tx,
    boss,
    {
      ...message,
      to: input.to,
      merchantId: input.merchantId,
      idempotencyKey: `application-code:${input.requestId}:${now.getTime()}`,
      cause: { type: 'manual', id: input.requestId },
      secret: { value: input.code, encryptionKey: input.encryptionKey },
      urgent: true,
    },
    now,
  );
}

export async function queueCodeEmail(tx: Db, boss: JobSender, input: CodeMessage, now: Date) {
  const body = render({
    // Not in the subject: the subject is the timeline's summary of the message.
    subject: `${input.portalName}: your one-time code`,
    paragraphs: [
      // The log shows the mark; the recipient, the code (message-secret.ts).
      `Your one-time code is ${SECRET_MARK}.`,
      `It works for ${APPLICATION_CODE_MINUTES} minutes. If you did not ask for it, ignore this email.`,
    ],
  });
  return queueCode(tx, boss, input, { channel: 'email', ...body }, now);
}

/**
 * The code by SMS (docs/decisions/115): the same sealed secret as the email's, so the emails log
 * (which lists SMS too) holds the mark and never the code; urgent, like the email.
 */
export async function queueCodeText(tx: Db, boss: JobSender, input: CodeMessage, now: Date) {
  const text = `${input.portalName}: your one-time code is ${SECRET_MARK}. It works for ${APPLICATION_CODE_MINUTES} minutes.`;
  return queueCode(tx, boss, input, { channel: 'sms', subject: '', html: '', text }, now);
}

/** A signer's own link (docs/decisions/107): one email per send, to that signer's address. */
export async function queueSignerLinkEmail(
  tx: Db,
  boss: JobSender,
  letter: {
    signerId: string;
    merchantId: string;
    to: string;
    name: string;
    portalName: string;
    dbaName: string;
    link: string;
  },
  now: Date,
) {
  const body = render({
    subject: `${letter.portalName}: please sign the application for ${letter.dbaName}`,
    paragraphs: [
      `Hello ${letter.name},`,
      `The application for ${letter.dbaName} is ready for your signature. Open the link below, review it, and sign; we will email you a one-time code to confirm it is you.`,
    ],
    link: letter.link,
  });
  return queueEmail(
    tx,
    boss,
    {
      to: letter.to,
      merchantId: letter.merchantId,
      key: `application-signer-link:${letter.signerId}:${now.getTime()}`,
      causeId: letter.signerId,
    },
    body,
    now,
  );
}

/** The merchant's application sent back (docs/decisions/108): what to change and why, and the same link. */
export async function queueChangesEmail(
  tx: Db,
  boss: JobSender,
  letter: Omit<LinkLetter, 'expiresAt'> & { items: { label: string; reason: string }[] },
  now: Date,
) {
  const body = render({
    subject: `${letter.portalName}: please change the application for ${letter.dbaName}`,
    paragraphs: [
      'Hello,',
      `We need a few changes to the application for ${letter.dbaName} before it can go ahead:`,
      ...letter.items.map((i) => `${i.label}: ${i.reason}`),
      'Open the link below to make them; the application is then signed again.',
    ],
    link: letter.link,
  });
  return queueEmail(
    tx,
    boss,
    {
      to: letter.to,
      merchantId: letter.merchantId,
      key: `application-changes:${letter.requestId}:${letter.sendNumber}`,
      causeId: letter.requestId,
    },
    body,
    now,
  );
}
