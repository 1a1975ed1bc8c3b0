package dev.lockkey.processor.specs;

import dev.lockkey.Hashed;
import dev.lockkey.LockKeySpec;

/** A {@code @Hashed} text: the key holds its digest. */
@LockKeySpec(domain = "document", action = "edit")
public interface DocumentLock {
  @Hashed
  String content();
}
