package dev.lockkey.spring.autoconfigure;

import java.lang.System.Logger.Level;

/** The one INFO line at start-up that says which Redis connection LockKey chose. */
final class ChosenConnection {
  private static final System.Logger LOG = System.getLogger(LockKeyAutoConfiguration.class.getName());

  private ChosenConnection() {}

  static void log(String which) {
    LOG.log(Level.INFO, "LockKey uses " + which);
  }
}
