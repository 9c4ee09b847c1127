import type { MerchantDraft } from '@boardwalk/shared/schemas/merchant';
import { useEffect, useRef, useState } from 'react';
import { errorStatus } from '../../../lib/problem.ts';
import { createDraftWriter, type DraftStatus, type DraftWriter } from './draft-writer.ts';
import {
  useCreateMerchantDraftMutation,
  useUpdateMerchantDraftMutation,
} from '../../../entities/merchant-drafts/api.ts';

export type ServerDraft = {
  status: DraftStatus;
  writer: DraftWriter;
  /** useEntityForm's `draft.keep`: the form's values as they change. */
  keep: (values: unknown) => void;
};

type Options = {
  initial: MerchantDraft | undefined;
  initialStep: number;
  /** The first change created the draft: its id goes into the URL. */
  onCreated: (id: string) => void;
};

/**
 * The half-filled merchant application kept on the server, so a reload, a closed
 * tab or another tab continues it (draft-writer.ts sends it). A draft another tab wrote
 * meanwhile turns the status to `stale`: this tab stops writing instead of overwriting it.
 */
export function useMerchantServerDraft({ initial, initialStep, onCreated }: Options): ServerDraft {
  const [create] = useCreateMerchantDraftMutation();
  const [update] = useUpdateMerchantDraftMutation();
  const [status, setStatus] = useState<DraftStatus>(initial ? 'saved' : 'idle');
  const created = useRef(onCreated);
  useEffect(() => {
    created.current = onCreated;
  });
  const [writer] = useState(() =>
    createDraftWriter({
      initial,
      initialStep,
      create: (body) => create(body).unwrap(),
      update: (body) => update(body).unwrap(),
      isStale: (error) => errorStatus(error) === 409,
      onStatus: setStatus,
      onCreated: (id) => created.current(id),
    }),
  );
  useEffect(() => () => writer.flush(), [writer]);
  return { status, writer, keep: (values) => writer.write(values as Record<string, unknown>) };
}
