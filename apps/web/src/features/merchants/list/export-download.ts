import { notifyError } from '../../../components/form/notify.ts';
import { appFetch } from '../../../lib/http.ts';
import { errorMessage } from '../../../lib/problem.ts';

/** The file name the server gave (`Content-Disposition: attachment; filename="…"`), else the fallback. */
export function downloadName(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

async function problemOf(response: Response): Promise<unknown> {
  try {
    return { status: response.status, data: await response.json() };
  } catch {
    return { status: response.status };
  }
}

/**
 * Downloads the file at `url` (the list's CSV, the evidence pack's ZIP). Through appFetch rather than a plain link: a link would save the
 * 401 problem JSON as the file when the session had ended, while appFetch holds the call, opens
 * the sign-in-again dialog and sends it once more after the new sign-in. A failure is told in a
 * toast.
 */
export async function downloadExport(
  url: string,
  fileName: string,
  { accept = 'text/csv', failed = 'The export failed.' } = {},
): Promise<void> {
  try {
    const response = await appFetch(url, { headers: { Accept: `${accept}, application/problem+json` } });
    if (!response.ok) {
      notifyError(`${failed} ${errorMessage(await problemOf(response))}`);
      return;
    }
    const blob = await response.blob();
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = downloadName(response.headers.get('Content-Disposition'), fileName);
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked after the click has started the download.
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  } catch (error) {
    notifyError(`${failed} ${errorMessage(error)}`);
  }
}
