import type { ApplicationSigning, SignerView } from '@boardwalk/shared/schemas/application-signing';
import { applyCall, type CodeChannel } from './apply-api.ts';

/** Submit and signing (docs/decisions/107): on the merchant's link, and on a signer's own link. */
export type SignInput = { typedName: string; drawing?: string };

export const signingApi = {
  submit: (token: string) => applyCall<ApplicationSigning>(token, 'POST', '/submit', { consent: true }),
  read: (token: string) => applyCall<ApplicationSigning>(token, 'GET', '/signing'),
  sign: (token: string, signerId: string, input: SignInput) =>
    applyCall<ApplicationSigning>(token, 'POST', `/signers/${signerId}/sign`, input),
  send: (token: string, signerId: string) => applyCall<ApplicationSigning>(token, 'POST', `/signers/${signerId}/send`),
};

const SIGN = '/api/sign/';
export type SignerOpened = {
  portalName: string;
  verified: boolean;
  signerName: string;
  codeSentTo: string;
  codeTextTo: string | null;
};

export const signerApi = {
  open: (token: string) => applyCall<SignerOpened>(token, 'GET', '', undefined, SIGN),
  sendCode: (token: string, channel: CodeChannel = 'email') =>
    applyCall<{ codeSentTo: string }>(token, 'POST', '/code', { channel }, SIGN),
  verify: (token: string, code: string) => applyCall<{ verified: true }>(token, 'POST', '/verify', { code }, SIGN),
  read: (token: string) => applyCall<SignerView>(token, 'GET', '/application', undefined, SIGN),
  sign: (token: string, input: SignInput) => applyCall<SignerView>(token, 'POST', '/sign', input, SIGN),
};
