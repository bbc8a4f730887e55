import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureServer, startFixtureServer } from '#server/test/feed-server.ts';
import { getFeed, isNonPublicAddress, publicAddressesOnly } from './feed-fetch.ts';
import { FEED_LIMITS, fetchFeed, parseFeed, plainText } from './feeds.ts';

// Hostile feeds (security issue 22, finding 3): fields cut before any pattern, the size cap held
// while the body streams, and no request to a loopback, private or link-local address.

const rss = (title: string, description: string) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Hostile</title><item><title>${title}</title>` +
  `<link>https://hostile.example/a</link><description>${description}</description></item></channel></rss>`;

describe('hostile feed text', () => {
  it('strips 270 KB of unclosed markup in one linear pass', () => {
    for (const hostile of ['<script>'.repeat(35_000), '<a '.repeat(90_000), `x${'<style'.repeat(45_000)}`]) {
      const started = performance.now();
      plainText(hostile);
      // The old patterns took ~17 s on such a title; the scan takes milliseconds (generous bound).
      expect(performance.now() - started).toBeLessThan(500);
    }
  });

  it('parses a feed whose title and description are 270 KB of unclosed markup', () => {
    // Escaped, so the XML stays well-formed and the parser hands the markup on as text.
    const title = '&lt;script&gt;'.repeat(20_000);
    const description = `${'&lt;a '.repeat(30_000)}${'&lt;style'.repeat(20_000)}`;
    expect(title.length + description.length).toBeGreaterThan(270_000);
    const started = performance.now();
    const { articles } = parseFeed(rss(`Headline ${title}`, description), 'https://hostile.example/feed');
    // Today most of this is the XML parser's own linear work; the old patterns took tens of seconds.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(articles[0]?.title).toBe('Headline');
    expect(articles[0]?.description.length).toBeLessThanOrEqual(2000);
  });

  it('cuts every field to a few KB as the XML is read, before any pattern sees it', () => {
    const long = 'word '.repeat(50_000);
    const { articles } = parseFeed(rss(long, long), 'https://hostile.example/feed');
    expect(articles[0]?.title.length).toBeLessThanOrEqual(300);
    expect(articles[0]?.description.length).toBeLessThanOrEqual(2000);
    // A tag that closes only after the cut is never seen whole: the markup scan got the cut text.
    const pastTheCut = `&lt;b${'x'.repeat(FEED_LIMITS.maxFieldChars + 100)}&gt; visible`;
    const cut = parseFeed(rss('Title', pastTheCut), 'https://hostile.example/feed');
    expect(cut.articles[0]?.description.startsWith('<bxxx')).toBe(true);
    // The link survives; a link longer than any real one drops the item.
    const longLink = `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><item><title>t</title><link>https://x.example/${'a'.repeat(5000)}</link></item></channel></rss>`;
    expect(parseFeed(longLink, 'https://x.example/feed').articles).toHaveLength(0);
  });

  it('still reads ordinary markup the same way', () => {
    expect(plainText('<p>One <b>two</b></p><script>alert(1)</script><style>p{}</style> three')).toBe(
      'One two three',
    );
    expect(plainText('a < b and <> c')).toBe('a c');
    expect(plainText('a < b')).toBe('a < b');
    expect(plainText('x <script>never closed')).toBe('x');
    expect(plainText('<SCRIPT type="x">a</SCRIPT>kept <scripts>too')).toBe('kept too');
    expect(plainText('&amp;&#39;&#x263A;&bogus;&#xFFFFFFFFF;')).toBe("&'☺&bogus;&#xFFFFFFFFF;");
  });
});

describe('fetching a feed', () => {
  let feeds: FixtureServer;
  let other: FixtureServer;
  beforeAll(async () => {
    feeds = await startFixtureServer();
    // A second loopback address (Linux routes all of 127/8 to the loopback interface).
    other = await startFixtureServer('127.0.0.2');
  });
  afterAll(async () => {
    await feeds.close();
    await other.close();
  });

  const options = { headers: {}, timeoutMs: 10_000, maxBytes: FEED_LIMITS.maxBytes };

  it('cuts a body without Content-Length at the cap while it streams', async () => {
    feeds.override('/endless.rss', { streamBytes: 50 * 1024 * 1024 });
    await expect(getFeed(feeds.url('endless.rss'), { ...options, allowAddress: () => true })).rejects.toThrow(
      /feed too large/,
    );
    // The server could write only what the cap and the socket buffers took, not the 50 MB.
    await new Promise((r) => setTimeout(r, 100));
    expect(feeds.streamed.get('/endless.rss')).toBeLessThan(2 * FEED_LIMITS.maxBytes);
  });

  it('holds the cap on the decompressed size of a gzip body', async () => {
    const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024, ' '));
    expect(bomb.length).toBeLessThan(FEED_LIMITS.maxBytes);
    // The fixture server writes text; these are bytes.
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': String(bomb.length) });
      res.end(bomb);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as { port: number };
    try {
      await expect(
        getFeed(`http://127.0.0.1:${port}/bomb.rss`, { ...options, allowAddress: () => true }),
      ).rejects.toThrow(/feed too large/);
    } finally {
      server.close();
    }
  });

  it('refuses loopback, private and link-local addresses unless allowed, by the resolved address', async () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a9fe:a9fe',
    ]) {
      expect(isNonPublicAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '2606:4700::6810:84e5', '8.8.8.8']) {
      expect(isNonPublicAddress(address), address).toBe(false);
    }
    const seen = feeds.log.length;
    // By address, and by a name that DNS resolves to loopback.
    const port = new URL(feeds.url('x')).port;
    for (const url of [feeds.url('tech-wire.rss'), `http://localhost:${port}/tech-wire.rss`]) {
      await expect(fetchFeed(url, {}, { userAgent: 'test' })).rejects.toThrow(/not a public address/);
    }
    await expect(fetchFeed('http://[::ffff:127.0.0.1]:1/x.rss', {}, { userAgent: 'test' })).rejects.toThrow(
      /not a public address/,
    );
    expect(feeds.log.length).toBe(seen);
    // NEWS_ALLOW_PRIVATE_HOSTS: the same feed is read.
    const ok = await fetchFeed(
      feeds.url('tech-wire.rss'),
      {},
      { userAgent: 'test', allowPrivateHosts: true },
    );
    expect(ok.status).toBe('ok');
  });

  it('checks every redirect hop, and follows none to an address it may not reach', async () => {
    // Only the first server's address counts as reachable here, as a public host would.
    const allowAddress = (address: string) => address === '127.0.0.1' || publicAddressesOnly(address);
    feeds.override('/moved.rss', { status: 302, headers: { location: '/tech-wire.rss' } });
    const followed = await getFeed(feeds.url('moved.rss'), { ...options, allowAddress });
    expect(followed.status).toBe(200);
    expect(followed.body).toContain('<rss');

    feeds.override('/to-private.rss', { status: 301, headers: { location: other.url('tech-wire.rss') } });
    await expect(getFeed(feeds.url('to-private.rss'), { ...options, allowAddress })).rejects.toThrow(
      /not a public address/,
    );
    feeds.override('/to-metadata.rss', {
      status: 307,
      headers: { location: 'http://169.254.169.254/latest/meta-data/' },
    });
    await expect(getFeed(feeds.url('to-metadata.rss'), { ...options, allowAddress })).rejects.toThrow(
      /not a public address/,
    );
    feeds.override('/to-file.rss', { status: 302, headers: { location: 'file:///etc/passwd' } });
    await expect(getFeed(feeds.url('to-file.rss'), { ...options, allowAddress })).rejects.toThrow(
      /not http or https/,
    );
    expect(other.log).toEqual([]);
  });
});
