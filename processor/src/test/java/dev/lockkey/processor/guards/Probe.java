package dev.lockkey.processor.guards;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What guarded methods report to a test: how many calls are inside per resource, the most ever
 * inside at once, and a gate that can hold a call inside until the test opens it.
 */
public final class Probe {
  private final Map<String, AtomicInteger> inside = new ConcurrentHashMap<>();
  private final AtomicInteger overlaps = new AtomicInteger();
  private final AtomicInteger calls = new AtomicInteger();
  private volatile CountDownLatch entered = new CountDownLatch(0);
  private volatile CountDownLatch gate = new CountDownLatch(0);

  /** A call enters {@code resource}; it waits at the gate, if closed, before it leaves. */
  void enter(String resource) {
    calls.incrementAndGet();
    if (inside.computeIfAbsent(resource, r -> new AtomicInteger()).incrementAndGet() > 1) {
      overlaps.incrementAndGet();
    }
    entered.countDown();
  }

  /** The call leaves {@code resource}, after waiting at the gate (at most 30 s). */
  void leave(String resource) {
    try {
      gate.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      inside.get(resource).decrementAndGet();
    }
  }

  /** Closes the gate: the next call to enter stays inside until {@link #open()}. */
  public void close() {
    entered = new CountDownLatch(1);
    gate = new CountDownLatch(1);
  }

  /** Waits until a call entered after {@link #close()}. */
  public boolean awaitEntered() throws InterruptedException {
    return entered.await(30, TimeUnit.SECONDS);
  }

  /** Opens the gate. */
  public void open() {
    gate.countDown();
  }

  /** How often two calls were inside one resource at once. */
  public int overlaps() {
    return overlaps.get();
  }

  /** How many calls entered. */
  public int calls() {
    return calls.get();
  }
}
