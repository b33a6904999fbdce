/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API host prefixed to relative URLs; empty when the API shares the page's origin. */
  readonly VITE_API_URL?: string;
  /** The build's release id (e.g. the commit), sent with error reports. */
  readonly VITE_RELEASE?: string;
}
