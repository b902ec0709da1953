import { z } from 'zod/mini';
import { apiError } from '../contract/api-error';
import { CONTENT_BASE, GRAPHQL_PATH, REST_BASE } from '../contract/hosts';
import { TEXT } from '../domain/text-fr';

/**
 * The one way the client talks HTTP (spec 1 §7): a bearer token from the cookie when present; any
 * status below 500 is an answer; a failure or an empty answer gives 'Erreur lors de la requête';
 * an `error` field is passed on. Answers are decoded with the contract schema at this edge.
 */
export type ApiFailure = {
  ok: false;
  error: string;
  /** The HTTP status when the server answered, null when the network failed. */
  status: number | null;
};
export type ApiResult<T> = { ok: true; data: T } | ApiFailure;

export type Host = 'rest' | 'content';
export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** A token to send instead of the cookie's (right after registration, before it is stored). */
  token?: string;
};

export type UploadProgressOptions = {
  /** Progress of the sent bytes, 0 to 100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

export type ApiClient = {
  request<S extends z.core.$ZodType>(
    schema: S,
    host: Host,
    path: string,
    options?: RequestOptions,
  ): Promise<ApiResult<z.infer<S>>>;
  graphql<S extends z.core.$ZodType>(
    schema: S,
    document: string,
    variables?: Record<string, unknown>,
  ): Promise<ApiResult<z.infer<S>>>;
  /**
   * Starts a GET of `path` now, for a first call made once the code that makes it has loaded (the
   * chat's room list and followings at boot, while the data layer's chunk downloads): the next
   * plain `request` of that path within PREFETCH_KEEP_MS takes its answer, once.
   */
  prefetch(host: Host, path: string): void;
  /** A multipart POST (file uploads), answered and decoded like `request`; with its progress when asked. */
  upload<S extends z.core.$ZodType>(schema: S, host: Host, path: string, form: FormData, options?: UploadProgressOptions): Promise<ApiResult<z.infer<S>>>;
};

/** How long a prefetched answer waits for the request it was made for. */
export const PREFETCH_KEEP_MS = 10_000;

export function createApiClient(deps: {
  getToken: () => string | null;
  baseUrl?: string;
  fetch?: typeof fetch;
  onDecodeError?: (path: string, issue: unknown) => void;
}): ApiClient {
  const base = deps.baseUrl ?? '';
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const failed = (status: number | null, error: string = TEXT.requestFailed): ApiFailure => ({
    ok: false,
    error,
    status,
  });

  async function send(url: string, options: RequestOptions): Promise<{ status: number; body: unknown } | ApiFailure> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = options.token ?? deps.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const multipart = options.body instanceof FormData;
    if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await doFetch(url, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch {
      return failed(null);
    }
    if (response.status >= 500) return failed(response.status);
    const text = await response.text().catch(() => '');
    if (text.trim() === '') return failed(response.status);
    try {
      return { status: response.status, body: JSON.parse(text) as unknown };
    } catch {
      return failed(response.status);
    }
  }

  function decode<S extends z.core.$ZodType>(schema: S, path: string, status: number, body: unknown): ApiResult<z.infer<S>> {
    const parsed = z.safeParse(schema, body);
    if (parsed.success) return { ok: true, data: parsed.data };
    deps.onDecodeError?.(path, parsed.error.issues);
    return failed(status);
  }

  /** An answer's `error` field is passed on; anything else is decoded with the schema. */
  function answerOf<S extends z.core.$ZodType>(schema: S, path: string, answer: { status: number; body: unknown } | ApiFailure): ApiResult<z.infer<S>> {
    if ('ok' in answer) return answer;
    const asError = apiError.safeParse(answer.body);
    if (asError.success) return failed(answer.status, asError.data.error);
    return decode(schema, path, answer.status, answer.body);
  }

  const prefetched = new Map<string, { at: number; answer: ReturnType<typeof send> }>();
  const urlOf = (host: Host, path: string) => `${base}${host === 'rest' ? REST_BASE : CONTENT_BASE}${path}`;
  /** A prefetched answer of `url` not too old, taken once (a plain GET only: no query, body, signal or token of its own). */
  function takePrefetched(url: string, options: RequestOptions): ReturnType<typeof send> | null {
    const plain = (options.method ?? 'GET') === 'GET' && options.query === undefined && options.body === undefined && options.signal === undefined && options.token === undefined;
    const waiting = prefetched.get(url);
    prefetched.delete(url);
    return plain && waiting !== undefined && Date.now() - waiting.at <= PREFETCH_KEEP_MS ? waiting.answer : null;
  }

  return {
    async request(schema, host, path, options = {}) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(options.query ?? {})) {
        if (value !== undefined) search.set(key, String(value));
      }
      const qs = search.toString();
      const url = `${urlOf(host, path)}${qs ? `?${qs}` : ''}`;
      return answerOf(schema, path, await (takePrefetched(url, options) ?? send(url, options)));
    },
    prefetch(host, path) {
      const url = urlOf(host, path);
      prefetched.set(url, { at: Date.now(), answer: send(url, {}) });
    },

    async upload(schema, host, path, form, options = {}) {
      const prefix = host === 'rest' ? REST_BASE : CONTENT_BASE;
      const url = `${base}${prefix}${path}`;
      if (!options.onProgress || typeof XMLHttpRequest === 'undefined') {
        return answerOf(schema, path, await send(url, { method: 'POST', body: form, signal: options.signal }));
      }
      const token = deps.getToken();
      const headers: Record<string, string> = token ? { Accept: 'application/json', Authorization: `Bearer ${token}` } : { Accept: 'application/json' };
      // Loaded with the first upload that shows its progress: no first screen needs it.
      const { sendWithProgress } = await import('./send-with-progress');
      const answer = await sendWithProgress(url, form, headers, options.onProgress, options.signal);
      if (answer === null) return failed(null);
      if (answer.status >= 500 || answer.body === null) return failed(answer.status);
      return answerOf(schema, path, answer);
    },

    async graphql(schema, document, variables) {
      const answer = await send(`${base}${GRAPHQL_PATH}`, {
        method: 'POST',
        body: { query: document, variables: variables ?? {} },
      });
      if ('ok' in answer) return answer;
      const envelope = graphqlEnvelope(answer.body);
      if (envelope.firstError !== null) return failed(answer.status, envelope.firstError);
      if (envelope.data === undefined || envelope.data === null) return failed(answer.status);
      return decode(schema, GRAPHQL_PATH, answer.status, envelope.data);
    },
  };
}

/** Reads `{ data, errors }` without trusting its shape. */
function graphqlEnvelope(body: unknown): { data: unknown; firstError: string | null } {
  if (typeof body !== 'object' || body === null) return { data: undefined, firstError: null };
  const record = body as { data?: unknown; errors?: unknown };
  let firstError: string | null = null;
  if (Array.isArray(record.errors) && record.errors.length > 0) {
    const first: unknown = record.errors[0];
    firstError =
      typeof first === 'object' && first !== null && typeof (first as { message?: unknown }).message === 'string'
        ? (first as { message: string }).message
        : TEXT.requestFailed;
  }
  return { data: record.data, firstError };
}
