package dev.lockkey.redis.internal;

/**
 * A deterministic stand-in for Redis in the model checks of the executor's in-process code: one
 * lock, its owner token and its fencing counter, changed atomically as the lock scripts change
 * them. It refuses what Redis would refuse (taking a held lock, releasing or handing over a lock
 * one does not own), so that a wrong hand-off inside the executor shows as a refused command.
 * Time does not pass here: leases never run out. Thread-safe.
 */
final class ModelStore {
  private String owner;
  private long fencingCounter;

  /** Takes the free lock for {@code newOwner}: its fencing token, or -1 when the lock is held. */
  synchronized long take(String newOwner) {
    if (owner != null) {
      return -1;
    }
    owner = newOwner;
    return ++fencingCounter;
  }

  /**
   * The fencing token of the lock when {@code current} holds it already (the acquire script answers
   * a second attempt of its owner with the token written then), or -1.
   */
  synchronized long tokenOf(String current) {
    return current.equals(owner) ? fencingCounter : -1;
  }

  /** Passes the lock from {@code current} to {@code next} (the handoff script): the new token, or -1 when not owned. */
  synchronized long handOff(String current, String next) {
    if (!current.equals(owner)) {
      return -1;
    }
    owner = next;
    return ++fencingCounter;
  }

  /** Deletes the lock owned by {@code current}; whether it was. */
  synchronized boolean release(String current) {
    if (!current.equals(owner)) {
      return false;
    }
    owner = null;
    return true;
  }

  /** The owner token of the lock, or {@code null} when it is free. */
  synchronized String owner() {
    return owner;
  }
}
