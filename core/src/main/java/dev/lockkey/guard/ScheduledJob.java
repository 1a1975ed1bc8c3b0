package dev.lockkey.guard;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs the method on one instance at a time and skips it where another instance holds its key: for
 * {@code @Scheduled} methods that every instance of a service schedules, as ShedLock's
 * {@code @SchedulerLock} does, with a key that is a spec like every other:
 *
 * <pre>{@code
 * @OneResource
 * @LockKeySpec(domain = "report", action = "nightly")
 * interface NightlyReport {}
 *
 * @Scheduled(cron = "0 0 2 * * *")
 * @ScheduledJob(value = NightlyReport.class, holdAtLeast = "5m", holdAtMost = "1h")
 * public void nightlyReport() { ... }
 * }</pre>
 *
 * <p>A call takes the lock without waiting. Held elsewhere, the method does not run and the call
 * returns normally, with no exception and no log above {@code DEBUG} (a skipped run is what this is
 * for). Got, the method runs under a lease of {@link #holdAtMost()}, never renewed, so a job that
 * hangs or a crashed instance blocks the others at most that long. When it returns (or throws) the
 * lease is not simply released: it is set to end {@link #holdAtLeast()} after it was taken, so that
 * an instance whose clock or schedule runs a little behind does not run the same occurrence again.
 * Both are measured by the lease, on the store's expiry and this process's monotonic clock, never by
 * comparing the instances' wall clocks; the guide "Leadership and scheduled jobs" says why.
 *
 * <p>Each identity field of the spec comes from a parameter as for {@link Locked @Locked}; a
 * scheduled method has none, so its spec is usually a {@code @OneResource} spec without fields. A
 * {@code Lease} parameter receives the lease, e.g. for its fencing token. The method must return
 * {@code void}: a skipped run has no result. Durations are written as for {@code @Locked} and read
 * by the processor, so a typo, or {@code holdAtLeast} longer than {@code holdAtMost}, is a compile
 * error.
 *
 * <p>Why an annotation of its own rather than {@code @Locked(ifHeld = SKIP)}: the two promise
 * different things. A {@code @Locked} call waits, throws {@code LockTimeoutException} when it could
 * not get the lock and releases it on return; a job never waits, is skipped silently, keeps its lock
 * past its return and is never renewed. Folding both into one annotation would make most attribute
 * combinations (a wait time with skipping, {@code holdAtLeast} on a waiting lock, renewal with
 * {@code holdAtMost}) rules to police instead of attributes that always mean something.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ScheduledJob {

  /** {@return the {@code @LockKeySpec} interface whose key the job holds} */
  Class<?> value();

  /**
   * {@return how long, from when the lock was taken, no other instance may run the job, even when
   * it finished sooner; empty for zero (released on return)}
   */
  String holdAtLeast() default "";

  /**
   * {@return the lease of a run: how long the job is held at most, also when its instance crashed or
   * the job hangs; empty for the executor's default lease time}
   */
  String holdAtMost() default "";
}
