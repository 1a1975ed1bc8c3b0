package dev.lockkey.jdbc;

import dev.lockkey.lock.LockOptions;

/** What a share of a lock with several holders is; {@link #code} is its word in the holders table. */
enum SharedKind {
  /** One of N permits. */
  PERMIT("p"),
  /** A read share of a read/write lock. */
  READ("r"),
  /** The write lock of a read/write lock. */
  WRITE("w");

  final String code;

  SharedKind(String code) {
    this.code = code;
  }

  /**
   * The purpose word of a key's row: {@code word} for the default purpose, else {@code <purpose>-word}
   * (as {@link dev.lockkey.permit.PermitOptions#lease()} documents).
   */
  static String word(String purpose, String word) {
    return purpose.equals(LockOptions.DEFAULT_PURPOSE) ? word : purpose + "-" + word;
  }

  static SharedKind of(String code) {
    for (SharedKind kind : values()) {
      if (kind.code.equals(code)) {
        return kind;
      }
    }
    throw new IllegalArgumentException("no kind of share: " + code);
  }
}
