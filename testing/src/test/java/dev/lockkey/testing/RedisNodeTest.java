package dev.lockkey.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisConnectionException;

/** Faults on a server process: pause, DEBUG SLEEP, kill and restart, configuration. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class RedisNodeTest {
  private static final int SHORT_TIMEOUT_MILLIS = 300;
  private static final int PATIENT_TIMEOUT_MILLIS = 10_000;

  @Test
  void aPausedServerAnswersNothingUntilResumed() {
    try (RedisFixture redis = RedisFixture.startLocal()) {
      RedisNode node = redis.node();
      node.pause();
      assertThat(node.isPaused()).isTrue();
      assertThatThrownBy(() -> connect(node, SHORT_TIMEOUT_MILLIS).ping())
          .isInstanceOf(JedisConnectionException.class).hasRootCauseInstanceOf(SocketTimeoutException.class);
      node.resume();
      assertThat(node.isPaused()).isFalse();
      try (Jedis jedis = connect(node, PATIENT_TIMEOUT_MILLIS)) {
        assertThat(jedis.ping()).isEqualTo("PONG");
      }
    }
  }

  @Test
  void aPausedServerIsResumedAndStoppedByClose() throws Exception {
    long pid;
    try (RedisFixture redis = RedisFixture.startLocal()) {
      redis.node().pause();
      pid = redis.node().pid();
    }
    ProcessHandle process = ProcessHandle.of(pid).orElse(null);
    if (process != null) {
      process.onExit().get(Await.PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  @Test
  void debugSleepReturnsAtOnceAndHoldsOtherClientsUntilItEnds() throws Exception {
    try (RedisFixture redis = RedisFixture.startLocal()) {
      RedisNode node = redis.node();
      CompletableFuture<Void> sleep = node.debugSleep(Duration.ofSeconds(2));
      boolean timedOut = false;
      while (!timedOut && !sleep.isDone()) { // the sleep starts a moment after the command left
        try (Jedis jedis = connect(node, SHORT_TIMEOUT_MILLIS)) {
          jedis.ping();
        } catch (JedisConnectionException e) {
          timedOut = e.getCause() instanceof SocketTimeoutException;
        }
      }
      assertThat(timedOut).as("a PING timed out during the sleep").isTrue();
      sleep.get(Await.PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
      try (Jedis jedis = connect(node, SHORT_TIMEOUT_MILLIS)) {
        assertThat(jedis.ping()).isEqualTo("PONG");
      }
    }
  }

  @Test
  void aKilledServerRestartsEmptyOnTheSamePort() {
    try (RedisFixture redis = RedisFixture.startLocal()) {
      RedisNode node = redis.node();
      try (Jedis jedis = connect(node, PATIENT_TIMEOUT_MILLIS)) {
        jedis.set("node:kept", "no");
      }
      long pid = node.pid();
      node.kill();
      assertThat(node.isRunning()).isFalse();
      assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).isNotEqualTo(java.util.Optional.of(true));
      assertThatThrownBy(() -> connect(node, PATIENT_TIMEOUT_MILLIS).ping()).isInstanceOf(JedisConnectionException.class);

      node.restart();
      assertThat(node.pid()).isNotEqualTo(pid);
      try (Jedis jedis = connect(node, PATIENT_TIMEOUT_MILLIS)) {
        assertThat(jedis.get("node:kept")).isNull();
      }
    }
  }

  @Test
  void limitMemorySetsTheLimitAndThePolicy() {
    try (RedisFixture redis = RedisFixture.startLocal()) {
      RedisNode node = redis.node();
      node.limitMemory("4mb", "volatile-ttl");
      try (Jedis jedis = connect(node, PATIENT_TIMEOUT_MILLIS)) {
        assertThat(jedis.configGet("maxmemory")).containsEntry("maxmemory", Long.toString(4 * 1024 * 1024));
        assertThat(jedis.configGet("maxmemory-policy")).containsEntry("maxmemory-policy", "volatile-ttl");
      }
    }
  }

  static Jedis connect(RedisNode node, int socketTimeoutMillis) {
    return new Jedis(node.address(), DefaultJedisClientConfig.builder()
        .connectionTimeoutMillis(PATIENT_TIMEOUT_MILLIS)
        .socketTimeoutMillis(socketTimeoutMillis)
        .build());
  }
}
