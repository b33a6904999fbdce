import './loading.css';

/**
 * What the page shows until the frame's code, catalogue and variant have arrived: the header bar
 * with the word mark, and the loading view below it. src/web/index.html holds the same markup, so
 * the first paint happens as soon as the stylesheet is in, before any script has run; this
 * component keeps that picture while React takes over. No text here needs a catalogue.
 */
export function BootShell() {
  return (
    <div className="app">
      <header className="header">
        <div className="header__inner">
          <a className="header__logo" href="/" aria-label="Newsreel">
            <span className="logo">
              <svg className="logo__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden>
                <rect width="32" height="32" rx="6" fill="var(--color-breaking)" />
                <path d="M12 9.5v13l11-6.5z" fill="#fff" />
              </svg>
              <span className="logo__name">Newsreel</span>
            </span>
          </a>
        </div>
      </header>
      <main className="app__main">
        <div className="loading-fallback" role="status" aria-live="polite" data-testid="loading-fallback">
          <span className="loading-fallback__spinner" aria-hidden />
        </div>
      </main>
    </div>
  );
}
