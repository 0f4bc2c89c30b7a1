/**
 * Lets the loop sleep until a timeout or until something worth a new statement happens; a notice while awake is kept for the next
 * wait. wait() tells whether it timed out.
 */
export class Wakeup {
  private pending = false;
  private wake: (() => void) | undefined;

  notify() {
    if (this.wake) this.wake();
    else this.pending = true;
  }

  wait(timeoutMs: number): Promise<boolean> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve(false);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(true), timeoutMs);
      const finish = (timedOut: boolean) => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve(timedOut);
      };
      this.wake = () => finish(false);
    });
  }
}
