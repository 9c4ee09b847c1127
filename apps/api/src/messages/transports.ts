import type { MessageTransport, SettingValues } from '@boardwalk/shared';
import nodemailer from 'nodemailer';
import { readSetting } from '../auth/settings.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { classifyConnectionError, classifySmtpError } from '../lib/outbound/outbound-failure.ts';
import { resolveOutboundHost, STRICT_OUTBOUND_POLICY, type OutboundPolicy } from '../lib/outbound/outbound-policy.ts';
import { smsGatewaySender } from '../lib/sms/sms-gateway.ts';
import { readSmtpSettings } from '../domain/settings/settings.service.ts';

/** What the send job needs besides the database: read from config and secrets at start. */
export type MessagingConfig = {
  /** Decrypts the SMTP password of the `smtp` setting. */
  encryptionKey?: string | undefined;
  /** SMTP_URL: when set, it wins over the `smtp` setting. */
  smtpUrl?: string | undefined;
  /** PUBLIC_URL: links in messages (`merchant.url`, `portal.url`). */
  publicUrl?: string | undefined;
  /** Where SMS go; the default stores them only (no provider is reachable here). */
  sms?: SmsProvider | undefined;
  /** Where the `smtp` setting's host may be (decision 073); public addresses only when unset. */
  outboundPolicy?: OutboundPolicy | undefined;
};

export type OutgoingEmail = { to: string; cc: string; subject: string; html: string; text: string };

export type SendResult = { transport: MessageTransport; messageId: string | null };

/**
 * The SMS provider interface. The operator's HTTP gateway (SMS_GATEWAY_URL, lib/sms) sends the
 * text and answers its message id; the default keeps the message in the emails table only.
 */
export type SmsProvider = {
  transport: MessageTransport;
  send: (message: { to: string; text: string }) => Promise<{ messageId: string | null }>;
};

export const storingSmsProvider: SmsProvider = {
  transport: 'sms-log',
  send: () => Promise.resolve({ messageId: null }),
};

/** The send job's configuration from the server's: SMTP_URL, PUBLIC_URL, and the SMS gateway when set. */
export function messagingOf(config: Config): Pick<MessagingConfig, 'smtpUrl' | 'publicUrl' | 'sms'> {
  const policy = { allowPrivateNetworks: config.outboundAllowPrivateNetworks };
  return {
    smtpUrl: config.smtpUrl,
    publicUrl: config.publicUrl,
    ...(config.sms ? { sms: smsGatewaySender(config.sms, policy) } : {}),
  };
}

/**
 * SMTP_URL, else the `smtp` setting when it names a host, else nothing (the log transport).
 * SMTP_URL is the operator's, like the policy itself, and is used as given. The setting's host is
 * typed in the portal: it is resolved here, every address checked by the outbound policy, and the
 * connection goes to the checked address, with TLS (SNI and the certificate check) asking for the
 * name that was typed, so DNS cannot hand nodemailer another address later (decision 073).
 */
async function smtpOptions(db: Db, config: MessagingConfig) {
  if (config.smtpUrl) return { url: config.smtpUrl, from: (await readSetting(db, 'smtp')).from };
  const smtp = await readSmtpSettings(db, config.encryptionKey ?? '');
  if (!smtp.host) return null;
  const target = await resolveOutboundHost('smtp', smtp.host, config.outboundPolicy ?? STRICT_OUTBOUND_POLICY);
  return { transport: settingTransport(smtp, target), from: smtp.from };
}

/**
 * nodemailer's options for the `smtp` setting, connecting to the address the policy checked:
 * an IP, so nodemailer resolves nothing itself; `servername` (SNI and the certificate check, for
 * implicit TLS and STARTTLS alike) is the name that was typed, null for an IP literal.
 */
export function settingTransport(
  smtp: Pick<SettingValues['smtp'], 'port' | 'secure' | 'user' | 'password'>,
  target: { address: string; servername: string | null },
) {
  return {
    host: target.address,
    ...(target.servername ? { servername: target.servername, tls: { servername: target.servername } } : {}),
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password } } : {}),
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  };
}

/** The sender: the `smtp` setting's from, else the support email, else a no-reply address. */
async function fromAddress(db: Db, configured: string): Promise<string> {
  if (configured) return configured;
  const [portalName, supportEmail] = await Promise.all([
    readSetting(db, 'portalName'),
    readSetting(db, 'supportEmail'),
  ]);
  const address = supportEmail || 'no-reply@localhost';
  return `"${portalName.replace(/["\\]/g, '')}" <${address}>`;
}

/**
 * Sends one email through SMTP as configured right now (settings can change between messages),
 * or, with none configured, sends nothing: the stored message is the record (transport `log`,
 * docs/architecture.md, Processes). A failure throws an OutboundFailure (a classified reason and code, never the mail
 * server's text) for the caller to record and retry.
 */
export async function sendEmail(db: Db, config: MessagingConfig, email: OutgoingEmail): Promise<SendResult> {
  const options = await smtpOptions(db, config);
  if (!options) return { transport: 'log', messageId: null };
  const from = await fromAddress(db, options.from);
  const transporter = nodemailer.createTransport('url' in options ? options.url : options.transport);
  try {
    const info = await transporter.sendMail({
      from,
      to: email.to,
      ...(email.cc ? { cc: email.cc } : {}),
      subject: email.subject,
      html: email.html,
      text: email.text,
    });
    return { transport: 'smtp', messageId: typeof info.messageId === 'string' ? info.messageId : null };
  } catch (error) {
    throw classifySmtpError(error);
  } finally {
    transporter.close();
  }
}

/** Hands an SMS to the provider; a provider's error becomes an OutboundFailure like a mail server's. */
export async function sendSms(config: MessagingConfig, sms: { to: string; text: string }): Promise<SendResult> {
  const provider = config.sms ?? storingSmsProvider;
  try {
    const { messageId } = await provider.send(sms);
    return { transport: provider.transport, messageId };
  } catch (error) {
    throw classifyConnectionError(error);
  }
}
