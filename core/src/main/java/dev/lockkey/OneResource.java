package dev.lockkey;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The spec names one resource, not a kind of resources: it has no identity fields, and its key,
 * {@code XxxKey.of()}, is the same everywhere, e.g. a scheduled job that one instance runs at a time
 * or the leadership of a whole service. Without this annotation a spec without fields is a compile
 * error ({@code [LockKeyNoFields]}): a request lock keyed by a constant serialises every request
 * of its kind, the mistake LockKey exists to catch. With it, a spec that declares fields is an error
 * too ({@code [LockKeyOneResource]}), so the annotation always means what it says.
 *
 * <pre>{@code
 * @OneResource
 * @LockKeySpec(domain = "report", action = "nightly")
 * interface NightlyReport {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface OneResource {}
