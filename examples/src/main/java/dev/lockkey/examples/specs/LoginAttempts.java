package dev.lockkey.examples.specs;

import dev.lockkey.CaseInsensitive;
import dev.lockkey.LockKeySpec;
import dev.lockkey.Window;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Login attempts per user per minute: every attempt within one minute shares one key. */
@LockKeySpec(domain = "auth", action = "login")
public interface LoginAttempts {
  /** {@code Alice} and {@code alice} are one user. */
  @CaseInsensitive
  String username();

  @Window(size = 1, unit = ChronoUnit.MINUTES)
  Instant minute();
}
