package dev.lockkey.processor.guards;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What guarded methods report to a test: how many calls are inside per resource, how often two
 * were inside one at once, and a gate that can hold one call inside until the test opens it.
 */
public final class Probe {
  private final Map<String, AtomicInteger> inside = new ConcurrentHashMap<>();
  private final AtomicInteger overlaps = new AtomicInteger();
  private final AtomicInteger calls = new AtomicInteger();
  private final AtomicReference<Thread> held = new AtomicReference<>();
  private volatile boolean holdNext;
  private volatile CountDownLatch entered = new CountDownLatch(0);
  private volatile CountDownLatch gate = new CountDownLatch(0);

  /** A call enters {@code resource}; the first after {@link #close()} is held at the gate when it leaves. */
  void enter(String resource) {
    calls.incrementAndGet();
    if (inside.computeIfAbsent(resource, r -> new AtomicInteger()).incrementAndGet() > 1) {
      overlaps.incrementAndGet();
    }
    if (holdNext && held.compareAndSet(null, Thread.currentThread())) {
      holdNext = false;
      entered.countDown();
    }
  }

  /** The call leaves {@code resource}; the held call waits for the gate first (at most 30 s). */
  void leave(String resource) {
    try {
      if (held.compareAndSet(Thread.currentThread(), null)) {
        gate.await(30, TimeUnit.SECONDS);
      }
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
    holdNext = true;
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
