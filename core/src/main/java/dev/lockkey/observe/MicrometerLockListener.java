package dev.lockkey.observe;

import dev.lockkey.LockKey;
import dev.lockkey.SpecDescriptor;
import dev.lockkey.flight.FlightListener;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.ratelimit.RateLimitListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Records what the executor, a {@code SingleFlight} and a {@code RateLimiter} do as Micrometer meters,
 * tagged per spec and never per key: a key is one of millions, a spec one of a few dozen.
 *
 * <pre>{@code
 * RedisLockExecutor locks = RedisLockExecutor.builder(redis, Keyspace.of("prod"))
 *     .listener(MicrometerLockListener.of(meterRegistry))
 *     .build();
 * }</pre>
 *
 * <table>
 *   <caption>Meters</caption>
 *   <tr><th>name</th><th>type</th><th>extra tag</th><th>counts</th></tr>
 *   <tr><td>{@value #ACQUISITIONS}</td><td>counter</td><td>{@code outcome}: acquired, contended,
 *       timed_out, error</td><td>locks acquired; attempts that found the lock held (one acquisition
 *       may be contended before it is acquired or times out); waits that ran out; failures</td></tr>
 *   <tr><td>{@value #WAIT}</td><td>timer</td><td>{@code outcome}: acquired, timed_out</td>
 *       <td>time from the call to the acquisition, or until the wait ran out</td></tr>
 *   <tr><td>{@value #HELD}</td><td>timer</td><td></td><td>time from acquisition to release</td></tr>
 *   <tr><td>{@value #LEASES_LOST}</td><td>counter</td><td></td><td>leases found lost</td></tr>
 *   <tr><td>{@value #RENEWALS}</td><td>counter</td><td></td><td>lease extensions (watchdog or explicit)</td></tr>
 *   <tr><td>{@value #FLIGHTS_SHARED}</td><td>counter</td><td></td><td>single-flight answers
 *       computed by another caller</td></tr>
 *   <tr><td>{@value #RATE_LIMITED}</td><td>counter</td><td></td><td>rate-limit denials</td></tr>
 * </table>
 *
 * <p>Every meter carries the tags {@link #TAG_KEYS}: {@code spec} (the spec's simple name),
 * {@code domain}, {@code action}, {@code version}, and {@code outcome} where listed. Meters of a
 * spec are registered when it is first seen.
 *
 * <p>Micrometer is an optional dependency of lockkey-core: only this class refers to it, so an
 * application without Micrometer never loads it and pays nothing. Without Micrometer, implement
 * {@link LockListener} yourself. Thread-safe.
 */
public final class MicrometerLockListener implements LockListener, FlightListener, RateLimitListener {
  /** Counter of acquisition events by {@code outcome}. */
  public static final String ACQUISITIONS = "lockkey.acquisitions";
  /** Timer of waits by {@code outcome}. */
  public static final String WAIT = "lockkey.wait";
  /** Timer of hold times. */
  public static final String HELD = "lockkey.held";
  /** Counter of leases found lost. */
  public static final String LEASES_LOST = "lockkey.leases.lost";
  /** Counter of lease extensions. */
  public static final String RENEWALS = "lockkey.renewals";
  /** Counter of single-flight answers that another caller computed. */
  public static final String FLIGHTS_SHARED = "lockkey.flights.shared";
  /** Counter of rate-limit denials. */
  public static final String RATE_LIMITED = "lockkey.rate.limited";

  /** Every tag key a meter of this listener may carry; none holds a key, body or field value. */
  public static final Set<String> TAG_KEYS = Set.of("spec", "domain", "action", "version", "outcome");

  private static final String OUTCOME = "outcome";

  private final MeterRegistry registry;
  private final Map<SpecDescriptor, SpecMeters> meters = new ConcurrentHashMap<>();

  private MicrometerLockListener(MeterRegistry registry) {
    this.registry = Objects.requireNonNull(registry, "registry");
  }

  /**
   * A listener recording into {@code registry}.
   *
   * @param registry the registry to record into
   * @return a listener recording into {@code registry}
   */
  public static MicrometerLockListener of(MeterRegistry registry) {
    return new MicrometerLockListener(registry);
  }

  @Override
  public void onAcquired(LockKey key, long waitNanos) {
    SpecMeters spec = meters(key);
    spec.acquired.increment();
    spec.waitAcquired.record(waitNanos, TimeUnit.NANOSECONDS);
  }

  @Override
  public void onContended(LockKey key) {
    meters(key).contended.increment();
  }

  @Override
  public void onTimedOut(LockKey key, long waitNanos) {
    SpecMeters spec = meters(key);
    spec.timedOut.increment();
    spec.waitTimedOut.record(waitNanos, TimeUnit.NANOSECONDS);
  }

  @Override
  public void onError(LockKey key, LockException error) {
    meters(key).error.increment();
  }

  @Override
  public void onReleased(LockKey key, long heldNanos) {
    meters(key).held.record(heldNanos, TimeUnit.NANOSECONDS);
  }

  @Override
  public void onRenewed(LockKey key) {
    meters(key).renewals.increment();
  }

  @Override
  public void onLeaseLost(LockKey key) {
    meters(key).leasesLost.increment();
  }

  @Override
  public void onFlightShared(LockKey key) {
    meters(key).flightsShared.increment();
  }

  @Override
  public void onRateLimited(LockKey key) {
    meters(key).rateLimited.increment();
  }

  private SpecMeters meters(LockKey key) {
    return meters.computeIfAbsent(key.spec(), this::register);
  }

  private SpecMeters register(SpecDescriptor spec) {
    Tags tags = Tags.of(
        "spec", spec.simpleName(),
        "domain", spec.domain(),
        "action", spec.action(),
        "version", Integer.toString(spec.version()));
    return new SpecMeters(
        counter(ACQUISITIONS, tags.and(OUTCOME, "acquired"), "Locks acquired"),
        counter(ACQUISITIONS, tags.and(OUTCOME, "contended"), "Attempts that found the lock held"),
        counter(ACQUISITIONS, tags.and(OUTCOME, "timed_out"), "Waits for a lock that ran out"),
        counter(ACQUISITIONS, tags.and(OUTCOME, "error"), "Lock operations that failed"),
        timer(WAIT, tags.and(OUTCOME, "acquired"), "Time from the call to the acquisition"),
        timer(WAIT, tags.and(OUTCOME, "timed_out"), "Time waited before the wait ran out"),
        timer(HELD, tags, "Time from acquisition to release"),
        counter(LEASES_LOST, tags, "Leases found lost"),
        counter(RENEWALS, tags, "Lease extensions"),
        counter(FLIGHTS_SHARED, tags, "Single-flight answers computed by another caller"),
        counter(RATE_LIMITED, tags, "Rate-limit denials"));
  }

  private Counter counter(String name, Tags tags, String description) {
    return Counter.builder(name).tags(tags).description(description).register(registry);
  }

  private Timer timer(String name, Tags tags, String description) {
    return Timer.builder(name).tags(tags).description(description).register(registry);
  }

  /** The meters of one spec, registered once. */
  private record SpecMeters(
      Counter acquired,
      Counter contended,
      Counter timedOut,
      Counter error,
      Timer waitAcquired,
      Timer waitTimedOut,
      Timer held,
      Counter leasesLost,
      Counter renewals,
      Counter flightsShared,
      Counter rateLimited) {}

  @Override
  public String toString() {
    return "MicrometerLockListener[" + registry.getClass().getSimpleName() + "]";
  }
}
