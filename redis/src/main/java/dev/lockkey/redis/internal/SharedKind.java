package dev.lockkey.redis.internal;

/** What a share of a lock with several holders is; {@link #arg} is the scripts' word for it. */
public enum SharedKind {
  /** One of N permits. */
  PERMIT("p"),
  /** A read share of a read/write lock. */
  READ("r"),
  /** The write lock of a read/write lock. */
  WRITE("w");

  final String arg;

  SharedKind(String arg) {
    this.arg = arg;
  }
}
