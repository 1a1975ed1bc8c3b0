package dev.lockkey.testing;

import java.util.ArrayDeque;
import java.util.Deque;

/** What a test was handed and must be closed after it, newest first; every one is closed even when one fails. */
final class Closer implements AutoCloseable {
  private final Deque<AutoCloseable> resources = new ArrayDeque<>();

  synchronized <T extends AutoCloseable> T register(T resource) {
    resources.push(resource);
    return resource;
  }

  @Override
  public void close() {
    RuntimeException failure = null;
    while (true) {
      AutoCloseable next;
      synchronized (this) {
        next = resources.poll();
      }
      if (next == null) {
        break;
      }
      try {
        next.close();
      } catch (Exception e) {
        if (failure == null) {
          failure = new IllegalStateException("cannot close " + next, e);
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}
