package dev.lockkey.guard;

/** Whether a guarded method's lease is renewed while it runs. */
public enum Renewal {
  /** As the executor's default options say. */
  DEFAULT,
  /** Renewed every third of the lease time until the method returns. */
  ON,
  /** Not renewed: the method must finish within the lease time. */
  OFF
}
