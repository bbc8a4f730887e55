// Loads a third-party script once (Google Identity Services, Turnstile, hCaptcha, reCAPTCHA).
// Only ever called when the server's configuration turns that provider on; each needs its host
// in the Content-Security-Policy (docs/decisions/004-accounts-and-sessions.md).

const loading = new Map<string, Promise<void>>();

export function loadScript(src: string): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        reject(new Error(`Could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    loading.set(src, promise);
  }
  return promise;
}
