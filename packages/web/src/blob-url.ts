import { useEffect, useState } from 'react';
import { ApiError, type ApiClient } from '@carewatch/api-client/client';

type SessionApi = Pick<ApiClient, 'tokens' | 'refresh'>;

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
  const [state, setState] = useState<{ url: string | null; src: string | null; failed: boolean }>({ url: null, src: null, failed: false });
  useEffect(() => {
    if (!url) return undefined;
    let objectUrl: string | null = null;
    let live = true;
    fetchBlob(api, url).then((b) => {
      objectUrl = URL.createObjectURL(b);
      if (live) setState({ url, src: objectUrl, failed: false });
      else URL.revokeObjectURL(objectUrl);
    }, () => { if (live) setState({ url, src: null, failed: true }); });
    return () => { live = false; if (objectUrl) URL.revokeObjectURL(objectUrl); };
  }, [api, url]);
  return state.url === url ? { src: state.src, failed: state.failed } : { src: null, failed: false };
}
