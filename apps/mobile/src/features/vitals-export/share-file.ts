/** What happened to an exported file: shared through the system share sheet, downloaded, or the sheet was closed. */
export type ShareOutcome = 'shared' | 'downloaded' | 'cancelled';

type ShareNavigator = {
  canShare?: (data: { files: File[] }) => boolean;
  share?: (data: { files: File[]; title?: string }) => Promise<void>;
};

/**
 * Offers a file through the Web Share API when the browser can share files (phones: mail, messaging, Files), else
 * downloads it. A share the user closes is 'cancelled'; a share refused by the browser (no user activation left after
 * the download, or not allowed) falls back to the download too.
 */
export async function shareOrDownload(
  file: File,
  title: string,
  nav: ShareNavigator = navigator,
  doc: Document = document,
): Promise<ShareOutcome> {
  if (nav.share && nav.canShare?.({ files: [file] })) {
    try {
      await nav.share({ files: [file], title });
      return 'shared';
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return 'cancelled';
    }
  }
  downloadFile(file, doc);
  return 'downloaded';
}

/** Saves a file through a temporary link (the object URL is released after the click). */
export function downloadFile(file: File, doc: Document = document): void {
  const url = URL.createObjectURL(file);
  const a = doc.createElement('a');
  a.href = url;
  a.download = file.name;
  a.rel = 'noopener';
  doc.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** The file name a download's Content-Disposition gives, else the fallback. */
