package dev.lockkey.examples;

import dev.lockkey.examples.specs.LoginAttemptsKey;
import dev.lockkey.ratelimit.RateDecision;
import dev.lockkey.ratelimit.RateLimit;
import dev.lockkey.ratelimit.RateLimiter;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.ratelimit.RedisRateLimiter;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Section 7: a rate limit. Login attempts of one user, however the name is spelled, are limited
 * per minute; the next minute's window is a key of its own.
 */
final class LoginLimit {
  static final int LIMIT = 5;
  static final int ATTEMPTS = 7;

  private LoginLimit() {}

  /**
   * What the section showed.
   *
   * @param decisions the decision on each attempt within one minute, in order
   * @param nextMinuteAllowed whether an attempt in the next minute was allowed
   */
  record Result(List<RateDecision> decisions, boolean nextMinuteAllowed) implements SectionResult {
    /** How many attempts within the minute were allowed. */
    long allowed() {
      return decisions.stream().filter(RateDecision::allowed).count();
    }

    @Override
    public String section() {
      return "rate limit";
    }

    @Override
    public String claim() {
      return LIMIT + " logins per user per minute";
    }

    @Override
    public String shown() {
      return allowed() + " of " + decisions.size() + " allowed; next minute: "
          + (nextMinuteAllowed ? "allowed" : "DENIED");
    }

    @Override
    public boolean holds() {
      return allowed() == LIMIT && decisions.subList(0, LIMIT).stream().allMatch(RateDecision::allowed)
          && nextMinuteAllowed;
    }
  }

  /** Makes the attempts on one server and tells each decision. */
  static Result run(DemoRedis redis, Narration say) {
    say.heading("7. Rate limit: " + ATTEMPTS + " logins of alice within one minute, at most " + LIMIT + " allowed");
    try (Worker server = Worker.start("server-1", redis)) {
      RateLimiter limiter = RedisRateLimiter.create(JedisConnection.of(server.client()), redis.keyspace());
      RateLimit perMinute = RateLimit.perKeyWindow(LIMIT); // the window is the key's @Window field
      Instant now = Instant.now();
      List<RateDecision> decisions = new ArrayList<>();
      for (int i = 1; i <= ATTEMPTS; i++) {
        String spelling = i % 2 == 0 ? "Alice" : "alice"; // one user: @CaseInsensitive
        RateDecision decision = limiter.tryAcquire(LoginAttemptsKey.of(spelling, now), perMinute);
        decisions.add(decision);
        say.line("attempt %d as %-5s  %s", i, spelling, decision.allowed()
            ? "allowed, " + decision.remaining() + " left"
            : "denied, retry after " + decision.retryAfter().toSeconds() + " s");
      }
      Instant nextMinute = now.truncatedTo(ChronoUnit.MINUTES).plus(1, ChronoUnit.MINUTES);
      boolean nextMinuteAllowed = limiter.tryAcquire(LoginAttemptsKey.of("alice", nextMinute), perMinute).allowed();
      say.line("the next minute is another key (%s): allowed: %s",
          LoginAttemptsKey.of("alice", nextMinute).canonical(), nextMinuteAllowed);
      return new Result(List.copyOf(decisions), nextMinuteAllowed);
    }
  }
}
