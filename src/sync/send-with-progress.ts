/** An answer as read from the wire: its status and its JSON body (null when there is none). */
export type RawAnswer = { status: number; body: unknown };

/**
 * A multipart POST through XMLHttpRequest, the one browser API that reports upload progress
 * (fetch does not). Resolves null when the network fails or the signal aborts it.
 */
export function sendWithProgress(
  url: string,
  form: FormData,
  headers: Record<string, string>,
  onProgress: (percent: number) => void,
  signal: AbortSignal | undefined,
): Promise<RawAnswer | null> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(null);
    const request = new XMLHttpRequest();
    request.open('POST', url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress((event.loaded / event.total) * 100);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText) as unknown;
      } catch {
        body = null;
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => resolve(null);
    request.onabort = () => resolve(null);
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
