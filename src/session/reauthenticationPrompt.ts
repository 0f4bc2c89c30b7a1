/** The refusal of the request whose re-authentication the user cancelled. */
export class ReauthenticationCancelled extends Error {
  constructor(message = 'The action was cancelled: your identity was not confirmed.') {
    super(message);
    this.name = 'ReauthenticationCancelled';
  }
}

type Listener = (asking: boolean) => void;

interface Pending {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * One re-authentication at a time: the requests the service refused for want of a recent authentication wait for the same
 * one; the panel's dialog (src/layout/ReauthenticationDialog.tsx) listens, asks the user and settles it.
 */
export class ReauthenticationPrompt {
  private pending: Pending | null = null;
  private readonly listeners = new Set<Listener>();

  /**
   * Resolves once the user proved their identity again (the session then holds a fresh access token); rejects with
   * ReauthenticationCancelled when they cancel, and at once when no dialog listens.
   */
  ask(): Promise<void> {
    if (this.listeners.size === 0) return Promise.reject(new ReauthenticationCancelled());
    if (this.pending) return this.pending.promise;
    let resolve!: () => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<void>((done, fail) => ((resolve = done), (reject = fail)));
    this.pending = { promise, resolve, reject };
    // a listener may settle it at once
    this.notify(true);
    return promise;
  }

  isAsking(): boolean {
    return this.pending !== null;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** The user proved their identity: the waiting requests go again. */
  succeeded(): void {
    this.settle((pending) => pending.resolve());
  }

  cancel(): void {
    this.settle((pending) => pending.reject(new ReauthenticationCancelled()));
  }

  private settle(how: (pending: Pending) => void): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    how(pending);
    this.notify(false);
  }

  private notify(asking: boolean): void {
    for (const listener of this.listeners) listener(asking);
  }
}
