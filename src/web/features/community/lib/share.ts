// The Share button: the system share sheet where the browser has one (phones, some desktops), else
// the link copied to the clipboard. The page announces what happened.

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

interface ShareTarget {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  clipboard?: { writeText: (text: string) => Promise<void> };
}

export async function shareLink(
  data: { url: string; title: string },
  target: ShareTarget = navigator,
): Promise<ShareOutcome> {
  if (target.share && (target.canShare?.(data) ?? true)) {
    try {
      await target.share(data);
      return 'shared';
    } catch (error) {
      // The reader closed the share sheet: nothing to say. Any other failure: copy instead.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  if (!target.clipboard) return 'failed';
  try {
    await target.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
