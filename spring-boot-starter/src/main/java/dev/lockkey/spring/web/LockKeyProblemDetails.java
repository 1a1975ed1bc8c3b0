package dev.lockkey.spring.web;

import dev.lockkey.guard.RateLimitedException;
import dev.lockkey.idempotency.IdempotencyInProgressException;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockTimeoutException;
import java.time.Duration;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;

/**
 * What a web client gets when a guard said no, as RFC 9457 problem details
 * ({@code application/problem+json}), in Spring MVC and WebFlux alike:
 * <ul>
 *   <li>{@link LockTimeoutException} (a lock or a single flight's leader did not come within the
 *       wait time): 409 Conflict;
 *   <li>{@link IdempotencyInProgressException} (the same idempotent call runs elsewhere): 409 Conflict;
 *   <li>{@link RateLimitedException}: 429 Too Many Requests with {@code Retry-After} in whole
 *       seconds, rounded up.
 * </ul>
 * The method did not run in any of these cases, so the client may retry. The detail is the
 * exception's message, which names the key as LockKey writes it: a {@code @Secret} field only as
 * its digest, never an owner token.
 *
 * <p>Ordered last: the controller's own {@code @ExceptionHandler} methods and the application's
 * {@code @ControllerAdvice} beans (unordered ones too, being registered first) that handle one of
 * these exceptions, or a supertype such as {@code Exception}, take precedence.
 */
@ControllerAdvice
public final class LockKeyProblemDetails implements Ordered {

  /** Made by {@link LockKeyWebAutoConfiguration}, the one place that registers it. */
  LockKeyProblemDetails() {}

  /**
   * 409 for a lock or flight that did not come in time.
   *
   * @param e the timeout
   * @return the problem details, status 409
   */
  @ExceptionHandler(LockTimeoutException.class)
  public ResponseEntity<ProblemDetail> lockTimeout(LockTimeoutException e) {
    return ResponseEntity.status(HttpStatus.CONFLICT).body(problem(HttpStatus.CONFLICT, e));
  }

  /**
   * 409 for an idempotent call that runs elsewhere: a retry later gets its result.
   *
   * @param e the refusal
   * @return the problem details, status 409
   */
  @ExceptionHandler(IdempotencyInProgressException.class)
  public ResponseEntity<ProblemDetail> idempotencyInProgress(IdempotencyInProgressException e) {
    return ResponseEntity.status(HttpStatus.CONFLICT).body(problem(HttpStatus.CONFLICT, e));
  }

  /**
   * 429 with {@code Retry-After} for a denied rate-limited call.
   *
   * @param e the denial, with how long until the same call could be admitted
   * @return the problem details, status 429
   */
  @ExceptionHandler(RateLimitedException.class)
  public ResponseEntity<ProblemDetail> rateLimited(RateLimitedException e) {
    return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS)
        .header(HttpHeaders.RETRY_AFTER, Long.toString(retryAfterSeconds(e.retryAfter())))
        .body(problem(HttpStatus.TOO_MANY_REQUESTS, e));
  }

  /** {@return {@link Ordered#LOWEST_PRECEDENCE}: every handler of the application's comes first} */
  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }

  /**
   * {@code Retry-After} in whole seconds, rounded up so that a retry at that time is not denied
   * again for the lack of a fraction; at least 1, as a denied call is never admitted at once.
   */
  static long retryAfterSeconds(Duration retryAfter) {
    long seconds = retryAfter.getSeconds() + (retryAfter.getNano() > 0 ? 1 : 0);
    return Math.max(1, seconds);
  }

  private static ProblemDetail problem(HttpStatus status, LockException e) {
    return ProblemDetail.forStatusAndDetail(status, e.getMessage());
  }
}
