import { z } from 'zod';
import { text } from './fields.ts';
import { applicationViewSchema } from './application.ts';

/**
 * Submit and signing of the merchant's application (docs/decisions/107). The words of the
 * electronic-records consent are kept with each submission, as shown.
 */

/** A drawn signature as a PNG data URL; the server checks the bytes are a real PNG. */
export const SIGNATURE_DRAWING_MAX_CHARS = 200_000;

export const applicationSubmitInputSchema = z
  .object({
    consent: z.literal(true, { error: 'Tick the box to agree to electronic records' }),
  })
  .strict();

export const applicationSignInputSchema = z
  .object({
    typedName: text('Type your full name').trim().min(1, 'Type your full name').max(120, 'Use at most 120 characters'),
    drawing: text('The drawing must be a PNG image')
      .max(SIGNATURE_DRAWING_MAX_CHARS, 'The drawing is too large: clear it and draw again')
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'The drawing must be a PNG image')
      .optional(),
  })
  .strict();
export type ApplicationSignInput = z.infer<typeof applicationSignInputSchema>;

export const applicationSignerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  /** Signed, and the signature still matches the application as it is now. */
  signed: z.boolean(),
  /** Signed once, but the application changed since: it must be signed again. */
  stale: z.boolean(),
  signedAt: z.string().nullable(),
  linkSentAt: z.string().nullable(),
});
export type ApplicationSigner = z.infer<typeof applicationSignerSchema>;

/** The signing state of a request: who signs, who has, and the signed PDF once all have. */
export const applicationSigningSchema = z.object({
  state: applicationViewSchema.shape.state,
  contentHash: z.string().nullable(),
  submittedAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  signedDocumentId: z.uuid().nullable(),
  signers: z.array(applicationSignerSchema),
});
export type ApplicationSigning = z.infer<typeof applicationSigningSchema>;

/** A signer's own link, before the code: whose link it is (the email masked). */
export const signerOpenSchema = z.object({
  portalName: z.string(),
  verified: z.boolean(),
  signerName: z.string(),
  codeSentTo: z.string(),
  /** The signer's phone, masked, when the code may go by SMS (docs/decisions/115); null: email only. */
  codeTextTo: z.string().nullable(),
});

/** A signer's own view: the application to review and this signer's state. */
export const signerViewSchema = z.object({
  application: applicationViewSchema,
  signer: applicationSignerSchema,
  consentText: z.string(),
});
export type SignerView = z.infer<typeof signerViewSchema>;
