import { useEffect, useState } from 'react';
import { ApiError, type ApiClient } from '@carewatch/api-client/client';

type SessionApi = Pick<ApiClient, 'tokens' | 'refresh'>;

/** The file name a Content-Disposition header gives (RFC 5987 UTF-8 form first), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const m = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(disposition ?? '');
  return m ? decodeURIComponent(m[1] ?? m[2] ?? fallback) : fallback;
}

/**
 * A file the server makes (an export, a report) fetched with the session (refreshed once on 401), named as the server
 * names it; with `body`, a JSON POST. `language`: the screen's, so the file's headers and values follow what the user
 * reads. A refusal is thrown as the server's ApiError (its code), not a generic one.
 */
export async function fetchFile(
  api: SessionApi,
  url: string,
  opts: { fallbackName: string; body?: object; language?: string },
): Promise<File> {
  const get = () => {
    const token = api.tokens.access();
    const headers: Record<string, string> = {
      ...(opts.language ? { 'Accept-Language': opts.language } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    };
    return opts.body
      ? fetch(url, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify(opts.body),
        })
      : fetch(url, { headers });
  };
  let res = await get();
  if (res.status === 401 && (await api.refresh())) res = await get();
  if (!res.ok) {
    let code = 'INTERNAL';
    let message = res.statusText;
    try {
      const b = (await res.json()) as { code?: string; message?: string };
      code = b.code ?? code;
      message = b.message ?? message;
    } catch {
      /* not JSON */
    }
    throw new ApiError(res.status, code, message);
  }
  const blob = await res.blob();
  return new File([blob], fileNameOf(res.headers.get('content-disposition'), opts.fallbackName), {
    type: blob.type || res.headers.get('content-type') || '',
  });
}

/** The bytes of a file behind the auth header (the session refreshed once on 401). */
export async function fetchBlob(api: SessionApi, url: string): Promise<Blob> {
  const get = () => {
    const token = api.tokens.access();
    return fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  };
  let res = await get();
  if (res.status === 401 && (await api.refresh())) res = await get();
  if (!res.ok) throw new ApiError(res.status, res.status === 404 ? 'ATTACHMENT_NOT_FOUND' : 'INTERNAL', res.statusText);
  return res.blob();
}

/** An object URL of an authenticated file (an image, a PDF), revoked when the file changes or the screen leaves it. */
export function useBlobUrl(api: SessionApi, url: string | null): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; src: string | null; failed: boolean }>({
    url: null,
    src: null,
    failed: false,
  });
  useEffect(() => {
    if (!url) return undefined;
    let objectUrl: string | null = null;
    let live = true;
    fetchBlob(api, url).then(
      (b) => {
        objectUrl = URL.createObjectURL(b);
        if (live) setState({ url, src: objectUrl, failed: false });
        else URL.revokeObjectURL(objectUrl);
      },
      () => {
        if (live) setState({ url, src: null, failed: true });
      },
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [api, url]);
  return state.url === url ? { src: state.src, failed: state.failed } : { src: null, failed: false };
}
