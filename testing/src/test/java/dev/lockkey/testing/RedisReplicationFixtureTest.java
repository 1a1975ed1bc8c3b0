package dev.lockkey.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.exceptions.JedisDataException;

/** A primary with a replica: replication, WAIT, a failover by hand and the old primary's return. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class RedisReplicationFixtureTest {
  @Test
  void theReplicaFollowsThePrimaryAndTakesOverWhenPromoted() throws Exception {
    List<Long> pids;
    try (RedisReplicationFixture pair = RedisReplicationFixture.start()) {
      RedisNode first = pair.primary();
      RedisNode second = pair.replica();
      pids = List.of(first.pid(), second.pid());
      try (RedisClient primary = first.newClient(); RedisClient replica = second.newClient()) {
        primary.set("pair:before", "1");
        assertThat(primary.waitReplicas("pair:before", 1, Await.PATIENCE.toMillis())).as("replicas that acknowledged").isEqualTo(1);
        assertThat(replica.get("pair:before")).isEqualTo("1");
        assertThatThrownBy(() -> replica.set("pair:refused", "1")).isInstanceOf(JedisDataException.class)
            .hasMessageContaining("READONLY");

        first.kill();
        assertThat(pair.promoteReplica()).isSameAs(second);
        assertThat(pair.primary()).isSameAs(second);
        assertThat(pair.replica()).isSameAs(first);
        replica.set("pair:after", "2");
        assertThat(replica.get("pair:before")).isEqualTo("1");
      }

      pair.rejoinAsReplica();
      assertThat(first.info("replication")).contains("role:slave", "master_link_status:up");
      try (RedisClient rejoined = first.newClient()) {
        Await.until("the old primary has the new primary's write", () -> "2".equals(rejoined.get("pair:after")));
      }
    }
    for (long pid : pids) {
      ProcessHandle process = ProcessHandle.of(pid).orElse(null);
      if (process != null) {
        process.onExit().get(Await.PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
      }
    }
  }

  @Test
  void aPausedPrimaryIsResumedAndStoppedByClose() throws Exception {
    long pid;
    try (RedisReplicationFixture pair = RedisReplicationFixture.start()) {
      pair.primary().pause();
      pair.promoteReplica();
      pid = pair.replica().pid();
      assertThat(pair.replica().isPaused()).isTrue();
    }
    ProcessHandle process = ProcessHandle.of(pid).orElse(null);
    if (process != null) {
      process.onExit().get(Await.PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
    }
  }
}
