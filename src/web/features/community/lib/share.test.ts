import { describe, expect, it, vi } from 'vitest';
import { shareLink } from './share';

const data = { url: 'https://futurecast.test/p/7', title: 'A prediction' };

describe('shareLink', () => {
  it('uses the share sheet where there is one', async () => {
    const share = vi.fn(async () => undefined);
    const writeText = vi.fn(async () => undefined);
    expect(await shareLink(data, { share, clipboard: { writeText } })).toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('says nothing when the reader closes the share sheet', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('closed', 'AbortError');
    });
    const writeText = vi.fn(async () => undefined);
    expect(await shareLink(data, { share, clipboard: { writeText } })).toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link without a share sheet, or when it fails or refuses the data', async () => {
    const writeText = vi.fn(async () => undefined);
    expect(await shareLink(data, { clipboard: { writeText } })).toBe('copied');
    const broken = vi.fn(async () => {
      throw new DOMException('no', 'NotAllowedError');
    });
    expect(await shareLink(data, { share: broken, clipboard: { writeText } })).toBe('copied');
    expect(await shareLink(data, { share: broken, canShare: () => false, clipboard: { writeText } })).toBe(
      'copied',
    );
    expect(broken).toHaveBeenCalledTimes(1);
    expect(writeText).toHaveBeenCalledTimes(3);
    expect(writeText).toHaveBeenLastCalledWith(data.url);
  });

  it('fails when the clipboard refuses too, or there is none', async () => {
    const refused = vi.fn(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    expect(await shareLink(data, { clipboard: { writeText: refused } })).toBe('failed');
    expect(await shareLink(data, {})).toBe('failed');
  });
});
