import { CHECKLIST_ACCEPT, type ChecklistItem } from '@boardwalk/shared/document-checklist';
import type { ApplicationChecklist } from '@boardwalk/shared/schemas/application';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { ApplyError, applyApi } from './apply-api.ts';

type Props = { token: string; onClosed: (error: unknown) => void };

/** 10485760 → "10 MB": the page keeps its own few lines rather than load the staff helpers. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

const problemOf = (e: unknown) => (e instanceof ApplyError ? e.problem : undefined);

/**
 * The documents the application asks for (docs/decisions/102), one file field each with its
 * label, why it is asked, its state and its error beside it. A file is sent as soon as it is
 * chosen; one larger than the limit is refused here before any byte is sent (the server checks
 * the size and the content again, whatever the page did).
 */
export function DocumentsStep({ token, onClosed }: Props) {
  const [checklist, setChecklist] = useState<ApplicationChecklist | null>(null);
  const [loadError, setLoadError] = useState('');
  // The parent's callback may change identity on each render: the list is loaded once per token.
  const closed = useRef(onClosed);
  closed.current = onClosed;

  useEffect(() => {
    let live = true;
    applyApi.checklist(token).then(
      (answer) => live && setChecklist(answer),
      (e: unknown) => {
        if (!live) return;
        if (problemOf(e)?.status === 410) closed.current(e);
        else
          setLoadError(
            problemOf(e)?.status === 401
              ? 'Your session ended: reload the page.'
              : 'The list could not be loaded: reload the page.',
          );
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <section aria-labelledby="documents-title">
      <h1 id="documents-title">Documents</h1>
      <p className="apply-hint">
        Take a photo or choose a file: PDF, PNG, JPEG or HEIC
        {checklist ? `, up to ${fileSize(checklist.maxBytes)} each` : ''}.
      </p>
      {loadError && (
        <p role="alert" className="apply-error">
          {loadError}
        </p>
      )}
      {!checklist && !loadError && <p className="apply-status">Loading the list…</p>}
      {checklist && checklist.items.length === 0 && <p>No documents are needed.</p>}
      {checklist?.items.map((item) => (
        <DocumentItem
          key={item.key}
          token={token}
          item={item}
          maxBytes={checklist.maxBytes}
          onChecklist={setChecklist}
          onClosed={onClosed}
        />
      ))}
    </section>
  );
}

type ItemProps = {
  token: string;
  item: ChecklistItem;
  maxBytes: number;
  onChecklist: (checklist: ApplicationChecklist) => void;
  onClosed: (error: unknown) => void;
};

function DocumentItem({ token, item, maxBytes, onChecklist, onClosed }: ItemProps) {
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const id = `doc-${item.key}`;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    setError('');
    if (file.size > maxBytes) {
      setError(`The file is larger than the ${fileSize(maxBytes)} allowed.`);
      input.value = '';
      return;
    }
    setStatus(`Uploading ${file.name}…`);
    try {
      onChecklist(await applyApi.upload(token, item.key, file));
      setStatus(`${file.name} uploaded.`);
    } catch (e) {
      const problem = problemOf(e);
      if (problem?.status === 410) return onClosed(e);
      setStatus('');
      setError(
        problem?.errors?.file?.[0] ??
          (problem?.status === 401
            ? 'Your session ended: reload the page.'
            : (problem?.detail ?? 'Not uploaded: try again.')),
      );
    } finally {
      input.value = '';
    }
  };

  const uploaded = item.state === 'uploaded';
  const describedBy = [`${id}-hint`, `${id}-state`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="apply-field apply-document">
      <label htmlFor={id}>{item.label}</label>
      <span id={`${id}-hint`} className="apply-hint">
        {item.hint}
      </span>
      <span id={`${id}-state`} className={uploaded ? 'apply-state apply-state-done' : 'apply-state'}>
        {uploaded ? `Uploaded: ${item.files.map((f) => f.fileName).join(', ')}` : 'Missing'}
      </span>
      <input
        id={id}
        type="file"
        accept={CHECKLIST_ACCEPT}
        onChange={(event) => void choose(event)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error && (
        <span id={`${id}-error`} className="apply-error">
          {error}
        </span>
      )}
      <span className="apply-status" role="status">
        {status}
      </span>
    </div>
  );
}
