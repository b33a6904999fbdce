import '@rails/actioncable';

/** What @types/rails__actioncable leaves out and src/web/features/realtime/cable.ts sets (the library's own statics). */
declare module '@rails/actioncable' {
  export class ConnectionMonitor {
    static staleThreshold: number;
    static reconnectionBackoffRate: number;
  }
  export class Connection {
    static reopenDelay: number;
    reopen(): void;
    isOpen(): boolean;
  }
  interface Consumer {
    connection: Connection;
  }
}
