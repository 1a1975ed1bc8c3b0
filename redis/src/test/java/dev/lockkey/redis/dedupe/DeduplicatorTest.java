package dev.lockkey.redis.dedupe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Concurrently;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.RedisAwait;
import dev.lockkey.redis.Servers;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.UnifiedJedis;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DeduplicatorTest {
  private static final Keyspace KEYSPACE = Servers.KEYSPACE;
  private static final Duration DAY = Duration.ofDays(1);

  private final Servers servers = newServers();
  private final UnifiedJedis serverA = servers.client(0);
  private final UnifiedJedis serverB = servers.client(1);

  /** The servers of these tests: on Jedis here, on another client's port in a subclass. */
  Servers newServers() {
    return Servers.onSingleNode(2);
  }

  @AfterEach
  void stopServers() {
    servers.close();
  }

  @Test
  void exactlyOneOfManyConcurrentCallersOnTwoServersIsFirst() throws Exception {
    List<Deduplicator> dedupes = servers.each((client, executor) -> Deduplicator.create(client, KEYSPACE));
    for (int round = 0; round < 20; round++) {
      SampleKey key = SampleKey.unique();
      List<Boolean> first = Concurrently.run(16, i -> () -> dedupes.get(i % 2).firstSeen(key, DAY));
      assertThat(first).as("round %d", round).containsOnlyOnce(true);
    }
  }

  @Test
  void marksLiveUnderTheDedupePurposeWithTheirTimeToLive() {
    SampleKey key = SampleKey.unique();
    DedupeMark mark = Deduplicator.create(servers.connection(0), KEYSPACE).mark(key, Duration.ofMinutes(5));

    assertThat(mark.fullKey()).isEqualTo("dedupe:test:{" + key.canonical() + "}");
    assertThat(serverA.pttl(mark.fullKey())).isBetween(1L, Duration.ofMinutes(5).toMillis());
    assertThat(mark.toString()).isEqualTo("DedupeMark[" + mark.fullKey() + ", first]").doesNotContain(serverA.get(mark.fullKey()));
  }

  @Test
  void anExpiredMarkLetsTheKeyBeSeenForTheFirstTimeAgain() {
    Deduplicator dedupe = Deduplicator.create(servers.connection(0), KEYSPACE);
    SampleKey key = SampleKey.unique();
    assertThat(dedupe.firstSeen(key, Duration.ofMillis(50))).isTrue();
    assertThat(dedupe.firstSeen(key, Duration.ofMillis(50))).isFalse();

    String fullKey = KEYSPACE.fullKey(Deduplicator.PURPOSE, key);
    RedisAwait.until("the mark expired", Duration.ofSeconds(5), () -> !serverA.exists(fullKey));
    assertThat(dedupe.firstSeen(key, DAY)).isTrue();
  }

  @Test
  void theFirstCallerMayForgetItsMarkSoThatTheNextCallIsFirst() {
    Deduplicator dedupe = Deduplicator.create(servers.connection(0), KEYSPACE);
    SampleKey key = SampleKey.unique();
    DedupeMark first = dedupe.mark(key, DAY);
    DedupeMark duplicate = dedupe.mark(key, DAY);

    assertThat(duplicate.first()).isFalse();
    assertThat(duplicate.forget()).as("a duplicate has no mark to forget").isFalse();
    assertThat(dedupe.mark(key, DAY).first()).as("the duplicate's forget left the mark").isFalse();

    assertThat(first.forget()).isTrue();
    assertThat(dedupe.mark(key, DAY).first()).isTrue();
  }

  @Test
  void forgettingAfterExpiryLeavesTheNextCallersMark() {
    Deduplicator dedupe = Deduplicator.create(servers.connection(0), KEYSPACE);
    SampleKey key = SampleKey.unique();
    DedupeMark stale = dedupe.mark(key, DAY);
    serverA.del(stale.fullKey()); // as if it expired
    DedupeMark fresh = Deduplicator.create(servers.connection(1), KEYSPACE).mark(key, DAY);

    assertThat(fresh.first()).isTrue();
    assertThat(stale.forget()).isFalse();
    assertThat(dedupe.firstSeen(key, DAY)).as("the fresh mark stays").isFalse();
  }

  @Test
  void rejectsATimeToLiveUnderOneMillisecond() {
    Deduplicator dedupe = Deduplicator.create(servers.connection(0), KEYSPACE);
    assertThatThrownBy(() -> dedupe.firstSeen(SampleKey.unique(), Duration.ofNanos(999_999)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ttl must be at least 1 ms");
    assertThatThrownBy(() -> dedupe.mark(SampleKey.unique(), Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
  }
}
